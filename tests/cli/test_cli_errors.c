/*
 * test_cli_errors.c — every command's argument errors, through the binary
 * ($UNO_BIN): the status is 2, the first line names the command ("uno sim:
 * ...") and says what was wrong, before any usage text; a number out of
 * range gives the range; every command names an option it does not know,
 * written in full or not. `uno play` judges its rules and options before it
 * asks for a terminal. A cmd: bot that cannot be started stops uno arena and
 * uno sim (status 1). Every --help, and `uno help CMD`, fits 80 columns.
 * `uno --version` prints the release.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

/* Which of `uno ARGS`'s streams run() reads. */
typedef enum Streams { STDERR_ONLY, BOTH, STDOUT_ONLY } Streams;

/* What `uno ARGS` writes to the streams asked for, and its exit status. */
static char *run(const char *args, Streams which, int *status)
{
    const char *bin = getenv("UNO_BIN");
    if (!bin)
        fail_msg("UNO_BIN is not set");
    char cmd[1024];
    static const char *const redirect[] = {"2>&1 >/dev/null", "2>&1", "2>/dev/null"};
    snprintf(cmd, sizeof cmd, "'%s' %s %s </dev/null", bin, args, redirect[which]);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    static char out[65536];
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = '\0';
    int rc = pclose(p);
    *status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
    return out;
}

/* `uno ARGS` fails with status 2, its first line "uno CMD: " then what
 * contains `says`. */
static void refused(const char *args, const char *cmd, const char *says)
{
    int status;
    const char *out = run(args, STDERR_ONLY, &status);
    char prefix[64];
    snprintf(prefix, sizeof prefix, "uno %s: ", cmd);
    const char *eol = strchr(out, '\n');
    size_t first = eol ? (size_t)(eol - out) : strlen(out);
    if (status != 2 || strncmp(out, prefix, strlen(prefix)) != 0 || !strstr(out, says) ||
        (size_t)(strstr(out, says) - out) > first)
        fail_msg("uno %s: expected status 2 and a first line \"%s...%s...\"; got %d:\n%s", args, prefix, says, status,
                 out);
}

static void test_every_command_says_what_was_wrong(void **state)
{
    (void)state;
    refused("play --players 40", "play", "--players: '40' is not a whole number in 2..30");
    refused("play --pace -1", "play", "--pace: '-1' is not a whole number in 0..60000");
    refused("play --bot smart", "play", "--bot: unknown bot 'smart' (easy, medium, hard, expert");
    refused("play --bot ismcts:0", "play", "--bot: unknown bot 'ismcts:0'");
    refused("play --frob 1", "play", "'--frob' is not an option of uno play");
    refused("play --seed x", "play", "--seed: 'x' is not a whole number in 0..18446744073709551615");
    refused("play --forget 2", "play", "--forget: '2' is not a number from 0 to 1");
    refused("play --name ''", "play", "--name: '' is empty or too long (at most 23 bytes)");
    refused("play --resume f --seed 3", "play", "--seed goes without --resume");
    /* the rules and options are judged before the terminal is asked for
     * (standard input is /dev/null here) */
    refused("play --rules nonsense", "play", "not a rule set (mattel, classic, kpgut) nor a rules file");
    refused("play --options hand_size=99", "play", "--options: hand_size: value out of range");
    refused("play --rules mattel --players 30", "play", "30 players: these rules take 2..10");
    refused("play --presets stack_it_all", "play",
            "--presets: unknown preset 'stack_it_all' (stack_everything, draw_to_match, strict, mercy, seven_o, seven_o_jump_in)");
    refused("play --presets mercy --options hand_limit=5", "play", "hand_limit (5) must be above hand_size (7)");
    refused("sim --presets strict,nope", "sim", "--presets: unknown preset 'nope'");
    refused("arena --bots medium,hard --presets nope", "arena", "--presets: unknown preset 'nope'");
    refused("sim --players 99", "sim", "--players: '99' is not a whole number in 2..30");
    refused("sim --frob", "sim", "--frob");
    refused("sim --bots clever", "sim", "--bots: unknown bot 'clever'");
    refused("sim --bots 'cmd:  '", "sim", "--bots: bot 'cmd:': give a command of 1 to 255 characters");
    refused("arena --bots 'medium,cmd:0ms:python3 bot.py'", "arena",
            "--bots: bot 'cmd:0ms:...': the time limit is 1 to 3600000 ms");
    refused("arena --games 5", "arena", "--bots is needed");
    refused("arena --bots hard,medium --players 3", "arena", "--bots: 2 bots for 3 players (one per seat)");
    refused("arena --bots hard,medium --games 0", "arena", "--games: '0' is not a whole number");
    refused("perft --depth", "perft", "'--depth' needs a value");
    refused("bench --x", "bench", "'--x' is not an option of uno bench");
    refused("bench x", "bench", "unexpected argument 'x': uno bench takes no arguments");
    refused("rules --bogus", "rules", "'--bogus' is not an option of uno rules");
    refused("rules a b", "rules", "one rule set or file at a time");
    refused("replay", "replay", "which saved game?");
    refused("replay f --text --watch", "replay", "--text or --watch, not both");
    refused("table --frob", "table", "'--frob' is not an option of uno table");
    refused("table --save", "table", "'--save' needs a value: --save FILE");
    refused("table --repair", "table", "--repair repairs the file of --save FILE");
    refused("serve --port 99999", "serve", "--port: '99999' is not a whole number in 0..65535");
    refused("serve --rate 0", "serve", "--rate: '0' is not a whole number in 1..10000");
    refused("serve --max-conns-per-addr 0", "serve", "--max-conns-per-addr: '0' is not a whole number in 1..1000000");
    refused("serve --creates-per-addr x", "serve", "--creates-per-addr: 'x' is not a whole number in 1..1000000");
    refused("serve --expire-after 0", "serve", "--expire-after: '0' is not a whole number in 1..5256000");
    refused("serve --frob", "serve", "'--frob' is not an option of uno serve");
    refused("serve --export X", "serve", "--export needs a table's code and a file to write");
    refused("sim --play 3", "sim", "'--play' is not an option of uno sim"); /* no abbreviations */
    refused("sim --players=99", "sim", "--players: '99' is not a whole number in 2..30");
    refused("sim --json=yes", "sim", "'--json=yes': --json takes no value");
}

static const char *const commands[] = {"play", "table", "serve", "replay", "rules", "arena", "sim", "perft", "bench"};

/* Every command's options come from its table (src/cli/cli_options.h): an
 * option it does not have is refused, named, whatever the command. */
static void test_every_command_names_an_unknown_option(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        char args[64], says[96];
        snprintf(args, sizeof args, "%s --no-such-option", commands[i]);
        snprintf(says, sizeof says, "'--no-such-option' is not an option of uno %s", commands[i]);
        refused(args, commands[i], says);
    }
}

/* A resumed file is read before the terminal is asked for: its error,
 * status 1 (docs/play.md "Resuming a game"). */
static void test_play_resume_checked_before_the_terminal(void **state)
{
    (void)state;
    int status;
    const char *out = run("play --resume /nonexistent/game.jsonl", STDERR_ONLY, &status);
    const char *says = "uno play: cannot resume /nonexistent/game.jsonl:";
    if (status != 1 || strncmp(out, says, strlen(says)) != 0)
        fail_msg("expected status 1 and \"uno play: cannot resume ...\"; got %d:\n%s", status, out);
}

/* A cmd: bot whose program cannot be started (the shell's status 127: not
 * found; 126: not executable) stops uno arena and uno sim with status 1 and
 * says so: no stand-in plays its seat (docs/bots-external.md). */
static void test_unstartable_program_is_an_error(void **state)
{
    (void)state;
    static const char *const runs[] = {
        "arena --rules mattel --players 2 --games 2 --threads 1 --bots 'medium,cmd:/nonexistent/bot'",
        "sim --rules mattel --players 2 --games 5 --threads 1 --bots 'medium,cmd:/nonexistent/bot'",
        "sim --rules kpgut --players 3 --games 5 --threads 1 --bots 'cmd:/etc/passwd,medium,medium'",
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        int status;
        const char *out = run(runs[i], STDERR_ONLY, &status);
        if (status != 1 || !strstr(out, "'s program (cmd:") || !strstr(out, "it could not be started: the shell "
                                                                            "could not"))
            fail_msg("uno %s: expected status 1 and \"...'s program (cmd:...): it could not be started...\"; "
                     "got %d:\n%s", runs[i], status, out);
    }
}

/* A rules file without base: the error names whole options after the
 * file's path, then how many more, and suggests a base (docs/rules.md),
 * however long the path; uno play says it before asking for a terminal. */
static void test_rules_file_missing_options(void **state)
{
    (void)state;
    char path[160], args[256];
    snprintf(path, sizeof path, "/tmp/uno-cli-%d-a-rather-long-name-for-the-house-rules-file.rules", (int)getpid());
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("name = mine\nhand_size = 5\n", f);
    fclose(f);
    static const struct { const char *cmd; int status; } runs[] = {{"rules", 1}, {"play --rules", 2}, {"sim --rules", 2}};
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        snprintf(args, sizeof args, "%s %s", runs[i].cmd, path);
        int status, more = 0;
        const char *out = run(args, STDERR_ONLY, &status);
        const char *last = strrchr(out, ','), *and = last ? strstr(last, " and ") : NULL;
        if (status != runs[i].status || !strstr(out, path) || !strstr(out, "(or begin with base = mattel); ") ||
            !and || sscanf(and, " and %d more\n", &more) != 1 || more <= 0)
            fail_msg("uno %s: expected status %d and the missing options named whole, then how many more; got "
                     "%d:\n%s", args, runs[i].status, status, out);
    }
    unlink(path);
}

/* Every line of a help fits 80 columns (a UTF-8 character is one). */
static void fits_80_columns(const char *args, const char *out)
{
    int line = 1, cols = 0;
    for (const char *c = out; *c; c++) {
        if (*c == '\n') {
            line++;
            cols = 0;
        } else if (((unsigned char)*c & 0xc0) != 0x80 && ++cols > 80) {
            fail_msg("uno %s: line %d is longer than 80 columns:\n%s", args, line, out);
        }
    }
}

/* `uno CMD --help` prints the command's usage on standard output and
 * exits 0, for every command, listing -h, --help with its options; `uno help CMD` prints the same; `uno --help`
 * lists them. Every line fits 80 columns. */
static void test_every_command_has_help(void **state)
{
    (void)state;
    int status;
    fits_80_columns("--help", run("--help", STDOUT_ONLY, &status));
    assert_int_equal(status, 0);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        char args[64], usage[64];
        snprintf(args, sizeof args, "%s --help", commands[i]);
        snprintf(usage, sizeof usage, "usage: uno %s", commands[i]);
        char *out = strdup(run(args, STDOUT_ONLY, &status));
        if (status != 0 || strncmp(out, usage, strlen(usage)) != 0)
            fail_msg("uno %s --help: expected status 0 and \"%s...\"; got %d:\n%s", commands[i], usage, status, out);
        fits_80_columns(args, out);
        if (!strstr(out, "\n  -h, --help "))
            fail_msg("uno %s --help does not list -h, --help:\n%s", commands[i], out);
        snprintf(args, sizeof args, "help %s", commands[i]);
        const char *same = run(args, STDOUT_ONLY, &status);
        if (status != 0 || strcmp(same, out) != 0)
            fail_msg("uno help %s: expected status 0 and what uno %s --help prints; got %d:\n%s", commands[i],
                     commands[i], status, same);
        free(out);
    }
    refused("help frob", "help", "unknown command 'frob'");
}

static void test_version(void **state)
{
    (void)state;
    int status;
    const char *out = run("--version", BOTH, &status);
    int major = -1, minor = -1, patch = -1;
    assert_int_equal(status, 0);
    assert_int_equal(sscanf(out, "uno %d.%d.%d", &major, &minor, &patch), 3);
    assert_non_null(strstr(out, "mattel, classic, kpgut"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_command_says_what_was_wrong),
        cmocka_unit_test(test_every_command_names_an_unknown_option),
        cmocka_unit_test(test_play_resume_checked_before_the_terminal),
        cmocka_unit_test(test_unstartable_program_is_an_error),
        cmocka_unit_test(test_rules_file_missing_options),
        cmocka_unit_test(test_every_command_has_help),
        cmocka_unit_test(test_version),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
