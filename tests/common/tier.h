/*
 * tier.h — which tier of the suite a test program runs in (docs/testing.md).
 *
 * `make test` runs every test at full size; `make check`, the quick tier,
 * sets UNO_QUICK=1, and a program whose full size is long plays fewer games
 * there, with the same assertions. A statistical check whose bound needs
 * its full sample keeps its size in both tiers.
 */
#ifndef TESTS_TIER_H
#define TESTS_TIER_H

/* full, or quick under UNO_QUICK set to anything but "" or "0". */
int test_tier_size(int full, int quick);

#endif
