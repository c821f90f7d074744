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
 * One server per database, as with SQLite: the server holds a session
 * advisory lock (CLAIM_KEY) for as long as its connection lives, and
 * PostgreSQL lets it go when the session ends, however it ends.
 *
 * A lost connection: the call fails, says so and changes nothing; the next
 * call outside a transaction connects again and takes the claim again
 * before it runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpq-fe.h>

#include "server/store_backend.h"

/* The advisory lock that makes a database one server's: "uno" in ASCII. */
#define CLAIM_KEY "7695983"

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
    char *sql[Q_COUNT];       /* srv_store_sql with PostgreSQL's $1, $2 ... */
    char where[256];          /* the database as messages name it (no password) */
    char error[768];
} PgStore;

static const char *pg_error(const SrvStore *base) { return ((const PgStore *)base)->error; }

/* PostgreSQL's message for res (or the connection's), on one line. */
static void say(PgStore *st, const PGresult *res)
{
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

/* Makes the database this server's (SRV_STORE_SERVE): its advisory lock. */
static bool claim(PgStore *st)
{
    long got = value_of(st, "SELECT pg_try_advisory_lock(" CLAIM_KEY ")::int");
    if (got == 0)
        snprintf(st->error, sizeof st->error, "%s is in use by another uno serve (one server per database): stop "
                                              "it, or give this one another --db", st->where);
    return got == 1;
}

/* Makes the schema where the database has none of uno serve's tables
 * (SRV_STORE_SERVE), or checks that the one there is uno serve's and of a
 * version this server knows. */
static bool check_schema(PgStore *st)
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

/* The connection, made again (and the claim taken again) when it was lost;
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
    return st->mode != SRV_STORE_SERVE || claim(st);
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
    PGresult *res = connected(st) ? run(st, st->sql[q], params, n, PGRES_COMMAND_OK) : NULL;
    PQclear(res);
    return res != NULL;
}

static bool pg_begin(SrvStore *base)
{
    PgStore *st = (PgStore *)base;
    st->in_transaction = connected(st) && run_command(st, "BEGIN");
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

static const SrvStoreOps pg_ops = {
    .write = pg_write,
    .read = pg_read,
    .begin = pg_begin,
    .end = pg_end,
    .error = pg_error,
    .close = pg_close,
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
    ok = ok && (mode != SRV_STORE_SERVE || claim(st)) && check_schema(st);
    if (!ok) {
        snprintf(err, errlen, "%s", st->error);
        pg_close(&st->base);
        return NULL;
    }
    return &st->base;
}
