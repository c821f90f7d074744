/*
 * sim.h — playing many games between bots (`uno sim`, `uno bench`).
 *
 * What this module owns: the setup of game i of a run (its seed, the seats'
 * ages, the bots' generators), the loop that plays one game to its end, the
 * per-game record, the summary of many games, and the threads that share a
 * run's games (runner.c).
 *
 * What stays true:
 *  - Game i depends only on (config, seed, i): its deal comes from
 *    sim_game_seed(seed, i), each bot seat has its own generator seeded
 *    from that, and the clock stands still (actions have t = -1).
 *  - A summary holds integers only (sums, counts, histograms, maxima), so
 *    summaries of any partition of the games, merged in any order, are equal
 *    bit for bit: the result does not depend on the number of threads or of
 *    MPI ranks.
 *  - Nothing here allocates per game: a worker deals every game into the one
 *    game buffer it owns (uno_game_init), and events are off unless a caller
 *    asks for them (config.emit: tests, traces).
 */
#ifndef UNO_SIM_H
#define UNO_SIM_H

#include <stdbool.h>
#include <stdint.h>

#include "bots/bots.h"
#include "uno.h"

/* ------------------------------------------------------------ the model */

/* Milliseconds a table spends on each thing (docs/sim.md "The time model"). */
typedef enum UnoSimTime {
    UNO_SIM_T_PLAY,      /* a play (one or more cards) */
    UNO_SIM_T_DRAW,      /* deciding to draw (the cards themselves: CARD) */
    UNO_SIM_T_CARD,      /* each card drawn, for any reason */
    UNO_SIM_T_PASS,      /* keeping a drawn card */
    UNO_SIM_T_TAKE,      /* taking a pending draw (the cards: CARD) */
    UNO_SIM_T_COLOR,     /* naming the colour of a Wild turned up */
    UNO_SIM_T_CHALLENGE, /* a challenge or suspicion: hands shown */
    UNO_SIM_T_CALL,      /* any other action: UNO, catch, warning, vote */
    UNO_SIM_T_SHUFFLE,   /* turning the pile into a new stock */
    UNO_SIM_T_DEAL,      /* each card dealt at the start */
    UNO_SIM_T_COUNT
} UnoSimTime;

/* The option names of --action-ms ("play", "draw", ...), indexed by UnoSimTime. */
extern const char *const sim_time_names[UNO_SIM_T_COUNT];
/* The defaults (docs/sim.md). */
void sim_time_default(int ms[UNO_SIM_T_COUNT]);

typedef struct UnoSimConfig {
    UnoRules rules;
    int nplayers;
    uint64_t seed;
    UnoBotKind bots[UNO_MAX_PLAYERS];  /* per seat */
    UnoBotParams params[UNO_MAX_PLAYERS]; /* per seat */
    int time_ms[UNO_SIM_T_COUNT];      /* the time model */
    bool hash;                         /* fold each game's end digest into the summary */
    bool reference;                    /* play through uno_game_apply even where the playout could */
    bool engine;                       /* play through uno_game_step even where the playout could */
    uint64_t max_actions;              /* a game longer than this is an error (a bug) */
    UnoEventFn emit;                   /* NULL (fast), or gets every event of every game */
    void *emit_ctx;
} UnoSimConfig;

/* Fills c: 4 random bots, the default time model, no hash. */
void sim_config_default(UnoSimConfig *c);

/* The seed of game `index` of a run seeded `seed` (a splitmix64 hash). */
uint64_t sim_game_seed(uint64_t seed, uint64_t index);

/* The seats of a simulated table (docs/sim.md "Seats"): names "seat0"..,
 * seat s aged 20 + s, so seat 0 is the youngest (KPGUT's opener) and the
 * last seat the oldest (KPGUT's dealer); the dealer is left to the rules. */
void sim_setup(UnoSetup *s, int nplayers, uint64_t seed);

/* Seeds the bots' generators of the game dealt from game_seed, one per seat. */
void sim_seed_bots(UnoRng *bots, int nplayers, uint64_t game_seed);

/* ------------------------------------------------------- one game's record */

typedef struct UnoSimRecord {
    uint64_t index, seed;
    uint32_t turns;            /* turns taken (a draw and the play after it are one turn) */
    uint32_t actions;          /* actions applied */
    uint32_t drawn;            /* cards drawn, for any reason */
    uint32_t reshuffles;       /* actions during which the pile became a new stock */
    int64_t duration_ms;       /* by the time model */
    uint64_t hash;             /* the end digest (config.hash), else 0 */
    int8_t reason;             /* UnoReason the game ended with */
    int8_t first;              /* the seat in turn after the deal */
    int8_t winner;             /* the lowest seat ranked 1, -1 none */
    int8_t ranks[UNO_MAX_PLAYERS]; /* uno_game_rank per seat */
    uint32_t failed;           /* bit s: seat s's program failed in this game (the default move stood in) */
} UnoSimRecord;

/* A game's duration by the time model: tally[k] things of each kind (a
 * tally of UNO_SIM_T_DEAL is ignored: the deal comes from the rules). */
int64_t sim_duration(const UnoSimConfig *c, const uint32_t tally[UNO_SIM_T_COUNT]);

/* The record's ranks (ranks[s] per seat, 0: none) and its winner: the
 * lowest seat ranked 1, -1 when nobody is. */
void sim_record_ranks(UnoSimRecord *r, const int8_t *ranks, int nplayers);

/* What a game left behind, folded into 64 bits: the game's and the bots'
 * generators, the hands' sizes, the stock and the played cards. Two ways of
 * playing a game that agree on it drew the same numbers to the end. */
uint64_t sim_end_digest(const UnoRng *game, const UnoRng *bots, int nplayers,
                        const int *hand_counts, int stock_n, int discard_n);

/* ------------------------------------------------------------ summaries */

#define UNO_SIM_TURN_BINS 16384    /* turns 0..16382 exactly, then one bin for more */
#define UNO_SIM_DRAWN_BINS 4096    /* cards drawn, likewise */
#define UNO_SIM_DURATION_BINS 8640 /* 10-second bins up to 24 hours, then one for more */
#define UNO_SIM_DURATION_BIN_MS 10000

/* Sums and counts: merged by adding (MPI_SUM). A game in which a program
 * failed (record.failed) is left out of every figure but the two counts of
 * failures: the stand-in's moves are not the program's. */
typedef struct UnoSimCounts {
    uint64_t games_failed;                /* games left out: a program failed in them */
    uint64_t failed[UNO_MAX_PLAYERS];     /* per seat: games its program failed in */
    uint64_t games, turns, actions, drawn, reshuffles, games_reshuffled;
    uint64_t duration_ms, limit_hits;     /* games at least time_limit_min long */
    uint64_t signature;                   /* sum of mixed end digests (config.hash) */
    uint64_t reasons[UNO_R_COUNT];
    uint64_t wins[UNO_MAX_PLAYERS];       /* rank 1, per seat */
    uint64_t wins_by_order[UNO_MAX_PLAYERS]; /* per seats after the first to act, clockwise */
    uint64_t places[UNO_MAX_PLAYERS][UNO_MAX_PLAYERS + 1]; /* [seat][rank]; rank 0: none */
    uint64_t bot_seats[UNO_BOT_KINDS], bot_wins[UNO_BOT_KINDS];
    uint64_t turn_hist[UNO_SIM_TURN_BINS];
    uint64_t drawn_hist[UNO_SIM_DRAWN_BINS];
    uint64_t duration_hist[UNO_SIM_DURATION_BINS];
} UnoSimCounts;

/* Maxima: merged by taking the larger (MPI_MAX). */
typedef struct UnoSimMaxima {
    uint64_t turns, actions, drawn, duration_ms;
} UnoSimMaxima;

typedef struct UnoSimSummary {
    UnoSimCounts sum;
    UnoSimMaxima max;
} UnoSimSummary;

void sim_summary_init(UnoSimSummary *s);
void sim_summary_add(UnoSimSummary *s, const UnoSimConfig *c, const UnoSimRecord *r);
void sim_summary_merge(UnoSimSummary *into, const UnoSimSummary *from);
/* The smallest value v of a histogram with cumulative count >= q * total
 * (q in 0..1); the last bin stands for "that many or more". */
uint64_t sim_quantile(const uint64_t *hist, int bins, double q);
/* Wilson score interval at 95% of k successes in n trials. */
void sim_wilson(uint64_t k, uint64_t n, double *lo, double *hi);

/* ----------------------------------------------------------- one worker */

typedef struct UnoSimWorker UnoSimWorker;

/* A worker owns one game buffer and a bot view: one per thread. NULL with a
 * message when the configuration cannot deal a game. */
UnoSimWorker *sim_worker_new(const UnoSimConfig *c, char *err, size_t errlen);
void sim_worker_free(UnoSimWorker *w);
/* Plays game `index` to its end and fills *r. UNO_OK, or a message (a bot
 * chose an action the engine refused, or the game would not end: bugs). */
int sim_play(UnoSimWorker *w, uint64_t index, UnoSimRecord *r, char *err, size_t errlen);

/* ------------------------------------------------------------ a run */

/* Receives the records of consecutive games, in index order (for CSV). */
typedef void (*UnoSimRowsFn)(void *ctx, const UnoSimRecord *rows, int n);
/* Called about 5 times a second from the thread that called sim_run. */
typedef void (*UnoSimProgressFn)(void *ctx, uint64_t done, uint64_t total);

typedef struct UnoSimRun {
    const UnoSimConfig *config;
    uint64_t begin, end;        /* the game indices to play: [begin, end) */
    int threads;                /* >= 1 */
    UnoSimRowsFn rows;          /* may be NULL */
    UnoSimProgressFn progress;  /* may be NULL */
    void *ctx;
} UnoSimRun;

/* The threads a run of this many games uses: those asked for, but no more
 * than its chunks of games (sim_run hands out games a chunk at a time). */
int sim_threads_for(uint64_t games, int threads);

/* Plays the run's games on sim_threads_for threads and adds them to
 * *out. UNO_OK, or the first failure's message. */
int sim_run(const UnoSimRun *run, UnoSimSummary *out, char *err, size_t errlen);

#endif
