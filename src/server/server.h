/*
 * server.h — `uno serve`: the table protocol over WebSocket for people at
 * many tables at once, with the web client's files, and everything kept in
 * SQLite (docs/server.md). The front end (src/cli/cmd_serve.c) only parses
 * its arguments and calls these.
 */
#ifndef UNO_SERVER_SERVER_H
#define UNO_SERVER_SERVER_H

#include <stdio.h>

#include "server/transport.h"

typedef struct UnoServeConfig {
    const char *host;       /* NULL: every interface */
    int port;               /* 0: any free one */
    const char *db;         /* the SQLite file */
    const char *web_root;   /* the web client's folder, or NULL */
    int max_tables;         /* tables the server keeps at most */
    bool allow_decks;       /* create requests may fix the deck (tests, demos) */
    SrvLimits limits;
    FILE *log;              /* the operator's log */
} UnoServeConfig;

/* Port 8080, uno.db, no web root, 10,000 tables, srv_limits_default, stderr. */
void uno_serve_config_default(UnoServeConfig *c);

typedef struct UnoServer UnoServer;
/* Opens the database, rebuilds every table it holds and listens. NULL and a
 * message when it cannot. */
UnoServer *uno_server_new(const UnoServeConfig *c, char *err, size_t errlen);
int uno_server_port(const UnoServer *s);
int uno_server_tables(const UnoServer *s);
/* Serves until SIGINT or SIGTERM. */
void uno_server_run(UnoServer *s);
void uno_server_free(UnoServer *s);

#endif
