/*
 * config.c — a table's create request (docs/protocol.md "The server"):
 * its checks, the seats and settings it asks for, and the table protocol's
 * `new` request that starts its game (room.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/field.h"
#include "protocol/match_ops.h"
#include "protocol/render.h"
#include "protocol/request.h"
#include "server/room.h"

static const char *const watch_names[] = {"none", "counts", "hands"};
/* What a create request may hold: "op" and "id", then the table's fields in
 * the order its normalised form keeps them (docs/protocol.md "Lobby
 * requests"). */
static const char *const create_fields[] = {"op", "id", "rules", "options", "seats", "spectators", "bot_pace_ms",
                                            "away_bot_ms", "match", "tournament", "deck", "dealer", "public"};
#define TABLE_FIELDS_FROM 2 /* create_fields from here on are the table's */
static const char *const bot_levels[] = {"easy", "medium", "hard", "expert"};

/* Whether a create request's seat names a bot level. */
static bool is_level(const char *name)
{
    for (size_t i = 0; i < sizeof bot_levels / sizeof bot_levels[0]; i++)
        if (strcmp(name, bot_levels[i]) == 0)
            return true;
    return false;
}

/* The operator's program of that name, or NULL. */
static const UnoServeBot *registered(const SrvBots *bots, const char *name)
{
    for (int i = 0; bots && i < bots->n; i++)
        if (strcmp(name, bots->list[i].name) == 0)
            return &bots->list[i];
    return NULL;
}

cJSON *srv_bot_names(const SrvBots *bots)
{
    cJSON *names = cJSON_CreateArray();
    bool ok = names != NULL;
    for (size_t i = 0; i < sizeof bot_levels / sizeof bot_levels[0]; i++)
        proto_json_push(names, cJSON_CreateString(bot_levels[i]), &ok);
    for (int i = 0; bots && i < bots->n; i++)
        proto_json_push(names, cJSON_CreateString(bots->list[i].name), &ok);
    if (!ok) {
        cJSON_Delete(names);
        return NULL;
    }
    return names;
}

int srv_config_add_bot(UnoServeConfig *c, const char *arg, char *err, size_t errlen)
{
    const char *eq = strchr(arg, '=');
    size_t len = eq ? (size_t)(eq - arg) : 0;
    bool name_ok = len > 0 && len < UNO_SERVE_BOT_NAME_LEN;
    for (size_t i = 0; name_ok && i < len; i++)
        name_ok = (arg[i] >= 'a' && arg[i] <= 'z') || (arg[i] >= '0' && arg[i] <= '9') || arg[i] == '-' ||
                  arg[i] == '_';
    if (!name_ok) {
        snprintf(err, errlen, "--bot NAME=SPEC: NAME is 1 to %d of a-z, 0-9, '-', '_' (got '%.40s')",
                 UNO_SERVE_BOT_NAME_LEN - 1, arg);
        return UNO_E_BAD_REQUEST;
    }
    char name[UNO_SERVE_BOT_NAME_LEN];
    snprintf(name, sizeof name, "%.*s", (int)len, arg);
    SrvBots known = {c->bots, c->nbots};
    if (strcmp(name, "human") == 0 || is_level(name) || registered(&known, name)) {
        snprintf(err, errlen, "--bot %s: that name is taken (human, the levels, or an earlier --bot)", name);
        return UNO_E_BAD_REQUEST;
    }
    if (c->nbots == UNO_SERVE_MAX_BOTS) {
        snprintf(err, errlen, "--bot: at most %d programs", UNO_SERVE_MAX_BOTS);
        return UNO_E_BAD_REQUEST;
    }
    UnoBotKind kind;
    UnoBotParams params;
    bot_params_default(&params);
    const char *spec = eq + 1;
    if (strncmp(spec, "cmd:", 4) != 0 || strlen(spec) >= sizeof c->bots[0].spec ||
        bot_parse(spec, &kind, &params, err, errlen) != UNO_OK || kind != UNO_BOT_EXTERNAL) {
        snprintf(err, errlen, "--bot %s: SPEC is 'cmd:COMMAND' or 'cmd:Nms:COMMAND' (got '%.60s')", name, spec);
        return UNO_E_BAD_REQUEST;
    }
    UnoServeBot *b = &c->bots[c->nbots++];
    snprintf(b->name, sizeof b->name, "%s", name);
    snprintf(b->spec, sizeof b->spec, "%s", spec);
    return UNO_OK;
}

static int read_watch(const cJSON *req, WatchMode *out, char *err, size_t errlen)
{
    *out = WATCH_COUNTS;
    if (!proto_field_has(req, "spectators"))
        return UNO_OK;
    const char *name;
    int st = proto_field_string(req, "spectators", 16, &name, err, errlen);
    for (int i = 0; st == UNO_OK && i < 3; i++)
        if (strcmp(name, watch_names[i]) == 0) {
            *out = (WatchMode)i;
            return UNO_OK;
        }
    if (st == UNO_OK)
        snprintf(err, errlen, "field 'spectators': \"none\", \"counts\" or \"hands\"");
    return UNO_E_BAD_REQUEST;
}

const char *srv_watch_name(WatchMode m) { return watch_names[m]; }

/* An optional whole number field between min and max, default def. */
static int read_int(const cJSON *req, const char *key, int64_t min, int64_t max, int def, int *out,
                    char *err, size_t errlen)
{
    int64_t v = def;
    int st = proto_field_has(req, key) ? proto_field_int(req, key, min, max, &v, err, errlen) : UNO_OK;
    *out = (int)v;
    return st;
}

/* The `new` request that starts the table's game: its rules and options,
 * its players (people as they sat, bots by level), a fresh seed. The
 * table's spectators see every hand exactly when it lets them (the option
 * spectators_see_hands, whatever the rule set's default). */
cJSON *srv_config_new_game(const cJSON *config, WatchMode watching, const RoomSeat *seats, int n, uint64_t seed)
{
    cJSON *req = cJSON_CreateObject();
    bool ok = req != NULL;
    proto_json_put(req, "op", cJSON_CreateString("new"), &ok);
    static const char *const copied[] = {"rules", "options", "match", "tournament", "deck", "dealer"};
    for (size_t i = 0; ok && i < sizeof copied / sizeof copied[0]; i++)
        if (proto_field_has(config, copied[i]))
            proto_json_put(req, copied[i], cJSON_Duplicate(proto_field_get(config, copied[i]), true), &ok);
    cJSON *options = cJSON_GetObjectItemCaseSensitive(req, "options");
    if (ok && !options)
        ok = (options = cJSON_AddObjectToObject(req, "options")) != NULL;
    if (ok && cJSON_IsObject(options)) {
        cJSON_DeleteItemFromObjectCaseSensitive(options, "spectators_see_hands");
        proto_json_put(options, "spectators_see_hands", cJSON_CreateBool(watching == WATCH_HANDS), &ok);
    }
    cJSON *players = cJSON_CreateArray();
    for (int s = 0; s < n; s++) {
        UnoPlayerInfo p = {.age = seats[s].age};
        snprintf(p.name, sizeof p.name, "%s", seats[s].name);
        proto_json_push(players, proto_json_person(&p), &ok);
    }
    proto_json_put(req, "players", players, &ok);
    proto_json_put(req, "seed", proto_json_int((int64_t)(seed & ((1ULL << 53) - 1))), &ok);
    proto_json_put(req, "t", proto_json_int(0), &ok);
    if (!ok) {
        cJSON_Delete(req);
        return NULL;
    }
    return req;
}

/* The seats a create request asks for, as they stand before anyone sits:
 * bots named after their level, aged 30. */
static int read_seats(const cJSON *req, const SrvBots *bots, RoomSeat *seats, int *n, char *err, size_t errlen)
{
    const cJSON *list = proto_field_get(req, "seats");
    if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) < 2 || cJSON_GetArraySize(list) > UNO_MAX_PLAYERS) {
        snprintf(err, errlen, "field 'seats': a list of 2 to %d seats, each \"human\" or a bot level "
                              "(easy, medium, hard, expert)", UNO_MAX_PLAYERS);
        return UNO_E_BAD_REQUEST;
    }
    *n = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, list) {
        RoomSeat *s = &seats[(*n)++];
        memset(s, 0, sizeof *s);
        const char *kind = cJSON_IsString(item) ? item->valuestring : "";
        s->human = strcmp(kind, "human") == 0;
        const UnoServeBot *program = s->human ? NULL : registered(bots, kind);
        if (!s->human && !is_level(kind) && !program) {
            snprintf(err, errlen,
                     "field 'seats': seat %d is \"%.16s\": \"human\", a level (easy, medium, hard, expert) "
                     "or a bot the server names in its hello",
                     *n - 1, kind);
            return UNO_E_BAD_REQUEST;
        }
        if (!s->human) {
            bot_params_default(&s->params);
            if (bot_parse(program ? program->spec : kind, &s->bot, &s->params, err, errlen) != UNO_OK)
                return UNO_E_BAD_REQUEST;
            snprintf(s->level, sizeof s->level, "%s", kind);
            snprintf(s->name, sizeof s->name, "%s bot %d", kind, *n);
            s->age = 30;
        }
    }
    return UNO_OK;
}

int srv_config_read(const cJSON *config, const SrvBots *bots, RoomSeat *seats, int *nseats, WatchMode *watching,
                    int *pace, int *away, char *err, size_t errlen)
{
    int st = read_seats(config, bots, seats, nseats, err, errlen);
    if (st == UNO_OK)
        st = read_watch(config, watching, err, errlen);
    if (st == UNO_OK)
        st = read_int(config, "bot_pace_ms", 0, 10000, 800, pace, err, errlen);
    if (st == UNO_OK)
        st = read_int(config, "away_bot_ms", 1000, 3600000, 30000, away, err, errlen);
    bool listed;
    if (st == UNO_OK && proto_field_has(config, "public"))
        st = proto_field_bool(config, "public", &listed, err, errlen);
    return st;
}

bool srv_config_public(const cJSON *config) { return cJSON_IsTrue(proto_field_get(config, "public")); }

int srv_config_check(const cJSON *req, bool allow_decks, const SrvBots *bots, char *err, size_t errlen)
{
    RoomSeat seats[UNO_MAX_PLAYERS];
    int n, pace, away;
    WatchMode watch;
    static const char *const scripted[] = {"deck", "dealer"}; /* a deal set in advance */
    for (size_t i = 0; !allow_decks && i < sizeof scripted / sizeof scripted[0]; i++)
        if (proto_field_has(req, scripted[i])) {
            snprintf(err, errlen, "field '%s': this server deals its own cards (uno serve --allow-decks)", scripted[i]);
            return UNO_E_BAD_REQUEST;
        }
    int st = proto_field_only(req, create_fields, sizeof create_fields / sizeof create_fields[0], "create", err,
                              errlen);
    if (st == UNO_OK)
        st = srv_config_read(req, bots, seats, &n, &watch, &pace, &away, err, errlen);
    if (st != UNO_OK)
        return st;
    for (int s = 0; s < n; s++) /* stand-ins for the people to come */
        if (seats[s].human)
            snprintf(seats[s].name, sizeof seats[s].name, "seat %d", s);
    /* the game it would start, with these seats: rules, options, match */
    cJSON *probe = srv_config_new_game(req, watch, seats, n, 1);
    UnoRules rules;
    UnoSetup *setup = malloc(sizeof *setup);
    st = probe && setup ? proto_request_new(probe, NULL, 0, &rules, setup, err, errlen) : UNO_E_NOMEM;
    if (st == UNO_OK && proto_match_requested(probe)) {
        UnoMatch *m = NULL;
        st = proto_match_request_new(probe, &rules, setup, &m, err, errlen);
        uno_match_free(m);
    } else if (st == UNO_OK) {
        UnoGame *g;
        st = uno_game_create(&rules, setup, &g, err, errlen);
        uno_game_free(g);
    }
    free(setup);
    cJSON_Delete(probe);
    return st;
}

cJSON *srv_config_normalised(const cJSON *req)
{
    cJSON *config = cJSON_CreateObject();
    bool ok = config != NULL;
    for (size_t i = TABLE_FIELDS_FROM; ok && i < sizeof create_fields / sizeof create_fields[0]; i++)
        if (proto_field_has(req, create_fields[i]))
            proto_json_put(config, create_fields[i], cJSON_Duplicate(proto_field_get(req, create_fields[i]), true), &ok);
    if (!ok) {
        cJSON_Delete(config);
        return NULL;
    }
    return config;
}

/* The `rules` answer's option list: each option's name, type, values,
 * meaning and source (the words of `uno rules`). */
static cJSON *options_info_json(bool *ok)
{
    static const char *const type_names[] = {
        [UNO_OPT_BOOL] = "bool", [UNO_OPT_INT] = "int", [UNO_OPT_ENUM] = "enum", [UNO_OPT_CARDS] = "cards"};
    size_t n;
    const UnoOptionInfo *info = uno_rules_options(&n);
    cJSON *list = cJSON_CreateArray();
    for (size_t i = 0; i < n; i++) {
        cJSON *o = cJSON_CreateObject();
        proto_json_put(o, "name", cJSON_CreateString(info[i].name), ok);
        proto_json_put(o, "type", cJSON_CreateString(type_names[info[i].type]), ok);
        if (info[i].values) {
            cJSON *values = cJSON_CreateArray();
            for (const char *const *v = info[i].values; *v; v++)
                proto_json_push(values, cJSON_CreateString(*v), ok);
            proto_json_put(o, "values", values, ok);
        }
        proto_json_put(o, "meaning", cJSON_CreateString(info[i].meaning), ok);
        proto_json_put(o, "source", cJSON_CreateString(info[i].source), ok);
        proto_json_push(list, o, ok);
    }
    return list;
}

cJSON *srv_config_rules_json(void)
{
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "ok", cJSON_CreateTrue(), &ok);
    cJSON *sets = cJSON_CreateObject();
    for (const char *const *name = uno_rules_builtin_names(); *name; name++) {
        UnoRules r;
        char err[UNO_ERR_LEN];
        if (uno_rules_preset(*name, &r, err, sizeof err) == UNO_OK)
            proto_json_put(sets, *name, proto_rules_json(&r), &ok);
    }
    proto_json_put(o, "rule_sets", sets, &ok);
    proto_json_put(o, "options", options_info_json(&ok), &ok);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}
