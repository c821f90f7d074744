/*
 * cmd_serve.c — `uno serve`: tables for friends over WebSocket, the web
 * client's files, everything kept in SQLite or PostgreSQL (server.h,
 * docs/server.md).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli_options.h"
#include "cli/cli_util.h"
#include "cli/commands.h"
#include "protocol/savefile.h"
#include "server/keeper.h"
#include "server/server.h"
#include "server/store.h"

typedef struct ServeArgs {
    UnoServeConfig cfg;
    const char *export_code, *scores_code; /* --export CODE, --scores CODE */
    const char *export_to;                 /* their OUT, the operand */
} ServeArgs;

static int add_bot(void *args, const char *value, char *err, size_t errlen)
{
    return srv_config_add_bot(&((ServeArgs *)args)->cfg, value, err, errlen);
}

static const CliOption serve_options[] = {
    CLI_INT("port", "P", ServeArgs, cfg.port, 0, 65535, "port to listen on, 8080 (0: any free port, printed)"),
    CLI_TEXT("host", "ADDR", ServeArgs, cfg.host,
             "address to listen on, every interface (127.0.0.1: this machine only)"),
    CLI_TEXT("db", "FILE|URL", ServeArgs, cfg.db,
             "the SQLite database, uno.db: made where no file is; one server per file; a file that is not "
             "uno serve's, or of a newer schema, is refused (an older one is migrated). A postgresql:// URL "
             "(libpq's) names a PostgreSQL database instead: its tables are made where it has none of uno "
             "serve's; any number of servers may share it, each table served by one at a time; put a password "
             "in ~/.pgpass or PGPASSWORD, not the URL, which ps shows"),
    CLI_TEXT("web", "DIR", ServeArgs, cfg.web_root,
             "the web client's files; found from the binary's folder BIN: BIN/../share/uno/web (installed), "
             "BIN/../web (build/); read once at start (served with ETags, gzipped where asked)"),
    CLI_INT("max-tables", "N", ServeArgs, cfg.max_tables, 1, 1000000,
            "tables kept at most, card and scorekeeper tables together, 10000; when all are taken, a create "
            "takes the place of the table nobody has been at for longest (a minute at least)"),
    CLI_INT("expire-after", "MIN", ServeArgs, cfg.expire_after_min, 1, 10 * 365 * 24 * 60,
            "a table nobody is at (no person's connection, no spectator) for MIN minutes is removed, 90; its "
            "finished games stay in the database for --export"),
    CLI_INT("rate", "N", ServeArgs, cfg.limits.rate, 1, 10000,
            "messages a second one connection may send, 20 (bursts of twice that); more are dropped with an "
            "error"),
    CLI_INT("max-conns-per-addr", "N", ServeArgs, cfg.limits.max_conns_per_addr, 1, 1000000,
            "connections open at once from one client address, 64; one more is told too_many_connections and "
            "closed (1008)"),
    CLI_INT("creates-per-addr", "N", ServeArgs, cfg.creates_per_addr, 1, 1000000,
            "tables created (card or scorekeeper) from one client address: N at once, then N an hour, 20; more "
            "are told rate_limited"),
    CLI_INT("rate-per-addr", "N", ServeArgs, cfg.limits.addr_rate, 1, 1000000,
            "messages a second the connections of one client address send together, 200 (bursts of twice "
            "that); more are dropped with an error"),
    CLI_FLAG("trust-proxy", ServeArgs, cfg.trust_proxy,
             "the server sits behind a reverse proxy: a client's address is the right-most entry of "
             "X-Forwarded-For (the proxy's), else the socket's, and a table's QR code links with https where "
             "X-Forwarded-Proto says so. Without it the headers are ignored"),
    CLI_FLAG("allow-decks", ServeArgs, cfg.allow_decks,
             "let a create request fix the deal (\"deck\", the top of the deck, and \"dealer\", as in the "
             "table protocol's new): for tests and teaching, never where players do not trust the host"),
    CLI_CALL("bot", "NAME='cmd:COMMAND'", add_bot,
             "let tables seat this program as a bot (repeatable): a create request names NAME as a seat's bot, "
             "the hello lists the names. One process per seat, started with /bin/sh -c at the seat's first "
             "question, speaking the table protocol (docs/bots-external.md); 'cmd:Nms:COMMAND' gives it N ms an "
             "answer (1000), 'cmd:Nms+Sms:COMMAND' S ms more for its first, to start (5000). Late, illegal "
             "or garbled answers play a default move and are logged (no cards); a program that dies is started "
             "again (3 times). Clients can never name a command: only NAME."),
    CLI_FLAG("test-clock", ServeArgs, cfg.test_clock,
             "the scorekeeper's clock stands still but for keeper_clock requests that move it on, which also "
             "age the tables for --expire-after (tests; docs/scorekeeper.md)"),
    CLI_TEXT("scores", "CODE OUT", ServeArgs, scores_code,
             "write scorekeeper table CODE's session from the database to OUT as CSV (docs/scorekeeper.md); OUT "
             "must not exist"),
    CLI_TEXT("export", "CODE OUT", ServeArgs, export_code,
             "write table CODE's games from the database to OUT, a save file that `uno replay OUT` re-runs bit "
             "for bit (the server may be running); OUT must not exist"),
};

static const CliCommand serve_command = {
    .name = "uno serve",
    .synopsis = "usage: uno serve [--port P] [--host ADDR] [--db FILE|URL] [--web DIR]\n"
                "                 [--max-tables N] [--expire-after MIN] [--rate N]\n"
                "                 [--max-conns-per-addr N] [--creates-per-addr N]\n"
                "                 [--rate-per-addr N] [--trust-proxy] [--allow-decks]\n"
                "                 [--test-clock]\n"
                "                 [--bot NAME='cmd:COMMAND']...\n"
                "       uno serve [--db FILE|URL] --export CODE OUT\n"
                "       uno serve [--db FILE|URL] --scores CODE OUT\n",
    .about = "Serves UNO tables to people on other devices: the web client at\n"
             "http://HOST:P/, the table protocol over WebSocket at ws://HOST:P/ and\n"
             "a table's link as a QR code at http://HOST:P/qr.svg?t=CODE (docs/server.md,\n"
             "docs/protocol.md \"Server\"). Every table, seat and action\n"
             "is kept in FILE before anyone is told of it: stop or kill the server and\n"
             "start it again, and every table goes on where it was.\n",
    CLI_OPTIONS(serve_options),
    .operands = 1,
    .operands_note = "uno serve takes OUT after --export CODE or --scores CODE only",
    .notes = "A client address is an IPv4 address, or an IPv6 /64.\n"
             "\n"
             "It prints one line saying where to point a browser, and runs until\n"
             "Ctrl-C (SIGINT), or SIGTERM, on which it drains: its tables are let go\n"
             "for other servers on the same database and every connection is closed\n"
             "with 4013 (connect again), then it stops within a second.\n",
};

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
    e->ok = *end == '\0' && proto_save_append(&e->save, line, h);
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
    UnoTable *t = proto_table_new();
    int rc = 1;
    if (t && proto_save_open(&e.save, out, true, err, sizeof err) == 0 &&
        proto_save_replay(&e.save, t, NULL, NULL, err, sizeof err) == 0) {
        bool read = srv_store_each_action(st, code, export_line, &e);
        if (!read || !e.ok)
            fprintf(stderr, "uno serve: table %s: %s\n", code, read ? "could not write its log" : srv_store_error(st));
        else if (e.lines == 0)
            fprintf(stderr, "uno serve: no table %s with a game in %s (codes are upper case)\n", code, db);
        else {
            fprintf(stderr, "uno serve: table %s: %ld line%s written to %s\n", code, e.lines, cli_s(e.lines), out);
            rc = 0;
        }
        proto_save_close(&e.save);
    } else {
        fprintf(stderr, "uno serve: %s\n", t ? err : "out of memory");
    }
    proto_table_free(t);
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

/* The arguments, the defaults and the operand checked. CLI_PARSED,
 * CLI_HELP_SHOWN or CLI_BAD (said). */
static int parse(int argc, char **argv, ServeArgs *a, char *web, size_t weblen)
{
    *a = (ServeArgs){0};
    srv_config_default(&a->cfg);
    a->cfg.web_root = default_web(web, weblen);
    CliParsed parsed;
    int rc = cli_parse(&serve_command, argc, argv, a, &parsed);
    if (rc != CLI_PARSED)
        return rc;
    /* bursts of twice the rate, as the defaults' */
    a->cfg.limits.burst = 2 * a->cfg.limits.rate;
    a->cfg.limits.addr_burst = 2 * a->cfg.limits.addr_rate;
    bool exporting = a->export_code || a->scores_code;
    if (exporting && parsed.noperands == 0)
        return cli_bad_usage(&serve_command, "%s needs a table's code and a file to write",
                             a->export_code ? "--export" : "--scores");
    if (!exporting && parsed.noperands > 0)
        return cli_bad_usage(&serve_command, "unexpected argument '%s'", parsed.operands[0]);
    a->export_to = parsed.operands[0];
    return CLI_PARSED;
}

int cmd_serve(int argc, char **argv)
{
    ServeArgs a;
    char web[PATH_MAX + 32], err[512];
    int rc = parse(argc, argv, &a, web, sizeof web);
    if (rc != CLI_PARSED)
        return cli_exit_status(rc);
    const UnoServeConfig *cfg = &a.cfg;
    if (a.export_code)
        return export_table(cfg->db, a.export_code, a.export_to);
    if (a.scores_code)
        return export_scores(cfg->db, a.scores_code, a.export_to);
    UnoServer *s = srv_server_new(cfg, err, sizeof err);
    if (!s) {
        fprintf(stderr, "uno serve: %s\n", err);
        return 1;
    }
    printf("uno serve: open http://%s:%d/ in a browser (%d table%s in %s%s)\n",
           cfg->host ? cfg->host : "localhost", srv_server_port(s), srv_server_tables(s),
           cli_s(srv_server_tables(s)), cfg->db,
           cfg->web_root ? "" : "; no web client found: --web DIR");
    fflush(stdout);
    srv_server_run(s);
    srv_server_free(s);
    fprintf(stderr, "uno serve: stopped\n");
    return 0;
}
