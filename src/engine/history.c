/*
 * history.c — a viewer's record of a game (uno.h, "what each may see"):
 * every event as that viewer saw it, and what it knows of other hands.
 *
 * What it knows of a hand: the cards shown to the viewer (a challenged or
 * suspected hand, a give-up) and the cards a caught cheat took back in view
 * of all, until that seat plays them; and what the hand lacks (the voids):
 * a draw that goes on shows that the hand held nothing playable. Seats move
 * up when a newcomer sits down (KPGUT §13), and what is known moves with
 * them; a hand swapped under 7-0 too.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"

#define BIT(k) (1ULL << (k))
#define ALL_KINDS (BIT(UNO_KINDS) - 1)
#define VOIDS 4 /* kept per seat; the oldest goes first (knowing less is safe) */

struct UnoHistory {
    int viewer;
    int n, cap;
    UnoEvent *events;       /* cards: the visible ones, owned here, or NULL */
    uint8_t known[UNO_MAX_PLAYERS][UNO_KINDS];
    UnoCard top;            /* the pile as the events tell it, */
    int color;
    UnoCard before_top;     /* ... and before the last play (back after a caught cheat, §10) */
    int before_color;
    UnoVoid voids[UNO_MAX_PLAYERS][VOIDS];
    int nvoids[UNO_MAX_PLAYERS];
    UnoCard wd4_top;        /* the pile under the last Wild Draw 4 */
    int wd4_color;
    int drawer;             /* the last seat that drew in its turn, and */
    int drawn;              /* ... how many cards since the pile was */
    UnoCard draw_top;       /* ... this */
    int draw_color;
};

UnoHistory *uno_history_new(int viewer)
{
    UnoHistory *h = calloc(1, sizeof *h);
    if (h) {
        h->viewer = viewer;
        h->top = h->before_top = h->wd4_top = h->draw_top = UNO_NO_CARD;
        h->color = h->before_color = h->wd4_color = h->draw_color = UNO_NO_COLOR;
        h->drawer = -1;
    }
    return h;
}

void uno_history_free(UnoHistory *h)
{
    if (!h)
        return;
    for (int i = 0; i < h->n; i++)
        free((void *)h->events[i].cards);
    free(h->events);
    free(h);
}

UnoHistory *uno_history_copy(const UnoHistory *src)
{
    UnoHistory *h = malloc(sizeof *h);
    if (!h)
        return NULL;
    *h = *src;
    h->cap = h->n;
    h->events = h->n ? malloc((size_t)h->n * sizeof *h->events) : NULL;
    if (h->n && !h->events) {
        free(h);
        return NULL;
    }
    for (int i = 0; i < src->n; i++) {
        UnoEvent *e = &h->events[i];
        *e = src->events[i];
        if (e->cards) {
            UnoCard *cards = malloc(e->ncards);
            if (cards)
                memcpy(cards, src->events[i].cards, e->ncards);
            e->cards = cards;
            if (!cards) {
                h->n = i;
                uno_history_free(h);
                return NULL;
            }
        }
    }
    return h;
}

int uno_history_count(const UnoHistory *h) { return h->n; }
const UnoEvent *uno_history_event(const UnoHistory *h, int i) { return &h->events[i]; }
const uint8_t *uno_history_known(const UnoHistory *h, int seat) { return h->known[seat]; }

bool uno_history_wd4_pile(const UnoHistory *h, UnoCard *top, int *color)
{
    *top = h->wd4_top;
    *color = h->wd4_color;
    return h->wd4_top != UNO_NO_CARD || h->wd4_color != UNO_NO_COLOR;
}

int uno_history_voids(const UnoHistory *h, int seat, const UnoVoid **voids)
{
    *voids = h->voids[seat];
    return h->nvoids[seat];
}

int uno_history_turn_draws(const UnoHistory *h, int seat, UnoCard *top, int *color)
{
    *top = h->draw_top;
    *color = h->draw_color;
    return h->drawer == seat ? h->drawn : 0;
}

/* Seat held nothing of these kinds but its last card drawn. A void of
 * fewer kinds, older, says less and goes. */
static void add_void(UnoHistory *h, int seat, uint64_t kinds)
{
    UnoVoid *v = h->voids[seat];
    int n = 0;
    for (int i = 0; i < h->nvoids[seat]; i++)
        if ((v[i].kinds & ~kinds) != 0)
            v[n++] = v[i];
    if (n == VOIDS)
        memmove(v, v + 1, sizeof *v * --n);
    v[n++] = (UnoVoid){.kinds = kinds, .newer = 1};
    h->nvoids[seat] = n;
}

/* A draw. One of two cards or more went on, and that shows that the hand
 * held nothing playable before its last card: the draw until playable
 * (KPGUT "Playing a Card": "if they cannot play, they draw until they
 * can"; before the opening play, docs/rules.md reading 6: nothing but Wild Draw
 * 4s). The engine tells such a draw as one event (split where the stock is
 * reshuffled), so a later draw of the same player, which may be tactical
 * (§14), says nothing, nor does a draw of one card. */
static void learn_draw(UnoHistory *h, const UnoRules *rules, const UnoEvent *ev)
{
    int s = ev->seat;
    for (int i = 0; i < h->nvoids[s]; i++)
        h->voids[s][i].newer += ev->count;
    bool went_on = ev->reason == UNO_R_DRAW && ev->count >= 2;
    if (went_on && h->top == UNO_NO_CARD)
        add_void(h, s, ALL_KINDS & ~BIT(UNO_WILD4));
    else if (went_on && rules->draw_rule == UNO_DRAW_UNTIL_PLAYABLE)
        add_void(h, s, pile_kinds(h->top, h->color) | BIT(UNO_WILD4));
    if (ev->reason == UNO_R_DRAW) {
        if (h->drawer != s) {
            h->drawer = s;
            h->drawn = 0;
            h->draw_top = h->top;
            h->draw_color = h->color;
        }
        h->drawn += ev->count;
    }
}

/* A hand the viewer now knows whole, or that left the game. */
static void forget_voids(UnoHistory *h, int seat)
{
    h->nvoids[seat] = 0;
}

/* 7-0: seat and target swapped hands; what is known of each goes with it. */
static void learn_swap(UnoHistory *h, int seat, int target)
{
    uint8_t known[UNO_KINDS];
    memcpy(known, h->known[seat], sizeof known);
    memcpy(h->known[seat], h->known[target], sizeof known);
    memcpy(h->known[target], known, sizeof known);
    UnoVoid voids[VOIDS];
    memcpy(voids, h->voids[seat], sizeof voids);
    memcpy(h->voids[seat], h->voids[target], sizeof voids);
    memcpy(h->voids[target], voids, sizeof voids);
    int nvoids = h->nvoids[seat];
    h->nvoids[seat] = h->nvoids[target];
    h->nvoids[target] = nvoids;
}

/* 7-0: every hand in the game passed on. The record does not know which
 * seats are still in the game, so it forgets what it knew of every hand
 * (knowing less is safe). */
static void learn_rotation(UnoHistory *h)
{
    memset(h->known, 0, sizeof h->known);
    memset(h->nvoids, 0, sizeof h->nvoids);
}

/* What the event tells the viewer about hands and the pile. */
static void learn(UnoHistory *h, const UnoRules *rules, const UnoEvent *ev, bool visible)
{
    int s = ev->seat;
    bool seat_ok = s >= 0 && s < UNO_MAX_PLAYERS;
    switch ((UnoEventType)ev->type) {
    case UNO_EV_PLAY:
    case UNO_EV_SLIDE:
        if (ev->ncards > 0 && ev->cards[ev->ncards - 1] == UNO_WILD4) {
            h->wd4_top = h->top;
            h->wd4_color = h->color;
        }
        for (int i = 0; seat_ok && i < ev->ncards; i++)
            if (h->known[s][ev->cards[i]] > 0)
                h->known[s][ev->cards[i]]--;
        h->before_top = h->top;
        h->before_color = h->color;
        if (ev->ncards > 0)
            h->top = ev->cards[ev->ncards - 1];
        h->color = ev->color;
        h->drawer = -1;
        break;
    case UNO_EV_FIRST:
        if (ev->ncards > 0)
            h->top = ev->cards[ev->ncards - 1];
        h->color = ev->color;
        break;
    case UNO_EV_COLOR:
        h->color = ev->color;
        break;
    case UNO_EV_REVEAL: /* the whole hand, as it is now; shown to all, it leaves the game (§9, §15) */
        if (seat_ok && (ev->target < 0 || visible)) {
            memset(h->known[s], 0, sizeof h->known[s]);
            forget_voids(h, s);
        }
        for (int i = 0; seat_ok && ev->target >= 0 && visible && i < ev->ncards; i++)
            h->known[s][ev->cards[i]]++;
        break;
    case UNO_EV_CHEAT: /* §10: the cards go back to the cheat's hand, the pile is as before */
        for (int i = 0; seat_ok && i < ev->ncards; i++)
            h->known[s][ev->cards[i]]++;
        h->top = h->before_top;
        h->color = h->before_color;
        break;
    case UNO_EV_DRAW:
        if (seat_ok)
            learn_draw(h, rules, ev);
        break;
    case UNO_EV_SWAP:
        if (seat_ok && ev->target >= 0 && ev->target < UNO_MAX_PLAYERS)
            learn_swap(h, s, ev->target);
        break;
    case UNO_EV_ROTATE:
        learn_rotation(h);
        break;
    case UNO_EV_JOIN: /* later seats move up one, the viewer too */
        if (seat_ok && h->viewer >= s)
            h->viewer++;
        if (seat_ok) {
            size_t later = (size_t)(UNO_MAX_PLAYERS - 1 - s);
            memmove(h->known[s + 1], h->known[s], sizeof h->known[0] * later);
            memset(h->known[s], 0, sizeof h->known[s]);
            memmove(h->voids[s + 1], h->voids[s], sizeof h->voids[0] * later);
            memmove(&h->nvoids[s + 1], &h->nvoids[s], sizeof h->nvoids[0] * later);
            forget_voids(h, s);
        }
        break;
    default:
        break;
    }
}

UnoStatus uno_history_add(UnoHistory *h, const UnoRules *rules, const UnoEvent *ev)
{
    if (h->n == h->cap) {
        int cap = h->cap ? h->cap * 2 : 256;
        UnoEvent *more = realloc(h->events, (size_t)cap * sizeof *more);
        if (!more)
            return UNO_E_NOMEM;
        h->events = more;
        h->cap = cap;
    }
    bool visible = uno_event_visible(rules, ev, h->viewer);
    UnoEvent copy = *ev;
    copy.cards = NULL;
    if (visible && ev->ncards > 0) {
        UnoCard *cards = malloc(ev->ncards);
        if (!cards)
            return UNO_E_NOMEM;
        memcpy(cards, ev->cards, ev->ncards);
        copy.cards = cards;
    } else {
        copy.ncards = 0;
    }
    learn(h, rules, &copy, visible);
    h->events[h->n++] = copy;
    return UNO_OK;
}
