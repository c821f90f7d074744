/*
 * fast_random.c — the random bot without a view (fast_random.h).
 *
 * uno_bot_random (src/bots/random.c) takes a uniform index among the
 * distinct plays of the view's legal list (its first UNO_VIEW_MAX_LEGAL
 * entries), then a uniform index among that play's entries (one per colour
 * for a Wild), then, when the play leaves one card, one uniform real for the
 * UNO call. Plays come first in uno_game_legal's list, and entries with the
 * same cards are next to each other (only Wilds have several), so:
 *  - where every playable kind makes exactly one play (no KPGUT set is
 *    possible), the distinct plays are the playable kinds in list order —
 *    value by value (0..9, Skip, Reverse, Draw 2), within a value from Yellow
 *    down to Red, then Wild, Wild Draw 4, the blank — which kind_at walks
 *    with bit operations on the playable mask;
 *  - otherwise the engine lists the plays alone (legal_plays), and the
 *    distinct plays are its runs of entries with equal cards.
 */
#include <string.h>

#include "bots/view.h"
#include "engine/game.h"
#include "sim/fast_random.h"

#define BIT(k) (1ULL << (k))

static int bits_set(uint64_t m)
{
    int n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}

/* The k-th (from 0) playable kind in legal-list order. */
static UnoCard kind_at(uint64_t m, uint32_t k)
{
    uint64_t colored = m & (BIT(UNO_WILD) - 1);
    unsigned values = (unsigned)(colored | colored >> 13 | colored >> 26 | colored >> 39) & 0x1fff;
    for (; values; values &= values - 1) {
        int v = __builtin_ctz(values);
        for (int c = UNO_COLORS - 1; c >= 0; c--)
            if (m & BIT(13 * c + v) && k-- == 0)
                return uno_card_make(c, v);
    }
    uint64_t rest = m >> UNO_WILD; /* W, W+4, X: in kind order */
    for (; k > 0; k--)
        rest &= rest - 1;
    return (UnoCard)(UNO_WILD + __builtin_ctzll(rest));
}

/* KPGUT "Basic Gameplay" sets: does some playable kind start more than one
 * distinct play (another card of its value in hand, or a second Wild)? */
static bool has_sets(const Hand *h, uint64_t m)
{
    for (uint64_t rest = m; rest; rest &= rest - 1) {
        int k = __builtin_ctzll(rest);
        if (h->kinds[k] > 1)
            return true;
        if (k < UNO_WILD) {
            int v = k % 13, same = 0;
            for (int c = 0; c < UNO_COLORS; c++)
                same += h->kinds[uno_card_make(c, v)];
            if (same > 1)
                return true;
        }
    }
    return false;
}

static void init_turn_action(UnoAction *a, UnoActionType type, int seat)
{
    a->type = (uint8_t)type;
    a->seat = (int8_t)seat;
    a->target = -1;
    a->color = UNO_NO_COLOR;
    a->uno = false;
    a->ncards = 0;
    a->t = -1;
}

static bool same_cards(const UnoAction *a, const UnoAction *b)
{
    return a->ncards == b->ncards && memcmp(a->cards, b->cards, a->ncards) == 0;
}

/* A single card: the k-th playable kind, then its entry (a colour for a Wild). */
static void pick_kind(uint64_t m, int seat, UnoRng *rng, UnoAction *out)
{
    UnoCard c = kind_at(m, uno_rng_below(rng, (uint32_t)bits_set(m)));
    init_turn_action(out, UNO_ACT_PLAY, seat);
    out->ncards = 1;
    out->cards[0] = c;
    uint32_t entry = uno_rng_below(rng, uno_card_is_wild(c) ? UNO_COLORS : 1);
    if (uno_card_is_wild(c))
        out->color = (int8_t)entry;
}

/* Any play: a run of equal entries of the plays list, then one of its entries. */
static void pick_listed(const UnoGame *g, int seat, UnoRng *rng, UnoAction *out)
{
    UnoAction plays[UNO_VIEW_MAX_LEGAL];
    int total, n = legal_plays(g, seat, plays, UNO_VIEW_MAX_LEGAL, &total);
    int distinct = 0;
    for (int i = 0; i < n; i++)
        distinct += i == 0 || !same_cards(&plays[i], &plays[i - 1]);
    uint32_t k = uno_rng_below(rng, (uint32_t)distinct);
    int first = 0;
    for (int i = 1; i < n && k > 0; i++)
        if (!same_cards(&plays[i], &plays[i - 1]) && --k == 0)
            first = i;
    int end = first + 1;
    while (end < n && same_cards(&plays[end], &plays[first]))
        end++;
    *out = plays[first + (int)uno_rng_below(rng, (uint32_t)(end - first))];
}

void uno_sim_fast_random(const UnoGame *g, int seat, const UnoBotParams *p, UnoRng *rng,
                         UnoAction *out)
{
    if (g->phase == UNO_PHASE_COLOR) {
        init_turn_action(out, UNO_ACT_COLOR, seat);
        out->color = (int8_t)uno_rng_below(rng, UNO_COLORS);
        return;
    }
    const Hand *h = &g->seats[seat].hand;
    uint64_t m = playable_mask(g, seat);
    if (!m) { /* bots.h: nothing playable: draw; facing a draw: take it */
        init_turn_action(out, g->phase == UNO_PHASE_PENDING ? UNO_ACT_TAKE : UNO_ACT_DRAW, seat);
        return;
    }
    if (g->rules.play_sets && g->phase != UNO_PHASE_DRAWN && has_sets(h, m))
        pick_listed(g, seat, rng, out);
    else
        pick_kind(m, seat, rng, out);
    if (h->count - out->ncards == 1)
        out->uno = uno_bot_uniform(rng) < p->uno_rate;
}

UnoReason uno_sim_over_reason(const UnoGame *g)
{
    return g->phase == UNO_PHASE_OVER ? (UnoReason)g->over_reason : UNO_R_NONE;
}
