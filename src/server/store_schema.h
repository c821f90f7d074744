/*
 * store_schema.h — the database's schema and its versions (docs/server.md
 * "The database"): what makes a file uno serve's, the version it carries
 * in PRAGMA user_version, and the migrations from the older ones. Used by
 * store.c only.
 *
 * Versions:
 *   1  the tables, seats, joins and actions (and, later, the scorekeeper's
 *      keepers and keeper_log, and the expired tables' codes), secrets in
 *      plain text; databases made
 *      before versions were kept carry user_version 0 and are version 1.
 *   2  every secret (seat tokens, host secrets, spectator keys, the
 *      scorekeeper's secrets) kept as its SHA-256 (secret.h).
 */
#ifndef UNO_SERVER_STORE_SCHEMA_H
#define UNO_SERVER_STORE_SCHEMA_H

#include <stdbool.h>
#include <stddef.h>

#include <sqlite3.h>

#define SRV_SCHEMA_VERSION 2

/* Makes db (open, read-write) the current version: a fresh (empty)
 * database gets the schema; an older one of ours is migrated in one
 * transaction. False and a message naming path when the file is not uno
 * serve's, or carries a newer version than SRV_SCHEMA_VERSION. */
bool srv_schema_prepare(sqlite3 *db, const char *path, bool fresh, char *err, size_t errlen);
/* For reading only: true when db is ours and of a version this server
 * reads (any up to SRV_SCHEMA_VERSION); else false and a message. */
bool srv_schema_readable(sqlite3 *db, const char *path, char *err, size_t errlen);

#endif
