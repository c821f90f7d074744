/*
 * cmd_serve.c — `uno serve`: tables for friends over WebSocket, the web
 * client's files, everything kept in SQLite (server.h, docs/server.md).
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/sim_args.h"
#include "server/server.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: uno serve [--port P] [--host ADDR] [--db FILE] [--web DIR]\n"
            "                 [--max-tables N] [--rate N] [--allow-decks]\n"
            "\n"
            "Serves UNO tables to people on other devices: the web client at\n"
            "http://HOST:P/ and the table protocol over WebSocket at ws://HOST:P/\n"
            "(docs/server.md, docs/protocol.md \"Server\"). Every table, seat and action\n"
            "is kept in FILE before anyone is told of it: stop or kill the server and\n"
            "start it again, and every table goes on where it was.\n"
            "\n"
            "  --port P        port to listen on, 8080 (0: any free port, printed)\n"
            "  --host ADDR     address to listen on, every interface (127.0.0.1: this\n"
            "                  machine only)\n"
            "  --db FILE       the SQLite database, uno.db (made when missing)\n"
            "  --web DIR       the web client's files, web/ beside the build folder\n"
            "  --max-tables N  tables kept at most, 10000\n"
            "  --rate N        messages a second one connection may send, 20 (bursts of\n"
            "                  twice that); more are dropped with an error\n"
            "  --allow-decks   let a create request fix the top of the deck (\"deck\", as\n"
            "                  in the table protocol's new): for tests and teaching, never\n"
            "                  where players do not trust the host\n"
            "  --help          show this help\n"
            "\n"
            "It prints one line saying where to point a browser, and runs until\n"
            "Ctrl-C (SIGINT) or SIGTERM.\n");
}

/* web/ beside the folder the binary is in (build/uno -> web/), when there. */
static const char *default_web(char *buf, size_t len)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return NULL;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    snprintf(buf, len, "%s/../web", exe);
    return access(buf, R_OK) == 0 ? buf : NULL;
}

int cmd_serve(int argc, char **argv)
{
    UnoServeConfig cfg;
    uno_serve_config_default(&cfg);
    char web[PATH_MAX + 8], err[512];
    cfg.web_root = default_web(web, sizeof web);
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t v = 0;
        int rc = 0;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(arg, "--allow-decks") == 0) {
            cfg.allow_decks = true;
            continue;
        } else if (!val) {
            fprintf(stderr, "uno serve: '%s' needs a value (or is unknown)\n", arg);
            usage(stderr);
            return 2;
        } else if (strcmp(arg, "--port") == 0) {
            rc = uno_args_number("--port", val, 0, 65535, &v, err, sizeof err);
            cfg.port = (int)v;
        } else if (strcmp(arg, "--host") == 0) {
            cfg.host = val;
        } else if (strcmp(arg, "--db") == 0) {
            cfg.db = val;
        } else if (strcmp(arg, "--web") == 0) {
            cfg.web_root = val;
        } else if (strcmp(arg, "--max-tables") == 0) {
            rc = uno_args_number("--max-tables", val, 1, 1000000, &v, err, sizeof err);
            cfg.max_tables = (int)v;
        } else if (strcmp(arg, "--rate") == 0) {
            rc = uno_args_number("--rate", val, 1, 10000, &v, err, sizeof err);
            cfg.limits.rate = (int)v;
            cfg.limits.burst = 2 * (int)v;
        } else {
            fprintf(stderr, "uno serve: unknown argument '%s'\n", arg);
            usage(stderr);
            return 2;
        }
        if (rc) {
            fprintf(stderr, "uno serve: %s\n", err);
            return 2;
        }
        i++;
    }
    UnoServer *s = uno_server_new(&cfg, err, sizeof err);
    if (!s) {
        fprintf(stderr, "uno serve: %s\n", err);
        return 1;
    }
    printf("uno serve: open http://%s:%d/ in a browser (%d tables in %s%s)\n",
           cfg.host ? cfg.host : "localhost", uno_server_port(s), uno_server_tables(s), cfg.db,
           cfg.web_root ? "" : "; no web client found: --web DIR");
    fflush(stdout);
    uno_server_run(s);
    uno_server_free(s);
    fprintf(stderr, "uno serve: stopped\n");
    return 0;
}
