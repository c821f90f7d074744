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
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli_options.h"
#include "cli/commands.h"
#include "cli/sim_args.h"
#include "bots/bots.h"
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

/* uno_game_size for 4 players: the memory one game needs. A game is
 * bigger only by the room its setup asks for people who join (KPGUT §13)
 * or come to watch (§3.2). */
static int print_sizes(void)
{
    UnoRules m, k;
    char err[UNO_ERR_LEN];
    if (uno_rules_preset("mattel", &m, err, sizeof err) != UNO_OK ||
        uno_rules_preset("kpgut", &k, err, sizeof err) != UNO_OK) {
        fprintf(stderr, "uno bench: %s\n", err);
        return 1;
    }
    UnoSetup four, room;
    sim_setup(&four, 4, 0);
    room = four;
    room.room_newcomers = 1;
    printf("game state, 4 players: mattel %zu bytes; kpgut %zu bytes, %zu more for each newcomer (§13)\n",
           uno_game_size(&m, &four), uno_game_size(&k, &four), uno_game_size(&k, &room) - uno_game_size(&k, &four));
    return 0;
}

/* Random playouts from mid-game positions, as a search (ISMCTS) runs them:
 * a position `into` actions after the deal; from it, each playout samples a
 * world for the seat in turn (uno_game_sample: the hidden cards dealt again)
 * and plays it to the end with random bots through uno_game_step. */
typedef struct PlayoutCase {
    const char *rules;
    int players;
    int into;
} PlayoutCase;

static const PlayoutCase playout_cases[] = {
    {"mattel", 4, 20},
    {"kpgut", 4, 100},
};

#define POSITIONS 200
#define PLAYOUTS 100

/* A mid-game position: a game dealt from game `index` of the seed, then
 * `into` actions of random bots (rngs, seeded from the deal), every seat's
 * history kept (seen[s], for the searches). NULL when the game ended first
 * (or on an error, said on stderr). */
typedef struct Position {
    const UnoRules *rules;
    int players;
    UnoGame *g;
    UnoHistory *seen[UNO_MAX_PLAYERS];
    UnoRng rngs[UNO_MAX_PLAYERS];
    uint64_t seed;
} Position;

static void position_record(void *ctx, const UnoEvent *ev)
{
    Position *pos = ctx;
    for (int s = 0; s < pos->players; s++)
        uno_history_add(pos->seen[s], pos->rules, ev);
}

static void position_free(Position *pos)
{
    for (int s = 0; s < UNO_MAX_PLAYERS; s++)
        uno_history_free(pos->seen[s]);
    uno_game_free(pos->g);
    memset(pos, 0, sizeof *pos);
}

/* 1: a position; 0: the game ended first; -1: an error (said). */
static int reach_position(const UnoRules *rules, int players, int into, uint64_t seed, uint64_t index,
                          Position *pos)
{
    char err[UNO_ERR_LEN];
    memset(pos, 0, sizeof *pos);
    pos->rules = rules;
    pos->players = players;
    for (int s = 0; s < players; s++)
        if (!(pos->seen[s] = uno_history_new(s))) {
            fprintf(stderr, "uno bench: out of memory\n");
            return -1;
        }
    UnoSetup setup;
    sim_setup(&setup, players, sim_game_seed(seed, index));
    setup.emit = position_record;
    setup.ctx = pos;
    pos->seed = setup.seed;
    UnoGame *g = uno_game_new(rules, &setup, err, sizeof err);
    if (!g) {
        fprintf(stderr, "uno bench: %s\n", err);
        return -1;
    }
    pos->g = g;
    UnoBotParams p;
    bot_params_default(&p);
    sim_seed_bots(pos->rngs, players, setup.seed);
    for (int k = 0, seat; k < into; k++) {
        if ((seat = uno_game_turn(g)) < 0)
            return 0;
        UnoAction a;
        bot_random_step(&p, g, seat, &pos->rngs[seat], &a);
        if (uno_game_apply(g, &a, position_record, pos, err, sizeof err) != UNO_OK) {
            fprintf(stderr, "uno bench: %s\n", err);
            return -1;
        }
    }
    return !uno_game_over(g);
}

/* The case's rules; nonzero (said on stderr) when they do not load. */
static int case_rules(const PlayoutCase *b, UnoRules *rules)
{
    char err[UNO_ERR_LEN];
    if (cli_args_rules(b->rules, NULL, b->players, rules, err, sizeof err) == 0)
        return 0;
    fprintf(stderr, "uno bench: %s\n", err);
    return 1;
}

static int bench_playouts(const PlayoutCase *b, uint64_t seed)
{
    UnoRules rules;
    if (case_rules(b, &rules) != 0)
        return 1;
    UnoBotParams p;
    bot_params_default(&p);
    UnoSetup setup;
    sim_setup(&setup, b->players, seed);
    UnoGame *work = malloc(uno_game_size(&rules, &setup));
    if (!work) {
        fprintf(stderr, "uno bench: out of memory\n");
        return 1;
    }
    long positions = 0, playouts = 0, actions = 0;
    double wall = 0, cpu = 0;
    for (uint64_t i = 0; positions < POSITIONS; i++) {
        Position pos;
        int got = reach_position(&rules, b->players, b->into, seed, i, &pos);
        if (got < 0) {
            position_free(&pos);
            free(work);
            return 1;
        }
        if (got) {
            positions++;
            int seat = uno_game_turn(pos.g);
            double w0 = seconds(CLOCK_MONOTONIC), c0 = seconds(CLOCK_PROCESS_CPUTIME_ID);
            for (int k = 0; k < PLAYOUTS; k++) {
                uno_game_sample(pos.g, seat, NULL, pos.seed + (uint64_t)k, work);
                actions += bot_rollout(&p, work, pos.rngs, 1000000);
                playouts++;
            }
            wall += seconds(CLOCK_MONOTONIC) - w0;
            cpu += seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
        }
        position_free(&pos);
    }
    free(work);
    printf("%-8s %7d %8d %9ld %12.0f %12.0f %12.0f\n", b->rules, b->players, b->into, playouts,
           (double)playouts / wall, (double)actions / wall, (double)actions / cpu);
    return 0;
}

/* ISMCTS's speed: decisions of the seat in turn at mid-game positions, on a
 * budget of SEARCH_ITERATIONS iterations. */
static const PlayoutCase search_cases[] = {
    {"mattel", 2, 10},
    {"mattel", 4, 20},
    {"kpgut", 4, 100},
};
#define SEARCH_POSITIONS 40
#define SEARCH_ITERATIONS 2000

static int bench_search(const PlayoutCase *b, uint64_t seed)
{
    UnoRules rules;
    if (case_rules(b, &rules) != 0)
        return 1;
    UnoBotParams p;
    bot_params_default(&p);
    p.iterations = SEARCH_ITERATIONS;
    UnoWorlds *worlds = bot_worlds_new();
    static UnoView v;
    long decisions = 0;
    double wall = 0;
    for (uint64_t i = 0; worlds && decisions < SEARCH_POSITIONS; i++) {
        Position pos;
        int got = reach_position(&rules, b->players, b->into, seed, i, &pos);
        if (got < 0) {
            position_free(&pos);
            bot_worlds_free(worlds);
            return 1;
        }
        int seat = got ? uno_game_turn(pos.g) : -1, choices = 0;
        if (seat >= 0) {
            uno_view_build(&v, pos.g, seat, pos.seen[seat]);
            for (int k = 0; k < v.nlegal; k++)
                choices += v.legal[k].type == UNO_ACT_PLAY || v.legal[k].type == UNO_ACT_DRAW;
        }
        if (choices > 1) { /* a decision the search takes (not the only move) */
            bot_worlds_set(worlds, pos.g, seat, pos.seen[seat]);
            UnoAction a;
            double w0 = seconds(CLOCK_MONOTONIC);
            bot_choose_action(UNO_BOT_ISMCTS, &p, &v, worlds, &pos.rngs[seat], &a);
            wall += seconds(CLOCK_MONOTONIC) - w0;
            decisions++;
        }
        position_free(&pos);
    }
    bot_worlds_free(worlds);
    if (!decisions) {
        fprintf(stderr, "uno bench: out of memory\n");
        return 1;
    }
    printf("%-8s %7d %8d %9ld %12.1f %12.0f\n", b->rules, b->players, b->into, decisions,
           1000 * wall / (double)decisions, (double)decisions * SEARCH_ITERATIONS / wall);
    return 0;
}

static const CliCommand bench_command = {
    .name = "uno bench",
    .synopsis = "usage: uno bench\n",
    .about = "Plays a fixed set of games (fixed rules, players, bots and seeds) on one\n"
             "thread and prints the size of a game's state, then, per set, games and turns\n"
             "per second of wall time and games per second of CPU time, then\n"
             "random playouts from mid-game positions (what a search runs: a sampled world,\n"
             "then random bots to the end, through the engine's trusted path) in playouts\n"
             "and actions per second, then ISMCTS decisions at mid-game positions in\n"
             "milliseconds a decision and iterations per second, then `Bench: N`: a\n"
             "signature of every game's end\n"
             "(its generators, hands and piles) and length. The signature changes exactly\n"
             "when the behaviour of the engine, the playout or the bots does, never with\n"
             "speed.\n",
    .operands_note = "uno bench takes no arguments",
};

int cmd_bench(int argc, char **argv)
{
    int rc = cli_parse(&bench_command, argc, argv, NULL, NULL);
    if (rc != CLI_PARSED)
        return cli_exit_status(rc);
    if (print_sizes() != 0)
        return 1;
    char err[512];
    uint64_t signature = 0, all_games = 0, all_turns = 0, all_actions = 0;
    double all_wall = 0, all_cpu = 0;
    printf("%-8s %7s %-12s %8s %12s %12s %12s %12s\n", "rules", "players", "bots", "games",
           "games/s", "turns/s", "actions/s", "cpu games/s");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const BenchCase *b = &cases[i];
        static UnoSimConfig c;
        sim_config_default(&c);
        if (cli_args_rules(b->rules, NULL, b->players, &c.rules, err, sizeof err) != 0) {
            fprintf(stderr, "uno bench: %s\n", err);
            return 1;
        }
        c.nplayers = b->players;
        c.seed = BENCH_SEED + i;
        c.hash = true;
        for (int s = 0; s < b->players; s++)
            c.bots[s] = b->bots[s] == 'h' ? UNO_BOT_HEURISTIC : UNO_BOT_RANDOM;
        static UnoSimSummary sum;
        sim_summary_init(&sum);
        UnoSimRun run = {.config = &c, .begin = 0, .end = b->games, .threads = 1};
        double w0 = seconds(CLOCK_MONOTONIC), c0 = seconds(CLOCK_PROCESS_CPUTIME_ID);
        if (sim_run(&run, &sum, err, sizeof err) != UNO_OK) {
            fprintf(stderr, "uno bench: %s\n", err);
            return 1;
        }
        double wall = seconds(CLOCK_MONOTONIC) - w0, cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
        signature = fold(fold(fold(signature, sum.sum.signature), sum.sum.turns), sum.sum.games);
        all_games += sum.sum.games;
        all_turns += sum.sum.turns;
        all_actions += sum.sum.actions;
        all_wall += wall;
        all_cpu += cpu;
        printf("%-8s %7d %-12s %8" PRIu64 " %12.0f %12.0f %12.0f %12.0f\n", b->rules, b->players,
               b->bots, sum.sum.games, (double)sum.sum.games / wall, (double)sum.sum.turns / wall,
               (double)sum.sum.actions / wall, (double)sum.sum.games / cpu);
    }
    printf("%-8s %7s %-12s %8" PRIu64 " %12.0f %12.0f %12.0f %12.0f\n", "total", "", "", all_games,
           (double)all_games / all_wall, (double)all_turns / all_wall, (double)all_actions / all_wall,
           (double)all_games / all_cpu);
    printf("\nrandom playouts from mid-game positions (%d positions, %d playouts each, a sampled\n"
           "world each, to the end):\n", POSITIONS, PLAYOUTS);
    printf("%-8s %7s %8s %9s %12s %12s %12s\n", "rules", "players", "after", "playouts",
           "playouts/s", "actions/s", "cpu actions/s");
    for (size_t i = 0; i < sizeof playout_cases / sizeof playout_cases[0]; i++)
        if (bench_playouts(&playout_cases[i], BENCH_SEED + 100 + i) != 0)
            return 1;
    printf("\nISMCTS decisions at mid-game positions (%d iterations each):\n", SEARCH_ITERATIONS);
    printf("%-8s %7s %8s %9s %12s %12s\n", "rules", "players", "after", "decisions", "ms/decision",
           "iterations/s");
    for (size_t i = 0; i < sizeof search_cases / sizeof search_cases[0]; i++)
        if (bench_search(&search_cases[i], BENCH_SEED + 200 + i) != 0)
            return 1;
    printf("Bench: %" PRIu64 "\n", signature);
    return fflush(stdout) == 0 ? 0 : 1;
}
