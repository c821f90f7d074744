/*
 * store_pg.c — the store's PostgreSQL backend (store_backend.h), for a
 * --db that is a postgresql:// URL, through libpq: store.h says what stays
 * true, docs/server.md "PostgreSQL" how to run it.
 *
 * Every call runs on one connection, in autocommit: a write is committed
 * (with PostgreSQL's default synchronous_commit, on its disk) when its
 * result comes back. The log's key is (code, n): a second writer of a
 * table's line n fails on the key and changes nothing.
 *
 * Any number of servers share the database (store.h "Several servers"):
 * a server owns a card table while its session holds the advisory lock
 * of the table's code (the 64-bit hashtextextended of the code, seeded
 * with LOCK_SEED), and PostgreSQL lets every lock go when the session
 * ends, however it ends. A server asks another for a table with a
 * NOTIFY on HANDOFF_CHANNEL, which every server LISTENs to. The schema is
 * made by one server at a time (the advisory lock LOCK_SEED itself, for
 * as long as that takes).
 *
 * A lost connection: the call fails, says so and changes nothing; writes
 * and locks fail until the server has heard (srv_store_session_lost) that
 * the tables it owned went with the session; the next call outside a
 * transaction connects again and LISTENs again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpq-fe.h>

#include "server/store_backend.h"

/* "uno" in ASCII: the seed of the tables' advisory locks' keys, and the
 * key of the lock held while the schema is made. */
#define LOCK_SEED "7695983"
#define HANDOFF_CHANNEL "uno_handoff"

/* The schema (docs/server.md "PostgreSQL"): SQLite's, with PostgreSQL's
 * types, and a column rowid where the queries list rows in the order they
 * were made; its version in uno_schema. */
static const char schema_sql[] =
    "CREATE TABLE tables ("
    "  rowid bigint GENERATED ALWAYS AS IDENTITY,"
    "  code text PRIMARY KEY, config text NOT NULL, host text NOT NULL, watch text NOT NULL,"
    "  created bigint NOT NULL DEFAULT extract(epoch FROM now())::bigint);"
    "CREATE TABLE seats ("
    "  code text NOT NULL REFERENCES tables(code), seat integer NOT NULL,"
    "  name text NOT NULL, age integer NOT NULL, token text NOT NULL,"
    "  PRIMARY KEY (code, seat));"
    "CREATE TABLE joins ("
    "  rowid bigint GENERATED ALWAYS AS IDENTITY,"
    "  code text NOT NULL REFERENCES tables(code), seat integer NOT NULL,"
    "  name text NOT NULL, age integer NOT NULL, token text NOT NULL);"
    "CREATE TABLE actions ("
    "  code text NOT NULL REFERENCES tables(code), n bigint NOT NULL,"
    "  line text NOT NULL, hash text NOT NULL,"
    "  PRIMARY KEY (code, n));"
    "CREATE TABLE keepers ("
    "  rowid bigint GENERATED ALWAYS AS IDENTITY,"
    "  code text PRIMARY KEY, config text NOT NULL, host text NOT NULL, clock text NOT NULL,"
    "  created bigint NOT NULL DEFAULT extract(epoch FROM now())::bigint);"
    "CREATE TABLE keeper_log ("
    "  code text NOT NULL REFERENCES keepers(code), n bigint NOT NULL, line text NOT NULL,"
    "  PRIMARY KEY (code, n));"
    "CREATE TABLE expired ("
    "  kind text NOT NULL, code text NOT NULL,"
    "  at bigint NOT NULL DEFAULT extract(epoch FROM now())::bigint,"
    "  PRIMARY KEY (kind, code));"
    "CREATE TABLE uno_schema (version integer NOT NULL);";

typedef struct PgStore {
    SrvStore base; /* first: the store's operations */
    PGconn *conn;
    SrvStoreMode mode;
    bool in_transaction;      /* between begin and end: no reconnecting */
    bool lost;                /* the session ended: its locks went with it (SRV_STORE_SERVE) */
    bool down;                /* ... and no new one was made yet */
    char *sql[Q_COUNT];       /* srv_store_sql with PostgreSQL's $1, $2 ... */
    char where[256];          /* the database as messages name it (no password) */
    char error[768];
} PgStore;

static const char *pg_error(const SrvStore *base) { return ((const PgStore *)base)->error; }

/* A server's session that ended takes its tables' locks with it: the
 * server hears so (srv_store_session_lost) before it writes again. */
static void check_session(PgStore *st)
{
    if (st->mode == SRV_STORE_SERVE && PQstatus(st->conn) != CONNECTION_OK && !st->down)
        st->lost = st->down = true;
}

/* PostgreSQL's message for res (or the connection's), on one line. */
static void say(PgStore *st, const PGresult *res)
{
    check_session(st);
    const char *primary = res ? PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY) : NULL;
    const char *detail = res ? PQresultErrorField(res, PG_DIAG_MESSAGE_DETAIL) : NULL;
    if (!primary)
        primary = PQerrorMessage(st->conn);
    if (PQstatus(st->conn) != CONNECTION_OK)
        snprintf(st->error, sizeof st->error, "the connection to %s was lost (%s); it is made again at the next "
                                             "call", st->where, primary);
    else
        snprintf(st->error, sizeof st->error, "%s: %s%s%s", st->where, primary, detail ? ": " : "",
                 detail ? detail : "");
    st->error[strcspn(st->error, "\n")] = '\0';
}

/* Runs sql with params; its result when PostgreSQL answered as expect, else
 * NULL and the message in st->error. */
static PGresult *run(PgStore *st, const char *sql, const char *const *params, int n, ExecStatusType expect)
{
    PGresult *res = PQexecParams(st->conn, sql, n, NULL, params, NULL, NULL, 0);
    if (PQresultStatus(res) == expect)
        return res;
    say(st, res);
    PQclear(res);
    return NULL;
}

/* Runs commands without parameters (the schema's are several at once). */
static bool run_command(PgStore *st, const char *sql)
{
    PGresult *res = PQexec(st->conn, sql);
    bool ok = PQresultStatus(res) == PGRES_COMMAND_OK;
    if (!ok)
        say(st, res);
    PQclear(res);
    return ok;
}

/* The first column of the first row of a one-value query, as a number; -1
 * (said) when it failed. */
static long value_of(PgStore *st, const char *sql)
{
    PGresult *res = run(st, sql, NULL, 0, PGRES_TUPLES_OK);
    long v = res && PQntuples(res) > 0 ? strtol(PQgetvalue(res, 0, 0), NULL, 10) : -1;
    PQclear(res);
    return v;
}

/* The server hears the other servers' requests for its tables (SRV_STORE_SERVE). */
static bool listen_handoffs(PgStore *st) { return run_command(st, "LISTEN " HANDOFF_CHANNEL); }

/* Makes the schema where the database has none of uno serve's tables
 * (SRV_STORE_SERVE), or checks that the one there is uno serve's and of a
 * version this server knows. */
static bool check_schema_alone(PgStore *st)
{
    long ours = value_of(st, "SELECT (to_regclass('uno_schema') IS NOT NULL)::int");
    long others = value_of(st, "SELECT (to_regclass('tables') IS NOT NULL OR to_regclass('actions') IS NOT NULL)::int");
    if (ours < 0 || others < 0)
        return false;
    if (ours == 1) {
        long v = value_of(st, "SELECT max(version) FROM uno_schema");
        if (v > SRV_SCHEMA_VERSION)
            snprintf(st->error, sizeof st->error, "%s carries schema version %ld; this uno serve knows versions 1 "
                                                  "to %d: it was made by a newer uno, which is the one to serve it",
                     st->where, v, SRV_SCHEMA_VERSION);
        return v > 0 && v <= SRV_SCHEMA_VERSION;
    }
    if (others == 1 || st->mode == SRV_STORE_READ) {
        snprintf(st->error, sizeof st->error, "%s is not uno serve's (%s): give --db a new database or one uno "
                                              "serve made", st->where,
                 others == 1 ? "it has a table 'tables' or 'actions' but no 'uno_schema'" : "it has no uno serve tables");
        return false;
    }
    char version[64];
    snprintf(version, sizeof version, "INSERT INTO uno_schema VALUES (%d)", SRV_SCHEMA_VERSION);
    bool ok = run_command(st, "BEGIN") && run_command(st, schema_sql) && run_command(st, version) &&
              run_command(st, "COMMIT");
    if (!ok)
        run_command(st, "ROLLBACK");
    return ok;
}

/* check_schema_alone, while no other server does it (two servers started
 * together on a new database would both make the schema). */
static bool check_schema(PgStore *st)
{
    if (st->mode != SRV_STORE_SERVE)
        return check_schema_alone(st);
    if (value_of(st, "SELECT 1 FROM pg_advisory_lock(" LOCK_SEED ")") != 1)
        return false;
    bool ok = check_schema_alone(st);
    return value_of(st, "SELECT pg_advisory_unlock(" LOCK_SEED ")::int") == 1 && ok;
}

/* The connection, made again (and LISTENing again) when it was lost;
 * false, said, when it cannot be. */
static bool connected(PgStore *st)
{
    if (PQstatus(st->conn) == CONNECTION_OK)
        return true;
    if (st->in_transaction) {
        say(st, NULL);
        return false;
    }
    PQreset(st->conn);
    if (PQstatus(st->conn) != CONNECTION_OK) {
        snprintf(st->error, sizeof st->error, "%s cannot be reached: %s", st->where, PQerrorMessage(st->conn));
        st->error[strcspn(st->error, "\n")] = '\0';
        return false;
    }
    st->down = false;
    return st->mode != SRV_STORE_SERVE || listen_handoffs(st);
}

/* connected, and the server has heard of a session lost: what a write, or
 * a table's lock, needs. */
static bool ready(PgStore *st)
{
    if (!connected(st))
        return false;
    if (st->lost)
        snprintf(st->error, sizeof st->error, "the connection to %s was lost: the tables this server owned are "
                                              "let go first", st->where);
    return !st->lost;
}

static bool pg_read(SrvStore *base, SrvQuery q, const char *const *params, int n, SrvRowFn row, void *ctx)
{
    PgStore *st = (PgStore *)base;
    PGresult *res = connected(st) ? run(st, st->sql[q], params, n, PGRES_TUPLES_OK) : NULL;
    if (!res)
        return false;
    const char *cols[SRV_STORE_MAX_COLS];
    int columns = PQnfields(res) < SRV_STORE_MAX_COLS ? PQnfields(res) : SRV_STORE_MAX_COLS;
    for (int r = 0, kept = 1; kept && r < PQntuples(res); r++) {
        for (int c = 0; c < columns; c++)
            cols[c] = PQgetvalue(res, r, c);
        kept = row(ctx, cols);
    }
    PQclear(res);
    return true;
}

static bool pg_write(SrvStore *base, SrvQuery q, const char *const *params, int n)
{
    PgStore *st = (PgStore *)base;
    PGresult *res = ready(st) ? run(st, st->sql[q], params, n, PGRES_COMMAND_OK) : NULL;
    PQclear(res);
    return res != NULL;
}

static bool pg_begin(SrvStore *base)
{
    PgStore *st = (PgStore *)base;
    st->in_transaction = ready(st) && run_command(st, "BEGIN");
    return st->in_transaction;
}

static bool pg_end(SrvStore *base, bool commit)
{
    PgStore *st = (PgStore *)base;
    st->in_transaction = false;
    return run_command(st, commit ? "COMMIT" : "ROLLBACK");
}

static void pg_close(SrvStore *base)
{
    PgStore *st = (PgStore *)base;
    PQfinish(st->conn);
    for (int i = 0; i < Q_COUNT; i++)
        free(st->sql[i]);
    free(st);
}

/* ---------------------------------------------------- several servers */

/* The first column of a one-value query with the table's code as its
 * parameter: 1 or 0, -1 (said) when it failed. */
static long about_code(PgStore *st, const char *sql, const char *code)
{
    const char *const params[] = {code};
    PGresult *res = ready(st) ? run(st, sql, params, 1, PGRES_TUPLES_OK) : NULL;
    long v = res && PQntuples(res) > 0 ? strtol(PQgetvalue(res, 0, 0), NULL, 10) : -1;
    PQclear(res);
    return v;
}

static SrvOwn pg_own(SrvStore *base, const char *code)
{
    long got = about_code((PgStore *)base, "SELECT pg_try_advisory_lock(hashtextextended($1, " LOCK_SEED "))::int",
                          code);
    return got == 1 ? SRV_OWN_YES : got == 0 ? SRV_OWN_ELSEWHERE : SRV_OWN_FAILED;
}

static void pg_disown(SrvStore *base, const char *code)
{
    about_code((PgStore *)base, "SELECT pg_advisory_unlock(hashtextextended($1, " LOCK_SEED "))::int", code);
}

static bool pg_ask_handoff(SrvStore *base, const char *code)
{
    return about_code((PgStore *)base, "SELECT 1 FROM pg_notify('" HANDOFF_CHANNEL "', $1)", code) == 1;
}

/* The notifications that came in since the last call (libpq reads what
 * the socket holds without waiting), but this server's own. */
static void pg_each_handoff(SrvStore *base, void (*fn)(void *ctx, const char *code), void *ctx)
{
    PgStore *st = (PgStore *)base;
    if (PQstatus(st->conn) != CONNECTION_OK || !PQconsumeInput(st->conn)) {
        check_session(st);
        return;
    }
    PGnotify *n;
    while ((n = PQnotifies(st->conn))) {
        if (n->be_pid != PQbackendPID(st->conn))
            fn(ctx, n->extra);
        PQfreemem(n);
    }
}

static bool pg_session_lost(SrvStore *base)
{
    PgStore *st = (PgStore *)base;
    bool lost = st->lost;
    st->lost = false;
    return lost;
}

static const SrvOwnerOps pg_owner = {
    .own = pg_own,
    .disown = pg_disown,
    .ask_handoff = pg_ask_handoff,
    .each_handoff = pg_each_handoff,
    .session_lost = pg_session_lost,
};

static const SrvStoreOps pg_ops = {
    .write = pg_write,
    .read = pg_read,
    .begin = pg_begin,
    .end = pg_end,
    .error = pg_error,
    .close = pg_close,
    .owner = &pg_owner,
};

/* The shared queries in PostgreSQL's words: ?N is $N. */
static bool translate(PgStore *st)
{
    for (int i = 0; i < Q_COUNT; i++) {
        if (!(st->sql[i] = strdup(srv_store_sql[i])))
            return false;
        for (char *p = st->sql[i]; (p = strchr(p, '?')); p++)
            *p = '$';
    }
    return true;
}

SrvStore *srv_store_open_pg(const char *url, SrvStoreMode mode, char *err, size_t errlen)
{
    PgStore *st = calloc(1, sizeof *st);
    if (!st || !translate(st)) {
        snprintf(err, errlen, "out of memory");
        if (st)
            pg_close(&st->base);
        return NULL;
    }
    st->base.ops = &pg_ops;
    st->mode = mode;
    /* the URL's own settings (last) override these defaults */
    static const char *const keys[] = {"connect_timeout", "application_name", "dbname", NULL};
    const char *const values[] = {"10", "uno serve", url, NULL};
    st->conn = PQconnectdbParams(keys, values, 1);
    if (st->conn && PQdb(st->conn))
        snprintf(st->where, sizeof st->where, "PostgreSQL database %s on %s:%s", PQdb(st->conn), PQhost(st->conn),
                 PQport(st->conn));
    else /* a URL libpq could not read */
        snprintf(st->where, sizeof st->where, "the PostgreSQL URL");
    bool ok = st->conn && PQstatus(st->conn) == CONNECTION_OK;
    if (!ok) {
        snprintf(st->error, sizeof st->error, "%s cannot be reached: %s", st->where,
                 st->conn ? PQerrorMessage(st->conn) : "out of memory");
        st->error[strcspn(st->error, "\n")] = '\0';
    }
    ok = ok && (mode != SRV_STORE_SERVE || listen_handoffs(st)) && check_schema(st);
    if (!ok) {
        snprintf(err, errlen, "%s", st->error);
        pg_close(&st->base);
        return NULL;
    }
    return &st->base;
}
