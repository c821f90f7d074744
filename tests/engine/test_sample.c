/*
 * test_sample.c — uno_game_sample (uno.h): in 10,000 positions per rule set,
 * reached by random play with out-of-turn actions and every seat keeping its
 * UnoHistory, the sample of a random seat keeps everything that seat knows
 * (its hand, every count, the pile, the phase, the cards shown to it and
 * still held, what it knows the hands lack), passes uno_game_check, and
 * leaves the seat's legal actions as they were; and the real game has what
 * the history says (it could have been the sample). Then one position sampled 40,000 times: the hidden cards are
 * dealt uniformly (chi-squared tests, figures printed).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "protocol/render.h"
#include "sim/sim.h"
#include "uno.h"

#define MOVES 4096
#define POSITIONS 10000

typedef struct Table {
    UnoGame *g;
    UnoRules rules;
    UnoHistory *seen[UNO_MAX_PLAYERS]; /* each seat's record */
    UnoRng rng;
} Table;

static void record(void *ctx, const UnoEvent *ev)
{
    Table *t = ctx;
    for (int s = 0; s < UNO_MAX_PLAYERS; s++)
        assert_int_equal(uno_history_add(t->seen[s], &t->rules, ev), UNO_OK);
}

static void deal(Table *t, const char *rules_name, bool honour, UnoDrawRule draw_rule, int nplayers, uint64_t seed)
{
    UnoRules rules;
    char err[UNO_ERR_LEN];
    assert_int_equal(uno_rules_preset(rules_name, &rules, err, sizeof err), UNO_OK);
    rules.honour = honour; /* §10: plays taken back in view of all */
    rules.draw_rule = draw_rule;
    for (int s = 0; s < UNO_MAX_PLAYERS; s++)
        t->seen[s] = uno_history_new(s);
    UnoSetup setup;
    sim_setup(&setup, nplayers, seed);
    setup.emit = record;
    setup.ctx = t;
    t->g = NULL;
    t->rules = rules; /* the deal's events come before the game is there */
    t->g = uno_game_new(&rules, &setup, err, sizeof err);
    assert_non_null(t->g);
}

static void clear(Table *t)
{
    for (int s = 0; s < UNO_MAX_PLAYERS; s++)
        uno_history_free(t->seen[s]);
    uno_game_free(t->g);
}

/* One random legal action of a random seat (mostly the one in turn). */
static void random_move(Table *t, UnoAction *moves)
{
    int n = uno_game_nplayers(t->g);
    int seat = uno_rng_below(&t->rng, 4) ? uno_game_turn(t->g) : (int)uno_rng_below(&t->rng, (uint32_t)n);
    if (seat < 0)
        return;
    int total, k = uno_game_legal(t->g, seat, moves, MOVES, &total);
    if (k == 0)
        return;
    UnoAction a = moves[uno_rng_below(&t->rng, (uint32_t)k)];
    if (a.type == UNO_ACT_GIVEUP || a.type == UNO_ACT_WARN)
        return;
    char err[UNO_ERR_LEN];
    if (uno_game_apply(t->g, &a, record, t, err, sizeof err) != UNO_OK)
        fail_msg("a legal %s was refused: %s", uno_action_name(a.type), err);
}

static char *legal_text(const UnoGame *g, int seat, UnoAction *moves)
{
    int total, n = uno_game_legal(g, seat, moves, MOVES, &total);
    cJSON *list = cJSON_CreateArray();
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(list, proto_action_json(&moves[i]));
    char *text = cJSON_PrintUnformatted(list);
    cJSON_Delete(list);
    return text;
}

/* Seat s's hand (counts per kind) lacks what h says it lacks: of the cards
 * h does not know of, all but each void's `newer` lack its kinds and those
 * of every newer void. Returns how many voids there were. */
static int check_voids(const uint8_t *held, const UnoHistory *h, int s, const char *which)
{
    const UnoVoid *v;
    int nv = uno_history_voids(h, s, &v), hidden = 0;
    const uint8_t *known = uno_history_known(h, s);
    for (int k = 0; k < UNO_KINDS; k++)
        hidden += held[k] - known[k];
    for (int i = 0; i < nv; i++) {
        uint64_t lacks = 0;
        for (int j = i; j < nv; j++)
            lacks |= v[j].kinds;
        int fit = 0;
        for (int k = 0; k < UNO_KINDS; k++)
            if (!(lacks & (1ULL << k)))
                fit += held[k] - known[k];
        if (fit < hidden - v[i].newer)
            fail_msg("%s: seat %d holds %d hidden cards of kinds it lacks (void %d of %d, %d newer)", which, s,
                     hidden - fit, i, nv, v[i].newer);
    }
    return nv;
}

/* What seat knows of g is what it knows of the sample. */
static void check_sample(const UnoGame *g, const UnoGame *sample, int seat, const UnoHistory *h, UnoAction *moves)
{
    char why[UNO_ERR_LEN];
    if (uno_game_check(sample, why, sizeof why) != UNO_OK)
        fail_msg("the sample breaks an invariant: %s", why);
    assert_int_equal(uno_game_phase(sample), uno_game_phase(g));
    assert_int_equal(uno_game_turn(sample), uno_game_turn(g));
    assert_int_equal(uno_game_top(sample), uno_game_top(g));
    assert_int_equal(uno_game_color(sample), uno_game_color(g));
    assert_int_equal(uno_game_pending(sample), uno_game_pending(g));
    assert_int_equal(uno_game_direction(sample), uno_game_direction(g));
    assert_int_equal(uno_game_stock_count(sample), uno_game_stock_count(g));
    assert_int_equal(uno_game_discard_count(sample), uno_game_discard_count(g));
    assert_memory_equal(uno_game_hand_kinds(sample, seat), uno_game_hand_kinds(g, seat), UNO_KINDS);
    for (int s = 0; s < uno_game_nplayers(g); s++) {
        assert_int_equal(uno_game_hand_count(sample, s), uno_game_hand_count(g, s));
        const uint8_t *known = uno_history_known(h, s), *held = uno_game_hand_kinds(sample, s);
        for (int k = 0; s != seat && k < UNO_KINDS; k++)
            if (held[k] < known[k])
                fail_msg("seat %d was shown %s in seat %d's hand; the sample lost it", seat,
                         uno_card_name((UnoCard)k), s);
        if (s != seat)
            check_voids(held, h, s, "the sample");
    }
    char *before = legal_text(g, seat, moves), *after = legal_text(sample, seat, moves);
    if (strcmp(before, after) != 0)
        fail_msg("seat %d's legal actions changed:\n  %s\n  %s", seat, before, after);
    free(before);
    free(after);
}

static void positions(const char *rules_name, bool honour, UnoDrawRule draw_rule)
{
    Table t;
    uno_rng_seed(&t.rng, 77);
    UnoAction *moves = malloc(MOVES * sizeof *moves);
    int found = 0, shown = 0, voids = 0;
    for (uint64_t game = 1; found < POSITIONS; game++) {
        deal(&t, rules_name, honour, draw_rule, 2 + (int)(game % 5), game);
        for (int step = 0; step < 3000 && !uno_game_over(t.g) && found < POSITIONS; step++) {
            random_move(&t, moves);
            if (uno_rng_below(&t.rng, 8) != 0)
                continue;
            int seat = (int)uno_rng_below(&t.rng, (uint32_t)uno_game_nplayers(t.g));
            for (int s = 0; s < uno_game_nplayers(t.g); s++) /* the real game fits what seat knows */
                voids += s == seat ? 0 : check_voids(uno_game_hand_kinds(t.g, s), t.seen[seat], s, "the game");
            UnoGame *sample = malloc(uno_game_bytes(t.g));
            assert_int_equal(uno_game_sample(t.g, seat, t.seen[seat], uno_rng_next(&t.rng), sample), UNO_OK);
            check_sample(t.g, sample, seat, t.seen[seat], moves);
            for (int s = 0; s < uno_game_nplayers(t.g); s++)
                for (int k = 0; s != seat && k < UNO_KINDS; k++)
                    shown += uno_history_known(t.seen[seat], s)[k];
            free(sample);
            found++;
        }
        clear(&t);
    }
    printf("%s%s: %d positions sampled (%d cards known to be held kept, %d voids)\n", rules_name,
           draw_rule == UNO_DRAW_UNTIL_PLAYABLE ? " (draw until playable)" : "", found, shown, voids);
    free(moves);
}

/* What the server hands a search bot's thread (src/server/seatbot.c): a
 * copy of the seat's record and a world sampled from what it knows, never
 * the game. The copy says what the record says, and a world sampled from
 * that world with a seed is the one sampled from the real game with the
 * same seed: the thread loses nothing the seat knows, and holds nothing it
 * does not. */
static void handed_over(const char *rules_name, bool honour, UnoDrawRule draw_rule)
{
    Table t;
    uno_rng_seed(&t.rng, 91);
    UnoAction *moves = malloc(MOVES * sizeof *moves);
    int found = 0;
    for (uint64_t game = 1; found < POSITIONS / 10; game++) {
        deal(&t, rules_name, honour, draw_rule, 2 + (int)(game % 5), game);
        for (int step = 0; step < 3000 && !uno_game_over(t.g) && found < POSITIONS / 10; step++) {
            random_move(&t, moves);
            if (uno_rng_below(&t.rng, 8) != 0)
                continue;
            int seat = (int)uno_rng_below(&t.rng, (uint32_t)uno_game_nplayers(t.g));
            const UnoHistory *h = t.seen[seat];
            UnoHistory *copy = uno_history_copy(h);
            assert_non_null(copy);
            assert_int_equal(uno_history_count(copy), uno_history_count(h));
            for (int i = 0; i < uno_history_count(h); i++) {
                const UnoEvent *a = uno_history_event(h, i), *b = uno_history_event(copy, i);
                assert_int_equal(a->type, b->type);
                assert_int_equal(a->seat, b->seat);
                assert_int_equal(a->count, b->count);
                assert_int_equal(a->ncards, b->ncards);
                assert_true(a->ncards == 0 || a->cards != b->cards);
                if (a->ncards)
                    assert_memory_equal(a->cards, b->cards, a->ncards);
            }
            for (int s = 0; s < uno_game_nplayers(t.g); s++) {
                assert_memory_equal(uno_history_known(copy, s), uno_history_known(h, s), UNO_KINDS);
                const UnoVoid *va, *vb;
                int na = uno_history_voids(h, s, &va), nb = uno_history_voids(copy, s, &vb);
                assert_int_equal(na, nb);
                if (na)
                    assert_memory_equal(va, vb, (size_t)na * sizeof *va);
            }
            size_t bytes = uno_game_bytes(t.g);
            UnoGame *world = malloc(bytes), *from_game = malloc(bytes), *from_world = malloc(bytes);
            uint64_t seed = uno_rng_next(&t.rng);
            assert_int_equal(uno_game_sample(t.g, seat, h, uno_rng_next(&t.rng), world), UNO_OK);
            assert_int_equal(uno_game_sample(t.g, seat, h, seed, from_game), UNO_OK);
            assert_int_equal(uno_game_sample(world, seat, copy, seed, from_world), UNO_OK);
            check_sample(t.g, from_world, seat, h, moves);
            assert_int_equal(uno_game_hash(from_world), uno_game_hash(from_game));
            free(world);
            free(from_game);
            free(from_world);
            uno_history_free(copy);
            found++;
        }
        clear(&t);
    }
    free(moves);
}

static void test_handed_over(void **state)
{
    (void)state;
    handed_over("mattel", false, UNO_DRAW_ONE);
    handed_over("kpgut", true, UNO_DRAW_UNTIL_PLAYABLE);
}

static void test_mattel_positions(void **state) { (void)state; positions("mattel", false, UNO_DRAW_ONE); }
static void test_classic_positions(void **state) { (void)state; positions("classic", false, UNO_DRAW_ONE); }
static void test_kpgut_positions(void **state) { (void)state; positions("kpgut", true, UNO_DRAW_UNTIL_PLAYABLE); }
/* the option draw = until_playable under Mattel: voids in a challenge game */
static void test_mattel_until_playable_positions(void **state)
{
    (void)state;
    positions("mattel", false, UNO_DRAW_UNTIL_PLAYABLE);
}

static void note_drawn(void *ctx, const UnoEvent *ev)
{
    if (ev->type == UNO_EV_DRAW && ev->ncards > 0)
        *(UnoCard *)ctx = ev->cards[0];
}

/* Pearson's statistic of observed against expected counts (cells with an
 * expectation), its degrees of freedom, and the value it stays under with
 * probability 0.9995 (Wilson and Hilferty's approximation). */
static void chi_squared(const char *what, const double *observed, const double *expected, int cells)
{
    double x2 = 0;
    int df = -1;
    for (int i = 0; i < cells; i++)
        if (expected[i] > 0) {
            x2 += (observed[i] - expected[i]) * (observed[i] - expected[i]) / expected[i];
            df++;
        } else if (observed[i] > 0) {
            fail_msg("%s: a card that cannot be there came %g times", what, observed[i]);
        }
    double z = 3.29, c = 2.0 / (9.0 * df), limit = df * pow(1 - c + z * sqrt(c), 3);
    printf("%s: chi-squared %.1f with %d degrees of freedom (limit at p = 0.0005: %.1f)\n", what, x2, df, limit);
    assert_true(x2 < limit);
}

/* The position right after a Mattel deal, seen by seat 0 and sampled
 * 40,000 times: the kinds in seat 1's hand and on top of the stock come in
 * proportion to the cards hidden from seat 0 (the deck but its hand and the
 * one card on the pile). */
static void test_uniform(void **state)
{
    (void)state;
    Table t;
    deal(&t, "mattel", false, UNO_DRAW_ONE, 4, 12);
    const UnoGame *g = t.g;
    assert_int_equal(uno_game_discard_count(g), 1);
    assert_int_equal(uno_game_phase(g), UNO_PHASE_TURN);
    /* MyUNO "Contents": per colour one 0, two of 1-9, Skip, Reverse and
     * Draw Two; four Wilds and four Wild Draw 4s */
    double hidden[UNO_KINDS] = {0}, total = 0;
    for (int k = 0; k < UNO_KINDS; k++) {
        int in_deck = k == UNO_WILD || k == UNO_WILD4 ? 4 : uno_card_is_colored((UnoCard)k) ? (uno_card_value((UnoCard)k) == 0 ? 1 : 2) : 0;
        hidden[k] = in_deck - uno_game_hand_kinds(g, 0)[k] - (uno_game_top(g) == k);
        total += hidden[k];
    }
    enum { SAMPLES = 40000 };
    double in_hand[UNO_KINDS] = {0}, on_top[UNO_KINDS] = {0};
    UnoGame *sample = malloc(uno_game_bytes(g)), *again = malloc(uno_game_bytes(g));
    UnoAction draw;
    uno_action_init(&draw, UNO_ACT_DRAW, uno_game_turn(g));
    char err[UNO_ERR_LEN];
    for (int i = 0; i < SAMPLES; i++) {
        assert_int_equal(uno_game_sample(g, 0, t.seen[0], (uint64_t)i * 977 + 3, sample), UNO_OK);
        for (int k = 0; k < UNO_KINDS; k++)
            in_hand[k] += uno_game_hand_kinds(sample, 1)[k];
        /* the stock's top: the card the player in turn would draw */
        UnoCard drawn = UNO_NO_CARD;
        assert_int_equal(uno_game_apply(sample, &draw, note_drawn, &drawn, err, sizeof err), UNO_OK);
        assert_true(drawn != UNO_NO_CARD);
        on_top[drawn]++;
    }
    double expect_hand[UNO_KINDS], expect_top[UNO_KINDS];
    for (int k = 0; k < UNO_KINDS; k++) {
        expect_hand[k] = SAMPLES * uno_game_hand_count(g, 1) * hidden[k] / total;
        expect_top[k] = SAMPLES * hidden[k] / total;
    }
    chi_squared("seat 1's hand, by kind", in_hand, expect_hand, UNO_KINDS);
    chi_squared("the stock's top card, by kind", on_top, expect_top, UNO_KINDS);
    /* a seed gives one sample; another seed another (the generator too) */
    assert_int_equal(uno_game_sample(g, 0, t.seen[0], 1, sample), UNO_OK);
    assert_int_equal(uno_game_sample(g, 0, t.seen[0], 1, again), UNO_OK);
    assert_int_equal(uno_game_hash(sample), uno_game_hash(again));
    assert_int_equal(uno_game_sample(g, 0, t.seen[0], 2, again), UNO_OK);
    assert_true(uno_game_hash(sample) != uno_game_hash(again));
    free(sample);
    free(again);
    clear(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mattel_positions),
        cmocka_unit_test(test_classic_positions),
        cmocka_unit_test(test_kpgut_positions),
        cmocka_unit_test(test_mattel_until_playable_positions),
        cmocka_unit_test(test_uniform),
        cmocka_unit_test(test_handed_over),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
