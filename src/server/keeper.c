/*
 * keeper.c — the server's scorekeeper tables (keeper.h): their ops, their
 * log in the store, their watchers. What an action does to the session is
 * keeper_state.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "protocol/field.h"
#include "server/keeper.h"
#include "server/keeper_state.h"

struct Keeper {
    char code[SRV_CODE_LEN + 1];
    char host_hash[SRV_HASH_LEN + 1];  /* the hash of the host's secret (secret.h) */
    char clock_hash[SRV_HASH_LEN + 1]; /* ... of the time-keeper's device's secret */
    cJSON *config;                 /* the create request, as kept */
    KeeperState *state;
    cJSON *acts;                   /* the actions in force (undo took back the rest), as logged */
    int64_t log_n;                 /* lines in the store's log */
    const Client **watchers;
    int nwatchers, watchers_cap;
    int64_t hour_told;             /* the start of the game whose hour the watchers were told of */
    int64_t vacant_since;          /* its last action or watcher, on the lobby's clock (expiry.h) */
};

struct Keepers {
    Lobby *lobby;                  /* the server's (NULL: a CSV read from the store) */
    SrvStore *store;
    FILE *log;
    bool test_clock;
    int64_t test_now;              /* --test-clock: the clock, moved by keeper_clock only */
    int64_t looked;                /* srv_now_ms of srv_keeper_tick's last look */
    Keeper **all;
    int n, cap;
};

/* --------------------------------------------------------------- state */

static void keeper_free(Keeper *k)
{
    if (!k)
        return;
    cJSON_Delete(k->config);
    cJSON_Delete(k->acts);
    free(k->state);
    free(k->watchers);
    free(k);
}

/* The state from the config and the actions in force. UNO_OK, or an error
 * (a log that no longer rebuilds: a damaged database). */
static int rebuild(const cJSON *config, const cJSON *acts, KeeperState *s, char *err, size_t errlen)
{
    int rc = srv_keeper_state_init(s, config, err, errlen);
    const cJSON *a;
    cJSON_ArrayForEach(a, acts) {
        if (rc)
            break;
        rc = srv_keeper_state_apply(s, a, err, errlen);
    }
    return rc;
}

/* The actions in force after one more line of the log (an undo takes back
 * the latest). False when out of memory. */
static bool take_line(cJSON *acts, const char *line, char *err, size_t errlen)
{
    cJSON *a = cJSON_Parse(line);
    const cJSON *act = proto_field_get(a, "act");
    if (!cJSON_IsString(act)) {
        snprintf(err, errlen, "a damaged log line");
        cJSON_Delete(a);
        return false;
    }
    if (strcmp(act->valuestring, "undo") == 0) {
        int n = cJSON_GetArraySize(acts);
        cJSON_Delete(a);
        if (n == 0) {
            snprintf(err, errlen, "nothing to undo");
            return false;
        }
        cJSON_DeleteItemFromArray(acts, n - 1);
        return true;
    }
    if (cJSON_AddItemToArray(acts, a))
        return true;
    cJSON_Delete(a);
    snprintf(err, errlen, "out of memory");
    return false;
}

static Keeper *keeper_new(const char *code, const cJSON *config, const char *host_hash, const char *clock_hash)
{
    Keeper *k = calloc(1, sizeof *k);
    if (!k || !(k->state = malloc(sizeof *k->state)) || !(k->config = cJSON_Duplicate(config, true)) ||
        !(k->acts = cJSON_CreateArray())) {
        keeper_free(k);
        return NULL;
    }
    snprintf(k->code, sizeof k->code, "%s", code);
    snprintf(k->host_hash, sizeof k->host_hash, "%s", host_hash);
    snprintf(k->clock_hash, sizeof k->clock_hash, "%s", clock_hash);
    return k;
}

/* k was used now: its vacancy counts from now. */
static void used(const Keepers *ks, Keeper *k)
{
    if (ks->lobby)
        k->vacant_since = srv_lobby_now(ks->lobby);
}

static bool add_keeper(Keepers *ks, Keeper *k)
{
    if (ks->n == ks->cap) {
        int cap = ks->cap ? 2 * ks->cap : 16;
        Keeper **all = realloc(ks->all, (size_t)cap * sizeof *all);
        if (!all)
            return false;
        ks->all = all;
        ks->cap = cap;
    }
    ks->all[ks->n++] = k;
    used(ks, k);
    return true;
}

static Keeper *find(const Keepers *ks, const char *code)
{
    char upper[SRV_CODE_LEN + 1];
    if (!srv_code_normal(code, upper))
        return NULL;
    for (int i = 0; i < ks->n; i++)
        if (strcmp(ks->all[i]->code, upper) == 0)
            return ks->all[i];
    return NULL;
}

/* A table's key among several servers (owner.c). */
typedef struct Key {
    char text[sizeof SRV_KEEPER_KEY + SRV_CODE_LEN];
} Key;

static Key key_of(const char *code)
{
    Key k;
    snprintf(k.text, sizeof k.text, SRV_KEEPER_KEY "%s", code);
    return k;
}

/* ---------------------------------------------------------- restoring */

typedef struct Restore {
    Keeper *k;
    char err[UNO_ERR_LEN];
    bool ok;
} Restore;

static bool restore_line(void *ctx, int64_t n, const char *line)
{
    Restore *r = ctx;
    r->ok = n == r->k->log_n && take_line(r->k->acts, line, r->err, sizeof r->err);
    r->k->log_n++;
    return r->ok;
}

/* A table as its log left it: its actions in force and its state; NULL and
 * a message when it does not rebuild. */
static Keeper *load(SrvStore *store, const char *code, const char *config, const char *host_hash, const char *clock_hash,
                    char *err, size_t errlen)
{
    cJSON *req = cJSON_Parse(config);
    Keeper *k = req ? keeper_new(code, req, host_hash, clock_hash) : NULL;
    cJSON_Delete(req);
    if (!k) {
        snprintf(err, errlen, "a damaged config, or out of memory");
        return NULL;
    }
    Restore r = {.k = k, .ok = true};
    if (!srv_store_each_keeper_line(store, code, restore_line, &r) || !r.ok ||
        rebuild(k->config, k->acts, k->state, r.err, sizeof r.err) != UNO_OK) {
        snprintf(err, errlen, "%s", r.err[0] ? r.err : srv_store_error(store));
        keeper_free(k);
        return NULL;
    }
    return k;
}

static void restore(void *ctx, const char *code, const char *config, const char *host_hash, const char *clock_hash)
{
    Keepers *ks = ctx;
    char err[UNO_ERR_LEN];
    Keeper *k = load(ks->store, code, config, host_hash, clock_hash, err, sizeof err);
    if (!k || !add_keeper(ks, k)) {
        fprintf(ks->log, "uno serve: scorekeeper table %s is not served: %s\n", code, k ? "out of memory" : err);
        keeper_free(k);
    }
}

Keepers *srv_keepers_new(Lobby *l, bool test_clock, char *err, size_t errlen)
{
    Keepers *ks = calloc(1, sizeof *ks);
    if (!ks) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    ks->lobby = l;
    ks->store = l->store;
    ks->log = l->log;
    ks->test_clock = test_clock;
    if (test_clock) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ks->test_now = (int64_t)ts.tv_sec * 1000;
    }
    /* on a shared database, a table is rebuilt when it is first asked for (claim) */
    if (!srv_store_shared(ks->store) && !srv_store_each_keeper(ks->store, restore, ks)) {
        snprintf(err, errlen, "the scorekeeper tables could not be read: %s", srv_store_error(ks->store));
        srv_keepers_free(ks);
        return NULL;
    }
    return ks;
}

void srv_keepers_free(Keepers *ks)
{
    if (!ks)
        return;
    for (int i = 0; i < ks->n; i++)
        keeper_free(ks->all[i]);
    free(ks->all);
    free(ks);
}

char *srv_keeper_csv(SrvStore *store, const char *code, char *err, size_t errlen)
{
    Keepers ks = {.store = store, .log = stderr};
    char *csv = NULL;
    if (!srv_store_find_keeper(store, code, restore, &ks))
        snprintf(err, errlen, "%s", srv_store_error(store));
    else if (!find(&ks, code))
        snprintf(err, errlen, "no scorekeeper table %s", code);
    else if (!(csv = srv_keeper_state_csv(find(&ks, code)->state)))
        snprintf(err, errlen, "out of memory");
    for (int i = 0; i < ks.n; i++)
        keeper_free(ks.all[i]);
    free(ks.all);
    return csv;
}

/* ---------------------------------------------------------------- clock */

/* The server's clock for k: wall-clock ms (the table outlives the process),
 * never before its latest action. */
static int64_t now_for(const Keepers *ks, const Keeper *k)
{
    int64_t now = ks->test_now;
    if (!ks->test_clock) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        now = (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
    }
    return now > k->state->last ? now : k->state->last;
}

/* ------------------------------------------------------------ watchers */

static void unwatch(const Keepers *ks, Keeper *k, const Client *c)
{
    for (int i = 0; i < k->nwatchers; i++)
        if (k->watchers[i] == c) {
            k->watchers[i] = k->watchers[--k->nwatchers];
            used(ks, k);
            return;
        }
}

void srv_keeper_unwatch(Keepers *ks, const Client *c)
{
    for (int i = 0; i < ks->n; i++)
        unwatch(ks, ks->all[i], c);
}

static bool watch(Keeper *k, const Client *c)
{
    if (k->nwatchers == k->watchers_cap) {
        int cap = k->watchers_cap ? 2 * k->watchers_cap : 8;
        const Client **w = realloc(k->watchers, (size_t)cap * sizeof *w);
        if (!w)
            return false;
        k->watchers = w;
        k->watchers_cap = cap;
    }
    k->watchers[k->nwatchers++] = c;
    return true;
}

/* {"ok": true, "table", "keeper"} (or a push: "type": "keeper"). */
static cJSON *keeper_message(const Keepers *ks, const Keeper *k, bool push)
{
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, push ? "type" : "ok", push ? cJSON_CreateString("keeper") : cJSON_CreateTrue(), &ok);
    proto_json_put(o, "table", cJSON_CreateString(k->code), &ok);
    proto_json_put(o, "keeper", srv_keeper_state_json(k->state, now_for(ks, k)), &ok);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* Tells every watcher but `except` the table as it is now. */
static void announce(const Keepers *ks, const Keeper *k, const Client *except)
{
    for (int i = 0; i < k->nwatchers; i++)
        if (k->watchers[i] != except)
            srv_reply((Client *)k->watchers[i], keeper_message(ks, k, true), NULL);
}

/* Tells the watchers of each table whose game's hour has passed, once a game. */
static void tell_hours(const Keepers *ks)
{
    for (int i = 0; i < ks->n; i++) {
        Keeper *k = ks->all[i];
        if (k->hour_told != k->state->start && srv_keeper_state_hour_up(k->state, now_for(ks, k))) {
            k->hour_told = k->state->start;
            announce(ks, k, NULL);
        }
    }
}

void srv_keeper_tick(Keepers *ks, int64_t now)
{
    if (now - ks->looked < 1000)
        return;
    ks->looked = now;
    tell_hours(ks);
}

/* ------------------------------------------------------------------ ops */

void srv_keeper_create(Keepers *ks, Client *c, const cJSON *req, const cJSON *id, bool (*admit)(void *ctx),
                       void *ctx)
{
    char err[UNO_ERR_LEN];
    static const char *const fields[] = {"op", "id", "players"};
    if (proto_field_only(req, fields, sizeof fields / sizeof fields[0], "keeper_create", err, sizeof err) != UNO_OK)
        return srv_reply_error(c, "bad_request", err, id);
    cJSON *config = cJSON_CreateObject();
    if (!config || !cJSON_AddItemReferenceToObject(config, "players", (cJSON *)proto_field_get(req, "players"))) {
        cJSON_Delete(config);
        return srv_reply_error(c, "bad_request", "missing field 'players': a list of {\"name\", \"age\"}", id);
    }
    KeeperState *probe = malloc(sizeof *probe);
    int rc = probe ? srv_keeper_state_init(probe, config, err, sizeof err) : UNO_E_NOMEM;
    free(probe);
    if (rc) {
        cJSON_Delete(config);
        if (!probe)
            return srv_server_error(c, "the table could not be made", "out of memory", id);
        return srv_reply_error(c, proto_status_code(rc), err, id);
    }
    if (!admit(ctx)) {
        cJSON_Delete(config);
        return;
    }
    char code[SRV_CODE_LEN + 1], host[SRV_TOKEN_LEN + 1], clock[SRV_TOKEN_LEN + 1];
    char host_hash[SRV_HASH_LEN + 1], clock_hash[SRV_HASH_LEN + 1];
    do
        srv_random_code(code);
    while (find(ks, code) || srv_store_expired(ks->store, code, true));
    srv_random_token(host);
    srv_random_token(clock);
    bool hashed = srv_secret_hash(host, host_hash) && srv_secret_hash(clock, clock_hash);
    char *text = hashed ? cJSON_PrintUnformatted(config) : NULL;
    Keeper *k = text ? keeper_new(code, config, host_hash, clock_hash) : NULL;
    cJSON_Delete(config);
    SrvOwn own = k ? srv_store_own(ks->store, key_of(code).text) : SRV_OWN_FAILED; /* a fresh code: no other server's */
    if (own != SRV_OWN_YES || rebuild(k->config, k->acts, k->state, err, sizeof err) != UNO_OK ||
        !srv_store_add_keeper(ks->store, code, text, host_hash, clock_hash) || !add_keeper(ks, k)) {
        if (own == SRV_OWN_YES)
            srv_store_disown(ks->store, key_of(code).text);
        free(text);
        keeper_free(k);
        return srv_server_error(c, "the table could not be kept", srv_store_error(ks->store), id);
    }
    free(text);
    cJSON *o = keeper_message(ks, k, false);
    bool ok = o != NULL;
    proto_json_put(o, "host", cJSON_CreateString(host), &ok);
    proto_json_put(o, "clock", cJSON_CreateString(clock), &ok);
    srv_reply(c, ok ? o : NULL, id);
    if (!ok)
        cJSON_Delete(o);
}

/* The action a keeper_act request asks for, as the log keeps it: its
 * fields, and the server's time. */
static cJSON *action_of(const cJSON *req, int64_t at)
{
    static const char *const fields[] = {"act", "player", "name", "age", "seat", "counts"};
    cJSON *a = cJSON_CreateObject();
    for (size_t i = 0; a && i < sizeof fields / sizeof fields[0]; i++) {
        const cJSON *v = proto_field_get(req, fields[i]);
        if (v && !cJSON_AddItemToObject(a, fields[i], cJSON_Duplicate(v, true))) {
            cJSON_Delete(a);
            return NULL;
        }
    }
    bool ok = a != NULL;
    proto_json_put(a, "at", cJSON_CreateNumber((double)at), &ok); /* < 2^53: exact */
    if (!ok) {
        cJSON_Delete(a);
        return NULL;
    }
    return a;
}

/* The action applied to a copy of the state, kept in the log, and only then
 * made the table's. */
static void op_act(Keepers *ks, Keeper *k, Client *c, const cJSON *req, const cJSON *id)
{
    char err[UNO_ERR_LEN];
    const char *act;
    if (proto_field_string(req, "act", 16, &act, err, sizeof err) != UNO_OK)
        return srv_reply_error(c, "bad_request", err, id);
    cJSON *a = action_of(req, now_for(ks, k));
    cJSON *acts = a ? cJSON_Duplicate(k->acts, true) : NULL;
    KeeperState *next = acts ? malloc(sizeof *next) : NULL;
    char *line = next ? cJSON_PrintUnformatted(a) : NULL;
    int rc = UNO_OK;
    if (!line) {
        rc = UNO_E_NOMEM;
        snprintf(err, sizeof err, "out of memory");
    } else if (strcmp(act, "undo") == 0) {
        rc = take_line(acts, line, err, sizeof err) ? rebuild(k->config, acts, next, err, sizeof err) : UNO_E_ILLEGAL;
    } else {
        *next = *k->state;
        rc = srv_keeper_state_apply(next, a, err, sizeof err);
        if (!rc && !take_line(acts, line, err, sizeof err)) /* a line just made: only memory fails it */
            rc = UNO_E_NOMEM;
    }
    if (!rc && !srv_store_keeper_log(ks->store, k->code, k->log_n, line)) {
        rc = UNO_E_NOMEM;
        snprintf(err, sizeof err, "the server could not keep that: %s", srv_store_error(ks->store));
    }
    if (!rc) {
        k->log_n++;
        used(ks, k);
        cJSON_Delete(k->acts);
        k->acts = acts;
        free(k->state);
        k->state = next;
        acts = NULL;
        next = NULL;
    }
    cJSON_Delete(a);
    cJSON_Delete(acts);
    free(next);
    free(line);
    if (rc == UNO_E_NOMEM)
        return srv_server_error(c, "the action could not be kept", err, id);
    if (rc)
        return srv_reply_error(c, proto_status_code(rc), err, id);
    srv_reply(c, keeper_message(ks, k, false), id);
    announce(ks, k, c);
}

/* Whether the request's "token" is the secret of that hash. */
static bool secret_is(const cJSON *req, const char *hash)
{
    const cJSON *v = proto_field_get(req, "token");
    return cJSON_IsString(v) && srv_secret_matches(v->valuestring, hash);
}

void srv_keeper_act(Keepers *ks, Keeper *k, Client *c, const cJSON *req, const cJSON *id)
{
    if (!secret_is(req, k->host_hash) && !secret_is(req, k->clock_hash))
        return srv_reply_error(c, "bad_token", "only the table's host or its time-keeper may change it", id);
    op_act(ks, k, c, req, id);
}

void srv_keeper_clock(Keepers *ks, Client *c, const cJSON *req, const cJSON *id)
{
    int64_t ms;
    char err[UNO_ERR_LEN];
    if (!ks->test_clock)
        return srv_reply_error(c, "forbidden", "keeper_clock is for tests: the server runs without --test-clock", id);
    if (proto_field_int(req, "advance", 0, 24LL * 3600 * 1000, &ms, err, sizeof err) != UNO_OK)
        return srv_reply_error(c, "bad_request", err, id);
    ks->test_now += ms;
    ks->lobby->test_advanced += ms;
    tell_hours(ks); /* before the answer: a test that moved past the hour finds its pages told */
    cJSON *o = cJSON_CreateObject();
    bool ok = true;
    proto_json_put(o, "ok", cJSON_CreateTrue(), &ok);
    proto_json_put(o, "now", proto_json_int(ks->test_now), &ok);
    srv_reply(c, ok ? o : NULL, id);
    if (!ok)
        cJSON_Delete(o);
}

/* On a shared database: the table of that code (upper case) made this
 * server's and rebuilt from the store, or NULL when the store has none
 * (*answered false) or c was answered (*answered true: srv_owner_take). */
static Keeper *claim(Keepers *ks, Client *c, const char *code, const cJSON *id, bool *answered)
{
    Key key = key_of(code);
    *answered = !srv_owner_take(ks->lobby, c, key.text, id);
    if (*answered)
        return NULL;
    if (!srv_store_find_keeper(ks->store, code, restore, ks))
        fprintf(ks->log, "uno serve: scorekeeper table %s could not be read: %s\n", code, srv_store_error(ks->store));
    Keeper *k = find(ks, code);
    if (!k)
        srv_store_disown(ks->store, key.text);
    return k;
}

Keeper *srv_keeper_named(Keepers *ks, Client *c, const cJSON *req, const cJSON *id)
{
    const char *code;
    char err[UNO_ERR_LEN], upper[SRV_CODE_LEN + 1];
    if (proto_field_string(req, "table", 16, &code, err, sizeof err) != UNO_OK) {
        srv_reply_error(c, "bad_request", err, id);
        return NULL;
    }
    Keeper *k = find(ks, code);
    bool answered = false;
    if (!k && srv_store_shared(ks->store) && srv_code_normal(code, upper) && !srv_store_expired(ks->store, upper, true))
        k = claim(ks, c, upper, id, &answered); /* the store keeps an expired one's rows, for --scores */
    if (!k && !answered)
        srv_reply_error(c, "no_table",
                        srv_store_expired(ks->store, code, true)
                            ? "that scorekeeper table has expired: nobody watched or changed it for a while"
                            : "no scorekeeper table has that code",
                        id);
    return k;
}

void srv_keeper_watch(Keepers *ks, Keeper *k, Client *c, const cJSON *id)
{
    srv_keeper_unwatch(ks, c);
    if (!watch(k, c))
        return srv_server_error(c, "cannot watch", "out of memory", id);
    srv_reply(c, keeper_message(ks, k, false), id);
}

void srv_keeper_export(Keeper *k, Client *c, const cJSON *id)
{
    char *csv = srv_keeper_state_csv(k->state);
    cJSON *o = cJSON_CreateObject();
    bool ok = csv != NULL;
    proto_json_put(o, "ok", cJSON_CreateTrue(), &ok);
    proto_json_put(o, "table", cJSON_CreateString(k->code), &ok);
    proto_json_put(o, "csv", cJSON_CreateString(csv ? csv : ""), &ok);
    free(csv);
    srv_reply(c, ok ? o : NULL, id);
    if (!ok)
        cJSON_Delete(o);
}

/* ------------------------------------------------------------- expiry */

static int count(void *ctx) { return ((Keepers *)ctx)->n; }

static int64_t vacant_since(void *ctx, int i)
{
    const Keeper *k = ((Keepers *)ctx)->all[i];
    return k->nwatchers ? SRV_IN_USE : k->vacant_since;
}

static void remove_keeper(void *ctx, int i)
{
    Keepers *ks = ctx;
    Keeper *k = ks->all[i];
    if (!srv_store_expire_keeper(ks->store, k->code))
        fprintf(ks->log, "uno serve: scorekeeper table %s: its expiry could not be kept: %s\n", k->code,
                srv_store_error(ks->store));
    srv_store_disown(ks->store, key_of(k->code).text);
    keeper_free(k);
    ks->all[i] = ks->all[--ks->n];
}

/* ------------------------------------------------- several servers */

/* Table i goes: its watchers closed with SRV_CLOSE_RETRY and why, its lock
 * let go where the session still holds it (unlock). */
static void let_go(Keepers *ks, int i, bool unlock, const char *why)
{
    Keeper *k = ks->all[i];
    for (int w = 0; w < k->nwatchers; w++)
        srv_close_with(k->watchers[w]->conn, SRV_CLOSE_RETRY, why);
    if (unlock)
        srv_store_disown(ks->store, key_of(k->code).text);
    keeper_free(k);
    ks->all[i] = ks->all[--ks->n];
}

void srv_keeper_let_go(Keepers *ks, const char *code, bool unlock, const char *why)
{
    for (int i = ks->n - 1; i >= 0; i--)
        if (!code || strcmp(ks->all[i]->code, code) == 0)
            let_go(ks, i, unlock, why);
}

SrvTableKind srv_keepers_kind(Keepers *ks) { return (SrvTableKind){ks, count, vacant_since, remove_keeper}; }
