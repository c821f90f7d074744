/*
 * keeper.h — the server's scorekeeper tables (docs/scorekeeper.md): KPGUT
 * session scoring for a group playing with real cards. No card is dealt:
 * the table is told who finished, gave up, was warned or joined, and at the
 * hour what those still in hold; it scores with the engine's functions
 * (keeper_state.h, uno_session.h), keeps everything in the store (store.h)
 * and tells every watching connection.
 *
 * What stays true:
 *  - An action is in the store's keeper_log before anyone is told of it,
 *    and the table is rebuilt from that log at server start (on a shared
 *    database, when it is first asked for, owned by one server at a time
 *    as a card table is: owner.c); an undo is a line of the log that
 *    takes back the latest action not taken back.
 *  - Only the holder of the host's or the time-keeper's secret changes a
 *    table; anyone with its code may watch it and export its CSV.
 *  - The clock is the server's (wall-clock ms, never before the table's
 *    latest action); under --test-clock it stands still but for
 *    keeper_clock requests.
 */
#ifndef UNO_SERVER_KEEPER_H
#define UNO_SERVER_KEEPER_H

#include <cJSON.h>

#include "server/room.h"

typedef struct Keepers Keepers;
typedef struct Keeper Keeper; /* one scorekeeper table */

/* The scorekeeper tables of the lobby's store, rebuilt. NULL and a message
 * when they cannot be read. (The lobby counts them against --max-tables.)
 * Under test_clock, keeper_clock moves the lobby's clock too. */
Keepers *srv_keepers_new(Lobby *l, bool test_clock, char *err, size_t errlen);
void srv_keepers_free(Keepers *k);
/* The scorekeeper ops (docs/server.md "The scorekeeper"), which the
 * lobby's op table (lobby.c) finds and hands what they need. */
/* keeper_create: a table of the request's players, once admit(ctx) lets
 * the address make one (it answers the client when it does not); a bad
 * request is answered bad_request before admit is asked. */
void srv_keeper_create(Keepers *ks, Client *c, const cJSON *req, const cJSON *id, bool (*admit)(void *ctx),
                       void *ctx);
/* The table the request's "table" names, or NULL (c told why: bad_request,
 * no_table; on a shared database, a table another server holds:
 * srv_owner_take). */
Keeper *srv_keeper_named(Keepers *ks, Client *c, const cJSON *req, const cJSON *id);
/* keeper_watch: c watches k (and nothing else), and is sent it. */
void srv_keeper_watch(Keepers *ks, Keeper *k, Client *c, const cJSON *id);
/* keeper_act: with the host's or the time-keeper's secret, an action. */
void srv_keeper_act(Keepers *ks, Keeper *k, Client *c, const cJSON *req, const cJSON *id);
/* keeper_export: the session as CSV. */
void srv_keeper_export(Keeper *k, Client *c, const cJSON *id);
/* keeper_clock (--test-clock only): the clock moves on. */
void srv_keeper_clock(Keepers *ks, Client *c, const cJSON *req, const cJSON *id);
/* Run by the server's clock (`now`: srv_now_ms): about once a second, the
 * watchers of every table whose game's hour has passed since are told, so
 * that their pages show the alert and the counts form unasked. */
void srv_keeper_tick(Keepers *k, int64_t now);
/* The connection is closing: it watches nothing any more. */
void srv_keeper_unwatch(Keepers *k, const Client *c);
/* The scorekeeper tables as a kind of table that expires (expiry.h): a
 * table is vacant while nobody watches it, since its last action or its
 * last watcher. */
SrvTableKind srv_keepers_kind(Keepers *ks);
/* owner.c: the table of that code (NULL: every one) let go, its watchers
 * closed with SRV_CLOSE_RETRY and why, its lock too where the session
 * still holds it (unlock). */
void srv_keeper_let_go(Keepers *ks, const char *code, bool unlock, const char *why);
/* A table's session as CSV from the store (`uno serve --scores`): malloc'd,
 * or NULL and a message. */
char *srv_keeper_csv(SrvStore *store, const char *code, char *err, size_t errlen);

#endif
