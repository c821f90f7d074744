/*
 * test_fairness.c — the search bot is fair (docs/bots.md "Fairness"): for
 * the same seed and budget, a seat's decision is the same whatever the
 * others' hidden cards, the stock's order and the hidden rulings are.
 *
 * At positions of games under every built-in rule set (and honour mode,
 * whose cheat record holds hidden cards), the test deals a second world
 * itself, with its own generator, not with uno_game_sample: the cards the
 * seat cannot see (the other hands but what its history says they hold,
 * and the stock) are shuffled and dealt again, and every hidden field of
 * the game gets another value. The seat's view must be the same in both
 * worlds, and so must the search bot's decision, asked in each with the
 * same generator.
 *
 * Every field of the engine's UnoGame, Seat and Cheat is named below as
 * public or hidden, in the order of the struct; a field added to one of
 * them fails the layout check until it is named here (and, if hidden,
 * dealt again both here and in uno_game_sample).
 *
 * test_fairness_control.c builds this file again with worlds that leak,
 * as a positive control: there the same comparison must find decisions
 * that differ, or the test could not catch a leak at all.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h" /* before cmocka.h, whose fail() is a macro */

#include <cmocka.h>

#include "bots/bots.h"
#include "common/tier.h"
#include "common/views.h"
#include "sim/sim.h"
#include "uno.h"
#include "uno_view.h"

/* ------------------------------------------------- the game's fields */

typedef struct Field {
    const char *name;
    size_t offset, size, align;
    bool hidden; /* from every seat but, for a hand, its owner */
} Field;

#define FIELD(type, f, hidden)                                                                              \
    {#f, offsetof(type, f), sizeof(((type *)0)->f), __alignof__(((type *)0)->f), hidden}
#define PUBLIC false
#define HIDDEN true

/* What each field of the game holds, as the engine's seat views show it
 * (view.c): a field is hidden when some seat may not see it. */
static const Field game_fields[] = {
    FIELD(UnoGame, rules, PUBLIC),
    FIELD(UnoGame, rng, HIDDEN), /* the next shuffles */
    FIELD(UnoGame, t, PUBLIC),
    FIELD(UnoGame, start_t, PUBLIC),
    FIELD(UnoGame, turn_t, PUBLIC),
    FIELD(UnoGame, deck_size, PUBLIC),
    FIELD(UnoGame, stock_n, PUBLIC),
    FIELD(UnoGame, discard_n, PUBLIC),
    FIELD(UnoGame, pending, PUBLIC),
    FIELD(UnoGame, nplayers, PUBLIC),
    FIELD(UnoGame, capacity, PUBLIC),
    FIELD(UnoGame, turn, PUBLIC),
    FIELD(UnoGame, dealer, PUBLIC),
    FIELD(UnoGame, direction, PUBLIC),
    FIELD(UnoGame, phase, PUBLIC),
    FIELD(UnoGame, pending_kind, PUBLIC),
    FIELD(UnoGame, color, PUBLIC),
    FIELD(UnoGame, top, PUBLIC),
    FIELD(UnoGame, drawn, HIDDEN), /* the drawn card, seen by its drawer only */
    FIELD(UnoGame, wd4_seat, PUBLIC),
    FIELD(UnoGame, wd4_illegal, HIDDEN),
    FIELD(UnoGame, wd4_nsince, PUBLIC),
    FIELD(UnoGame, wd4_since, HIDDEN), /* cards the Wild Draw 4's player drew */
    FIELD(UnoGame, said_before, PUBLIC),
    FIELD(UnoGame, maybe_fault, PUBLIC),
    FIELD(UnoGame, tactical_seat, PUBLIC),
    FIELD(UnoGame, tactical_right, HIDDEN),
    FIELD(UnoGame, stuck, PUBLIC),
    FIELD(UnoGame, finished, PUBLIC),
    FIELD(UnoGame, set_aside, PUBLIC),
    FIELD(UnoGame, vote_opener, PUBLIC),
    FIELD(UnoGame, nspectators, PUBLIC),
    FIELD(UnoGame, spectator_room, PUBLIC),
    FIELD(UnoGame, over_reason, PUBLIC),
    FIELD(UnoGame, oldest, PUBLIC),   /* of the seats' ages, which are public */
    FIELD(UnoGame, youngest, PUBLIC),
    FIELD(UnoGame, help_allowed, PUBLIC),
    FIELD(UnoGame, discard_kinds, PUBLIC),
    FIELD(UnoGame, cheat, HIDDEN), /* in part: cheat_fields */
};

static const Field seat_fields[] = {
    FIELD(Seat, hand, HIDDEN),
    FIELD(Seat, info, PUBLIC),
    FIELD(Seat, fault_t, PUBLIC),
    FIELD(Seat, score, PUBLIC),
    FIELD(Seat, status, PUBLIC),
    FIELD(Seat, rank, PUBLIC),
    FIELD(Seat, call, PUBLIC),
    FIELD(Seat, warnings, PUBLIC),
    FIELD(Seat, vote, PUBLIC),
};

/* KPGUT §10: what a caught cheat takes back. The cards played, the pile and
 * whose turn it was are public; the drawn card and the ruling on a Wild
 * Draw 4 from before the play are not. */
static const Field cheat_fields[] = {
    FIELD(Cheat, seat, PUBLIC),
    FIELD(Cheat, ncards, PUBLIC),
    FIELD(Cheat, cards, PUBLIC),
    FIELD(Cheat, top, PUBLIC),
    FIELD(Cheat, drawn, HIDDEN),
    FIELD(Cheat, turn, PUBLIC),
    FIELD(Cheat, color, PUBLIC),
    FIELD(Cheat, direction, PUBLIC),
    FIELD(Cheat, phase, PUBLIC),
    FIELD(Cheat, pending_kind, PUBLIC),
    FIELD(Cheat, wd4_seat, PUBLIC),
    FIELD(Cheat, wd4_illegal, HIDDEN),
    FIELD(Cheat, pending, PUBLIC),
};

static size_t align_up(size_t n, size_t a) { return (n + a - 1) / a * a; }

/* The fields, in order, fill the struct with only the padding the compiler
 * must add: a field missing from the list leaves a hole the check finds. */
static void assert_fields_cover(const char *type, const Field *f, size_t n, size_t end, size_t struct_align,
                                size_t struct_size)
{
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        if (f[i].offset != align_up(at, f[i].align))
            fail_msg("%s: a field the test does not know lies before %s: name it in test_fairness.c", type, f[i].name);
        at = f[i].offset + f[i].size;
    }
    if (end != at && end != align_up(at, struct_align))
        fail_msg("%s: a field the test does not know lies after %s: name it in test_fairness.c", type, f[n - 1].name);
    if (struct_size != align_up(end, struct_align))
        fail_msg("%s: its size is not what its fields make", type);
}

static void test_every_field_is_named(void **state)
{
    (void)state;
    /* UnoGame ends with its seats, a flexible array */
    assert_fields_cover("UnoGame", game_fields, sizeof game_fields / sizeof *game_fields, offsetof(UnoGame, seats),
                        __alignof__(UnoGame), sizeof(UnoGame));
    assert_fields_cover("Seat", seat_fields, sizeof seat_fields / sizeof *seat_fields, sizeof(Seat),
                        __alignof__(Seat), sizeof(Seat));
    assert_fields_cover("Cheat", cheat_fields, sizeof cheat_fields / sizeof *cheat_fields, sizeof(Cheat),
                        __alignof__(Cheat), sizeof(Cheat));
}

/* The name of the first field in which two games of the same size differ
 * (a seat's: "seats[2].hand"; the stock: "stock"), or NULL. */
static const char *first_difference(const UnoGame *a, const UnoGame *b)
{
    static char name[64];
    const char *pa = (const char *)a, *pb = (const char *)b;
    for (size_t i = 0; i < sizeof game_fields / sizeof *game_fields; i++) {
        const Field *f = &game_fields[i];
        if (memcmp(pa + f->offset, pb + f->offset, f->size) != 0)
            return f->name;
    }
    for (int s = 0; s < a->capacity; s++)
        for (size_t i = 0; i < sizeof seat_fields / sizeof *seat_fields; i++) {
            const Field *f = &seat_fields[i];
            if (memcmp((const char *)&a->seats[s] + f->offset, (const char *)&b->seats[s] + f->offset, f->size)) {
                snprintf(name, sizeof name, "seats[%d].%s", s, f->name);
                return name;
            }
        }
    if (memcmp(game_stock_c(a), game_stock_c(b), (size_t)a->stock_n) != 0)
        return "stock";
    return NULL;
}

/* ------------------------------------------- the second world, dealt here */

/* The test's own generator (splitmix64), apart from the engine's. */
static uint64_t mix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static UnoCard another_card(UnoCard c, uint64_t *x)
{
    return (UnoCard)((c + 1 + mix(x) % (UNO_KINDS - 1)) % UNO_KINDS);
}

/* w becomes g with every card hidden from seat dealt again by this test's
 * shuffle (each other hand keeps its count and the cards h says it holds)
 * and every hidden field of game_fields and cheat_fields given another
 * value. What seat knows stays; whether the new world could have come
 * about does not matter: a fair bot reads neither. */
static void deal_again(UnoGame *w, const UnoGame *g, int seat, const UnoHistory *h, uint64_t *x)
{
    uno_game_copy(w, g);
    UnoCard pool[UNO_MAX_CARDS];
    int n = 0;
    for (int s = 0; s < g->nplayers; s++) {
        if (s == seat)
            continue;
        Hand *hand = &w->seats[s].hand;
        memset(hand, 0, sizeof *hand);
        for (int k = 0; k < UNO_KINDS; k++) {
            int known = uno_history_known(h, s)[k];
            for (int i = 0; i < g->seats[s].hand.kinds[k]; i++) {
                if (i < known)
                    hand_add(hand, (UnoCard)k);
                else
                    pool[n++] = (UnoCard)k;
            }
        }
    }
    memcpy(pool + n, game_stock_c(g), (size_t)g->stock_n);
    n += g->stock_n;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(mix(x) % (uint64_t)(i + 1));
        UnoCard c = pool[i];
        pool[i] = pool[j];
        pool[j] = c;
    }
    int next = 0;
    for (int s = 0; s < g->nplayers; s++)
        while (s != seat && w->seats[s].hand.count < g->seats[s].hand.count)
            hand_add(&w->seats[s].hand, pool[next++]);
    memcpy(game_stock(w), pool + next, (size_t)(n - next));

    /* the hidden fields, where seat did not make them */
    for (int i = 0; i < 4; i++)
        w->rng.s[i] = mix(x);
    if (g->turn != seat)
        w->drawn = another_card(g->drawn, x);
    if (g->wd4_seat != seat) {
        w->wd4_illegal = !g->wd4_illegal;
        for (int i = 0; i < WD4_SINCE; i++)
            w->wd4_since[i] = another_card(g->wd4_since[i], x);
    }
    if (g->tactical_seat != seat)
        w->tactical_right = !g->tactical_right;
    if (g->cheat.turn != seat)
        w->cheat.drawn = another_card(g->cheat.drawn, x);
    if (g->cheat.wd4_seat != seat)
        w->cheat.wd4_illegal = !g->cheat.wd4_illegal;
}

/* ------------------------------------------------------ the positions */

typedef struct Table {
    UnoGame *g, *other;  /* the real game, and it dealt again */
    UnoGame *world, *world2; /* a world the search sees of each */
    UnoRules rules;
    UnoHistory *seen[UNO_MAX_PLAYERS];
    UnoWorlds *worlds;
    UnoRng rng;
} Table;

static void record(void *ctx, const UnoEvent *ev)
{
    Table *tb = ctx;
    for (int s = 0; s < UNO_MAX_PLAYERS; s++)
        assert_int_equal(uno_history_add(tb->seen[s], &tb->rules, ev), UNO_OK);
}

static UnoView view, view2; /* large */

/* Decisions compared and how many differed; worlds that differed, and
 * the field where the last of them did. */
typedef struct Tally {
    long compared, differing, worlds_differing;
    char field[64];
} Tally;

/* seat's search decision in g and in a world dealt again, with the same
 * generator and budget; the views must be equal. */
static void compare_at(Table *tb, int seat, uint64_t *x, Tally *t)
{
    uno_view_build(&view, tb->g, seat, tb->seen[seat]);
    if (view.nlegal == 0)
        return;
    deal_again(tb->other, tb->g, seat, tb->seen[seat], x);
    uno_view_build(&view2, tb->other, seat, tb->seen[seat]);
    assert_views_equal(&view, &view2);
    UnoBotParams p;
    bot_params_default(&p);
    p.iterations = 40;
    p.guide = t->compared % 2; /* every other decision as `hard` makes it, guided by the heuristic */
    UnoRng r1, r2;
    uno_rng_seed(&r1, mix(x));
    r2 = r1;
    UnoAction a1, a2;
    bot_worlds_set(tb->worlds, tb->g, seat, tb->seen[seat]);
    bool acted = bot_choose_action(UNO_BOT_ISMCTS, &p, &view, tb->worlds, &r1, &a1);
    bot_worlds_set(tb->worlds, tb->other, seat, tb->seen[seat]);
    bool acted2 = bot_choose_action(UNO_BOT_ISMCTS, &p, &view2, tb->worlds, &r2, &a2);
    t->compared++;
    t->differing += acted != acted2 || (acted && memcmp(&a1, &a2, sizeof a1) != 0);
    /* and the worlds it searched are the same, byte for byte */
    for (uint64_t seed = 1; seed <= 2; seed++) {
        bot_worlds_set(tb->worlds, tb->g, seat, tb->seen[seat]);
        int rc = bot_worlds_sample(tb->worlds, seed, tb->world);
        bot_worlds_set(tb->worlds, tb->other, seat, tb->seen[seat]);
        assert_int_equal(rc, bot_worlds_sample(tb->worlds, seed, tb->world2));
        const char *field = first_difference(tb->world, tb->world2);
        if (field) {
            t->worlds_differing++;
            snprintf(t->field, sizeof t->field, "%s", field);
        }
    }
}

/* Honour mode (KPGUT §10): seat plays a card the rules do not allow, if it
 * holds one; the engine lets it through, and it can be caught. */
static bool cheat(Table *tb, int seat)
{
    for (int k = 0; k < UNO_KINDS; k++) {
        if (tb->g->seats[seat].hand.kinds[k] == 0)
            continue;
        UnoAction a;
        uno_action_init(&a, UNO_ACT_PLAY, seat);
        a.ncards = 1;
        a.cards[0] = (UnoCard)k;
        a.color = uno_card_is_wild((UnoCard)k) ? UNO_RED : UNO_NO_COLOR;
        UnoGame *copy = tb->other;
        uno_game_copy(copy, tb->g);
        if (uno_game_apply(copy, &a, NULL, NULL, NULL, 0) == UNO_OK && copy->cheat.seat == seat)
            return uno_game_apply(tb->g, &a, record, tb, NULL, 0) == UNO_OK;
    }
    return false;
}

/* Games of heuristic bots that bluff, forget UNO and (honour mode) now and
 * then a random bot's illegal play, so that challenges, catches and cheats
 * come up; every few actions each seat with a decision is compared. */
static Tally compare_in(const char *rules_name, const char *option, int games)
{
    Tally t = {0};
    uint64_t x = 0x5EED;
    for (int i = 0; i < games; i++) {
        Table tb = {0};
        char err[UNO_ERR_LEN] = "";
        assert_int_equal(uno_rules_preset(rules_name, &tb.rules, err, sizeof err), UNO_OK);
        if (option)
            assert_int_equal(uno_rules_set(&tb.rules, option, "true", err, sizeof err), UNO_OK);
        int n = 2 + i % 5;
        UnoSetup s;
        sim_setup(&s, n, 9000u + (uint64_t)i);
        for (int k = 0; k < n; k++)
            s.players[k].age = 20 + k * 7 % 30;
        s.emit = record;
        s.ctx = &tb;
        for (int k = 0; k < UNO_MAX_PLAYERS; k++)
            tb.seen[k] = uno_history_new(k);
        tb.g = uno_game_new(&tb.rules, &s, err, sizeof err);
        if (!tb.g)
            fail_msg("%s: %s", rules_name, err);
        tb.other = malloc(uno_game_bytes(tb.g));
        tb.world = malloc(uno_game_bytes(tb.g));
        tb.world2 = malloc(uno_game_bytes(tb.g));
        tb.worlds = bot_worlds_new();
        assert_non_null(tb.other);
        assert_non_null(tb.world);
        assert_non_null(tb.world2);
        assert_non_null(tb.worlds);
        uno_rng_seed(&tb.rng, 31u + (uint64_t)i);
        UnoBotParams play;
        bot_params_default(&play);
        play.bluff_rate = 0.3;
        play.forget_uno = 0.3;
        for (int actions = 0; !uno_game_over(tb.g) && actions < 300; actions++) {
            if (actions % 4 == 0)
                for (int seat = 0; seat < n; seat++)
                    compare_at(&tb, seat, &x, &t);
            int seat = uno_game_turn(tb.g);
            if (tb.rules.honour && uno_rng_below(&tb.rng, 6) == 0 && cheat(&tb, seat))
                continue;
            uno_view_build(&view, tb.g, seat, tb.seen[seat]);
            UnoBotKind kind = uno_rng_below(&tb.rng, 10) == 0 ? UNO_BOT_RANDOM : UNO_BOT_HEURISTIC;
            UnoAction a;
            if (!bot_choose_action(kind, &play, &view, NULL, &tb.rng, &a))
                break;
            assert_int_equal(uno_game_apply(tb.g, &a, record, &tb, err, sizeof err), UNO_OK);
        }
        free(tb.other);
        free(tb.world);
        free(tb.world2);
        bot_worlds_free(tb.worlds);
        for (int k = 0; k < UNO_MAX_PLAYERS; k++)
            uno_history_free(tb.seen[k]);
        uno_game_free(tb.g);
    }
    print_message("%s%s%s: %ld decisions compared, %ld differ; %ld worlds differ%s%s\n", rules_name,
                  option ? " " : "", option ? option : "", t.compared, t.differing, t.worlds_differing,
                  t.worlds_differing ? ", last in " : "", t.field);
    return t;
}

/* The rule sets, honour mode (KPGUT §10) on two of them, and the house
 * rules that move cards out of turn or between hands. */
static const struct {
    const char *rules, *option;
} settings[] = {{"mattel", NULL},        {"classic", NULL},     {"kpgut", NULL},   {"kpgut", "honour"},
                {"mattel", "honour"},    {"mattel", "jump_in"}, {"kpgut", "seven_o"}};
enum { SETTINGS = sizeof settings / sizeof *settings };

#ifndef FAIRNESS_CONTROL
static void test_same_decision_in_every_world(void **state)
{
    (void)state;
    for (int k = 0; k < SETTINGS; k++) {
        int games = test_tier_size(12, 4);
        Tally t = compare_in(settings[k].rules, settings[k].option, games);
        assert_true(t.compared >= 10 * games);
        assert_int_equal(t.differing, 0);
        if (t.worlds_differing)
            fail_msg("%s: a world the search saw depends on the real game's %s", settings[k].rules, t.field);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_field_is_named),
        cmocka_unit_test(test_same_decision_in_every_world),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif
