/*
 * test_perft.c — perft (src/sim/perft.h): the number of legal action
 * sequences of the player in turn from a deal.
 *
 * First, counts reasoned out by hand from a stacked deck (the rule books'
 * sentences are cited beside each term), so that the numbers are not only
 * what the code happens to say. Then, regression counts from seeded deals
 * for each rule set: computed once with this engine (`uno perft`), they pin
 * the move generator and the state transitions down; any change to them is a
 * change of behaviour and must be explained.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sim/perft.h"
#include "sim/sim.h"
#include "uno.h"

/* ------------------------------------------------------------ helpers */

static UnoCard card(const char *name)
{
    UnoCard c;
    if (uno_card_parse(name, &c) != UNO_OK)
        fail_msg("not a card: %s", name);
    return c;
}

/* The stacked deal, seats as `uno sim` seats them (seat s aged 20 + s) and
 * seat 3 dealing, so seat 0 gets the first card (MyUNO "Setup" 2, KPGUT
 * "Starting the Game": starting left of the dealer). */
static const char *const hands[4][7] = {
    {"R1", "R7", "G7", "B2", "Y9", "W", "W+4"},
    {"R3", "G7", "B4", "B4", "Y0", "Y8", "G+2"},
    {"G1", "G2", "G3", "B5", "B6", "Y1", "Y2"},
    {"G4", "G5", "G6", "B7", "B8", "Y4", "Y5"},
};

static UnoGame *stacked(const char *rules_name)
{
    UnoRules r;
    char err[UNO_ERR_LEN];
    if (uno_rules_preset(rules_name, &r, err, sizeof err) != UNO_OK)
        fail_msg("%s", err);
    UnoSetup s;
    sim_setup(&s, 4, 99);
    s.dealer = 3;
    for (int round = 0; round < 7; round++)
        for (int seat = 0; seat < 4; seat++)
            s.deck_top[s.ndeck_top++] = card(hands[seat][round]);
    s.deck_top[s.ndeck_top++] = card("R5"); /* turned up (mattel, classic) */
    s.deck_top[s.ndeck_top++] = card("R9"); /* the next card of the stock */
    UnoGame *g = uno_game_new(&r, &s, err, sizeof err);
    if (!g)
        fail_msg("%s", err);
    return g;
}

static uint64_t perft(const UnoGame *g, int depth)
{
    uint64_t n;
    char err[UNO_ERR_LEN];
    if (sim_perft(g, depth, NULL, NULL, &n, err, sizeof err) != UNO_OK)
        fail_msg("perft: %s", err);
    return n;
}

typedef struct Divided {
    char text[64][64];
    uint64_t count[64];
    int n;
} Divided;

static void record(void *ctx, const UnoAction *first, uint64_t count)
{
    Divided *d = ctx;
    assert_true(d->n < 64);
    sim_perft_action_text(first, d->text[d->n], sizeof d->text[d->n]);
    d->count[d->n++] = count;
}

static uint64_t divided(const Divided *d, const char *text)
{
    for (int i = 0; i < d->n; i++)
        if (strcmp(d->text[i], text) == 0)
            return d->count[i];
    fail_msg("no first action '%s'", text);
    return 0;
}

static void divide(const UnoGame *g, int depth, Divided *d)
{
    uint64_t n;
    char err[UNO_ERR_LEN];
    memset(d, 0, sizeof *d);
    if (sim_perft(g, depth, record, d, &n, err, sizeof err) != UNO_OK)
        fail_msg("perft: %s", err);
}

/* ------------------------------------------------- reasoned by hand */

/* mattel, R5 turned up, seat 0 first (MyUNO "Setup" 4-5: the player left of
 * the dealer). Seat 0 holds R1 R7 G7 B2 Y9 W W+4.
 * Depth 1: colour red matches R1, R7 ("match the card on the discard pile by
 * number, color or symbol"): 2; nothing else is red or a 5; the Wild, one
 * play per colour named: 4; the Wild Draw 4 may be played whatever the hand
 * holds, at the risk of a challenge (MyUNO "Wild Draw 4" note): 4; drawing:
 * 1. Total 11.
 * Depth 2, the next player, seat 1 (R3 G7 B4 B4 Y0 Y8 G+2), after each:
 *  - R1 (red 1): R3; draw -> 2;
 *  - R7 (red 7): R3, G7 (the number); draw -> 3;
 *  - W naming R: R3 + draw = 2; G: G7, G+2 + draw = 3; B: B4 (two copies,
 *    one play) + draw = 2; Y: Y0, Y8 + draw = 3 -> 10;
 *  - W+4 naming any colour: seat 1 may take the four cards or challenge
 *    (MyUNO "Wild Draw 4" note); no card answers a WD4 (no stacking) -> 2 x 4
 *    colours = 8;
 *  - draw: seat 0 draws R9, which matches red, so seat 0 may play it or keep
 *    it (MyUNO "Let's Play": "you can play that card"; docs/rules.md reading 14)
 *    -> 2.
 * Total 2 + 3 + 10 + 8 + 2 = 25. */
static void test_mattel_by_hand(void **state)
{
    (void)state;
    UnoGame *g = stacked("mattel");
    assert_int_equal(uno_game_turn(g), 0);
    assert_int_equal(uno_game_top(g), card("R5"));
    assert_int_equal(perft(g, 1), 11);
    Divided d;
    divide(g, 2, &d);
    assert_int_equal(d.n, 11);
    assert_int_equal(divided(&d, "play R1"), 2);
    assert_int_equal(divided(&d, "play R7"), 3);
    assert_int_equal(divided(&d, "play W R"), 2);
    assert_int_equal(divided(&d, "play W G"), 3);
    assert_int_equal(divided(&d, "play W B"), 2);
    assert_int_equal(divided(&d, "play W Y"), 3);
    for (int c = 0; c < UNO_COLORS; c++) {
        char text[32];
        snprintf(text, sizeof text, "play W+4 %s", uno_color_name(c));
        assert_int_equal(divided(&d, text), 2);
    }
    assert_int_equal(divided(&d, "draw"), 2);
    assert_int_equal(perft(g, 2), 25);
    uno_game_free(g);
}

/* classic, the same deal: "Wild Draw Four cards ... may only be played when
 * the player has no other card of the same colour as the card on top" and
 * there is no challenge (classic 'SPECIAL ACTIONS'; docs/rules.md, challenge): seat 0
 * holds red cards, so its W+4 is not a play. Depth 1: R1, R7, W x 4, draw =
 * 7. Depth 2: 2 + 3 + 10 + 2 (R9 drawn: play it or keep it, 'PLAY') = 17. */
static void test_classic_by_hand(void **state)
{
    (void)state;
    UnoGame *g = stacked("classic");
    assert_int_equal(uno_game_turn(g), 0);
    assert_int_equal(perft(g, 1), 7);
    assert_int_equal(perft(g, 2), 17);
    uno_game_free(g);
}

/* kpgut: no card is turned up; the youngest, seat 0, plays "any card of
 * their hand but Wild Draw 4" ("Starting the Game"), and plays are sets of
 * one value, the first card playable ("Basic Gameplay"), each distinct
 * outcome counted: which cards, which first, which last.
 * Depth 1: R1, B2, Y9: 3; value 7: R7, G7, R7 then G7, G7 then R7: 4; W,
 * one per colour named: 4; drawing instead (§14 lets a player draw while
 * holding a playable card): 1. Total 12.
 * Depth 2, seat 1 (R3 G7 B4 B4 Y0 Y8 G+2) after R1: R3 + draw = 2; after Y9:
 * Y0, Y8 + draw = 3; after B2: B4, B4 B4 (a set of the two), + draw = 3. */
static void test_kpgut_by_hand(void **state)
{
    (void)state;
    UnoGame *g = stacked("kpgut");
    assert_int_equal(uno_game_turn(g), 0);
    assert_int_equal(uno_game_top(g), UNO_NO_CARD);
    assert_int_equal(perft(g, 1), 12);
    Divided d;
    divide(g, 2, &d);
    assert_int_equal(d.n, 12);
    assert_int_equal(divided(&d, "play R1"), 2);
    assert_int_equal(divided(&d, "play Y9"), 3);
    assert_int_equal(divided(&d, "play B2"), 3);
    uno_game_free(g);
}

/* -------------------------------------------------- seeded regressions */

typedef struct Pinned {
    const char *rules;
    int players;
    uint64_t seed;
    int depth;
    uint64_t nodes;
} Pinned;

/* Computed once with `uno perft --rules R --players N --seed S --depth D`.
 * Mattel and classic deals were recomputed when the high-card draw for the
 * dealer stopped shuffling a whole deck (the generator's stream changed;
 * KPGUT's, whose oldest player deals, did not move). */
static const Pinned pinned[] = {
    {"mattel", 4, 1, 10, 215125},
    {"mattel", 4, 2, 10, 280233},
    {"mattel", 3, 3, 10, 21355},
    {"mattel", 2, 5, 10, 1055801}, /* booklet "Challenge UNO": Skip and Reverse play again */
    {"classic", 4, 1, 10, 68647},
    {"classic", 3, 7, 10, 611182},
    {"kpgut", 4, 1, 8, 285826},
    {"kpgut", 4, 2, 8, 240930},
    {"kpgut", 3, 3, 8, 725086},
    {"kpgut", 2, 4, 9, 1927952},
    {"kpgut", 12, 1, 7, 291116}, /* two decks */
};

static void test_seeded(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof pinned / sizeof pinned[0]; i++) {
        const Pinned *p = &pinned[i];
        UnoRules r;
        char err[UNO_ERR_LEN];
        if (uno_rules_preset(p->rules, &r, err, sizeof err) != UNO_OK)
            fail_msg("%s", err);
        UnoSetup s;
        sim_setup(&s, p->players, p->seed);
        UnoGame *g = uno_game_new(&r, &s, err, sizeof err);
        if (!g)
            fail_msg("%s", err);
        uint64_t n = perft(g, p->depth);
        if (n != p->nodes)
            fail_msg("%s, %d players, seed %llu, depth %d: %llu nodes, pinned %llu", p->rules,
                     p->players, (unsigned long long)p->seed, p->depth, (unsigned long long)n,
                     (unsigned long long)p->nodes);
        uno_game_free(g);
    }
}

/* Perft never changes the position it counts from, and depth 0 is 1. */
static void test_position_untouched(void **state)
{
    (void)state;
    UnoGame *g = stacked("kpgut");
    uint64_t before = uno_game_hash(g);
    assert_int_equal(perft(g, 0), 1);
    (void)perft(g, 4);
    assert_true(uno_game_hash(g) == before);
    uno_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mattel_by_hand),
        cmocka_unit_test(test_classic_by_hand),
        cmocka_unit_test(test_kpgut_by_hand),
        cmocka_unit_test(test_seeded),
        cmocka_unit_test(test_position_untouched),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
