/*
 * table.h — one game as unobook plays it, without Python: the engine's
 * game, what each seat has seen played, the clock's ticks, a seat's
 * observation and the seats to ask (game.c's Game and vec.c's VecEnv are
 * both built on it).
 *
 * What stays true:
 *  - Every action is one the engine lists for its seat (or a bot chose
 *    from that list), applied through the engine's trusted path
 *    uno_game_step_listed, its events handed over as they are made; each
 *    tick through uno_game_apply_listed, with no copy of the game: a tick
 *    that fails changes nothing.
 *  - After each action, when think_ms > 0 and the game goes on, the clock
 *    moves on by a tick of think_ms (docs/rules.md reading 10), so KPGUT's
 *    UNO grace ends and its catches come due.
 *  - A seat's observation comes from what the engine's public accessors
 *    show that seat and the cards it saw (encode.h), never from the game's
 *    hidden state.
 *  - The last legal list is kept, with the seat it is of, until the game
 *    changes (an action, a tick, a deal) or another seat's is listed, so
 *    the seat that acts is listed once for its observation's decision
 *    flags, its mask and the check of its id. Which seats have an id to
 *    take: the seat in turn's list says (it is kept for the seat in turn,
 *    which most often acts next), the engine's types of their actions say
 *    for the others (uno_game_out_of_turn_types, all at once), listing
 *    none. One list a table keeps a large batch's memory small.
 *  - A table owns its memory (the game, the legal list) and shares nothing:
 *    tables may be played on different threads.
 */
#ifndef UNOBOOK_TABLE_H
#define UNOBOOK_TABLE_H

#include "python/encode.h"

typedef struct UnobookTable {
    UnoGame *game;
    const UnoRules *rules; /* the game's (during the deal: the ones it is dealt with) */
    int nplayers;
    int64_t think_ms;
    UnobookLegal legal;    /* the last seat's legal list */
    int listed;            /* the seat legal is of, in the game as it is now; -1: none */
    bool recording;        /* whether records holds any (set by the deal and the copy) */
    UnobookSeen seen;
    UnoHistory *records[UNO_MAX_PLAYERS]; /* the seats' records of the game, where one is kept (a
                                             search bot's: opponents.h); attached before the deal,
                                             which begins them anew */
} UnobookTable;

/* Deals game `seed` of these rules and players into t (a table zeroed, or
 * one dealt before with the same rules and players, whose memory it
 * reuses): the seats are named seat<i> and aged 20 + i; the seats' records
 * begin anew. UNO_OK, or a status and a message (a bad setup; out of
 * memory) and t unchanged but for its records. */
UnoStatus unobook_table_deal(UnobookTable *t, const UnoRules *rules, int nplayers, uint64_t seed,
                             int64_t think_ms, char *err, size_t errlen);
/* A copy of src into dst (zeroed): the game, what its seats saw, their
 * records (a world sampled for a seat: that seat's alone).
 * UNO_OK or UNO_E_NOMEM. With `sample_for` >= 0, the cards hidden from
 * that seat are dealt again from `seed` (uno_game_sample). */
UnoStatus unobook_table_copy(UnobookTable *dst, const UnobookTable *src, int sample_for, uint64_t seed);
void unobook_table_free(UnobookTable *t);

/* Seat's legal actions in the game as it is now, listed unless the kept
 * list is that seat's; NULL when out of memory. The list is good until the
 * next call for another seat or the next change of the game. */
const UnobookLegal *unobook_table_legal(UnobookTable *t, int seat);
/* Applies a (an action listed for its seat in the game as it is now, or a
 * bot's choice from that list: anything else is undefined), then the
 * tick. UNO_OK, or the tick's status and message. */
UnoStatus unobook_table_play(UnobookTable *t, const UnoAction *a, char *err, size_t errlen);
/* The seats with an id to take now into seats[]: those not in turn, in
 * order of play from the seat in turn, then the seat in turn (none once
 * the game is over). Returns their count, or -1 when out of memory. The
 * seat in turn's list is made and kept only when it is the first asked. */
int unobook_table_deciders(UnobookTable *t, int seats[UNO_MAX_PLAYERS]);
/* Writes seat's observation (unobook_observation_size floats): UNO_OK or
 * UNO_E_NOMEM. */
UnoStatus unobook_table_observe(UnobookTable *t, int seat, float *out);
/* Each seat's reward at the end, from the engine's ranks (docs/python.md):
 * +1 first place, -1 the last place given and no place, evenly between. */
void unobook_table_rewards(const UnobookTable *t, float out[UNO_MAX_PLAYERS]);

#endif
