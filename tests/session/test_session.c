/*
 * test_session.c — KPGUT's session scoring without a game (uno_session.h,
 * src/engine/session.c): §6 "Ending the game prematurely", "Scoring", the
 * oldest and youngest (docs/rules.md reading 7), and the conduct rules: §15
 * who warns and which warning ejects, §13 who may join, §11 how a vote
 * ends. The engine's games score and judge with these same functions
 * (tests/match and the conformance cases cover them there); the server's
 * scorekeeper is compared with the engine in tests/server/keeper.test.mjs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "uno_session.h"

static UnoHandCounts hand(int cards, int numbers, int zeros, int ones)
{
    UnoHandCounts h = {.cards = cards};
    h.numbers[0] = zeros;
    h.numbers[1] = ones;
    h.numbers[5] = numbers - zeros - ones; /* the rest of the number cards: fives */
    return h;
}

/* §6: "less = better" for cards, then for number cards; then "0 cards (1
 * cards, ... 9 cards; more = better)"; then equal. */
static void test_section6_compare(void **state)
{
    (void)state;
    UnoHandCounts a = hand(3, 2, 0, 0), b = hand(4, 0, 0, 0);
    assert_true(uno_section6_compare(&a, &b) < 0); /* fewer cards */
    a = hand(4, 1, 0, 0), b = hand(4, 2, 2, 0);
    assert_true(uno_section6_compare(&a, &b) < 0); /* fewer number cards, whatever the zeros */
    a = hand(4, 2, 1, 0), b = hand(4, 2, 0, 2);
    assert_true(uno_section6_compare(&a, &b) < 0); /* more zeros */
    a = hand(4, 2, 1, 1), b = hand(4, 2, 1, 0);
    assert_true(uno_section6_compare(&a, &b) < 0); /* same zeros: more ones */
    a = hand(4, 2, 1, 1), b = hand(4, 2, 1, 1);
    assert_int_equal(uno_section6_compare(&a, &b), 0);
}

static void test_section6_order(void **state)
{
    (void)state;
    UnoHandCounts h[4] = {hand(5, 0, 0, 0), hand(2, 1, 0, 0), hand(5, 0, 0, 0), hand(1, 1, 0, 0)};
    int ids[4] = {0, 1, 2, 3}, places[4];
    uno_section6_order(h, ids, 4, places);
    int want_ids[4] = {3, 1, 0, 2}, want_places[4] = {0, 1, 2, 2};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(ids[i], want_ids[i]);       /* equals stay in the caller's order */
        assert_int_equal(places[i], want_places[i]); /* and share the place of the first */
    }
}

static UnoOutcome finished(int order, int minutes)
{
    return (UnoOutcome){.fate = UNO_FATE_FINISHED, .order = order, .minutes = minutes};
}

static UnoOutcome left(int cards) { return (UnoOutcome){.fate = UNO_FATE_LEFT, .hand = hand(cards, 0, 0, 0)}; }

/* "The best remaining player gets 65 points, the next gets 70, the next
 * gets 75"; give-ups "the second-last player + 30, or 60, whichever is
 * greater"; ejected: no score; §9: give-ups share the last position. */
static void test_score_at_the_hour(void **state)
{
    (void)state;
    UnoOutcome o[7] = {finished(1, 12), left(6), {.fate = UNO_FATE_GAVE_UP}, left(2),
                       left(6),         {.fate = UNO_FATE_EJECTED}, left(9)};
    uno_session_score(o, 7, 60 * 60000, true);
    int ranks[7] = {1, 3, 6, 2, 3, -1, 5}, scores[7] = {12, 70, 110, 65, 70, -1, 80};
    for (int p = 0; p < 7; p++) {
        assert_int_equal(o[p].rank, ranks[p]);
        assert_int_equal(o[p].score, scores[p]);
    }
}

/* "The remaining players continue the game until only one player remains:
 * the loser", who scores the minutes as a finisher would; a give-up after a
 * quick game scores 60. */
static void test_score_last_player(void **state)
{
    (void)state;
    UnoOutcome o[4] = {finished(2, 7), finished(1, 3), {.fate = UNO_FATE_GAVE_UP}, left(4)};
    uno_session_score(o, 4, 9 * 60000 + 59999, false);
    int ranks[4] = {2, 1, 4, 3}, scores[4] = {7, 3, 60, 9};
    for (int p = 0; p < 4; p++) {
        assert_int_equal(o[p].rank, ranks[p]);
        assert_int_equal(o[p].score, scores[p]);
    }
}

static void test_minutes(void **state)
{
    (void)state;
    assert_int_equal(uno_session_minutes(0), 0);
    assert_int_equal(uno_session_minutes(59999), 0);
    assert_int_equal(uno_session_minutes(60000), 1);
    assert_int_equal(uno_session_minutes(3599999), 59);
}

/* "The player with a lowest score (average) is the winner": 100/3 < 34/1. */
static void test_session_compare(void **state)
{
    (void)state;
    assert_true(uno_session_compare(100, 3, 34, 1) < 0);
    assert_true(uno_session_compare(34, 1, 100, 3) > 0);
    assert_int_equal(uno_session_compare(30, 2, 45, 3), 0);
}

/* docs/rules.md reading 7: the earlier of equal ages counts as older. */
static void test_oldest_youngest(void **state)
{
    (void)state;
    int ages[5] = {30, 50, 12, 50, 12};
    assert_int_equal(uno_oldest(ages, 5), 1);
    assert_int_equal(uno_youngest(ages, 5), 4);
    ages[1] = -1; /* left out (ejected) */
    assert_int_equal(uno_oldest(ages, 5), 3);
    int none[1] = {-1};
    assert_int_equal(uno_oldest(none, 1), -1);
}

/* §15: "the oldest player (or the youngest player, if the player in fault
 * is the oldest player) must give them a warning"; "If the player continues
 * said behavior, the player is ejected". */
static void test_warnings(void **state)
{
    (void)state;
    int ages[4] = {30, 50, 12, 40};
    assert_int_equal(uno_warner(ages, 4, 0), 1);
    assert_int_equal(uno_warner(ages, 4, 2), 1);
    assert_int_equal(uno_warner(ages, 4, 1), 2); /* the oldest: the youngest warns */
    ages[1] = -1;                                /* the oldest was ejected: 40 is oldest now */
    assert_int_equal(uno_warner(ages, 4, 0), 3);
    assert_int_equal(uno_warner(ages, 4, 3), 2);
    int alone[1] = {20};
    assert_int_equal(uno_warner(alone, 1, 0), 0); /* nobody else: the caller refuses a self-warning */
    assert_false(uno_warning_ejects(1));
    assert_true(uno_warning_ejects(2));
    assert_true(uno_warning_ejects(3));
}

/* §13: "if there is not yet a winner, the person may join". */
static void test_join(void **state)
{
    (void)state;
    assert_null(uno_join_refusal(0, 4, 30));
    assert_string_equal(uno_join_refusal(1, 4, 30), "the game has a winner: no one may join (KPGUT §13)");
    assert_string_equal(uno_join_refusal(0, 30, 30), "the table is full");
    assert_null(uno_join_refusal(0, 29, 30));
}

/* §11: "the answer with most votes is considered to be correct. In case of
 * a tie, the oldest player's vote breaks the tie." */
static void test_votes(void **state)
{
    (void)state;
    assert_int_equal(uno_vote_outcome(2, 0, 1, 1), -1); /* one still to vote */
    assert_int_equal(uno_vote_outcome(3, 1, 0, 0), 1);
    assert_int_equal(uno_vote_outcome(1, 3, 0, 1), 0);
    assert_int_equal(uno_vote_outcome(2, 2, 0, 1), 1);
    assert_int_equal(uno_vote_outcome(2, 2, 0, 0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_section6_compare), cmocka_unit_test(test_section6_order),
        cmocka_unit_test(test_score_at_the_hour), cmocka_unit_test(test_score_last_player),
        cmocka_unit_test(test_minutes),           cmocka_unit_test(test_session_compare),
        cmocka_unit_test(test_oldest_youngest),   cmocka_unit_test(test_warnings),
        cmocka_unit_test(test_join),              cmocka_unit_test(test_votes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
