/*
 * test_room.c — a game's memory: one block, dealt with room for its own
 * players and for the KPGUT §13 newcomers and §3.2 spectators its setup
 * asked room for (UnoSetup.room_newcomers, room_spectators), and never
 * grown. A 4-player game dealt without room asked fits in 1 KiB under every
 * rule set (README.md). Room changes nothing in the game (its hash, the
 * order of the stock); a join or a spectator past it is refused with
 * UNO_E_NO_ROOM and changes nothing; room the rules cannot use is not kept.
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

static UnoSetup setup_with_room(int nplayers, int newcomers, int spectators)
{
    UnoSetup setup;
    sim_setup(&setup, nplayers, 42);
    setup.room_newcomers = newcomers;
    setup.room_spectators = spectators;
    return setup;
}

/* A game of nplayers dealt with room for that many newcomers and spectators. */
static UnoGame *deal(const UnoRules *r, int nplayers, int newcomers, int spectators)
{
    UnoSetup setup = setup_with_room(nplayers, newcomers, spectators);
    char err[UNO_ERR_LEN];
    UnoGame *g = uno_game_new(r, &setup, err, sizeof err);
    if (!g)
        fail_msg("%s", err);
    assert_int_equal(uno_game_bytes(g), uno_game_size(r, &setup));
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
        UnoGame *g = deal(&r, 4, 0, 0);
        if (uno_game_bytes(g) > 1024)
            fail_msg("%s: a 4-player game takes %zu bytes", sets[i], uno_game_bytes(g));
        uno_game_free(g);
    }
}

/* Room is a bigger block, and the same game: the same deal, the same hash. */
static void room_changes_nothing_in_the_game(void **state)
{
    (void)state;
    UnoRules r = preset("kpgut");
    UnoGame *small = deal(&r, 4, 0, 0), *roomy = deal(&r, 4, 3, 2);
    assert_true(uno_game_bytes(roomy) > uno_game_bytes(small));
    assert_int_equal(uno_game_hash(roomy), uno_game_hash(small));
    assert_valid(roomy);
    uno_game_free(small);
    uno_game_free(roomy);
}

/* A newcomer takes a seat of the room, and the block stays as it was. */
static void a_join_fits_the_room(void **state)
{
    (void)state;
    UnoRules r = preset("kpgut");
    UnoGame *g = deal(&r, 4, 1, 0);
    size_t dealt = uno_game_bytes(g);
    UnoAction join = newcomer(UNO_ACT_JOIN, 2, "Newcomer");
    char err[UNO_ERR_LEN];
    assert_int_equal(uno_game_apply(g, &join, NULL, NULL, err, sizeof err), UNO_OK);
    assert_int_equal(uno_game_nplayers(g), 5);
    assert_string_equal(uno_game_player(g, 2)->name, "Newcomer");
    assert_int_equal(uno_game_hand_count(g, 2), r.join_cards); /* §13: nine cards */
    assert_int_equal(uno_game_bytes(g), dealt);
    assert_valid(g);
    uno_game_free(g);
}

/* Past the room, a join or a spectator is refused with UNO_E_NO_ROOM, which
 * says so, and nothing changes. */
static void past_the_room_is_refused(void **state)
{
    (void)state;
    UnoRules r = preset("kpgut");
    UnoGame *g = deal(&r, 4, 0, 0);
    uint64_t hash = uno_game_hash(g);
    char err[UNO_ERR_LEN];
    UnoAction join = newcomer(UNO_ACT_JOIN, 0, "Newcomer");
    assert_int_equal(uno_game_apply(g, &join, NULL, NULL, err, sizeof err), UNO_E_NO_ROOM);
    assert_non_null(strstr(err, "no room for a newcomer"));
    UnoAction watch = newcomer(UNO_ACT_SPECTATE, -1, "Watcher");
    assert_int_equal(uno_game_apply(g, &watch, NULL, NULL, err, sizeof err), UNO_E_NO_ROOM);
    assert_non_null(strstr(err, "no room for a spectator"));
    assert_int_equal(uno_game_hash(g), hash);
    assert_int_equal(uno_game_nplayers(g), 4);
    assert_int_equal(uno_game_nspectators(g), 0);
    uno_game_free(g);
}

/* Room for everyone: up to 30 seats and the rules' 8 spectators; then the
 * table is full (UNO_E_ILLEGAL, as the rules say, not the room). A copy of
 * the full game is the same game. */
static void room_to_the_limits(void **state)
{
    (void)state;
    UnoRules r = preset("kpgut");
    r.join_cards = 1; /* 26 newcomers, and the stock lasts */
    UnoGame *g = deal(&r, 4, UNO_MAX_PLAYERS, UNO_MAX_SPECTATORS);
    size_t full = uno_game_bytes(g);
    char err[UNO_ERR_LEN], name[16];
    for (int seat = 4; seat < UNO_MAX_PLAYERS; seat++) {
        snprintf(name, sizeof name, "P%d", seat);
        UnoAction join = newcomer(UNO_ACT_JOIN, seat, name);
        if (uno_game_apply(g, &join, NULL, NULL, err, sizeof err) != UNO_OK)
            fail_msg("join at seat %d: %s", seat, err);
    }
    for (int i = 0; i < r.spectators; i++) {
        snprintf(name, sizeof name, "S%d", i);
        UnoAction watch = newcomer(UNO_ACT_SPECTATE, -1, name);
        if (uno_game_apply(g, &watch, NULL, NULL, err, sizeof err) != UNO_OK)
            fail_msg("spectator %d: %s", i, err);
    }
    assert_valid(g);
    assert_int_equal(uno_game_bytes(g), full);
    assert_int_equal(uno_game_nplayers(g), UNO_MAX_PLAYERS);
    assert_string_equal(uno_game_player(g, 29)->name, "P29");
    assert_string_equal(uno_game_spectator(g, 0)->name, "S0");
    assert_string_equal(uno_game_spectator(g, 7)->name, "S7");
    UnoAction late = newcomer(UNO_ACT_JOIN, 0, "Late");
    UnoAction watch = newcomer(UNO_ACT_SPECTATE, -1, "S8");
    assert_int_equal(uno_game_apply(g, &late, NULL, NULL, err, sizeof err), UNO_E_ILLEGAL);
    assert_non_null(strstr(err, "full"));
    assert_int_equal(uno_game_apply(g, &watch, NULL, NULL, err, sizeof err), UNO_E_ILLEGAL);
    UnoGame *copy = malloc(full);
    assert_non_null(copy);
    uno_game_copy(copy, g);
    assert_int_equal(uno_game_hash(copy), uno_game_hash(g));
    assert_string_equal(uno_game_spectator(copy, 7)->name, "S7");
    free(copy);
    uno_game_free(g);
}

/* Room the rules cannot use is not kept: Mattel has neither §13 nor
 * spectators, and KPGUT seats 30 at most. Its joins and spectators are
 * refused by the rules (UNO_E_ILLEGAL), not for want of room. */
static void room_is_cut_to_the_rules(void **state)
{
    (void)state;
    UnoRules m = preset("mattel"), k = preset("kpgut");
    UnoSetup none = setup_with_room(4, 0, 0), all = setup_with_room(4, 100, 100);
    UnoSetup most = setup_with_room(4, UNO_MAX_PLAYERS - 4, UNO_MAX_SPECTATORS);
    assert_int_equal(uno_game_size(&m, &all), uno_game_size(&m, &none));
    assert_int_equal(uno_game_size(&k, &all), uno_game_size(&k, &most));
    UnoGame *g = deal(&m, 4, 100, 100);
    char err[UNO_ERR_LEN];
    UnoAction join = newcomer(UNO_ACT_JOIN, 0, "Newcomer");
    UnoAction watch = newcomer(UNO_ACT_SPECTATE, -1, "Watcher");
    assert_int_equal(uno_game_apply(g, &join, NULL, NULL, err, sizeof err), UNO_E_ILLEGAL);
    assert_int_equal(uno_game_apply(g, &watch, NULL, NULL, err, sizeof err), UNO_E_ILLEGAL);
    uno_game_free(g);
}

/* Negative room is a bad setup: no game. */
static void negative_room_is_refused(void **state)
{
    (void)state;
    UnoRules r = preset("kpgut");
    char err[UNO_ERR_LEN];
    UnoGame *g;
    UnoSetup bad = setup_with_room(4, -1, 0);
    assert_int_equal(uno_game_create(&r, &bad, &g, err, sizeof err), UNO_E_BAD_REQUEST);
    assert_null(g);
    assert_non_null(strstr(err, "room"));
    bad = setup_with_room(4, 0, -1);
    assert_int_equal(uno_game_create(&r, &bad, &g, err, sizeof err), UNO_E_BAD_REQUEST);
    assert_null(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(four_players_fit_in_a_kibibyte),
        cmocka_unit_test(room_changes_nothing_in_the_game),
        cmocka_unit_test(a_join_fits_the_room),
        cmocka_unit_test(past_the_room_is_refused),
        cmocka_unit_test(room_to_the_limits),
        cmocka_unit_test(room_is_cut_to_the_rules),
        cmocka_unit_test(negative_room_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
