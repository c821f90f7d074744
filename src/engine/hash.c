/*
 * hash.c — the state hashes' mixing (hash.h).
 */
#include "engine/hash.h"

/* FNV-1a over the 8 bytes of v, low byte first. A zero byte only multiplies
 * by the prime, so the zero high bytes of a small value are one multiplication
 * by a power of it: the same hash in a quarter of the steps. */
uint64_t hash_mix(uint64_t h, uint64_t v)
{
    static const uint64_t prime_pow[9] = { /* 0x100000001b3 ** i, mod 2 ** 64 */
        0x0000000000000001ULL, 0x00000100000001b3ULL, 0x000366000002e329ULL,
        0x08a97b0004e7feabULL, 0x9ffaac085635bc91ULL, 0x0caee32a7d4f6a63ULL,
        0xdc966432edf1c639ULL, 0xc5527b8a51d3d2dbULL, 0x1efac7090aef4a21ULL,
    };
    int bytes = 0;
    for (; v; v >>= 8, bytes++) {
        h ^= v & 0xff;
        h *= prime_pow[1];
    }
    return h * prime_pow[8 - bytes];
}

uint64_t hash_text(uint64_t h, const char *text)
{
    for (; *text; text++)
        h = hash_mix(h, (unsigned char)*text);
    return hash_mix(h, 0x100); /* the end: "ab","c" is not "a","bc" */
}

uint64_t hash_person(uint64_t h, const UnoPlayerInfo *who)
{
    return hash_mix(hash_text(h, who->name), (uint64_t)who->age);
}
