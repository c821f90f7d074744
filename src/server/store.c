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
 *
 * One server per database: the server holds an exclusive flock(2) on the
 * database file itself while the store is open. The kernel lets it go when
 * the process ends however it ends, so a killed server's successor starts
 * at once; on Linux flock(2) and SQLite's own fcntl(2) locks do not meet;
 * and no lock file is left beside the database. The descriptor is closed
 * only after SQLite's connections (closing any descriptor of the file
 * drops the process's fcntl locks on it).
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "server/store.h"
#include "server/store_schema.h"

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

/* How a served database is kept (store.h). */
static const char pragmas[] =
    "PRAGMA journal_mode = WAL;"
    "PRAGMA synchronous = NORMAL;"
    "PRAGMA wal_autocheckpoint = 0;"
    "PRAGMA foreign_keys = ON;";

/* How often the checkpointer looks at the WAL. */
#define CHECKPOINT_MS 1000

struct SrvStore {
    sqlite3 *db;
    sqlite3_stmt *q[Q_COUNT];
    char *path;
    int claim;                     /* the descriptor holding the flock (SRV_STORE_SERVE), or -1 */
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

/* The server's claim on the database at path (the file made when there is
 * none: *fresh): an open descriptor holding its exclusive flock, or -1 and
 * a message. */
static int claim(const char *path, bool *fresh, char *err, size_t errlen)
{
    int fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    *fresh = fd >= 0;
    if (fd < 0 && errno == EEXIST)
        fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "database %s: %s", path, strerror(errno));
        return -1;
    }
    struct stat sb;
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        snprintf(err, errlen, "database %s is in use by another uno serve (one server per database): stop it, "
                              "or give this one another --db", path);
    } else if (!*fresh && fstat(fd, &sb) == 0 && sb.st_size == 0) {
        snprintf(err, errlen, "database %s is an empty file, not a database uno serve made (a new database "
                              "is made only where no file is): give --db a new file's name", path);
    } else {
        return fd;
    }
    close(fd);
    return -1;
}

/* Opens the SQLite connection as mode asks and makes its schema current
 * (SRV_STORE_SERVE) or checks that it can be read. */
static bool open_db(SrvStore *st, const char *path, SrvStoreMode mode, bool fresh, char *err, size_t errlen)
{
    struct stat sb;
    if (mode == SRV_STORE_READ && stat(path, &sb) == 0 && sb.st_size == 0) {
        snprintf(err, errlen, "database %s is an empty file, not a database uno serve made", path);
        return false;
    }
    int flags = mode == SRV_STORE_SERVE ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY;
    if (sqlite3_open_v2(path, &st->db, flags, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "database %s: %s", path, sqlite3_errmsg(st->db));
        return false;
    }
    sqlite3_busy_timeout(st->db, 2000);
    if (mode == SRV_STORE_READ)
        return srv_schema_readable(st->db, path, err, errlen);
    char *why = NULL;
    if (!srv_schema_prepare(st->db, path, fresh, err, errlen))
        return false;
    if (sqlite3_exec(st->db, pragmas, NULL, NULL, &why) != SQLITE_OK) {
        snprintf(err, errlen, "database %s: %s", path, why ? why : sqlite3_errmsg(st->db));
        sqlite3_free(why);
        return false;
    }
    return true;
}

SrvStore *srv_store_open(const char *path, SrvStoreMode mode, char *err, size_t errlen)
{
    SrvStore *st = calloc(1, sizeof *st);
    if (!st) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    st->claim = -1;
    bool fresh = false;
    if ((mode == SRV_STORE_SERVE && (st->claim = claim(path, &fresh, err, errlen)) < 0) ||
        !open_db(st, path, mode, fresh, err, errlen)) {
        srv_store_close(st);
        if (fresh) /* no half-made database is left behind */
            unlink(path);
        return NULL;
    }
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
    if (mode == SRV_STORE_READ)
        return st;
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
    if (st->claim >= 0) /* after SQLite's descriptors: see the top */
        close(st->claim);
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
