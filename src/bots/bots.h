/*
 * bots.h — computer players (ARCHITECTURE.md layer 2). A bot sees a UnoView
 * (uno_view.h) and nothing else: the same facts a person at the table has.
 *
 * What this module owns: the bot policies and their parameters.
 *
 * What stays true:
 *  - uno_bot_choose() returns only an entry of v->legal (the `uno` flag of a
 *    play may be set: UNO said with the play), so what it returns would be
 *    applied with UNO_OK to the game the view was built from.
 *  - The returned action keeps t = -1 (the legal list's): a caller that runs
 *    a clock sets `t` before applying it.
 *  - The only randomness is the caller's UnoRng; the same view, parameters
 *    and generator state give the same choice.
 *
 * How to drive bots: after every applied action, ask each bot seat again
 * (out-of-turn actions exist: catches, KPGUT side slides, UNO calls within
 * the grace); a bot returns false when it does nothing now.
 *
 * UNO_BOT_RANDOM (a simulation peer depends on exactly this policy):
 *  - in turn, facing nothing: a random playable card — a uniform choice among
 *    the distinct single cards of the legal plays (never a KPGUT set) — then
 *    a uniform colour among its entries (one per colour for Wilds); nothing
 *    playable: draw;
 *  - after drawing a playable card (phase DRAWN): play it (colour as above);
 *  - facing a pending draw: continue the chain (as above) if possible, else
 *    take; never challenges;
 *  - asked to name a colour (a Wild turned up): a uniform colour;
 *  - says UNO with a play that leaves one card with probability uno_rate
 *    (default 1.0, so that games are not decided by penalties); never says it
 *    otherwise, never catches, suspects, side-slides or gives up: out of
 *    turn it returns false.
 *
 * UNO_BOT_HEURISTIC: see heuristic.c.
 */
#ifndef UNO_BOTS_H
#define UNO_BOTS_H

#include <stdbool.h>

#include "uno_view.h"
#include "uno.h"

typedef enum { UNO_BOT_RANDOM, UNO_BOT_HEURISTIC, UNO_BOT_KINDS } UnoBotKind;

typedef struct UnoBotParams {
    double uno_rate;     /* random: chance of saying UNO with the play that leaves one card */
    double forget_uno;   /* heuristic: chance of forgetting to say UNO (0..1) */
    double suspect_rate; /* heuristic: chance of suspecting a draw as tactical (KPGUT §14) */
    double bluff_rate;   /* heuristic: chance of a Wild Draw 4 bluff, where a challenge can catch it */
} UnoBotParams;

/* uno_rate 1, forget_uno 0, suspect_rate 0.02, bluff_rate 0.05. */
void uno_bot_params_default(UnoBotParams *p);

/* "random", "heuristic" -> kind; -1 for anything else. */
int uno_bot_kind_parse(const char *name);
const char *uno_bot_kind_name(UnoBotKind kind);

/* Chooses what seat v->seat does now. false: nothing (out of turn with
 * nothing worth doing, or the game is over). params NULL: the defaults. */
bool uno_bot_choose(UnoBotKind kind, const UnoBotParams *params, const UnoView *v, UnoRng *rng,
                    UnoAction *out);

/* The two policies (random.c, heuristic.c), as dispatched by uno_bot_choose. */
bool uno_bot_random(const UnoBotParams *p, const UnoView *v, UnoRng *rng, UnoAction *out);
bool uno_bot_heuristic(const UnoBotParams *p, const UnoView *v, UnoRng *rng, UnoAction *out);
/* The random policy for `seat`, the seat in turn of g, computed from the
 * game itself (its phase, uno_game_playable and the hand's size) without a
 * view: what uno_bot_random would choose from uno_view_build(g, seat),
 * drawing the same numbers. For playouts on a game the caller owns (a
 * simulation, a search's sampled world); the action may go to uno_game_step. */
void uno_bot_random_step(const UnoBotParams *p, const UnoGame *g, int seat, UnoRng *rng, UnoAction *out);
/* A random playout: random bots (rngs[s] for seat s) play g to its end, or
 * for max_actions actions, through uno_game_step. Returns the actions taken.
 * What a search runs from each sampled world (uno_game_sample). */
long uno_bot_rollout(const UnoBotParams *p, UnoGame *g, UnoRng *rngs, long max_actions);

/* Shared by the policies (bots.c). */
/* A uniform real in [0, 1). */
double uno_bot_uniform(UnoRng *rng);
/* The index in v->legal of the first entry of the given type, or -1. */
int uno_bot_find(const UnoView *v, UnoActionType type);
/* Two plays with the same cards in the same order (colour aside). */
bool uno_bot_same_cards(const UnoAction *a, const UnoAction *b);
/* Whether a play leaves the seat with exactly one card (UNO to be said). */
bool uno_bot_leaves_one(const UnoView *v, const UnoAction *play);
/* Whether the seat plays in turn now (not a side slide). */
bool uno_bot_in_turn(const UnoView *v);

#endif
