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
 *    and the table is rebuilt from that log at server start; an undo is a
 *    line of the log that takes back the latest action not taken back.
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

/* The scorekeeper tables of the lobby's store, rebuilt. NULL and a message
 * when they cannot be read. (The lobby counts them against --max-tables.)
 * Under test_clock, keeper_clock moves the lobby's clock too. */
Keepers *srv_keepers_new(Lobby *l, bool test_clock, char *err, size_t errlen);
void srv_keepers_free(Keepers *k);
/* Answers op when it is a scorekeeper op (keeper_create, keeper_watch,
 * keeper_act, keeper_export, keeper_clock): true; false when it is not. */
bool srv_keeper_op(Keepers *k, Client *c, const cJSON *req, const char *op, const cJSON *id);
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
/* A table's session as CSV from the store (`uno serve --scores`): malloc'd,
 * or NULL and a message. */
char *srv_keeper_csv(SrvStore *store, const char *code, char *err, size_t errlen);

#endif
