/*
 * test_arena.c — the arena (src/sim/arena.h): every deal is played in every
 * rotation of the lineup, the figures do not depend on the threads nor on
 * how the lineup is rotated, places share out 1..N, with two players
 * the rating is the Elo difference of the win rate, and a game in which a
 * program failed is left out of every figure.
 *
 * The program's test needs python3 and UNO_ROOT (scripts/run-tests.sh sets it).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sim/arena.h"

static void arena_config(UnoArenaConfig *c, const char *rules, const char *const *lineup, int n, uint64_t deals)
{
    memset(c, 0, sizeof *c);
    sim_config_default(&c->sim);
    char err[UNO_ERR_LEN];
    assert_int_equal(uno_rules_preset(rules, &c->sim.rules, err, sizeof err), UNO_OK);
    c->sim.nplayers = n;
    c->sim.seed = 42;
    c->deals = deals;
    c->threads = 1;
    for (int pos = 0; pos < n; pos++) {
        snprintf(c->names[pos], UNO_ARENA_NAME_LEN, "%s", lineup[pos]);
        if (bot_parse(lineup[pos], &c->sim.bots[pos], &c->sim.params[pos], err, sizeof err) != UNO_OK)
            fail_msg("%s", err);
    }
}

static void run_arena(const UnoArenaConfig *c, UnoArenaResult *r)
{
    char err[UNO_ERR_LEN * 2];
    if (sim_arena_run(c, r, err, sizeof err) != UNO_OK)
        fail_msg("arena: %s", err);
}

static const UnoArenaEntrant *entrant(const UnoArenaResult *r, const char *name)
{
    for (int i = 0; i < r->nentrants; i++)
        if (strcmp(r->entrants[i].name, name) == 0)
            return &r->entrants[i];
    fail_msg("no entrant %s", name);
    return NULL;
}

/* Two threads give what one gives, search bots included. */
static void test_same_table_whatever_the_threads(void **state)
{
    (void)state;
    static const char *const lineup[] = {"ismcts:24", "heuristic", "random"};
    UnoArenaConfig c;
    arena_config(&c, "kpgut", lineup, 3, 30);
    UnoArenaResult one, two;
    run_arena(&c, &one);
    c.threads = 2;
    run_arena(&c, &two);
    assert_memory_equal(one.places2, two.places2, 30 * 3 * 3 * sizeof *one.places2);
    for (int i = 0; i < one.nentrants; i++) {
        assert_int_equal(one.entrants[i].wins, two.entrants[i].wins);
        assert_true(one.entrants[i].rating == two.entrants[i].rating);
        assert_true(one.entrants[i].rating_lo == two.entrants[i].rating_lo);
    }
    sim_arena_result_free(&one);
    sim_arena_result_free(&two);
}

/* Every deal in every seating: a lineup rotated by one seat plays the same
 * games, so every figure is the same; each game's places share out 1..N
 * (Mattel: the winner 1, the others the mean of 2..N). */
static void test_duplicate_deals(void **state)
{
    (void)state;
    static const char *const a[] = {"heuristic", "random", "random", "random"};
    static const char *const b[] = {"random", "heuristic", "random", "random"};
    UnoArenaConfig ca, cb;
    arena_config(&ca, "mattel", a, 4, 200);
    arena_config(&cb, "mattel", b, 4, 200);
    UnoArenaResult ra, rb;
    run_arena(&ca, &ra);
    run_arena(&cb, &rb);
    const UnoArenaEntrant *ha = entrant(&ra, "heuristic"), *hb = entrant(&rb, "heuristic");
    assert_int_equal(ha->seat_games, 200 * 4);
    assert_int_equal(entrant(&ra, "random")->seat_games, 200 * 4 * 3);
    assert_int_equal(ha->wins, hb->wins);
    assert_true(fabs(ha->place - hb->place) < 1e-9);
    for (uint64_t game = 0; game < 200 * 4; game++) {
        int sum = 0, firsts = 0;
        for (int seat = 0; seat < 4; seat++) {
            int p2 = ra.places2[game * 4 + (uint64_t)seat];
            sum += p2;
            firsts += p2 == 2;
            assert_true(p2 == 2 || p2 == 6); /* place 1, or the mean of 2, 3, 4 */
        }
        assert_int_equal(sum, 2 * (1 + 2 + 3 + 4));
        assert_int_equal(firsts, 1);
    }
    sim_arena_result_free(&ra);
    sim_arena_result_free(&rb);
}

/* Two players: the rating difference is 400 log10(p / (1 - p)) of the win
 * rate p (the prior of one drawn game moves it by less than an Elo point),
 * inside its bootstrap interval. */
static void test_two_player_rating_is_elo(void **state)
{
    (void)state;
    static const char *const lineup[] = {"heuristic", "random"};
    UnoArenaConfig c;
    arena_config(&c, "mattel", lineup, 2, 3000);
    UnoArenaResult r;
    run_arena(&c, &r);
    const UnoArenaEntrant *h = entrant(&r, "heuristic"), *x = entrant(&r, "random");
    double p = (double)h->wins / (double)h->seat_games;
    double elo = 400 * log10(p / (1 - p));
    print_message("heuristic against random: %.2f%% won, %.1f Elo apart (ratings %.1f, %.1f)\n", 100 * p, elo,
                  h->rating, x->rating);
    assert_true(fabs(h->rating - x->rating - elo) < 1.0);
    assert_true(fabs((h->rating + x->rating) / 2 - 1500) < 1e-6);
    assert_true(h->rating_lo < h->rating && h->rating < h->rating_hi);
    assert_true(h->win_lo < p && p < h->win_hi);
    assert_true(p > 0.55); /* the heuristic is the better bot */
    sim_arena_result_free(&r);
}

/* A program that fails in its second game (tests/protocol/bots/fails_in_game.py):
 * in each rotation (a process of its own) the second deal is left out, for
 * both bots, and counted as the program's failure; the figures are those of
 * the other games. */
static void test_failed_games_left_out(void **state)
{
    (void)state;
    const char *root = getenv("UNO_ROOT");
    char program[UNO_ARENA_NAME_LEN];
    snprintf(program, sizeof program, "cmd:python3 %s/tests/protocol/bots/fails_in_game.py 2", root ? root : ".");
    const char *const lineup[] = {"heuristic", program};
    UnoArenaConfig c;
    arena_config(&c, "mattel", lineup, 2, 5);
    UnoArenaResult r;
    run_arena(&c, &r);
    assert_int_equal(r.games_left_out, 2);
    const UnoArenaEntrant *h = entrant(&r, "heuristic"), *p = entrant(&r, program);
    assert_int_equal(p->failed_games, 2);
    assert_int_equal(h->failed_games, 0);
    uint64_t wins[2] = {0, 0}; /* by lineup position, from the places of the games counted */
    for (uint64_t deal = 0; deal < 5; deal++)
        for (int rot = 0; rot < 2; rot++) {
            uint32_t failed = r.failed[deal * 2 + (uint64_t)rot];
            assert_int_equal(failed != 0, deal == 1);
            if (failed)
                assert_int_equal(failed, 1u << ((1 + rot) % 2)); /* the program's seat */
            const uint16_t *places2 = &r.places2[(deal * 2 + (uint64_t)rot) * 2];
            for (int seat = 0; !failed && seat < 2; seat++)
                wins[sim_arena_position(2, rot, seat)] += places2[seat] == 2;
        }
    assert_int_equal(h->seat_games, 8);
    assert_int_equal(p->seat_games, 8);
    assert_int_equal(h->wins, wins[0]);
    assert_int_equal(p->wins, wins[1]);
    assert_int_equal(h->wins + p->wins, 8); /* Mattel: one winner a game */
    sim_arena_result_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_table_whatever_the_threads),
        cmocka_unit_test(test_duplicate_deals),
        cmocka_unit_test(test_two_player_rating_is_elo),
        cmocka_unit_test(test_failed_games_left_out),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
