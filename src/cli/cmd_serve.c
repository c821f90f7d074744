/*
 * cmd_serve.c — `uno serve`: tables for friends over WebSocket, the web
 * client's files, everything kept in SQLite (server.h, docs/server.md).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli_util.h"
#include "cli/commands.h"
#include "cli/sim_args.h"
#include "protocol/savefile.h"
#include "server/keeper.h"
#include "server/server.h"
#include "server/store.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: uno serve [--port P] [--host ADDR] [--db FILE] [--web DIR]\n"
            "                 [--max-tables N] [--expire-after MIN] [--rate N]\n"
            "                 [--max-conns-per-addr N] [--creates-per-addr N]\n"
            "                 [--rate-per-addr N] [--trust-proxy] [--allow-decks]\n"
            "                 [--test-clock]\n"
            "                 [--bot NAME='cmd:COMMAND']...\n"
            "       uno serve [--db FILE] --export CODE OUT\n"
            "       uno serve [--db FILE] --scores CODE OUT\n"
            "\n"
            "Serves UNO tables to people on other devices: the web client at\n"
            "http://HOST:P/, the table protocol over WebSocket at ws://HOST:P/ and\n"
            "a table's link as a QR code at http://HOST:P/qr.svg?t=CODE (docs/server.md,\n"
            "docs/protocol.md \"Server\"). Every table, seat and action\n"
            "is kept in FILE before anyone is told of it: stop or kill the server and\n"
            "start it again, and every table goes on where it was.\n"
            "\n"
            "  --port P        port to listen on, 8080 (0: any free port, printed)\n"
            "  --host ADDR     address to listen on, every interface (127.0.0.1: this\n"
            "                  machine only)\n"
            "  --db FILE       the SQLite database, uno.db: made where no file is; one\n"
            "                  server per database; a file that is not uno serve's, or\n"
            "                  of a newer schema, is refused (an older one is migrated)\n"
            "  --web DIR       the web client's files; found from the binary's folder\n"
            "                  BIN: BIN/../share/uno/web (installed), BIN/../web (build/);\n"
            "                  read once at start (served with ETags, gzipped where asked)\n"
            "  --max-tables N  tables kept at most, card and scorekeeper tables together,\n"
            "                  10000; when all are taken, a create takes the place of the\n"
            "                  table nobody has been at for longest (a minute at least)\n"
            "  --expire-after MIN  a table nobody is at (no person's connection, no\n"
            "                  spectator) for MIN minutes is removed, 90; its finished\n"
            "                  games stay in the database for --export\n"
            "  --rate N        messages a second one connection may send, 20 (bursts of\n"
            "                  twice that); more are dropped with an error\n"
            "  Limits per client address (an IPv4 address, or an IPv6 /64):\n"
            "  --max-conns-per-addr N  connections open at once, 64; one more is told\n"
            "                  too_many_connections and closed (1008)\n"
            "  --creates-per-addr N  tables created (card or scorekeeper): N at once,\n"
            "                  then N an hour, 20; more are told rate_limited\n"
            "  --rate-per-addr N  messages a second its connections send together, 200\n"
            "                  (bursts of twice that); more are dropped with an error\n"
            "  --trust-proxy   the server sits behind a reverse proxy: a client's address\n"
            "                  is the right-most entry of X-Forwarded-For (the proxy's),\n"
            "                  else the socket's, and a table's QR code links with\n"
            "                  https where X-Forwarded-Proto says so. Without it\n"
            "                  the headers are ignored\n"
            "  --allow-decks   let a create request fix the deal (\"deck\", the top of the\n"
            "                  deck, and \"dealer\", as in the table protocol's new): for\n"
            "                  tests and teaching, never where players do not trust the host\n"
            "  --bot NAME='cmd:COMMAND'  let tables seat this program as a bot (repeatable):\n"
            "                  a create request names NAME as a seat's bot, the hello\n"
            "                  lists the names. One process per seat, started with\n"
            "                  /bin/sh -c at the seat's first question, speaking the\n"
            "                  table protocol (docs/bots-external.md); 'cmd:Nms:COMMAND'\n"
            "                  gives it N ms an answer (1000). Late, illegal or garbled\n"
            "                  answers play a default move and are logged (no cards);\n"
            "                  a program that dies is started again (3 times). Clients\n"
            "                  can never name a command: only NAME.\n"
            "  --test-clock    the scorekeeper's clock stands still but for keeper_clock\n"
            "                  requests that move it on, which also age the tables for\n"
            "                  --expire-after (tests; docs/scorekeeper.md)\n"
            "  --scores CODE OUT  write scorekeeper table CODE's session from the database\n"
            "                  to OUT as CSV (docs/scorekeeper.md); OUT must not exist\n"
            "  --export CODE OUT  write table CODE's games from the database to OUT, a\n"
            "                  save file that `uno replay OUT` re-runs bit for bit (the\n"
            "                  server may be running); OUT must not exist\n"
            "  --help          show this help\n"
            "\n"
            "It prints one line saying where to point a browser, and runs until\n"
            "Ctrl-C (SIGINT) or SIGTERM.\n");
}

/* The web client's files, found from the folder the binary is in: where
 * make install put them (PREFIX/bin/uno -> PREFIX/share/uno/web), or the
 * source tree's web/ beside the build folder (build/uno -> web/). */
static const char *default_web(char *buf, size_t len)
{
    static const char *const beside[] = {"../share/uno/web", "../web"};
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return NULL;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    for (size_t i = 0; i < sizeof beside / sizeof beside[0]; i++) {
        snprintf(buf, len, "%s/%s/index.html", exe, beside[i]);
        if (access(buf, R_OK) == 0) {
            *strrchr(buf, '/') = '\0';
            return buf;
        }
    }
    return NULL;
}

typedef struct Export {
    UnoSaveFile save;
    long lines;
    bool ok;
} Export;

static bool export_line(void *ctx, int64_t n, const char *line, const char *hash)
{
    (void)n;
    Export *e = ctx;
    char *end;
    uint64_t h = strtoull(hash, &end, 16);
    e->ok = *end == '\0' && uno_save_append(&e->save, line, h);
    e->lines += e->ok;
    return e->ok;
}

/* The database to write OUT from (--export, --scores): NULL, said, when OUT
 * exists already or the database cannot be opened. */
static SrvStore *open_for_export(const char *db, const char *out)
{
    char err[512];
    if (access(out, F_OK) == 0) {
        fprintf(stderr, "uno serve: %s exists: name a new file\n", out);
        return NULL;
    }
    SrvStore *st = srv_store_open(db, SRV_STORE_READ, err, sizeof err);
    if (!st)
        fprintf(stderr, "uno serve: %s\n", err);
    return st;
}

/* --export: the table's log as a save file (savefile.h). */
static int export_table(const char *db, const char *code, const char *out)
{
    char err[512];
    SrvStore *st = open_for_export(db, out);
    if (!st)
        return 1;
    Export e = {.ok = true};
    UnoTable *t = uno_table_new();
    int rc = 1;
    if (t && uno_save_open(&e.save, out, true, err, sizeof err) == 0 &&
        uno_save_replay(&e.save, t, NULL, NULL, err, sizeof err) == 0) {
        bool read = srv_store_each_action(st, code, export_line, &e);
        if (!read || !e.ok)
            fprintf(stderr, "uno serve: table %s: %s\n", code, read ? "could not write its log" : srv_store_error(st));
        else if (e.lines == 0)
            fprintf(stderr, "uno serve: no table %s with a game in %s (codes are upper case)\n", code, db);
        else {
            fprintf(stderr, "uno serve: table %s: %ld line%s written to %s\n", code, e.lines, uno_cli_s(e.lines), out);
            rc = 0;
        }
        uno_save_close(&e.save);
    } else {
        fprintf(stderr, "uno serve: %s\n", t ? err : "out of memory");
    }
    uno_table_free(t);
    srv_store_close(st);
    return rc;
}

/* --scores: a scorekeeper table's session as CSV (keeper.h). */
static int export_scores(const char *db, const char *code, const char *out)
{
    char err[512];
    SrvStore *st = open_for_export(db, out);
    if (!st)
        return 1;
    char *csv = srv_keeper_csv(st, code, err, sizeof err);
    srv_store_close(st);
    FILE *f = csv ? fopen(out, "wx") : NULL;
    int rc = 1;
    if (!csv)
        fprintf(stderr, "uno serve: %s\n", err);
    else if (!f || fputs(csv, f) < 0 || fclose(f) != 0)
        fprintf(stderr, "uno serve: could not write %s\n", out);
    else {
        fprintf(stderr, "uno serve: scorekeeper table %s written to %s\n", code, out);
        rc = 0;
    }
    free(csv);
    return rc;
}

int cmd_serve(int argc, char **argv)
{
    const char *export_code = NULL, *export_to = NULL, *scores_code = NULL;
    UnoServeConfig cfg;
    uno_serve_config_default(&cfg);
    char web[PATH_MAX + 32], err[512];
    cfg.web_root = default_web(web, sizeof web);
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t v = 0;
        int rc = 0;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(arg, "--export") == 0 || strcmp(arg, "--scores") == 0) {
            if (i + 2 >= argc) {
                fprintf(stderr, "uno serve: %s needs a table's code and a file to write\n", arg);
                return 2;
            }
            *(arg[2] == 'e' ? &export_code : &scores_code) = val;
            export_to = argv[i + 2];
            i += 2;
            continue;
        } else if (strcmp(arg, "--allow-decks") == 0) {
            cfg.allow_decks = true;
            continue;
        } else if (strcmp(arg, "--test-clock") == 0) {
            cfg.test_clock = true;
            continue;
        } else if (strcmp(arg, "--trust-proxy") == 0) {
            cfg.trust_proxy = true;
            continue;
        } else if (!val) {
            fprintf(stderr, "uno serve: '%s' needs a value (or is unknown)\n", arg);
            usage(stderr);
            return 2;
        } else if (strcmp(arg, "--port") == 0) {
            rc = uno_args_number("--port", val, 0, 65535, &v, err, sizeof err);
            cfg.port = (int)v;
        } else if (strcmp(arg, "--bot") == 0) {
            rc = uno_serve_add_bot(&cfg, val, err, sizeof err);
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
        } else if (strcmp(arg, "--rate-per-addr") == 0) {
            rc = uno_args_number("--rate-per-addr", val, 1, 1000000, &v, err, sizeof err);
            cfg.limits.addr_rate = (int)v;
            cfg.limits.addr_burst = 2 * (int)v;
        } else if (strcmp(arg, "--max-conns-per-addr") == 0) {
            rc = uno_args_number("--max-conns-per-addr", val, 1, 1000000, &v, err, sizeof err);
            cfg.limits.max_conns_per_addr = (int)v;
        } else if (strcmp(arg, "--creates-per-addr") == 0) {
            rc = uno_args_number("--creates-per-addr", val, 1, 1000000, &v, err, sizeof err);
            cfg.creates_per_addr = (int)v;
        } else if (strcmp(arg, "--expire-after") == 0) {
            rc = uno_args_number("--expire-after", val, 1, 10 * 365 * 24 * 60, &v, err, sizeof err);
            cfg.expire_after_min = (int)v;
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
    if (export_code)
        return export_table(cfg.db, export_code, export_to);
    if (scores_code)
        return export_scores(cfg.db, scores_code, export_to);
    UnoServer *s = uno_server_new(&cfg, err, sizeof err);
    if (!s) {
        fprintf(stderr, "uno serve: %s\n", err);
        return 1;
    }
    printf("uno serve: open http://%s:%d/ in a browser (%d table%s in %s%s)\n",
           cfg.host ? cfg.host : "localhost", uno_server_port(s), uno_server_tables(s),
           uno_cli_s(uno_server_tables(s)), cfg.db,
           cfg.web_root ? "" : "; no web client found: --web DIR");
    fflush(stdout);
    uno_server_run(s);
    uno_server_free(s);
    fprintf(stderr, "uno serve: stopped\n");
    return 0;
}
