/*
 * addrs.c — the per-address table (addrs.h says what stays true): a hash
 * table of chains over a pool of cap entries that never move, keyed by a
 * hash seeded from the kernel's randomness (so that no one can choose
 * addresses that all fall in one chain).
 */
#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "server/addrs.h"

/* ------------------------------------------------------------- buckets */

/* What is spent as of now: the refill since `at` taken off. */
static double spent_now(const SrvBucket *b, const SrvRate *rate, int64_t now)
{
    double spent = b->spent - (double)(now - b->at) * rate->per_ms;
    return spent > 0 ? spent : 0;
}

bool srv_bucket_take(SrvBucket *b, const SrvRate *rate, int64_t now)
{
    double spent = spent_now(b, rate, now);
    if (spent + 1 > rate->burst)
        return false;
    b->spent = spent + 1;
    b->at = now;
    return true;
}

void srv_bucket_give_back(SrvBucket *b) { b->spent = b->spent > 1 ? b->spent - 1 : 0; }

int64_t srv_bucket_wait(const SrvBucket *b, const SrvRate *rate, int64_t now)
{
    double over = spent_now(b, rate, now) + 1 - rate->burst;
    return over > 0 ? (int64_t)(over / rate->per_ms) + 1 : 0;
}

/* ----------------------------------------------------------- addresses */

enum { TAG_V4 = 4, TAG_V6 = 6 };

bool srv_addr_parse(const char *text, unsigned char key[SRV_ADDR_KEY_LEN])
{
    unsigned char a[16];
    memset(key, 0, SRV_ADDR_KEY_LEN);
    if (inet_pton(AF_INET, text, a) == 1) {
        key[0] = TAG_V4;
        memcpy(key + 1, a, 4);
    } else if (inet_pton(AF_INET6, text, a) == 1) {
        static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
        if (memcmp(a, mapped, sizeof mapped) == 0) { /* ::ffff:a.b.c.d is a.b.c.d */
            key[0] = TAG_V4;
            memcpy(key + 1, a + 12, 4);
        } else {
            key[0] = TAG_V6;
            memcpy(key + 1, a, 8);
        }
    } else {
        return false;
    }
    return true;
}

struct SrvAddrs {
    SrvAddr *pool;      /* cap entries */
    int32_t *chains;    /* nchains heads (pool indices), -1: empty */
    uint32_t nchains;   /* a power of two */
    int32_t free;       /* the first unused entry, chained by next; -1: none */
    int cap, n;
    uint64_t seed;
};

static uint32_t chain_of(const SrvAddrs *t, const unsigned char key[SRV_ADDR_KEY_LEN])
{
    uint64_t h = t->seed;
    for (int i = 0; i < SRV_ADDR_KEY_LEN; i++) { /* splitmix64's finaliser over each byte */
        h ^= key[i];
        h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
        h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
        h ^= h >> 31;
    }
    return (uint32_t)h & (t->nchains - 1);
}

/* Puts every unused entry on the free list and every used one in its chain. */
static void rebuild(SrvAddrs *t)
{
    for (uint32_t i = 0; i < t->nchains; i++)
        t->chains[i] = -1;
    t->free = -1;
    for (int32_t i = t->cap - 1; i >= 0; i--) {
        SrvAddr *a = &t->pool[i];
        int32_t *head = a->used ? &t->chains[chain_of(t, a->key)] : &t->free;
        a->next = *head;
        *head = i;
    }
}

SrvAddrs *srv_addrs_new(int cap)
{
    SrvAddrs *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->cap = cap;
    t->nchains = 1;
    while (t->nchains < (uint32_t)cap)
        t->nchains *= 2;
    t->pool = calloc((size_t)cap, sizeof *t->pool);
    t->chains = malloc(t->nchains * sizeof *t->chains);
    if (!t->pool || !t->chains || getrandom(&t->seed, sizeof t->seed, 0) != (ssize_t)sizeof t->seed) {
        srv_addrs_free(t);
        return NULL;
    }
    rebuild(t);
    return t;
}

void srv_addrs_free(SrvAddrs *t)
{
    if (!t)
        return;
    free(t->pool);
    free(t->chains);
    free(t);
}

int srv_addrs_count(const SrvAddrs *t) { return t->n; }

/* The table is full: the addresses with no connection are forgotten. */
static void forget_idle(SrvAddrs *t)
{
    for (int i = 0; i < t->cap; i++)
        if (t->pool[i].used && t->pool[i].conns == 0) {
            t->pool[i].used = false;
            t->n--;
        }
    rebuild(t);
}

SrvAddr *srv_addrs_get(SrvAddrs *t, const char *text)
{
    unsigned char key[SRV_ADDR_KEY_LEN];
    if (!srv_addr_parse(text, key))
        return NULL;
    for (int32_t i = t->chains[chain_of(t, key)]; i >= 0; i = t->pool[i].next)
        if (memcmp(t->pool[i].key, key, sizeof key) == 0)
            return &t->pool[i];
    if (t->free < 0)
        forget_idle(t);
    if (t->free < 0)
        return NULL;
    int32_t i = t->free;
    SrvAddr *a = &t->pool[i];
    t->free = a->next;
    memset(a, 0, sizeof *a);
    memcpy(a->key, key, sizeof key);
    a->used = true;
    uint32_t c = chain_of(t, key);
    a->next = t->chains[c];
    t->chains[c] = i;
    t->n++;
    return a;
}
