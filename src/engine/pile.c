/*
 * pile.c — hands, the stock and the discard pile, and who sits where.
 */
#include <string.h>

#include "engine/game.h"
#include "engine/rng.h"
#include "uno_session.h"

#define BIT(k) (1ULL << (k))

/* Fisher–Yates with the game's generator, from the top of the pile down:
 * each step fixes one place. The generator works on a local copy: a card is
 * a byte, which may alias anything, so writing cards through *rng would make
 * the compiler reload and store its state at every swap. */
void shuffle_top(UnoRng *rng, UnoCard *cards, int n, int k)
{
    UnoRng local = *rng;
    int last = n - k > 1 ? n - k : 1;
    for (int i = n - 1; i >= last; i--) {
        int j = (int)rng_below(&local, (uint32_t)i + 1);
        UnoCard tmp = cards[i];
        cards[i] = cards[j];
        cards[j] = tmp;
    }
    *rng = local;
}

void shuffle_cards(UnoRng *rng, UnoCard *cards, int n) { shuffle_top(rng, cards, n, n); }

void discard_bury(UnoGame *g, const Hand *h)
{
    for (int k = 0; k < UNO_KINDS; k++)
        g->discard_kinds[k] = (uint8_t)(g->discard_kinds[k] + h->kinds[k]);
    g->discard_n = (int16_t)(g->discard_n + h->count);
}

void stock_shuffle_in(UnoGame *g, const Hand *h)
{
    UnoCard *stock = game_stock(g);
    int counts[UNO_KINDS];
    for (int k = 0; k < UNO_KINDS; k++)
        counts[k] = h->kinds[k];
    g->stock_n = (int16_t)(g->stock_n + cards_in_deck_order(counts, stock + g->stock_n));
    shuffle_cards(&g->rng, stock, g->stock_n);
}

/* KPGUT §4 (Finnish): the reshuffler is the oldest player already finished,
 * else a spectator, else the oldest player. Returns a seat, or -1 for a
 * spectator. MyUNO and classic do not say who shuffles; the event names the
 * same person. */
static int reshuffler(const UnoGame *g)
{
    int best = -1;
    for (int s = 0; s < g->nplayers; s++)
        if (g->seats[s].status == SEAT_FINISHED &&
            (best < 0 || g->seats[s].info.age > g->seats[best].info.age))
            best = s;
    if (best >= 0)
        return best;
    return g->nspectators > 0 ? -1 : oldest_seat(g);
}

/* The cards that stay on the pile when it is reshuffled: the top card; and
 * while a cheat can still be caught (honour mode, KPGUT §10), every card of
 * its play (the top is its last) and the card they covered, which the catch
 * puts back in their places (docs/rules.md reading 16). */
static void cards_kept(const UnoGame *g, uint8_t kept[UNO_KINDS])
{
    memset(kept, 0, UNO_KINDS);
    const Cheat *ch = &g->cheat;
    if (ch->seat >= 0) {
        for (int i = 0; i < ch->ncards; i++)
            kept[ch->cards[i]]++;
        if (ch->top != UNO_NO_CARD)
            kept[ch->top]++;
    } else if (g->top != UNO_NO_CARD) {
        kept[g->top] = 1;
    }
}

/* MyUNO "Going Out": when the draw pile is depleted the discard pile is
 * reshuffled (gathered in deck order first, as a new deck is laid out); classic: "reshuffle the discard pile, excluding the top card";
 * KPGUT §4: at least the last played card stays. Returns the number of cards
 * that became the stock. */
static int reshuffle(UnoGame *g, EventSink *out)
{
    uint8_t kept[UNO_KINDS];
    cards_kept(g, kept);
    int gathered[UNO_KINDS];
    for (int k = 0; k < UNO_KINDS; k++) {
        gathered[k] = g->discard_kinds[k] - kept[k];
        g->discard_kinds[k] = kept[k];
    }
    UnoCard *stock = game_stock(g);
    int n = cards_in_deck_order(gathered, stock);
    g->discard_n = (int16_t)(g->discard_n - n);
    shuffle_cards(&g->rng, stock, n);
    g->stock_n = (int16_t)n;
    if (n > 0) {
        int by = reshuffler(g);
        ev_emit(out, UNO_EV_RESHUFFLE, by, by < 0 ? 0 : -1, UNO_NO_COLOR, n, UNO_R_NONE, NULL, 0);
    }
    return n;
}

/* The kinds that make the hand of the seat in turn playable while it draws
 * until it can play (phase MUST_PLAY): those matching the pile and the Wild
 * Draw 4, or before the opening play any kind but the Wild Draw 4. The hand
 * holds one of them exactly when playable_mask finds a card: a Wild Draw 4
 * is refused only for another card that the hand could play (a card of the
 * colour in force, or any playable card), which is one of them too. One
 * test a card instead of the whole playable mask (KPGUT draws some 280
 * cards a game). */
static inline uint64_t kinds_ending_a_draw(const UnoGame *g)
{
    if (g->top == UNO_NO_CARD)
        return ~BIT(UNO_WILD4);
    return pile_match_mask(g) | BIT(UNO_WILD4);
}

/* Draws n cards for seat, and with until_playable (seat in turn, phase
 * MUST_PLAY) goes on one at a time until the hand can play. The cards drawn
 * come as one event, split where the stock is reshuffled. Inline in its
 * callers below, which give it constants for the most frequent draw. */
static inline __attribute__((always_inline)) int draw(UnoGame *g, int seat, int n, bool until_playable, UnoReason reason, EventSink *out, UnoCard *last)
{
    UnoCard got[UNO_MAX_CARDS];
    int drawn = 0, reported = 0;
    Hand *h = &g->seats[seat].hand;
    uint64_t ending = until_playable ? kinds_ending_a_draw(g) : 0;
    while (drawn < n || (until_playable && !(h->mask & ending))) {
        if (g->stock_n == 0) {
            if (drawn > reported) {
                ev_emit(out, UNO_EV_DRAW, seat, -1, UNO_NO_COLOR, drawn - reported, reason,
                        got + reported, drawn - reported);
                reported = drawn;
            }
            if (reshuffle(g, out) == 0)
                break;
        }
        UnoCard c = game_stock(g)[--g->stock_n];
        hand_add(h, c);
        got[drawn++] = c;
        if (seat == g->wd4_seat && g->wd4_nsince < WD4_SINCE) /* not in the hand a challenge shows */
            g->wd4_since[g->wd4_nsince++] = c;
    }
    if (drawn > reported)
        ev_emit(out, UNO_EV_DRAW, seat, -1, UNO_NO_COLOR, drawn - reported, reason,
                got + reported, drawn - reported);
    if (g->stock_n == 0) /* "by the time the draw pile is depleted" (MyUNO), "at any time" (classic) */
        reshuffle(g, out);
    if (h->count > 1)
        g->seats[seat].call = CALL_NONE;
    if (last)
        *last = drawn ? got[drawn - 1] : UNO_NO_CARD;
    return drawn;
}

int draw_cards(UnoGame *g, int seat, int n, UnoReason reason, EventSink *out, UnoCard *last)
{
    if (!out) /* the trusted path: compiled without events, and a draw in turn without a loop */
        return n == 1 ? draw(g, seat, 1, false, reason, NULL, last) : draw(g, seat, n, false, reason, NULL, last);
    return draw(g, seat, n, false, reason, out, last);
}

int draw_until_playable(UnoGame *g, int seat, int first, EventSink *out)
{
    if (!out) /* the trusted path: compiled without events */
        return draw(g, seat, first, true, UNO_R_DRAW, NULL, NULL);
    return draw(g, seat, first, true, UNO_R_DRAW, out, NULL);
}

int active_players(const UnoGame *g)
{
    int n = 0;
    for (int s = 0; s < g->nplayers; s++)
        n += seat_active(g, s);
    return n;
}

void seat_ages(const UnoGame *g, int *ages)
{
    for (int s = 0; s < g->nplayers; s++)
        ages[s] = g->seats[s].status == SEAT_EJECTED ? -1 : g->seats[s].info.age;
}

void note_ages(UnoGame *g)
{
    int ages[UNO_MAX_PLAYERS];
    seat_ages(g, ages);
    g->oldest = (int8_t)uno_oldest(ages, g->nplayers);
    g->youngest = (int8_t)uno_youngest(ages, g->nplayers);
}
