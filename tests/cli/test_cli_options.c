/*
 * test_cli_options.c — the option tables of the `uno` commands
 * (src/cli/cli_options.h), on a table of every kind: each kind's value is
 * read into its field and an option not given leaves its field alone; an
 * unknown or abbreviated option, a missing value, a value a flag does not
 * take, a word that is not a number, a number out of range, a rate out of
 * 0..1, a value the command's function refuses and an operand too many are
 * each refused with CLI_BAD and one line that names the option and the
 * value; --help and -h show the help, which lists every option of the table
 * with its value, then the notes, and fits 80 columns.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli/cli_options.h"

typedef struct Args {
    bool flag, lettered;
    const char *text, *called;
    int count;
    uint64_t big;
    double rate;
} Args;

/* --call: any value but "no". */
static int set_called(void *args, const char *value, char *err, size_t errlen)
{
    if (strcmp(value, "no") == 0) {
        snprintf(err, errlen, "--call: 'no' is refused");
        return 1;
    }
    ((Args *)args)->called = value;
    return 0;
}

enum { OPT_FLAG, OPT_TEXT, OPT_COUNT, OPT_BIG, OPT_RATE, OPT_CALL, OPT_LETTERED, OPT_TOTAL };

static const CliOption options[] = {
    [OPT_FLAG] = CLI_FLAG("flag", Args, flag, "a flag"),
    [OPT_TEXT] = CLI_TEXT("text", "T", Args, text, "a text"),
    [OPT_COUNT] = CLI_INT("count", "N", Args, count, 2, 30, "a count"),
    [OPT_BIG] = CLI_U64("big", "B", Args, big, 0, UINT64_MAX, "a number as large as they come"),
    [OPT_RATE] = CLI_RATE("rate", "R", Args, rate, "a rate"),
    [OPT_CALL] = CLI_CALL("call", "V", set_called,
                          "a value judged by the command's own function, with a text long enough to be "
                          "wrapped over more than one line of the help, under the column of the texts"),
    [OPT_LETTERED] = {.name = "lettered", .kind = CLI_KIND_FLAG, .at = CLI_AT(Args, lettered, bool),
                      .help = "a flag with a letter", .letter = 'L'},
};

static void after(FILE *out)
{
    fputs("after the options\n", out);
}

static const CliCommand command = {
    .name = "uno test",
    .synopsis = "usage: uno test [OPTIONS] [OPERAND]\n",
    .about = "A command of every kind of option.\n",
    .options = options,
    .count = OPT_TOTAL,
    .operands = 1,
    .operands_note = "one operand at most",
    .notes = "Notes after the options.\n",
    .after = after,
};

static const Args defaults = {.text = "default", .count = 4, .big = 1, .rate = 0.25};

/* What a stream (fd 1 or 2) received while cli_parse read `line` (words
 * separated by spaces) into *a from the defaults; the outcome in *rc. */
static char *parse_line(const char *line, int fd, Args *a, CliParsed *parsed, int *rc)
{
    static char copy[512], out[8192];
    char *argv[32] = {"test"};
    int argc = 1;
    snprintf(copy, sizeof copy, "%s", line);
    for (char *save = NULL, *w = strtok_r(copy, " ", &save); w && argc < 31; w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    *a = defaults;
    fflush(fd == 1 ? stdout : stderr);
    FILE *capture = tmpfile();
    assert_non_null(capture);
    int saved = dup(fd);
    dup2(fileno(capture), fd);
    *rc = cli_parse(&command, argc, argv, a, parsed);
    fflush(fd == 1 ? stdout : stderr);
    dup2(saved, fd);
    close(saved);
    rewind(capture);
    size_t n = fread(out, 1, sizeof out - 1, capture);
    out[n] = '\0';
    fclose(capture);
    return out;
}

/* `line` is refused: CLI_BAD, and the first line of stderr is
 * "uno test: " + says. */
static void refused(const char *line, const char *says)
{
    Args a;
    CliParsed parsed;
    int rc;
    const char *err = parse_line(line, 2, &a, &parsed, &rc);
    char first[512];
    snprintf(first, sizeof first, "uno test: %s\n", says);
    if (rc != CLI_BAD || strncmp(err, first, strlen(first)) != 0)
        fail_msg("'%s': expected CLI_BAD and \"%s\"; got %d and \"%s\"", line, first, rc, err);
    assert_non_null(strstr(err, "(uno test --help for the options)"));
}

static void test_every_kind_is_read_into_its_field(void **state)
{
    (void)state;
    Args a;
    CliParsed parsed;
    int rc;
    const char *err = parse_line("--flag --text hello --count=7 operand --big 18446744073709551615 --rate 0.5 "
                                 "--call yes -L",
                                 2, &a, &parsed, &rc);
    assert_int_equal(rc, CLI_PARSED);
    assert_string_equal(err, "");
    assert_true(a.flag);
    assert_true(a.lettered);
    assert_string_equal(a.text, "hello");
    assert_int_equal(a.count, 7);
    assert_true(a.big == UINT64_MAX);
    assert_true(a.rate == 0.5);
    assert_string_equal(a.called, "yes");
    assert_int_equal(parsed.noperands, 1);
    assert_string_equal(parsed.operands[0], "operand");
    assert_true(parsed.given == CLI_BIT(OPT_TOTAL) - 1);
    assert_string_equal(cli_first_given(&command, parsed.given & ~CLI_BIT(OPT_FLAG)), "text");
}

static void test_what_is_not_given_stays(void **state)
{
    (void)state;
    Args a;
    CliParsed parsed;
    int rc;
    parse_line("--count 30 -- --flag", 2, &a, &parsed, &rc);
    assert_int_equal(rc, CLI_PARSED);
    assert_true(parsed.given == CLI_BIT(OPT_COUNT));
    assert_int_equal(a.count, 30);
    assert_false(a.flag); /* after "--", an operand */
    assert_string_equal(parsed.operands[0], "--flag");
    assert_string_equal(a.text, defaults.text);
    assert_true(a.big == defaults.big && a.rate == defaults.rate && !a.called && !a.lettered);
    assert_null(cli_first_given(&command, 0));
    parse_line("--count 2", 2, &a, &parsed, &rc);
    assert_int_equal(rc, CLI_PARSED);
    assert_int_equal(a.count, 2);
}

static void test_bad_usage_is_named(void **state)
{
    (void)state;
    refused("--frob", "'--frob' is not an option of uno test");
    refused("--frob=1", "'--frob=1' is not an option of uno test");
    refused("-x", "'-x' is not an option of uno test");
    refused("--cou 3", "'--cou' is not an option of uno test"); /* getopt_long's abbreviation */
    refused("--count", "'--count' needs a value: --count N");
    refused("--flag --text", "'--text' needs a value: --text T");
    refused("--flag=yes", "'--flag=yes': --flag takes no value");
    refused("--help=1", "'--help=1': --help takes no value");
    refused("--count x", "--count: 'x' is not a whole number in 2..30");
    refused("--count 7x", "--count: '7x' is not a whole number in 2..30");
    refused("--count -3", "--count: '-3' is not a whole number in 2..30");
    refused("--count 1", "--count: '1' is not a whole number in 2..30");
    refused("--count 31", "--count: '31' is not a whole number in 2..30");
    refused("--count=", "--count: '' is not a whole number in 2..30");
    refused("--big 18446744073709551616", "--big: '18446744073709551616' is not a whole number in "
                                          "0..18446744073709551615");
    refused("--rate 1.5", "--rate: '1.5' is not a number from 0 to 1");
    refused("--rate nan", "--rate: 'nan' is not a number from 0 to 1");
    refused("--call no", "--call: 'no' is refused");
    refused("one two", "unexpected argument 'two': one operand at most");
}

/* The label of each row, where the help lists it: "  --name VALUE" or
 * "  -L, --name" at the start of a line. */
static void listed(const char *help, const CliOption *o)
{
    char label[64];
    if (o->letter)
        snprintf(label, sizeof label, "\n  -%c, --%s%s%s ", o->letter, o->name, o->value ? " " : "",
                 o->value ? o->value : "");
    else
        snprintf(label, sizeof label, "\n  --%s%s%s ", o->name, o->value ? " " : "", o->value ? o->value : "");
    if (!strstr(help, label))
        fail_msg("the help does not list \"%s\":\n%s", label + 1, help);
}

static void test_help_lists_every_option(void **state)
{
    (void)state;
    Args a;
    CliParsed parsed;
    int rc;
    char *help = strdup(parse_line("--flag --help --count 99", 1, &a, &parsed, &rc));
    assert_int_equal(rc, CLI_HELP_SHOWN);
    assert_non_null(strstr(help, "usage: uno test [OPTIONS] [OPERAND]\n\nA command of every kind of option.\n\n"));
    for (size_t i = 0; i < OPT_TOTAL; i++)
        listed(help, &options[i]);
    assert_non_null(strstr(help, "\n  -h, --help "));
    assert_non_null(strstr(help, "\n\nNotes after the options.\n\nafter the options\n"));
    /* every line fits 80 columns; the long text goes on under its column */
    int cols = 0;
    for (const char *c = help; *c; c++) {
        cols = *c == '\n' ? 0 : cols + 1;
        assert_true(cols <= 80);
    }
    const char *text = strstr(help, "a value judged"), *line = text;
    while (line[-1] != '\n')
        line--;
    const char *next = strchr(text, '\n') + 1;
    assert_true(strspn(next, " ") == (size_t)(text - line));
    assert_string_equal(parse_line("-h", 1, &a, &parsed, &rc), help);
    assert_int_equal(rc, CLI_HELP_SHOWN);
    free(help);
}

/* uno's own options end at the command: what follows is the command's. */
static void test_the_first_operand_can_end_the_options(void **state)
{
    (void)state;
    CliCommand main_like = command;
    main_like.stop_at_operand = true;
    char *argv[] = {"uno", "-L", "sim", "--frob", NULL};
    Args a = defaults;
    CliParsed parsed;
    assert_int_equal(cli_parse(&main_like, 4, argv, &a, &parsed), CLI_PARSED);
    assert_true(a.lettered);
    assert_int_equal(parsed.noperands, 1);
    assert_string_equal(parsed.operands[0], "sim");
    assert_int_equal(parsed.next, 3);
    assert_string_equal(argv[parsed.next], "--frob"); /* argv as it was */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_kind_is_read_into_its_field),
        cmocka_unit_test(test_what_is_not_given_stays),
        cmocka_unit_test(test_bad_usage_is_named),
        cmocka_unit_test(test_help_lists_every_option),
        cmocka_unit_test(test_the_first_operand_can_end_the_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
