/*
 * sample.c — uno_game_sample (uno.h): a world a seat cannot tell from the
 * real one, for search bots (ISMCTS). The cards hidden from the seat are
 * dealt again at random; what the seat knows stays true.
 *
 * Known but not modelled: what a draw reveals by its end (a KPGUT player
 * who drew until playable held nothing playable before), and what a
 * player's choices suggest. The hidden rulings are worked out again from the
 * dealt hands: the Wild Draw 4 on the pile was illegal when its player's
 * hand (now) could have followed the pile under it; a drawer held a playable
 * card (KPGUT §14) when the hand it held before its draws, a random part of
 * its hand now, could have followed the pile it drew on.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"

#define BIT(k) (1ULL << (k))

/* The other seats' hidden cards (what h does not say they hold) and the
 * stock, in pool; the hands keep only their known cards. -1 when h says a
 * seat holds a card it does not. */
static int gather(UnoGame *out, const UnoGame *g, int seat, const UnoHistory *h, UnoCard *pool)
{
    int n = 0;
    for (int s = 0; s < g->nplayers; s++) {
        if (s == seat)
            continue;
        const Hand *real = &g->seats[s].hand;
        Hand *hand = &out->seats[s].hand;
        memset(hand, 0, sizeof *hand);
        for (int k = 0; k < UNO_KINDS; k++) {
            int known = h ? uno_history_known(h, s)[k] : 0;
            if (known > real->kinds[k])
                return -1;
            for (int i = 0; i < known; i++)
                hand_add(hand, (UnoCard)k);
            for (int i = known; i < real->kinds[k]; i++)
                pool[n++] = (UnoCard)k;
        }
    }
    memcpy(pool + n, game_stock_c(g), (size_t)g->stock_n);
    return n + g->stock_n;
}

/* The kinds a player in the middle of a draw must hold one of: the Mattel
 * drawn card waiting to be played, KPGUT's draw ending on a playable card. */
static uint64_t must_hold(const UnoGame *g)
{
    return pile_match_mask(g) | BIT(UNO_WILD4);
}

/* Puts a card of the kinds `wanted` first in pool (cards 0..n-1); false
 * when there is none. */
static bool bring_forward(UnoCard *pool, int n, uint64_t wanted)
{
    for (int i = 0; i < n; i++)
        if (wanted & BIT(pool[i])) {
            UnoCard c = pool[i];
            pool[i] = pool[0];
            pool[0] = c;
            return true;
        }
    return false;
}

/* Whether hand, less `drawn` of its cards at random, held a card playable
 * on (top, color): a tactical draw (KPGUT §14). The hand's cards are dealt
 * out in a random order; the first `drawn` of them count as the draws. */
static bool held_playable(UnoGame *out, const Hand *hand, int drawn, UnoCard top, int color, UnoRng *rng)
{
    UnoCard real_top = out->top;
    int8_t real_color = out->color;
    out->top = top;
    out->color = (int8_t)color;
    uint64_t playable = pile_match_mask(out) | BIT(UNO_WILD4);
    out->top = real_top;
    out->color = real_color;
    int left[UNO_KINDS], n = hand->count;
    for (int k = 0; k < UNO_KINDS; k++)
        left[k] = hand->kinds[k];
    for (int i = 0; i < drawn && n > 0; i++, n--) { /* take one card at random, n left */
        int pick = (int)uno_rng_below(rng, (uint32_t)n), k = 0;
        while (pick >= left[k])
            pick -= left[k++];
        left[k]--;
    }
    for (int k = 0; k < UNO_KINDS; k++)
        if (left[k] > 0 && (playable & BIT(k)))
            return true;
    return false;
}

/* The rulings that hang on hidden cards, worked out from the dealt hands. */
static void rule_again(UnoGame *out, int seat, const UnoHistory *h, UnoRng *rng)
{
    UnoCard top;
    int color;
    if (out->pending_kind == PENDING_WILD4 && out->wd4_seat >= 0 && out->wd4_seat != seat &&
        uno_history_wd4_pile(h, &top, &color)) {
        UnoCard real_top = out->top;
        int8_t real_color = out->color;
        out->top = top;
        out->color = (int8_t)color;
        out->wd4_illegal = wd4_breaks_rule(out, &out->seats[out->wd4_seat].hand);
        out->top = real_top;
        out->color = real_color;
    }
    int drawer = out->tactical_seat;
    if (drawer >= 0 && drawer != seat) {
        int drawn = uno_history_turn_draws(h, drawer, &top, &color);
        if (drawn > 0)
            out->tactical_right = held_playable(out, &out->seats[drawer].hand, drawn, top, color, rng);
    }
}

int uno_game_sample(const UnoGame *g, int seat, const UnoHistory *h, uint64_t seed, UnoGame *out)
{
    uno_game_copy(out, g);
    UnoCard *pool = malloc((size_t)g->deck_size);
    int n = pool ? gather(out, g, seat, h, pool) : -1;
    if (n < 0) {
        free(pool);
        uno_game_copy(out, g);
        return UNO_E_BAD_REQUEST;
    }
    UnoRng rng;
    uno_rng_seed(&rng, seed);
    shuffle_cards(&rng, pool, n);
    int next = 0;
    /* a player in the middle of a draw holds a playable card: the drawn one */
    int drawer = (g->phase == UNO_PHASE_DRAWN || g->phase == UNO_PHASE_MUST_PLAY) && g->turn != seat ? g->turn : -1;
    if (drawer >= 0 && !(out->seats[drawer].hand.mask & must_hold(g)) && bring_forward(pool, n, must_hold(g))) {
        hand_add(&out->seats[drawer].hand, pool[0]);
        if (g->phase == UNO_PHASE_DRAWN)
            out->drawn = pool[0];
        next = 1;
    } else if (drawer >= 0 && g->phase == UNO_PHASE_DRAWN) {
        uint64_t held = out->seats[drawer].hand.mask & must_hold(g);
        out->drawn = (UnoCard)__builtin_ctzll(held);
    }
    for (int s = 0; s < g->nplayers; s++)
        while (s != seat && out->seats[s].hand.count < g->seats[s].hand.count)
            hand_add(&out->seats[s].hand, pool[next++]);
    memcpy(game_stock(out), pool + next, (size_t)(n - next));
    free(pool);
    if (h)
        rule_again(out, seat, h, &rng);
    uno_rng_seed(&out->rng, uno_rng_next(&rng));
    return UNO_OK;
}
