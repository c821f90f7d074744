/*
 * cmd_bench.c — `uno bench`: fixed games with fixed seeds on one thread;
 * prints their speed and a signature ("Bench: N", after chess engines'
 * bench) folded from every game's end digest (sim.h: the final
 * states of the game's and the bots' generators, hands and piles), so that
 * a change to the engine, the playout or the bots that changes no behaviour
 * leaves it as it was.
 * docs/sim.md "bench".
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli/commands.h"
#include "cli/sim_args.h"
#include "sim/sim.h"

typedef struct BenchCase {
    const char *rules;
    int players;
    uint64_t games;
    const char *bots; /* one letter per seat: r random, h heuristic */
} BenchCase;

static const BenchCase cases[] = {
    {"mattel", 4, 100000, "rrrr"},
    {"classic", 4, 50000, "rrrr"},
    {"kpgut", 4, 10000, "rrrr"},
    {"kpgut", 12, 1000, "rrrrrrrrrrrr"},
    {"mattel", 4, 5000, "hrrr"},
    {"kpgut", 4, 500, "hhhh"},
};

#define BENCH_SEED 20240601u

static double seconds(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static uint64_t fold(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xbf58476d1ce4e5b9ULL;
    return h ^ (h >> 31);
}

/* uno_game_size for 4 players: the memory one game needs. A game grows
 * only when someone joins (KPGUT §13) or comes to watch (§3.2). */
static int print_sizes(void)
{
    UnoRules m, k;
    char err[UNO_ERR_LEN];
    if (uno_rules_preset("mattel", &m, err, sizeof err) != UNO_OK ||
        uno_rules_preset("kpgut", &k, err, sizeof err) != UNO_OK) {
        fprintf(stderr, "uno bench: %s\n", err);
        return 1;
    }
    printf("game state, 4 players: mattel %zu bytes; kpgut %zu bytes, %zu more for each newcomer (§13)\n",
           uno_game_size(&m, 4), uno_game_size(&k, 4), uno_game_size(&k, 5) - uno_game_size(&k, 4));
    return 0;
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: uno bench\n"
            "\n"
            "Plays a fixed set of games (fixed rules, players, bots and seeds) on one\n"
            "thread and prints the size of a game's state, then, per set, games and turns\n"
            "per second of wall time and games per second of CPU time, then\n"
            "`Bench: N`: a signature of every game's end (its generators, hands and\n"
            "piles) and length. The signature changes exactly when the behaviour of the\n"
            "engine, the playout or the bots does, never with speed.\n");
}

int cmd_bench(int argc, char **argv)
{
    if (argc > 1) {
        bool help = strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0;
        if (!help)
            fprintf(stderr, "uno bench: '%s': uno bench takes no arguments\n", argv[1]);
        usage(help ? stdout : stderr);
        return help ? 0 : 2;
    }
    if (print_sizes() != 0)
        return 1;
    char err[512];
    uint64_t signature = 0, all_games = 0, all_turns = 0;
    double all_wall = 0, all_cpu = 0;
    printf("%-8s %7s %-12s %8s %12s %12s %12s\n", "rules", "players", "bots", "games",
           "games/s", "turns/s", "cpu games/s");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const BenchCase *b = &cases[i];
        static UnoSimConfig c;
        uno_sim_config_default(&c);
        if (uno_args_rules(b->rules, NULL, b->players, &c.rules, err, sizeof err) != 0) {
            fprintf(stderr, "uno bench: %s\n", err);
            return 1;
        }
        c.nplayers = b->players;
        c.seed = BENCH_SEED + i;
        c.hash = true;
        for (int s = 0; s < b->players; s++)
            c.bots[s] = b->bots[s] == 'h' ? UNO_BOT_HEURISTIC : UNO_BOT_RANDOM;
        static UnoSimSummary sum;
        uno_sim_summary_init(&sum);
        UnoSimRun run = {.config = &c, .begin = 0, .end = b->games, .threads = 1};
        double w0 = seconds(CLOCK_MONOTONIC), c0 = seconds(CLOCK_PROCESS_CPUTIME_ID);
        if (uno_sim_run(&run, &sum, err, sizeof err) != UNO_OK) {
            fprintf(stderr, "uno bench: %s\n", err);
            return 1;
        }
        double wall = seconds(CLOCK_MONOTONIC) - w0, cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
        signature = fold(fold(fold(signature, sum.sum.signature), sum.sum.turns), sum.sum.games);
        all_games += sum.sum.games;
        all_turns += sum.sum.turns;
        all_wall += wall;
        all_cpu += cpu;
        printf("%-8s %7d %-12s %8" PRIu64 " %12.0f %12.0f %12.0f\n", b->rules, b->players,
               b->bots, sum.sum.games, (double)sum.sum.games / wall, (double)sum.sum.turns / wall,
               (double)sum.sum.games / cpu);
    }
    printf("%-8s %7s %-12s %8" PRIu64 " %12.0f %12.0f %12.0f\n", "total", "", "", all_games,
           (double)all_games / all_wall, (double)all_turns / all_wall, (double)all_games / all_cpu);
    printf("Bench: %" PRIu64 "\n", signature);
    return fflush(stdout) == 0 ? 0 : 1;
}
