/*
 * random.c — the random bot (policy in bots.h). A simulation peer relies on
 * this exact policy and on the order in which it draws from the generator:
 * one draw for the play, one for its colour entry, one for the UNO call when
 * the play leaves one card.
 */
#include "bots/bots.h"

/* A random playable card (issue 3's policy: "a random playable card, a
 * uniform colour for a Wild" — single cards, so no KPGUT sets): first
 * uniform among the distinct cards, then among that card's entries
 * (colours). Returns the index in v->legal, or -1. */
static int pick_play(const UnoView *v, UnoRng *rng)
{
    int firsts[UNO_VIEW_MAX_LEGAL], ndistinct = 0;
    for (int i = 0; i < v->nlegal; i++) {
        if (v->legal[i].type != UNO_ACT_PLAY || v->legal[i].ncards != 1)
            continue;
        bool seen = false;
        for (int k = 0; k < ndistinct && !seen; k++)
            seen = uno_bot_same_cards(&v->legal[firsts[k]], &v->legal[i]);
        if (!seen)
            firsts[ndistinct++] = i;
    }
    if (ndistinct == 0)
        return -1;
    const UnoAction *chosen = &v->legal[firsts[uno_rng_below(rng, (uint32_t)ndistinct)]];
    int entries[UNO_VIEW_MAX_LEGAL], n = 0;
    for (int i = 0; i < v->nlegal; i++)
        if (v->legal[i].type == UNO_ACT_PLAY && v->legal[i].ncards == 1 &&
            uno_bot_same_cards(&v->legal[i], chosen))
            entries[n++] = i;
    return entries[uno_rng_below(rng, (uint32_t)n)];
}

/* The first legal entry among the types given, in that order of preference. */
static int first_of(const UnoView *v, const UnoActionType *types, int ntypes)
{
    for (int k = 0; k < ntypes; k++) {
        int i = uno_bot_find(v, types[k]);
        if (i >= 0)
            return i;
    }
    return -1;
}

bool uno_bot_random(const UnoBotParams *p, const UnoView *v, UnoRng *rng, UnoAction *out)
{
    if (!uno_bot_in_turn(v))
        return false;
    if (v->phase == UNO_PHASE_COLOR) {
        int colors[UNO_COLORS], n = 0;
        for (int i = 0; i < v->nlegal && n < UNO_COLORS; i++)
            if (v->legal[i].type == UNO_ACT_COLOR)
                colors[n++] = i;
        if (n == 0)
            return false;
        *out = v->legal[colors[uno_rng_below(rng, (uint32_t)n)]];
        return true;
    }
    int i = pick_play(v, rng);
    if (i >= 0) {
        *out = v->legal[i];
        if (uno_bot_leaves_one(v, out))
            out->uno = uno_bot_uniform(rng) < p->uno_rate;
        return true;
    }
    /* nothing playable: draw; facing a draw: take it; after a draw: pass */
    static const UnoActionType fallback[] = {UNO_ACT_DRAW, UNO_ACT_TAKE, UNO_ACT_PASS};
    i = first_of(v, fallback, 3);
    if (i < 0)
        return false;
    *out = v->legal[i];
    return true;
}
