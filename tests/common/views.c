/*
 * views.c — assert_views_equal (views.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "common/views.h"

void assert_views_equal(const UnoView *a, const UnoView *b)
{
    assert_int_equal(a->seat, b->seat);
    assert_int_equal(a->phase, b->phase);
    assert_int_equal(a->turn, b->turn);
    assert_int_equal(a->top, b->top);
    assert_int_equal(a->color, b->color);
    assert_int_equal(a->pending, b->pending);
    assert_int_equal(a->stock_count, b->stock_count);
    assert_int_equal(a->hand_count, b->hand_count);
    assert_memory_equal(a->hand, b->hand, sizeof a->hand);
    assert_memory_equal(a->counts, b->counts, sizeof a->counts);
    assert_memory_equal(a->ranks, b->ranks, sizeof a->ranks);
    assert_memory_equal(a->said_uno, b->said_uno, sizeof a->said_uno);
    assert_memory_equal(&a->rules, &b->rules, sizeof a->rules);
    assert_int_equal(a->nlegal, b->nlegal);
    assert_int_equal(a->legal_total, b->legal_total);
    assert_memory_equal(a->legal, b->legal, (size_t)a->nlegal * sizeof a->legal[0]);
}
