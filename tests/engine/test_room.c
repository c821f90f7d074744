/*
 * test_room.c — a game's memory: one block, dealt with room for its own
 * players only, which uno_game_make_room grows for a KPGUT §13 newcomer or a
 * §3.2 spectator. A 4-player game's state fits in 1 KiB under every rule set
 * (README.md). Growing changes nothing in the game (its hash, its
 * invariants, the order of the stock); a join or a spectator without room is
 * refused and changes nothing.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sim/sim.h"
#include "uno.h"

static UnoRules preset(const char *name)
{
    UnoRules r;
    char err[UNO_ERR_LEN];
    if (uno_rules_preset(name, &r, err, sizeof err) != UNO_OK)
        fail_msg("%s", err);
    return r;
}

static UnoGame *deal(const UnoRules *r, int nplayers)
{
    UnoSetup setup;
    uno_sim_setup(&setup, nplayers, 42);
    char err[UNO_ERR_LEN];
    UnoGame *g = uno_game_new(r, &setup, err, sizeof err);
    if (!g)
        fail_msg("%s", err);
    return g;
}

static UnoAction newcomer(UnoActionType type, int seat, const char *name)
{
    UnoAction a;
    uno_action_init(&a, type, -1);
    a.target = (int8_t)seat;
    a.age = 33;
    snprintf(a.name, sizeof a.name, "%s", name);
    return a;
}

static void assert_valid(const UnoGame *g)
{
    char why[UNO_ERR_LEN];
    if (uno_game_check(g, why, sizeof why) != UNO_OK)
        fail_msg("%s", why);
}

static void four_players_fit_in_a_kibibyte(void **state)
{
    (void)state;
    const char *sets[] = {"mattel", "classic", "kpgut"};
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        UnoRules r = preset(sets[i]);
        UnoGame *g = deal(&r, 4);
        assert_int_equal(uno_game_bytes(g), uno_game_size(&r, 4));
        if (uno_game_bytes(g) > 1024)
            fail_msg("%s: a 4-player game takes %zu bytes", sets[i], uno_game_bytes(g));
        uno_game_free(g);
    }
}

/* Room is made only for what the action may add, and never changes the game. */
static void room_grows_for_joiners_only(void **state)
{
    (void)state;
    UnoRules r = preset("kpgut");
    UnoGame *g = deal(&r, 4);
    size_t dealt = uno_game_bytes(g);
    uint64_t hash = uno_game_hash(g);
    UnoAction draw;
    uno_action_init(&draw, UNO_ACT_DRAW, 0);
    assert_ptr_equal(uno_game_make_room(g, &draw), g);
    UnoAction join = newcomer(UNO_ACT_JOIN, 2, "Newcomer");
    g = uno_game_make_room(g, &join);
    assert_non_null(g);
    assert_true(uno_game_bytes(g) > dealt);
    assert_int_equal(uno_game_hash(g), hash);
    assert_valid(g);
    /* room already made: nothing more */
    size_t roomy = uno_game_bytes(g);
    assert_ptr_equal(uno_game_make_room(g, &join), g);
    assert_int_equal(uno_game_bytes(g), roomy);
    char err[UNO_ERR_LEN];
    assert_int_equal(uno_game_apply(g, &join, NULL, NULL, err, sizeof err), UNO_OK);
    assert_int_equal(uno_game_nplayers(g), 5);
    assert_string_equal(uno_game_player(g, 2)->name, "Newcomer");
    assert_int_equal(uno_game_hand_count(g, 2), r.join_cards); /* §13: nine cards */
    assert_valid(g);
    uno_game_free(g);
}

/* Without room, a join or a spectator is refused and nothing changes. */
static void no_room_is_refused(void **state)
{
    (void)state;
    UnoRules r = preset("kpgut");
    UnoGame *g = deal(&r, 4);
    uint64_t hash = uno_game_hash(g);
    char err[UNO_ERR_LEN];
    UnoAction join = newcomer(UNO_ACT_JOIN, 0, "Newcomer");
    assert_int_equal(uno_game_apply(g, &join, NULL, NULL, err, sizeof err), UNO_E_BAD_REQUEST);
    assert_non_null(strstr(err, "uno_game_make_room"));
    UnoAction watch = newcomer(UNO_ACT_SPECTATE, -1, "Watcher");
    assert_int_equal(uno_game_apply(g, &watch, NULL, NULL, err, sizeof err), UNO_E_BAD_REQUEST);
    assert_int_equal(uno_game_hash(g), hash);
    assert_int_equal(uno_game_nplayers(g), 4);
    assert_int_equal(uno_game_nspectators(g), 0);
    uno_game_free(g);
}

/* Up to 30 seats and the rules' 8 spectators; then the table is full, and no
 * room is made. Every growth keeps the game as it was. */
static void grows_to_the_limits(void **state)
{
    (void)state;
    UnoRules r = preset("kpgut");
    r.join_cards = 1; /* 26 newcomers, and the stock lasts */
    UnoGame *g = deal(&r, 4);
    char err[UNO_ERR_LEN], name[16];
    for (int seat = 4; seat < UNO_MAX_PLAYERS; seat++) {
        snprintf(name, sizeof name, "P%d", seat);
        UnoAction join = newcomer(UNO_ACT_JOIN, seat, name);
        uint64_t hash = uno_game_hash(g);
        g = uno_game_make_room(g, &join);
        assert_non_null(g);
        assert_int_equal(uno_game_hash(g), hash);
        if (uno_game_apply(g, &join, NULL, NULL, err, sizeof err) != UNO_OK)
            fail_msg("join at seat %d: %s", seat, err);
    }
    for (int i = 0; i < r.spectators; i++) {
        snprintf(name, sizeof name, "S%d", i);
        UnoAction watch = newcomer(UNO_ACT_SPECTATE, -1, name);
        g = uno_game_make_room(g, &watch);
        assert_non_null(g);
        if (uno_game_apply(g, &watch, NULL, NULL, err, sizeof err) != UNO_OK)
            fail_msg("spectator %d: %s", i, err);
    }
    assert_valid(g);
    assert_int_equal(uno_game_nplayers(g), UNO_MAX_PLAYERS);
    assert_string_equal(uno_game_player(g, 29)->name, "P29");
    assert_string_equal(uno_game_spectator(g, 0)->name, "S0");
    assert_string_equal(uno_game_spectator(g, 7)->name, "S7");
    size_t full = uno_game_bytes(g);
    UnoAction late = newcomer(UNO_ACT_JOIN, 0, "Late");
    UnoAction watch = newcomer(UNO_ACT_SPECTATE, -1, "S8");
    assert_ptr_equal(uno_game_make_room(g, &late), g);
    assert_ptr_equal(uno_game_make_room(g, &watch), g);
    assert_int_equal(uno_game_bytes(g), full);
    assert_int_equal(uno_game_apply(g, &late, NULL, NULL, err, sizeof err), UNO_E_ILLEGAL);
    assert_non_null(strstr(err, "full"));
    assert_int_equal(uno_game_apply(g, &watch, NULL, NULL, err, sizeof err), UNO_E_ILLEGAL);
    /* a copy of the grown game is the same game */
    UnoGame *copy = malloc(full);
    assert_non_null(copy);
    uno_game_copy(copy, g);
    assert_int_equal(uno_game_hash(copy), uno_game_hash(g));
    assert_string_equal(uno_game_spectator(copy, 7)->name, "S7");
    free(copy);
    uno_game_free(g);
}

/* Rules without §13 or spectators make no room. */
static void mattel_makes_no_room(void **state)
{
    (void)state;
    UnoRules r = preset("mattel");
    UnoGame *g = deal(&r, 4);
    size_t dealt = uno_game_bytes(g);
    UnoAction join = newcomer(UNO_ACT_JOIN, 0, "Newcomer");
    UnoAction watch = newcomer(UNO_ACT_SPECTATE, -1, "Watcher");
    assert_ptr_equal(uno_game_make_room(g, &join), g);
    assert_ptr_equal(uno_game_make_room(g, &watch), g);
    assert_int_equal(uno_game_bytes(g), dealt);
    char err[UNO_ERR_LEN];
    assert_int_equal(uno_game_apply(g, &join, NULL, NULL, err, sizeof err), UNO_E_ILLEGAL);
    assert_int_equal(uno_game_apply(g, &watch, NULL, NULL, err, sizeof err), UNO_E_ILLEGAL);
    uno_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(four_players_fit_in_a_kibibyte),
        cmocka_unit_test(room_grows_for_joiners_only),
        cmocka_unit_test(no_room_is_refused),
        cmocka_unit_test(grows_to_the_limits),
        cmocka_unit_test(mattel_makes_no_room),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
