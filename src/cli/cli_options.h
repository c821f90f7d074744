/*
 * cli_options.h — a command's options as one table. The table is the one
 * source of the command's options: it gives getopt_long (glibc) its array
 * of long options, it says how each value is read and checked (a whole
 * number in a range, a rate from 0 to 1, a text, a flag, or a function of
 * the command's) and where it goes in the command's arguments, and it
 * writes the options' part of --help.
 *
 * A command's arguments are a struct it owns; each row names a field of it
 * (CLI_FLAG(...) and friends check the field's type at compile time). What
 * an option is not given leaves its field as the command set it: the
 * defaults are the command's.
 *
 * What stays true:
 *  - every option is a long one, --name VALUE or --name=VALUE, written in
 *    full (getopt_long's abbreviations are refused); a row may give it a
 *    letter too (-L); -h is --help;
 *  - options and the command's arguments may come in any order; `--` ends
 *    the options;
 *  - bad usage is said on stderr in one line, "uno CMD: " then what was
 *    wrong, naming the option and the value; a hint to --help follows;
 *  - the help is wrapped to 80 columns.
 */
#ifndef UNO_CLI_OPTIONS_H
#define UNO_CLI_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum CliKind {
    CLI_KIND_FLAG,   /* no value: the bool becomes true */
    CLI_KIND_TEXT,   /* const char *: the value as given */
    CLI_KIND_INT,    /* int: a whole number in min..max */
    CLI_KIND_U64,    /* uint64_t: a whole number in min..max */
    CLI_KIND_RATE,   /* double: a number from 0 to 1 */
    CLI_KIND_CALL,   /* handed to set(), which judges and stores it */
} CliKind;

/* A value of CLI_KIND_CALL: 0, or nonzero with the whole message (naming
 * the option) in err. */
typedef int (*CliSetFn)(void *args, const char *value, char *err, size_t errlen);

typedef struct CliOption {
    const char *name;   /* "players": the option --players */
    CliKind kind;
    size_t at;          /* the field's offset in the command's arguments */
    uint64_t min, max;  /* CLI_KIND_INT, CLI_KIND_U64 */
    CliSetFn set;       /* CLI_KIND_CALL */
    const char *value;  /* the value's name in --help ("N"); NULL: a flag */
    const char *help;   /* what it does, wrapped by the help; '\n' breaks a line */
    char letter;        /* its short form, -L, if it has one (few do) */
} CliOption;

/* The offset of field f of struct S, which must be of type T. */
#define CLI_AT(S, f, T) _Generic(((S *)0)->f, T: offsetof(S, f))

/* The rows, by kind: the option's name, its value's name in --help, the
 * struct S and field f it goes to, the range, the help. */
#define CLI_FLAG(opt, S, f, text) {.name = opt, .kind = CLI_KIND_FLAG, .at = CLI_AT(S, f, bool), .help = text}
#define CLI_TEXT(opt, val, S, f, text) \
    {.name = opt, .kind = CLI_KIND_TEXT, .at = CLI_AT(S, f, const char *), .value = val, .help = text}
#define CLI_INT(opt, val, S, f, lo, hi, text)                                                             \
    {.name = opt, .kind = CLI_KIND_INT, .at = CLI_AT(S, f, int), .min = lo, .max = hi, .value = val, \
     .help = text}
#define CLI_U64(opt, val, S, f, lo, hi, text)                                                                \
    {.name = opt, .kind = CLI_KIND_U64, .at = CLI_AT(S, f, uint64_t), .min = lo, .max = hi, .value = val, \
     .help = text}
#define CLI_RATE(opt, val, S, f, text) \
    {.name = opt, .kind = CLI_KIND_RATE, .at = CLI_AT(S, f, double), .max = 1, .value = val, .help = text}
#define CLI_CALL(opt, val, fn, text) {.name = opt, .kind = CLI_KIND_CALL, .set = fn, .value = val, .help = text}

/* A command: its options and its help around them. */
typedef struct CliCommand {
    const char *name;          /* "uno sim": who speaks in messages */
    const char *synopsis;      /* "usage: uno sim [...]\n", the usage lines */
    const char *about;         /* what it does, a paragraph or more; or NULL */
    const CliOption *options;  /* --help is added to them */
    size_t count;              /* at most CLI_MAX_OPTIONS */
    int operands;              /* the arguments that are not options it takes at most */
    const char *operands_note; /* said when there are more: "takes options only" */
    bool stop_at_operand;      /* the first operand ends the options (uno COMMAND ...) */
    const char *notes;         /* help after the options; or NULL */
    void (*after)(FILE *out);  /* help after the notes, made as it is shown; or NULL */
} CliCommand;

/* .options and .count of a CliCommand: the array of its rows. */
#define CLI_OPTIONS(rows) .options = rows, .count = sizeof rows / sizeof rows[0]

enum { CLI_MAX_OPTIONS = 64, CLI_MAX_OPERANDS = 4 };

/* Which options were given: bit i for options[i]. */
#define CLI_BIT(i) ((uint64_t)1 << (i))

typedef struct CliParsed {
    uint64_t given;                         /* CLI_BIT(i): options[i] was given */
    const char *operands[CLI_MAX_OPERANDS]; /* in the order given */
    int noperands;
    int next;  /* stop_at_operand: the index in argv after the first operand */
} CliParsed;

/* cli_parse's outcomes; CLI_BAD is also the exit status of bad usage. */
enum { CLI_PARSED = 0, CLI_HELP_SHOWN = 1, CLI_BAD = 2 };

/* Reads argv[1..argc-1] into args by the command's table. CLI_PARSED;
 * CLI_HELP_SHOWN when --help (or -h) was given: the help is on stdout;
 * CLI_BAD when an option is unknown or abbreviated, lacks its value, has a
 * value it does not take or a bad one, or there are too many operands:
 * said on stderr. args may be partly written then. out may be NULL. */
int cli_parse(const CliCommand *c, int argc, char **argv, void *args, CliParsed *out);

/* The exit status after cli_parse's outcome other than CLI_PARSED: 0 after
 * the help, 2 after bad usage. */
int cli_exit_status(int outcome);

/* The command's help: synopsis, about, the options, notes, after. */
void cli_help(const CliCommand *c, FILE *out);

/* The name of the first option of the table in `given`, or NULL. */
const char *cli_first_given(const CliCommand *c, uint64_t given);

/* A whole decimal number in min..max (digits only); `what` names it in the
 * message: "--players: '99' is not a whole number in 2..30". 0, or 1 with
 * the message in err. */
int cli_number(const char *what, const char *text, uint64_t min, uint64_t max, uint64_t *out, char *err,
               size_t errlen);

/* Says a usage error after the checks of the table: "uno CMD: " then the
 * message, then the hint to --help, on stderr. CLI_BAD. */
int cli_bad_usage(const CliCommand *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
