/*
 * fast_random.c — the random bot without a view (fast_random.h).
 *
 * uno_bot_random (src/bots/random.c) takes a uniform index among the
 * distinct single cards of the view's legal plays, then a uniform index among
 * that card's entries (one per colour for a Wild), then, when the play
 * leaves one card, one uniform real for the UNO call. The single-card plays
 * of uno_game_legal's list come value by value (0..9, Skip, Reverse, Draw 2),
 * within a value from Yellow down to Red, then Wild, Wild Draw 4, the blank:
 * exactly the playable kinds, which kind_at walks with bit operations on
 * the playable mask.
 */
#include "bots/bots.h"
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
    pick_kind(m, seat, rng, out);
    if (h->count - out->ncards == 1)
        out->uno = uno_bot_uniform(rng) < p->uno_rate;
}

UnoReason uno_sim_over_reason(const UnoGame *g)
{
    return g->phase == UNO_PHASE_OVER ? (UnoReason)g->over_reason : UNO_R_NONE;
}

const UnoRng *uno_sim_game_rng(const UnoGame *g) { return &g->rng; }
