/*
 * main.c — `uno`: dispatches to a subcommand (commands.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli_options.h"
#include "cli/commands.h"
#include "protocol/text.h"
#include "uno.h"

typedef struct Command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} Command;

static const Command commands[] = {
    {"rules", cmd_rules, "list the rule sets and their options, or show one"},
    {"table", cmd_table, "referee one table over JSON Lines on stdin/stdout"},
    {"replay", cmd_replay, "re-run a saved game and print its end state and hash"},
    {"play", cmd_play, "play UNO in the terminal against bots"},
    {"serve", cmd_serve, "serve tables to friends in their browsers (WebSocket, SQLite)"},
    {"sim", cmd_sim, "play many games between bots and summarise them"},
    {"arena", cmd_arena, "bots against bots on duplicate deals: win rates, places, ratings"},
    {"perft", cmd_perft, "count the legal action sequences from a seeded deal"},
    {"bench", cmd_bench, "fixed games: speed and a behaviour signature"},
};

/* The release: the engine's rules, the protocol and the save files it
 * reads and writes are those of this version's docs. */
#define UNO_RELEASE "0.9.0"

/* The command list, after the options of uno --help. */
static void list_commands(FILE *out)
{
    fprintf(out, "commands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
}

typedef struct MainArgs {
    bool version;
} MainArgs;

static const CliOption main_options[] = {
    {.name = "version", .kind = CLI_KIND_FLAG, .at = CLI_AT(MainArgs, version, bool),
     .help = "print the release and the rule sets it knows", .letter = 'V'},
};

static const CliCommand main_command = {
    .name = "uno",
    .synopsis = "usage: uno COMMAND [ARGS]   (uno COMMAND --help, or uno help COMMAND, for each)\n"
                "       uno --version\n",
    CLI_OPTIONS(main_options),
    .operands = 1,
    .stop_at_operand = true,
    .after = list_commands,
};

static const Command *command(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(name, commands[i].name) == 0)
            return &commands[i];
    return NULL;
}

/* A command's exit status, unless its standard output could not be written
 * (a full disk, a closed pipe): then 1, and why. */
static int output_written(int status)
{
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout))
        return status;
    fprintf(stderr, "uno: the output could not be written%s%s\n", errno ? ": " : "", errno ? strerror(errno) : "");
    return status ? status : 1;
}

int main(int argc, char **argv)
{
    MainArgs a = {0};
    CliParsed parsed;
    int rc = cli_parse(&main_command, argc, argv, &a, &parsed);
    if (rc != CLI_PARSED)
        return output_written(cli_exit_status(rc));
    if (a.version) {
        printf("uno %s (rule sets: %s)\n", UNO_RELEASE, uno_rules_builtin_list());
        return output_written(0);
    }
    if (parsed.noperands == 0) {
        cli_help(&main_command, stderr);
        return CLI_BAD;
    }
    const char *name = parsed.operands[0];
    int first = parsed.next - 1; /* the command's own argv[0] */
    if (strcmp(name, "help") == 0 && first + 1 < argc) { /* uno help CMD: uno CMD --help */
        const Command *c = command(argv[first + 1]);
        if (!c) {
            fprintf(stderr, "uno help: unknown command '%s'\n(uno --help lists them)\n", argv[first + 1]);
            return CLI_BAD;
        }
        char *help[] = {argv[first + 1], "--help", NULL};
        return output_written(c->run(2, help));
    }
    if (strcmp(name, "help") == 0) {
        cli_help(&main_command, stdout);
        return output_written(0);
    }
    proto_json_track_memory(); /* out of memory is not "not JSON" */
    const Command *c = command(name);
    if (c)
        return output_written(c->run(argc - first, argv + first));
    return cli_bad_usage(&main_command, "unknown command '%s'", name);
}
