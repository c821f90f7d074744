/*
 * cli_options.c — a command's options read by getopt_long from its table,
 * and its help written from the same table (cli_options.h).
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_options.h"

enum {
    WRAP = 80,        /* columns of the help */
    LABEL_MAX = 20,   /* a longer "--name VALUE" has its text after it, not in the column */
    OPTION_VAL = 256, /* getopt_long's value for options[i]: OPTION_VAL + i, beyond any character */
};

/* ---------------------------------------------------------------- help */

/* "--name VALUE" of an option; "-L, --name VALUE" with a letter. */
static int label(const CliOption *o, char *buf, size_t len)
{
    char letter[8] = "";
    if (o->letter)
        snprintf(letter, sizeof letter, "-%c, ", o->letter);
    return snprintf(buf, len, "%s--%s%s%s", letter, o->name, o->value ? " " : "", o->value ? o->value : "");
}

/* Writes text from column col, its words wrapped at WRAP columns, each
 * further line at column indent; '\n' in text starts a line. */
static void wrap(FILE *out, int col, int indent, const char *text)
{
    bool first = true;
    while (*text) {
        if (*text == '\n') {
            col = fprintf(out, "\n%*s", indent, "") - 1;
            text++;
            first = true;
            continue;
        }
        size_t word = strcspn(text, " \n");
        if (!first && col + 1 + (int)word > WRAP)
            col = fprintf(out, "\n%*s", indent, "") - 1;
        else if (!first)
            col += fprintf(out, " ");
        col += fprintf(out, "%.*s", (int)word, text);
        first = false;
        text += word;
        text += strspn(text, " ");
    }
    fputc('\n', out);
}

static const CliOption help_option = {.name = "help", .kind = CLI_KIND_FLAG, .help = "show this help", .letter = 'h'};

/* The option, its value and its text in a column at `column`. */
static void help_row(FILE *out, const CliOption *o, int column)
{
    char name[64];
    int col = fprintf(out, "  ") + label(o, name, sizeof name);
    fputs(name, out);
    col += fprintf(out, "%*s", col + 2 <= column ? column - col : 2, "");
    wrap(out, col, column, o->help);
}

void cli_help(const CliCommand *c, FILE *out)
{
    char name[64];
    int width = label(&help_option, name, sizeof name);
    for (size_t i = 0; i < c->count; i++) {
        int len = label(&c->options[i], name, sizeof name);
        if (len > width && len <= LABEL_MAX)
            width = len;
    }
    fputs(c->synopsis, out);
    if (c->about)
        fprintf(out, "\n%s", c->about);
    fputc('\n', out);
    for (size_t i = 0; i < c->count; i++)
        help_row(out, &c->options[i], 2 + width + 2);
    help_row(out, &help_option, 2 + width + 2);
    if (c->notes)
        fprintf(out, "\n%s", c->notes);
    if (c->after) {
        fputc('\n', out);
        c->after(out);
    }
}

/* ------------------------------------------------------------- parsing */

int cli_bad_usage(const CliCommand *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", c->name);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n(%s --help for the options)\n", c->name);
    va_end(ap);
    return CLI_BAD;
}

/* The element of argv that held the option getopt_long has just returned:
 * the one before its value when the value came as the next element. */
static const char *option_word(char **argv)
{
    return optarg && optind >= 2 && optarg == argv[optind - 1] ? argv[optind - 2] : argv[optind - 1];
}

/* The row getopt_long's value val stands for: a row of the table, the
 * help's, or NULL. */
static const CliOption *row(const CliCommand *c, int val)
{
    if (val >= OPTION_VAL && (size_t)(val - OPTION_VAL) < c->count)
        return &c->options[val - OPTION_VAL];
    for (size_t i = 0; val > 0 && i < c->count; i++)
        if (c->options[i].letter == val)
            return &c->options[i];
    return val == help_option.letter ? &help_option : NULL;
}

/* Whether word is -L, --name or --name=...: not an abbreviation. */
static bool in_full(const char *word, const CliOption *o)
{
    size_t len = strlen(o->name);
    if (word[0] == '-' && word[1] != '-')
        return word[1] == o->letter;
    return strncmp(word, "--", 2) == 0 && strncmp(word + 2, o->name, len) == 0 &&
           (word[2 + len] == '\0' || word[2 + len] == '=');
}

int cli_number(const char *what, const char *text, uint64_t min, uint64_t max, uint64_t *out, char *err,
               size_t errlen)
{
    char *end = NULL;
    errno = 0;
    unsigned long long v = text && *text >= '0' && *text <= '9' ? strtoull(text, &end, 10) : 0;
    if (!end || *end || errno || v < min || v > max) {
        snprintf(err, errlen, "%s: '%s' is not a whole number in %llu..%llu", what,
                 text ? text : "", (unsigned long long)min, (unsigned long long)max);
        return 1;
    }
    *out = v;
    return 0;
}

/* Judges the value of o and stores it in args. CLI_PARSED or CLI_BAD. */
static int store(const CliCommand *c, const CliOption *o, const char *value, void *args)
{
    char err[512], what[64];
    void *field = (char *)args + o->at;
    uint64_t n;
    snprintf(what, sizeof what, "--%s", o->name);
    switch (o->kind) {
    case CLI_KIND_FLAG:
        *(bool *)field = true;
        return CLI_PARSED;
    case CLI_KIND_TEXT:
        *(const char **)field = value;
        return CLI_PARSED;
    case CLI_KIND_INT:
    case CLI_KIND_U64:
        if (cli_number(what, value, o->min, o->max, &n, err, sizeof err) != 0)
            return cli_bad_usage(c, "%s", err);
        if (o->kind == CLI_KIND_INT)
            *(int *)field = (int)n;
        else
            *(uint64_t *)field = n;
        return CLI_PARSED;
    case CLI_KIND_RATE: {
        char *end;
        double rate = strtod(value, &end);
        if (!*value || *end || !(rate >= 0 && rate <= 1))
            return cli_bad_usage(c, "%s: '%s' is not a number from 0 to 1", what, value);
        *(double *)field = rate;
        return CLI_PARSED;
    }
    case CLI_KIND_CALL:
        if (o->set(args, value, err, sizeof err) != 0)
            return cli_bad_usage(c, "%s", err);
        return CLI_PARSED;
    }
    return cli_bad_usage(c, "%s: an option of no known kind", what);
}

static int operand(const CliCommand *c, const char *arg, CliParsed *out)
{
    if (out->noperands >= c->operands)
        return c->operands_note ? cli_bad_usage(c, "unexpected argument '%s': %s", arg, c->operands_note)
                                : cli_bad_usage(c, "unexpected argument '%s'", arg);
    out->operands[out->noperands++] = arg;
    return CLI_PARSED;
}

/* One option getopt_long returned (opt), or its complaint ('?', ':'). */
static int option(const CliCommand *c, int opt, char **argv, void *args, CliParsed *out)
{
    const char *word = option_word(argv);
    const CliOption *o = row(c, opt == '?' || opt == ':' ? optopt : opt);
    if (opt == ':' && o)
        return cli_bad_usage(c, "'%s' needs a value: --%s %s", word, o->name, o->value);
    if (opt == '?' && o)
        return cli_bad_usage(c, "'%s': --%s takes no value", word, o->name);
    if (opt == '?' && optopt > 0 && optopt < OPTION_VAL)
        return cli_bad_usage(c, "'-%c' is not an option of %s", optopt, c->name);
    if (!o || opt == '?' || !in_full(word, o))
        return cli_bad_usage(c, "'%s' is not an option of %s", word, c->name);
    if (o == &help_option) {
        cli_help(c, stdout);
        return CLI_HELP_SHOWN;
    }
    out->given |= CLI_BIT(o - c->options);
    return store(c, o, optarg, args);
}

int cli_parse(const CliCommand *c, int argc, char **argv, void *args, CliParsed *out)
{
    /* "-": operands in order, wherever they are; "+": the first ends the
     * options; ":": a missing value is told apart from an unknown option;
     * then the letters */
    char letters[4 + 2 * CLI_MAX_OPTIONS] = {c->stop_at_operand ? '+' : '-', ':', help_option.letter};
    size_t n = c->count < CLI_MAX_OPTIONS ? c->count : CLI_MAX_OPTIONS, used = 3;
    struct option longs[CLI_MAX_OPTIONS + 2];
    for (size_t i = 0; i < n; i++) {
        const CliOption *o = &c->options[i];
        bool flag = o->kind == CLI_KIND_FLAG;
        longs[i] = (struct option){o->name, flag ? no_argument : required_argument, NULL,
                                   o->letter ? o->letter : OPTION_VAL + (int)i};
        if (o->letter) {
            letters[used++] = o->letter;
            if (!flag)
                letters[used++] = ':';
        }
    }
    longs[n] = (struct option){help_option.name, no_argument, NULL, help_option.letter};
    longs[n + 1] = (struct option){0};
    CliParsed unused;
    if (!out)
        out = &unused;
    *out = (CliParsed){0};
    opterr = 0;
    optind = 0; /* glibc: start afresh */
    int opt, rc = CLI_PARSED;
    while (rc == CLI_PARSED && (opt = getopt_long(argc, argv, letters, longs, NULL)) != -1)
        rc = opt == 1 ? operand(c, optarg, out) : option(c, opt, argv, args, out);
    if (rc == CLI_PARSED && c->stop_at_operand && optind < argc) {
        out->next = optind + 1;
        return operand(c, argv[optind], out);
    }
    for (int i = optind; rc == CLI_PARSED && i < argc; i++) /* after "--" */
        rc = operand(c, argv[i], out);
    return rc;
}

int cli_exit_status(int outcome)
{
    return outcome == CLI_HELP_SHOWN ? 0 : CLI_BAD;
}

const char *cli_first_given(const CliCommand *c, uint64_t given)
{
    for (size_t i = 0; i < c->count; i++)
        if (given & CLI_BIT(i))
            return c->options[i].name;
    return NULL;
}
