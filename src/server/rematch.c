/*
 * rematch.c — play again with the same seats (docs/protocol.md "The
 * server", `rematch`): once a table's game, or its match, is over, its host
 * makes a new table like it, and every person still connected is given
 * the same seat there.
 */
#include <stdio.h>
#include <string.h>

#include "protocol/field.h"
#include "server/room.h"

bool srv_rematch_ready(const Room *r, char *err, size_t errlen)
{
    const UnoGame *g = r->table ? proto_table_game(r->table) : NULL;
    const UnoMatch *m = r->table ? proto_table_match(r->table) : NULL;
    if (!g || !uno_game_over(g))
        snprintf(err, errlen, "a rematch follows a game that is over");
    else if (m && !uno_match_over(m))
        snprintf(err, errlen, "the match goes on: its next game is dealt with \"next\"");
    else
        return true;
    return false;
}

cJSON *srv_rematch_config(const Room *r)
{
    cJSON *config = cJSON_Duplicate(r->config, true), *seats = cJSON_CreateArray();
    bool ok = config != NULL;
    static const char *const scripted[] = {"deck", "dealer", "seats"}; /* a new deal; the seats as they are */
    for (size_t i = 0; ok && i < sizeof scripted / sizeof scripted[0]; i++)
        cJSON_DeleteItemFromObjectCaseSensitive(config, scripted[i]);
    for (int s = 0; s < r->nseats; s++)
        proto_json_push(seats, cJSON_CreateString(r->seats[s].human ? "human" : r->seats[s].level), &ok);
    proto_json_put(config, "seats", seats, &ok);
    if (!ok) {
        cJSON_Delete(config);
        return NULL;
    }
    return config;
}

/* {"type":"rematch","table":CODE,"seat":N,"token":T} */
static void invite(Client *c, const Room *r, int seat, const char *token)
{
    char text[128];
    int n = snprintf(text, sizeof text, "{\"type\":\"rematch\",\"table\":\"%s\",\"seat\":%d,\"token\":\"%s\"}", r->code,
                     seat, token);
    if (n > 0 && (size_t)n < sizeof text)
        srv_send(c->conn, text, (size_t)n);
}

void srv_rematch_invite(Room *old, Room *new_room)
{
    char token[SRV_TOKEN_LEN + 1];
    for (int s = 0; s < old->nseats && s < new_room->nseats; s++) {
        const RoomSeat *was = &old->seats[s];
        if (was->human && was->client && srv_room_take_seat(new_room, s, was->name, was->age, token))
            invite(was->client, new_room, s, token);
    }
}
