/*
 * match_ops.c — matches, sessions and tournaments over the table protocol
 * (match_ops.h; docs/protocol.md "Matches, sessions and tournaments").
 */
#include <stdio.h>
#include <string.h>

#include "protocol/field.h"
#include "protocol/match_ops.h"

/* A field that is there and not false (a value of the wrong type is read,
 * and refused, by read_options()). */
static bool asked(const cJSON *req, const char *key)
{
    const cJSON *v = proto_field_get(req, key);
    return v && !cJSON_IsFalse(v);
}

bool proto_match_requested(const cJSON *req) { return asked(req, "match") || asked(req, "tournament"); }

/* A non-negative count field of the "match" object. */
static int read_count(const cJSON *obj, const char *key, int *out, char *err, size_t errlen)
{
    if (!proto_field_has(obj, key))
        return UNO_OK;
    int64_t v;
    int st = proto_field_int(obj, key, 0, 1000000, &v, err, errlen);
    if (st == UNO_OK)
        *out = (int)v;
    return st;
}

/* "match": true, or {"target": N, "games": N, "cycles": N, "tournament":
 * bool}; "tournament": true alone is a tournament of the rule set. false
 * (either) asks for nothing. */
static int read_options(const cJSON *req, UnoMatchOptions *o, char *err, size_t errlen)
{
    uno_match_options_init(o);
    int st = UNO_OK;
    if (proto_field_has(req, "tournament"))
        st = proto_field_bool(req, "tournament", &o->tournament, err, errlen);
    const cJSON *m = proto_field_get(req, "match");
    if (st != UNO_OK || !m)
        return st;
    if (cJSON_IsBool(m))
        return UNO_OK;
    if (!cJSON_IsObject(m)) {
        snprintf(err, errlen, "field 'match' must be true or an object");
        return UNO_E_BAD_REQUEST;
    }
    for (const cJSON *f = m->child; f; f = f->next)
        if (strcmp(f->string, "target") && strcmp(f->string, "games") && strcmp(f->string, "cycles") &&
            strcmp(f->string, "tournament")) {
            snprintf(err, errlen, "field 'match': unknown field '%.40s'", f->string);
            return UNO_E_BAD_REQUEST;
        }
    bool tournament = false;
    if (proto_field_has(m, "tournament"))
        st = proto_field_bool(m, "tournament", &tournament, err, errlen);
    o->tournament = o->tournament || tournament;
    if (st == UNO_OK)
        st = read_count(m, "target", &o->target, err, errlen);
    if (st == UNO_OK)
        st = read_count(m, "games", &o->games, err, errlen);
    if (st == UNO_OK)
        st = read_count(m, "cycles", &o->cycles, err, errlen);
    if (st != UNO_OK) { /* name the object the field is in */
        char inner[UNO_ERR_LEN];
        snprintf(inner, sizeof inner, "%s", err);
        snprintf(err, errlen, "match: %s", inner);
    }
    return st;
}

int proto_match_request_new(const cJSON *req, const UnoRules *rules, const UnoSetup *setup,
                            UnoMatch **out, char *err, size_t errlen)
{
    UnoMatchOptions o;
    int st = read_options(req, &o, err, errlen);
    if (st != UNO_OK)
        return st;
    return uno_match_create(rules, setup, &o, out, err, errlen);
}

void proto_match_put_options(cJSON *normalised, const UnoMatch *m, bool *ok)
{
    const UnoMatchOptions *o = uno_match_options(m);
    cJSON *j = cJSON_CreateObject();
    proto_json_put(j, "tournament", cJSON_CreateBool(o->tournament), ok);
    proto_json_put(j, "target", cJSON_CreateNumber(o->target), ok);
    proto_json_put(j, "games", cJSON_CreateNumber(o->games), ok);
    proto_json_put(j, "cycles", cJSON_CreateNumber(o->cycles), ok);
    proto_json_put(normalised, "match", j, ok);
}

bool proto_match_op_known(const char *op) { return strcmp(op, "next") == 0 || strcmp(op, "stop") == 0; }

int proto_match_op(UnoMatch *m, const char *op, int64_t clock, UnoEventFn emit, void *ctx, char *err,
                   size_t errlen)
{
    if (strcmp(op, "next") == 0)
        return uno_match_next(m, clock, emit, ctx, err, errlen);
    return uno_match_stop(m, err, errlen);
}

cJSON *proto_match_op_json(const char *op, int64_t clock)
{
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "op", cJSON_CreateString(op), &ok);
    if (clock >= 0)
        proto_json_put(o, "t", proto_json_int(clock), &ok);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* ------------------------------------------------------------ the state */

static const char *const kind_names[] = {
    [UNO_MATCH_TARGET] = "target",
    [UNO_MATCH_TOURNAMENT] = "tournament",
    [UNO_MATCH_SESSION] = "session",
};

static cJSON *player_or_null(int player)
{
    return player >= 0 ? cJSON_CreateNumber(player) : cJSON_CreateNull();
}

/* One number per player; NULL-valued (-1) entries become null. */
static cJSON *by_player(const UnoMatch *m, int (*value)(const UnoMatch *, int), bool *ok)
{
    cJSON *list = cJSON_CreateArray();
    for (int p = 0; p < uno_match_nplayers(m); p++) {
        int v = value(m, p);
        proto_json_push(list, v >= 0 ? cJSON_CreateNumber(v) : cJSON_CreateNull(), ok);
    }
    return list;
}

/* The score pad: a list per game (the current one once over), by player. */
static cJSON *pad_json(const UnoMatch *m, bool *ok)
{
    cJSON *games = cJSON_CreateArray();
    int last = uno_match_game_number(m) - (uno_game_over(uno_match_game(m)) ? 0 : 1);
    for (int k = 0; k <= last; k++) {
        cJSON *row = cJSON_CreateArray();
        for (int p = 0; p < uno_match_nplayers(m); p++) {
            int v = uno_match_score(m, k, p);
            proto_json_push(row, v >= 0 ? cJSON_CreateNumber(v) : cJSON_CreateNull(), ok);
        }
        proto_json_push(games, row, ok);
    }
    return games;
}

/* Best first; players sharing a place stand in one list; unranked players
 * (disqualified; in a session, no game yet) are left out. */
static cJSON *standings_json(const UnoMatch *m, bool *ok)
{
    cJSON *ranking = cJSON_CreateArray();
    int n = uno_match_nplayers(m);
    for (int place = 1; place <= n; place++) {
        cJSON *here = NULL;
        for (int p = 0; p < n; p++)
            if (uno_match_rank(m, p) == place) {
                if (!here)
                    here = cJSON_CreateArray();
                proto_json_push(here, cJSON_CreateNumber(p), ok);
            }
        if (here)
            proto_json_push(ranking, here, ok);
    }
    return ranking;
}

static void put_session(cJSON *o, const UnoMatch *m, bool *ok)
{
    cJSON *averages = cJSON_CreateArray(), *out = cJSON_CreateArray();
    for (int p = 0; p < uno_match_nplayers(m); p++) {
        double a = uno_match_average(m, p);
        proto_json_push(averages, a >= 0 ? cJSON_CreateNumber(a) : cJSON_CreateNull(), ok);
        if (uno_match_disqualified(m, p))
            proto_json_push(out, cJSON_CreateNumber(p), ok);
    }
    proto_json_put(o, "averages", averages, ok);
    proto_json_put(o, "disqualified", out, ok);
}

static void put_tournament(cJSON *o, const UnoMatch *m, bool *ok)
{
    UnoMatchSlot slot;
    uno_match_schedule(m, uno_match_game_number(m), &slot);
    cJSON *where = cJSON_CreateObject();
    proto_json_put(where, "round", cJSON_CreateNumber(slot.round), ok);
    proto_json_put(where, "hand", cJSON_CreateNumber(slot.hand), ok);
    proto_json_put(where, "table", cJSON_CreateNumber(slot.table), ok);
    proto_json_put(o, "slot", where, ok);
    cJSON *partners = cJSON_CreateArray();
    for (int p = 0; p < uno_match_nplayers(m); p++) {
        cJSON *row = cJSON_CreateArray();
        for (int q = 0; q < uno_match_nplayers(m); q++)
            proto_json_push(row, cJSON_CreateNumber(uno_match_partnership(m, p, q)), ok);
        proto_json_push(partners, row, ok);
    }
    proto_json_put(o, "partnerships", partners, ok);
}

cJSON *proto_match_json(const UnoMatch *m)
{
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    UnoMatchKind kind = uno_match_kind(m);
    int planned = uno_match_games_planned(m);
    proto_json_put(o, "kind", cJSON_CreateString(kind_names[kind]), &ok);
    proto_json_put(o, "game", cJSON_CreateNumber(uno_match_game_number(m)), &ok);
    proto_json_put(o, "games", planned > 0 ? cJSON_CreateNumber(planned) : cJSON_CreateNull(), &ok);
    if (kind == UNO_MATCH_TARGET)
        proto_json_put(o, "target", cJSON_CreateNumber(uno_match_target(m)), &ok);
    proto_json_put(o, "over", cJSON_CreateBool(uno_match_over(m)), &ok);
    cJSON *players = cJSON_CreateArray(), *seats = cJSON_CreateArray();
    for (int p = 0; p < uno_match_nplayers(m); p++)
        proto_json_push(players, proto_json_person(uno_match_player(m, p)), &ok);
    for (int s = 0; uno_match_seat_player(m, s) >= 0; s++)
        proto_json_push(seats, cJSON_CreateNumber(uno_match_seat_player(m, s)), &ok);
    proto_json_put(o, "players", players, &ok);
    proto_json_put(o, "seats", seats, &ok);
    proto_json_put(o, "totals", by_player(m, uno_match_total, &ok), &ok);
    proto_json_put(o, "played", by_player(m, uno_match_games_played, &ok), &ok);
    proto_json_put(o, "scores", pad_json(m, &ok), &ok);
    if (uno_match_team_total(m, 0) >= 0) {
        cJSON *teams = cJSON_CreateArray();
        for (int t = 0; t < 2; t++)
            proto_json_push(teams, cJSON_CreateNumber(uno_match_team_total(m, t)), &ok);
        proto_json_put(o, "team_totals", teams, &ok);
    }
    if (kind == UNO_MATCH_SESSION)
        put_session(o, m, &ok);
    if (kind == UNO_MATCH_TOURNAMENT)
        put_tournament(o, m, &ok);
    proto_json_put(o, "ranking", standings_json(m, &ok), &ok);
    proto_json_put(o, "winner", player_or_null(uno_match_winner(m)), &ok);
    proto_json_put(o, "loser", player_or_null(uno_match_loser(m)), &ok);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}
