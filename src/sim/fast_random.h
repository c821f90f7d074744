/*
 * fast_random.h — the random bot's policy (bots.h, UNO_BOT_RANDOM) computed
 * from the engine's playable-card bit set instead of a view and a legal list.
 *
 * What this module owns: the engine's internal state (engine/game.h) that
 * the simulator reads — the playable mask of a seat, the game's generator and
 * the reason a game ended. uno.h exports none of them. The playout
 * (playout.c) is the only other module of src/sim that includes game.h.
 *
 * What stays true: uno_sim_fast_random chooses exactly the action
 * uno_bot_random would choose from uno_view_build(g, seat), drawing exactly
 * the same numbers from rng, in every phase and under every rule set
 * (tests/sim/test_sim.c checks it over thousands of games); it only never
 * builds the view.
 */
#ifndef UNO_SIM_FAST_RANDOM_H
#define UNO_SIM_FAST_RANDOM_H

#include <stdbool.h>

#include "bots/bots.h"
#include "uno.h"

/* The random bot's action for `seat`, the seat in turn (see above). */
void uno_sim_fast_random(const UnoGame *g, int seat, const UnoBotParams *p, UnoRng *rng,
                         UnoAction *out);

/* The game's own generator (the deal's and the reshuffles'). */
const UnoRng *uno_sim_game_rng(const UnoGame *g);

/* How the game ended (UNO_R_OUT, UNO_R_LAST_PLAYER, UNO_R_EXHAUSTED,
 * UNO_R_TIME); UNO_R_NONE while it goes on. */
UnoReason uno_sim_over_reason(const UnoGame *g);

#endif
