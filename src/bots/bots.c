/*
 * bots.c — the bot dispatcher, parameters and helpers both policies share.
 */
#include <string.h>

#include "bots/bots.h"

static const char *const kind_names[UNO_BOT_KINDS] = {"random", "heuristic"};

void uno_bot_params_default(UnoBotParams *p)
{
    p->uno_rate = 1.0;
    p->forget_uno = 0.0;
    p->suspect_rate = 0.02;
    p->bluff_rate = 0.05;
}

int uno_bot_kind_parse(const char *name)
{
    for (int k = 0; k < UNO_BOT_KINDS; k++)
        if (strcmp(name, kind_names[k]) == 0)
            return k;
    return -1;
}

const char *uno_bot_kind_name(UnoBotKind kind)
{
    return (unsigned)kind < UNO_BOT_KINDS ? kind_names[kind] : "?";
}

bool uno_bot_choose(UnoBotKind kind, const UnoBotParams *params, const UnoView *v, UnoRng *rng,
                    UnoAction *out)
{
    UnoBotParams defaults;
    if (!params) {
        uno_bot_params_default(&defaults);
        params = &defaults;
    }
    if (v->phase == UNO_PHASE_OVER || v->nlegal == 0)
        return false;
    switch (kind) {
    case UNO_BOT_RANDOM:
        return uno_bot_random(params, v, rng, out);
    case UNO_BOT_HEURISTIC:
        return uno_bot_heuristic(params, v, rng, out);
    default:
        return false;
    }
}

double uno_bot_uniform(UnoRng *rng)
{
    return (double)(uno_rng_next(rng) >> 11) * (1.0 / 9007199254740992.0);
}

int uno_bot_find(const UnoView *v, UnoActionType type)
{
    for (int i = 0; i < v->nlegal; i++)
        if (v->legal[i].type == type)
            return i;
    return -1;
}

bool uno_bot_same_cards(const UnoAction *a, const UnoAction *b)
{
    return a->ncards == b->ncards && memcmp(a->cards, b->cards, a->ncards) == 0;
}

bool uno_bot_leaves_one(const UnoView *v, const UnoAction *play)
{
    return v->hand_count - play->ncards == 1;
}

bool uno_bot_in_turn(const UnoView *v)
{
    return v->turn == v->seat && v->phase != UNO_PHASE_OVER;
}
