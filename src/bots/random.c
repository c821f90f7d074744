/*
 * random.c — the random bot (policy in bots.h). A simulation peer relies on
 * this exact policy and on the order in which it draws from the generator:
 * one draw for the card, one for its colour entry, one for the UNO call when
 * the play leaves one card.
 *
 * The policy needs only the phase, the kinds the seat can begin a play with
 * (uno_game_playable: the view carries them) and the size of its hand, so
 * the same function serves a seat's view (uno_bot_random) and a playout on
 * a game of the searcher's own (uno_bot_random_step), which never builds a
 * view or a legal list.
 */
#include "bots/bots.h"

#define BIT(k) (1ULL << (k))

/* What the policy looks at. */
typedef struct Situation {
    int seat;
    UnoPhase phase;
    uint64_t playable; /* uno_game_playable for the seat in turn */
    int hand_count;
} Situation;

static int bits_set(uint64_t m)
{
    int n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}

/* The k-th (from 0) playable kind in the order of uno_game_legal's single
 * cards: value by value (0..9, Skip, Reverse, Draw 2), within a value from
 * Yellow down to Red, then Wild, Wild Draw 4, the blank. */
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

/* bots.h's UNO_BOT_RANDOM, for the seat in turn. */
static void random_policy(const Situation *s, const UnoBotParams *p, UnoRng *rng, UnoAction *out)
{
    if (s->phase == UNO_PHASE_COLOR) {
        uno_action_init(out, UNO_ACT_COLOR, s->seat);
        out->color = (int8_t)uno_rng_below(rng, UNO_COLORS);
        return;
    }
    if (!s->playable) { /* nothing playable: draw; facing a draw: take it */
        uno_action_init(out, s->phase == UNO_PHASE_PENDING ? UNO_ACT_TAKE : UNO_ACT_DRAW, s->seat);
        return;
    }
    /* uniform among the distinct cards, then among the card's entries */
    UnoCard c = kind_at(s->playable, uno_rng_below(rng, (uint32_t)bits_set(s->playable)));
    uno_action_init(out, UNO_ACT_PLAY, s->seat);
    out->ncards = 1;
    out->cards[0] = c;
    uint32_t entry = uno_rng_below(rng, uno_card_is_wild(c) ? UNO_COLORS : 1);
    if (uno_card_is_wild(c))
        out->color = (int8_t)entry;
    if (s->hand_count == 2)
        out->uno = uno_bot_uniform(rng) < p->uno_rate;
}

bool uno_bot_random(const UnoBotParams *p, const UnoView *v, UnoRng *rng, UnoAction *out)
{
    if (!uno_bot_in_turn(v))
        return false;
    Situation s = {v->seat, v->phase, v->playable, v->hand_count};
    random_policy(&s, p, rng, out);
    return true;
}

void uno_bot_random_step(const UnoBotParams *p, const UnoGame *g, int seat, UnoRng *rng, UnoAction *out)
{
    Situation s = {seat, uno_game_phase(g), uno_game_playable(g, seat), uno_game_hand_count(g, seat)};
    random_policy(&s, p, rng, out);
}

long uno_bot_rollout(const UnoBotParams *p, UnoGame *g, UnoRng *rngs, long max_actions)
{
    long n = 0;
    for (int seat; n < max_actions && (seat = uno_game_turn(g)) >= 0; n++) {
        UnoAction a;
        uno_bot_random_step(p, g, seat, &rngs[seat], &a);
        uno_game_step(g, &a);
    }
    return n;
}
