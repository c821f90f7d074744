/*
 * views.h — a test's check that two seat views show the same (uno_view.h):
 * what a seat sees must not change with what it may not see.
 */
#ifndef TESTS_VIEWS_H
#define TESTS_VIEWS_H

#include "uno_view.h"

/* Fails the running cmocka test where a and b differ. */
void assert_views_equal(const UnoView *a, const UnoView *b);

#endif
