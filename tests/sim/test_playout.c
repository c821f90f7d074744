/*
 * test_playout.c — the playout (src/sim/playout.c) plays exactly the games
 * the engine plays (playout.h): for every rule set and every option that
 * changes what random bots meet, game by game, the record through the
 * playout equals the record through uno_game_apply — turns, actions, cards
 * drawn, reshuffles, duration, how the game ended, the first player, every
 * rank, and the end digest, which holds the final state of the game's and
 * the bots' generators (so both drew the same numbers to the very end).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "sim/playout.h"
#include "sim/sim.h"

/* A configuration: a rule set, then "key=value" options, comma-separated. */
typedef struct Case {
    const char *rules;
    const char *options;
    int players;
    int games;
} Case;

static void configure(UnoSimConfig *c, const Case *k)
{
    char err[UNO_ERR_LEN], list[256];
    sim_config_default(c);
    if (uno_rules_preset(k->rules, &c->rules, err, sizeof err) != UNO_OK)
        fail_msg("%s", err);
    snprintf(list, sizeof list, "%s", k->options ? k->options : "");
    for (char *save = NULL, *kv = strtok_r(list, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(kv, '=');
        assert_non_null(eq);
        *eq = '\0';
        if (uno_rules_set(&c->rules, kv, eq + 1, err, sizeof err) != UNO_OK)
            fail_msg("%s %s: %s", k->rules, kv, err);
    }
    c->nplayers = k->players;
    c->seed = 2026;
    c->hash = true;
    for (int s = 0; s < UNO_MAX_PLAYERS; s++)
        c->params[s].uno_rate = 0.5; /* the bots' UNO draw is part of their stream */
}

static void same_record(const Case *k, const UnoSimRecord *fast, const UnoSimRecord *ref)
{
    const char *what = NULL;
    if (fast->turns != ref->turns)
        what = "turns";
    else if (fast->actions != ref->actions)
        what = "actions";
    else if (fast->drawn != ref->drawn)
        what = "cards drawn";
    else if (fast->reshuffles != ref->reshuffles)
        what = "reshuffles";
    else if (fast->duration_ms != ref->duration_ms)
        what = "duration";
    else if (fast->reason != ref->reason)
        what = "end reason";
    else if (fast->first != ref->first || fast->winner != ref->winner)
        what = "first player or winner";
    else if (memcmp(fast->ranks, ref->ranks, sizeof fast->ranks) != 0)
        what = "ranks";
    else if (fast->hash != ref->hash)
        what = "end digest (the generators' final states)";
    if (what)
        fail_msg("%s [%s] %d players, game %llu (seed %llu): %s differ (turns %u vs %u)", k->rules,
                 k->options ? k->options : "", k->players, (unsigned long long)ref->index,
                 (unsigned long long)ref->seed, what, fast->turns, ref->turns);
}

/* Plays the case's games both ways; returns how many ended each way. */
static void both_ways(const Case *k, uint64_t reasons[UNO_R_COUNT])
{
    UnoSimConfig c;
    configure(&c, k);
    assert_true(sim_playout_fits(&c));
    char err[UNO_ERR_LEN * 2];
    UnoSimWorker *fast = sim_worker_new(&c, err, sizeof err);
    c.reference = true;
    assert_false(sim_playout_fits(&c));
    UnoSimWorker *ref = sim_worker_new(&c, err, sizeof err);
    if (!fast || !ref)
        fail_msg("%s", err);
    for (int i = 0; i < k->games; i++) {
        UnoSimRecord a, b;
        if (sim_play(fast, (uint64_t)i, &a, err, sizeof err) != UNO_OK ||
            sim_play(ref, (uint64_t)i, &b, err, sizeof err) != UNO_OK)
            fail_msg("%s: %s", k->rules, err);
        same_record(k, &a, &b);
        reasons[b.reason]++;
    }
    sim_worker_free(fast);
    sim_worker_free(ref);
}

static void run_cases(const Case *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t reasons[UNO_R_COUNT] = {0};
        both_ways(&cases[i], reasons);
    }
}

/* ------------------------------------------------------------ the books */

static void test_rule_sets(void **state)
{
    (void)state;
    static const Case cases[] = {
        {"mattel", NULL, 2, 3000},  {"mattel", NULL, 4, 3000},  {"mattel", NULL, 10, 1500},
        {"classic", NULL, 2, 3000}, {"classic", NULL, 5, 3000}, {"classic", NULL, 15, 500},
        {"kpgut", NULL, 2, 1500},   {"kpgut", NULL, 4, 1000},   {"kpgut", NULL, 9, 300},
        {"kpgut", NULL, 15, 100},
    };
    run_cases(cases, sizeof cases / sizeof cases[0]);
}

/* ---------------------------------------- options that change the play */

static void test_options_of_the_deal(void **state)
{
    (void)state;
    static const Case cases[] = {
        {"mattel", "first_reverse=right_of_dealer,first_wild=return", 4, 2000},
        {"mattel", "first_wd4=cover,dealer=oldest", 3, 2000},
        {"classic", "first_reverse=dealer_first,first_wd4=return", 4, 2000},
        {"mattel", "opening=youngest_plays", 4, 2000},
        {"kpgut", "opening=turn_up,dealer=high_card", 4, 500},
        {"mattel", "blanks=4", 4, 2000},                     /* blanks are returned when turned up */
        {"mattel", "blanks=4,blank_draw=2,blank_skip=true", 4, 2000},
        {"mattel", "blanks=4,lost_cards=W+4 R7,spare_blanks=left_out", 4, 2000},
        {"kpgut", "blanks=4,blank_draw=1", 5, 300},
        {"mattel", "hand_size=12", 8, 500},
        /* 2 cards left, 12 of 112 returned when turned up: deals again (game.c) */
        {"mattel", "blanks=4,first_wild=return,hand_size=11", 10, 2000},
    };
    run_cases(cases, sizeof cases / sizeof cases[0]);
}

static void test_options_of_the_play(void **state)
{
    (void)state;
    static const Case cases[] = {
        {"mattel", "stack_draw2=true,stack_wd4=true", 4, 2000},
        {"mattel", "stack_draw2=true,wd4_on_draw2=true", 3, 2000},
        {"mattel", "challenge=none", 4, 2000},
        {"mattel", "challenge=any_card,wd4_rule=no_playable", 4, 2000},
        {"classic", "wd4_rule=no_playable", 4, 2000},
        {"mattel", "two_player_reverse_skips=false", 2, 2000},
        {"kpgut", "two_player_reverse_skips=false", 2, 1000},
        {"mattel", "draw_rule=until_playable,stock_out_ends=true", 4, 2000},
        {"mattel", "draw_rule=until_playable", 4, 2000},
        {"kpgut", "draw_rule=draw_one", 4, 500},
        {"kpgut", "last_card_draw=false", 4, 500},
        {"mattel", "last_card_draw=true", 4, 2000},
        {"mattel", "partners=true", 4, 2000},
        {"mattel", "play_to_last=true", 5, 1000},
        {"kpgut", "stack_draw2=false,stack_wd4=false,wd4_on_draw2=false", 4, 500},
        /* house rules (docs/rules.md "House rules and presets") */
        {"mattel", "stack_draw2=true,stack_wd4=true,stack_draw2_on_wd4=true,stack_wd4_on_draw2=true", 4, 2000},
        {"classic", "stack_draw2_on_wd4=true", 3, 2000},
        {"kpgut", "stack_wd4_on_draw2=true", 4, 500},
        {"mattel", "no_bluffing=true", 4, 2000},
        {"kpgut", "no_bluffing=true,stack_draw2_on_wd4=true", 5, 500},
    };
    run_cases(cases, sizeof cases / sizeof cases[0]);
}

/* ----------------------------------------- the ends: §5, reading 8 */

static void test_exhausted_piles(void **state)
{
    (void)state;
    /* big hands leave little stock: KPGUT §5 ends, and under mattel nobody
     * can move (docs/rules.md reading 8) */
    static const Case kpgut = {"kpgut", "hand_size=14", 7, 300};
    static const Case mattel = {"mattel", "hand_size=14", 7, 1000};
    /* drawing until playable with nothing left to draw (hundreds of turns
     * in these games): the turn passes (reading 8); the engine once looped
     * there for ever */
    static const Case until = {"mattel", "hand_size=10,draw_rule=until_playable", 10, 1000};
    uint64_t k[UNO_R_COUNT] = {0}, m[UNO_R_COUNT] = {0}, u[UNO_R_COUNT] = {0};
    both_ways(&kpgut, k);
    both_ways(&mattel, m);
    both_ways(&until, u);
    assert_true(k[UNO_R_EXHAUSTED] > 0); /* the case is reached, not only passed */
    assert_true(k[UNO_R_LAST_PLAYER] > 0);
    assert_true(m[UNO_R_OUT] > 0);
    assert_int_equal(u[UNO_R_OUT], until.games);
}

/* ------------------------------------------------ where the playout fits */

static void test_fits_only_random_bots(void **state)
{
    (void)state;
    UnoSimConfig c;
    sim_config_default(&c);
    assert_true(sim_playout_fits(&c));
    c.bots[2] = UNO_BOT_HEURISTIC;
    assert_false(sim_playout_fits(&c)); /* a heuristic bot acts out of turn */
    c.bots[2] = UNO_BOT_RANDOM;
    c.nplayers = 3;
    c.bots[3] = UNO_BOT_HEURISTIC; /* not a seat of this game */
    assert_true(sim_playout_fits(&c));
    c.reference = true;
    assert_false(sim_playout_fits(&c));
    c.reference = false;
    c.rules.forced_play = true; /* house rules it leaves to the engine */
    assert_false(sim_playout_fits(&c));
    c.rules.forced_play = false;
    c.rules.hand_limit = 25;
    assert_false(sim_playout_fits(&c));
    c.rules.hand_limit = 0;
    c.rules.seven_o = true;
    assert_false(sim_playout_fits(&c));
    c.rules.seven_o = false;
    c.rules.jump_in = true;
    assert_false(sim_playout_fits(&c));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rule_sets),
        cmocka_unit_test(test_options_of_the_deal),
        cmocka_unit_test(test_options_of_the_play),
        cmocka_unit_test(test_exhausted_piles),
        cmocka_unit_test(test_fits_only_random_bots),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
