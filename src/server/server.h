/*
 * server.h — `uno serve`: the table protocol over WebSocket for people at
 * many tables at once, with the web client's files, and everything kept in
 * SQLite (docs/server.md). The front end (src/cli/cmd_serve.c) only parses
 * its arguments and calls these.
 */
#ifndef UNO_SERVER_SERVER_H
#define UNO_SERVER_SERVER_H

#include <stdio.h>

#include "bots/bots.h"
#include "server/transport.h"

/* A program the operator lets tables seat as a bot (--bot NAME=SPEC): a
 * create request names it as a seat's bot by NAME; SPEC is "cmd:COMMAND"
 * or "cmd:Nms:COMMAND" (bots.h). Clients can never name a command. */
#define UNO_SERVE_MAX_BOTS 16
#define UNO_SERVE_BOT_NAME_LEN 16 /* the NUL included */
typedef struct UnoServeBot {
    char name[UNO_SERVE_BOT_NAME_LEN];
    char spec[UNO_BOT_COMMAND_LEN + 16];
} UnoServeBot;

typedef struct UnoServeConfig {
    const char *host;       /* NULL: every interface */
    int port;               /* 0: any free one */
    const char *db;         /* the SQLite file, or a postgresql:// URL */
    const char *web_root;   /* the web client's folder, or NULL */
    int max_tables;         /* tables the server keeps at most, card and scorekeeper tables together */
    int creates_per_addr;   /* tables one address may create at once, and again each hour */
    int expire_after_min;   /* minutes a table nobody is at is kept */
    bool trust_proxy;       /* the client's address is the proxy's X-Forwarded-For */
    bool allow_decks;       /* create requests may fix the deck (tests, demos) */
    bool test_clock;        /* the scorekeeper's clock stands still but for keeper_clock (tests) */
    SrvLimits limits;
    FILE *log;              /* the operator's log */
    UnoServeBot bots[UNO_SERVE_MAX_BOTS]; /* the programs registered as bots */
    int nbots;
} UnoServeConfig;

/* Port 8080, uno.db, no web root, 10,000 tables, 20 creates an address,
 * tables kept 90 minutes vacant, srv_limits_default, stderr. */
void srv_config_default(UnoServeConfig *c);

/* Registers a program from "NAME=SPEC" (--bot): NAME is 1 to 15 of a-z,
 * 0-9, '-', '_', neither "human" nor a level nor a name registered before;
 * SPEC a "cmd:" bot name (bot_parse). UNO_OK, or UNO_E_BAD_REQUEST
 * with why in err. */
int srv_config_add_bot(UnoServeConfig *c, const char *arg, char *err, size_t errlen);

typedef struct UnoServer UnoServer;
/* Opens the database, rebuilds every table it holds (a shared database's:
 * each when it is first asked for, owner.c) and listens. NULL and a message
 * when it cannot. */
UnoServer *srv_server_new(const UnoServeConfig *c, char *err, size_t errlen);
int srv_server_port(const UnoServer *s);
int srv_server_tables(const UnoServer *s);
/* Serves until SIGINT, or SIGTERM after its drain (docs/server.md
 * "Stopping"). */
void srv_server_run(UnoServer *s);
void srv_server_free(UnoServer *s);

#endif
