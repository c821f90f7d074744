/*
 * cmd_perft.c — `uno perft`: counts the legal action sequences of a given
 * depth from a seeded deal (src/sim/perft.h says what counts), optionally
 * per first action (--divide). docs/sim.md "perft".
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli/commands.h"
#include "cli/sim_args.h"
#include "sim/perft.h"
#include "sim/sim.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: uno perft [--rules R] [--players N] [--seed S] [--depth D] [--divide]\n"
            "                 [--options k=v,...]\n"
            "\n"
            "Deals a game (seats as in `uno sim`, its seed S itself) and counts the\n"
            "sequences of D actions of the player in turn that the rules allow: plays\n"
            "(one per colour named for a Wild, one per distinct KPGUT set), draw, pass,\n"
            "take, challenge and colour; UNO calls, catches, suspicions and side slides\n"
            "are not counted. Cards drawn are those the seed deals (no branching on\n"
            "chance). Prints `Nodes: COUNT`; the time taken goes to standard error.\n"
            "\n"
            "  --rules R      a rule set (mattel, classic, kpgut) or a rules file; mattel\n"
            "  --players N    players, 4\n"
            "  --seed S       the deal's seed, 1\n"
            "  --depth D      actions per sequence, 3\n"
            "  --divide       first print each first action with its count\n"
            "  --options L    options changed from the rule set, e.g. stack_draw2=true\n");
}

static void print_divide(void *ctx, const UnoAction *first, uint64_t count)
{
    (void)ctx;
    char text[160];
    uno_perft_action_text(first, text, sizeof text);
    printf("%s: %" PRIu64 "\n", text, count);
}

int cmd_perft(int argc, char **argv)
{
    const char *rules_name = "mattel", *options = NULL;
    uint64_t players = 4, seed = 1, depth = 3;
    bool divide = false;
    char err[512];
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        int rc = 0;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(arg, "--divide") == 0) {
            divide = true;
            continue;
        } else if (!val) {
            fprintf(stderr, "uno perft: '%s' needs a value (or is unknown)\n", arg);
            usage(stderr);
            return 2;
        } else if (strcmp(arg, "--rules") == 0) {
            rules_name = val;
        } else if (strcmp(arg, "--options") == 0) {
            options = val;
        } else if (strcmp(arg, "--players") == 0) {
            rc = uno_args_number("--players", val, 2, UNO_MAX_PLAYERS, &players, err, sizeof err);
        } else if (strcmp(arg, "--seed") == 0) {
            rc = uno_args_number("--seed", val, 0, UINT64_MAX, &seed, err, sizeof err);
        } else if (strcmp(arg, "--depth") == 0) {
            rc = uno_args_number("--depth", val, 0, 64, &depth, err, sizeof err);
        } else {
            fprintf(stderr, "uno perft: unknown argument '%s'\n", arg);
            usage(stderr);
            return 2;
        }
        if (rc) {
            fprintf(stderr, "uno perft: %s\n", err);
            return 2;
        }
        i++;
    }
    UnoRules rules;
    if (uno_args_rules(rules_name, options, (int)players, &rules, err, sizeof err) != 0) {
        fprintf(stderr, "uno perft: %s\n", err);
        return 2;
    }
    UnoSetup setup;
    uno_sim_setup(&setup, (int)players, seed);
    UnoGame *g = uno_game_new(&rules, &setup, err, sizeof err);
    if (!g) {
        fprintf(stderr, "uno perft: %s\n", err);
        return 1;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t nodes = 0;
    int rc = uno_perft(g, (int)depth, divide ? print_divide : NULL, NULL, &nodes, err, sizeof err);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    uno_game_free(g);
    if (rc != UNO_OK) {
        fprintf(stderr, "uno perft: %s\n", err);
        return 1;
    }
    if (divide)
        printf("\n");
    printf("Nodes: %" PRIu64 "\n", nodes);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    fprintf(stderr, "uno perft: %.3f s, %.0f nodes/s\n", s, s > 0 ? (double)nodes / s : 0.0);
    return fflush(stdout) == 0 ? 0 : 1;
}
