/*
 * test_bots.c — the bots (src/bots): they only ever return actions the
 * engine accepts, under every built-in rule set and with a running clock
 * (KPGUT §1 grace, catches, side slides); the heuristic bot beats the random
 * one clearly at 4-player Mattel; a view shows nothing hidden
 * (docs/architecture.md "2. Bots": "A bot that reads a hidden card is a bug");
 * that the search decides the same in every world its seat cannot tell
 * apart is test_fairness.c's.
 *
 * Under UNO_QUICK=1 (`make check`, tests/common/tier.h) the soaks of mixed
 * tables play a fifth of their games, with every assertion. The two
 * statistical checks (the heuristic's share of wins, the share of right
 * challenges) keep their 2,000 hands in both tiers: they take seconds.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/tier.h"
#include "common/views.h"
#include "bots/bits.h"
#include "bots/bots.h"
#include "uno_view.h"
#include "sim/sim.h"
#include "uno.h"

/* ------------------------------------------------------------- helpers */

/* A game dealt under the rule set (one option changed, or with option
 * "preset" the preset `value` applied); its deal's events go to emit,
 * which may read *rules (NULL: the events go nowhere). */
static UnoGame *new_game_told(const char *rules_name, const char *option, const char *value, int n, uint64_t seed,
                              UnoRules *rules, void (*emit)(void *, const UnoEvent *), void *ctx)
{
    UnoRules r;
    char err[UNO_ERR_LEN] = "";
    if (uno_rules_preset(rules_name, &r, err, sizeof err) != UNO_OK)
        fail_msg("preset %s: %s", rules_name, err);
    bool preset = option && strcmp(option, "preset") == 0;
    if (option && (preset ? uno_rules_apply_preset(&r, value, err, sizeof err)
                          : uno_rules_set(&r, option, value, err, sizeof err)) != UNO_OK)
        fail_msg("%s=%s: %s", option, value, err);
    UnoSetup s;
    sim_setup(&s, n, seed);
    for (int i = 0; i < n; i++)
        s.players[i].age = 20 + i * 7 % 30;
    if (rules)
        *rules = r;
    s.emit = emit;
    s.ctx = ctx;
    UnoGame *g = uno_game_new(&r, &s, err, sizeof err);
    if (!g)
        fail_msg("new %s: %s", rules_name, err);
    return g;
}

static UnoGame *new_game(const char *rules_name, const char *option, const char *value, int n, uint64_t seed)
{
    return new_game_told(rules_name, option, value, n, seed, NULL, NULL, NULL);
}

/* Suspicions of tactical draws (KPGUT §14) and Wild Draw 4 challenges
 * (KPGUT: suspicions) made, how many were right (the suspected draw
 * tactical, the challenged Wild Draw 4 a bluff), and the cards the
 * challenges saved: a right one the pending draw, a wrong one 2 fewer
 * (docs/rules.md "The rule sets side by side": the pending draw and 2). */
typedef struct Calls {
    long suspected, suspected_right, challenged, challenged_right, challenge_cards;
} Calls;

typedef struct Table {
    UnoGame *g, *scratch;
    UnoRules rules;
    UnoHistory *seen[UNO_MAX_PLAYERS]; /* each seat's record, in its view (as uno play keeps them) */
    UnoBotKind kinds[UNO_MAX_PLAYERS];
    UnoBotParams params[UNO_MAX_PLAYERS];
    UnoWorlds *worlds;   /* for the searching seats */
    UnoRng rng;
    bool clock;          /* time passes between actions */
    long checked;        /* bot actions verified on a copy */
    long by_type[UNO_ACT_COUNT];
    long slides;         /* plays out of turn (KPGUT §7) */
    int pending;         /* the pending draw before the action applied */
    Calls calls[UNO_MAX_PLAYERS]; /* by the seat that made them */
} Table;

static UnoView view; /* one at a time; large */

static void record(void *ctx, const UnoEvent *ev)
{
    Table *tb = ctx;
    for (int s = 0; s < UNO_MAX_PLAYERS; s++)
        assert_int_equal(uno_history_add(tb->seen[s], &tb->rules, ev), UNO_OK);
    Calls *c = ev->seat >= 0 ? &tb->calls[ev->seat] : NULL;
    if (c && ev->type == UNO_EV_SUSPECT) { /* count: right */
        c->suspected++;
        c->suspected_right += ev->count;
    } else if (c && ev->type == UNO_EV_CHALLENGE) { /* count: guilty */
        c->challenged++;
        c->challenged_right += ev->count;
        c->challenge_cards += ev->count ? tb->pending : -2;
    }
}

/* Asks the seats, from a random one on, for an action; applies the first
 * one after checking on a copy that the engine accepts it. false: nobody
 * acted. */
static bool step(Table *tb)
{
    if (tb->clock) { /* time passes: KPGUT §1 grace ends, catches open */
        UnoAction tick;
        uno_action_init(&tick, UNO_ACT_TICK, -1);
        tick.t = uno_game_clock(tb->g) + uno_rng_below(&tb->rng, 2500);
        char err[UNO_ERR_LEN];
        assert_int_equal(uno_game_apply(tb->g, &tick, record, tb, err, sizeof err), UNO_OK);
        if (uno_game_over(tb->g))
            return true;
    }
    int n = uno_game_nplayers(tb->g);
    int start = (int)uno_rng_below(&tb->rng, (uint32_t)n);
    for (int k = 0; k < n; k++) {
        int seat = (start + k) % n;
        uno_view_build(&view, tb->g, seat, tb->seen[seat]);
        bot_worlds_set(tb->worlds, tb->g, seat, tb->seen[seat]);
        UnoAction a;
        if (!bot_choose_action(tb->kinds[seat], &tb->params[seat], &view, tb->worlds, &tb->rng, &a))
            continue;
        assert_int_equal(a.seat, seat);
        if (tb->clock)
            a.t = uno_game_clock(tb->g);
        char err[UNO_ERR_LEN] = "";
        uno_game_copy(tb->scratch, tb->g);
        int rc = uno_game_apply(tb->scratch, &a, NULL, NULL, err, sizeof err);
        if (rc != UNO_OK)
            fail_msg("%s bot, seat %d, %s (%d cards): %s", bot_kind_name(tb->kinds[seat]), seat,
                     uno_action_name(a.type), a.ncards, err);
        tb->slides += a.type == UNO_ACT_PLAY && seat != uno_game_turn(tb->g);
        tb->pending = uno_game_pending(tb->g);
        assert_int_equal(uno_game_apply(tb->g, &a, record, tb, err, sizeof err), UNO_OK);
        assert_int_equal(uno_game_check(tb->g, err, sizeof err), UNO_OK);
        tb->checked++;
        tb->by_type[a.type]++;
        return true;
    }
    return false;
}

/* Plays a game to its end; returns the number of bot actions. */
static long play_out(Table *tb)
{
    long actions = 0;
    while (!uno_game_over(tb->g)) {
        if (!step(tb))
            fail_msg("nobody acts in phase %d, turn %d", uno_game_phase(tb->g), uno_game_turn(tb->g));
        if (++actions > 50000)
            fail_msg("the game does not end");
    }
    return actions;
}

static void table_free(Table *tb)
{
    for (int s = 0; s < UNO_MAX_PLAYERS; s++)
        uno_history_free(tb->seen[s]);
    bot_worlds_free(tb->worlds);
    uno_game_free(tb->g);
    free(tb->scratch);
}

/* A table of n seats dealt from game_seed; the bots' generator from seed. */
static void table_init(Table *tb, const char *rules_name, const char *option, const char *value, int n,
                       uint64_t game_seed, uint64_t seed)
{
    memset(tb, 0, sizeof *tb);
    for (int s = 0; s < UNO_MAX_PLAYERS; s++)
        tb->seen[s] = uno_history_new(s);
    tb->g = new_game_told(rules_name, option, value, n, game_seed, &tb->rules, record, tb);
    tb->scratch = malloc(uno_game_bytes(tb->g));
    assert_non_null(tb->scratch);
    tb->worlds = bot_worlds_new();
    assert_non_null(tb->worlds);
    uno_rng_seed(&tb->rng, seed);
}

/* ------------------------------------------------- only legal actions */

/* Mixed tables of random, heuristic and search bots (the heuristic and the
 * search forgetting UNO now and then, so that catches happen; the search on
 * a small budget) under one rule set, 2 to 7 players, with and without a
 * running clock. */
typedef struct Counts {
    long actions, by_type[UNO_ACT_COUNT], slides;
    Calls calls[UNO_BOT_KINDS];
} Counts;

static void print_calls(const char *who, const Calls *c)
{
    print_message("  %s: suspected %ld, right %ld; challenged %ld, right %ld, cards saved %+ld\n", who,
                  c->suspected, c->suspected_right, c->challenged, c->challenged_right, c->challenge_cards);
}

static void add_calls(Calls *into, const Calls *c)
{
    into->suspected += c->suspected;
    into->suspected_right += c->suspected_right;
    into->challenged += c->challenged;
    into->challenged_right += c->challenged_right;
    into->challenge_cards += c->challenge_cards;
}

/* The actions of a soak by kind, in the test's log. */
static void print_counts(const char *rules_name, const char *option, const char *value, int games, const Counts *c)
{
    print_message("%s%s%s%s%s: %d games, %ld actions, %ld out of turn;", rules_name, option ? " " : "",
                  option ? option : "", option ? "=" : "", option ? value : "", games, c->actions, c->slides);
    for (int t = 0; t < UNO_ACT_COUNT; t++)
        if (c->by_type[t])
            printf(" %s %ld", uno_action_name((UnoActionType)t), c->by_type[t]);
    printf("\n");
    for (int k = 0; k < UNO_BOT_EXTERNAL; k++)
        print_calls(bot_kind_name((UnoBotKind)k), &c->calls[k]);
}

/* full_games at full size, a fifth of them in the quick tier: there every
 * kind of action the tests below require still comes 6 times at least
 * (KPGUT's catches, the rarest; the log prints the counts). */
static Counts soak(const char *rules_name, const char *option, const char *value, int full_games)
{
    int games = test_tier_size(full_games, full_games / 5);
    Counts c = {0};
    for (int i = 0; i < games; i++) {
        int n = 2 + i % 6;
        Table tb;
        table_init(&tb, rules_name, option, value, n, 1000u + (uint64_t)i, 77u + (uint64_t)i);
        tb.clock = i % 2 == 0;
        for (int s = 0; s < n; s++) {
            static const UnoBotKind kinds[] = {UNO_BOT_RANDOM, UNO_BOT_HEURISTIC, UNO_BOT_ISMCTS};
            tb.kinds[s] = kinds[(s + i) % 3];
            bot_params_default(&tb.params[s]);
            tb.params[s].iterations = 12;
            tb.params[s].forget_uno = 0.3;
            tb.params[s].uno_rate = 0.7;
        }
        play_out(&tb);
        c.actions += tb.checked;
        c.slides += tb.slides;
        for (int t = 0; t < UNO_ACT_COUNT; t++)
            c.by_type[t] += tb.by_type[t];
        for (int s = 0; s < n; s++)
            add_calls(&c.calls[tb.kinds[s]], &tb.calls[s]);
        table_free(&tb);
    }
    print_counts(rules_name, option, value, games, &c);
    assert_true(c.actions > games * 20);
    /* docs/bots.md "Suspicions, challenges and catches": a bot suspects a
     * tactical draw only on proof, so every suspicion is right */
    for (int k = 0; k < UNO_BOT_KINDS; k++)
        assert_int_equal(c.calls[k].suspected_right, c.calls[k].suspected);
    return c;
}

static void test_legal_mattel(void **state)
{
    (void)state;
    Counts c = soak("mattel", NULL, NULL, 300);
    /* the heuristic forgets UNO, and catches; it challenges the random
     * bots' Wild Draw 4s once it has seen them bluff */
    assert_true(c.by_type[UNO_ACT_CATCH] > 0);
    assert_true(c.by_type[UNO_ACT_CHALLENGE] > 0);
    assert_true(c.by_type[UNO_ACT_TAKE] > 0);
    assert_int_equal(c.slides, 0); /* MyUNO: never out of turn */
}

static void test_legal_mattel_booklet(void **state)
{
    (void)state;
    /* booklet: 4-card penalty, self-catch, blank cards */
    soak("mattel", "blanks", "4", 100);
    soak("mattel", "uno_self_catch", "true", 100);
}

static void test_legal_classic(void **state)
{
    (void)state;
    Counts c = soak("classic", NULL, NULL, 300);
    /* classic: no penalty, no challenge (docs/rules.md "The rule sets side by side") */
    assert_int_equal(c.by_type[UNO_ACT_CATCH], 0);
    assert_int_equal(c.by_type[UNO_ACT_CHALLENGE], 0);
}

static void test_legal_kpgut(void **state)
{
    (void)state;
    Counts c = soak("kpgut", NULL, NULL, 200);
    /* side slides (§7), late UNO calls within the grace (§1, §2), catches
     * after it, suspicions of WD4s and of tactical draws (§14) */
    assert_true(c.slides > 0);
    assert_true(c.by_type[UNO_ACT_UNO] > 0);
    assert_true(c.by_type[UNO_ACT_CATCH] > 0);
    assert_true(c.by_type[UNO_ACT_CHALLENGE] > 0);
    assert_true(c.by_type[UNO_ACT_SUSPECT] > 0);
    assert_int_equal(c.by_type[UNO_ACT_GIVEUP], 0);
    soak("kpgut", "honour", "true", 60);
}

/* docs/rules.md "House rules and presets": the bots need nothing but the
 * engine's legal actions. Forced play leaves no `pass` after a draw (the
 * heuristic must play a drawn card it would rather keep); with no bluffing
 * there is nothing to challenge; chains of every kind; the hand limit
 * puts players out. */
static void test_legal_house_rules(void **state)
{
    (void)state;
    Counts c = soak("mattel", "forced_play", "true", 150);
    assert_int_equal(c.by_type[UNO_ACT_PASS], 0);
    c = soak("mattel", "preset", "strict", 100);
    assert_int_equal(c.by_type[UNO_ACT_CHALLENGE], 0);
    assert_int_equal(c.by_type[UNO_ACT_PASS], 0);
    c = soak("classic", "preset", "stack_everything", 100);
    assert_true(c.by_type[UNO_ACT_TAKE] > 0);
    soak("kpgut", "preset", "mercy", 60);
    soak("mattel", "hand_limit", "12", 100);
}

/* --------------------------------------------- heuristic beats random */

/* One heuristic bot against three random ones at 4-player Mattel, 2000
 * hands, the heuristic seat rotating: a random player wins a quarter of the
 * hands; the heuristic must win clearly more (it wins about 37%; the bound
 * leaves room for other deals). */
static void test_heuristic_beats_random(void **state)
{
    (void)state;
    int games = 2000, wins = 0;
    for (int i = 0; i < games; i++) {
        Table tb;
        table_init(&tb, "mattel", NULL, NULL, 4, 5000u + (uint64_t)i, 9u + (uint64_t)i);
        int hero = i % 4;
        for (int s = 0; s < 4; s++) {
            tb.kinds[s] = s == hero ? UNO_BOT_HEURISTIC : UNO_BOT_RANDOM;
            bot_params_default(&tb.params[s]);
        }
        play_out(&tb);
        wins += uno_game_rank(tb.g, hero) == 1;
        table_free(&tb);
    }
    print_message("heuristic won %d of %d hands (%.1f%%)\n", wins, games, 100.0 * wins / games);
    assert_true(wins * 100 > games * 32);
}

/* ------------------------------------------------ hidden information */

/* Seat 3 deals, so seat s gets deck positions r*4 + s; then the card turned up. */
/* A 4-player game of these hands (seat 3 deals) and first card; on_option
 * (may be NULL) is a bool option turned on. */
static UnoGame *dealt(const UnoCard hands[4][7], UnoCard up, const char *rules_name, const char *on_option)
{
    UnoRules r;
    char err[UNO_ERR_LEN] = "";
    assert_int_equal(uno_rules_preset(rules_name, &r, err, sizeof err), UNO_OK);
    if (on_option)
        assert_int_equal(uno_rules_set(&r, on_option, "true", err, sizeof err), UNO_OK);
    UnoSetup s;
    uno_setup_init(&s);
    s.nplayers = 4;
    s.seed = 42;
    s.dealer = 3;
    for (int i = 0; i < 4; i++) {
        snprintf(s.players[i].name, UNO_NAME_LEN, "p%d", i);
        s.players[i].age = 40 - i; /* seat 3 youngest: KPGUT's opener */
    }
    for (int round = 0; round < 7; round++)
        for (int seat = 0; seat < 4; seat++)
            s.deck_top[s.ndeck_top++] = hands[seat][round];
    s.deck_top[s.ndeck_top++] = up;
    UnoGame *g = uno_game_new(&r, &s, err, sizeof err);
    if (!g)
        fail_msg("%s", err);
    return g;
}

/* Two deals that differ only in seat 1's hand: what seats 0, 2 and 3 see is
 * the same, and so is what the heuristic bot does with it. */
static void hidden_in(const char *rules_name)
{
    enum { R = 0, G = 13, B = 26, Y = 39 };
    UnoCard a[4][7] = {
        {R + 1, R + 2, R + 3, G + 7, B + 7, UNO_WILD, R + UNO_DRAW2},
        {G + 1, G + 2, G + 3, G + 4, G + 5, G + 6, B + 1},
        {B + 2, B + 3, B + 4, B + 5, B + 6, B + 8, B + 9},
        {Y + 1, Y + 2, Y + 3, Y + 4, Y + 5, Y + 6, Y + 8},
    };
    UnoCard b[4][7];
    memcpy(b, a, sizeof b);
    const UnoCard other[7] = {UNO_WILD4, R + 9, G + UNO_SKIP, Y + UNO_REVERSE, B + UNO_DRAW2, G + 0, R + 7};
    memcpy(b[1], other, sizeof other);
    UnoGame *ga = dealt(a, R + 5, rules_name, NULL), *gb = dealt(b, R + 5, rules_name, NULL);
    static UnoView va, vb;
    for (int seat = 0; seat < 4; seat++) {
        if (seat == 1)
            continue;
        uno_view_build(&va, ga, seat, NULL);
        uno_view_build(&vb, gb, seat, NULL);
        assert_views_equal(&va, &vb);
        UnoRng ra, rb;
        uno_rng_seed(&ra, 3);
        uno_rng_seed(&rb, 3);
        UnoAction xa, xb;
        bool acted = bot_choose_action(UNO_BOT_HEURISTIC, NULL, &va, NULL, &ra, &xa);
        assert_int_equal(acted, bot_choose_action(UNO_BOT_HEURISTIC, NULL, &vb, NULL, &rb, &xb));
        if (acted)
            assert_memory_equal(&xa, &xb, sizeof xa);
    }
    /* seat 1 itself sees its own cards */
    uno_view_build(&va, ga, 1, NULL);
    uno_view_build(&vb, gb, 1, NULL);
    assert_memory_not_equal(va.hand, vb.hand, sizeof va.hand);
    uno_game_free(ga);
    uno_game_free(gb);
}

static void test_view_hides_other_hands(void **state)
{
    (void)state;
    hidden_in("mattel");
    hidden_in("kpgut");
}

/* The view is the public state: counts, top and colour, the seat's hand. */
static void test_view_contents(void **state)
{
    (void)state;
    UnoGame *g = new_game("mattel", NULL, NULL, 3, 7);
    static UnoView v;
    uno_view_build(&v, g, 2, NULL);
    assert_int_equal(v.nplayers, 3);
    assert_int_equal(v.hand_count, uno_game_hand_count(g, 2));
    int sum = 0;
    for (int k = 0; k < UNO_KINDS; k++)
        sum += v.hand[k];
    assert_int_equal(sum, v.hand_count);
    for (int s = 0; s < 3; s++)
        assert_int_equal(v.counts[s], uno_game_hand_count(g, s));
    assert_int_equal(v.top, uno_game_top(g));
    assert_int_equal(v.color, uno_game_color(g));
    assert_int_equal(v.turn, uno_game_turn(g));
    assert_true(v.nlegal <= v.legal_total);
    uno_game_free(g);
}

/* bits.h, with which the random bot picks its card: the count and the k-th
 * bit of bit sets of every density, against their definitions (one bit at a
 * time). */
static void test_bit_tricks(void **state)
{
    (void)state;
    UnoRng rng;
    uno_rng_seed(&rng, 31);
    for (int t = 0; t < 30000; t++) {
        uint64_t m = uno_rng_next(&rng);
        if (t % 3 == 1)
            m &= uno_rng_next(&rng) & uno_rng_next(&rng); /* sparse */
        else if (t % 3 == 2)
            m |= uno_rng_next(&rng) | uno_rng_next(&rng); /* dense */
        int n = 0;
        for (uint64_t left = m; left; left &= left - 1, n++)
            assert_int_equal(bits_nth(m, (uint32_t)n), __builtin_ctzll(left));
        assert_int_equal(bits_count(m), n);
    }
    assert_int_equal(bits_count(~0ULL), 64);
    assert_int_equal(bits_nth(~0ULL, 63), 63);
}

/* The random bot's policy (bots.h): in turn, draw when nothing is playable,
 * and never act out of turn. */
static void test_random_policy(void **state)
{
    (void)state;
    static UnoView v;
    UnoRng rng;
    uno_rng_seed(&rng, 1);
    for (int i = 0; i < 200; i++) {
        UnoGame *g = new_game("kpgut", NULL, NULL, 3, 300u + (uint64_t)i);
        for (int seat = 0; seat < 3; seat++) {
            uno_view_build(&v, g, seat, NULL);
            UnoAction a;
            bool acted = bot_choose_action(UNO_BOT_RANDOM, NULL, &v, NULL, &rng, &a);
            assert_int_equal(acted, seat == uno_game_turn(g));
            if (!acted)
                continue;
            bool playable = bot_find(&v, UNO_ACT_PLAY) >= 0;
            assert_int_equal(a.type, playable ? UNO_ACT_PLAY : UNO_ACT_DRAW);
        }
        uno_game_free(g);
    }
}

/* House rule 7-0: seat 0 can play only its red 7 on the green 7; seat 2 is
 * shown holding two cards, the others seven. The heuristic swaps with seat
 * 2 (the fewest cards); the random bot with any other seat, each legal. */
static UnoGame *seven_o_deal(void)
{
    static const int colors[4] = {UNO_BLUE, UNO_YELLOW, UNO_YELLOW, UNO_GREEN};
    UnoCard hands[4][7];
    for (int seat = 0; seat < 4; seat++)
        for (int i = 0; i < 7; i++)
            hands[seat][i] = uno_card_make(colors[seat], i < 6 ? i + 1 : 8);
    hands[0][0] = uno_card_make(UNO_RED, 7);
    return dealt(hands, uno_card_make(UNO_GREEN, 7), "mattel", "seven_o");
}

static void test_seven_o_targets(void **state)
{
    (void)state;
    UnoGame *g = seven_o_deal();
    static UnoView v;
    uno_view_build(&v, g, 0, NULL);
    v.counts[2] = 2;
    UnoBotParams p;
    bot_params_default(&p);
    UnoRng rng;
    uno_rng_seed(&rng, 5);
    UnoAction a;
    assert_true(bot_heuristic(&p, &v, &rng, &a));
    assert_int_equal(a.type, UNO_ACT_PLAY);
    assert_int_equal(a.cards[0], uno_card_make(UNO_RED, 7));
    assert_int_equal(a.target, 2);
    uno_view_build(&v, g, 0, NULL);
    int seen[4] = {0};
    for (int i = 0; i < 300; i++) {
        assert_true(bot_random(&p, &v, &rng, &a));
        assert_true(a.target >= 1 && a.target <= 3);
        seen[a.target]++;
        UnoGame *copy = malloc(uno_game_bytes(g));
        uno_game_copy(copy, g);
        char err[UNO_ERR_LEN];
        assert_int_equal(uno_game_apply(copy, &a, NULL, NULL, err, sizeof err), UNO_OK);
        free(copy);
    }
    for (int t = 1; t <= 3; t++) /* uniform: 100 each expected */
        assert_in_range(seen[t], 60, 140);
    uno_game_free(g);
}

static void test_legal_seven_o(void **state)
{
    (void)state;
    soak("mattel", "seven_o", "true", 150);
    soak("kpgut", "seven_o", "true", 40);
}

/* House rule jump-in: seat 2, out of turn, holds the card identical to the
 * one turned up (the others hold blue and yellow; seat 2 red). */
static UnoGame *jump_in_deal(UnoCard up)
{
    static const int colors[4] = {UNO_BLUE, UNO_YELLOW, UNO_RED, UNO_BLUE};
    UnoCard hands[4][7];
    for (int seat = 0; seat < 4; seat++)
        for (int i = 0; i < 7; i++)
            hands[seat][i] = uno_card_make(colors[seat], i < 6 ? i + 1 : 8);
    hands[2][0] = up;
    return dealt(hands, up, "mattel", "jump_in");
}

/* The heuristic jumps in when it helps (heuristic.c worth_jumping_in):
 * with a number card always; with a Skip only when the player after it is
 * close to going out. The random bot never acts out of turn (bots.h). */
static void test_jumps_in_when_it_helps(void **state)
{
    (void)state;
    UnoBotParams p;
    bot_params_default(&p);
    UnoRng rng;
    uno_rng_seed(&rng, 9);
    static UnoView v;
    UnoAction a;
    UnoCard five = uno_card_make(UNO_GREEN, 5), skip = uno_card_make(UNO_GREEN, UNO_SKIP);
    UnoGame *g = jump_in_deal(five);
    uno_view_build(&v, g, 2, NULL);
    assert_int_not_equal(v.turn, 2);
    assert_true(bot_heuristic(&p, &v, &rng, &a));
    assert_int_equal(a.type, UNO_ACT_PLAY);
    assert_int_equal(a.cards[0], five);
    assert_false(bot_random(&p, &v, &rng, &a));
    uno_game_free(g);
    g = jump_in_deal(skip); /* turned up: seat 0 is skipped, seat 1 plays */
    uno_view_build(&v, g, 2, NULL);
    assert_int_equal(v.turn, 1);
    assert_true(bot_find(&v, UNO_ACT_PLAY) >= 0);
    assert_false(bot_heuristic(&p, &v, &rng, &a)); /* seat 3 holds 7 cards: keep the Skip */
    v.counts[3] = 2;
    assert_true(bot_heuristic(&p, &v, &rng, &a));
    assert_int_equal(a.cards[0], skip);
    uno_game_free(g);
}

/* Tables of every bot play jump-in games legally (the heuristic and the
 * search jump in), with 7-0 too. */
static void test_legal_jump_in(void **state)
{
    (void)state;
    Counts c = soak("mattel", "jump_in", "true", 150);
    assert_true(c.slides > 0);
    c = soak("kpgut", "preset", "seven_o_jump_in", 40);
    assert_true(c.slides > 0);
}

/* ------------------------------------------------- suspicions on evidence */

/* The figures of docs/bots.md "Suspicions, challenges and catches": tables
 * of 6, two seats of each level (rotating), under a rule set, with a
 * running clock: easy, which never suspects or challenges (bots.h), is the
 * yardstick. Every suspicion is right. `hard` searches 300 worlds a move,
 * slow under the sanitizers (6 games a rule set took 160 s of the suite):
 * the suite plays 2 (1 in the quick tier), a check that the counts run,
 * while test_suspects_* hold the suspicion to its evidence; UNO_CALLS_GAMES
 * sets how many (docs/bots.md's figures: 40). */
static void calls_by_level(const char *rules_name)
{
    static const char *const levels[] = {"easy", "medium", "hard"};
    enum { LEVELS = 3, SEATS = 6 };
    Calls by_level[LEVELS] = {0};
    const char *env = getenv("UNO_CALLS_GAMES");
    int games = env && *env ? atoi(env) : test_tier_size(2, 1);
    for (int i = 0; i < games; i++) {
        Table tb;
        table_init(&tb, rules_name, NULL, NULL, SEATS, 5000u + (uint64_t)i, 11u + (uint64_t)i);
        tb.clock = true;
        for (int s = 0; s < SEATS; s++) {
            char err[UNO_ERR_LEN] = "";
            bot_params_default(&tb.params[s]);
            if (bot_parse(levels[(s + i) % LEVELS], &tb.kinds[s], &tb.params[s], err, sizeof err) != UNO_OK)
                fail_msg("%s", err);
        }
        play_out(&tb);
        for (int s = 0; s < SEATS; s++)
            add_calls(&by_level[(s + i) % LEVELS], &tb.calls[s]);
        table_free(&tb);
    }
    print_message("%s, %d games of 6 players:\n", rules_name, games);
    for (int l = 0; l < LEVELS; l++) {
        print_calls(levels[l], &by_level[l]);
        assert_int_equal(by_level[l].suspected_right, by_level[l].suspected);
    }
    assert_int_equal(by_level[0].suspected + by_level[0].challenged, 0);
}

static void test_calls_by_level(void **state)
{
    (void)state;
    calls_by_level("kpgut");
    calls_by_level("mattel");
}

static void plant(UnoHistory *h, const UnoRules *r, UnoEventType type, int seat, int target, int color, int count,
                  UnoReason reason, const UnoCard *cards, int ncards)
{
    UnoEvent ev = {.type = (uint8_t)type, .reason = (uint8_t)reason, .seat = (int8_t)seat,
                   .target = (int8_t)target, .color = (int8_t)color, .count = (int16_t)count,
                   .ncards = (uint16_t)ncards, .cards = cards};
    assert_int_equal(uno_history_add(h, r, &ev), UNO_OK);
}

/* Whether seat 0 of a 3-player KPGUT table suspects seat 1's draw, seat 1
 * having drawn one card on a Red 5 (seat 2's play) after seat 0 was shown
 * `shown` (n cards; none: n 0), and after seat 1 then played `played`
 * (UNO_NO_CARD: nothing). The engine offers the suspicion: it cannot tell
 * whether it is right, only the bot's evidence can. */
static bool suspects(UnoBotKind kind, const UnoCard *shown, int n, UnoCard played)
{
    UnoRules r;
    char err[UNO_ERR_LEN];
    assert_int_equal(uno_rules_preset("kpgut", &r, err, sizeof err), UNO_OK);
    UnoHistory *h = uno_history_new(0);
    assert_non_null(h);
    if (n > 0) /* a Wild Draw 4 of seat 1's, suspected by seat 0: the hand shown to it */
        plant(h, &r, UNO_EV_REVEAL, 1, 0, UNO_NO_COLOR, n, UNO_R_CHALLENGE, shown, n);
    if (played != UNO_NO_CARD)
        plant(h, &r, UNO_EV_PLAY, 1, -1, uno_card_color(played), 1, UNO_R_NONE, &played, 1);
    const UnoCard red5 = uno_card_make(UNO_RED, 5);
    plant(h, &r, UNO_EV_PLAY, 2, -1, UNO_RED, 1, UNO_R_NONE, &red5, 1);
    plant(h, &r, UNO_EV_DRAW, 1, -1, UNO_NO_COLOR, 1, UNO_R_DRAW, NULL, 0);
    static UnoView v;
    memset(&v, 0, sizeof v);
    v.seat = 0;
    v.nplayers = 3;
    v.rules = r;
    v.phase = UNO_PHASE_TURN;
    v.turn = 2;
    v.direction = 1;
    v.top = red5;
    v.color = UNO_RED;
    v.history = h;
    v.hand_count = v.counts[0] = 5;
    v.hand[uno_card_make(UNO_BLUE, 1)] = 5;
    v.counts[1] = v.counts[2] = 6;
    uno_action_init(&v.legal[0], UNO_ACT_SUSPECT, 0);
    v.legal[0].target = 1;
    v.nlegal = v.legal_total = 1;
    UnoBotParams p;
    bot_params_default(&p);
    UnoRng rng;
    uno_rng_seed(&rng, 5);
    UnoAction a;
    bool acted = bot_choose_action(kind, &p, &v, NULL, &rng, &a);
    uno_history_free(h);
    assert_true(!acted || (a.type == UNO_ACT_SUSPECT && a.target == 1));
    return acted;
}

/* docs/bots.md "Suspicions, challenges and catches": a tactical draw is
 * suspected (KPGUT §14) only when a card the bot saw in the drawer's hand,
 * still there, went on the pile the drawer drew on; never without that,
 * whatever the draws. */
static void test_suspects_on_evidence_only(void **state)
{
    (void)state;
    const UnoCard green5 = uno_card_make(UNO_GREEN, 5), blue9 = uno_card_make(UNO_BLUE, 9);
    const UnoCard playable[] = {blue9, green5}, unplayable[] = {blue9}, wd4[] = {UNO_WILD4};
    static const UnoBotKind kinds[] = {UNO_BOT_HEURISTIC, UNO_BOT_ISMCTS};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        assert_true(suspects(kinds[k], playable, 2, UNO_NO_CARD)); /* Green 5 on Red 5 */
        assert_true(suspects(kinds[k], wd4, 1, UNO_NO_CARD));      /* a bluff KPGUT lets be played */
        assert_false(suspects(kinds[k], NULL, 0, UNO_NO_CARD));    /* nothing seen */
        assert_false(suspects(kinds[k], unplayable, 1, UNO_NO_CARD));
        assert_false(suspects(kinds[k], playable, 2, green5)); /* the Green 5 went before the draw */
    }
    assert_false(suspects(UNO_BOT_RANDOM, playable, 2, UNO_NO_CARD)); /* bots.h: it never suspects */
}

/* A KPGUT table of Ann (40), Bob (30) and Cy (20), 3 cards each, Ann
 * dealing from a stacked stock: hands[s] for seat s (dealt from the seat
 * left of the dealer on, as the table protocol's tests deal), then `then`. */
static void table_stacked(Table *tb, const char *const hands[3][3], const char *const *then, int nthen)
{
    memset(tb, 0, sizeof *tb);
    char err[UNO_ERR_LEN] = "";
    assert_int_equal(uno_rules_preset("kpgut", &tb->rules, err, sizeof err), UNO_OK);
    assert_int_equal(uno_rules_set(&tb->rules, "hand_size", "3", err, sizeof err), UNO_OK);
    UnoSetup setup;
    uno_setup_init(&setup);
    setup.nplayers = 3;
    setup.dealer = 0;
    static const char *const names[] = {"Ann", "Bob", "Cy"};
    for (int p = 0; p < 3; p++) {
        snprintf(setup.players[p].name, sizeof setup.players[p].name, "%s", names[p]);
        setup.players[p].age = 40 - 10 * p;
        for (int r = 0; r < 3; r++)
            assert_int_equal(uno_card_parse(hands[p][r], &setup.deck_top[r * 3 + (p + 2) % 3]), UNO_OK);
    }
    for (int i = 0; i < nthen; i++)
        assert_int_equal(uno_card_parse(then[i], &setup.deck_top[9 + i]), UNO_OK);
    setup.ndeck_top = 9 + nthen;
    for (int p = 0; p < UNO_MAX_PLAYERS; p++)
        tb->seen[p] = uno_history_new(p);
    setup.emit = record;
    setup.ctx = tb;
    tb->g = uno_game_new(&tb->rules, &setup, err, sizeof err);
    if (!tb->g)
        fail_msg("%s", err);
}

/* Seat plays card (naming color, saying UNO as told), or, card NULL,
 * takes the action `type`. */
static void act(Table *tb, UnoActionType type, int seat, const char *card, int color, bool uno)
{
    UnoAction a;
    uno_action_init(&a, type, seat);
    if (card) {
        assert_int_equal(uno_card_parse(card, &a.cards[0]), UNO_OK);
        a.ncards = 1;
        a.color = (int8_t)color;
        a.uno = uno;
    }
    char err[UNO_ERR_LEN] = "";
    if (uno_game_apply(tb->g, &a, record, tb, err, sizeof err) != UNO_OK)
        fail_msg("seat %d, %s: %s", seat, uno_action_name(type), err);
}

/* The same evidence, planted through a real game: Bob plays his Wild
 * Draw 4 on Ann's Yellow 7 (he holds no yellow, no 7: no bluff) and Cy
 * either suspects it (KPGUT "Wild+Draw 4": Bob's hand, Red 2 and Blue 8,
 * is shown to her; she is wrong and draws 6) or takes the 4. Ann plays
 * her Red 1; Bob draws although his Red 2 goes on it (§14). Cy's bot
 * suspects him when she has seen the Red 2, and is right; when she has
 * not, it does not. */
static void test_suspects_what_it_saw(void **state)
{
    (void)state;
    static const char *const hands[3][3] = {{"R1", "G5", "Y7"}, {"R2", "W+4", "B8"}, {"G1", "B4", "Y4"}};
    static const char *const then[] = {"G6", "B6", "G2", "G3", "G4", "Y6", "R9", "B2", "B3", "Y2"};
    for (int seen = 0; seen <= 1; seen++) {
        Table tb;
        table_stacked(&tb, hands, then, (int)(sizeof then / sizeof then[0]));
        act(&tb, UNO_ACT_PLAY, 2, "Y4", UNO_NO_COLOR, false); /* Cy, the youngest, opens */
        act(&tb, UNO_ACT_PLAY, 0, "Y7", UNO_NO_COLOR, false);
        act(&tb, UNO_ACT_PLAY, 1, "W+4", UNO_RED, false);
        act(&tb, seen ? UNO_ACT_CHALLENGE : UNO_ACT_TAKE, 2, NULL, UNO_NO_COLOR, false);
        act(&tb, UNO_ACT_PLAY, 0, "R1", UNO_NO_COLOR, true);
        act(&tb, UNO_ACT_DRAW, 1, NULL, UNO_NO_COLOR, false);
        uno_view_build(&view, tb.g, 2, tb.seen[2]);
        assert_true(bot_find(&view, UNO_ACT_SUSPECT) >= 0); /* the engine lets her, either way */
        UnoBotParams p;
        bot_params_default(&p);
        UnoAction a;
        bool acted = bot_choose_action(UNO_BOT_HEURISTIC, &p, &view, NULL, &tb.rng, &a);
        assert_int_equal(acted, seen);
        if (seen) {
            assert_int_equal(a.type, UNO_ACT_SUSPECT);
            assert_int_equal(a.target, 1);
            char err[UNO_ERR_LEN] = "";
            assert_int_equal(uno_game_apply(tb.g, &a, record, &tb, err, sizeof err), UNO_OK);
            assert_int_equal(tb.calls[2].suspected_right, 1); /* the engine's ruling: right */
        }
        table_free(&tb);
    }
}

/* ------------------------------------------------- challenges and bluffs */

typedef struct Arena {
    UnoHistory *seen[4];
    UnoRules rules;
    long wd4, bluffs, challenges, right;
} Arena;

static void arena_event(void *ctx, const UnoEvent *ev)
{
    Arena *a = ctx;
    for (int s = 0; s < 4; s++)
        assert_int_equal(uno_history_add(a->seen[s], &a->rules, ev), UNO_OK);
    if (ev->type == UNO_EV_CHALLENGE) {
        a->challenges++;
        a->right += ev->count;
    }
}

/* Whether seat's Wild Draw 4 now would be a bluff (MyUNO: it holds a card
 * of the colour in force). */
static bool would_bluff(const UnoGame *g, int seat)
{
    int color = uno_game_color(g);
    for (int c = 0; c < UNO_KINDS; c++)
        if (c != UNO_WILD4 && uno_card_color((UnoCard)c) == color && uno_game_hand_kinds(g, seat)[c])
            return true;
    return false;
}

/* 2,000 Mattel hands of four bots, the heuristic ones (bluffing at the
 * rate `bluff`) with their history in their view (as in uno play), the
 * others random (who play a Wild Draw 4 whenever they pick it): the Wild
 * Draw 4s of the `bluffer` kind, how many were bluffs, how many the others
 * challenged and how many challenges were right. */
static void arena(const UnoBotKind kinds[4], double bluff, Arena *a)
{
    memset(a, 0, sizeof *a);
    char err[UNO_ERR_LEN];
    assert_int_equal(uno_rules_preset("mattel", &a->rules, err, sizeof err), UNO_OK);
    UnoBotParams params;
    bot_params_default(&params);
    params.bluff_rate = bluff;
    UnoRng rng;
    uno_rng_seed(&rng, 99);
    static UnoView v;
    for (int game = 0; game < 2000; game++) {
        for (int s = 0; s < 4; s++)
            a->seen[s] = uno_history_new(s);
        UnoSetup setup;
        sim_setup(&setup, 4, 1000 + (uint64_t)game);
        setup.emit = arena_event;
        setup.ctx = a;
        UnoGame *g = uno_game_new(&a->rules, &setup, err, sizeof err);
        assert_non_null(g);
        for (int actions = 0; !uno_game_over(g) && actions < 5000; actions++) {
            bool acted = false;
            for (int k = 1; k <= 4 && !acted; k++) {
                int seat = (uno_game_turn(g) + k) % 4; /* out of turn first, the player in turn last */
                uno_view_build(&v, g, seat, a->seen[seat]);
                UnoAction act;
                if (!bot_choose_action(kinds[seat], &params, &v, NULL, &rng, &act))
                    continue;
                if (act.type == UNO_ACT_PLAY && act.cards[0] == UNO_WILD4 && seat == uno_game_turn(g)) {
                    a->wd4++;
                    a->bluffs += would_bluff(g, seat);
                }
                assert_int_equal(uno_game_apply(g, &act, arena_event, a, err, sizeof err), UNO_OK);
                acted = true;
            }
            assert_true(acted);
        }
        uno_game_free(g);
        for (int s = 0; s < 4; s++)
            uno_history_free(a->seen[s]);
    }
}

static void print_arena(const char *who, const Arena *a)
{
    printf("%s: %ld Wild Draw 4s, %ld bluffs; %ld challenged (%.1f%%), %ld right (%.1f%% of challenges)\n", who,
           a->wd4, a->bluffs, a->challenges, a->wd4 ? 100.0 * a->challenges / a->wd4 : 0, a->right,
           a->challenges ? 100.0 * a->right / a->challenges : 0);
}

/* The heuristic challenges a Wild Draw 4 only when what it has seen of its
 * player makes a bluff likely. Against heuristic bots that never bluff it
 * never challenges; against random bots, who bluff whenever they pick a
 * Wild Draw 4, it learns and challenges, right more often than the 1 in 3
 * at which a challenge pays (MyUNO: 4 cards saved, 2 lost). The figures
 * are in docs/bots.md. */
static void test_challenges_follow_what_was_seen(void **state)
{
    (void)state;
    static const UnoBotKind heuristic[4] = {UNO_BOT_HEURISTIC, UNO_BOT_HEURISTIC, UNO_BOT_HEURISTIC,
                                            UNO_BOT_HEURISTIC};
    static const UnoBotKind mixed[4] = {UNO_BOT_RANDOM, UNO_BOT_HEURISTIC, UNO_BOT_RANDOM, UNO_BOT_HEURISTIC};
    Arena a;
    arena(heuristic, 0.0, &a);
    print_arena("4 heuristic, no bluffs", &a);
    assert_int_equal(a.bluffs, 0);
    assert_int_equal(a.challenges, 0);
    arena(heuristic, 0.05, &a);
    print_arena("4 heuristic, bluff rate 0.05", &a);
    assert_true(a.bluffs > 0);
    assert_true(3 * a.right >= a.challenges);
    arena(mixed, 0.05, &a);
    print_arena("2 heuristic against 2 random", &a);
    assert_true(a.challenges > 0);
    assert_true(3 * a.right >= a.challenges);
}

/* The search's rewards span 0 to 1 under every rule set and number of
 * players: 1 for the winner, 0 for the last place; Mattel's losers, who
 * share the place after the winner, all 0; KPGUT's places evenly between. */
static void test_search_rewards(void **state)
{
    (void)state;
    static const char *const rule_sets[] = {"mattel", "classic", "kpgut"};
    UnoBotParams p;
    bot_params_default(&p);
    for (size_t k = 0; k < sizeof rule_sets / sizeof *rule_sets; k++)
        for (int n = 2; n <= 5; n++) {
            UnoGame *g = new_game(rule_sets[k], NULL, NULL, n, 40 + (uint64_t)n);
            double r[UNO_MAX_PLAYERS];
            bot_search_rewards(g, r);
            for (int seat = 0; seat < n; seat++) /* not over: even */
                assert_true(r[seat] == 1.0 / n);
            UnoRng rngs[UNO_MAX_PLAYERS];
            sim_seed_bots(rngs, n, 7);
            bot_rollout(&p, g, rngs, 100000);
            assert_true(uno_game_over(g));
            bot_search_rewards(g, r);
            for (int seat = 0; seat < n; seat++) {
                int rank = uno_game_rank(g, seat);
                double want = strcmp(rule_sets[k], "kpgut") == 0 ? (double)(n - rank) / (n - 1) : rank == 1 ? 1.0 : 0.0;
                if (r[seat] != want)
                    fail_msg("%s, %d players: seat %d of rank %d gets %g, not %g", rule_sets[k], n, seat, rank, r[seat],
                             want);
            }
            uno_game_free(g);
        }
}

/* A program's name sets its time limit and its start-up time (bots.h,
 * docs/bots-external.md), or leaves the defaults; a malformed prefix is part
 * of the command, a time out of range is refused. */
static void test_program_times(void **state)
{
    (void)state;
    const struct {
        const char *name, *command;
        int limit_ms, startup_ms;
    } cases[] = {
        {"cmd:./bot", "./bot", UNO_BOT_EXTERNAL_MS, UNO_BOT_STARTUP_MS},
        {"cmd:200ms:./bot", "./bot", 200, UNO_BOT_STARTUP_MS},
        {"cmd:+8000ms:python3 bot.py", "python3 bot.py", UNO_BOT_EXTERNAL_MS, 8000},
        {"cmd:200ms+0ms:./bot", "./bot", 200, 0},
        {"cmd:200ms+:./bot", "200ms+:./bot", UNO_BOT_EXTERNAL_MS, UNO_BOT_STARTUP_MS},
        {"cmd:+ms:./bot", "+ms:./bot", UNO_BOT_EXTERNAL_MS, UNO_BOT_STARTUP_MS},
    };
    char err[UNO_ERR_LEN];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        UnoBotKind kind;
        UnoBotParams p;
        bot_params_default(&p);
        assert_int_equal(bot_parse(cases[i].name, &kind, &p, err, sizeof err), UNO_OK);
        assert_int_equal(kind, UNO_BOT_EXTERNAL);
        assert_string_equal(p.command, cases[i].command);
        assert_int_equal(p.think_ms, cases[i].limit_ms);
        assert_int_equal(p.startup_ms, cases[i].startup_ms);
    }
    UnoBotKind kind;
    UnoBotParams p;
    bot_params_default(&p);
    assert_int_equal(bot_parse("cmd:100ms+3600001ms:./bot", &kind, &p, err, sizeof err), UNO_E_BAD_REQUEST);
    assert_non_null(strstr(err, "the start-up time is 0 to 3600000 ms"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_view_contents),
        cmocka_unit_test(test_view_hides_other_hands),
        cmocka_unit_test(test_bit_tricks),
        cmocka_unit_test(test_random_policy),
        cmocka_unit_test(test_seven_o_targets),
        cmocka_unit_test(test_legal_seven_o),
        cmocka_unit_test(test_jumps_in_when_it_helps),
        cmocka_unit_test(test_legal_jump_in),
        cmocka_unit_test(test_legal_mattel),
        cmocka_unit_test(test_legal_mattel_booklet),
        cmocka_unit_test(test_legal_classic),
        cmocka_unit_test(test_legal_kpgut),
        cmocka_unit_test(test_legal_house_rules),
        cmocka_unit_test(test_heuristic_beats_random),
        cmocka_unit_test(test_suspects_on_evidence_only),
        cmocka_unit_test(test_suspects_what_it_saw),
        cmocka_unit_test(test_calls_by_level),
        cmocka_unit_test(test_challenges_follow_what_was_seen),
        cmocka_unit_test(test_search_rewards),
        cmocka_unit_test(test_program_times),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
