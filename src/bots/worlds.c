/*
 * worlds.c — UnoWorlds (bots.h): the one place a search bot's input holds
 * the real game, and it gives out nothing but uno_game_sample's copies, in
 * which every card hidden from the seat is dealt again. The bots see this
 * struct only through bots.h, where it is opaque.
 */
#include <stdlib.h>

#include "bots/bots.h"

struct UnoWorlds {
    const UnoGame *game;
    int seat;
    const UnoHistory *history;
};

UnoWorlds *bot_worlds_new(void)
{
    return calloc(1, sizeof(UnoWorlds));
}

void bot_worlds_free(UnoWorlds *w)
{
    free(w);
}

void bot_worlds_set(UnoWorlds *w, const UnoGame *g, int seat, const UnoHistory *h)
{
    w->game = g;
    w->seat = seat;
    w->history = h;
}

size_t bot_worlds_bytes(const UnoWorlds *w)
{
    return uno_game_bytes(w->game);
}

int bot_worlds_sample(const UnoWorlds *w, uint64_t seed, UnoGame *out)
{
    return uno_game_sample(w->game, w->seat, w->history, seed, out);
}
