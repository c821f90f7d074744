/*
 * seats.h — a game setup for tests: n players named p0, p1, … (all aged 30
 * unless the test sets their ages), the seed given, the dealer left to the
 * rule set.
 */
#ifndef UNO_TESTS_SEATS_H
#define UNO_TESTS_SEATS_H

#include "uno.h"

void test_seat_players(UnoSetup *s, int n, uint64_t seed);

#endif
