/*
 * seen.h — what each viewer of a table has seen of its game: one UnoHistory
 * per seat and one for the spectators, fed the events of every request the
 * table accepted (`view` with "history": docs/protocol.md).
 *
 * What stays true: a viewer's history holds the events of the current game
 * as that viewer saw them (uno_event_visible), from its deal, or from the
 * moment a newcomer sat down; seats move up with a newcomer as the game's do.
 */
#ifndef UNO_PROTOCOL_SEEN_H
#define UNO_PROTOCOL_SEEN_H

#include "uno.h"

typedef struct UnoSeen UnoSeen;

/* Every viewer with nothing seen. NULL when out of memory. */
UnoSeen *proto_seen_new(void);
void proto_seen_free(UnoSeen *s);
/* Every viewer sees the events of one request (a referee's UnoHistory).
 * UNO_OK, or UNO_E_NOMEM. */
int proto_seen_add(UnoSeen *s, const UnoRules *rules, const UnoHistory *events);
/* A seat's history, or the spectators' (UNO_VIEWER_SPECTATOR). */
const UnoHistory *proto_seen_by(const UnoSeen *s, int viewer);

#endif
