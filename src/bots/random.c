/*
 * random.c — the random bot (policy in bots.h). A simulation peer relies on
 * this exact policy and on the order in which it draws from the generator:
 * one draw for the card, one for its colour entry, one for the UNO call when
 * the play leaves one card.
 *
 * The policy needs only the phase, the kinds the seat can begin a play with
 * (uno_game_playable: the view carries them) and the size of its hand, so
 * the same function serves a seat's view (bot_random) and a playout on
 * a game of the searcher's own (bot_random_step), which never builds a
 * view or a legal list.
 */
#include "bots/bits.h"
#include "bots/bots.h"

/* What the policy looks at. */
typedef struct Situation {
    int seat;
    UnoPhase phase;
    uint64_t playable; /* uno_game_playable for the seat in turn */
    int hand_count;
} Situation;

/* bots.h's UNO_BOT_RANDOM, for the seat in turn. */
static inline __attribute__((always_inline)) void random_policy(const Situation *s, const UnoBotParams *p, UnoRng *rng, UnoAction *out)
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
    /* uniform among the distinct cards, then among the card's entries. The
     * list's single cards come in kind order (uno.h: value by value, within
     * a value Yellow to Red, then W, W+4, X), so the k-th is the k-th set bit. */
    UnoCard c = (UnoCard)bits_nth(s->playable, uno_rng_below(rng, (uint32_t)bits_count(s->playable)));
    uno_action_init(out, UNO_ACT_PLAY, s->seat);
    out->ncards = 1;
    out->cards[0] = c;
    /* a Wild has an entry per colour, any other card one (each a constant
     * bound, which the inlined generator needs no rejection loop for) */
    if (uno_card_is_wild(c))
        out->color = (int8_t)uno_rng_below(rng, UNO_COLORS);
    else
        uno_rng_below(rng, 1);
    if (s->hand_count == 2)
        out->uno = bot_uniform(rng) < p->uno_rate;
}

bool bot_random(const UnoBotParams *p, const UnoView *v, UnoRng *rng, UnoAction *out)
{
    if (!bot_in_turn(v))
        return false;
    Situation s = {v->seat, v->phase, v->playable, v->hand_count};
    random_policy(&s, p, rng, out);
    return true;
}

void bot_random_step(const UnoBotParams *p, const UnoGame *g, int seat, UnoRng *rng, UnoAction *out)
{
    Situation s = {seat, uno_game_phase(g), uno_game_playable(g, seat), uno_game_hand_count(g, seat)};
    random_policy(&s, p, rng, out);
}

long bot_rollout(const UnoBotParams *p, UnoGame *g, UnoRng *rngs, long max_actions)
{
    long n = 0;
    for (int seat; n < max_actions && (seat = uno_game_turn(g)) >= 0; n++) {
        UnoAction a;
        bot_random_step(p, g, seat, &rngs[seat], &a);
        uno_game_step(g, &a);
    }
    return n;
}
