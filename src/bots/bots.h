/*
 * bots.h — computer players (docs/architecture.md, layer 2). A bot sees a UnoView
 * (uno_view.h) and nothing else: the same facts a person at the table has.
 *
 * What this module owns: the bot policies and their parameters.
 *
 * What stays true:
 *  - bot_choose_action() returns only an entry of v->legal (the `uno` flag of a
 *    play may be set: UNO said with the play), so what it returns would be
 *    applied with UNO_OK to the game the view was built from.
 *  - The returned action keeps t = -1 (the legal list's): a caller that runs
 *    a clock sets `t` before applying it.
 *  - The only randomness is the caller's UnoRng; the same view, parameters
 *    and generator state give the same choice.
 *
 * How to drive bots: after every applied action, ask each bot seat again
 * (out-of-turn actions exist: catches, KPGUT side slides, jump-ins, UNO calls within
 * the grace); a bot returns false when it does nothing now.
 *
 * UNO_BOT_RANDOM (a simulation peer depends on exactly this policy):
 *  - in turn, facing nothing: a random playable card — a uniform choice among
 *    the distinct single cards of the legal plays (never a KPGUT set) — then
 *    a uniform choice among its entries (one per colour for Wilds; under
 *    the house rule 7-0, one per seat a 7 may swap hands with); nothing
 *    playable: draw;
 *  - after drawing a playable card (phase DRAWN): play it (colour as above);
 *  - facing a pending draw: continue the chain (as above) if possible, else
 *    take; never challenges;
 *  - asked to name a colour (a Wild turned up): a uniform colour;
 *  - says UNO with a play that leaves one card with probability uno_rate
 *    (default 1.0, so that games are not decided by penalties); never says it
 *    otherwise, never catches, suspects, side-slides, jumps in or gives up: out of
 *    turn it returns false.
 *
 * UNO_BOT_HEURISTIC: see heuristic.c. UNO_BOT_ISMCTS: see ismcts.c; it also
 * searches worlds the seat cannot tell from the real one (UnoWorlds, below),
 * which hand out sampled copies only, never the real game.
 *
 * UNO_BOT_EXTERNAL: another program decides (extbot.h asks it and judges its
 * answers; protocol/extbot_link.h runs it and speaks the table protocol
 * with it: docs/bots-external.md). Its seat's parameters carry the command
 * and its time limit; bot_choose_action() itself plays the program's default
 * move, the random policy, which is what the adapter falls back to when
 * the program fails to answer.
 *
 * Levels for people (bot_parse): easy (the random policy), medium (the
 * heuristic), hard and expert (ISMCTS at rising budgets). Every one sees
 * only what its seat may see.
 */
#ifndef UNO_BOTS_H
#define UNO_BOTS_H

#include <stdbool.h>

#include "uno_view.h"
#include "uno.h"

typedef enum { UNO_BOT_RANDOM, UNO_BOT_HEURISTIC, UNO_BOT_ISMCTS, UNO_BOT_EXTERNAL, UNO_BOT_KINDS } UnoBotKind;

/* The longest external bot command ("cmd:COMMAND"), its NUL included. */
#define UNO_BOT_COMMAND_LEN 256
/* An external bot's time limit for an answer when its name sets none. */
#define UNO_BOT_EXTERNAL_MS 1000
/* The time an external bot's first answer is given on top of the limit,
 * for the program to start (an interpreter, its imports), when its name
 * sets none: several seconds, so that a Python bot starting on a loaded
 * machine is not cut off. */
#define UNO_BOT_STARTUP_MS 5000

typedef struct UnoBotParams {
    double uno_rate;     /* random: chance of saying UNO with the play that leaves one card */
    double forget_uno;   /* heuristic, ismcts: chance of forgetting to say UNO (0..1) */
    double bluff_rate;   /* heuristic: chance of a Wild Draw 4 bluff, where a challenge can catch it */
    int iterations;      /* ismcts: sampled worlds searched per decision (0: no limit) */
    int think_ms;        /* ismcts: milliseconds per decision, not deterministic (0: no limit;
                            neither limit: 1000 iterations); external: the time limit of an answer */
    double guide;        /* ismcts: how sure, in standard errors, the search must be of a move
                            better than the heuristic's to play it instead (0: the search alone) */
    int startup_ms;      /* external: the time the first answer is given on top of think_ms */
    char command[UNO_BOT_COMMAND_LEN]; /* external: the program, run with /bin/sh -c */
} UnoBotParams;

/* uno_rate 1, forget_uno 0, bluff_rate 0.05, ismcts
 * 1000 iterations, no time limit and no guide. */
void bot_params_default(UnoBotParams *p);

/* "random", "heuristic", "ismcts", "external". */
const char *bot_kind_name(UnoBotKind kind);

/* A bot by name: a kind ("random", "heuristic", "ismcts"; "ismcts:N" for N
 * iterations, "ismcts:Nms" for N milliseconds a decision), a level
 * ("easy", "medium", "hard", "expert") or a program ("cmd:COMMAND";
 * "cmd:Nms:COMMAND" for N milliseconds to answer instead of
 * UNO_BOT_EXTERNAL_MS, "cmd:+Sms:COMMAND" for S milliseconds more for the
 * first answer instead of UNO_BOT_STARTUP_MS, "cmd:Nms+Sms:COMMAND" both).
 * Sets *kind and, for the levels, the budgets and the programs, the fields
 * of p they decide (p keeps the others).
 * UNO_OK, or UNO_E_BAD_REQUEST with the names in err. */
int bot_parse(const char *name, UnoBotKind *kind, UnoBotParams *p, char *err, size_t errlen);

/* Worlds a seat cannot tell from the real game (worlds.c): what a search
 * bot gets instead of the game. It hands out sampled copies only
 * (uno_game_sample over the seat's history), so a bot cannot reach a hidden
 * card. Valid while the game and the history it was set from are. */
typedef struct UnoWorlds UnoWorlds;
UnoWorlds *bot_worlds_new(void); /* NULL when out of memory */
void bot_worlds_free(UnoWorlds *w);
/* The worlds of seat in g, as its history h (never NULL: the rulings that
 * hang on hidden cards are worked out from it) tells them. */
void bot_worlds_set(UnoWorlds *w, const UnoGame *g, int seat, const UnoHistory *h);
/* Bytes a world takes (uno_game_bytes of the game). */
size_t bot_worlds_bytes(const UnoWorlds *w);
/* One world, dealt from seed, into out (bot_worlds_bytes bytes). UNO_OK, or
 * UNO_E_BAD_REQUEST when the history contradicts the game. */
int bot_worlds_sample(const UnoWorlds *w, uint64_t seed, UnoGame *out);

/* Chooses what seat v->seat does now. false: nothing (out of turn with
 * nothing worth doing, or the game is over). params NULL: the defaults.
 * worlds: the seat's worlds (bot_worlds_set with v's game, seat and
 * history), needed by UNO_BOT_ISMCTS only (without them it plays as the
 * heuristic); the others may be given NULL. */
bool bot_choose_action(UnoBotKind kind, const UnoBotParams *params, const UnoView *v,
                       const UnoWorlds *worlds, UnoRng *rng, UnoAction *out);

/* The two policies (random.c, heuristic.c), as dispatched by bot_choose_action. */
bool bot_random(const UnoBotParams *p, const UnoView *v, UnoRng *rng, UnoAction *out);
bool bot_heuristic(const UnoBotParams *p, const UnoView *v, UnoRng *rng, UnoAction *out);
bool bot_ismcts(const UnoBotParams *p, const UnoView *v, const UnoWorlds *worlds, UnoRng *rng,
                UnoAction *out);
/* What the search (ismcts.c) credits each seat with in a world played out,
 * into r[seat]: the share of the other seats that finished behind it (a
 * seat without a place is behind every placed one). 1 for the winner, 0 for
 * the last place: under KPGUT, where every place is played, (n - rank) /
 * (n - 1); under Mattel and classic, where the losers share the place after
 * the winner, 1 for the winner and 0 for every loser, whatever the number of
 * players. A game not over (a playout cut short) is even: 1/n each. */
void bot_search_rewards(const UnoGame *world, double *r);
/* What the heuristic does at the table in or out of turn (heuristic.c):
 * catch, say UNO, side-slide or jump in, suspect; false: none of these. */
bool bot_table_action(const UnoBotParams *p, const UnoView *v, UnoRng *rng, UnoAction *out);
/* The random policy for `seat`, the seat in turn of g, computed from the
 * game itself (its phase, uno_game_playable and the hand's size) without a
 * view: what bot_random would choose from uno_view_build(g, seat),
 * drawing the same numbers. For playouts on a game the caller owns (a
 * simulation, a search's sampled world); the action may go to uno_game_step. */
void bot_random_step(const UnoBotParams *p, const UnoGame *g, int seat, UnoRng *rng, UnoAction *out);
/* A random playout: random bots (rngs[s] for seat s) play g to its end, or
 * for max_actions actions, through uno_game_step. Returns the actions taken.
 * What a search runs from each sampled world (uno_game_sample). */
long bot_rollout(const UnoBotParams *p, UnoGame *g, UnoRng *rngs, long max_actions);

/* Shared by the policies (bots.c). */
/* A uniform real in [0, 1). */
double bot_uniform(UnoRng *rng);
/* Cards of that colour among hand kinds (UNO_KINDS counts). */
int bot_color_count(const uint8_t *kinds, int color);
/* The index in v->legal of the first entry of the given type, or -1. */
int bot_find(const UnoView *v, UnoActionType type);
/* Two plays with the same cards in the same order (colour aside). */
bool bot_same_cards(const UnoAction *a, const UnoAction *b);
/* Whether a play leaves the seat with exactly one card (UNO to be said). */
bool bot_leaves_one(const UnoView *v, const UnoAction *play);
/* Whether the seat plays in turn now (not a side slide or a jump-in). */
bool bot_in_turn(const UnoView *v);

#endif
