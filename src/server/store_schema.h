/*
 * store_schema.h — SQLite's schema and its versions (docs/server.md "The
 * database"): what makes a file uno serve's, the version it carries in
 * PRAGMA user_version (SRV_SCHEMA_VERSION, store_backend.h), and the
 * migrations from the older ones. Used by store_sqlite.c only.
 */
#ifndef UNO_SERVER_STORE_SCHEMA_H
#define UNO_SERVER_STORE_SCHEMA_H

#include <stdbool.h>
#include <stddef.h>

#include <sqlite3.h>

#include "server/store_backend.h"

/* Makes db (open, read-write) the current version: a fresh (empty)
 * database gets the schema; an older one of ours is migrated in one
 * transaction. False and a message naming path when the file is not uno
 * serve's, or carries a newer version than SRV_SCHEMA_VERSION. */
bool srv_schema_prepare(sqlite3 *db, const char *path, bool fresh, char *err, size_t errlen);
/* For reading only: true when db is ours and of a version this server
 * reads (any up to SRV_SCHEMA_VERSION); else false and a message. */
bool srv_schema_readable(sqlite3 *db, const char *path, char *err, size_t errlen);

#endif
