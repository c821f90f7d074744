/*
 * test_deal.c — who deals.
 *
 * MyUNO "Setup" 1: "Each player draws a card; the player that draws the
 * highest number deals (count any card with a symbol as zero)"; classic
 * "Deal": "perhaps by cut of the highest valued card"; those tied for the
 * highest draw again (a reading: the books do not say). KPGUT "Starting the
 * Game": the oldest player deals (ties: docs/rules.md reading 7, the earlier
 * seat). The cards drawn for the deal are public: the engine reports them as
 * "cut" events, which this test reads over many seeded deals.
 *
 * Then the first card turned up when the deal leaves few: a WD4 turned up is
 * returned (MyUNO "Wild Draw 4 Card") or covered (classic "DEAL") until a
 * card stands; a deal that leaves none is dealt again.
 *
 * Last, uno_game_init in its two halves (uno.h): a game dealt from a
 * prepared one is the game uno_game_init deals from the same setup.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "sim/sim.h"
#include "uno.h"

typedef struct Cuts {
    int n;
    int seat[64], round[64];
    UnoCard card[64];
    int dealer;
} Cuts;

static void record(void *ctx, const UnoEvent *ev)
{
    Cuts *c = ctx;
    if (ev->type == UNO_EV_CUT && c->n < 64) {
        c->seat[c->n] = ev->seat;
        c->round[c->n] = ev->count;
        c->card[c->n] = ev->cards[0];
        c->n++;
    } else if (ev->type == UNO_EV_DEAL) {
        c->dealer = ev->seat;
    }
}

static UnoGame *deal(const char *rules_name, int n, uint64_t seed, const int *ages, Cuts *cuts)
{
    UnoRules r;
    char err[UNO_ERR_LEN];
    if (uno_rules_preset(rules_name, &r, err, sizeof err) != UNO_OK)
        fail_msg("%s", err);
    UnoSetup s;
    sim_setup(&s, n, seed);
    for (int i = 0; ages && i < n; i++)
        s.players[i].age = ages[i];
    memset(cuts, 0, sizeof *cuts);
    cuts->dealer = -1;
    s.emit = record;
    s.ctx = cuts;
    UnoGame *g = uno_game_new(&r, &s, err, sizeof err);
    if (!g)
        fail_msg("%s", err);
    return g;
}

/* "count any card with a symbol as zero" */
static int cut_value(UnoCard c) { return uno_card_is_number(c) ? uno_card_value(c) : 0; }

static void check_high_card(const char *rules_name)
{
    int redraws = 0;
    for (int n = 2; n <= 10; n++) {
        for (uint64_t seed = 1; seed <= 300; seed++) {
            Cuts c;
            UnoGame *g = deal(rules_name, n, seed, NULL, &c);
            /* round 1: every player draws once, in seat order */
            bool in[UNO_MAX_PLAYERS] = {false};
            int i = 0, round = 1, winner = -1;
            for (int s = 0; s < n; s++)
                in[s] = true;
            while (i < c.n) {
                int best = -1, tied = 0;
                bool next[UNO_MAX_PLAYERS] = {false};
                int start = i;
                for (; i < c.n && c.round[i] == round; i++) {
                    assert_true(in[c.seat[i]]); /* only those still in draw */
                    int v = cut_value(c.card[i]);
                    if (v > best)
                        best = v;
                }
                for (int s = 0; s < n; s++) { /* everyone still in drew exactly once */
                    int drew = 0;
                    for (int k = start; k < i; k++)
                        drew += c.seat[k] == s;
                    assert_int_equal(drew, in[s] ? 1 : 0);
                }
                for (int k = start; k < i; k++)
                    if (cut_value(c.card[k]) == best) {
                        next[c.seat[k]] = true;
                        tied++;
                        winner = c.seat[k];
                    }
                memcpy(in, next, sizeof in);
                if (tied > 1)
                    redraws++;
                round++;
            }
            /* the last round has one highest card, and its player deals */
            int still = 0;
            for (int s = 0; s < n; s++)
                still += in[s];
            assert_int_equal(still, 1);
            assert_int_equal(c.dealer, winner);
            assert_int_equal(uno_game_dealer(g), winner);
            uno_game_free(g);
        }
    }
    assert_true(redraws > 100); /* ties happened, and were drawn again */
}

static void myuno_setup1_highest_number_deals(void **state)
{
    (void)state;
    check_high_card("mattel");
}

static void classic_deal_highest_card(void **state)
{
    (void)state;
    check_high_card("classic");
}

static void kpgut_oldest_deals(void **state)
{
    (void)state;
    const int ages[] = {30, 64, 12, 64, 40};
    Cuts c;
    UnoGame *g = deal("kpgut", 5, 9, ages, &c);
    assert_int_equal(c.n, 0);                 /* nobody draws for the deal */
    assert_int_equal(uno_game_dealer(g), 1);  /* the oldest; reading 7: seat 1 before seat 3 */
    assert_int_equal(uno_game_turn(g), 2);    /* and the youngest opens */
    uno_game_free(g);
}

/* 8 x 12 cards dealt from one deck leave 12: the four WD4s on top, then R5. */
static UnoGame *deal_short_stock(const char *rules_name)
{
    UnoRules r;
    char err[UNO_ERR_LEN];
    if (uno_rules_preset(rules_name, &r, err, sizeof err) != UNO_OK)
        fail_msg("%s", err);
    r.hand_size = 12;
    UnoSetup s;
    sim_setup(&s, 8, 5);
    s.dealer = 0;
    const UnoCard stands = uno_card_make(UNO_RED, 5);
    bool kept_back = false;
    for (int k = 0; k < UNO_WILD4 && s.ndeck_top < 8 * 12; k++) { /* the dealt cards: no WD4 */
        int copies = k == UNO_WILD ? 4 : uno_card_value((UnoCard)k) == 0 ? 1 : 2;
        for (int i = 0; i < copies && s.ndeck_top < 8 * 12; i++) {
            if (k == stands && !kept_back) {
                kept_back = true;
                continue;
            }
            s.deck_top[s.ndeck_top++] = (UnoCard)k;
        }
    }
    for (int i = 0; i < 4; i++)
        s.deck_top[s.ndeck_top++] = UNO_WILD4;
    s.deck_top[s.ndeck_top++] = stands;
    UnoGame *g = uno_game_new(&r, &s, err, sizeof err);
    if (!g)
        fail_msg("%s", err);
    assert_int_equal(uno_game_top(g), stands);
    assert_int_equal(uno_game_check(g, err, sizeof err), UNO_OK);
    return g;
}

static void myuno_wd4s_returned_until_a_card_stands(void **state)
{
    (void)state;
    UnoGame *g = deal_short_stock("mattel");
    assert_int_equal(uno_game_discard_count(g), 1);
    assert_int_equal(uno_game_stock_count(g), 11); /* the four WD4s are back in it */
    uno_game_free(g);
}

static void classic_wd4s_covered_until_a_card_stands(void **state)
{
    (void)state;
    UnoGame *g = deal_short_stock("classic");
    assert_int_equal(uno_game_discard_count(g), 5); /* R5 on the four WD4s */
    assert_int_equal(uno_game_stock_count(g), 7);
    uno_game_free(g);
}

/* 8 x 13 cards dealt from a stacked deck that leaves only the four WD4s:
 * no card can be turned up first, and a stacked deck is not dealt again */
static void stacked_deck_leaving_no_first_card_refused(void **state)
{
    (void)state;
    const char *sets[] = {"mattel", "classic"};
    for (int i = 0; i < 2; i++) {
        UnoRules r;
        char err[UNO_ERR_LEN];
        assert_int_equal(uno_rules_preset(sets[i], &r, err, sizeof err), UNO_OK);
        r.hand_size = 13;
        UnoSetup s;
        sim_setup(&s, 8, 5);
        for (int k = 0; k < UNO_WILD4; k++)
            for (int copies = k == UNO_WILD ? 4 : uno_card_value((UnoCard)k) == 0 ? 1 : 2; copies > 0; copies--)
                s.deck_top[s.ndeck_top++] = (UnoCard)k;
        assert_int_equal(s.ndeck_top, 8 * 13);
        assert_null(uno_game_new(&r, &s, err, sizeof err));
        assert_non_null(strstr(err, "returned or covered when turned up"));
    }
}

/* 10 x 11 cards dealt from the booklet's 112 leave 2; the booklet returns
 * Wilds, WD4s and blanks turned up ('Set up' 6), 12 cards of the 112, so
 * about one deal in a hundred leaves two of them: the dealer deals again,
 * and every game opens on a card that stands. */
static void booklet_deals_again_when_no_card_can_open(void **state)
{
    (void)state;
    UnoRules r;
    char err[UNO_ERR_LEN];
    assert_int_equal(uno_rules_preset("mattel", &r, err, sizeof err), UNO_OK);
    r.blanks = 4;
    r.first_wild = UNO_FIRST_WILD_RETURN;
    r.hand_size = 11;
    for (uint64_t seed = 1; seed <= 3000; seed++) {
        UnoSetup s;
        sim_setup(&s, 10, seed);
        UnoGame *g = uno_game_new(&r, &s, err, sizeof err);
        if (!g)
            fail_msg("seed %llu: %s", (unsigned long long)seed, err);
        UnoCard top = uno_game_top(g);
        assert_true(uno_card_is_colored(top));
        assert_int_equal(uno_game_check(g, err, sizeof err), UNO_OK);
        uno_game_free(g);
    }
}

/* uno_game_prepare once, then uno_game_deal for each seed: the same game,
 * hash for hash, as uno_game_init from the setup with that seed, under every
 * rule set, with the dealer chosen or named, and when the deal is done again
 * (the booklet case above); dealing into the prepared block itself too. */
static void prepared_deal_is_init(void **state)
{
    (void)state;
    const struct {
        const char *rules;
        int players, dealer, blanks, hand_size;
    } cases[] = {
        {"mattel", 4, -1, 0, 7}, {"classic", 5, -1, 0, 7}, {"kpgut", 4, -1, 0, 7},
        {"kpgut", 12, -1, 0, 7}, {"mattel", 3, 2, 0, 7}, {"mattel", 10, -1, 4, 11},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        UnoRules r;
        char err[UNO_ERR_LEN];
        assert_int_equal(uno_rules_preset(cases[i].rules, &r, err, sizeof err), UNO_OK);
        r.blanks = cases[i].blanks;
        r.hand_size = cases[i].hand_size;
        if (cases[i].blanks)
            r.first_wild = UNO_FIRST_WILD_RETURN;
        UnoSetup s;
        sim_setup(&s, cases[i].players, 0);
        s.dealer = cases[i].dealer;
        size_t bytes = uno_game_size(&r, &s);
        UnoGame *prepared = test_malloc(bytes), *dealt = test_malloc(bytes), *inited = test_malloc(bytes);
        assert_int_equal(uno_game_prepare(prepared, &r, &s, err, sizeof err), UNO_OK);
        for (uint64_t seed = 1; seed <= 300; seed++) {
            s.seed = seed;
            assert_int_equal(uno_game_init(inited, &r, &s, err, sizeof err), UNO_OK);
            uno_game_deal(dealt, prepared, seed);
            if (uno_game_hash(dealt) != uno_game_hash(inited))
                fail_msg("%s, %d players, seed %llu: the prepared deal differs", cases[i].rules,
                         cases[i].players, (unsigned long long)seed);
            uno_game_copy(dealt, prepared);
            uno_game_deal(dealt, dealt, seed);
            assert_true(uno_game_hash(dealt) == uno_game_hash(inited));
        }
        test_free(prepared);
        test_free(dealt);
        test_free(inited);
    }
}

/* uno_game_prepare checks what uno_game_init checks. */
static void prepare_refuses_what_init_refuses(void **state)
{
    (void)state;
    UnoRules r;
    char err[UNO_ERR_LEN], err2[UNO_ERR_LEN];
    assert_int_equal(uno_rules_preset("mattel", &r, err, sizeof err), UNO_OK);
    r.hand_size = 20;
    UnoSetup s;
    sim_setup(&s, 6, 1); /* 120 cards for 6 hands of 20: more than the deck */
    UnoGame *g = test_malloc(uno_game_size(&r, &s));
    assert_int_not_equal(uno_game_prepare(g, &r, &s, err, sizeof err), UNO_OK);
    assert_int_not_equal(uno_game_init(g, &r, &s, err2, sizeof err2), UNO_OK);
    assert_string_equal(err, err2);
    r.hand_size = 7;
    s.ndeck_top = 5;
    for (int i = 0; i < 5; i++)
        s.deck_top[i] = UNO_WILD4; /* a deck has four */
    assert_int_not_equal(uno_game_prepare(g, &r, &s, err, sizeof err), UNO_OK);
    assert_non_null(strstr(err, "one more than the deck holds"));
    test_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(myuno_setup1_highest_number_deals),
        cmocka_unit_test(classic_deal_highest_card),
        cmocka_unit_test(kpgut_oldest_deals),
        cmocka_unit_test(myuno_wd4s_returned_until_a_card_stands),
        cmocka_unit_test(classic_wd4s_covered_until_a_card_stands),
        cmocka_unit_test(stacked_deck_leaving_no_first_card_refused),
        cmocka_unit_test(booklet_deals_again_when_no_card_can_open),
        cmocka_unit_test(prepared_deal_is_init),
        cmocka_unit_test(prepare_refuses_what_init_refuses),
    };
    return cmocka_run_group_tests_name("deal", tests, NULL, NULL);
}
