/*
 * room.c — one table of the server: its seats and spectators, its game
 * through the table protocol, its bots and its clock (room.h says what
 * stays true; docs/server.md tells it to people).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/field.h"
#include "protocol/render.h"
#include "server/room.h"

/* ----------------------------------------------------------- the room */

Room *srv_room_new(Lobby *l, const char *code, const cJSON *config, const char *host_hash, const char *watch_hash)
{
    Room *r = calloc(1, sizeof *r);
    char err[UNO_ERR_LEN];
    if (!r || !(r->config = cJSON_Duplicate(config, true)) ||
        srv_config_read(config, &l->bots, r->seats, &r->nseats, &r->watching, &r->bot_pace_ms, &r->away_bot_ms,
                        err, sizeof err) != UNO_OK) {
        srv_room_free(r);
        return NULL;
    }
    r->lobby = l;
    r->vacant_since = srv_lobby_now(l);
    r->listed = srv_config_public(config);
    r->made_no = ++l->rooms_made;
    snprintf(r->code, sizeof r->code, "%s", code);
    snprintf(r->host_hash, sizeof r->host_hash, "%s", host_hash);
    snprintf(r->watch_hash, sizeof r->watch_hash, "%s", watch_hash);
    for (int s = 0; s < r->nseats; s++) {
        uno_rng_seed(&r->seats[s].rng, srv_random_u64());
        r->seats[s].away_since = srv_now_ms();
        if (r->seats[s].bot == UNO_BOT_EXTERNAL && !r->seats[s].human &&
            !(r->seats[s].program = srv_program_new(r, s))) {
            srv_room_free(r);
            return NULL;
        }
    }
    return r;
}

void srv_room_free(Room *r)
{
    if (!r)
        return;
    for (int s = 0; s < r->nseats; s++)
        srv_program_free(r->seats[s].program);
    proto_table_free(r->table);
    cJSON_Delete(r->config);
    cJSON_Delete(r->joining_id);
    free(r->watchers);
    free(r);
}

static const UnoGame *game(const Room *r) { return r->table ? proto_table_game(r->table) : NULL; }

bool srv_room_playing(const Room *r) { return game(r) && !uno_game_over(game(r)); }

static bool playing(const Room *r) { return srv_room_playing(r); }

int64_t srv_room_now(const Room *r)
{
    int64_t t = srv_now_ms() - r->t_base, clock = uno_game_clock(game(r));
    return t < clock ? clock : t;
}

static const char *status_name(const Room *r)
{
    if (r->broken[0])
        return "broken";
    if (!r->table)
        return "lobby";
    return uno_game_over(game(r)) ? "over" : "playing";
}

cJSON *srv_room_json(const Room *r)
{
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "type", cJSON_CreateString("table"), &ok);
    proto_json_put(o, "table", cJSON_CreateString(r->code), &ok);
    proto_json_put(o, "rules", cJSON_Duplicate(proto_field_get(r->config, "rules"), true), &ok);
    if (proto_field_has(r->config, "options"))
        proto_json_put(o, "options", cJSON_Duplicate(proto_field_get(r->config, "options"), true), &ok);
    proto_json_put(o, "status", cJSON_CreateString(status_name(r)), &ok);
    if (r->broken[0])
        proto_json_put(o, "message", cJSON_CreateString(r->broken), &ok);
    proto_json_put(o, "spectators", cJSON_CreateString(srv_watch_name(r->watching)), &ok);
    proto_json_put(o, "public", cJSON_CreateBool(r->listed), &ok);
    proto_json_put(o, "watchers", cJSON_CreateNumber(r->nwatchers), &ok);
    proto_json_put(o, "actions", proto_json_int(r->log_n), &ok);
    proto_json_put(o, "games_over", cJSON_CreateNumber(r->table ? proto_table_games_over(r->table) : 0), &ok);
    cJSON *seats = cJSON_CreateArray();
    for (int i = 0; i < r->nseats; i++) {
        const RoomSeat *s = &r->seats[i];
        cJSON *seat = cJSON_CreateObject();
        proto_json_put(seat, "seat", cJSON_CreateNumber(i), &ok);
        proto_json_put(seat, "kind", cJSON_CreateString(s->human ? "human" : "bot"), &ok);
        if (!s->human)
            proto_json_put(seat, "level", cJSON_CreateString(s->level), &ok);
        if (!s->human || s->taken) {
            proto_json_put(seat, "name", cJSON_CreateString(s->name), &ok);
            proto_json_put(seat, "age", cJSON_CreateNumber(s->age), &ok);
        }
        if (s->human) {
            proto_json_put(seat, "taken", cJSON_CreateBool(s->taken), &ok);
            proto_json_put(seat, "connected", cJSON_CreateBool(s->client != NULL), &ok);
            proto_json_put(seat, "stand_in", cJSON_CreateBool(s->stand_in), &ok);
            int rtt = s->client ? s->client->rtt : -1;
            proto_json_put(seat, "lag", rtt >= 0 ? cJSON_CreateNumber(rtt) : cJSON_CreateNull(), &ok);
        }
        proto_json_push(seats, seat, &ok);
    }
    proto_json_put(o, "seats", seats, &ok);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

void srv_room_send_all(Room *r, const char *text, size_t len)
{
    for (int s = 0; s < r->nseats; s++)
        if (r->seats[s].client)
            srv_send(r->seats[s].client->conn, text, len);
    for (int i = 0; i < r->nwatchers; i++)
        srv_send(r->watchers[i]->conn, text, len);
}

void srv_room_announce(Room *r)
{
    cJSON *o = srv_room_json(r);
    char *text = o ? cJSON_PrintUnformatted(o) : NULL;
    if (text)
        srv_room_send_all(r, text, strlen(text));
    free(text);
    cJSON_Delete(o);
}

/* Whom a client's view is for: its seat, or a spectator. */
static int viewer_of(const Client *c) { return c->role == ROLE_SEAT ? c->seat : UNO_VIEWER_SPECTATOR; }

/* The game as c's viewer may see it now: the server's game clock ("now",
 * for the page's countdowns), the view and, for a seat, its moves. The
 * view's "options" (a thousand bytes that never change in a game) only
 * where `whole` (docs/protocol.md "The server"). */
static void put_view(cJSON *o, const Room *r, const Client *c, bool whole, bool *ok)
{
    proto_json_put(o, "now", proto_json_int(srv_room_now(r)), ok);
    cJSON *view = proto_table_view(r->table, viewer_of(c));
    if (view && !whole)
        cJSON_DeleteItemFromObjectCaseSensitive(view, "options");
    proto_json_put(o, "view", view, ok);
    if (c->role == ROLE_SEAT)
        proto_json_put(o, "moves", proto_table_moves(r->table, c->seat, srv_room_now(r)), ok);
}

/* What the last request did, as the client may see it: its events and the
 * game after it; whole: with the view's options (the first update a
 * connection gets at the table, and where a game begins); !acted: no
 * events, only time passed (a window opened or closed). */
static cJSON *update_json(const Room *r, const Client *c, const char *key, cJSON *value, bool whole, bool acted)
{
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, key, value, &ok);
    proto_json_put(o, "actions", proto_json_int(r->log_n), &ok);
    proto_json_put(o, "events", acted ? proto_table_events(r->table, viewer_of(c)) : cJSON_CreateArray(), &ok);
    put_view(o, r, c, whole, &ok);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* The `update` push for c's viewer, for the caller to free; NULL when out
 * of memory. */
static char *update_text(const Room *r, const Client *c, bool whole, bool acted)
{
    cJSON *o = update_json(r, c, "type", cJSON_CreateString("update"), whole, acted);
    char *text = o ? cJSON_PrintUnformatted(o) : NULL;
    cJSON_Delete(o);
    return text;
}

static void push_update(Room *r, Client *c, bool whole, bool acted)
{
    char *text = update_text(r, c, whole, acted);
    if (text)
        srv_send(c->conn, text, strlen(text));
    free(text);
}

/* ---------------------------------------------------------- the game */

/* The table's log hook: every accepted request into the store before
 * anyone is told of it (store.h). */
static bool keep_line(void *ctx, const char *line, uint64_t hash)
{
    Room *r = ctx;
    char hex[17];
    snprintf(hex, sizeof hex, "%016" PRIx64, hash);
    if (!srv_store_log(r->lobby->store, r->code, r->log_n, line, hex)) {
        fprintf(r->lobby->log, "uno serve: table %s: the action could not be stored: %s\n", r->code,
                srv_store_error(r->lobby->store));
        return false;
    }
    r->log_n++;
    return true;
}

/* The table's answer (NULL: it could not be kept), its own failures said in
 * the operator's log. */
static cJSON *answered(const Room *r, cJSON *answer)
{
    const cJSON *error = proto_field_get(answer, "error");
    if (cJSON_IsString(error) && strcmp(error->valuestring, "server_error") == 0)
        fprintf(r->lobby->log, "uno serve: table %s: %s\n", r->code, proto_field_get(answer, "message")->valuestring);
    return answer;
}

/* Plays or asks the table one request (a JSON object, the server's own or
 * a client's made the server's), handed over as it is. */
static cJSON *handle(Room *r, const cJSON *req) { return answered(r, proto_table_request(r->table, req)); }

static bool answer_ok(const cJSON *answer) { return cJSON_IsTrue(proto_field_get(answer, "ok")); }

/* After a change: bots are asked again after the table's pace; a game that
 * goes on keeps its timers running (windows.c). */
static void after_change(Room *r)
{
    r->bot_at = playing(r) ? srv_now_ms() + r->bot_pace_ms : 0;
    srv_room_schedule(r);
}

/* Everyone at the table but `from` is sent an update (update_json). */
static void push_all(Room *r, const Client *from, bool whole, bool acted)
{
    for (int s = 0; s < r->nseats; s++)
        if (r->seats[s].client && r->seats[s].client != from)
            push_update(r, r->seats[s].client, whole, acted);
    /* the spectators all see the same: rendered once */
    char *text = r->nwatchers ? update_text(r, r->watchers[0], whole, acted) : NULL;
    for (int i = 0; text && i < r->nwatchers; i++)
        srv_send(r->watchers[i]->conn, text, strlen(text));
    free(text);
    r->told_t = srv_room_now(r);
}

/* A state-changing request that the table accepted: everyone but `from`
 * (who gets the answer) hears of it; whole: with the options (a game
 * begins). */
static void changed(Room *r, Client *from, bool whole)
{
    push_all(r, from, whole, true);
    after_change(r);
}

void srv_room_push_time(Room *r)
{
    push_all(r, NULL, false, false);
}

bool srv_room_act(Room *r, const UnoAction *a)
{
    cJSON *answer = answered(r, proto_table_act(r->table, a));
    bool accepted = answer_ok(answer);
    if (accepted) {
        changed(r, NULL, false);
    } else {
        const cJSON *msg = proto_field_get(answer, "message");
        fprintf(r->lobby->log, "uno serve: table %s: the server's own %s was refused: %s\n", r->code,
                uno_action_name((UnoActionType)a->type), cJSON_IsString(msg) ? msg->valuestring : "no answer");
    }
    cJSON_Delete(answer);
    return accepted;
}

void srv_room_run(Room *r, int64_t now)
{
    if (r->tick_at && now >= r->tick_at)
        srv_room_timers_run(r, now);
    if (r->bot_at && now >= r->bot_at && playing(r) && !r->thinking)
        srv_bots_act(r, 0, false);
}

/* A new UnoTable that keeps its lines in the store. */
static bool open_table(Room *r)
{
    r->table = proto_table_new();
    if (r->table)
        proto_table_set_log(r->table, keep_line, r);
    return r->table != NULL;
}

void srv_room_start(Room *r, Client *c, const cJSON *id)
{
    if (r->table)
        return srv_reply_error(c, "bad_request", "the game has started", id);
    for (int s = 0; s < r->nseats; s++)
        if (r->seats[s].human && !r->seats[s].taken) {
            char msg[64];
            snprintf(msg, sizeof msg, "seat %d is empty", s);
            return srv_reply_error(c, "bad_request", msg, id);
        }
    cJSON *req = srv_config_new_game(r->config, r->watching, r->seats, r->nseats, srv_random_u64());
    r->t_base = srv_now_ms();
    cJSON *answer = req && open_table(r) ? handle(r, req) : NULL;
    cJSON_Delete(req);
    if (!answer_ok(answer)) {
        const cJSON *code = proto_field_get(answer, "error"), *msg = proto_field_get(answer, "message");
        srv_reply_error(c, cJSON_IsString(code) ? code->valuestring : "server_error",
                        cJSON_IsString(msg) ? msg->valuestring : "the game could not start", id);
        proto_table_free(r->table);
        r->table = NULL;
        cJSON_Delete(answer);
        return;
    }
    cJSON_Delete(answer);
    r->game_no++;
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "ok", cJSON_CreateTrue(), &ok);
    srv_reply(c, o, id);
    srv_room_announce(r);
    changed(r, NULL, true);
}

void srv_room_match(Room *r, Client *c, const char *op, const cJSON *id)
{
    if (!r->table)
        return srv_reply_error(c, "no_game", "the game has not started", id);
    bool ok = true;
    cJSON *req = cJSON_CreateObject();
    proto_json_put(req, "op", cJSON_CreateString(op), &ok);
    proto_json_put(req, "t", proto_json_int(srv_room_now(r)), &ok);
    cJSON *answer = ok ? handle(r, req) : NULL;
    cJSON_Delete(req);
    if (!answer)
        return srv_server_error(c, "the request could not be kept", "out of memory, or the database refused it", id);
    if (answer_ok(answer)) {
        if (strcmp(op, "next") == 0) {
            r->t_base = srv_now_ms() - uno_game_clock(game(r));
            r->game_no++;
        }
        cJSON_DeleteItemFromObject(answer, "events");
        srv_reply(c, answer, id);
        srv_room_announce(r);
        changed(r, NULL, strcmp(op, "next") == 0);
        return;
    }
    srv_reply(c, answer, id);
}

/* ------------------------------------------------------------- clients */

/* A seated client's request as the server sends it to the table: "seat",
 * "as" and "t" are its seat's and the server's clock, whatever it said. */
static cJSON *as_server(const Room *r, const Client *c, const cJSON *req)
{
    cJSON *own = cJSON_Duplicate(req, true);
    static const char *const theirs[] = {"seat", "as", "t", "spectator", "id", "history"};
    for (size_t i = 0; own && i < sizeof theirs / sizeof theirs[0]; i++)
        cJSON_DeleteItemFromObject(own, theirs[i]);
    bool ok = own != NULL;
    proto_json_put(own, "seat", cJSON_CreateNumber(c->seat), &ok);
    proto_json_put(own, "as", cJSON_CreateNumber(c->seat), &ok);
    proto_json_put(own, "t", proto_json_int(srv_room_now(r)), &ok);
    if (!ok) {
        cJSON_Delete(own);
        return NULL;
    }
    return own;
}

void srv_room_view(Room *r, Client *c, const cJSON *id)
{
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "ok", cJSON_CreateTrue(), &ok);
    put_view(o, r, c, true, &ok);
    if (!ok) {
        cJSON_Delete(o);
        o = NULL;
    }
    srv_reply(c, o, id);
}

void srv_room_seat_request(Room *r, Client *c, const cJSON *req, int action, const cJSON *id)
{
    bool catching = action == UNO_ACT_CATCH;
    int64_t now = srv_now_ms();
    if (catching && now < c->catch_after) { /* pressing on pushes the next chance further */
        c->catch_after = now + SRV_CATCH_COOLDOWN_MS;
        return srv_reply_error(c, "rate_limited", "a refused catch: no catch for a second after the last try", id);
    }
    cJSON *own = as_server(r, c, req);
    cJSON *answer = own ? handle(r, own) : NULL;
    cJSON_Delete(own);
    if (!answer)
        return srv_server_error(c, "the request could not be kept", "out of memory, or the database refused it", id);
    bool query = action < 0;
    if (!answer_ok(answer) || query) {
        if (catching && !answer_ok(answer))
            c->catch_after = now + SRV_CATCH_COOLDOWN_MS;
        return srv_reply(c, answer, id);
    }
    cJSON_Delete(answer);
    srv_reply(c, update_json(r, c, "ok", cJSON_CreateTrue(), false, true), id);
    changed(r, c, false);
}

/* ------------------------------------------------------------- roles */

static void bind_seat(Room *r, Client *c, int seat)
{
    RoomSeat *s = &r->seats[seat];
    if (s->client && s->client != c) { /* the same person from somewhere else */
        Client *old = s->client;
        srv_send(old->conn, "{\"type\":\"replaced\"}", 19);
        srv_close(old->conn);
        old->role = ROLE_NONE;
        old->room = NULL;
    }
    s->client = c;
    s->stand_in = false;
    c->room = r;
    c->role = ROLE_SEAT;
    c->seat = seat;
}

void srv_room_seat_client(Room *r, Client *c, int seat, const char *token, const cJSON *id)
{
    bind_seat(r, c, seat);
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "ok", cJSON_CreateTrue(), &ok);
    proto_json_put(o, "table", cJSON_CreateString(r->code), &ok);
    proto_json_put(o, "seat", cJSON_CreateNumber(c->seat), &ok);
    proto_json_put(o, "token", cJSON_CreateString(token), &ok);
    srv_reply(c, o, id);
    srv_room_announce(r);
    if (r->table)
        push_update(r, c, true, true);
}

void srv_room_sit(Room *r, Client *c, const cJSON *req, const cJSON *id)
{
    if (r->table)
        return srv_reply_error(c, "bad_request", "the game has started: ask for the seat's link to come back", id);
    char err[UNO_ERR_LEN];
    UnoPlayerInfo who;
    int seat = -1;
    if (proto_field_person(req, &who, err, sizeof err) != UNO_OK ||
        (proto_field_has(req, "seat") && proto_field_seat(req, "seat", r->nseats, &seat, err, sizeof err) != UNO_OK))
        return srv_reply_error(c, "bad_request", err, id);
    if (seat < 0)
        for (int s = 0; s < r->nseats && seat < 0; s++)
            if (r->seats[s].human && !r->seats[s].taken)
                seat = s;
    if (seat < 0 || !r->seats[seat].human || r->seats[seat].taken)
        return srv_reply_error(c, "seat_taken", seat < 0 ? "every seat is taken" : "that seat is not free", id);
    char token[SRV_TOKEN_LEN + 1];
    if (!srv_room_take_seat(r, seat, who.name, who.age, token))
        return srv_server_error(c, "the seat could not be kept", srv_store_error(r->lobby->store), id);
    srv_room_seat_client(r, c, seat, token, id);
}

bool srv_room_take_seat(Room *r, int seat, const char *name, int age, char token[SRV_TOKEN_LEN + 1])
{
    RoomSeat *s = &r->seats[seat];
    char hash[SRV_HASH_LEN + 1];
    srv_random_token(token);
    if (!srv_secret_hash(token, hash) || !srv_store_add_seat(r->lobby->store, r->code, seat, name, age, hash))
        return false;
    snprintf(s->name, sizeof s->name, "%s", name);
    s->age = age;
    memcpy(s->token_hash, hash, sizeof hash);
    s->taken = true;
    return true;
}

void srv_room_resume(Room *r, Client *c, const char *token, const cJSON *id)
{
    for (int s = 0; s < r->nseats; s++)
        if (r->seats[s].taken && srv_secret_matches(token, r->seats[s].token_hash)) {
            srv_room_seat_client(r, c, s, token, id);
            if (playing(r))
                after_change(r); /* a stand-in may stop */
            if (r->joiner && uno_game_oldest(game(r)) == s)
                srv_room_ask_oldest(r); /* a newcomer waited for them */
            return;
        }
    srv_reply_error(c, "bad_token", "no seat of this table has that token", id);
}

void srv_room_watch(Room *r, Client *c, const cJSON *req, const cJSON *id)
{
    const cJSON *key = proto_field_get(req, "key");
    if (r->watching == WATCH_NONE)
        return srv_reply_error(c, "forbidden", "this table has no spectators", id);
    if (r->watching == WATCH_HANDS && !(cJSON_IsString(key) && srv_secret_matches(key->valuestring, r->watch_hash)))
        return srv_reply_error(c, "bad_token", "spectators see the hands here: the host's spectator key is needed", id);
    if (r->nwatchers == r->watchers_cap) {
        int cap = r->watchers_cap ? 2 * r->watchers_cap : 8;
        Client **w = realloc(r->watchers, (size_t)cap * sizeof *w);
        if (!w)
            return srv_server_error(c, "cannot watch", "out of memory", id);
        r->watchers = w;
        r->watchers_cap = cap;
    }
    r->watchers[r->nwatchers++] = c;
    c->room = r;
    c->role = ROLE_SPECTATOR;
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "ok", cJSON_CreateTrue(), &ok);
    proto_json_put(o, "table", cJSON_CreateString(r->code), &ok);
    srv_reply(c, o, id);
    srv_room_announce(r);
    if (r->table)
        push_update(r, c, true, true);
}

void srv_room_leave(Room *r, Client *c)
{
    srv_room_join_cancel(r, c);
    if (c->role == ROLE_SEAT && r->seats[c->seat].client == c) {
        r->seats[c->seat].client = NULL;
        r->seats[c->seat].away_since = srv_now_ms();
    }
    for (int i = 0; i < r->nwatchers; i++)
        if (r->watchers[i] == c)
            r->watchers[i--] = r->watchers[--r->nwatchers];
    c->room = NULL;
    c->role = ROLE_NONE;
    r->vacant_since = srv_lobby_now(r->lobby);
    srv_room_schedule(r); /* a stand-in for the seat, in time */
    srv_room_announce(r);
}

int64_t srv_room_vacant_since(const Room *r)
{
    bool someone = r->nwatchers > 0 || r->joiner || r->thinking;
    for (int s = 0; s < r->nseats; s++)
        someone = someone || r->seats[s].client;
    return someone ? SRV_IN_USE : r->vacant_since;
}

/* ------------------------------------------------------------- restore */

typedef struct Restore {
    Room *r;
    int64_t n;
} Restore;

static bool restore_seat(void *ctx, int seat, const char *name, int age, const char *token_hash)
{
    Room *r = ctx;
    if (seat < 0 || seat >= r->nseats || !r->seats[seat].human)
        return false;
    RoomSeat *s = &r->seats[seat];
    s->taken = true;
    snprintf(s->name, sizeof s->name, "%s", name);
    s->age = age;
    snprintf(s->token_hash, sizeof s->token_hash, "%s", token_hash);
    return true;
}

static bool restore_line(void *ctx, int64_t n, const char *line, const char *hash)
{
    Restore *re = ctx;
    Room *r = re->r;
    char *answer = n == re->n ? proto_table_handle(r->table, line, strlen(line)) : NULL;
    char hex[17];
    snprintf(hex, sizeof hex, "%016" PRIx64, proto_table_hash(r->table));
    if (!proto_table_response_ok(answer) || strcmp(hex, hash) != 0)
        snprintf(r->broken, sizeof r->broken, "line %" PRId64 " of its log does not rebuild it", n);
    free(answer);
    re->n = n + 1;
    return !r->broken[0];
}

/* A §13 joiner's seat, in the order they joined. */
static bool restore_join(void *ctx, int seat, const char *name, int age, const char *token_hash)
{
    Room *r = ctx;
    if (seat < 0 || seat > r->nseats || r->nseats >= UNO_MAX_PLAYERS)
        return false;
    srv_room_insert_seat(r, seat, name, age, token_hash);
    return true;
}

void srv_room_restore(Room *r)
{
    Lobby *l = r->lobby;
    if (!srv_store_each_seat(l->store, r->code, restore_seat, r) ||
        !srv_store_each_join(l->store, r->code, restore_join, r))
        snprintf(r->broken, sizeof r->broken, "its seats could not be read");
    Restore re = {r, 0};
    r->table = proto_table_new();
    if (!r->table || !srv_store_each_action(l->store, r->code, restore_line, &re))
        snprintf(r->broken, sizeof r->broken, "its log could not be read");
    if (r->broken[0] || re.n == 0) {
        if (r->broken[0])
            fprintf(l->log, "uno serve: table %s is not served: %s\n", r->code, r->broken);
        proto_table_free(r->table);
        r->table = NULL;
        return;
    }
    if (uno_game_nplayers(game(r)) != r->nseats) {
        snprintf(r->broken, sizeof r->broken, "its seats are not its game's");
        fprintf(l->log, "uno serve: table %s is not served: %s\n", r->code, r->broken);
        proto_table_free(r->table);
        r->table = NULL;
        return;
    }
    r->log_n = re.n;
    proto_table_set_log(r->table, keep_line, r);
    /* the clock goes on from the last action: time the server was down is
     * nobody's (docs/server.md) */
    r->t_base = srv_now_ms() - uno_game_clock(game(r));
    after_change(r);
}
