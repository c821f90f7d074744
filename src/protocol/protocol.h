/*
 * protocol.h — one table spoken as JSON Lines (docs/protocol.md): a
 * UnoTable holds the current game and turns one request line into exactly
 * one response line. `uno table`, `uno replay`, the server
 * and bot adapters all go through it.
 *
 * What this module owns: the current game (created by `new`, replaced by the
 * next successful `new`), the request clock check, the mapping of requests
 * to engine actions and of the results to responses.
 *
 * What stays true:
 *  - Every call of proto_table_handle() answers with one line of JSON (no
 *    newline); proto_table_request() and proto_table_act() answer the same as
 *    an object. Out of memory is answered server_error, the game as before
 *    the request (docs/protocol.md "Errors"). NULL only when the log hook
 *    refused the request (undone: the game is as before it), or when not
 *    even the error's line could be made.
 *  - A request that fails ({"ok":false,...}) changes nothing, not even the
 *    clock, and is not logged.
 *  - Every accepted state-changing request (new and the actions, not legal,
 *    state, view) goes to the log hook as a normalised request line before
 *    the answer is returned; feeding those lines to a fresh table rebuilds a
 *    game with the same uno_game_hash(). That list of lines is a save file.
 *  - The table opens no file: a `new` naming no built-in rule set goes to
 *    the rules loader the front end installed (uno table: rules files), and
 *    without one it is a bad_request. A server installs none, so that its
 *    clients cannot open files.
 */
#ifndef UNO_PROTOCOL_H
#define UNO_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "uno.h"
#include "uno_match.h"

/* The longest request line (without its newline); longer lines are answered
 * with bad_request "request too long" without being parsed. */
#define UNO_TABLE_MAX_LINE (64 * 1024)

typedef struct UnoTable UnoTable;

/* Receives each accepted state-changing request as one normalised line (no
 * newline) and the hash of the state it made (proto_table_hash). Returns false
 * when it could not keep it: the request is then undone and
 * proto_table_handle() returns NULL. */
typedef bool (*UnoTableLogFn)(void *ctx, const char *line, uint64_t hash);

/* Loads the rule set a `new` request names when it is no built-in one (the
 * signature of cli_load_rules). UNO_OK, or a status and a message. */
typedef int (*UnoRulesLoader)(const char *name, UnoRules *out, char *err, size_t errlen);

/* A table with no game and no rules loader. NULL when out of memory. */
UnoTable *proto_table_new(void);
void proto_table_free(UnoTable *t);
/* Sets (NULL: removes) the loader of rule sets that are not built in. */
void proto_table_set_rules_loader(UnoTable *t, UnoRulesLoader load);
/* Sets (fn NULL: removes) the log hook. */
void proto_table_set_log(UnoTable *t, UnoTableLogFn fn, void *ctx);
/* The hash of the whole state: the game's, and its match's when it is part
 * of one (match NULL: none). */
uint64_t proto_state_hash(const UnoGame *g, const UnoMatch *match);
/* The table's proto_state_hash; 0 before the first game. `state` shows it as
 * "hash". */
uint64_t proto_table_hash(const UnoTable *t);
/* The current game, or NULL before the first successful `new`. */
const UnoGame *proto_table_game(const UnoTable *t);
/* The match the current game is part of, or NULL. */
const UnoMatch *proto_table_match(const UnoTable *t);
/* How many of the table's games are over (a match's finished games); 0
 * before the first. */
int proto_table_games_over(const UnoTable *t);
/* Whether the table will deal no more games: its game is over, and its
 * match (if any) too. */
bool proto_table_all_played(const UnoTable *t);

/* The events of the last request that was kept, as `viewer` may see them
 * (a seat, UNO_VIEWER_SPECTATOR or UNO_VIEWER_REFEREE): a JSON array for
 * the caller to cJSON_Delete(), NULL when out of memory. The server tells
 * each of its connections what one request did through this. */
struct cJSON *proto_table_events(const UnoTable *t, int viewer);
/* What the viewer may see of the current game: `view`'s object (with the
 * match's when the game is part of one), for the caller to cJSON_Delete();
 * NULL when out of memory. Only while there is a game. */
struct cJSON *proto_table_view(const UnoTable *t, int viewer);
/* The moves seat could make at the game's clock `clock` (-1: the game's
 * own), as `legal` with "t" lists them: a catch whose grace has run out since
 * the last action is there; NULL when out of memory. Only while there is a
 * game. */
struct cJSON *proto_table_moves(const UnoTable *t, int seat, int64_t clock);
/* What the viewer has seen of the current game, event by event (NULL
 * before the first game): the record a seat's bot samples its worlds from. */
const UnoHistory *proto_table_seen(const UnoTable *t, int viewer);

/* Answers one request line of len bytes (no newline; need not be
 * NUL-terminated). Returns a malloc'd NUL-terminated line for the caller to
 * free(), or NULL as said above. */
char *proto_table_handle(UnoTable *t, const char *line, size_t len);
/* The same for a request its caller has parsed already (a server, which
 * reads every message as a game's line is read: text.h): the answer as an
 * object for the caller to cJSON_Delete(), NULL where proto_table_handle()
 * returns NULL and when out of memory. Nothing is printed but the
 * normalised line for the log hook. */
struct cJSON *proto_table_request(UnoTable *t, const struct cJSON *req);
/* The same for an action its caller made (a bot's, a timer's): applied as
 * the request that carries it would be, its events rendered for the
 * referee, without being printed and read back. */
struct cJSON *proto_table_act(UnoTable *t, const UnoAction *a);

/* The table's own outcome beside the engine's UnoStatus values (negative,
 * so that no status is one): a request that needs a game before any `new`. */
enum { UNO_TABLE_NO_GAME = -2 };

/* The protocol's error code of an engine status or of UNO_TABLE_NO_GAME:
 * "illegal" (UNO_E_NO_ROOM too: the table is full), "over", "no_game", ...,
 * "server_error" for UNO_E_NOMEM, "bad_request" for any other
 * (docs/protocol.md "Errors"). */
const char *proto_status_code(int st);
/* True when a response line says "ok": true (a cheap check for front ends
 * that replay files). */
bool proto_table_response_ok(const char *response);

/*
 * Reads one line from f into buf (cap + 1 bytes: the line, then a NUL) and
 * returns its length without the newline (a CR before it is dropped too).
 * A line longer than cap is read to its end but only its first cap bytes are
 * kept, and the result is cap + 1, i.e. longer than any acceptable line, so
 * that no more than cap bytes are ever buffered. Returns -1 at the end of
 * the input (nothing read). *newline says whether the line ended with '\n'
 * (false only for a last line cut short).
 */
long proto_line_read(FILE *f, char *buf, size_t cap, bool *newline);

#endif
