/*
 * worlds.c — UnoWorlds (bots.h): the one place a search bot's input holds
 * the real game, and it gives out nothing but uno_game_sample's copies, in
 * which every card hidden from the seat is dealt again. The bots see this
 * struct only through bots.h, where it is opaque.
 *
 * A world dealt at random makes a Wild Draw 4 a bluff whenever the dealt
 * hand could have bluffed, which at KPGUT is nearly always; players bluff
 * far less. So where the seat faces another's Wild Draw 4, the worlds are
 * dealt in the belief the heuristic challenges by (bluffs.h): a share
 * bot_bluff_chance of them a bluff, the others not, each kind dealt again
 * until it comes up (a few attempts; then the last world stands).
 */
#include <stdlib.h>

#include "bots/bluffs.h"
#include "bots/bots.h"

/* Worlds dealt to find one of the kind wanted, at most. */
#define BLUFF_ATTEMPTS 64

struct UnoWorlds {
    const UnoGame *game;
    int seat;
    const UnoHistory *history;
    int wd4_by;   /* the player of the Wild Draw 4 the seat faces; -1 none */
    double bluff; /* the chance that it is a bluff */
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
    w->wd4_by = uno_game_turn(g) == seat ? uno_game_wd4_faced(g, NULL) : -1; /* public: who played it */
    if (w->wd4_by >= 0)
        w->bluff = bot_bluff_chance(uno_game_rules(g), h, w->wd4_by, uno_game_hand_count(g, w->wd4_by));
}

size_t bot_worlds_bytes(const UnoWorlds *w)
{
    return uno_game_bytes(w->game);
}

int bot_worlds_sample(const UnoWorlds *w, uint64_t seed, UnoGame *out)
{
    int rc = uno_game_sample(w->game, w->seat, w->history, seed, out);
    if (w->wd4_by < 0 || w->wd4_by == w->seat)
        return rc;
    UnoRng rng;
    uno_rng_seed(&rng, seed ^ 0xB1FFB1FFB1FFB1FFULL);
    bool want = bot_uniform(&rng) < w->bluff;
    bool bluff;
    for (int attempt = 1; rc == UNO_OK && attempt < BLUFF_ATTEMPTS; attempt++) {
        uno_game_wd4_faced(out, &bluff);
        if (bluff == want)
            break;
        rc = uno_game_sample(w->game, w->seat, w->history, uno_rng_next(&rng), out);
    }
    return rc;
}
