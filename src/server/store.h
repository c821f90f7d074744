/*
 * store.h — everything the server keeps, in one database: an SQLite file
 * (WAL), or PostgreSQL's for a postgresql:// URL (store_backend.h). The
 * tables as they were created, who sits where with the hash of which secret, and each
 * table's append-only action log, the table protocol's normalised request
 * lines from which the table is rebuilt (event sourcing, as `uno replay`
 * rebuilds a save file); likewise the scorekeeper tables (keeper.h) and
 * their logs. The SQL is in store.c (what both databases run),
 * store_schema.c (SQLite's schema, its versions and migrations) and
 * store_pg.c (PostgreSQL's) and nowhere else. Secrets come here hashed
 * (secret.h) and are kept so.
 *
 * What stays true:
 *  - An action is in the database (committed) when srv_store_log returns
 *    true, and the server tells nobody of it before then: a server killed
 *    at any moment loses no action anyone was told of.
 *  - The log of a table is numbered 0, 1, 2 ... with no gap; a line is
 *    never changed or removed.
 *  - Every call either does all it says or nothing, and says which.
 */
#ifndef UNO_SERVER_STORE_H
#define UNO_SERVER_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "server/metrics.h"

typedef struct SrvStore SrvStore;

typedef enum SrvStoreMode {
    SRV_STORE_SERVE, /* the server's: claimed (one server per SQLite file;
                        PostgreSQL's shared, its tables owned one by one), made
                        where no file is, migrated to the current schema */
    SRV_STORE_READ,  /* an export's: read only, alongside a running server */
} SrvStoreMode;

/* Opens the database db: an SQLite file's path, or a postgresql:// (or
 * postgres://) URL. NULL and a message when it cannot: another server
 * holds it (SRV_STORE_SERVE), the file is empty, not SQLite, the database
 * not uno serve's, or of a newer schema than this server knows, or
 * PostgreSQL cannot be reached (docs/server.md "Kept before told: the
 * database", "PostgreSQL"). */
SrvStore *srv_store_open(const char *db, SrvStoreMode mode, char *err, size_t errlen);
void srv_store_close(SrvStore *st);

/* A new table: its code, the create request it was made by (JSON), the
 * hashes of the host's and the spectators' secrets. False when the code exists or the
 * write failed. */
bool srv_store_add_table(SrvStore *st, const char *code, const char *config, const char *host,
                         const char *watch);
/* A person (or a bot) in a seat, with the hash of the seat's secret (bots: ""). */
bool srv_store_add_seat(SrvStore *st, const char *code, int seat, const char *name, int age,
                        const char *token);
/* A newcomer seated during a game (KPGUT §13) at seat, later seats moving
 * up one, with the hash of the seat's secret. */
bool srv_store_add_join(SrvStore *st, const char *code, int seat, const char *name, int age,
                        const char *token);
/* Line n of the table's log and the hash of the state it made (hex). */
bool srv_store_log(SrvStore *st, const char *code, int64_t n, const char *line, const char *hash);

/* A table nobody used for the operator's time (docs/server.md "Tables
 * nobody uses"): where it has a log, its rows stay (for --export) and it is
 * marked expired; otherwise its rows are deleted. Either way it is not
 * listed again. */
bool srv_store_expire_table(SrvStore *st, const char *code);
/* Whether code names a table (keeper: a scorekeeper table) that expired
 * and was kept. */
bool srv_store_expired(SrvStore *st, const char *code, bool keeper);

/* Every table but those expired, in the order they were made: fn(ctx, code,
 * config, host, watch). */
bool srv_store_each_table(SrvStore *st, void (*fn)(void *ctx, const char *code, const char *config,
                                                    const char *host, const char *watch), void *ctx);
/* A person in a seat, as the store lists them; returns false to stop. */
typedef bool (*SrvPersonFn)(void *ctx, int seat, const char *name, int age, const char *token);
/* The seats taken at a table before its game: fn for each, until it says
 * false (then false). */
bool srv_store_each_seat(SrvStore *st, const char *code, SrvPersonFn fn, void *ctx);
/* The newcomers of a table in the order they joined, likewise. */
bool srv_store_each_join(SrvStore *st, const char *code, SrvPersonFn fn, void *ctx);
/* A table's log in order: fn(ctx, n, line, hash); fn returns false to stop. */
bool srv_store_each_action(SrvStore *st, const char *code,
                           bool (*fn)(void *ctx, int64_t n, const char *line, const char *hash), void *ctx);

/* A scorekeeper table (keeper.h): its code, the create request (JSON), the
 * hashes of the host's and the time-keeper's secrets. False when the code exists or the
 * write failed. */
bool srv_store_add_keeper(SrvStore *st, const char *code, const char *config, const char *host, const char *clock);
/* Line n of a scorekeeper table's log (n = 0, 1, ... with no gap; a line is
 * never changed or removed: an undo is a line too). */
bool srv_store_keeper_log(SrvStore *st, const char *code, int64_t n, const char *line);
/* A scorekeeper table nobody used for the operator's time: as
 * srv_store_expire_table. */
bool srv_store_expire_keeper(SrvStore *st, const char *code);
/* The scorekeeper table of that code, expired or not: fn(ctx, code, config,
 * host, clock) once if there is one. */
bool srv_store_find_keeper(SrvStore *st, const char *code,
                           void (*fn)(void *ctx, const char *code, const char *config, const char *host,
                                      const char *clock), void *ctx);
/* Every scorekeeper table but those expired, in the order they were made:
 * fn(ctx, code, config, host, clock). */
bool srv_store_each_keeper(SrvStore *st, void (*fn)(void *ctx, const char *code, const char *config,
                                                     const char *host, const char *clock), void *ctx);
/* A scorekeeper table's log in order: fn(ctx, n, line); fn returns false to stop. */
bool srv_store_each_keeper_line(SrvStore *st, const char *code, bool (*fn)(void *ctx, int64_t n, const char *line),
                                void *ctx);

/* ---- Several servers on one database (docs/server.md "Several servers,
 * one database"). A PostgreSQL database is shared: any number of servers
 * serve it, each card table owned by one of them at a time through a
 * session-level advisory lock of the server's connection, which
 * PostgreSQL lets go when the session ends, however it ends. An SQLite
 * file is one server's: every table is its own, and these calls say so. */

/* Whether other servers may serve the database too (PostgreSQL). */
bool srv_store_shared(const SrvStore *st);
typedef enum SrvOwn { SRV_OWN_YES, SRV_OWN_ELSEWHERE, SRV_OWN_FAILED } SrvOwn;
/* Makes the table of that code this server's: SRV_OWN_YES (it is, or
 * already was), SRV_OWN_ELSEWHERE (another server owns it), SRV_OWN_FAILED
 * (the database could not be asked: srv_store_error). */
SrvOwn srv_store_own(SrvStore *st, const char *code);
/* Lets the table go: another server may own it. */
void srv_store_disown(SrvStore *st, const char *code);
/* Asks the table's owner, whichever server it is, to let it go (a
 * notification every server sharing the database hears). */
bool srv_store_ask_handoff(SrvStore *st, const char *code);
/* The codes other servers asked this one to let go since the last call:
 * fn(ctx, code) for each. */
void srv_store_each_handoff(SrvStore *st, void (*fn)(void *ctx, const char *code), void *ctx);
/* True once after the connection to the database was lost and made again:
 * the tables it owned went with the session, and no write is done until
 * this has been asked (the server lets every table go first). */
bool srv_store_session_lost(SrvStore *st);
/* The table of that code, if the database has it and it did not expire:
 * fn(ctx, code, config, host, watch) once. */
bool srv_store_find_table(SrvStore *st, const char *code,
                          void (*fn)(void *ctx, const char *code, const char *config, const char *host,
                                     const char *watch), void *ctx);

/* The last error's text. */
const char *srv_store_error(const SrvStore *st);
/* For GET /metrics: the writes' times, and the game actions written. */
const SrvHistogram *srv_store_write_times(const SrvStore *st);
uint64_t srv_store_actions(const SrvStore *st);

#endif
