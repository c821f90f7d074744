/*
 * keeper_state.h — one scorekeeper table as it stands (docs/scorekeeper.md):
 * the session's players, the score pad of its games, and the game at the
 * table now, played with real cards, whose finishes, give-ups, warnings,
 * joins and end are told to it. Built by folding its log's actions, one at
 * a time (keeper.c keeps the log and the clock). No I/O, no clock: an
 * action carries its time ("at", the server's ms).
 *
 * The scoring is the engine's (uno_session.h): the same functions score the
 * engine's own KPGUT games.
 *
 * What stays true:
 *  - srv_keeper_state_apply either applies the action and returns UNO_OK, or
 *    returns an error with a message and leaves the state as it was.
 *  - Players are numbered 0, 1, ... in the order of the create request,
 *    newcomers (KPGUT §13) after them in the order they joined, as the
 *    engine's matches number them; seats are the current game's, in
 *    clockwise order.
 *  - The current game counts in the standings once it is over, as in the
 *    engine's matches.
 */
#ifndef UNO_SERVER_KEEPER_STATE_H
#define UNO_SERVER_KEEPER_STATE_H

#include <cJSON.h>

#include "uno.h"
#include "uno_session.h"

/* Games a scorekeeper session holds at most. */
#define KEEPER_MAX_GAMES 200
/* In the score pad: not in that game; in it, with no score (ejected). */
#define KEEPER_NOT_IN (-2)
#define KEEPER_NO_SCORE (-1)

typedef struct KeeperPlayer {
    char name[UNO_NAME_LEN];
    int age;
    bool disqualified;          /* ejected under §15: out of the rest of the session */
} KeeperPlayer;

typedef struct KeeperSeat {
    int player;
    UnoOutcome out;             /* fate, order, minutes, hand; rank and score once over */
    int warnings;               /* §15, in this game */
} KeeperSeat;

typedef struct KeeperState {
    int nplayers;
    KeeperPlayer players[UNO_SESSION_MAX_PLAYERS];
    int ngames;                 /* games before the current one */
    int16_t pad[KEEPER_MAX_GAMES][UNO_SESSION_MAX_PLAYERS];
    /* the current game, number ngames */
    int nseats;
    KeeperSeat seats[UNO_MAX_PLAYERS];
    int64_t start;              /* server ms the time-keeper started the clock; 0: not yet */
    int finished;               /* players who went out */
    bool over, at_hour;
    int64_t elapsed;            /* once over: ms from the start to the end */
    int64_t last;               /* the time of the latest action */
} KeeperState;

/* The state of a new table from its create request ("players": 2 ..
 * UNO_MAX_PLAYERS people, each "name" and "age", names told apart). */
int srv_keeper_state_init(KeeperState *s, const cJSON *config, char *err, size_t errlen);
/* Applies one action: {"act", "at", ...} (docs/server.md "Scorekeeper").
 * UNO_OK, or UNO_E_BAD_REQUEST / UNO_E_ILLEGAL with a message and nothing
 * changed. "undo" is not an action here: keeper.c rebuilds the state. */
int srv_keeper_state_apply(KeeperState *s, const cJSON *action, char *err, size_t errlen);
/* The game's hour has passed (KPGUT "Scoring") and it is not over yet: its
 * players still in are ranked from their counts. */
bool srv_keeper_state_hour_up(const KeeperState *s, int64_t now);
/* The whole state for the page, the clock as of now (server ms). NULL when
 * out of memory. */
cJSON *srv_keeper_state_json(const KeeperState *s, int64_t now);
/* The session as CSV (RFC 4180), one row a player; malloc'd, NULL when out
 * of memory. */
char *srv_keeper_state_csv(const KeeperState *s);

#endif
