/*
 * cmd_perft.c — `uno perft`: counts the legal action sequences of a given
 * depth from a seeded deal (src/sim/perft.h says what counts), optionally
 * per first action (--divide). docs/sim.md "perft".
 */
#include <inttypes.h>
#include <stdio.h>
#include <time.h>

#include "cli/cli_options.h"
#include "cli/commands.h"
#include "cli/sim_args.h"
#include "sim/perft.h"
#include "sim/sim.h"

typedef struct PerftArgs {
    const char *rules, *options;
    uint64_t players, seed, depth;
    bool divide;
} PerftArgs;

static const CliOption perft_options[] = {
    CLI_TEXT("rules", "R", PerftArgs, rules, "a rule set (mattel, classic, kpgut) or a rules file; mattel"),
    CLI_U64("players", "N", PerftArgs, players, 2, UNO_MAX_PLAYERS, "players, 4"),
    CLI_U64("seed", "S", PerftArgs, seed, 0, UINT64_MAX, "the deal's seed, 1"),
    CLI_U64("depth", "D", PerftArgs, depth, 0, 64, "actions per sequence, 3"),
    CLI_FLAG("divide", PerftArgs, divide, "first print each first action with its count"),
    CLI_TEXT("options", "L", PerftArgs, options, "options changed from the rule set, e.g. stack_draw2=true"),
};

static const CliCommand perft_command = {
    .name = "uno perft",
    .synopsis = "usage: uno perft [--rules R] [--players N] [--seed S] [--depth D] [--divide]\n"
                "                 [--options k=v,...]\n",
    .about = "Deals a game (seats as in `uno sim`, its seed S itself) and counts the\n"
             "sequences of D actions of the player in turn that the rules allow: plays\n"
             "(one per colour named for a Wild, one per distinct KPGUT set), draw, pass,\n"
             "take, challenge and colour; UNO calls, catches, suspicions, side slides and\n"
             "jump-ins are not counted. Cards drawn are those the seed deals (no branching on\n"
             "chance). Prints `Nodes: COUNT`; the time taken goes to standard error.\n",
    CLI_OPTIONS(perft_options),
    .operands_note = "uno perft takes options only",
};

static void print_divide(void *ctx, const UnoAction *first, uint64_t count)
{
    (void)ctx;
    char text[160];
    sim_perft_action_text(first, text, sizeof text);
    printf("%s: %" PRIu64 "\n", text, count);
}

int cmd_perft(int argc, char **argv)
{
    PerftArgs a = {.rules = "mattel", .players = 4, .seed = 1, .depth = 3};
    int rc = cli_parse(&perft_command, argc, argv, &a, NULL);
    if (rc != CLI_PARSED)
        return cli_exit_status(rc);
    char err[512];
    UnoRules rules;
    if (cli_args_rules(a.rules, NULL, a.options, (int)a.players, &rules, err, sizeof err) != 0) {
        fprintf(stderr, "uno perft: %s\n", err);
        return 2;
    }
    UnoSetup setup;
    sim_setup(&setup, (int)a.players, a.seed);
    UnoGame *g = uno_game_new(&rules, &setup, err, sizeof err);
    if (!g) {
        fprintf(stderr, "uno perft: %s\n", err);
        return 1;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t nodes = 0;
    rc = sim_perft(g, (int)a.depth, a.divide ? print_divide : NULL, NULL, &nodes, err, sizeof err);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    uno_game_free(g);
    if (rc != UNO_OK) {
        fprintf(stderr, "uno perft: %s\n", err);
        return 1;
    }
    if (a.divide)
        printf("\n");
    printf("Nodes: %" PRIu64 "\n", nodes);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    fprintf(stderr, "uno perft: %.3f s, %.0f nodes/s\n", s, s > 0 ? (double)nodes / s : 0.0);
    return fflush(stdout) == 0 ? 0 : 1;
}
