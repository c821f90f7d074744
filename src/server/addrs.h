/*
 * addrs.h — what the server keeps per client address (docs/server.md
 * "Limits per address"): its open connections and its budgets, each a
 * token bucket. An address is an IPv4 address or an IPv6 /64 prefix (one
 * home or one machine gets a /64, not one address); an IPv4 address mapped
 * into IPv6 (::ffff:a.b.c.d) is that IPv4 address.
 *
 * What stays true:
 *  - The table never holds more than its capacity: when it is full, every
 *    address with no connection open is forgotten (its budgets start again
 *    full), and when every entry has a connection, no new address is let in.
 *  - An entry with a connection open is never forgotten, and never moves:
 *    a connection may keep its SrvAddr pointer until it closes.
 */
#ifndef UNO_SERVER_ADDRS_H
#define UNO_SERVER_ADDRS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A budget that refills: at most `burst` at once, `per_ms` more each ms. A
 * zeroed bucket is full. */
typedef struct SrvRate {
    double per_ms;
    double burst;
} SrvRate;
typedef struct SrvBucket {
    double spent;   /* of the burst, as of `at` */
    int64_t at;     /* ms */
} SrvBucket;

/* Takes one from the bucket at time now (ms); false, and nothing taken,
 * when it is empty. */
bool srv_bucket_take(SrvBucket *b, const SrvRate *rate, int64_t now);
/* Gives back the one just taken (what it paid for did not happen). */
void srv_bucket_give_back(SrvBucket *b);
/* Ms until the bucket has one to take (0: it has one now). */
int64_t srv_bucket_wait(const SrvBucket *b, const SrvRate *rate, int64_t now);

/* An address as a key: its family's tag, then 4 bytes (IPv4) or the
 * 8 bytes of its /64 (IPv6). */
#define SRV_ADDR_KEY_LEN 9

typedef struct SrvAddr {
    unsigned char key[SRV_ADDR_KEY_LEN];
    int conns;              /* connections open from it */
    SrvBucket messages;     /* the messages its connections send together */
    SrvBucket creates;      /* the tables it creates (the lobby's) */
    int32_t next;           /* the table's: the next entry of its chain, -1: none */
    bool used;              /* the table's: an address is here */
} SrvAddr;

/* The key of an address written as text (IPv4 or IPv6, as the socket or a
 * proxy's X-Forwarded-For gives it); false when it is neither. */
bool srv_addr_parse(const char *text, unsigned char key[SRV_ADDR_KEY_LEN]);

typedef struct SrvAddrs SrvAddrs;
/* A table of at most cap addresses; NULL when out of memory. */
SrvAddrs *srv_addrs_new(int cap);
void srv_addrs_free(SrvAddrs *t);
/* The entry of the address written as text, made when new (zeroed: no
 * connection, full budgets). NULL when the text is no address, or the
 * table is full of addresses with connections open. */
SrvAddr *srv_addrs_get(SrvAddrs *t, const char *text);
/* Addresses held now. */
int srv_addrs_count(const SrvAddrs *t);

#endif
