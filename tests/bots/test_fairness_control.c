/*
 * test_fairness_control.c — the positive control of test_fairness.c: the
 * same comparison, with worlds that leak in place of src/bots/worlds.c (this
 * file defines every bot_worlds_ function, so the linker takes none from
 * the bots' archive). Each leak must be caught; if one were not,
 * test_fairness.c would pass on a bot that cheats that way.
 *
 *  - the hands: the search is given the real game itself, and decides
 *    otherwise than in the world the test dealt again;
 *  - each hidden field of test_fairness.c's tables in turn: a fair sample
 *    with the real game's value of that field written back into it, and
 *    the worlds the search sees differ.
 */
#define FAIRNESS_CONTROL
#include "bots/test_fairness.c"

static const Field *leaked;   /* NULL: the whole game */
static size_t leaked_offset;  /* of the field in UnoGame */

struct UnoWorlds {
    const UnoGame *game;
    int seat;
    const UnoHistory *history;
};

UnoWorlds *bot_worlds_new(void) { return calloc(1, sizeof(UnoWorlds)); }

void bot_worlds_free(UnoWorlds *w) { free(w); }

void bot_worlds_set(UnoWorlds *w, const UnoGame *g, int seat, const UnoHistory *h)
{
    w->game = g;
    w->seat = seat;
    w->history = h;
}

size_t bot_worlds_bytes(const UnoWorlds *w) { return uno_game_bytes(w->game); }

int bot_worlds_sample(const UnoWorlds *w, uint64_t seed, UnoGame *out)
{
    if (!leaked) {
        uno_game_copy(out, w->game);
        return UNO_OK;
    }
    int rc = uno_game_sample(w->game, w->seat, w->history, seed, out);
    memcpy((char *)out + leaked_offset, (const char *)w->game + leaked_offset, leaked->size);
    return rc;
}

/* The comparison over every setting, on a few games each. */
static Tally compare_all(void)
{
    Tally all = {0};
    for (int k = 0; k < SETTINGS; k++) {
        Tally t = compare_in(settings[k].rules, settings[k].option, 3);
        all.differing += t.differing;
        all.worlds_differing += t.worlds_differing;
    }
    return all;
}

static void test_leaked_hands_are_caught(void **state)
{
    (void)state;
    leaked = NULL;
    assert_true(compare_all().differing > 0);
}

static void leak_each(const char *prefix, const Field *fields, size_t n, size_t base)
{
    for (size_t i = 0; i < n; i++) {
        if (!fields[i].hidden || (fields == game_fields && strcmp(fields[i].name, "cheat") == 0))
            continue;
        leaked = &fields[i];
        leaked_offset = base + fields[i].offset;
        long worlds = compare_all().worlds_differing;
        print_message("leaked %s%s: %ld worlds differ\n", prefix, fields[i].name, worlds);
        if (worlds == 0)
            fail_msg("a leak of %s%s went unseen", prefix, fields[i].name);
    }
}

static void test_each_leaked_field_is_caught(void **state)
{
    (void)state;
    leak_each("", game_fields, sizeof game_fields / sizeof *game_fields, 0);
    leak_each("cheat.", cheat_fields, sizeof cheat_fields / sizeof *cheat_fields, offsetof(UnoGame, cheat));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_field_is_named),
        cmocka_unit_test(test_leaked_hands_are_caught),
        cmocka_unit_test(test_each_leaked_field_is_caught),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
