/*
 * store_schema.c — the database's schema, what makes a file uno serve's,
 * its version and the migrations (store_schema.h).
 */
#include <stdio.h>

#include "server/secret.h"
#include "server/store_schema.h"

/* The tables of the current version (IF NOT EXISTS: a version 1 database
 * made before the scorekeeper or the tables' expiry gets their tables too). */
static const char tables_sql[] =
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

/* migrations[v - 1] takes version v to v + 1 (bots' seats have no secret:
 * an empty one stays empty). */
static const char *const migrations[SRV_SCHEMA_VERSION - 1] = {
    "UPDATE seats SET token = uno_sha256(token) WHERE token <> '';"
    "UPDATE joins SET token = uno_sha256(token) WHERE token <> '';"
    "UPDATE tables SET host = uno_sha256(host) WHERE host <> '';"
    "UPDATE tables SET watch = uno_sha256(watch) WHERE watch <> '';"
    "UPDATE keepers SET host = uno_sha256(host) WHERE host <> '';"
    "UPDATE keepers SET clock = uno_sha256(clock) WHERE clock <> '';",
};

/* uno_sha256(text) in SQL: the hash a secret is kept as (secret.h). */
static void sha256_sql(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    const unsigned char *text = sqlite3_value_text(argv[0]);
    char hex[SRV_HASH_LEN + 1];
    if (!text || !srv_secret_hash((const char *)text, hex))
        sqlite3_result_error_nomem(ctx);
    else
        sqlite3_result_text(ctx, hex, SRV_HASH_LEN, SQLITE_TRANSIENT);
}

static bool has_table(sqlite3 *db, const char *name)
{
    sqlite3_stmt *q = NULL;
    bool found = sqlite3_prepare_v2(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1", -1, &q,
                                    NULL) == SQLITE_OK &&
                 sqlite3_bind_text(q, 1, name, -1, SQLITE_STATIC) == SQLITE_OK && sqlite3_step(q) == SQLITE_ROW;
    sqlite3_finalize(q);
    return found;
}

/* The version db carries (user_version; 0, from before versions were kept,
 * is 1); -1 and a message when it is not a database uno serve made. */
static int version_of(sqlite3 *db, const char *path, char *err, size_t errlen)
{
    sqlite3_stmt *q = NULL;
    int v = -1;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &q, NULL) == SQLITE_OK && sqlite3_step(q) == SQLITE_ROW)
        v = sqlite3_column_int(q, 0);
    else
        snprintf(err, errlen, "%s is not a database uno serve can use (%s): give --db a new file's name or a "
                              "database uno serve made", path, sqlite3_errmsg(db));
    sqlite3_finalize(q);
    if (v >= 0 && !(has_table(db, "tables") && has_table(db, "actions"))) {
        snprintf(err, errlen, "%s is an SQLite database but not uno serve's (it has no table 'tables' or "
                              "'actions'): give --db a new file's name or a database uno serve made", path);
        v = -1;
    }
    return v == 0 ? 1 : v;
}

static bool known_version(int v, const char *path, char *err, size_t errlen)
{
    if (v <= SRV_SCHEMA_VERSION)
        return true;
    snprintf(err, errlen, "%s carries schema version %d; this uno serve knows versions 1 to %d: it was made "
                          "by a newer uno, which is the one to serve it", path, v, SRV_SCHEMA_VERSION);
    return false;
}

bool srv_schema_readable(sqlite3 *db, const char *path, char *err, size_t errlen)
{
    int v = version_of(db, path, err, errlen);
    return v > 0 && known_version(v, path, err, errlen);
}

bool srv_schema_prepare(sqlite3 *db, const char *path, bool fresh, char *err, size_t errlen)
{
    int v = fresh ? SRV_SCHEMA_VERSION : version_of(db, path, err, errlen);
    if (v < 0 || !known_version(v, path, err, errlen))
        return false;
    char set_version[48];
    snprintf(set_version, sizeof set_version, "PRAGMA user_version = %d;", SRV_SCHEMA_VERSION);
    char *why = NULL;
    bool ok = sqlite3_create_function(db, "uno_sha256", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, sha256_sql,
                                      NULL, NULL) == SQLITE_OK &&
              sqlite3_exec(db, "BEGIN IMMEDIATE;", NULL, NULL, &why) == SQLITE_OK &&
              sqlite3_exec(db, tables_sql, NULL, NULL, &why) == SQLITE_OK;
    for (; ok && v < SRV_SCHEMA_VERSION; v++)
        ok = sqlite3_exec(db, migrations[v - 1], NULL, NULL, &why) == SQLITE_OK;
    ok = ok && sqlite3_exec(db, set_version, NULL, NULL, &why) == SQLITE_OK &&
         sqlite3_exec(db, "COMMIT;", NULL, NULL, &why) == SQLITE_OK;
    if (!ok) {
        snprintf(err, errlen, "%s: its schema could not be made current: %s", path, why ? why : sqlite3_errmsg(db));
        sqlite3_exec(db, "ROLLBACK;", NULL, NULL, NULL);
    }
    sqlite3_free(why);
    return ok;
}
