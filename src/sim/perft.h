/*
 * perft.h — counting the distinct legal action sequences from a position,
 * after chess engines' perft (docs/architecture.md "4. Simulation").
 *
 * What counts (docs/sim.md "perft"): the actions of the player in turn as
 * uno_game_legal lists them for that seat — plays (one per colour for Wilds,
 * one per distinct set under KPGUT), draw, pass, take, challenge and colour.
 * UNO calls, catches, suspicions, side slides (KPGUT §7), jump-ins and every other
 * action of the table are left out. A sequence is counted when it has
 * exactly `depth` actions; a game that ends sooner adds nothing. Chance is
 * not branched on: the game's generator is part of the copied state, so each
 * draw gives the cards the seed gives.
 *
 * What stays true: the position is never changed (children are copies made
 * with uno_game_copy); the count at depth 1 is the number of counted entries
 * of the legal list (leaves are counted, not applied, as chess perft does).
 */
#ifndef UNO_SIM_PERFT_H
#define UNO_SIM_PERFT_H

#include <stdbool.h>
#include <stdint.h>

#include "uno.h"

/* Whether perft counts this entry of the legal list of the seat in turn. */
bool sim_perft_counts(UnoActionType type);

/* Receives each first action and its count (--divide). */
typedef void (*UnoPerftDivideFn)(void *ctx, const UnoAction *first, uint64_t count);

/* The number of sequences of `depth` counted actions from g (depth 0: 1).
 * divide may be NULL. UNO_OK, or a message (out of memory; an action of the
 * legal list that the engine refused: a bug). */
int sim_perft(const UnoGame *g, int depth, UnoPerftDivideFn divide, void *ctx, uint64_t *count,
              char *err, size_t errlen);

/* "play R5", "play W+4 G", "play R5 G5", "draw", "color B", ... */
void sim_perft_action_text(const UnoAction *a, char *buf, size_t len);

#endif
