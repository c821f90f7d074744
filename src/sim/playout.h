/*
 * playout.h — games where every seat is the random bot, played on a compact
 * state without the engine's validation: the fast path of `uno sim` and
 * `uno bench`.
 *
 * What this module owns: a second implementation of exactly the part of the
 * rules that random bots reach — plays in turn, draws, taking a pending draw,
 * naming the colour of a Wild turned up, the deal and the first card,
 * reshuffles, going out, ranking — for any rule set and options. Out-of-turn
 * actions (catches, side slides, jump-ins, suspicions, challenges, warnings, votes,
 * joining, giving up) and the clock never happen between random bots (bots.h),
 * so nothing here models them.
 *
 * What stays true: for the same config and index, sim_playout_play fills
 * exactly the record sim_play fills through uno_game_apply — the same
 * deal, the same random numbers drawn by the game and by each bot, the same
 * turns, actions, cards drawn, reshuffles, duration, ranks and end digest.
 * tests/sim/test_playout.c checks it game by game under every rule set and
 * the options that change play; `uno sim --reference` plays through the
 * engine instead, for anyone who wants to see it.
 */
#ifndef UNO_SIM_PLAYOUT_H
#define UNO_SIM_PLAYOUT_H

#include <stdbool.h>

#include "sim/sim.h"

typedef struct UnoPlayout UnoPlayout;

/* Whether the playout plays c's games: every seat random, no events, and
 * none of the house rules forced play, hand limit, 7-0 and jump-in (they
 * set hands aside, swap them or move the turn out of order, which is not
 * modelled here: the engine plays those). */
bool sim_playout_fits(const UnoSimConfig *c);

/* A playout for c (which fits and whose rules validate); NULL: no memory. */
UnoPlayout *sim_playout_new(const UnoSimConfig *c);
void sim_playout_free(UnoPlayout *p);

/* Plays game `index` (its seed already in r->seed) and fills *r. UNO_OK, or
 * a message when the game would not end within config.max_actions. */
int sim_playout_play(UnoPlayout *p, UnoSimRecord *r, char *err, size_t errlen);

#endif
