/*
 * test_deal.c — who deals.
 *
 * MyUNO "Setup" 1: "Each player draws a card; the player that draws the
 * highest number deals (count any card with a symbol as zero)"; classic
 * "Deal": "perhaps by cut of the highest valued card"; those tied for the
 * highest draw again (a reading: the books do not say). KPGUT "Starting the
 * Game": the oldest player deals (ties: RULES.md decision 7, the earlier
 * seat). The cards drawn for the deal are public: the engine reports them as
 * "cut" events, which this test reads over many seeded deals.
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
    uno_sim_setup(&s, n, seed);
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
    assert_int_equal(uno_game_dealer(g), 1);  /* the oldest; decision 7: seat 1 before seat 3 */
    assert_int_equal(uno_game_turn(g), 2);    /* and the youngest opens */
    uno_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(myuno_setup1_highest_number_deals),
        cmocka_unit_test(classic_deal_highest_card),
        cmocka_unit_test(kpgut_oldest_deals),
    };
    return cmocka_run_group_tests_name("deal", tests, NULL, NULL);
}
