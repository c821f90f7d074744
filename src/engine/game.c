/*
 * game.c — a new game: the deck, the dealer, the deal and the first card;
 * copying, inspecting and hashing a game.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/events.h"
#include "engine/hash.h"
#include "engine/rng.h"

void uno_setup_init(UnoSetup *s)
{
    memset(s, 0, sizeof *s);
    s->dealer = -1;
}

int deck_count(const UnoRules *r, int nplayers)
{
    /* KPGUT "Requirements": one deck per seven players (8 → 2, 15 → 3) */
    if (r->players_per_deck <= 0)
        return 1;
    return (nplayers + r->players_per_deck - 1) / r->players_per_deck;
}

/* The block's layout (game.h): the header, the seats, the spectators, the stock. */
static size_t block_bytes(int seats, int spectators, int stock)
{
    return sizeof(UnoGame) + (size_t)seats * sizeof(Seat) + (size_t)spectators * sizeof(UnoPlayerInfo) +
           (size_t)stock;
}

/* The room a setup asks for, cut to what the rules can use (uno.h,
 * UnoSetup.room_newcomers): newcomers only where §13 lets them join, up to
 * UNO_MAX_PLAYERS seats in all; spectators up to the rules' number. */
static int newcomer_room(const UnoRules *r, const UnoSetup *setup)
{
    int most = r->join && setup->nplayers < UNO_MAX_PLAYERS ? UNO_MAX_PLAYERS - setup->nplayers : 0;
    return setup->room_newcomers < 0 ? 0 : setup->room_newcomers < most ? setup->room_newcomers : most;
}

static int spectator_room(const UnoRules *r, const UnoSetup *setup)
{
    int most = r->spectators < UNO_MAX_SPECTATORS ? r->spectators : UNO_MAX_SPECTATORS;
    return setup->room_spectators < 0 ? 0 : setup->room_spectators < most ? setup->room_spectators : most;
}

size_t uno_game_size(const UnoRules *r, const UnoSetup *setup)
{
    int n = setup->nplayers < 0 ? 0 : setup->nplayers;
    return block_bytes(n + newcomer_room(r, setup), spectator_room(r, setup),
                       deck_count(r, n) * uno_rules_deck_size(r));
}

size_t uno_game_bytes(const UnoGame *g) { return block_bytes(g->capacity, g->spectator_room, g->deck_size); }

/* MyUNO / classic "Equipment": per colour one 0, two each of 1–9, Skip,
 * Reverse, Draw 2; four Wilds and four WD4s; the booklet adds 4 blanks. */
void deck_kinds(const UnoRules *r, int decks, int counts[UNO_KINDS])
{
    for (int k = 0; k < UNO_KINDS; k++)
        counts[k] = 0;
    for (int c = 0; c < UNO_COLORS; c++)
        for (int v = 0; v < UNO_VALUES_PER_COLOR; v++)
            counts[uno_card_make(c, v)] = decks * (v == 0 ? 1 : 2);
    counts[UNO_WILD] = counts[UNO_WILD4] = 4 * decks;
    /* booklet "Blank card": a blank that replaces a lost card stands in for
     * it, so those counts are a full deck's; the others carry a house rule */
    counts[UNO_BLANK] = (uno_rules_deck_size(r) - 108) * decks;
}

int cards_in_deck_order(const int counts[UNO_KINDS], UnoCard *out)
{
    int n = 0;
    for (int c = 0; c < UNO_COLORS; c++) /* uno_card_in_deck_order, without its division */
        for (int v = 0; v < UNO_VALUES_PER_COLOR; v++)
            for (int i = 0, k = uno_card_make(c, v); i < counts[k]; i++)
                out[n++] = (UnoCard)k;
    for (int k = UNO_WILD; k < UNO_KINDS; k++)
        for (int i = 0; i < counts[k]; i++)
            out[n++] = (UnoCard)k;
    return n;
}

/* A card drawn at random from the deck (size cards in deck order) but those
 * already drawn: taken[0..*ntaken) holds their places, in ascending order.
 * The loops run over every taken place rather than stop early, and choose
 * with comparisons rather than branches: the places are random, and a
 * branch on them would be mispredicted (this runs before every game of
 * `uno sim` under mattel and classic). */
static UnoCard random_card(UnoRng *rng, const UnoCard *deck, int size, int *taken, int *ntaken)
{
    int n = *ntaken, at = (int)rng_below(rng, (uint32_t)(size - n)), below = 0;
    for (int j = 0; j < n; j++) {
        below += taken[j] <= at;
        at += taken[j] <= at; /* the at-th card still there */
    }
    for (int j = n; j > 0; j--)
        taken[j] = j > below ? taken[j - 1] : taken[j];
    taken[below] = at;
    *ntaken = n + 1;
    return deck[at];
}

/* MyUNO "Setup" 1: each player draws a card; the highest number deals
 * (symbols count as zero); those tied for highest draw again. */
int dealer_by_high_card(UnoRng *rng, int nplayers, const UnoCard *deck, int size, EventSink *out)
{
    int in[UNO_MAX_PLAYERS], nin = nplayers;
    for (int s = 0; s < nin; s++)
        in[s] = s;
    for (int round = 1; nin > 1; round++) { /* the cards go back to the deck before each round */
        int best = -1, values[UNO_MAX_PLAYERS], next = 0, taken[UNO_MAX_PLAYERS], ntaken = 0;
        for (int i = 0; i < nin; i++) {
            UnoCard c = random_card(rng, deck, size, taken, &ntaken);
            ev_emit(out, UNO_EV_CUT, in[i], -1, UNO_NO_COLOR, round, UNO_R_NONE, &c, 1);
            values[i] = uno_card_is_number(c) ? uno_card_value(c) : 0;
            best = values[i] > best ? values[i] : best;
        }
        for (int i = 0; i < nin; i++) {
            in[next] = in[i];
            next += values[i] == best;
        }
        nin = next;
    }
    return in[0];
}

/* The whole deck in deck order into the stock (MyUNO "Equipment", KPGUT
 * "Requirements"): how a prepared game holds it, before its shuffle. */
static void lay_out_deck(UnoGame *g)
{
    int counts[UNO_KINDS];
    deck_kinds(&g->rules, deck_count(&g->rules, g->nplayers), counts);
    g->stock_n = g->deck_size = (int16_t)cards_in_deck_order(counts, game_stock(g));
}

/* Who deals, unless the setup named the dealer: MyUNO "Setup" 1 (cards
 * drawn from the deck in deck order: the stock as lay_out_deck left it),
 * KPGUT "Starting the Game" (the oldest). */
static void choose_dealer(UnoGame *g, EventSink *out)
{
    if (g->dealer >= 0)
        return;
    if (g->rules.dealer == UNO_DEALER_OLDEST)
        g->dealer = (int8_t)oldest_seat(g);
    else
        g->dealer = (int8_t)dealer_by_high_card(&g->rng, g->nplayers, game_stock(g), g->stock_n, out);
}

/* The deck (in deck order in the stock) shuffled, under the stacked top
 * (top first; checked by check_stacked). */
static void build_stock(UnoGame *g, const UnoCard *top, int ntop)
{
    UnoCard *stock = game_stock(g);
    int n = g->deck_size;
    for (int i = 0; i < ntop; i++) { /* the rest of the deck stays in deck order */
        int at = 0;
        while (stock[at] != top[i])
            at++;
        memmove(stock + at, stock + at + 1, (size_t)(n - at - 1));
        n--;
    }
    shuffle_cards(&g->rng, stock, n);
    for (int i = ntop - 1; i >= 0; i--)
        stock[n++] = top[i];
    g->stock_n = (int16_t)n;
}

/* A stacked top is cards of the deck. */
static int check_stacked(const UnoGame *g, const UnoSetup *setup, char *err, size_t errlen)
{
    int counts[UNO_KINDS];
    deck_kinds(&g->rules, deck_count(&g->rules, g->nplayers), counts);
    for (int i = 0; i < setup->ndeck_top; i++) {
        UnoCard c = setup->deck_top[i];
        if (c >= UNO_KINDS || counts[c] == 0)
            return fail(err, errlen, UNO_E_BAD_REQUEST, "deck: card %d (%s) is one more than the deck holds",
                        i + 1, uno_card_name(c));
        counts[c]--;
    }
    return UNO_OK;
}

/* MyUNO "Setup" 2, KPGUT "Starting the Game": seven cards each, one at a
 * time, starting left of the dealer, clockwise. */
static void deal(UnoGame *g)
{
    UnoCard *stock = game_stock(g);
    for (int r = 0; r < g->rules.hand_size; r++)
        for (int k = 1, s = g->dealer; k <= g->nplayers; k++) {
            s = s + 1 == g->nplayers ? 0 : s + 1;
            hand_add(&g->seats[s].hand, stock[--g->stock_n]);
        }
}

/* Whether the stock holds a card that can stand as the first discard. */
static bool stock_can_open(const UnoGame *g)
{
    for (int i = 0; i < g->stock_n; i++)
        if (first_card_fate(&g->rules, game_stock_c(g)[i]) == FIRST_STANDS)
            return true;
    return false;
}

/* The deck shuffled and dealt, again if need be: when a card will be turned
 * up first and every card the deal left would be returned or covered (MyUNO
 * "Wild Draw 4 Card", booklet "Set up" 6, classic "DEAL"), no first discard
 * can be found, and the dealer shuffles and deals again (a reading: the books
 * do not say; it can only happen when few cards are left, as with 15 players
 * of a 108-card deck). A stacked deck is not dealt again: it is refused. */
static int shuffle_and_deal(UnoGame *g, const UnoCard *top, int ntop, char *err, size_t errlen)
{
    for (;;) {
        build_stock(g, top, ntop);
        deal(g);
        if (g->rules.opening == UNO_OPEN_YOUNGEST_PLAYS || stock_can_open(g))
            return UNO_OK;
        if (ntop > 0)
            return fail(err, errlen, UNO_E_BAD_REQUEST,
                        "deck: every card the deal leaves in the stock is returned or covered when turned up");
        for (int s = 0; s < g->nplayers; s++)
            memset(&g->seats[s].hand, 0, sizeof g->seats[s].hand);
        lay_out_deck(g);
    }
}

/* Returns a turned-up card to the deck at a random place below the top, so
 * that the next card is the one turned up (MyUNO "Wild Draw 4 Card": "return
 * this card to the deck and pick another card"). */
static void return_to_deck(UnoGame *g, UnoCard c)
{
    UnoCard *stock = game_stock(g);
    int at = (int)uno_rng_below(&g->rng, (uint32_t)g->stock_n);
    memmove(stock + at + 1, stock + at, (size_t)(g->stock_n - at));
    stock[at] = c;
    g->stock_n++;
}

/* The first discard under mattel and classic (docs/rules.md, 'first card effects'). */
static void turn_up_first(UnoGame *g, EventSink *out)
{
    UnoCard c, onto_pile[4 * UNO_MAX_DECKS + 1]; /* the covered WD4s, then c */
    int n = 0;
    FirstFate fate;
    /* shuffle_and_deal left a card that stands in the stock */
    while ((fate = first_card_fate(&g->rules, c = game_stock(g)[--g->stock_n])) != FIRST_STANDS) {
        if (fate == FIRST_COVERED) { /* classic: another card is turned over on top */
            discard_push(g, c);
            onto_pile[n++] = c;
        } else {
            return_to_deck(g, c); /* MyUNO WD4; booklet "Set up" 6 (Wild, WD4); a blank */
        }
    }
    discard_push(g, c);
    onto_pile[n++] = c;
    g->color = (int8_t)uno_card_color(c);
    ev_emit(out, UNO_EV_FIRST, g->dealer, -1, g->color, n, UNO_R_NONE, onto_pile, n);
    int first = next_seat(g, g->dealer);
    if (c == UNO_WILD) { /* MyUNO, classic: the player left of the dealer names the colour */
        g->turn = (int8_t)first;
        g->phase = UNO_PHASE_COLOR;
        ev_emit(out, UNO_EV_TURN, first, -1, UNO_NO_COLOR, 0, UNO_R_NONE, NULL, 0);
        return;
    }
    if (uno_card_value(c) == UNO_REVERSE && g->rules.first_reverse == UNO_FIRST_REVERSE_DEALER_FIRST) {
        /* MyUNO "Reverse Card": the dealer goes first, then play moves right */
        g->direction = -1;
        ev_emit(out, UNO_EV_DIRECTION, g->dealer, -1, UNO_NO_COLOR, -1, UNO_R_NONE, NULL, 0);
        begin_turn(g, g->dealer, out);
        return;
    }
    /* classic / booklet Reverse (the dealer's right first), Skip, Draw 2 and
     * numbers act as if the dealer had played the card */
    apply_effects(g, g->dealer, c, 1, out);
}

/* KPGUT "Starting the Game": the youngest plays any card but WD4; docs/rules.md
 * reading 6: holding only WD4s, they draw until they hold another card. */
static void youngest_opens(UnoGame *g, EventSink *out)
{
    begin_turn(g, youngest_seat(g), out);
    if (!playable_mask(g, g->turn)) {
        g->phase = UNO_PHASE_MUST_PLAY;
        draw_until_playable(g, g->turn, 0, out);
    }
}

UnoStatus uno_game_prepare(UnoGame *g, const UnoRules *rules, const UnoSetup *setup, char *err, size_t errlen)
{
    int n = setup->nplayers;
    int rc = uno_rules_validate(rules, n, err, errlen);
    if (rc)
        return rc;
    if (setup->dealer >= n)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "dealer must be a seat 0..%d", n - 1);
    if (setup->ndeck_top < 0 || setup->ndeck_top > UNO_MAX_CARDS)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "deck: too many cards");
    if (setup->room_newcomers < 0 || setup->room_spectators < 0)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "room for newcomers and spectators must be 0 or more");
    memset(g, 0, uno_game_size(rules, setup));
    g->rules = *rules;
    g->nplayers = (int8_t)n;
    g->capacity = (int8_t)(n + newcomer_room(rules, setup));
    g->spectator_room = (int8_t)spectator_room(rules, setup);
    for (int s = 0; s < n; s++) {
        g->seats[s].info = setup->players[s];
        g->seats[s].info.name[UNO_NAME_LEN - 1] = '\0';
        g->seats[s].score = -1;
        g->seats[s].vote = -1;
    }
    note_ages(g);
    g->t = g->start_t = g->turn_t = setup->t;
    g->direction = 1;
    g->dealer = (int8_t)setup->dealer;
    g->turn = 0;
    g->top = UNO_NO_CARD;
    g->drawn = UNO_NO_CARD;
    g->color = UNO_NO_COLOR;
    g->wd4_seat = g->tactical_seat = g->vote_opener = g->cheat.seat = -1;
    /* no cheat yet: the hash reads its cards all the same, as code 0 (card_code) */
    g->cheat.top = g->cheat.drawn = uno_card_in_deck_order(0);
    memset(g->help_allowed, -1, sizeof g->help_allowed);
    lay_out_deck(g);
    if (g->rules.hand_size * n >= g->deck_size)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "not enough cards to deal %d to %d players",
                    g->rules.hand_size, n);
    return check_stacked(g, setup, err, errlen);
}

/* The deal of a prepared game from seed, under a stacked top of ntop cards
 * (top first; the rest of the setup went into the prepared game). */
static int deal_game(UnoGame *g, uint64_t seed, const UnoCard *top, int ntop, EventSink *out,
                     char *err, size_t errlen)
{
    uno_rng_seed(&g->rng, seed);
    choose_dealer(g, out);
    int rc = shuffle_and_deal(g, top, ntop, err, errlen);
    if (rc)
        return rc;
    ev_emit(out, UNO_EV_DEAL, g->dealer, -1, UNO_NO_COLOR, g->rules.hand_size, UNO_R_NONE, NULL, 0);
    if (g->rules.opening == UNO_OPEN_YOUNGEST_PLAYS)
        youngest_opens(g, out);
    else
        turn_up_first(g, out);
    return UNO_OK;
}

void uno_game_deal(UnoGame *g, const UnoGame *prepared, uint64_t seed)
{
    if (g != prepared)
        uno_game_copy(g, prepared);
    deal_game(g, seed, NULL, 0, NULL, NULL, 0); /* nothing stacked: it cannot fail */
}

UnoStatus uno_game_init(UnoGame *g, const UnoRules *rules, const UnoSetup *setup, char *err, size_t errlen)
{
    int rc = uno_game_prepare(g, rules, setup, err, errlen);
    if (rc)
        return rc;
    EventSink sink, *out = NULL;
    if (setup->emit) {
        sink_init(&sink);
        out = &sink;
    }
    rc = deal_game(g, setup->seed, setup->deck_top, setup->ndeck_top, out, err, errlen);
    if (rc == UNO_OK && out && out->lost)
        rc = fail(err, errlen, UNO_E_NOMEM, "out of memory: the deal's events could not be kept");
    if (out) {
        if (rc == UNO_OK)
            sink_flush(out, setup->emit, setup->ctx);
        sink_free(out);
    }
    return rc;
}

UnoStatus uno_game_create(const UnoRules *rules, const UnoSetup *setup, UnoGame **out, char *err, size_t errlen)
{
    *out = NULL;
    if (setup->nplayers < 1 || setup->nplayers > UNO_MAX_PLAYERS)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "players must be 1..%d", UNO_MAX_PLAYERS);
    UnoGame *g = malloc(uno_game_size(rules, setup));
    if (!g)
        return fail(err, errlen, UNO_E_NOMEM, "out of memory");
    int rc = uno_game_init(g, rules, setup, err, errlen);
    if (rc != UNO_OK) {
        free(g);
        return rc;
    }
    *out = g;
    return UNO_OK;
}

UnoGame *uno_game_new(const UnoRules *rules, const UnoSetup *setup, char *err, size_t errlen)
{
    UnoGame *g;
    uno_game_create(rules, setup, &g, err, errlen);
    return g;
}

void uno_game_free(UnoGame *g) { free(g); }

void uno_game_copy(UnoGame *dst, const UnoGame *src) { memcpy(dst, src, uno_game_bytes(src)); }

/* ------------------------------------------------------------ inspection */

int uno_game_nplayers(const UnoGame *g) { return g->nplayers; }
const UnoRules *uno_game_rules(const UnoGame *g) { return &g->rules; }
UnoPhase uno_game_phase(const UnoGame *g) { return (UnoPhase)g->phase; }
int uno_game_turn(const UnoGame *g) { return g->phase == UNO_PHASE_OVER ? -1 : g->turn; }
int uno_game_direction(const UnoGame *g) { return g->direction; }
UnoCard uno_game_top(const UnoGame *g) { return g->top; }
int uno_game_color(const UnoGame *g) { return g->color; }
int uno_game_pending(const UnoGame *g) { return g->pending; }
int uno_game_wd4_faced(const UnoGame *g, bool *bluff)
{
    bool faced = g->pending_kind == PENDING_WILD4 && g->wd4_seat >= 0;
    if (bluff)
        *bluff = faced && g->wd4_illegal;
    return faced ? g->wd4_seat : -1;
}
int uno_game_dealer(const UnoGame *g) { return g->dealer; }
bool uno_game_over(const UnoGame *g) { return g->phase == UNO_PHASE_OVER; }
int64_t uno_game_clock(const UnoGame *g) { return g->t; }
int uno_game_stock_count(const UnoGame *g) { return g->stock_n; }
UnoReason uno_game_over_reason(const UnoGame *g)
{
    return g->phase == UNO_PHASE_OVER ? (UnoReason)g->over_reason : UNO_R_NONE;
}
const UnoRng *uno_game_rng(const UnoGame *g) { return &g->rng; }
int uno_game_discard_count(const UnoGame *g) { return g->discard_n; }
int uno_game_set_aside(const UnoGame *g) { return g->set_aside; }
int uno_game_oldest(const UnoGame *g) { return oldest_seat(g); }
int uno_game_youngest(const UnoGame *g) { return youngest_seat(g); }
int uno_game_nspectators(const UnoGame *g) { return g->nspectators; }
int uno_game_warnings(const UnoGame *g, int seat) { return g->seats[seat].warnings; }
bool uno_game_said_uno(const UnoGame *g, int seat) { return g->seats[seat].call == CALL_SAID; }
const UnoPlayerInfo *uno_game_player(const UnoGame *g, int seat) { return &g->seats[seat].info; }
const UnoPlayerInfo *uno_game_spectator(const UnoGame *g, int i) { return &game_spectators_c(g)[i]; }
int uno_game_hand_count(const UnoGame *g, int seat) { return g->seats[seat].hand.count; }
const uint8_t *uno_game_hand_kinds(const UnoGame *g, int seat) { return g->seats[seat].hand.kinds; }

int uno_game_hand(const UnoGame *g, int seat, UnoCard *out, int max)
{
    int n = 0;
    const Hand *h = &g->seats[seat].hand;
    for (int place = 0; place < UNO_KINDS; place++) {
        UnoCard k = uno_card_in_deck_order(place);
        for (int i = 0; i < h->kinds[k] && n < max; i++)
            out[n++] = k;
    }
    return n;
}

/* Booklet "Rules for partners": partners sit across (seats s and s + 2). */
int uno_game_team(const UnoGame *g, int seat)
{
    return g->rules.partners ? seat % 2 : seat;
}

/* KPGUT §9: those who gave up share the last place; §15: ejected, no rank. */
int uno_game_rank(const UnoGame *g, int seat)
{
    const Seat *s = &g->seats[seat];
    if (s->status == SEAT_EJECTED)
        return -1;
    if (s->status != SEAT_GAVE_UP)
        return s->rank;
    int ranked = 0, gave_up = 0;
    for (int p = 0; p < g->nplayers; p++) {
        ranked += g->seats[p].status != SEAT_EJECTED;
        gave_up += g->seats[p].status == SEAT_GAVE_UP;
    }
    return ranked - gave_up + 1;
}

bool uno_game_has_scores(const UnoGame *g) { return g->rules.scoring != UNO_SCORING_NONE; }
int uno_game_score(const UnoGame *g, int seat) { return g->seats[seat].score; }

bool uno_game_vote_open(const UnoGame *g, int *opener)
{
    if (opener)
        *opener = g->vote_opener;
    return g->vote_opener >= 0;
}

/* ------------------------------------------------------------------ hash */

/* A card as the hash counts it: its place in deck order (uno.h), and the
 * counts per kind in that order too: the hashes that saved games and stored
 * tables record (docs/protocol.md) count cards so, whatever the kinds'
 * numbers. */
static uint64_t card_code(UnoCard c) { return (uint64_t)uno_card_deck_place(c); }

/* Counts per kind, in deck order. */
static uint64_t hash_kinds(uint64_t h, const uint8_t kinds[UNO_KINDS])
{
    for (int place = 0; place < UNO_KINDS; place++)
        h = hash_mix(h, kinds[uno_card_in_deck_order(place)]);
    return h;
}

/* What a caught cheat takes back (KPGUT §10). */
static uint64_t hash_cheat(uint64_t h, const Cheat *c)
{
    int64_t fields[] = {c->seat, c->ncards, (int64_t)card_code(c->top), (int64_t)card_code(c->drawn), c->turn, c->color, c->direction,
                        c->phase, c->pending_kind, c->wd4_seat, c->wd4_illegal, c->pending};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        h = hash_mix(h, (uint64_t)fields[i]);
    for (int i = 0; i < c->ncards; i++)
        h = hash_mix(h, card_code(c->cards[i]));
    return h;
}

/* Hashes the meaning of the state, field by field (never padding): the
 * rules, the people, the cards and every pending ruling. Left out: what is
 * derived (maybe_fault, the hands' masks and counts) and the room the block
 * has (capacity, spectator_room). */
uint64_t uno_game_hash(const UnoGame *g)
{
    uint64_t h = hash_rules(0xcbf29ce484222325ULL, &g->rules);
    h = hash_mix(h, (uint64_t)g->deck_size);
    h = hash_cheat(h, &g->cheat);
    for (int i = 0; i < g->nspectators; i++)
        h = hash_mix(hash_person(h, &game_spectators_c(g)[i]), (uint64_t)g->help_allowed[i]);
    int64_t scalars[] = {g->t, g->start_t, g->turn_t, g->stock_n, g->discard_n, g->pending,
                         g->nplayers, g->turn, g->dealer, g->direction, g->phase, g->pending_kind,
                         g->color, (int64_t)card_code(g->top), (int64_t)card_code(g->drawn), g->wd4_seat, g->wd4_illegal, g->wd4_nsince, g->said_before,
                         g->tactical_seat, g->tactical_right, g->stuck, g->finished,
                         g->vote_opener, g->nspectators, g->over_reason};
    for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++)
        h = hash_mix(h, (uint64_t)scalars[i]);
    for (int i = 0; i < g->wd4_nsince; i++)
        h = hash_mix(h, card_code(g->wd4_since[i]));
    for (int i = 0; i < 4; i++)
        h = hash_mix(h, g->rng.s[i]);
    for (int s = 0; s < g->nplayers; s++) {
        const Seat *p = &g->seats[s];
        h = hash_kinds(h, p->hand.kinds);
        h = hash_person(h, &p->info);
        int64_t fields[] = {p->fault_t, p->score, p->status, p->rank, p->call, p->warnings, p->vote};
        for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
            h = hash_mix(h, (uint64_t)fields[i]);
    }
    for (int i = 0; i < g->stock_n; i++)
        h = hash_mix(h, card_code(game_stock_c(g)[i]));
    return hash_kinds(h, g->discard_kinds);
}
