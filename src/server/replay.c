/*
 * replay.c — a table's finished games, step by step, as one viewer saw
 * them (docs/protocol.md "The server": `replay`). The table is rebuilt
 * from the store's log in a table of its own, and each accepted line is one
 * step: its events and the view after it, rendered for the viewer by the
 * engine's visibility rules. A game still going on is never replayed, and no
 * step carries a request line (the `new` line's seed would deal the match's
 * games to come). The whole table's view (every hand, every card drawn) waits
 * until the table has played its last game: a match's games are dealt from
 * one seed, and a finished game's every card is enough to work out the
 * generator, hence the deals to come.
 */
#include <stdlib.h>
#include <string.h>

#include "protocol/field.h"
#include "server/room.h"

/* The longest game a replay answers, in steps: bounded work, and a message
 * well inside a connection's send queue (a 4-player KPGUT game plays about
 * a thousand steps of some 700 bytes). */
#define REPLAY_MAX_STEPS 5000

typedef struct Replay {
    UnoTable *table;
    int want;           /* the game asked for */
    int game;           /* the game the log is in (-1 before the first new) */
    int viewer;
    cJSON *steps;       /* the game's steps, as they come */
    bool over;          /* the game asked for has ended */
    bool ok;
} Replay;

/* Whether a log line begins a game: `new`, or a match's `next`. */
static bool begins_game(const char *line)
{
    return strncmp(line, "{\"op\":\"new\"", 11) == 0 || strncmp(line, "{\"op\":\"next\"", 12) == 0;
}

/* The view without what never changes in a game (rules, players). */
static cJSON *step_view(const Replay *re)
{
    cJSON *view = proto_table_view(re->table, re->viewer);
    cJSON_DeleteItemFromObject(view, "options");
    cJSON_DeleteItemFromObject(view, "players");
    return view;
}

static bool replay_line(void *ctx, int64_t n, const char *line, const char *hash)
{
    (void)n;
    (void)hash;
    Replay *re = ctx;
    if (begins_game(line) && ++re->game > re->want)
        return false; /* past the game asked for */
    char *answer = proto_table_handle(re->table, line, strlen(line));
    bool accepted = proto_table_response_ok(answer);
    free(answer);
    if (!accepted) {
        re->ok = false;
        return false;
    }
    if (re->game != re->want || re->over) /* another game, or after its end (a match's stop) */
        return true;
    if (cJSON_GetArraySize(re->steps) >= REPLAY_MAX_STEPS) {
        re->ok = false;
        return false;
    }
    cJSON *step = cJSON_CreateObject();
    proto_json_put(step, "events", proto_table_events(re->table, re->viewer), &re->ok);
    proto_json_put(step, "view", step_view(re), &re->ok);
    proto_json_push(re->steps, step, &re->ok);
    re->over = uno_game_over(proto_table_game(re->table));
    return re->ok;
}

/* "as": a seat number, or "table" for the whole table (every hand). */
static int read_viewer(const Room *r, const cJSON *req, int *viewer, char *err, size_t errlen)
{
    const cJSON *as = proto_field_get(req, "as");
    if (cJSON_IsString(as) && strcmp(as->valuestring, "table") == 0) {
        *viewer = UNO_VIEWER_REFEREE;
        return UNO_OK;
    }
    return proto_field_seat(req, "as", r->nseats, viewer, err, errlen);
}

void srv_room_replay(Room *r, Client *c, const cJSON *req, const cJSON *id)
{
    char err[UNO_ERR_LEN];
    int64_t game = 0;
    Replay re = {.game = -1, .ok = true};
    if (read_viewer(r, req, &re.viewer, err, sizeof err) != UNO_OK ||
        (proto_field_has(req, "game") && proto_field_int(req, "game", 0, 100000, &game, err, sizeof err) != UNO_OK))
        return srv_reply_error(c, "bad_request", err, id);
    bool all_played = r->table && proto_table_all_played(r->table);
    if (re.viewer == UNO_VIEWER_REFEREE && !all_played)
        return srv_reply_error(c, "forbidden", "the whole table's view waits until the table's last game is over "
                                               "(a seat's own view may be replayed now)", id);
    if (re.viewer >= 0 && !all_played && !(c->room == r && c->role == ROLE_SEAT && c->seat == re.viewer))
        return srv_reply_error(c, "forbidden", "until the table's last game is over, only the seat itself may "
                                               "replay its view", id);
    re.want = (int)game;
    re.table = proto_table_new();
    re.steps = cJSON_CreateArray();
    bool read = re.table && re.steps && srv_store_each_action(r->lobby->store, r->code, replay_line, &re);
    proto_table_free(re.table);
    if (!read || !re.ok || !re.over) {
        cJSON_Delete(re.steps);
        return srv_reply_error(c, read && re.ok ? "no_game" : "bad_request",
                               read && re.ok ? "no finished game of that number at this table"
                                             : "that game could not be replayed",
                               id);
    }
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "ok", cJSON_CreateTrue(), &ok);
    proto_json_put(o, "table", cJSON_CreateString(r->code), &ok);
    proto_json_put(o, "game", proto_json_int(game), &ok);
    proto_json_put(o, "steps", re.steps, &ok);
    srv_reply(c, ok ? o : NULL, id);
    if (!ok)
        cJSON_Delete(o);
}
