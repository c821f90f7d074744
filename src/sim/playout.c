/*
 * playout.c — whole games between random bots on a compact state
 * (playout.h). Each function below names the engine function whose effect it
 * reproduces; the rule it implements is cited there, in src/engine.
 *
 * Cards are the engine's kinds ("positions" below), numbered in the order of
 * the random bot's list of single-card plays (uno.h): value by value (0..9,
 * Skip, Reverse, Draw 2), within a value Yellow, Blue, Green, Red, then
 * Wild, Wild Draw 4, the blank. A hand is a count per position and a bit set
 * of the positions held, so the bot's k-th playable card is the k-th set bit
 * of (hand & playable): one pdep where the CPU has it. Colour c is every
 * fourth bit from 3 - c; value v is the nibble at 4v. The stock is laid out
 * in deck order, as the engine's, so that a shuffle permutes it exactly as
 * the engine's stock.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots/bits.h"
#include "engine/game.h"
#include "engine/rng.h"
#include "sim/playout.h"

#define BIT(p) (1ULL << (p))
/* The steps every action takes: inlined into the loop, whatever the
 * compiler's size heuristics say (measured: 10% of the playout's time). */
#define STEP static inline __attribute__((always_inline))
enum { SEATS = 32 }; /* UNO_MAX_PLAYERS, rounded up for the seat tables' copies */
_Static_assert(SEATS >= UNO_MAX_PLAYERS, "a seat table holds every seat");
enum { STOCK_SLACK = 8 }; /* lay_out_in_deck_order writes 8 places at a time */
enum { POS_WILD = 52, POS_WILD4 = 53, POS_BLANK = 54, POSITIONS = 55, NO_TOP = -1 };
#define COLOR_BITS 0x1111111111111ULL /* bits 0, 4, ..., 48: one colour's 13 values */
#define VALUE_BITS(v) (0xfULL << (4 * (v)))

/* What a position says of its card, without the table lookup that would
 * lengthen the chain from the bot's choice to the card's effect.
 * uno_card_value: 0..9, UNO_SKIP, UNO_REVERSE, UNO_DRAW2; W, W+4, X: 52..54 */
STEP int value_at(int pos) { return pos < POS_WILD ? pos >> 2 : pos; }
/* The positions of colour c (UnoCard's colours; UNO_NO_COLOR: none). */
STEP uint64_t color_positions(int c) { return c < UNO_COLORS ? COLOR_BITS << (UNO_COLORS - 1 - c) : 0; }

/* Counts are 16-bit, not bytes: a store through a byte may alias anything,
 * and would make the compiler reload the whole state after each one. */
typedef struct PHand {
    uint64_t mask;       /* bit p: holds a card at position p */
    int count;
    uint16_t n[POSITIONS];
} PHand;

typedef enum { ACT_PLAY, ACT_DRAW, ACT_TAKE, ACT_COLOR, ACT_COUNT } Act;

struct UnoPlayout {
    /* the run's */
    UnoSimConfig c;
    int nplayers;
    int deck_size;
    UnoCard deck[UNO_MAX_CARDS];     /* the game's cards, in deck order */
    /* next and back (below) while nobody is out (po_all_in), copied at
     * each deal: working them out there was measured 2% slower */
    int8_t all_in[2][SEATS];
    /* the game's */
    UnoRng rng, bot[UNO_MAX_PLAYERS];
    PHand hand[UNO_MAX_PLAYERS];
    bool out[UNO_MAX_PLAYERS];       /* finished (no longer in turn) */
    int8_t rank[UNO_MAX_PLAYERS];
    int active, finished;
    int turn, phase, dealer;
    uint64_t color_bits;             /* the colour in force, as positions (0: none yet) */
    /* the seat after each seat in the direction of play, and the other way
     * round: a Reverse swaps them, a seat that goes out is unlinked */
    int8_t next[SEATS], back[SEATS];
    int top;                         /* a position, NO_TOP before KPGUT's opening play */
    uint64_t top_value_bits;         /* the top card's value, as positions, when coloured */
    int drawn;                       /* UNO_PHASE_DRAWN: the position that may be played */
    int pending;
    PendingKind pending_kind;
    int stuck;
    UnoReason reason;                /* UNO_R_NONE while the game goes on */
    int discard_n, stock_n;
    int unshuffled;                  /* stock[0..unshuffled): not yet shuffled (po_pop) */
    int discard[POSITIONS];          /* the played cards, per position */
    uint8_t stock[UNO_MAX_CARDS + STOCK_SLACK]; /* positions */
    /* what the game cost; the deal's draws and reshuffles are taken off */
    uint32_t action;                 /* the number of the action being applied */
    uint32_t reshuffled_in;          /* the action of the last reshuffle */
    uint32_t reshuffles;             /* actions during which the pile became the stock */
    uint32_t cards_drawn;
};

/* ------------------------------------------------------------ seats */

/* next_seat (pile.c), from the table of the seats still in; steps is 1 or 2 */
STEP int po_next_seat(const UnoPlayout *p, int from, int steps)
{
    int s = p->next[from];
    return steps == 2 ? p->next[s] : s;
}

/* The seat tables as every game starts, nobody out and play clockwise
 * (next_seat, pile.c: direction 1 is the next seat number). */
static void po_all_in(UnoPlayout *p)
{
    int n = p->nplayers;
    for (int from = 0; from < n; from++) {
        p->all_in[0][from] = (int8_t)(from + 1 == n ? 0 : from + 1);
        p->all_in[1][from] = (int8_t)(from == 0 ? n - 1 : from - 1);
    }
}

/* A seat leaves the game: the seats either side of it now follow each other.
 * Its own entries stay, so that play passes on from it as next_seat would,
 * at once (the effects of its last card) and only then. */
static void po_unlink_seat(UnoPlayout *p, int seat)
{
    int after = p->next[seat], before = p->back[seat];
    p->next[before] = (int8_t)after;
    p->back[after] = (int8_t)before;
}

/* A Reverse (apply_effects, turn.c) */
STEP void po_reverse(UnoPlayout *p)
{
    int8_t was[SEATS];
    memcpy(was, p->next, SEATS);
    memcpy(p->next, p->back, SEATS);
    memcpy(p->back, was, SEATS);
}

/* begin_turn, pass_turn (turn.c) */
STEP void po_begin_turn(UnoPlayout *p, int seat)
{
    p->turn = seat;
    p->phase = UNO_PHASE_TURN;
}

STEP void po_pass_turn(UnoPlayout *p, int steps) { po_begin_turn(p, po_next_seat(p, p->turn, steps)); }

bool sim_playout_fits(const UnoSimConfig *c)
{
    for (int s = 0; s < c->nplayers; s++)
        if (c->bots[s] != UNO_BOT_RANDOM)
            return false;
    /* the house rules forced play, hand limit, 7-0 and jump-in
     * (docs/rules.md) it does not play: their games go through the engine */
    if (c->rules.forced_play || c->rules.hand_limit || c->rules.seven_o || c->rules.jump_in)
        return false;
    return c->emit == NULL && !c->reference && !c->engine;
}

UnoPlayout *sim_playout_new(const UnoSimConfig *c)
{
    UnoPlayout *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->c = *c;
    p->nplayers = c->nplayers;
    int counts[UNO_KINDS];
    deck_kinds(&c->rules, deck_count(&c->rules, c->nplayers), counts);
    p->deck_size = cards_in_deck_order(counts, p->deck);
    po_all_in(p);
    return p;
}

void sim_playout_free(UnoPlayout *p) { free(p); }

/* ------------------------------------------------------------ cards */

STEP void hand_put(PHand *h, int pos)
{
    h->n[pos]++;
    h->mask |= BIT(pos);
    h->count++;
}

STEP void hand_take(PHand *h, int pos)
{
    h->mask &= ~((uint64_t)(--h->n[pos] == 0) << pos); /* no branch to mispredict */
    h->count--;
}

/* shuffle_cards (pile.c), a few places at a time: the Fisher–Yates shuffle
 * fixes the stock from the top down, one number per place, so the places
 * can be fixed as the stock comes down to them (shuffle_top). The game's
 * generator draws the same numbers in the same order as long as nothing
 * else draws from it in between: po_settle fixes the rest first. Most of a
 * deck is never drawn in a game; a batch keeps the shuffle's loop tight
 * (one card at a time was measured slower than the whole deck). */
enum { SHUFFLE_BATCH = 16 };

STEP int po_pop(UnoPlayout *p)
{
    int top = --p->stock_n;
    if (top < p->unshuffled) {
        shuffle_top(&p->rng, p->stock, p->unshuffled, SHUFFLE_BATCH);
        p->unshuffled = p->unshuffled > SHUFFLE_BATCH ? p->unshuffled - SHUFFLE_BATCH : 0;
    }
    return p->stock[top];
}

/* The rest of the shuffle, before the game's generator draws for anything
 * else. */
static void po_settle(UnoPlayout *p)
{
    shuffle_cards(&p->rng, p->stock, p->unshuffled);
    p->unshuffled = 0;
}

/* cards_in_deck_order (game.c) for cards counted per position, laid out as
 * positions. Without a branch per kind (a reshuffle's counts are small and
 * random): each kind writes 8 places and moves on by its count, so `out`
 * needs STOCK_SLACK places beyond the cards. */
static int lay_out_in_deck_order(const int counts[POSITIONS], uint8_t *out)
{
    int n = 0;
    for (int place = 0; place < UNO_KINDS; place++) {
        int pos = uno_card_in_deck_order(place), i = 0;
        uint64_t eight = 0x0101010101010101ULL * (uint8_t)pos;
        do /* more than 8 only with several decks */
            memcpy(out + n + i, &eight, STOCK_SLACK);
        while ((i += STOCK_SLACK) < counts[pos]);
        n += counts[pos];
    }
    return n;
}

/* reshuffle (pile.c): the played cards but the top, in deck order, shuffled */
static int po_reshuffle(UnoPlayout *p)
{
    if (p->top != NO_TOP)
        p->discard[p->top]--;
    int n = lay_out_in_deck_order(p->discard, p->stock);
    memset(p->discard, 0, sizeof p->discard);
    if (p->top != NO_TOP)
        p->discard[p->top] = 1;
    p->discard_n -= n;
    p->stock_n = p->unshuffled = n;
    if (n > 0 && p->reshuffled_in != p->action) {
        p->reshuffled_in = p->action;
        p->reshuffles++;
    }
    return n;
}

/* draw_cards (pile.c); returns the number drawn, *last the last position */
static int po_draw_cards(UnoPlayout *p, int seat, int n, int *last)
{
    PHand *h = &p->hand[seat];
    int drawn = 0;
    while (drawn < n) {
        if (p->stock_n == 0 && po_reshuffle(p) == 0)
            break;
        *last = po_pop(p);
        hand_put(h, *last);
        drawn++;
    }
    if (p->stock_n == 0)
        po_reshuffle(p);
    p->cards_drawn += (uint32_t)drawn;
    return drawn;
}

/* ------------------------------------------------------- what may be played */

/* matching (legal.c), in positions */
STEP uint64_t po_matching(const UnoPlayout *p)
{
    return BIT(POS_WILD) | BIT(POS_BLANK) | p->color_bits | p->top_value_bits;
}

/* wd4_breaks_rule (legal.c) */
STEP bool po_wd4_breaks_rule(const UnoPlayout *p, uint64_t held)
{
    uint64_t others = held & ~BIT(POS_WILD4);
    if (p->c.rules.wd4_rule == UNO_WD4_NO_PLAYABLE)
        return (others & po_matching(p)) != 0;
    return (others & p->color_bits) != 0;
}

/* playable_mask (legal.c) for the seat in turn, in the phases random bots meet */
STEP uint64_t po_playable(const UnoPlayout *p, int seat)
{
    uint64_t held = p->hand[seat].mask, m;
    switch (p->phase) {
    case UNO_PHASE_DRAWN:
        return held & BIT(p->drawn);
    case UNO_PHASE_PENDING:
        if (p->pending_kind == PENDING_DRAW2) {
            m = p->c.rules.stack_draw2 ? VALUE_BITS(UNO_DRAW2) : 0;
            if (p->c.rules.stack_wd4_on_draw2 || (p->c.rules.wd4_on_draw2 && !(held & VALUE_BITS(UNO_DRAW2))))
                m |= BIT(POS_WILD4);
        } else {
            m = p->c.rules.stack_wd4 ? BIT(POS_WILD4) : 0;
            if (p->c.rules.stack_draw2_on_wd4)
                m |= VALUE_BITS(UNO_DRAW2);
        }
        return held & m;
    default: /* UNO_PHASE_TURN, UNO_PHASE_MUST_PLAY */
        if (p->top == NO_TOP)
            return held & ~BIT(POS_WILD4);
        m = po_matching(p);
        if (wd4_challenged(&p->c.rules) || !po_wd4_breaks_rule(p, held))
            m |= BIT(POS_WILD4);
        return held & m;
    }
}

/* ------------------------------------------------------------ the end */

static void finish(UnoPlayout *p, UnoReason reason)
{
    p->phase = UNO_PHASE_OVER;
    p->reason = reason;
}

/* The engine's Hand of a seat, for order_section6 (ending.c). */
static void engine_hand(const UnoPlayout *p, int seat, Hand *out)
{
    memset(out, 0, sizeof *out);
    for (int pos = 0; pos < POSITIONS; pos++)
        out->kinds[pos] = (uint8_t)p->hand[seat].n[pos];
    out->count = (uint16_t)p->hand[seat].count;
}

/* rank_remaining (ending.c): the players still in, as KPGUT §6 */
static void po_rank_remaining(UnoPlayout *p)
{
    int left[UNO_MAX_PLAYERS], places[UNO_MAX_PLAYERS], n = 0;
    Hand held[UNO_MAX_PLAYERS];
    const Hand *hands[UNO_MAX_PLAYERS];
    for (int s = 0; s < p->nplayers; s++)
        if (!p->out[s])
            left[n++] = s;
    for (int i = 0; n > 1 && i < n; i++) { /* the last player alone is compared with nobody */
        engine_hand(p, left[i], &held[i]);
        hands[i] = &held[i];
    }
    order_section6(hands, left, n, places);
    for (int i = 0; i < n; i++) {
        p->out[left[i]] = true;
        p->rank[left[i]] = (int8_t)(p->finished + places[i] + 1);
    }
    p->finished += n;
    p->active = 0;
}

/* end_game_early (ending.c); UNO_R_LAST_PLAYER comes only with play_to_last */
static void end_early(UnoPlayout *p, UnoReason reason)
{
    if (p->reason != UNO_R_NONE)
        return;
    if (p->c.rules.play_to_last)
        po_rank_remaining(p);
    finish(p, reason);
}

/* player_out (ending.c) */
static void po_player_out(UnoPlayout *p, int seat)
{
    p->out[seat] = true;
    p->active--;
    p->rank[seat] = (int8_t)++p->finished;
    if (p->c.rules.play_to_last) { /* else the game is over: no seat comes next */
        po_unlink_seat(p, seat);
        if (p->active <= 1)
            end_early(p, UNO_R_LAST_PLAYER);
        return;
    }
    int winners = 1;
    if (p->c.rules.partners)
        for (int s = 0; s < p->nplayers; s++)
            if (s != seat && s % 2 == seat % 2) {
                p->rank[s] = 1;
                winners++;
            }
    for (int s = 0; s < p->nplayers; s++)
        if (p->rank[s] == 0 && !p->out[s])
            p->rank[s] = (int8_t)(winners + 1);
    finish(p, UNO_R_OUT);
}

/* draw_or_end (turn.c): false when KPGUT §5 ended the game */
static bool po_draw_or_end(UnoPlayout *p, int seat, int n)
{
    int last;
    if (po_draw_cards(p, seat, n, &last) < n && p->c.rules.stock_out_ends) {
        end_early(p, UNO_R_EXHAUSTED);
        return false;
    }
    return true;
}

/* ------------------------------------------------------------ effects */

/* take_pending (turn.c) */
static void po_take_pending(UnoPlayout *p)
{
    int n = p->pending;
    p->pending = 0;
    p->pending_kind = PENDING_NONE;
    if (po_draw_or_end(p, p->turn, n))
        po_pass_turn(p, 1);
}

/* add_pending (turn.c): the victim answers when they can continue the
 * chain or challenge a WD4 (random bots never challenge, but must answer) */
static void po_add_pending(UnoPlayout *p, PendingKind kind, int amount)
{
    p->pending += amount;
    p->pending_kind = kind;
    p->turn = po_next_seat(p, p->turn, 1);
    p->phase = UNO_PHASE_PENDING;
    bool may_challenge = p->pending_kind == PENDING_WILD4 && wd4_challenged(&p->c.rules);
    if (!may_challenge && !po_playable(p, p->turn))
        po_take_pending(p);
}

/* apply_effects (turn.c) for the card at pos */
STEP void po_apply_effects(UnoPlayout *p, int seat, int pos)
{
    p->turn = seat;
    switch (value_at(pos)) {
    case UNO_SKIP:
        po_pass_turn(p, 2);
        return;
    case UNO_REVERSE:
        if (p->active == 2 && p->c.rules.two_player_reverse_skips) {
            po_pass_turn(p, 2);
            return;
        }
        po_reverse(p);
        po_pass_turn(p, 1);
        return;
    case UNO_DRAW2:
        po_add_pending(p, PENDING_DRAW2, 2);
        return;
    case UNO_WILD4:
        po_add_pending(p, PENDING_WILD4, 4);
        return;
    case UNO_BLANK:
        if (p->c.rules.blank_draw > 0 && !po_draw_or_end(p, po_next_seat(p, seat, 1), p->c.rules.blank_draw))
            return;
        po_pass_turn(p, p->c.rules.blank_skip ? 2 : 1);
        return;
    default:
        po_pass_turn(p, 1);
        return;
    }
}

STEP void po_discard_push(UnoPlayout *p, int pos)
{
    p->discard[pos]++;
    p->discard_n++;
    p->top = pos;
    /* W, W+4, X (pos >> 2 == 13) have no value to match: the mask clears
     * their nibble, without a branch */
    p->top_value_bits = VALUE_BITS(pos >> 2) & (BIT(POS_WILD) - 1);
}

/* turn_play (turn.c): one card, legal, by the seat in turn */
static void play(UnoPlayout *p, int seat, int pos, int color)
{
    bool continues_chain = p->phase == UNO_PHASE_PENDING;
    PHand *h = &p->hand[seat];
    hand_take(h, pos);
    po_discard_push(p, pos);
    if (pos < POS_WILD) /* coloured: bit pos is of its colour */
        p->color_bits = COLOR_BITS << (pos & 3);
    else if (pos != POS_BLANK) /* W, W+4: the colour named */
        p->color_bits = color_positions(color);
    p->stuck = 0;
    if (!continues_chain) {
        p->pending = 0;
        p->pending_kind = PENDING_NONE;
    }
    if (h->count > 0) {
        po_apply_effects(p, seat, pos);
        return;
    }
    int value = value_at(pos);
    if (p->c.rules.last_card_draw && value > 9) { /* not a number */
        po_apply_effects(p, seat, pos);
        if (p->reason == UNO_R_NONE)
            po_draw_or_end(p, seat, 1);
        return;
    }
    if (p->c.rules.play_to_last) {
        po_player_out(p, seat);
        if (p->reason == UNO_R_NONE)
            po_apply_effects(p, seat, pos);
        return;
    }
    int last, victim = po_next_seat(p, seat, 1);
    if (value == UNO_DRAW2 || value == UNO_WILD4)
        po_draw_cards(p, victim, p->pending + (value == UNO_DRAW2 ? 2 : 4), &last);
    else if (value == UNO_BLANK && p->c.rules.blank_draw > 0)
        po_draw_cards(p, victim, p->c.rules.blank_draw, &last);
    p->pending = 0;
    p->pending_kind = PENDING_NONE;
    po_player_out(p, seat);
}

/* stuck_turn (turn.c): nothing to draw */
static void po_stuck_turn(UnoPlayout *p)
{
    if (++p->stuck >= p->active)
        end_early(p, UNO_R_EXHAUSTED);
    else
        po_pass_turn(p, 1);
}

/* After a draw by a seat that held nothing playable: whether the card drawn
 * may be played (playable_mask, legal.c). Its hand held nothing matching, so
 * nothing that could make a Wild Draw 4 illegal under either wd4_rule: the
 * card drawn is playable exactly when it matches or is a Wild Draw 4. */
STEP bool po_drawn_playable(const UnoPlayout *p, int pos)
{
    return (BIT(pos) & (po_matching(p) | BIT(POS_WILD4))) != 0;
}

/* turn_draw (turn.c): the seat in turn holds nothing playable */
static void po_draw(UnoPlayout *p, int seat)
{
    int got;
    if (p->c.rules.draw_rule == UNO_DRAW_ONE) {
        p->phase = UNO_PHASE_TURN;
        if (po_draw_cards(p, seat, 1, &got) == 0) {
            po_stuck_turn(p);
            return;
        }
        p->stuck = 0;
        if (po_drawn_playable(p, got)) {
            p->phase = UNO_PHASE_DRAWN;
            p->drawn = got;
        } else {
            po_pass_turn(p, 1);
        }
        return;
    }
    p->phase = UNO_PHASE_MUST_PLAY;
    do {
        if (po_draw_cards(p, seat, 1, &got) == 0) {
            if (p->c.rules.stock_out_ends)
                end_early(p, UNO_R_EXHAUSTED);
            else
                po_stuck_turn(p);
            return;
        }
        p->stuck = 0;
    } while (!po_drawn_playable(p, got));
}

/* ------------------------------------------------------------ the deal */

/* stock_can_open (game.c): the order of the stock does not matter, so its
 * unshuffled part counts as it is */
static bool po_stock_can_open(const UnoPlayout *p)
{
    for (int i = 0; i < p->stock_n; i++)
        if (first_card_fate(&p->c.rules, p->stock[i]) == FIRST_STANDS)
            return true;
    return false;
}

/* shuffle_and_deal (game.c), for a deck that is not stacked */
static void po_shuffle_and_deal(UnoPlayout *p)
{
    int n = p->nplayers;
    for (;;) {
        memset(p->hand, 0, sizeof p->hand[0] * (size_t)n);
        memcpy(p->stock, p->deck, (size_t)p->deck_size);
        p->stock_n = p->unshuffled = p->deck_size;
        for (int round = 0, seat = p->dealer; round < p->c.rules.hand_size * n; round++) {
            seat = seat + 1 == n ? 0 : seat + 1; /* one at a time, from the dealer's left */
            hand_put(&p->hand[seat], po_pop(p));
        }
        if (p->c.rules.opening == UNO_OPEN_YOUNGEST_PLAYS || po_stock_can_open(p))
            return;
        po_settle(p); /* the engine shuffled the whole deck before dealing again */
    }
}

/* uno_game_init (game.c) for the seats of sim_setup */
static void deal(UnoPlayout *p, uint64_t seed)
{
    int n = p->nplayers;
    memset(p->out, 0, sizeof p->out);
    memset(p->rank, 0, sizeof p->rank);
    memset(p->discard, 0, sizeof p->discard);
    p->active = n;
    memcpy(p->next, p->all_in[0], SEATS);
    memcpy(p->back, p->all_in[1], SEATS);
    p->finished = p->discard_n = p->pending = p->stuck = 0;
    p->pending_kind = PENDING_NONE;
    p->reason = UNO_R_NONE;
    p->top = NO_TOP;
    p->top_value_bits = 0;
    p->color_bits = 0;
    p->action = p->reshuffled_in = 0;
    uno_rng_seed(&p->rng, seed);
    /* seat s is aged 20 + s: the oldest is the last seat */
    p->dealer = p->c.rules.dealer == UNO_DEALER_OLDEST
                    ? n - 1
                    : dealer_by_high_card(&p->rng, n, p->deck, p->deck_size, NULL);
    po_shuffle_and_deal(p);
}

/* youngest_opens (game.c): seat 0 is the youngest */
static void po_youngest_opens(UnoPlayout *p)
{
    po_begin_turn(p, 0);
    if (!po_playable(p, 0)) {
        p->phase = UNO_PHASE_MUST_PLAY;
        int last;
        while (!po_playable(p, 0) && po_draw_cards(p, 0, 1, &last) == 1)
            ;
    }
}

/* return_to_deck (game.c) */
static void po_return_to_deck(UnoPlayout *p, int pos)
{
    po_settle(p);
    int at = (int)rng_below(&p->rng, (uint32_t)p->stock_n);
    memmove(p->stock + at + 1, p->stock + at, (size_t)(p->stock_n - at));
    p->stock[at] = (uint8_t)pos;
    p->stock_n++;
}

/* turn_up_first (game.c) */
static void po_turn_up_first(UnoPlayout *p)
{
    const UnoRules *r = &p->c.rules;
    UnoCard c;
    FirstFate fate;
    while ((fate = first_card_fate(r, c = (UnoCard)po_pop(p))) != FIRST_STANDS) {
        if (fate == FIRST_COVERED)
            po_discard_push(p, POS_WILD4);
        else
            po_return_to_deck(p, c);
    }
    po_discard_push(p, c);
    p->color_bits = color_positions(uno_card_color(c));
    p->turn = p->dealer;
    if (c == UNO_WILD) {
        p->turn = po_next_seat(p, p->dealer, 1);
        p->phase = UNO_PHASE_COLOR;
        return;
    }
    if (uno_card_value(c) == UNO_REVERSE && r->first_reverse == UNO_FIRST_REVERSE_DEALER_FIRST) {
        po_reverse(p);
        po_begin_turn(p, p->dealer);
        return;
    }
    po_apply_effects(p, p->dealer, c);
}

/* ------------------------------------------------------------ the bot */

/* bot_random_step (src/bots/random.c) and the action it chooses, applied.
 * Returns what the action was. */
static Act act(UnoPlayout *p)
{
    int seat = p->turn;
    UnoRng *rng = &p->bot[seat];
    if (p->phase == UNO_PHASE_COLOR) {
        p->color_bits = color_positions((int)rng_below(rng, UNO_COLORS));
        p->phase = UNO_PHASE_TURN;
        return ACT_COLOR;
    }
    uint64_t m = po_playable(p, seat);
    if (!m) {
        if (p->phase == UNO_PHASE_PENDING) {
            po_take_pending(p);
            return ACT_TAKE;
        }
        po_draw(p, seat);
        return ACT_DRAW;
    }
    int pos = bits_nth(m, rng_below(rng, (uint32_t)__builtin_popcountll(m)));
    /* the entry: rng_below(4) for a Wild (a power of two: the top two bits),
     * rng_below(1) for the rest; either draws one number */
    int color = (int)(rng_next(rng) >> 62);
    if (p->hand[seat].count == 2)
        rng_next(rng); /* the UNO call: said or not, it changes nothing here */
    play(p, seat, pos, color);
    return ACT_PLAY;
}

/* ------------------------------------------------------------ a game */

int sim_playout_play(UnoPlayout *p, UnoSimRecord *r, char *err, size_t errlen)
{
    const UnoSimConfig *c = &p->c;
    deal(p, r->seed);
    sim_seed_bots(p->bot, p->nplayers, r->seed);
    if (p->c.rules.opening == UNO_OPEN_YOUNGEST_PLAYS)
        po_youngest_opens(p);
    else
        po_turn_up_first(p);
    p->cards_drawn = p->reshuffles = 0; /* the deal's draws do not count */
    r->first = (int8_t)(p->reason == UNO_R_NONE ? p->turn : -1);
    uint32_t tally[ACT_COUNT] = {0}, turns = 0;
    int continuing = -1; /* the seat whose turn goes on (after a draw or a colour) */
    while (p->reason == UNO_R_NONE) {
        if (p->action == c->max_actions) {
            snprintf(err, errlen, "game %llu (seed %llu) did not end after %llu actions",
                     (unsigned long long)r->index, (unsigned long long)r->seed,
                     (unsigned long long)c->max_actions);
            return UNO_E_ILLEGAL;
        }
        p->action++;
        int seat = p->turn;
        Act a = act(p);
        /* apply.c: KPGUT §4–§5, the game ends when no stock can be made */
        if (p->stock_n == 0 && p->c.rules.stock_out_ends && p->reason == UNO_R_NONE)
            end_early(p, UNO_R_EXHAUSTED);
        tally[a]++;
        turns += continuing != seat;
        continuing = a == ACT_DRAW || a == ACT_COLOR ? seat : -1;
    }
    r->actions = p->action;
    r->turns = turns;
    r->drawn = p->cards_drawn;
    r->reshuffles = p->reshuffles;
    uint32_t by_time[UNO_SIM_T_COUNT] = {
        [UNO_SIM_T_PLAY] = tally[ACT_PLAY], [UNO_SIM_T_DRAW] = tally[ACT_DRAW],
        [UNO_SIM_T_TAKE] = tally[ACT_TAKE], [UNO_SIM_T_COLOR] = tally[ACT_COLOR],
        [UNO_SIM_T_CARD] = r->drawn,        [UNO_SIM_T_SHUFFLE] = r->reshuffles,
    };
    r->duration_ms = sim_duration(c, by_time);
    r->reason = (int8_t)p->reason;
    sim_record_ranks(r, p->rank, p->nplayers);
    if (c->hash) {
        int hands[UNO_MAX_PLAYERS];
        for (int s = 0; s < p->nplayers; s++)
            hands[s] = p->hand[s].count;
        po_settle(p); /* the digest holds the generator as the engine leaves it */
        r->hash = sim_end_digest(&p->rng, p->bot, p->nplayers, hands, p->stock_n, p->discard_n);
    }
    return UNO_OK;
}
