/*
 * owner.c — a card table among several servers sharing one database
 * (store.h "Several servers", docs/server.md "Several servers, one
 * database"). A server holds a table while the database says the table is
 * its own; a table another server holds is asked for, and the client told
 * to connect again (SRV_CLOSE_RETRY) while it moves; a table this server
 * is asked for is let go, its clients told the same. On an SQLite file
 * every table is the server's, and none of this happens.
 */
#include <stdio.h>
#include <string.h>

#include "server/keeper.h"
#include "server/room.h"

/* The client goes without leaving a trace at its table (the table goes),
 * told to connect again. */
static void close_retry(Client *c, const char *why)
{
    c->room = NULL;
    c->role = ROLE_NONE;
    srv_close_with(c->conn, SRV_CLOSE_RETRY, why);
}

/* The lobby's room i goes: its clients told to connect again, its lock
 * let go where the session still holds it (unlock). */
static void release(Lobby *l, int i, bool unlock, const char *why)
{
    Room *r = l->rooms[i];
    for (int s = 0; s < r->nseats; s++)
        if (r->seats[s].client)
            close_retry(r->seats[s].client, why);
    for (int w = 0; w < r->nwatchers; w++)
        close_retry(r->watchers[w], why);
    if (r->joiner)
        close_retry(r->joiner, why);
    if (unlock)
        srv_store_disown(l->store, r->code);
    srv_room_free(r);
    l->rooms[i] = l->rooms[--l->nrooms];
}

bool srv_owner_take(Lobby *l, Client *c, const char *key, const cJSON *id)
{
    switch (srv_store_own(l->store, key)) {
    case SRV_OWN_ELSEWHERE:
        if (!srv_store_ask_handoff(l->store, key))
            fprintf(l->log, "uno serve: table %s: its owner could not be asked for it: %s\n", key,
                    srv_store_error(l->store));
        close_retry(c, SRV_RETRY_MOVING);
        return false;
    case SRV_OWN_FAILED:
        srv_server_error(c, "the table could not be reached", srv_store_error(l->store), id);
        return false;
    case SRV_OWN_YES:
        break;
    }
    return true;
}

Room *srv_owner_claim(Lobby *l, Client *c, const char *code, const cJSON *id, bool *answered)
{
    *answered = true;
    if (!srv_owner_take(l, c, code, id))
        return NULL;
    if (!srv_store_find_table(l->store, code, srv_lobby_restore, l)) {
        srv_store_disown(l->store, code);
        srv_server_error(c, "the table could not be read", srv_store_error(l->store), id);
        return NULL;
    }
    Room *r = srv_lobby_find(l, code);
    if (!r)
        srv_store_disown(l->store, code);
    *answered = false;
    return r;
}

typedef struct Asked {
    Lobby *lobby;
    Keepers *keepers;
} Asked;

/* Another server asks for the table of that key: a scorekeeper table goes
 * at once; a card table once no bot of its is deciding on a thread
 * (srv_owner_tick). */
static void asked(void *ctx, const char *key)
{
    Asked *a = ctx;
    if (strncmp(key, SRV_KEEPER_KEY, strlen(SRV_KEEPER_KEY)) == 0)
        return srv_keeper_let_go(a->keepers, key + strlen(SRV_KEEPER_KEY), true, SRV_RETRY_MOVING);
    Room *r = srv_lobby_find(a->lobby, key);
    if (r)
        r->moving = true;
}

void srv_owner_tick(Lobby *l, Keepers *ks)
{
    if (srv_store_session_lost(l->store)) {
        fprintf(l->log, "uno serve: the database's session was lost: every table is let go, its clients told to "
                        "connect again\n");
        while (l->nrooms)
            release(l, l->nrooms - 1, false, SRV_RETRY_MOVING);
        srv_keeper_let_go(ks, NULL, false, SRV_RETRY_MOVING);
    }
    Asked a = {l, ks};
    srv_store_each_handoff(l->store, asked, &a);
    for (int i = l->nrooms - 1; i >= 0; i--)
        if (l->rooms[i]->moving && !l->rooms[i]->thinking)
            release(l, i, true, SRV_RETRY_MOVING);
}

void srv_owner_release_all(Lobby *l, Keepers *ks)
{
    while (l->nrooms)
        release(l, l->nrooms - 1, true, SRV_RETRY_STOPPING);
    srv_keeper_let_go(ks, NULL, true, SRV_RETRY_STOPPING);
}
