/*
 * reaction.c — quick reactions (docs/protocol.md "The server"): a seat or
 * a spectator sends one of a few fixed emotes, the server tells everyone at
 * the table who sent which. No free text, never kept with the game's
 * actions, at most one a connection each SRV_REACT_COOLDOWN_MS.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/field.h"
#include "server/room.h"

static const char *const emotes[] = {"thumbs_up", "wow", "laugh", "clap", "angry"};

static bool is_emote(const char *name)
{
    for (size_t i = 0; i < sizeof emotes / sizeof emotes[0]; i++)
        if (strcmp(name, emotes[i]) == 0)
            return true;
    return false;
}

/* {"type":"reaction","emote":…,"seat":N} or, from a spectator,
 * {"type":"reaction","emote":…,"spectator":true}. */
static cJSON *reaction_json(const Client *c, const char *emote)
{
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "type", cJSON_CreateString("reaction"), &ok);
    proto_json_put(o, "emote", cJSON_CreateString(emote), &ok);
    if (c->role == ROLE_SEAT)
        proto_json_put(o, "seat", cJSON_CreateNumber(c->seat), &ok);
    else
        proto_json_put(o, "spectator", cJSON_CreateTrue(), &ok);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

void srv_room_react(Room *r, Client *c, const cJSON *req, const cJSON *id)
{
    const char *emote;
    char err[UNO_ERR_LEN];
    if (c->role == ROLE_NONE)
        return srv_reply_error(c, "forbidden", "only a seat or a spectator of the table may react", id);
    static const char *const fields[] = {"op", "id", "emote"};
    if (proto_field_only(req, fields, sizeof fields / sizeof fields[0], "react", err, sizeof err) != UNO_OK ||
        proto_field_string(req, "emote", 16, &emote, err, sizeof err) != UNO_OK)
        return srv_reply_error(c, "bad_request", err, id);
    if (!is_emote(emote))
        return srv_reply_error(c, "bad_request",
                               "field 'emote': \"thumbs_up\", \"wow\", \"laugh\", \"clap\" or \"angry\"", id);
    int64_t now = srv_now_ms();
    if (now < c->react_after)
        return srv_reply_error(c, "rate_limited", "one reaction a second", id);
    cJSON *o = reaction_json(c, emote);
    char *text = o ? cJSON_PrintUnformatted(o) : NULL;
    cJSON_Delete(o);
    if (!text)
        return srv_server_error(c, "the reaction could not be told", "out of memory", id);
    c->react_after = now + SRV_REACT_COOLDOWN_MS;
    srv_room_send_all(r, text, strlen(text));
    free(text);
    cJSON *answer = cJSON_CreateObject();
    cJSON_AddTrueToObject(answer, "ok");
    srv_reply(c, answer, id);
}
