/*
 * main.c — `uno`: dispatches to a subcommand (commands.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

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

static void usage(FILE *out)
{
    fprintf(out, "usage: uno COMMAND [ARGS]   (uno COMMAND --help, or uno help COMMAND, for each)\n"
                 "       uno --version\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
}

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
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "help") == 0 && argc > 2) { /* uno help CMD: uno CMD --help */
        const Command *c = command(argv[2]);
        if (!c) {
            fprintf(stderr, "uno help: unknown command '%s'\n", argv[2]);
            usage(stderr);
            return 2;
        }
        char *help[] = {argv[2], "--help", NULL};
        return output_written(c->run(2, help));
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return output_written(0);
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
        printf("uno %s (rule sets: %s)\n", UNO_RELEASE, uno_rules_builtin_list());
        return output_written(0);
    }
    uno_json_track_memory(); /* out of memory is not "not JSON" */
    const Command *c = command(argv[1]);
    if (c)
        return output_written(c->run(argc - 1, argv + 1));
    fprintf(stderr, "uno: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
