/*
 * sample.c — uno_game_sample (uno.h): a world a seat cannot tell from the
 * real one, for search bots (ISMCTS). The cards hidden from the seat are
 * dealt again at random; what the seat knows stays true.
 *
 * What a seat knows of a hand: its count, the cards shown to the seat
 * (uno_history_known), what it lacks (uno_history_voids: a draw that went
 * on), and a playable card in the hand of a player in the middle of a draw.
 * The hands are dealt in that order, each time the first fitting cards of
 * the shuffled pool; a shuffle that cannot fit is dealt again. Known but not
 * modelled: what a player's choices suggest, and what a Mattel draw tells
 * (a drawn card kept by a pass and one that could not be played look the
 * same in the events). The hidden rulings are worked out again from the
 * dealt hands: the Wild Draw 4 on the pile was illegal when its player's
 * hand (now) could have followed the pile under it; a drawer held a playable
 * card (KPGUT §14) when the hand it held before its draws, a random part of
 * its hand now, could have followed the pile it drew on.
 */
#include <string.h>

#include "engine/game.h"

#define BIT(k) (1ULL << (k))

/* The other seats' hidden cards (what h does not say they hold) and the
 * stock, in pool, in deck order (uno.h): the pool is the same however
 * the real game holds them, so a sample depends on what seat knows and on
 * the seed only. The hands keep only their known cards. -1 when h says a
 * seat holds a card it does not. */
static int gather(UnoGame *out, const UnoGame *g, int seat, const UnoHistory *h, UnoCard *pool)
{
    int hidden[UNO_KINDS] = {0};
    for (int i = 0; i < g->stock_n; i++)
        hidden[game_stock_c(g)[i]]++;
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
            hidden[k] += real->kinds[k] - known;
        }
    }
    return cards_in_deck_order(hidden, pool);
}

static int known_count(const UnoHistory *h, int s)
{
    int n = 0;
    for (int k = 0; h && k < UNO_KINDS; k++)
        n += uno_history_known(h, s)[k];
    return n;
}

/* The kinds a player in the middle of a draw must hold one of: the Mattel
 * drawn card waiting to be played, KPGUT's draw ending on a playable card. */
static uint64_t must_hold(const UnoGame *g)
{
    return pile_match_mask(g) | BIT(UNO_WILD4);
}

/* Deals `count` cards of the kinds `wanted` from the pool's undealt cards
 * (from *next on) to hand: the first such cards, so a random choice among
 * them in a shuffled pool. False when there are too few. */
static bool deal_wanted(Hand *hand, UnoCard *pool, int n, int *next, uint64_t wanted, int count)
{
    for (int i = *next; i < n && count > 0; i++)
        if (wanted & BIT(pool[i])) {
            UnoCard c = pool[i];
            pool[i] = pool[*next];
            pool[(*next)++] = c;
            hand_add(hand, c);
            count--;
        }
    return count == 0;
}

/* The cards seat's voids cover (uno_history_voids): the newest void's
 * covers all but its `newer` hidden cards, and an older one's a part of
 * those that also lacks its kinds. */
static bool deal_voids(Hand *hand, int hidden, const UnoHistory *h, int s, UnoCard *pool, int n, int *next)
{
    const UnoVoid *v;
    int nv = h ? uno_history_voids(h, s, &v) : 0, dealt = 0;
    for (int i = 0; i < nv; i++) {
        uint64_t lacks = 0;
        for (int j = i; j < nv; j++)
            lacks |= v[j].kinds;
        int covered = hidden - v[i].newer;
        if (covered > dealt && !deal_wanted(hand, pool, n, next, ~lacks & (BIT(UNO_KINDS) - 1), covered - dealt))
            return false;
        dealt = covered > dealt ? covered : dealt;
    }
    return true;
}

/* One deal of the shuffled pool that keeps what seat knows, or false when
 * this shuffle cannot give one. */
static bool deal_hidden(UnoGame *out, const UnoGame *g, int seat, const UnoHistory *h, UnoCard *pool, int n)
{
    int next = 0;
    /* a player in the middle of a draw holds a playable card: the drawn one */
    int drawer = (g->phase == UNO_PHASE_DRAWN || g->phase == UNO_PHASE_MUST_PLAY) && g->turn != seat ? g->turn : -1;
    if (drawer >= 0) {
        Hand *hand = &out->seats[drawer].hand;
        if (!(hand->mask & must_hold(g)) && !deal_wanted(hand, pool, n, &next, must_hold(g), 1))
            return false;
        if (g->phase == UNO_PHASE_DRAWN)
            out->drawn = next ? pool[0] : (UnoCard)__builtin_ctzll(hand->mask & must_hold(g));
    }
    for (int s = 0; s < g->nplayers; s++) {
        if (s == seat)
            continue;
        int hidden = g->seats[s].hand.count - known_count(h, s);
        if (!deal_voids(&out->seats[s].hand, hidden, h, s, pool, n, &next))
            return false;
    }
    for (int s = 0; s < g->nplayers; s++)
        while (s != seat && out->seats[s].hand.count < g->seats[s].hand.count)
            hand_add(&out->seats[s].hand, pool[next++]);
    memcpy(game_stock(out), pool + next, (size_t)(n - next));
    return true;
}

/* Whether hand, less `drawn` of its cards at random, held a card playable
 * on (top, color): a tactical draw (KPGUT §14). The hand's cards are dealt
 * out in a random order; the first `drawn` of them count as the draws. */
static bool held_playable(const Hand *hand, int drawn, UnoCard top, int color, UnoRng *rng)
{
    uint64_t playable = pile_kinds(top, color) | BIT(UNO_WILD4);
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

/* Whether the Wild Draw 4 of wd4_seat broke wd4_rule, worked out from its
 * dealt hand and the pile under the last Wild Draw 4 (h); without h a coin
 * decides. */
static bool wd4_ruled_again(UnoGame *out, int wd4_seat, const UnoHistory *h, UnoRng *rng)
{
    UnoCard top;
    int color;
    if (!h || !uno_history_wd4_pile(h, &top, &color))
        return uno_rng_next(rng) & 1;
    UnoCard real_top = out->top;
    int8_t real_color = out->color;
    out->top = top;
    out->color = (int8_t)color;
    bool illegal = wd4_breaks_rule(out, &out->seats[wd4_seat].hand);
    out->top = real_top;
    out->color = real_color;
    return illegal;
}

/* A card of hand that could follow (top, color), at random; any of its
 * cards when none could. */
static UnoCard playable_of(const Hand *hand, UnoCard top, int color, UnoRng *rng)
{
    uint64_t fits = hand->mask & (pile_kinds(top, color) | BIT(UNO_WILD4));
    uint64_t from = fits ? fits : hand->mask;
    int pick = (int)uno_rng_below(rng, (uint32_t)__builtin_popcountll(from));
    while (pick-- > 0)
        from &= from - 1;
    return (UnoCard)__builtin_ctzll(from);
}

/* The hidden fields seat did not make (tests/bots/test_fairness.c names
 * every field of the game), worked out again from the dealt hands where the
 * game still needs them, and otherwise as a game that never had them holds
 * them: nothing of the real game's is left in the copy, stale or not.
 * Without a history (nothing known of the pile under the Wild Draw 4, nor
 * of the draws) a coin decides the rulings. */
static void rule_again(UnoGame *out, int seat, const UnoHistory *h, UnoRng *rng)
{
    UnoCard top;
    int color;
    if (out->wd4_seat != seat) {
        bool faced = out->pending_kind == PENDING_WILD4 && out->wd4_seat >= 0;
        if (faced)
            out->wd4_nsince = 0; /* the cards it drew since are dealt again too */
        memset(out->wd4_since, 0, sizeof out->wd4_since);
        out->wd4_illegal = faced && wd4_ruled_again(out, out->wd4_seat, h, rng);
    }
    int drawer = out->tactical_seat;
    if (drawer != seat) {
        int drawn = drawer >= 0 && h ? uno_history_turn_draws(h, drawer, &top, &color) : -1;
        if (drawer >= 0 && drawn < 0)
            out->tactical_right = uno_rng_next(rng) & 1;
        else if (drawn > 1 && out->rules.draw_rule == UNO_DRAW_UNTIL_PLAYABLE)
            out->tactical_right = false; /* the draw went on: nothing was playable (h's voids) */
        else /* no draw since its last play (or no drawer): nothing to rule on */
            out->tactical_right = drawn > 0 && held_playable(&out->seats[drawer].hand, drawn, top, color, rng);
    }
    if (out->turn != seat && out->phase != UNO_PHASE_DRAWN) /* DRAWN: deal_hidden dealt it */
        out->drawn = UNO_NO_CARD;
    /* KPGUT §10: what a caught cheat gives back, of another's */
    Cheat *ch = &out->cheat;
    bool open = ch->seat >= 0;
    if (ch->turn != seat)
        ch->drawn = open && ch->phase == UNO_PHASE_DRAWN && seat_active(out, ch->turn)
                        ? playable_of(&out->seats[ch->turn].hand, ch->top, ch->color, rng)
                        : uno_card_in_deck_order(0);
    if (ch->wd4_seat != seat)
        ch->wd4_illegal = open && ch->pending_kind == PENDING_WILD4 && ch->wd4_seat >= 0 &&
                          wd4_ruled_again(out, ch->wd4_seat, h, rng);
}

/* Shuffles that may not fit what the seat knows before it gives up: a
 * deal fails only when the voids leave few cards to choose from. */
#define ATTEMPTS 64

UnoStatus uno_game_sample(const UnoGame *g, int seat, const UnoHistory *h, uint64_t seed, UnoGame *out)
{
    UnoCard pool[UNO_MAX_CARDS]; /* a search samples often: no allocation */
    UnoRng rng;
    uno_rng_seed(&rng, seed);
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
        uno_game_copy(out, g);
        int n = gather(out, g, seat, h, pool);
        if (n < 0)
            break;
        shuffle_cards(&rng, pool, n);
        if (deal_hidden(out, g, seat, h, pool, n)) {
            rule_again(out, seat, h, &rng);
            uno_rng_seed(&out->rng, uno_rng_next(&rng));
            return UNO_OK;
        }
    }
    uno_game_copy(out, g);
    return UNO_E_BAD_REQUEST;
}
