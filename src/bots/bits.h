/*
 * bits.h — bit tricks of the random policy (random.c), which the
 * simulator's playout (src/sim/playout.c) shares: choosing the k-th of the
 * cards a bit set holds and counting them. With BMI2 the k-th is one pdep
 * (make ARCH=native enables it where the CPU has it); without, a short loop.
 */
#ifndef UNO_BOTS_BITS_H
#define UNO_BOTS_BITS_H

#include <stdint.h>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

/* The number of set bits of m. Without the popcnt instruction the compiler
 * calls libgcc's table-driven __popcountdi2; these few shifts inline (the
 * random bot counts its playable cards at every action). */
static inline int bits_count(uint64_t m)
{
#if defined(__POPCNT__)
    return __builtin_popcountll(m);
#else
    m -= (m >> 1) & 0x5555555555555555ULL;
    m = (m & 0x3333333333333333ULL) + (m >> 2 & 0x3333333333333333ULL);
    m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((m * 0x0101010101010101ULL) >> 56);
#endif
}

/* The k-th set bit of m, from 0 (k < bits_count(m)). */
static inline int bits_nth(uint64_t m, uint32_t k)
{
#if defined(__BMI2__)
    return __builtin_ctzll(_pdep_u64(1ULL << k, m));
#else
    for (; k > 0; k--)
        m &= m - 1;
    return __builtin_ctzll(m);
#endif
}

#endif
