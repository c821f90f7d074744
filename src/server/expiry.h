/*
 * expiry.h — tables nobody uses (docs/server.md "Tables nobody uses"): a
 * table that nobody has been at for the operator's time (--expire-after)
 * is removed and its slot freed; and when the server is full, a create
 * removes the table that nobody has been at for longest, provided it has
 * been vacant a minute at least, instead of being refused. The card tables
 * and the scorekeeper's are two kinds of table, each telling when each of
 * its tables was last used and removing one; this module only decides
 * which go.
 */
#ifndef UNO_SERVER_EXPIRY_H
#define UNO_SERVER_EXPIRY_H

#include <stdbool.h>
#include <stdint.h>

/* A table's vacancy while someone is at it. */
#define SRV_IN_USE INT64_MAX
/* How long a table is vacant before a create may take its slot. */
#define SRV_RECLAIM_AFTER_MS (60 * 1000)
/* How often the lobby looks for tables to expire. */
#define SRV_EXPIRY_SWEEP_MS 1000

typedef struct SrvTableKind {
    void *ctx;
    int (*count)(void *ctx);
    /* Since when nobody has been at the i-th table (server ms), or SRV_IN_USE. */
    int64_t (*vacant_since)(void *ctx, int i);
    /* Removes the i-th table (docs/server.md says what is kept of it); the
     * tables after it may move. */
    void (*remove)(void *ctx, int i);
} SrvTableKind;

/* Tables of every kind. */
int srv_tables_count(const SrvTableKind *kinds, int nkinds);
/* Removes every table vacant since before `before`; how many. */
int srv_tables_expire(const SrvTableKind *kinds, int nkinds, int64_t before);
/* Removes the table vacant longest, if it has been since before `before`;
 * false when there is none. */
bool srv_tables_reclaim(const SrvTableKind *kinds, int nkinds, int64_t before);

#endif
