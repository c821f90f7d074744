/*
 * store_backend.h — what a database must do for the store (store.h), and
 * the SQL both databases run. store.c writes every srv_store_* call once,
 * on these few operations; store_sqlite.c (SQLite, the default) and
 * store_pg.c (PostgreSQL, a postgresql:// URL) each do them on their own
 * library. Used by those three files, and by store_schema.h for the
 * schema's version.
 *
 * Every parameter and every column goes as text: the databases convert
 * it to the column's type (SQLite's type affinity, PostgreSQL's inferred
 * parameter types).
 */
#ifndef UNO_SERVER_STORE_BACKEND_H
#define UNO_SERVER_STORE_BACKEND_H

#include <stdbool.h>
#include <stddef.h>

#include "server/store.h"

/* The schema's version, which both databases keep and check:
 *   1  the tables, seats, joins and actions (and, later, the scorekeeper's
 *      keepers and keeper_log, and the expired tables' codes), secrets in
 *      plain text; SQLite files made before versions were kept carry
 *      user_version 0 and are version 1.
 *   2  every secret (seat tokens, host secrets, spectator keys, the
 *      scorekeeper's secrets) kept as its SHA-256 (secret.h). */
#define SRV_SCHEMA_VERSION 2

/* The statements the store runs (srv_store_sql). */
typedef enum SrvQuery {
    Q_ADD_TABLE, Q_ADD_SEAT, Q_ADD_JOIN, Q_LOG, Q_TABLES, Q_SEATS, Q_JOINS, Q_ACTIONS,
    Q_ADD_KEEPER, Q_KEEPER_LOG, Q_KEEPERS, Q_KEEPER_LINES, Q_KEEPER,
    Q_EXPIRE_TABLE, Q_DROP_SEATS, Q_DROP_JOINS, Q_DROP_TABLE,
    Q_EXPIRE_KEEPER, Q_DROP_KEEPER, Q_EXPIRED, Q_TABLE, Q_COUNT
} SrvQuery;

/* Their text, the same for both databases: parameters are ?1, ?2 ...
 * (PostgreSQL's backend writes them $1, $2 ...), and rows are listed in the
 * order they were made by a column rowid (SQLite's own; a column of that
 * name in the PostgreSQL schema). */
extern const char *const srv_store_sql[Q_COUNT];

/* The most columns a read lists. */
#define SRV_STORE_MAX_COLS 4

/* One row of a read, its columns as text (NULL as ""); false to stop. */
typedef bool (*SrvRowFn)(void *ctx, const char *const *cols);

typedef struct SrvStoreOps {
    /* Runs write q with params; true when it was done (committed, unless
     * inside begin ... end). */
    bool (*write)(SrvStore *st, SrvQuery q, const char *const *params, int n);
    /* Runs read q with params, row for each row until it says false; true
     * when the read did not fail (whether or not row stopped it). */
    bool (*read)(SrvStore *st, SrvQuery q, const char *const *params, int n, SrvRowFn row, void *ctx);
    /* A transaction: the writes between begin and end(st, true) are done
     * together; end(st, false) undoes them. */
    bool (*begin)(SrvStore *st);
    bool (*end)(SrvStore *st, bool commit);
    const char *(*error)(const SrvStore *st);
    void (*close)(SrvStore *st);
    /* A shared database's (store.h "Several servers"); NULL for a
     * database that is one server's. */
    const struct SrvOwnerOps *owner;
} SrvStoreOps;

/* How a shared database owns tables, as store.h's srv_store_own ...
 * srv_store_session_lost say. */
typedef struct SrvOwnerOps {
    SrvOwn (*own)(SrvStore *st, const char *code);
    void (*disown)(SrvStore *st, const char *code);
    bool (*ask_handoff)(SrvStore *st, const char *code);
    void (*each_handoff)(SrvStore *st, void (*fn)(void *ctx, const char *code), void *ctx);
    bool (*session_lost)(SrvStore *st);
} SrvOwnerOps;

/* What every backend's store begins with (zeroed but for ops). */
struct SrvStore {
    const SrvStoreOps *ops;
    SrvHistogram writes; /* each write's time, and each transaction's end */
    uint64_t actions;    /* game actions written (srv_store_log) */
};

/* The backends' opens, as srv_store_open (store.h) says. */
SrvStore *srv_store_open_sqlite(const char *path, SrvStoreMode mode, char *err, size_t errlen);
SrvStore *srv_store_open_pg(const char *url, SrvStoreMode mode, char *err, size_t errlen);

#endif
