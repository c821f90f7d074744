/*
 * rng.c — the engine's only source of randomness: xoshiro256** (Blackman and
 * Vigna), seeded through splitmix64 so that any 64-bit seed is a good one.
 * The generator itself is inline in rng.h, for the engine's shuffles.
 */
#include "engine/rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void uno_rng_seed(UnoRng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

uint64_t uno_rng_next(UnoRng *r) { return rng_next(r); }

uint32_t uno_rng_below(UnoRng *r, uint32_t n) { return rng_below(r, n); }
