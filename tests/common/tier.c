/*
 * tier.c — the suite's tier from UNO_QUICK (tier.h).
 */
#include "common/tier.h"

#include <stdlib.h>
#include <string.h>

int test_tier_size(int full, int quick)
{
    const char *env = getenv("UNO_QUICK");
    return env && *env && strcmp(env, "0") != 0 ? quick : full;
}
