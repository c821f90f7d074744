/*
 * cmd_rules.c — `uno rules`: the rule sets and their options.
 *   uno rules            every option: meaning, value under each rule set, source
 *   uno rules NAME|FILE  one rule set's values, written as a rules file
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_options.h"
#include "cli/cli_util.h"
#include "cli/commands.h"
#include "uno.h"

#define WRAP 78 /* columns of the wrapped text */

/* The built-in rule sets, and what a rules file holds. */
static void rules_after(FILE *out)
{
    fprintf(out, "Built-in rule sets:");
    for (const char *const *n = uno_rules_builtin_names(); *n; n++)
        fprintf(out, " %s", *n);
    fprintf(out, "\n\nA rules file has one 'option = value' per line, '#' comments, and\n"
                 "optionally 'base = NAME' first to start from a rule set:\n"
                 "  base = mattel\n"
                 "  uno_penalty = 4\n"
                 "See docs/rules.md.\n");
}

static const CliCommand rules_command = {
    .name = "uno rules",
    .synopsis = "usage: uno rules [NAME|FILE]\n",
    .about = "  uno rules            list the rule sets and every option: its meaning,\n"
             "                       its value under each rule set, and its source\n"
             "  uno rules NAME|FILE  show one rule set's values, written as a rules file\n"
             "                       (NAME: a built-in rule set; FILE: a rules file)\n",
    .operands = 1,
    .operands_note = "one rule set or file at a time",
    .after = rules_after,
};

/* Prints "indent + label + text", wrapped at WRAP columns under the text. */
static void print_wrapped(const char *label, const char *text)
{
    int indent = 4 + (int)strlen(label);
    int col = printf("    %s", label);
    while (*text) {
        size_t word = strcspn(text, " ");
        if (col > indent && col + 1 + (int)word > WRAP)
            col = printf("\n%*s", indent, "") - 1;
        else if (col > indent)
            col += printf(" ");
        col += printf("%.*s", (int)word, text);
        text += word;
        text += strspn(text, " ");
    }
    printf("\n");
}

static int list_all(void)
{
    const char *const *names = uno_rules_builtin_names();
    size_t nsets = 0, nopts;
    while (names[nsets])
        nsets++;
    const UnoOptionInfo *opts = uno_rules_options(&nopts);
    UnoRules *sets = calloc(nsets ? nsets : 1, sizeof *sets);
    int *width = calloc(nsets ? nsets : 1, sizeof *width);
    if (!sets || !width) {
        fprintf(stderr, "uno rules: out of memory\n");
        free(sets);
        free(width);
        return 1;
    }
    char err[UNO_ERR_LEN], value[64];
    int name_width = (int)strlen("option");
    for (size_t i = 0; i < nopts; i++)
        if ((int)strlen(opts[i].name) > name_width)
            name_width = (int)strlen(opts[i].name);
    for (size_t s = 0; s < nsets; s++) {
        if (uno_rules_preset(names[s], &sets[s], err, sizeof err) != UNO_OK) {
            fprintf(stderr, "uno rules: %s\n", err);
            free(sets);
            free(width);
            return 1;
        }
        width[s] = (int)strlen(names[s]);
        for (size_t i = 0; i < nopts; i++)
            if (uno_rules_get(&sets[s], opts[i].name, value, sizeof value) == UNO_OK &&
                (int)strlen(value) > width[s])
                width[s] = (int)strlen(value);
    }

    printf("Rule sets:");
    for (size_t s = 0; s < nsets; s++)
        printf("%s %s", s ? "," : "", names[s]);
    printf(". 'uno rules NAME' shows one as a rules file;\ndocs/rules.md explains them.\n\n");
    printf("%-*s", name_width, "option");
    for (size_t s = 0; s < nsets; s++)
        printf("  %-*s", s + 1 < nsets ? width[s] : 0, names[s]);
    printf("\n");
    for (size_t i = 0; i < nopts; i++) {
        printf("\n%-*s", name_width, opts[i].name);
        for (size_t s = 0; s < nsets; s++) {
            if (uno_rules_get(&sets[s], opts[i].name, value, sizeof value) != UNO_OK)
                snprintf(value, sizeof value, "?");
            printf("  %-*s", s + 1 < nsets ? width[s] : 0, value);
        }
        printf("\n");
        print_wrapped("", opts[i].meaning);
        if (opts[i].type == UNO_OPT_ENUM) {
            char list[160] = "";
            for (const char *const *v = opts[i].values; *v; v++) {
                size_t used = strlen(list);
                snprintf(list + used, sizeof list - used, "%s%s", used ? ", " : "", *v);
            }
            print_wrapped("values: ", list);
        } else if (opts[i].type == UNO_OPT_CARDS) {
            print_wrapped("values: ", "none, or up to 4 cards: R0..R9, RS, RR, R+2 (and G, B, Y), W, W+4");
        }
        print_wrapped("source: ", opts[i].source);
    }
    free(sets);
    free(width);
    return 0;
}

static int show_one(const char *name_or_path)
{
    UnoRules r;
    char err[UNO_ERR_LEN + 96], value[64]; /* the file's path (80 bytes at most), then the engine's words */
    if (cli_load_rules(name_or_path, &r, err, sizeof err) != UNO_OK) {
        fprintf(stderr, "uno rules: %s\n", err);
        return 1;
    }
    size_t nopts;
    const UnoOptionInfo *opts = uno_rules_options(&nopts);
    printf("# rule set %s: every option (docs/rules.md); a rules file as it stands\n", r.name);
    printf("name = %s\n", r.name);
    for (size_t i = 0; i < nopts; i++) {
        if (uno_rules_get(&r, opts[i].name, value, sizeof value) != UNO_OK)
            snprintf(value, sizeof value, "?");
        printf("%s = %s\n", opts[i].name, value);
    }
    return 0;
}

int cmd_rules(int argc, char **argv)
{
    CliParsed parsed;
    int rc = cli_parse(&rules_command, argc, argv, NULL, &parsed);
    if (rc != CLI_PARSED)
        return cli_exit_status(rc);
    return parsed.noperands ? show_one(parsed.operands[0]) : list_all();
}
