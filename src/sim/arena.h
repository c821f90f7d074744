/*
 * arena.h — bots against bots on duplicate deals, with honest figures
 * (`uno arena`, docs/bots.md "The arena").
 *
 * A lineup names one bot per seat. Every deal is played once per rotation
 * of the lineup: at rotation r the bot of lineup position i sits at seat
 * (i + r) mod N, on the same deal (the same seed: the same cards, the same
 * draws for the same actions). So luck of the cards and of the seat is
 * shared out evenly, and every bot is measured on the same deals.
 *
 * Entrants are the distinct bot names of the lineup; a name given for
 * several seats is one entrant holding several seats. For each entrant:
 * seat-games, wins with a 95% Wilson interval, the mean finishing place
 * with a 95% interval, and a rating (below).
 *
 * Failures: a game in which a program failed (its record's `failed`: the
 * default move stood in for it at least once) is left out of every
 * entrant's figures, since the stand-in's moves shaped every seat's place.
 * Each entrant counts the games its programs failed in, the result all the
 * games left out.
 *
 * Places: a ranked seat's place is its rank; seats the rules leave unranked
 * (Mattel: everybody but the winner) share the places after the ranked
 * ones (each gets their mean), as do ejected seats.
 *
 * Rating: the Elo model fitted to every pair of seats of different
 * entrants at every game (the better place wins, an equal place is half a
 * win each): Bradley-Terry by minorise-maximise iterations, on the Elo
 * scale, the entrants' mean at 1500. Two players: exactly the Elo
 * difference of the win rate. Each pair of entrants also gets one drawn
 * game as a prior, so that a bot that always wins has a finite rating.
 * Its 95% interval: the 2.5% and 97.5% points of the ratings fitted to
 * BOOTSTRAP resamples of the deals (deals drawn with replacement).
 *
 * What stays true: the same configuration (seed, lineup, budgets in
 * iterations, deals) gives the same results whatever the threads.
 */
#ifndef UNO_SIM_ARENA_H
#define UNO_SIM_ARENA_H

#include <stdint.h>

#include "sim/sim.h"

#define UNO_ARENA_NAME_LEN (UNO_BOT_COMMAND_LEN + 8) /* "cmd:Nms:" and a command */
#define UNO_ARENA_BOOTSTRAP 200

typedef struct UnoArenaConfig {
    UnoSimConfig sim;   /* rules, players, seed; bots[] and params[]: the lineup */
    char names[UNO_MAX_PLAYERS][UNO_ARENA_NAME_LEN]; /* the lineup's names, per position */
    uint64_t deals;
    int threads;
    /* called now and then from the calling thread (may be NULL) */
    void (*progress)(void *ctx, uint64_t games_done, uint64_t games);
    void *progress_ctx;
} UnoArenaConfig;

typedef struct UnoArenaEntrant {
    char name[UNO_ARENA_NAME_LEN];
    int seats;                   /* lineup positions it holds */
    uint64_t seat_games, wins;   /* of the games counted */
    uint64_t failed_games;       /* games one of its programs failed in: left out */
    double win_lo, win_hi;       /* 95% Wilson interval of wins / seat_games */
    double place, place_lo, place_hi;
    double rating, rating_lo, rating_hi;
} UnoArenaEntrant;

typedef struct UnoArenaResult {
    int nplayers, nentrants;
    uint64_t deals;
    UnoArenaEntrant entrants[UNO_MAX_PLAYERS];
    int entrant_of[UNO_MAX_PLAYERS];  /* lineup position -> entrant */
    /* places[(deal * N + rotation) * N + seat], twice the place (a shared
     * place can be a half) */
    uint16_t *places2;
    uint32_t *failed;                 /* per game (deal * N + rotation): the seats whose program failed */
    uint64_t games_left_out;          /* games with a failed program, in no figure */
    double seconds;
} UnoArenaResult;

/* Plays c->deals deals in every rotation. UNO_OK, or an error with a
 * message (a bot's action refused: a bug). */
int sim_arena_run(const UnoArenaConfig *c, UnoArenaResult *r, char *err, size_t errlen);
void sim_arena_result_free(UnoArenaResult *r);

/* The lineup position that sat at seat in rotation r. */
int sim_arena_position(int nplayers, int rotation, int seat);

#endif
