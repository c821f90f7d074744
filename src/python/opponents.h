/*
 * opponents.h — the project's bots (src/bots) playing seats of unobook's
 * games in C: VecEnv's opponents, and unobook.Bot for one Game
 * (docs/python.md "Opponents inside C").
 *
 * What stays true:
 *  - A bot sees its seat's view (uno_view_build) and, for a search bot
 *    (ISMCTS), its seat's record of the game and worlds sampled from it:
 *    never the game itself, so no hidden card reaches it (bots.h).
 *  - A bot's only randomness is its seat's generator, seeded from the
 *    game's seed and the seat (unobook_bot_seed): the same deal, the same
 *    choices (but for ISMCTS under a time budget, "ismcts:Nms").
 *  - The random bot does nothing out of turn and plays in turn as
 *    bot_random_step does, as `uno arena` plays it.
 *  - Programs ("cmd:...") are refused: they do not run inside unobook.
 */
#ifndef UNOBOOK_OPPONENTS_H
#define UNOBOOK_OPPONENTS_H

#include "bots/bots.h"
#include "python/module.h"
#include "python/table.h"

/* One bot's policy: its kind and parameters (bot_parse's). */
typedef struct UnobookBot {
    UnoBotKind kind;
    UnoBotParams params;
} UnobookBot;

/* The seats the bots play in each game of a batch. */
typedef struct UnobookLineup {
    bool plays[UNO_MAX_PLAYERS];
    UnobookBot bots[UNO_MAX_PLAYERS];
} UnobookLineup;

/* A bot by name, as `uno arena --bots` takes it (easy, medium, hard,
 * expert, random, heuristic, ismcts[:N|:Nms]): 0, or -1 with ValueError. */
int unobook_bot_arg(const char *name, UnobookBot *out);
/* The lineup of `opponents` (None, or a dict of seat to bot name) for a
 * game of `players`: 0, or -1 with ValueError or TypeError (a seat out of
 * range, a bad name, every seat a bot's). */
int unobook_lineup_arg(PyObject *opponents, int players, UnobookLineup *out);

/* Whether the bot keeps its seat's record of the game (it searches). */
bool unobook_bot_searches(const UnobookBot *bot);
/* The seed of seat's bot generator in the game dealt with game_seed. */
uint64_t unobook_bot_seed(uint64_t game_seed, int seat);
/* Gives each seat of the lineup that searches a record of the game in t
 * (a table not dealt yet: its deals renew them). UNO_OK or UNO_E_NOMEM. */
UnoStatus unobook_lineup_records(const UnobookLineup *l, int players, UnobookTable *t);

/* What the bot at seat does now in the game of t, building its view in
 * scratch and drawing from rng: 1 and the action in *out (an entry of the
 * seat's legal list, perhaps with UNO said with a play), 0 nothing, -1 out
 * of memory. A search bot needs t's record of the seat. */
int unobook_bot_choose(const UnobookBot *bot, const UnobookTable *t, int seat, UnoView *scratch, UnoRng *rng,
                       UnoAction *out);

#endif
