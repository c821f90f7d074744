/*
 * store_sqlite.c — the store's SQLite backend (store_backend.h), for a
 * --db that names a file: store.h says what stays true.
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

#include "server/store_backend.h"
#include "server/store_schema.h"

static void sqlite_close(SrvStore *base);
static const SrvStoreOps sqlite_ops;

/* How a served database is kept (store.h). */
static const char pragmas[] =
    "PRAGMA journal_mode = WAL;"
    "PRAGMA synchronous = NORMAL;"
    "PRAGMA wal_autocheckpoint = 0;"
    "PRAGMA foreign_keys = ON;";

/* How often the checkpointer looks at the WAL. */
#define CHECKPOINT_MS 1000

typedef struct SqliteStore {
    SrvStore base;                 /* first: the store's operations */
    sqlite3 *db;
    sqlite3_stmt *q[Q_COUNT];
    char *path;
    int claim;                     /* the descriptor holding the flock (SRV_STORE_SERVE), or -1 */
    pthread_t checkpointer;
    bool checkpointing;            /* the thread runs */
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool stopping;                 /* under lock: the thread is to end */
} SqliteStore;

/* The checkpointer: a passive checkpoint every CHECKPOINT_MS, and one more
 * when the store closes. */
static void *checkpoints(void *arg)
{
    SqliteStore *st = arg;
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

static void stop_checkpoints(SqliteStore *st)
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

static const char *sqlite_error(const SrvStore *base) { return sqlite3_errmsg(((const SqliteStore *)base)->db); }

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
static bool open_db(SqliteStore *st, const char *path, SrvStoreMode mode, bool fresh, char *err, size_t errlen)
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

SrvStore *srv_store_open_sqlite(const char *path, SrvStoreMode mode, char *err, size_t errlen)
{
    SqliteStore *st = calloc(1, sizeof *st);
    if (!st) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    st->base.ops = &sqlite_ops;
    st->claim = -1;
    bool fresh = false;
    if ((mode == SRV_STORE_SERVE && (st->claim = claim(path, &fresh, err, errlen)) < 0) ||
        !open_db(st, path, mode, fresh, err, errlen)) {
        sqlite_close(&st->base);
        if (fresh) /* no half-made database is left behind */
            unlink(path);
        return NULL;
    }
    for (int i = 0; i < Q_COUNT; i++)
        if (sqlite3_prepare_v2(st->db, srv_store_sql[i], -1, &st->q[i], NULL) != SQLITE_OK) {
            snprintf(err, errlen, "database %s: %s", path, sqlite3_errmsg(st->db));
            sqlite_close(&st->base);
            return NULL;
        }
    if (!(st->path = strdup(path))) {
        snprintf(err, errlen, "out of memory");
        sqlite_close(&st->base);
        return NULL;
    }
    if (mode == SRV_STORE_READ)
        return &st->base;
    pthread_mutex_init(&st->lock, NULL);
    pthread_cond_init(&st->wake, NULL);
    st->checkpointing = pthread_create(&st->checkpointer, NULL, checkpoints, st) == 0;
    if (!st->checkpointing) /* no thread: SQLite checkpoints on its own, on the commits */
        sqlite3_exec(st->db, "PRAGMA wal_autocheckpoint = 1000;", NULL, NULL, NULL);
    return &st->base;
}

static void sqlite_close(SrvStore *base)
{
    SqliteStore *st = (SqliteStore *)base;
    stop_checkpoints(st);
    for (int i = 0; i < Q_COUNT; i++)
        sqlite3_finalize(st->q[i]);
    sqlite3_close(st->db);
    if (st->claim >= 0) /* after SQLite's descriptors: see the top */
        close(st->claim);
    free(st->path);
    free(st);
}

/* Binds the parameters' texts to q; false (q left clean) when SQLite
 * could not. */
static bool bind(sqlite3_stmt *q, const char *const *params, int n)
{
    for (int i = 0; i < n; i++)
        if (sqlite3_bind_text(q, i + 1, params[i], -1, SQLITE_TRANSIENT) != SQLITE_OK) {
            sqlite3_clear_bindings(q);
            return false;
        }
    return true;
}

/* Steps q to its end, row for each row until it says false; true when no
 * step failed. */
static bool step(sqlite3_stmt *q, SrvRowFn row, void *ctx)
{
    const char *cols[SRV_STORE_MAX_COLS];
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        int n = sqlite3_column_count(q);
        for (int i = 0; i < n && i < SRV_STORE_MAX_COLS; i++) {
            const unsigned char *text = sqlite3_column_text(q, i);
            cols[i] = text ? (const char *)text : "";
        }
        if (!row(ctx, cols)) {
            rc = SQLITE_DONE;
            break;
        }
    }
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return rc == SQLITE_DONE;
}

static bool sqlite_read(SrvStore *base, SrvQuery which, const char *const *params, int n, SrvRowFn row, void *ctx)
{
    sqlite3_stmt *q = ((SqliteStore *)base)->q[which];
    return bind(q, params, n) && step(q, row, ctx);
}

static bool no_rows(void *ctx, const char *const *cols)
{
    (void)ctx, (void)cols;
    return true;
}

static bool sqlite_write(SrvStore *base, SrvQuery which, const char *const *params, int n)
{
    return sqlite_read(base, which, params, n, no_rows, NULL);
}

static bool sqlite_begin(SrvStore *base)
{
    return sqlite3_exec(((SqliteStore *)base)->db, "BEGIN", NULL, NULL, NULL) == SQLITE_OK;
}

static bool sqlite_end(SrvStore *base, bool commit)
{
    return sqlite3_exec(((SqliteStore *)base)->db, commit ? "COMMIT" : "ROLLBACK", NULL, NULL, NULL) == SQLITE_OK;
}

static const SrvStoreOps sqlite_ops = {
    .write = sqlite_write,
    .read = sqlite_read,
    .begin = sqlite_begin,
    .end = sqlite_end,
    .error = sqlite_error,
    .close = sqlite_close,
};
