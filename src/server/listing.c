/*
 * listing.c — the lobby's list of public tables (docs/server.md "Public
 * tables"): a host may mark a table public at creation; the list shows the
 * newest of them that have not begun and still have a seat for a person.
 * A private table is never listed.
 */
#include <stdlib.h>

#include "protocol/field.h"
#include "server/room.h"

static bool open_to_join(const Room *r)
{
    if (!r->listed || r->table || r->broken[0])
        return false;
    for (int s = 0; s < r->nseats; s++)
        if (r->seats[s].human && !r->seats[s].taken)
            return true;
    return false;
}

static int newest_first(const void *a, const void *b)
{
    int64_t x = (*(Room *const *)a)->made_no, y = (*(Room *const *)b)->made_no;
    return (x < y) - (x > y);
}

/* {"table":CODE,"rules":…,"options":…,"match":…,"seats":N,"people":N,"free":N}:
 * the counts of seats, of people seated and of seats free for a person. */
static cJSON *listed_json(const Room *r)
{
    int people = 0, free_seats = 0;
    for (int s = 0; s < r->nseats; s++) {
        people += r->seats[s].human && r->seats[s].taken;
        free_seats += r->seats[s].human && !r->seats[s].taken;
    }
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "table", cJSON_CreateString(r->code), &ok);
    static const char *const told[] = {"rules", "options", "match", "tournament"};
    for (size_t i = 0; i < sizeof told / sizeof told[0]; i++)
        if (proto_field_has(r->config, told[i]))
            proto_json_put(o, told[i], cJSON_Duplicate(proto_field_get(r->config, told[i]), true), &ok);
    proto_json_put(o, "seats", cJSON_CreateNumber(r->nseats), &ok);
    proto_json_put(o, "people", cJSON_CreateNumber(people), &ok);
    proto_json_put(o, "free", cJSON_CreateNumber(free_seats), &ok);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

cJSON *srv_public_tables(const Lobby *l)
{
    Room **waiting = malloc(((size_t)l->nrooms + 1) * sizeof *waiting);
    bool ok = waiting != NULL;
    int n = 0;
    for (int i = 0; ok && i < l->nrooms; i++)
        if (open_to_join(l->rooms[i]))
            waiting[n++] = l->rooms[i];
    if (ok)
        qsort(waiting, (size_t)n, sizeof *waiting, newest_first);
    cJSON *o = cJSON_CreateObject(), *list = cJSON_CreateArray();
    proto_json_put(o, "ok", cJSON_CreateTrue(), &ok);
    for (int i = 0; ok && i < n && i < SRV_LISTED_MAX; i++)
        proto_json_push(list, listed_json(waiting[i]), &ok);
    proto_json_put(o, "tables", list, &ok);
    free(waiting);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}
