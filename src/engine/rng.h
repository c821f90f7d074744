/*
 * rng.h — the engine's generator, xoshiro256** (Blackman and Vigna), as
 * inline functions for the engine's hot loops (shuffling a deck draws a
 * number per card). rng.c exports the same functions as uno_rng_next and
 * uno_rng_below: there is one definition, so every caller draws the same
 * stream.
 */
#ifndef UNO_ENGINE_RNG_H
#define UNO_ENGINE_RNG_H

#include "uno.h"

static inline uint64_t rng_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_next(UnoRng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rng_rotl(s[3], 45);
    return result;
}

/* Lemire's multiply-and-reject: unbiased and without division in the common case. */
static inline uint32_t rng_below(UnoRng *r, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(rng_next(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

#endif
