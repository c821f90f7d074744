/*
 * join.c — KPGUT §13 at the server: a newcomer asks to join a game in
 * progress, the oldest player consents or not (docs/protocol.md, `join`: "a
 * server first asks the oldest player"), and a yes seats them where they
 * chose, later seats moving up one. A bot that is the oldest says yes.
 * One request waits at a table at a time.
 */
#include <string.h>

#include "protocol/field.h"
#include "protocol/render.h"
#include "server/room.h"

/* A seat for a person at `seat`, the seats from it on moving up one, as
 * the engine's join does (the clients of those seats with them). */
void srv_room_insert_seat(Room *r, int seat, const char *name, int age, const char *token_hash)
{
    memmove(&r->seats[seat + 1], &r->seats[seat], (size_t)(r->nseats - seat) * sizeof r->seats[0]);
    r->nseats++;
    for (int s = seat + 1; s < r->nseats; s++)
        if (r->seats[s].client)
            r->seats[s].client->seat = s;
    RoomSeat *s = &r->seats[seat];
    memset(s, 0, sizeof *s);
    s->human = s->taken = true;
    snprintf(s->name, sizeof s->name, "%s", name);
    s->age = age;
    snprintf(s->token_hash, sizeof s->token_hash, "%s", token_hash);
    uno_rng_seed(&s->rng, srv_random_u64());
    s->away_since = srv_now_ms();
}

static cJSON *join_request_json(const Room *r)
{
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "type", cJSON_CreateString("join"), &ok);
    proto_json_put(o, "name", cJSON_CreateString(r->joining.name), &ok);
    proto_json_put(o, "age", cJSON_CreateNumber(r->joining.age), &ok);
    proto_json_put(o, "seat", cJSON_CreateNumber(r->joining_seat), &ok);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* The newcomer is answered: seated, or not (code, message). */
static void decided(Room *r, bool yes)
{
    Client *c = r->joiner;
    r->joiner = NULL;
    c->room = NULL; /* seated below, or not at all */
    if (!yes)
        return srv_reply_error(c, "refused", "the oldest player did not let you join", r->joining_id);
    UnoAction a;
    uno_action_init(&a, UNO_ACT_JOIN, -1);
    a.target = (int8_t)r->joining_seat;
    a.age = (int16_t)r->joining.age;
    memcpy(a.name, r->joining.name, sizeof a.name);
    a.t = srv_room_now(r);
    char token[SRV_TOKEN_LEN + 1], hash[SRV_HASH_LEN + 1];
    srv_random_token(token);
    if (!srv_secret_hash(token, hash))
        return srv_server_error(c, "a newcomer's seat could not be made", "out of memory", r->joining_id);
    int n = r->nseats;
    if (!srv_room_act(r, &a) || uno_game_nplayers(proto_table_game(r->table)) != n + 1)
        return srv_reply_error(c, "illegal", "the game could not take a newcomer now", r->joining_id);
    srv_room_insert_seat(r, r->joining_seat, r->joining.name, r->joining.age, hash);
    if (!srv_store_add_join(r->lobby->store, r->code, r->joining_seat, r->joining.name, r->joining.age, hash))
        fprintf(r->lobby->log, "uno serve: table %s: a joiner's seat could not be kept: %s\n", r->code,
                srv_store_error(r->lobby->store));
    srv_room_seat_client(r, c, r->joining_seat, token, r->joining_id);
}

/* The oldest player is asked (now, or when they come back); a bot says yes. */
void srv_room_ask_oldest(Room *r)
{
    if (!r->joiner || !r->table)
        return;
    const RoomSeat *oldest = &r->seats[uno_game_oldest(proto_table_game(r->table))];
    if (!oldest->human || oldest->stand_in)
        return decided(r, true);
    if (oldest->client)
        srv_reply(oldest->client, join_request_json(r), NULL);
}

void srv_room_join(Room *r, Client *c, const cJSON *req, const cJSON *id)
{
    char err[UNO_ERR_LEN];
    const UnoGame *g = r->table ? proto_table_game(r->table) : NULL;
    if (!g || uno_game_over(g))
        return srv_reply_error(c, "no_game", "no game is going on: sit down before it starts", id);
    if (!uno_game_rules(g)->join)
        return srv_reply_error(c, "illegal", "these rules let nobody join a game in progress (option join)", id);
    if (r->joiner)
        return srv_reply_error(c, "busy", "someone else is asking to join: try again in a moment", id);
    int seat = uno_game_nplayers(g);
    if (proto_field_person(req, &r->joining, err, sizeof err) != UNO_OK ||
        (proto_field_has(req, "seat") && proto_field_seat(req, "seat", uno_game_nplayers(g) + 1, &seat, err, sizeof err) != UNO_OK))
        return srv_reply_error(c, "bad_request", err, id);
    if (r->nseats >= UNO_MAX_PLAYERS)
        return srv_reply_error(c, "illegal", "the table is full", id);
    r->joiner = c;
    r->joining_seat = seat;
    cJSON_Delete(r->joining_id);
    r->joining_id = id ? cJSON_Duplicate(id, true) : NULL;
    srv_room_ask_oldest(r);
}

void srv_room_consent(Room *r, Client *c, const cJSON *req, const cJSON *id)
{
    bool yes;
    char err[UNO_ERR_LEN];
    if (!r->joiner)
        return srv_reply_error(c, "no_game", "nobody is asking to join", id);
    if (c->role != ROLE_SEAT || c->seat != uno_game_oldest(proto_table_game(r->table)))
        return srv_reply_error(c, "forbidden", "the oldest player decides who joins (KPGUT §13)", id);
    if (proto_field_bool(req, "yes", &yes, err, sizeof err) != UNO_OK)
        return srv_reply_error(c, "bad_request", err, id);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddTrueToObject(o, "ok");
    srv_reply(c, o, id);
    decided(r, yes);
}

void srv_room_join_cancel(Room *r, Client *c)
{
    if (r->joiner == c)
        r->joiner = NULL;
}
