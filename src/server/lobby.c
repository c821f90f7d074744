/*
 * lobby.c — the server's connections, and the one table of the ops they
 * may send (room.h, docs/server.md "Layers"): what each needs is found (or
 * why not answered) before its handler runs. Outside a game it creates a
 * table, sits down, comes back, watches, starts; requests in a game go on
 * to the room (room.c), the scorekeeper's to keeper.c.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "protocol/field.h"
#include "protocol/request.h"
#include "protocol/text.h"
#include "server/keeper.h"
#include "server/metrics.h"
#include "server/qr.h"
#include "server/room.h"
#include "server/server.h"

struct UnoServer {
    Lobby lobby;
    Keepers *keepers;   /* the scorekeeper tables (keeper.h) */
    UnoServeConfig cfg;
    bool closing;       /* connections closing at shutdown leave no trace */
    bool draining;      /* SIGTERM: every connection closed with SRV_CLOSE_RETRY, new ones too */
    struct ClientData *clients, *last; /* every connection, in the order
                                          their pings fall due */
    int next_room;      /* where the clock goes on */
    char *hello;        /* what a connection is told first */
    SrvRate creates;    /* each address's budget of tables */
    SrvTableKind kinds[2]; /* the card tables, the scorekeeper's (expiry.h) */
    int64_t sweep_at;   /* when the clock next looks for tables to expire */
    int conns;          /* connections open */
    SrvHistogram requests; /* each message's time, from its arrival to its answer */
};

typedef struct ClientData {
    Client client;
    uint32_t ping_n;    /* the last ping's number: random, so that no pong can be sent before its ping */
    int64_t ping_sent;  /* ... when it left, 0: answered */
    int64_t ping_due;   /* when the next one goes */
    struct ClientData *prev, *next; /* in UnoServer's clients */
} ClientData;

void srv_config_default(UnoServeConfig *c)
{
    memset(c, 0, sizeof *c);
    c->port = 8080;
    c->db = "uno.db";
    c->max_tables = 10000;
    c->creates_per_addr = 20;
    c->expire_after_min = 90;
    srv_limits_default(&c->limits);
    c->log = stderr;
}

/* ----------------------------------------------------------- randomness */

uint64_t srv_random_u64(void)
{
    uint64_t v = 0;
    if (getrandom(&v, sizeof v, 0) != (ssize_t)sizeof v)
        abort(); /* no randomness, no secrets: better not to serve at all */
    return v;
}

void srv_random_token(char out[SRV_TOKEN_LEN + 1])
{
    static const char hex[] = "0123456789abcdef";
    for (int i = 0; i < SRV_TOKEN_LEN; i += 16) {
        uint64_t v = srv_random_u64();
        for (int k = 0; k < 16; k++, v >>= 4)
            out[i + k] = hex[v & 15];
    }
    out[SRV_TOKEN_LEN] = '\0';
}

/* Table codes: read aloud and typed on a phone, so no 0/O, 1/I/L. */
void srv_random_code(char out[SRV_CODE_LEN + 1])
{
    static const char alphabet[] = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    uint64_t v = srv_random_u64();
    for (int i = 0; i < SRV_CODE_LEN; i++, v /= sizeof alphabet - 1)
        out[i] = alphabet[v % (sizeof alphabet - 1)];
    out[SRV_CODE_LEN] = '\0';
}

/* ------------------------------------------------------------- replies */

/* An answer that could not be made, for want of memory: server_error with
 * the request's "id" (at most 64 bytes, hence 384 escaped), said in the
 * operator's log too. */
static void reply_out_of_memory(Client *c, const cJSON *id)
{
    fprintf(c->log, "uno serve: out of memory: an answer could not be made\n");
    char *id_text = id ? cJSON_PrintUnformatted(id) : NULL;
    char text[512];
    int n = snprintf(text, sizeof text, "{\"ok\":false,\"error\":\"server_error\",\"message\":\"out of memory\"%s%s}",
                     id_text ? ",\"id\":" : "", id_text ? id_text : "");
    free(id_text);
    if (n > 0 && (size_t)n < sizeof text)
        srv_send(c->conn, text, (size_t)n);
}

void srv_reply(Client *c, cJSON *answer, const cJSON *id)
{
    bool ok = answer != NULL;
    if (id)
        proto_json_put(answer, "id", cJSON_Duplicate(id, true), &ok);
    char *text = ok ? cJSON_PrintUnformatted(answer) : NULL;
    cJSON_Delete(answer);
    if (!text)
        return reply_out_of_memory(c, id);
    proto_text_drop_invalid_utf8(text);
    srv_send(c->conn, text, strlen(text));
    free(text);
}

void srv_reply_error(Client *c, const char *code, const char *message, const cJSON *id)
{
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "ok", cJSON_CreateFalse(), &ok);
    proto_json_put(o, "error", cJSON_CreateString(code), &ok);
    proto_json_put(o, "message", cJSON_CreateString(message), &ok);
    srv_reply(c, ok ? o : NULL, id);
    if (!ok)
        cJSON_Delete(o);
}

void srv_server_error(Client *c, const char *what, const char *why, const cJSON *id)
{
    fprintf(c->log, "uno serve: %s: %s\n", what, why);
    srv_reply_error(c, "server_error", what, id);
}

/* --------------------------------------------------------------- rooms */

bool srv_code_normal(const char *code, char upper[SRV_CODE_LEN + 1])
{
    size_t n = strlen(code);
    if (n != SRV_CODE_LEN)
        return false;
    for (size_t i = 0; i <= n; i++)
        upper[i] = (char)toupper((unsigned char)code[i]);
    return true;
}

Room *srv_lobby_find(Lobby *l, const char *code)
{
    char upper[SRV_CODE_LEN + 1];
    if (!srv_code_normal(code, upper))
        return NULL;
    for (int i = 0; i < l->nrooms; i++)
        if (strcmp(l->rooms[i]->code, upper) == 0)
            return l->rooms[i];
    return NULL;
}

static bool add_room(Lobby *l, Room *r)
{
    if (l->nrooms == l->rooms_cap) {
        int cap = l->rooms_cap ? 2 * l->rooms_cap : 64;
        Room **rooms = realloc(l->rooms, (size_t)cap * sizeof *rooms);
        if (!rooms)
            return false;
        l->rooms = rooms;
        l->rooms_cap = cap;
    }
    l->rooms[l->nrooms++] = r;
    return true;
}

/* ------------------------------------------------ tables that expire */

static int rooms_count(void *ctx) { return ((Lobby *)ctx)->nrooms; }
static int64_t room_vacant_since(void *ctx, int i) { return srv_room_vacant_since(((Lobby *)ctx)->rooms[i]); }

static void remove_room(void *ctx, int i)
{
    Lobby *l = ctx;
    Room *r = l->rooms[i];
    if (!srv_store_expire_table(l->store, r->code))
        fprintf(l->log, "uno serve: table %s: its expiry could not be kept: %s\n", r->code,
                srv_store_error(l->store));
    srv_store_disown(l->store, r->code);
    srv_room_free(r);
    l->rooms[i] = l->rooms[--l->nrooms];
}

int64_t srv_lobby_now(const Lobby *l) { return srv_now_ms() + l->test_advanced; }

static void expire_vacant(UnoServer *s)
{
    srv_tables_expire(s->kinds, 2, srv_lobby_now(&s->lobby) - (int64_t)s->cfg.expire_after_min * 60 * 1000);
}

/* ------------------------------------------------------------------ ops */

/* What an op needs before its handler runs; the dispatcher finds it or
 * answers why not (docs/server.md "Bad input and limits"). */
typedef enum OpNeed {
    NEED_NOTHING,
    NEED_TABLE,    /* the card table its "table" names (no_table) */
    NEED_HOST,     /* ... and that table's host secret in "host" (bad_token) */
    NEED_KEEPER,   /* the scorekeeper table its "table" names (no_table) */
    NEED_AT_TABLE, /* the connection is at a table (no_table) */
    NEED_GAME,     /* ... whose game began (no_game) */
    NEED_SEAT,     /* ... and has a seat in it (forbidden) */
} OpNeed;

typedef struct Op Op;

/* One request on its way through the op table. */
typedef struct Call {
    UnoServer *s;
    ClientData *d;
    Client *c;
    const cJSON *req;
    const cJSON *id;
    const Op *op;
    int action;      /* a seat's action: its UnoActionType; -1 otherwise */
    Room *room;      /* NEED_TABLE, NEED_HOST: the table named; NEED_AT_TABLE on: the connection's */
    Keeper *keeper;  /* NEED_KEEPER */
} Call;

enum {
    OP_TAKES_ROLE = 1 << 0,  /* gives the connection a role: refused to one that has one (forbidden) */
    OP_MAKES_TABLE = 1 << 1, /* counts against the server's --max-tables and the address's
                                --creates-per-addr, once its request is found good (admit) */
};

struct Op {
    const char *name;
    void (*run)(Call *call);
    OpNeed needs;
    unsigned flags; /* OP_TAKES_ROLE, OP_MAKES_TABLE */
};

/* Whether the call's op may make a table now: the server has room for one
 * (the table vacant longest makes room, SRV_RECLAIM_AFTER_MS at least) and
 * the address has one left in its budget, which it takes. Otherwise the
 * client is told why. Ops that make no table are not counted. */
static bool admit(void *ctx)
{
    Call *call = ctx;
    UnoServer *s = call->s;
    char msg[160];
    if (!(call->op->flags & OP_MAKES_TABLE))
        return true;
    if (srv_tables_count(s->kinds, 2) >= s->cfg.max_tables &&
        !srv_tables_reclaim(s->kinds, 2, srv_lobby_now(&s->lobby) - SRV_RECLAIM_AFTER_MS)) {
        snprintf(msg, sizeof msg, "no more tables: the server's %d are all in use; try again later",
                 s->cfg.max_tables);
        srv_reply_error(call->c, "forbidden", msg, call->id);
        return false;
    }
    SrvAddr *a = srv_conn_addr(call->c->conn);
    int64_t now = srv_now_ms();
    if (!srv_bucket_take(&a->creates, &s->creates, now)) {
        snprintf(msg, sizeof msg, "this address has created %d tables lately: the next may be created in %" PRId64
                 " s", s->cfg.creates_per_addr, (srv_bucket_wait(&a->creates, &s->creates, now) + 999) / 1000);
        srv_reply_error(call->c, "rate_limited", msg, call->id);
        return false;
    }
    return true;
}

/* A table made of a checked create request for the caller, kept in the
 * store (normalised) and the lobby, and the caller answered as `create` is:
 * its code, the host's secret, the spectators' key where they see hands.
 * NULL (the caller told why) when it could not be made. */
static Room *make_table(Call *call, const cJSON *req)
{
    Lobby *l = &call->s->lobby;
    Client *c = call->c;
    if (!admit(call))
        return NULL;
    char code[SRV_CODE_LEN + 1], host[SRV_TOKEN_LEN + 1], watch[SRV_TOKEN_LEN + 1];
    char host_hash[SRV_HASH_LEN + 1], watch_hash[SRV_HASH_LEN + 1];
    do
        srv_random_code(code);
    while (srv_lobby_find(l, code) || srv_store_expired(l->store, code, false));
    srv_random_token(host);
    srv_random_token(watch);
    bool hashed = srv_secret_hash(host, host_hash) && srv_secret_hash(watch, watch_hash);
    cJSON *config = hashed ? srv_config_normalised(req) : NULL;
    char *text = config ? cJSON_PrintUnformatted(config) : NULL;
    Room *r = config ? srv_room_new(l, code, config, host_hash, watch_hash) : NULL;
    cJSON_Delete(config);
    SrvOwn own = r && text ? srv_store_own(l->store, code) : SRV_OWN_FAILED; /* a fresh code: no other server's */
    if (own != SRV_OWN_YES || !srv_store_add_table(l->store, code, text, host_hash, watch_hash) || !add_room(l, r)) {
        if (own == SRV_OWN_YES)
            srv_store_disown(l->store, code);
        free(text);
        srv_room_free(r);
        srv_bucket_give_back(&srv_conn_addr(c->conn)->creates);
        srv_server_error(c, "the table could not be kept", srv_store_error(l->store), call->id);
        return NULL;
    }
    free(text);
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "ok", cJSON_CreateTrue(), &ok);
    proto_json_put(o, "table", cJSON_CreateString(code), &ok);
    proto_json_put(o, "host", cJSON_CreateString(host), &ok);
    if (r->watching == WATCH_HANDS)
        proto_json_put(o, "key", cJSON_CreateString(watch), &ok);
    srv_reply(c, o, call->id);
    return r;
}

static void run_create(Call *call)
{
    char err[UNO_ERR_LEN] = "";
    UnoServer *s = call->s;
    if (srv_config_check(call->req, s->cfg.allow_decks, &s->lobby.bots, err, sizeof err) != UNO_OK)
        return srv_reply_error(call->c, "bad_request", err, call->id);
    make_table(call, call->req);
}

/* `tables`: the public tables (listing.c); the request holds nothing more. */
static void run_tables(Call *call)
{
    static const char *const fields[] = {"op", "id"};
    char err[UNO_ERR_LEN];
    if (proto_field_only(call->req, fields, sizeof fields / sizeof fields[0], "tables", err, sizeof err) != UNO_OK)
        return srv_reply_error(call->c, "bad_request", err, call->id);
    srv_reply(call->c, srv_public_tables(&call->s->lobby), call->id);
}

static void run_rules(Call *call) { srv_reply(call->c, srv_config_rules_json(), call->id); }

/* The host's `rematch` (rematch.c): a new table like old, its seats as
 * old's are now, to which old's people are invited. */
static void run_rematch(Call *call)
{
    static const char *const fields[] = {"op", "id", "table", "host"};
    UnoServer *s = call->s;
    Room *old = call->room, *r;
    char err[UNO_ERR_LEN];
    cJSON *config = NULL;
    if (proto_field_only(call->req, fields, sizeof fields / sizeof fields[0], "rematch", err, sizeof err) != UNO_OK ||
        !srv_rematch_ready(old, err, sizeof err))
        srv_reply_error(call->c, "bad_request", err, call->id);
    else if (!(config = srv_rematch_config(old)))
        srv_server_error(call->c, "the table could not be kept", "out of memory", call->id);
    else if (srv_config_check(config, s->cfg.allow_decks, &s->lobby.bots, err, sizeof err) != UNO_OK)
        srv_reply_error(call->c, "bad_request", err, call->id);
    else if ((r = make_table(call, config)))
        srv_rematch_invite(old, r);
    cJSON_Delete(config);
}

/* The table a request names; NULL (and an error sent) when none. */
static Room *named_room(UnoServer *s, Client *c, const cJSON *req, const cJSON *id)
{
    Lobby *l = &s->lobby;
    const char *code;
    char err[UNO_ERR_LEN];
    if (proto_field_string(req, "table", 16, &code, err, sizeof err) != UNO_OK) {
        srv_reply_error(c, "bad_request", err, id);
        return NULL;
    }
    Room *r = srv_lobby_find(l, code);
    char upper[SRV_CODE_LEN + 1], msg[160];
    bool answered = false;
    if (r && r->moving) { /* let go at the next tick */
        srv_close_with(c->conn, SRV_CLOSE_RETRY, SRV_RETRY_MOVING);
        return NULL;
    }
    if (!r && srv_store_shared(l->store) && srv_code_normal(code, upper))
        r = srv_owner_claim(l, c, upper, id, &answered);
    if (answered)
        return NULL;
    if (!r && srv_code_normal(code, upper) && srv_store_expired(l->store, upper, false)) {
        snprintf(msg, sizeof msg, "that table has expired: nobody was at it for %d minutes", s->cfg.expire_after_min);
        srv_reply_error(c, "no_table", msg, id);
    } else if (!r) {
        snprintf(msg, sizeof msg, "no table has that code (a table nobody is at for %d minutes is removed)",
                 s->cfg.expire_after_min);
        srv_reply_error(c, "no_table", msg, id);
    } else if (r->broken[0]) {
        srv_reply_error(c, "no_table", "that table could not be restored", id);
        r = NULL;
    }
    return r;
}

/* Whether the secret a request carries under key has that hash. */
static bool secret_matches(const cJSON *req, const char *key, const char *hash)
{
    const cJSON *v = proto_field_get(req, key);
    return cJSON_IsString(v) && srv_secret_matches(v->valuestring, hash);
}

static void run_table(Call *call)
{
    cJSON *o = srv_room_json(call->room);
    cJSON_DeleteItemFromObject(o, "type");
    cJSON_AddTrueToObject(o, "ok");
    srv_reply(call->c, o, call->id);
}

static void run_replay(Call *call) { srv_room_replay(call->room, call->c, call->req, call->id); }
static void run_sit(Call *call) { srv_room_sit(call->room, call->c, call->req, call->id); }
static void run_watch(Call *call) { srv_room_watch(call->room, call->c, call->req, call->id); }

static void run_join(Call *call)
{
    Client *c = call->c;
    Room *r = call->room;
    c->room = r; /* waiting for the oldest's answer, with no role yet */
    srv_room_join(r, c, call->req, call->id);
    if (c->role == ROLE_NONE && r->joiner != c)
        c->room = NULL; /* refused at once: at no table */
}

static void run_resume(Call *call)
{
    const cJSON *token = proto_field_get(call->req, "token");
    if (!cJSON_IsString(token))
        return srv_reply_error(call->c, "bad_request", "missing field 'token'", call->id);
    srv_room_resume(call->room, call->c, token->valuestring, call->id);
}

static void run_start(Call *call) { srv_room_start(call->room, call->c, call->id); }
static void run_match(Call *call) { srv_room_match(call->room, call->c, call->op->name, call->id); }

static void run_leave(Call *call)
{
    if (call->c->room)
        srv_room_leave(call->c->room, call->c);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddTrueToObject(o, "ok");
    srv_reply(call->c, o, call->id);
}

/* The answer to the outstanding ping, timed by the server's clock. */
static void run_pong(Call *call)
{
    ClientData *d = call->d;
    int64_t n;
    char err[UNO_ERR_LEN];
    if (d->ping_sent && proto_field_int(call->req, "n", 0, UINT32_MAX, &n, err, sizeof err) == UNO_OK &&
        n == d->ping_n) {
        d->client.rtt = (int)(srv_now_ms() - d->ping_sent);
        d->ping_sent = 0;
    }
}

static void run_keeper_create(Call *call)
{
    srv_keeper_create(call->s->keepers, call->c, call->req, call->id, admit, call);
}

static void run_keeper_clock(Call *call) { srv_keeper_clock(call->s->keepers, call->c, call->req, call->id); }
static void run_keeper_watch(Call *call) { srv_keeper_watch(call->s->keepers, call->keeper, call->c, call->id); }
static void run_keeper_act(Call *call) { srv_keeper_act(call->s->keepers, call->keeper, call->c, call->req, call->id); }
static void run_keeper_export(Call *call) { srv_keeper_export(call->keeper, call->c, call->id); }
static void run_consent(Call *call) { srv_room_consent(call->room, call->c, call->req, call->id); }
static void run_react(Call *call) { srv_room_react(call->room, call->c, call->req, call->id); }
static void run_view(Call *call) { srv_room_view(call->room, call->c, call->id); }
static void run_seat(Call *call) { srv_room_seat_request(call->room, call->c, call->req, call->action, call->id); }

/* Every op a connection may send (docs/server.md); the game's actions a
 * seat sends come from the engine's own list (seat_action). */
static const Op ops[] = {
    {"pong", run_pong, NEED_NOTHING, 0},
    {"create", run_create, NEED_NOTHING, OP_MAKES_TABLE},
    {"rules", run_rules, NEED_NOTHING, 0},
    {"tables", run_tables, NEED_NOTHING, 0},
    {"leave", run_leave, NEED_NOTHING, 0},
    {"keeper_create", run_keeper_create, NEED_NOTHING, OP_MAKES_TABLE},
    {"keeper_clock", run_keeper_clock, NEED_NOTHING, 0},
    {"keeper_watch", run_keeper_watch, NEED_KEEPER, 0},
    {"keeper_act", run_keeper_act, NEED_KEEPER, 0},
    {"keeper_export", run_keeper_export, NEED_KEEPER, 0},
    {"table", run_table, NEED_TABLE, 0},
    {"replay", run_replay, NEED_TABLE, 0},
    {"sit", run_sit, NEED_TABLE, OP_TAKES_ROLE},
    {"resume", run_resume, NEED_TABLE, OP_TAKES_ROLE},
    {"watch", run_watch, NEED_TABLE, OP_TAKES_ROLE},
    {"join", run_join, NEED_TABLE, OP_TAKES_ROLE},
    {"start", run_start, NEED_HOST, 0},
    {"next", run_match, NEED_HOST, 0},
    {"stop", run_match, NEED_HOST, 0},
    {"rematch", run_rematch, NEED_HOST, OP_MAKES_TABLE},
    {"consent", run_consent, NEED_AT_TABLE, 0},
    {"react", run_react, NEED_AT_TABLE, 0},
    {"view", run_view, NEED_GAME, 0},
    {"legal", run_seat, NEED_SEAT, 0},
};

/* A seat's own action, named as the engine names it (uno_action_name): one
 * that names its seat and no spectator. A §13 join, a tick and the §3.2
 * rulings on spectators are the server's own (join.c, windows.c). */
static const Op seat_action = {"(a seat's action)", run_seat, NEED_SEAT, 0};

/* The op of that name; *action gets a seat action's type (-1: none). NULL
 * when there is none. */
static const Op *find_op(const char *name, int *action)
{
    *action = -1;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strcmp(name, ops[i].name) == 0)
            return &ops[i];
    int type = proto_request_action_type(name);
    unsigned fields = type >= 0 ? proto_action_fields((UnoActionType)type) : 0;
    if (!(fields & UNO_F_SEAT) || (fields & UNO_F_SPECTATOR))
        return NULL;
    *action = type;
    return &seat_action;
}

/* Finds what the call needs (call->room, call->keeper), or answers why it
 * cannot be had and returns false. */
static bool find_needs(Call *call, OpNeed needs)
{
    Client *c = call->c;
    switch (needs) {
    case NEED_NOTHING:
        return true;
    case NEED_TABLE:
    case NEED_HOST:
        if (!(call->room = named_room(call->s, c, call->req, call->id)))
            return false;
        if (needs == NEED_HOST && !secret_matches(call->req, "host", call->room->host_hash)) {
            srv_reply_error(c, "bad_token", "only the table's host may do that", call->id);
            return false;
        }
        return true;
    case NEED_KEEPER:
        return (call->keeper = srv_keeper_named(call->s->keepers, c, call->req, call->id)) != NULL;
    case NEED_AT_TABLE:
    case NEED_GAME:
    case NEED_SEAT:
        if (!(call->room = c->room)) {
            srv_reply_error(c, "no_table", "sit at a table (or watch one) first", call->id);
            return false;
        }
        if (needs != NEED_AT_TABLE && !call->room->table) {
            srv_reply_error(c, "no_game", "the game has not started", call->id);
            return false;
        }
        if (needs == NEED_SEAT && c->role != ROLE_SEAT) {
            srv_reply_error(c, "forbidden", "spectators may only ask for the view", call->id);
            return false;
        }
        return true;
    }
    return false;
}

/* An op the table does not have: a scorekeeper op is named among its
 * own; any other is refused as the game's ops are to whoever has no seat,
 * and as not a seat's to a seat (new, state, tick: the server keeps the
 * referee's state). */
static void unknown_op(Call *call, const char *name)
{
    if (strncmp(name, "keeper_", 7) == 0)
        return srv_reply_error(call->c, "bad_request",
                               "unknown op: keeper_create, keeper_watch, keeper_act, keeper_export", call->id);
    if (find_needs(call, NEED_GAME))
        srv_reply_error(call->c, "forbidden",
                        call->c->role == ROLE_SEAT ? "not an op of a seat: the server keeps the referee's state"
                                                   : "spectators may only ask for the view",
                        call->id);
}

static void dispatch(UnoServer *s, ClientData *d, const cJSON *req)
{
    Call call = {.s = s, .d = d, .c = &d->client, .req = req, .id = proto_field_get(req, "id")};
    const cJSON *id = call.id;
    if (id && !cJSON_IsNumber(id) && !(cJSON_IsString(id) && strlen(id->valuestring) <= 64))
        return srv_reply_error(call.c, "bad_request", "field 'id': a number or a string of at most 64 bytes", NULL);
    const char *name;
    char err[UNO_ERR_LEN];
    if (proto_field_string(req, "op", 32, &name, err, sizeof err) != UNO_OK)
        return srv_reply_error(call.c, "bad_request", err, id);
    if (!(call.op = find_op(name, &call.action)))
        return unknown_op(&call, name);
    if ((call.op->flags & OP_TAKES_ROLE) && call.c->room)
        return srv_reply_error(call.c, "forbidden", "this connection already has a seat or watches: \"leave\" first",
                               id);
    if (find_needs(&call, call.op->needs))
        call.op->run(&call);
}

/* ---------------------------------------------------------- connections */

static void ping(ClientData *d, int64_t now)
{
    char text[48];
    d->ping_n = (uint32_t)srv_random_u64();
    int n = snprintf(text, sizeof text, "{\"type\":\"ping\",\"n\":%u}", d->ping_n);
    d->ping_sent = now;
    d->ping_due = now + SRV_PING_MS;
    srv_send(d->client.conn, text, (size_t)n);
}

static void unlink_client(UnoServer *s, ClientData *d)
{
    if (d->prev)
        d->prev->next = d->next;
    else
        s->clients = d->next;
    if (d->next)
        d->next->prev = d->prev;
    else
        s->last = d->prev;
    d->prev = d->next = NULL;
}

/* A connection is pinged and goes to the end of the list: every ping is
 * due SRV_PING_MS after it was sent, so the list stays in the order the
 * pings fall due. */
static void ping_and_queue(UnoServer *s, ClientData *d, int64_t now)
{
    ping(d, now);
    d->prev = s->last;
    if (s->last)
        s->last->next = d;
    else
        s->clients = d;
    s->last = d;
}

/* The lobby's clock: the tables that are due, every SRV_CLOCK_MS, for at
 * most SRV_CLOCK_BUDGET_MS at a time (the next run goes on from the table
 * where this one stopped, so that requests are served in between however
 * many tables fall due together); then at most SRV_PINGS_PER_RUN of the
 * connections whose ping is due, from the front of the list (so that the
 * thousands of connections that opened together are not pinged in one
 * turn of the loop, every SRV_PING_MS: a ping that waits a few runs is
 * sent later, and so falls due later next time). */
static void clock_runs(void *ctx)
{
    UnoServer *s = ctx;
    Lobby *l = &s->lobby;
    int64_t now = srv_now_ms();
    int k = 0;
    for (; k < l->nrooms && srv_now_ms() - now < SRV_CLOCK_BUDGET_MS; k++) {
        s->next_room = (s->next_room + 1) % l->nrooms;
        srv_room_run(l->rooms[s->next_room], now);
    }
    if (now >= s->sweep_at) {
        expire_vacant(s);
        s->sweep_at = now + SRV_EXPIRY_SWEEP_MS;
    }
    for (int n = 0; n < SRV_PINGS_PER_RUN && s->clients && now >= s->clients->ping_due; n++) {
        ClientData *d = s->clients;
        unlink_client(s, d);
        ping_and_queue(s, d, now);
    }
    srv_keeper_tick(s->keepers, now);
    if (srv_store_shared(l->store))
        srv_owner_tick(l, s->keepers);
    srv_timer_set(l->clock, k < l->nrooms ? 1 : SRV_CLOCK_MS);
}

static void on_open(void *ctx, SrvConn *conn)
{
    UnoServer *s = ctx;
    ClientData *d = calloc(1, sizeof *d);
    if (!d) {
        srv_close(conn);
        return;
    }
    d->client.conn = conn;
    d->client.rtt = -1;
    d->client.log = s->lobby.log;
    srv_conn_set_data(conn, d);
    s->conns++;
    ping_and_queue(s, d, srv_now_ms());
    if (s->draining)
        srv_close_with(conn, SRV_CLOSE_RETRY, SRV_RETRY_STOPPING);
    else
        srv_send(conn, s->hello, strlen(s->hello));
}

static void on_refused(void *ctx, SrvConn *conn, SrvRefusal why)
{
    UnoServer *s = ctx;
    char msg[160];
    if (why == SRV_ADDR_FULL)
        snprintf(msg, sizeof msg, "too many connections from your address (%d): close one and try again",
                 s->cfg.limits.max_conns_per_addr);
    else
        snprintf(msg, sizeof msg, "the server is busy: try again later");
    Client c = {.conn = conn};
    srv_reply_error(&c, "too_many_connections", msg, NULL);
}

static void on_message(void *ctx, SrvConn *conn, SrvInbound kind, const char *text, size_t len)
{
    UnoServer *s = ctx;
    ClientData *d = srv_conn_data(conn);
    if (!d || s->draining) /* a draining server's connections are closing: it hears them no more */
        return;
    if (kind == SRV_TOO_LARGE)
        return srv_reply_error(&d->client, "too_large", "message too long: dropped", NULL);
    if (kind == SRV_RATE_LIMITED)
        return srv_reply_error(&d->client, "rate_limited", "too many messages: some were dropped", NULL);
    double start = srv_seconds();
    char err[UNO_ERR_LEN];
    cJSON *req;
    int st = proto_request_parse(text, len, &req, err, sizeof err); /* as strictly as a game's (text.h) */
    if (st == UNO_OK)
        dispatch(s, d, req);
    else if (st == UNO_E_NOMEM)
        srv_server_error(&d->client, "a request could not be read", err, NULL);
    else
        srv_reply_error(&d->client, "bad_request", err, NULL);
    cJSON_Delete(req);
    srv_histogram_add(&s->requests, srv_seconds() - start);
}

static void on_close(void *ctx, SrvConn *conn)
{
    UnoServer *s = ctx;
    ClientData *d = srv_conn_data(conn);
    if (!d)
        return;
    if (d->client.room && !s->closing)
        srv_room_leave(d->client.room, &d->client);
    srv_keeper_unwatch(s->keepers, &d->client);
    unlink_client(s, d);
    s->conns--;
    free(d);
}

static void table_found(void *ctx, const char *code, const char *config, const char *host, const char *watch)
{
    (void)code, (void)config, (void)host, (void)watch;
    *(bool *)ctx = true;
}

/* Whether the table of that code (upper case) is served: here, or on a
 * shared database by any server. */
static bool table_known(Lobby *l, const char *upper)
{
    bool found = srv_lobby_find(l, upper) != NULL;
    if (!found && srv_store_shared(l->store))
        srv_store_find_table(l->store, upper, table_found, &found);
    return found;
}

/* GET /qr.svg?t=CODE: the QR code of the link to a table that is there
 * (qr.h, docs/server.md "The table's QR code"). */
static void get_qr(UnoServer *s, SrvGet *g)
{
    static const char no_table[] = "no table has that code\n";
    char code[SRV_CODE_LEN + 1], upper[SRV_CODE_LEN + 1];
    if (srv_get_arg(g, "t", code, sizeof code) && srv_code_normal(code, upper) && table_known(&s->lobby, upper))
        srv_qr_answer(g, upper);
    else
        srv_get_answer(g, 404, "text/plain; charset=utf-8", no_table, sizeof no_table - 1);
}

/* GET /healthz: the process serves, or drains (docs/server.md "Health and
 * metrics"). */
static void get_health(UnoServer *s, SrvGet *g)
{
    static const char ok[] = "ok\n", draining[] = "draining\n";
    if (s->draining)
        srv_get_answer(g, 503, "text/plain; charset=utf-8", draining, sizeof draining - 1);
    else
        srv_get_answer(g, 200, "text/plain; charset=utf-8", ok, sizeof ok - 1);
}

/* GET /metrics: counts and latencies, nothing of any game (docs/server.md
 * "Health and metrics"). */
static void get_metrics(UnoServer *s, SrvGet *g)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return;
    const SrvStore *store = s->lobby.store;
    srv_metric_gauge(f, "uno_tables", "Card tables held.", s->lobby.nrooms);
    srv_metric_gauge(f, "uno_tables_all", "Card and scorekeeper tables held (what --max-tables bounds).",
                     srv_tables_count(s->kinds, 2));
    srv_metric_gauge(f, "uno_connections", "WebSocket connections open.", s->conns);
    srv_metric_counter(f, "uno_actions_total", "Game actions written to the database.", srv_store_actions(store));
    srv_metric_histogram(f, "uno_request_seconds", "Time from a message's arrival to its answer.", &s->requests);
    srv_metric_histogram(f, "uno_store_write_seconds", "Time of each write to the database.",
                         srv_store_write_times(store));
    if (fclose(f) == 0)
        srv_get_answer(g, 200, "text/plain; version=0.0.4; charset=utf-8", text, len);
    free(text);
}

/* A GET of a path that is no web client's file. */
static void on_get(void *ctx, SrvGet *g, const char *path)
{
    static const struct {
        const char *path;
        void (*answer)(UnoServer *s, SrvGet *g);
    } paths[] = {{"/qr.svg", get_qr}, {"/healthz", get_health}, {"/metrics", get_metrics}};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++)
        if (strcmp(path, paths[i].path) == 0)
            return paths[i].answer(ctx, g);
}

/* --------------------------------------------------------------- server */

/* The worker threads stop (the decisions they were making are dropped). */
static void stop_pools(Lobby *l)
{
    srv_pool_free(l->search);
    srv_pool_free(l->programs);
    l->search = l->programs = NULL;
}

static void on_stop(void *ctx)
{
    UnoServer *s = ctx;
    stop_pools(&s->lobby);
    srv_timer_free(s->lobby.clock);
    s->lobby.clock = NULL;
    s->closing = true;
}

/* SIGTERM (docs/server.md "Stopping"): the tables let go, every
 * connection told to connect again, and new ones too until the server
 * stops (transport.h on_drain); /healthz says so meanwhile. */
static void on_drain(void *ctx)
{
    UnoServer *s = ctx;
    fprintf(s->lobby.log, "uno serve: SIGTERM: the tables are let go and every connection is told to connect "
                          "again; the server stops once they have closed (in %d ms at the latest)\n", SRV_DRAIN_MS);
    s->draining = true;
    stop_pools(&s->lobby);
    srv_owner_release_all(&s->lobby, s->keepers);
    for (ClientData *d = s->clients; d; d = d->next)
        srv_close_with(d->client.conn, SRV_CLOSE_RETRY, SRV_RETRY_STOPPING);
}

void srv_lobby_restore(void *ctx, const char *code, const char *config, const char *host_hash,
                       const char *watch_hash)
{
    Lobby *l = ctx;
    cJSON *req = cJSON_Parse(config);
    cJSON *normal = req ? srv_config_normalised(req) : NULL; /* a table kept before the strict reading */
    char err[UNO_ERR_LEN] = "a damaged config";
    Room *r = normal && srv_config_check(normal, true, &l->bots, err, sizeof err) == UNO_OK
                  ? srv_room_new(l, code, normal, host_hash, watch_hash)
                  : NULL;
    cJSON_Delete(req);
    cJSON_Delete(normal);
    if (!r || !add_room(l, r)) {
        fprintf(l->log, "uno serve: table %s is not served: %s\n", code, err);
        srv_room_free(r);
        return;
    }
    srv_room_restore(r);
}

/* {"type":"hello","server":"uno","protocol":1,"bots":[the names a seat's
 * bot may have]}. */
static char *hello_text(const Lobby *l)
{
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "type", cJSON_CreateString("hello"), &ok);
    proto_json_put(o, "server", cJSON_CreateString("uno"), &ok);
    proto_json_put(o, "protocol", cJSON_CreateNumber(1), &ok);
    proto_json_put(o, "bots", srv_bot_names(&l->bots), &ok);
    char *text = ok ? cJSON_PrintUnformatted(o) : NULL;
    cJSON_Delete(o);
    return text;
}

UnoServer *srv_server_new(const UnoServeConfig *cfg, char *err, size_t errlen)
{
    UnoServer *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->cfg = *cfg;
    Lobby *l = &s->lobby;
    l->log = cfg->log;
    l->bots = (SrvBots){s->cfg.bots, s->cfg.nbots};
    s->creates = (SrvRate){cfg->creates_per_addr / 3600000.0, cfg->creates_per_addr};
    SrvConfig sc = {
        .host = cfg->host,
        .port = cfg->port,
        .web_root = cfg->web_root,
        .trust_proxy = cfg->trust_proxy,
        .limits = cfg->limits,
        .handlers = {.ctx = s, .on_open = on_open, .on_refused = on_refused, .on_message = on_message,
                     .on_close = on_close, .on_stop = on_stop, .on_get = on_get, .on_drain = on_drain},
    };
    /* The transport first: a web folder or a port refused leaves no database behind. */
    if (!(l->srv = srv_new(&sc, err, errlen)) || !(l->store = srv_store_open(cfg->db, SRV_STORE_SERVE, err, errlen))) {
        srv_server_free(s);
        return NULL;
    }
    if (!(s->keepers = srv_keepers_new(l, cfg->test_clock, err, errlen))) {
        srv_server_free(s);
        return NULL;
    }
    s->kinds[0] = (SrvTableKind){l, rooms_count, room_vacant_since, remove_room};
    s->kinds[1] = srv_keepers_kind(s->keepers);
    if (!(l->search = srv_pool_new(l->srv, srv_pool_threads_default())) ||
        (l->bots.n && !(l->programs = srv_pool_new(l->srv, SRV_PROGRAM_THREADS)))) {
        snprintf(err, errlen, "cannot start the bots' threads");
        srv_server_free(s);
        return NULL;
    }
    /* on a shared database, a table is rebuilt when it is first asked for (owner.c) */
    if (!(s->hello = hello_text(l)) || !(l->clock = srv_timer_new(l->srv, clock_runs, s)) ||
        (!srv_store_shared(l->store) && !srv_store_each_table(l->store, srv_lobby_restore, l))) {
        snprintf(err, errlen, "the tables could not be read: %s", srv_store_error(l->store));
        srv_server_free(s);
        return NULL;
    }
    srv_timer_set(l->clock, SRV_CLOCK_MS);
    return s;
}

int srv_server_port(const UnoServer *s) { return srv_port(s->lobby.srv); }
int srv_server_tables(const UnoServer *s) { return s->lobby.nrooms; }
void srv_server_run(UnoServer *s) { srv_run(s->lobby.srv); }

void srv_server_free(UnoServer *s)
{
    if (!s)
        return;
    Lobby *l = &s->lobby;
    stop_pools(l);    /* when the loop never ran */
    srv_free(l->srv); /* on_stop, then the connections close */
    for (int i = 0; i < l->nrooms; i++)
        srv_room_free(l->rooms[i]);
    free(l->rooms);
    srv_keepers_free(s->keepers);
    srv_store_close(l->store);
    free(s->hello);
    free(s);
}
