/*
 * legal.c — the list of every action that would succeed (uno_game_legal);
 * what may be played is inline in game.h, asked at every action.
 */
#include <string.h>

#include "engine/game.h"

#define BIT(k) (1ULL << (k))

/* The kinds of the top card's value, for each card that can be on top
 * (none for W, W+4, X and UNO_NO_CARD: they have no value to match), and
 * of each colour in force (none for UNO_NO_COLOR): looked up by pile_kinds
 * (game.h), as playable masks are asked for at every action. */
#define VALUES(v) (0xfULL << 4 * (v))
#define FOUR(v) VALUES(v), VALUES(v), VALUES(v), VALUES(v)
const uint64_t legal_top_values[256] = {FOUR(0), FOUR(1), FOUR(2), FOUR(3), FOUR(4), FOUR(5), FOUR(6),
                                        FOUR(7), FOUR(8), FOUR(9), FOUR(10), FOUR(11), FOUR(12)};
const uint64_t legal_colors[UNO_COLORS + 1] = {LEGAL_COLOR(0), LEGAL_COLOR(1), LEGAL_COLOR(2),
                                               LEGAL_COLOR(3), 0};

uint64_t uno_game_playable(const UnoGame *g, int seat) { return playable_mask(g, seat); }

int largest_play(const UnoGame *g, int seat)
{
    uint64_t firsts = playable_mask(g, seat);
    if (!firsts)
        return 0;
    if (!plays_sets(g, seat))
        return 1;
    const Hand *h = &g->seats[seat].hand;
    int best = 0;
    for (uint64_t m = firsts; m; m &= m - 1) { /* the kinds that may begin a play: asked of every list */
        int k = __builtin_ctzll(m);
        int n = h->kinds[k];
        if (uno_card_is_colored((UnoCard)k)) {
            n = 0;
            for (int c = 0; c < UNO_COLORS; c++)
                n += h->kinds[uno_card_make(c, uno_card_value((UnoCard)k))];
        }
        if (n > best)
            best = n;
    }
    return best;
}

/* ------------------------------------------------------------ the list */

typedef struct MoveList {
    UnoAction *out;
    int max, n;
    int64_t t;
    bool types_only;    /* uno_game_legal_types: only the types are noted */
    uint32_t types;     /* then bit k: an action of type k is legal */
    UnoAction *overflow; /* the caller's scratch entry: written, not kept, once out is full (or when
                            only types are noted); not part of the list, so not cleared with it */
} MoveList;

static UnoAction *add(MoveList *l, UnoActionType type, int seat)
{
    if (l->types_only) {
        l->types |= 1u << type;
        return l->overflow;
    }
    UnoAction *a = l->n < l->max ? &l->out[l->n] : l->overflow;
    l->n++;
    uno_action_init(a, type, seat);
    a->t = l->t;
    return a;
}

static UnoAction *add_play(MoveList *l, int seat, const UnoCard *cards, int n, int color)
{
    UnoAction *a = add(l, UNO_ACT_PLAY, seat);
    if (n == 1) /* the most frequent: no call to memcpy */
        a->cards[0] = cards[0];
    else
        memcpy(a->cards, cards, (size_t)n);
    a->ncards = (uint8_t)n;
    a->color = (int8_t)color;
    return a;
}

/* A play of coloured cards; a 7 that swaps hands (7-0), in turn or by a
 * jump-in, has one entry per player it may swap with: every other seat
 * still in the game. */
static void add_colored_play(MoveList *l, const UnoGame *g, int seat, const UnoCard *cards, int n)
{
    int left = g->seats[seat].hand.count - n;
    if (!plays_as_turn(g, seat) || !uno_rules_play_swaps(&g->rules, cards[n - 1], left)) {
        add_play(l, seat, cards, n, UNO_NO_COLOR);
        return;
    }
    for (int target = 0; target < g->nplayers; target++)
        if (target != seat && seat_active(g, target))
            add_play(l, seat, cards, n, UNO_NO_COLOR)->target = (int8_t)target;
}

/* Wild sets name one colour (KPGUT "Wild"): one entry per colour. */
static void add_wild_plays(MoveList *l, int seat, UnoCard kind, int max_set)
{
    UnoCard cards[UNO_MAX_SET];
    for (int k = 1; k <= max_set; k++) {
        cards[k - 1] = kind;
        for (int c = 0; c < UNO_COLORS; c++)
            add_play(l, seat, cards, k, c);
    }
}

/* Sets of one coloured value: one entry per distinct outcome — which cards,
 * which one first (it must be playable), which one last (it sets the colour). */
static void add_value_plays(MoveList *l, const UnoGame *g, int seat, int value, uint64_t firsts)
{
    const Hand *h = &g->seats[seat].hand;
    uint64_t held = h->mask & value_mask(value); /* one of them at least in firsts (add_plays) */
    if (!(held & (held - 1)) && h->kinds[__builtin_ctzll(held)] == 1) {
        UnoCard card = (UnoCard)__builtin_ctzll(held); /* the one card of the value: the walk's one entry */
        add_colored_play(l, g, seat, &card, 1);
        return;
    }
    int have[UNO_COLORS], take[UNO_COLORS];
    for (int c = 0; c < UNO_COLORS; c++)
        have[c] = h->kinds[uno_card_make(c, value)];
    for (take[0] = 0; take[0] <= have[0]; take[0]++)
    for (take[1] = 0; take[1] <= have[1]; take[1]++)
    for (take[2] = 0; take[2] <= have[2]; take[2]++)
    for (take[3] = 0; take[3] <= have[3]; take[3]++) {
        int total = take[0] + take[1] + take[2] + take[3];
        if (total == 0 || total > UNO_MAX_SET)
            continue;
        for (int f = 0; f < UNO_COLORS; f++) {
            if (!take[f] || !(firsts & BIT(uno_card_make(f, value))))
                continue;
            for (int last = 0; last < UNO_COLORS; last++) {
                if (total == 1 ? last != f : (!take[last] || (last == f && take[f] < 2)))
                    continue;
                UnoCard cards[UNO_MAX_SET];
                int rest[UNO_COLORS], n = 0;
                memcpy(rest, take, sizeof rest);
                rest[f]--;
                cards[n++] = uno_card_make(f, value);
                if (total > 1)
                    rest[last]--;
                for (int c = 0; c < UNO_COLORS; c++)
                    for (int i = 0; i < rest[c]; i++)
                        cards[n++] = uno_card_make(c, value);
                if (total > 1)
                    cards[n++] = uno_card_make(last, value);
                add_colored_play(l, g, seat, cards, n);
            }
        }
    }
}

/* A play of one card: a coloured one (one entry a swap target under 7-0),
 * a Wild or Wild Draw 4 (one entry a colour) or a blank. */
static void add_one_card(MoveList *l, const UnoGame *g, int seat, UnoCard card)
{
    if (uno_card_is_colored(card))
        add_colored_play(l, g, seat, &card, 1);
    else if (card == UNO_BLANK)
        add_play(l, seat, &card, 1, UNO_NO_COLOR);
    else
        add_wild_plays(l, seat, card, 1);
}

static void add_plays(MoveList *l, const UnoGame *g, int seat)
{
    uint64_t firsts = playable_mask(g, seat);
    if (!firsts)
        return;
    if (l->types_only) { /* a kind that may begin a play is a play (uno_game_playable) */
        add(l, UNO_ACT_PLAY, seat);
        return;
    }
    const Hand *h = &g->seats[seat].hand;
    if (!plays_sets(g, seat)) { /* one card a play: an entry a kind, in kind order, as the sets' walk below makes them */
        for (uint64_t m = firsts; m; m &= m - 1)
            add_one_card(l, g, seat, (UnoCard)__builtin_ctzll(m));
        return;
    }
    for (int v = 0; v < UNO_VALUES_PER_COLOR; v++)
        if (firsts & value_mask(v))
            add_value_plays(l, g, seat, v, firsts);
    if (firsts & BIT(UNO_WILD))
        add_wild_plays(l, seat, UNO_WILD, h->kinds[UNO_WILD]);
    if (firsts & BIT(UNO_WILD4))
        add_wild_plays(l, seat, UNO_WILD4, h->kinds[UNO_WILD4]);
    if (firsts & BIT(UNO_BLANK)) {
        UnoCard blanks[UNO_MAX_SET];
        for (int k = 1; k <= h->kinds[UNO_BLANK]; k++) {
            blanks[k - 1] = UNO_BLANK;
            add_play(l, seat, blanks, k, UNO_NO_COLOR);
        }
    }
}

static void add_turn_moves(MoveList *l, const UnoGame *g, int seat)
{
    switch (g->phase) {
    case UNO_PHASE_COLOR:
        for (int c = 0; c < UNO_COLORS; c++)
            add(l, UNO_ACT_COLOR, seat)->color = (int8_t)c;
        return;
    case UNO_PHASE_TURN:
    case UNO_PHASE_MUST_PLAY:
    case UNO_PHASE_FREE_PLAY:
        if (can_draw(g, seat))
            add(l, UNO_ACT_DRAW, seat);
        return;
    case UNO_PHASE_DRAWN:
        if (!g->rules.forced_play) /* the house rule: the drawn card is played */
            add(l, UNO_ACT_PASS, seat);
        return;
    case UNO_PHASE_PENDING:
        add(l, UNO_ACT_TAKE, seat);
        if (g->pending_kind == PENDING_WILD4 && wd4_challenged(&g->rules) &&
            g->wd4_seat >= 0)
            add(l, UNO_ACT_CHALLENGE, seat);
        return;
    default:
        return;
    }
}

static void add_table_moves(MoveList *l, const UnoGame *g, int seat)
{
    bool targets = any_catchable(g) || suspectable(g) >= 0 || conduct_ruled(&g->rules); /* most often none */
    for (int target = 0; target < g->nplayers && targets; target++) {
        if (target == seat)
            continue;
        if (can_catch(g, seat, target, l->t))
            add(l, UNO_ACT_CATCH, seat)->target = (int8_t)target;
        if (can_suspect(g, seat, target))
            add(l, UNO_ACT_SUSPECT, seat)->target = (int8_t)target;
        if (can_warn(g, seat, target))
            add(l, UNO_ACT_WARN, seat)->target = (int8_t)target;
        if (can_help(g, seat, target))
            add(l, UNO_ACT_HELP, seat)->target = (int8_t)target;
    }
    if (can_call_uno(g, seat, l->t))
        add(l, UNO_ACT_UNO, seat);
    if (g->rules.giveup && seat_active(g, seat))
        add(l, UNO_ACT_GIVEUP, seat);
    if (g->rules.votes && g->vote_opener < 0 && g->seats[seat].status != SEAT_EJECTED)
        add(l, UNO_ACT_DISPUTE, seat);
    if (g->vote_opener >= 0 && g->seats[seat].vote < 0 && g->seats[seat].status != SEAT_EJECTED) {
        add(l, UNO_ACT_VOTE, seat)->uno = true;
        add(l, UNO_ACT_VOTE, seat)->uno = false;
    }
}

static void list_moves(MoveList *l, const UnoGame *g, int seat)
{
    if (seat >= 0 && seat < g->nplayers && g->phase != UNO_PHASE_OVER) {
        add_plays(l, g, seat);
        if (seat == g->turn)
            add_turn_moves(l, g, seat);
        add_table_moves(l, g, seat);
    }
}

uint32_t uno_game_legal_types(const UnoGame *g, int seat)
{
    UnoAction scratch;
    MoveList l = {.t = -1, .types_only = true, .overflow = &scratch};
    list_moves(&l, g, seat);
    return l.types;
}

int uno_game_legal(const UnoGame *g, int seat, UnoAction *out, int max, int *total)
{
    UnoAction scratch;
    MoveList l = {.out = out, .max = max, .t = -1, .overflow = &scratch};
    list_moves(&l, g, seat);
    if (total)
        *total = l.n;
    return l.n < max ? l.n : max;
}
