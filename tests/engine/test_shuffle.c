/*
 * test_shuffle.c — the shuffle done in steps is the shuffle done at once.
 *
 * The simulator's playout shuffles a deck a few places at a time as the
 * stock comes down to them (src/sim/playout.c, po_pop), and relies on what
 * engine/game.h says of shuffle_top: its first k steps fix the top k places
 * of the pile, and shuffle_cards on the rest finishes the same permutation
 * with the same numbers, leaving the generator where the whole shuffle
 * leaves it. This test checks that for batch sizes from 1 to past the
 * pile's size, for piles of every size a game can have.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* before cmocka.h, whose fail() macro would clash with engine/fail.h's */
#include "engine/game.h"

#include <cmocka.h>

static void lay_out(UnoCard *cards, int n)
{
    for (int i = 0; i < n; i++)
        cards[i] = (UnoCard)(i % UNO_KINDS);
}

/* Shuffles n cards in batches of `batch` places, top down, as the playout
 * does; returns the generator after the last batch. */
static UnoRng shuffle_in_batches(UnoCard *cards, int n, int batch, uint64_t seed)
{
    UnoRng rng;
    uno_rng_seed(&rng, seed);
    for (int left = n; left > 1; left -= batch)
        shuffle_top(&rng, cards, left, batch);
    return rng;
}

static void batches_make_the_whole_shuffle(void **state)
{
    (void)state;
    static const int sizes[] = {0, 1, 2, 3, 17, 107, 108, 112, 216, 324, UNO_MAX_CARDS};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int n = sizes[s];
        for (int batch = 1; batch <= n + 2; batch += batch < 20 ? 1 : 37) {
            uint64_t seed = (uint64_t)n * 1000 + (uint64_t)batch;
            UnoCard whole[UNO_MAX_CARDS] = {0}, stepped[UNO_MAX_CARDS] = {0};
            lay_out(whole, n);
            lay_out(stepped, n);
            UnoRng at_once;
            uno_rng_seed(&at_once, seed);
            shuffle_cards(&at_once, whole, n);
            UnoRng in_steps = shuffle_in_batches(stepped, n, batch, seed);
            assert_memory_equal(whole, stepped, sizeof whole);
            assert_memory_equal(&at_once, &in_steps, sizeof at_once);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(batches_make_the_whole_shuffle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
