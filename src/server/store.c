/*
 * store.c — the server's SQLite database (store.h says what stays true).
 *
 * WAL with synchronous=NORMAL: a committed transaction survives the server
 * being killed (it is in the write-ahead log, which the next open replays);
 * only a power cut may lose the last ones. docs/server.md says so.
 *
 * The WAL is copied into the database (a checkpoint, which waits for the
 * disk) by a thread of its own on a connection of its own, never by a
 * commit: the loop's thread commits every action, and SQLite's automatic
 * checkpoint would stall every table on the commit that crosses its
 * threshold (docs/server.md "Load"). A passive checkpoint does not block
 * the loop's writes.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "server/store.h"

enum {
    Q_ADD_TABLE, Q_ADD_SEAT, Q_ADD_JOIN, Q_LOG, Q_TABLES, Q_SEATS, Q_JOINS, Q_ACTIONS,
    Q_ADD_KEEPER, Q_KEEPER_LOG, Q_KEEPERS, Q_KEEPER_LINES, Q_KEEPER,
    Q_EXPIRE_TABLE, Q_DROP_SEATS, Q_DROP_JOINS, Q_DROP_TABLE,
    Q_EXPIRE_KEEPER, Q_DROP_KEEPER, Q_EXPIRED, Q_COUNT
};

static const char *const queries[Q_COUNT] = {
    [Q_ADD_TABLE] = "INSERT INTO tables(code, config, host, watch) VALUES (?1, ?2, ?3, ?4)",
    [Q_ADD_SEAT] = "INSERT INTO seats(code, seat, name, age, token) VALUES (?1, ?2, ?3, ?4, ?5)",
    [Q_ADD_JOIN] = "INSERT INTO joins(code, seat, name, age, token) VALUES (?1, ?2, ?3, ?4, ?5)",
    [Q_LOG] = "INSERT INTO actions(code, n, line, hash) VALUES (?1, ?2, ?3, ?4)",
    [Q_TABLES] = "SELECT code, config, host, watch FROM tables "
                 "WHERE code NOT IN (SELECT code FROM expired WHERE kind = 'table') ORDER BY rowid",
    [Q_SEATS] = "SELECT seat, name, age, token FROM seats WHERE code = ?1 ORDER BY seat",
    [Q_JOINS] = "SELECT seat, name, age, token FROM joins WHERE code = ?1 ORDER BY rowid",
    [Q_ACTIONS] = "SELECT n, line, hash FROM actions WHERE code = ?1 ORDER BY n",
    [Q_ADD_KEEPER] = "INSERT INTO keepers(code, config, host, clock) VALUES (?1, ?2, ?3, ?4)",
    [Q_KEEPER_LOG] = "INSERT INTO keeper_log(code, n, line) VALUES (?1, ?2, ?3)",
    [Q_KEEPERS] = "SELECT code, config, host, clock FROM keepers "
                  "WHERE code NOT IN (SELECT code FROM expired WHERE kind = 'keeper') ORDER BY rowid",
    [Q_KEEPER_LINES] = "SELECT n, line FROM keeper_log WHERE code = ?1 ORDER BY n",
    [Q_KEEPER] = "SELECT code, config, host, clock FROM keepers WHERE code = ?1",
    /* a table that expires: kept, marked, where it has a log; else its rows go */
    [Q_EXPIRE_TABLE] = "INSERT INTO expired(kind, code) "
                       "SELECT 'table', ?1 WHERE EXISTS (SELECT 1 FROM actions WHERE code = ?1)",
    [Q_DROP_SEATS] = "DELETE FROM seats WHERE code = ?1 AND NOT EXISTS (SELECT 1 FROM actions WHERE code = ?1)",
    [Q_DROP_JOINS] = "DELETE FROM joins WHERE code = ?1 AND NOT EXISTS (SELECT 1 FROM actions WHERE code = ?1)",
    [Q_DROP_TABLE] = "DELETE FROM tables WHERE code = ?1 AND NOT EXISTS (SELECT 1 FROM actions WHERE code = ?1)",
    [Q_EXPIRE_KEEPER] = "INSERT INTO expired(kind, code) "
                        "SELECT 'keeper', ?1 WHERE EXISTS (SELECT 1 FROM keeper_log WHERE code = ?1)",
    [Q_DROP_KEEPER] = "DELETE FROM keepers WHERE code = ?1 AND NOT EXISTS (SELECT 1 FROM keeper_log WHERE code = ?1)",
    [Q_EXPIRED] = "SELECT 1 FROM expired WHERE kind = ?1 AND code = ?2",
};

static const char schema[] =
    "PRAGMA journal_mode = WAL;"
    "PRAGMA synchronous = NORMAL;"
    "PRAGMA wal_autocheckpoint = 0;"
    "PRAGMA foreign_keys = ON;"
    "CREATE TABLE IF NOT EXISTS tables ("
    "  code TEXT PRIMARY KEY, config TEXT NOT NULL, host TEXT NOT NULL, watch TEXT NOT NULL,"
    "  created INTEGER NOT NULL DEFAULT (strftime('%s', 'now')));"
    "CREATE TABLE IF NOT EXISTS seats ("
    "  code TEXT NOT NULL REFERENCES tables(code), seat INTEGER NOT NULL,"
    "  name TEXT NOT NULL, age INTEGER NOT NULL, token TEXT NOT NULL,"
    "  PRIMARY KEY (code, seat));"
    "CREATE TABLE IF NOT EXISTS joins ("
    "  code TEXT NOT NULL REFERENCES tables(code), seat INTEGER NOT NULL,"
    "  name TEXT NOT NULL, age INTEGER NOT NULL, token TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS actions ("
    "  code TEXT NOT NULL REFERENCES tables(code), n INTEGER NOT NULL,"
    "  line TEXT NOT NULL, hash TEXT NOT NULL,"
    "  PRIMARY KEY (code, n));"
    "CREATE TABLE IF NOT EXISTS keepers ("
    "  code TEXT PRIMARY KEY, config TEXT NOT NULL, host TEXT NOT NULL, clock TEXT NOT NULL,"
    "  created INTEGER NOT NULL DEFAULT (strftime('%s', 'now')));"
    "CREATE TABLE IF NOT EXISTS keeper_log ("
    "  code TEXT NOT NULL REFERENCES keepers(code), n INTEGER NOT NULL, line TEXT NOT NULL,"
    "  PRIMARY KEY (code, n));"
    "CREATE TABLE IF NOT EXISTS expired ("
    "  kind TEXT NOT NULL, code TEXT NOT NULL,"
    "  at INTEGER NOT NULL DEFAULT (strftime('%s', 'now')),"
    "  PRIMARY KEY (kind, code));";

/* How often the checkpointer looks at the WAL. */
#define CHECKPOINT_MS 1000

struct SrvStore {
    sqlite3 *db;
    sqlite3_stmt *q[Q_COUNT];
    char *path;
    pthread_t checkpointer;
    bool checkpointing;            /* the thread runs */
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool stopping;                 /* under lock: the thread is to end */
};

/* The checkpointer: a passive checkpoint every CHECKPOINT_MS, and one more
 * when the store closes. */
static void *checkpoints(void *arg)
{
    SrvStore *st = arg;
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(st->path, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
        sqlite3_close(db);
        return NULL; /* the commits go on; the WAL is checkpointed when the store closes */
    }
    sqlite3_busy_timeout(db, 2000);
    bool stop = false;
    while (!stop) {
        pthread_mutex_lock(&st->lock);
        if (!st->stopping) {
            struct timespec until;
            clock_gettime(CLOCK_REALTIME, &until);
            until.tv_nsec += CHECKPOINT_MS % 1000 * 1000000L;
            until.tv_sec += CHECKPOINT_MS / 1000 + until.tv_nsec / 1000000000L;
            until.tv_nsec %= 1000000000L;
            pthread_cond_timedwait(&st->wake, &st->lock, &until);
        }
        stop = st->stopping;
        pthread_mutex_unlock(&st->lock);
        sqlite3_wal_checkpoint_v2(db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
    }
    sqlite3_close(db);
    return NULL;
}

static void stop_checkpoints(SrvStore *st)
{
    if (!st->checkpointing)
        return;
    pthread_mutex_lock(&st->lock);
    st->stopping = true;
    pthread_cond_signal(&st->wake);
    pthread_mutex_unlock(&st->lock);
    pthread_join(st->checkpointer, NULL);
    st->checkpointing = false;
}

const char *srv_store_error(const SrvStore *st) { return sqlite3_errmsg(st->db); }

SrvStore *srv_store_open(const char *path, char *err, size_t errlen)
{
    SrvStore *st = calloc(1, sizeof *st);
    if (!st) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    char *why = NULL;
    if (sqlite3_open(path, &st->db) != SQLITE_OK || sqlite3_exec(st->db, schema, NULL, NULL, &why) != SQLITE_OK) {
        snprintf(err, errlen, "database %s: %s", path, why ? why : sqlite3_errmsg(st->db));
        sqlite3_free(why);
        srv_store_close(st);
        return NULL;
    }
    sqlite3_busy_timeout(st->db, 2000);
    for (int i = 0; i < Q_COUNT; i++)
        if (sqlite3_prepare_v2(st->db, queries[i], -1, &st->q[i], NULL) != SQLITE_OK) {
            snprintf(err, errlen, "database %s: %s", path, sqlite3_errmsg(st->db));
            srv_store_close(st);
            return NULL;
        }
    if (!(st->path = strdup(path))) {
        snprintf(err, errlen, "out of memory");
        srv_store_close(st);
        return NULL;
    }
    pthread_mutex_init(&st->lock, NULL);
    pthread_cond_init(&st->wake, NULL);
    st->checkpointing = pthread_create(&st->checkpointer, NULL, checkpoints, st) == 0;
    if (!st->checkpointing) /* no thread: SQLite checkpoints on its own, on the commits */
        sqlite3_exec(st->db, "PRAGMA wal_autocheckpoint = 1000;", NULL, NULL, NULL);
    return st;
}

void srv_store_close(SrvStore *st)
{
    if (!st)
        return;
    stop_checkpoints(st);
    for (int i = 0; i < Q_COUNT; i++)
        sqlite3_finalize(st->q[i]);
    sqlite3_close(st->db);
    free(st->path);
    free(st);
}

static void bind_text(sqlite3_stmt *q, int i, const char *text)
{
    sqlite3_bind_text(q, i, text, -1, SQLITE_TRANSIENT);
}

/* Runs a prepared write; true when it was done. */
static bool run(sqlite3_stmt *q)
{
    int rc = sqlite3_step(q);
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return rc == SQLITE_DONE;
}

bool srv_store_add_table(SrvStore *st, const char *code, const char *config, const char *host,
                         const char *watch)
{
    sqlite3_stmt *q = st->q[Q_ADD_TABLE];
    bind_text(q, 1, code);
    bind_text(q, 2, config);
    bind_text(q, 3, host);
    bind_text(q, 4, watch);
    return run(q);
}

/* A person in a seat (a sit, or a §13 join): the same columns. */
static bool add_person(sqlite3_stmt *q, const char *code, int seat, const char *name, int age, const char *token)
{
    bind_text(q, 1, code);
    sqlite3_bind_int(q, 2, seat);
    bind_text(q, 3, name);
    sqlite3_bind_int(q, 4, age);
    bind_text(q, 5, token);
    return run(q);
}

bool srv_store_add_seat(SrvStore *st, const char *code, int seat, const char *name, int age, const char *token)
{
    return add_person(st->q[Q_ADD_SEAT], code, seat, name, age, token);
}

bool srv_store_add_join(SrvStore *st, const char *code, int seat, const char *name, int age, const char *token)
{
    return add_person(st->q[Q_ADD_JOIN], code, seat, name, age, token);
}

bool srv_store_log(SrvStore *st, const char *code, int64_t n, const char *line, const char *hash)
{
    sqlite3_stmt *q = st->q[Q_LOG];
    bind_text(q, 1, code);
    sqlite3_bind_int64(q, 2, n);
    bind_text(q, 3, line);
    bind_text(q, 4, hash);
    return run(q);
}

/* Steps a read to its end; false when it failed. */
static bool finish(sqlite3_stmt *q, int rc)
{
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return rc == SQLITE_DONE;
}

static const char *column(sqlite3_stmt *q, int i)
{
    const unsigned char *text = sqlite3_column_text(q, i);
    return text ? (const char *)text : "";
}

/* The rows of a query over tables made: fn(ctx, code, config, and the two secrets). */
static bool each_made(sqlite3_stmt *q, void (*fn)(void *, const char *, const char *, const char *, const char *),
                      void *ctx)
{
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW)
        fn(ctx, column(q, 0), column(q, 1), column(q, 2), column(q, 3));
    return finish(q, rc);
}

bool srv_store_each_table(SrvStore *st, void (*fn)(void *, const char *, const char *, const char *, const char *),
                          void *ctx)
{
    return each_made(st->q[Q_TABLES], fn, ctx);
}

/* The people a query lists: fn(ctx, seat, name, age, token) each, until it
 * says false (then false). */
static bool each_person(sqlite3_stmt *q, const char *code, SrvPersonFn fn, void *ctx)
{
    bind_text(q, 1, code);
    int rc;
    bool kept = true;
    while (kept && (rc = sqlite3_step(q)) == SQLITE_ROW)
        kept = fn(ctx, sqlite3_column_int(q, 0), column(q, 1), sqlite3_column_int(q, 2), column(q, 3));
    return finish(q, kept ? rc : SQLITE_DONE) && kept;
}

bool srv_store_each_seat(SrvStore *st, const char *code, SrvPersonFn fn, void *ctx)
{
    return each_person(st->q[Q_SEATS], code, fn, ctx);
}

bool srv_store_each_join(SrvStore *st, const char *code, SrvPersonFn fn, void *ctx)
{
    return each_person(st->q[Q_JOINS], code, fn, ctx);
}

bool srv_store_each_action(SrvStore *st, const char *code,
                           bool (*fn)(void *, int64_t, const char *, const char *), void *ctx)
{
    sqlite3_stmt *q = st->q[Q_ACTIONS];
    bind_text(q, 1, code);
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW)
        if (!fn(ctx, sqlite3_column_int64(q, 0), column(q, 1), column(q, 2))) {
            rc = SQLITE_DONE;
            break;
        }
    return finish(q, rc);
}

/* A table's code bound to each of n writes, done together or not at all. */
static bool run_together(SrvStore *st, const int *qs, int n, const char *code)
{
    bool ok = sqlite3_exec(st->db, "BEGIN", NULL, NULL, NULL) == SQLITE_OK;
    for (int i = 0; ok && i < n; i++) {
        bind_text(st->q[qs[i]], 1, code);
        ok = run(st->q[qs[i]]);
    }
    return sqlite3_exec(st->db, ok ? "COMMIT" : "ROLLBACK", NULL, NULL, NULL) == SQLITE_OK && ok;
}

bool srv_store_expire_table(SrvStore *st, const char *code)
{
    static const int qs[] = {Q_EXPIRE_TABLE, Q_DROP_SEATS, Q_DROP_JOINS, Q_DROP_TABLE};
    return run_together(st, qs, sizeof qs / sizeof qs[0], code);
}

bool srv_store_expired(SrvStore *st, const char *code, bool keeper)
{
    sqlite3_stmt *q = st->q[Q_EXPIRED];
    bind_text(q, 1, keeper ? "keeper" : "table");
    bind_text(q, 2, code);
    bool found = sqlite3_step(q) == SQLITE_ROW;
    finish(q, SQLITE_DONE);
    return found;
}

/* ------------------------------------------------------- scorekeepers */

bool srv_store_add_keeper(SrvStore *st, const char *code, const char *config, const char *host, const char *clock)
{
    sqlite3_stmt *q = st->q[Q_ADD_KEEPER];
    bind_text(q, 1, code);
    bind_text(q, 2, config);
    bind_text(q, 3, host);
    bind_text(q, 4, clock);
    return run(q);
}

bool srv_store_expire_keeper(SrvStore *st, const char *code)
{
    static const int qs[] = {Q_EXPIRE_KEEPER, Q_DROP_KEEPER};
    return run_together(st, qs, sizeof qs / sizeof qs[0], code);
}

bool srv_store_find_keeper(SrvStore *st, const char *code,
                           void (*fn)(void *, const char *, const char *, const char *, const char *), void *ctx)
{
    bind_text(st->q[Q_KEEPER], 1, code);
    return each_made(st->q[Q_KEEPER], fn, ctx);
}

bool srv_store_keeper_log(SrvStore *st, const char *code, int64_t n, const char *line)
{
    sqlite3_stmt *q = st->q[Q_KEEPER_LOG];
    bind_text(q, 1, code);
    sqlite3_bind_int64(q, 2, n);
    bind_text(q, 3, line);
    return run(q);
}

bool srv_store_each_keeper(SrvStore *st, void (*fn)(void *, const char *, const char *, const char *, const char *),
                           void *ctx)
{
    return each_made(st->q[Q_KEEPERS], fn, ctx);
}

bool srv_store_each_keeper_line(SrvStore *st, const char *code, bool (*fn)(void *ctx, int64_t n, const char *line),
                                void *ctx)
{
    sqlite3_stmt *q = st->q[Q_KEEPER_LINES];
    bind_text(q, 1, code);
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW)
        if (!fn(ctx, sqlite3_column_int64(q, 0), column(q, 1))) {
            rc = SQLITE_DONE;
            break;
        }
    return finish(q, rc);
}
