/*
 * request_new.c — the `new` request (request.h; docs/protocol.md
 * "`new`"): rules, options, players, seed, dealer, deck.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/field.h"
#include "protocol/render.h"
#include "protocol/request.h"

#define MAX_PATH 4096

/* A name that is no built-in rule set, where no rules file may be opened
 * (a server; uno table --builtin-rules). */
static int fail_unknown(const char *name, char *err, size_t errlen)
{
    snprintf(err, errlen, "rules: unknown rule set '%.60s' (%s); this table opens no rules files", name,
             uno_rules_builtin_list());
    return UNO_E_BAD_REQUEST;
}

/* A built-in rule set by name, else what the loader makes of it. */
static int load_rules(const char *name, UnoRulesLoader load, UnoRules *r, char *err, size_t errlen)
{
    if (uno_rules_builtin_text(name))
        return uno_rules_preset(name, r, err, errlen) == UNO_OK ? UNO_OK : UNO_E_BAD_REQUEST;
    if (load)
        return load(name, r, err, errlen) == UNO_OK ? UNO_OK : UNO_E_BAD_REQUEST;
    return fail_unknown(name, err, errlen);
}

/* "name": the rule set's name as `state` shows it (a normalised request
 * carries it, as its "rules" is then a built-in base). */
static int read_name(const cJSON *req, UnoRules *r, char *err, size_t errlen)
{
    const char *name;
    if (!proto_field_has(req, "name"))
        return UNO_OK;
    int st = proto_field_string(req, "name", sizeof r->name - 1, &name, err, errlen);
    if (st == UNO_OK)
        snprintf(r->name, sizeof r->name, "%s", name);
    return st;
}

/* An option's value as uno_rules_set reads it. Types are strict, as for
 * every field (docs/protocol.md): true/false for yes/no options, a whole
 * number for numbers, a string for the rest. An unknown name passes its
 * text on, for uno_rules_set's message. */
static int option_text(const cJSON *o, char *text, size_t len, char *err, size_t errlen)
{
    const UnoOptionInfo *opt = uno_rules_option(o->string);
    UnoOptType type = opt ? opt->type : UNO_OPT_ENUM;
    int64_t i;
    if (cJSON_IsBool(o) && (!opt || type == UNO_OPT_BOOL))
        snprintf(text, len, "%s", cJSON_IsTrue(o) ? "true" : "false");
    else if (proto_json_exact_int(o, &i) && i >= INT32_MIN && i <= INT32_MAX && (!opt || type == UNO_OPT_INT))
        snprintf(text, len, "%" PRId64, i);
    else if (cJSON_IsString(o) && strlen(o->valuestring) < len && type != UNO_OPT_BOOL && type != UNO_OPT_INT)
        snprintf(text, len, "%s", o->valuestring);
    else {
        snprintf(err, errlen, "option '%.40s': %s", o->string,
                 type == UNO_OPT_BOOL  ? "must be true or false"
                 : type == UNO_OPT_INT ? "must be a whole number"
                                       : "must be a string, one of its values");
        return UNO_E_BAD_REQUEST;
    }
    return UNO_OK;
}

/* "options": {"name": value}: each set in order. */
static int apply_options(const cJSON *req, UnoRules *r, char *err, size_t errlen)
{
    const cJSON *opts = proto_field_get(req, "options");
    if (!opts)
        return UNO_OK;
    if (!cJSON_IsObject(opts)) {
        snprintf(err, errlen, "field 'options' must be an object");
        return UNO_E_BAD_REQUEST;
    }
    for (const cJSON *o = opts->child; o; o = o->next) {
        char text[32];
        if (option_text(o, text, sizeof text, err, errlen) != UNO_OK)
            return UNO_E_BAD_REQUEST;
        char why[UNO_ERR_LEN];
        if (uno_rules_set(r, o->string, text, why, sizeof why) != UNO_OK) {
            snprintf(err, errlen, "options: %s", why);
            return UNO_E_BAD_REQUEST;
        }
    }
    return UNO_OK;
}

/* "players": [{"name": ..., "age": ...}] (age optional, 0). */
static int read_players(const cJSON *req, UnoSetup *s, char *err, size_t errlen)
{
    const cJSON *players = proto_field_get(req, "players");
    if (!players || !cJSON_IsArray(players) || cJSON_GetArraySize(players) == 0) {
        snprintf(err, errlen, "field 'players' must be a list of players");
        return UNO_E_BAD_REQUEST;
    }
    if (cJSON_GetArraySize(players) > UNO_MAX_PLAYERS) {
        snprintf(err, errlen, "field 'players': at most %d players", UNO_MAX_PLAYERS);
        return UNO_E_BAD_REQUEST;
    }
    for (const cJSON *p = players->child; p; p = p->next) {
        if (!cJSON_IsObject(p)) {
            snprintf(err, errlen, "field 'players': player %d must be an object", s->nplayers);
            return UNO_E_BAD_REQUEST;
        }
        int st = proto_field_person(p, &s->players[s->nplayers], err, errlen);
        if (st != UNO_OK)
            return st;
        s->nplayers++;
    }
    return UNO_OK;
}

/* "seed": a number up to 2^53, or a string of decimal digits for any 64-bit seed. */
static int read_seed(const cJSON *req, uint64_t *seed, char *err, size_t errlen)
{
    const cJSON *v = proto_field_get(req, "seed");
    if (!v)
        return UNO_OK;
    if (cJSON_IsString(v)) {
        const char *p = v->valuestring;
        uint64_t x = 0;
        bool ok = *p != '\0';
        for (; ok && *p; p++) {
            unsigned d = (unsigned)(*p - '0');
            ok = d <= 9 && x <= (UINT64_MAX - d) / 10;
            x = x * 10 + d;
        }
        if (!ok) {
            snprintf(err, errlen, "field 'seed': a string seed must be decimal digits below 2^64");
            return UNO_E_BAD_REQUEST;
        }
        *seed = x;
        return UNO_OK;
    }
    int64_t i;
    int st = proto_field_int(req, "seed", 0, UNO_FIELD_MAX_INT, &i, err, errlen);
    if (st == UNO_OK)
        *seed = (uint64_t)i;
    return st;
}

int proto_request_new(const cJSON *req, UnoRulesLoader load, int64_t t, UnoRules *rules,
                      UnoSetup *setup, char *err, size_t errlen)
{
    UnoRules r;
    UnoSetup s;
    const char *name;
    uno_setup_init(&s);
    int st = proto_field_string(req, "rules", MAX_PATH, &name, err, errlen);
    if (st == UNO_OK)
        st = load_rules(name, load, &r, err, errlen);
    if (st == UNO_OK)
        st = read_name(req, &r, err, errlen);
    if (st == UNO_OK)
        st = apply_options(req, &r, err, errlen);
    if (st == UNO_OK)
        st = read_players(req, &s, err, errlen);
    if (st == UNO_OK && uno_rules_validate(&r, s.nplayers, err, errlen) != UNO_OK)
        st = UNO_E_BAD_REQUEST;
    if (st == UNO_OK)
        st = read_seed(req, &s.seed, err, errlen);
    if (st == UNO_OK && proto_field_has(req, "dealer"))
        st = proto_field_seat(req, "dealer", s.nplayers, &s.dealer, err, errlen);
    if (st == UNO_OK && proto_field_has(req, "deck"))
        st = proto_field_cards(req, "deck", s.deck_top, UNO_MAX_CARDS, &s.ndeck_top, err, errlen);
    if (st != UNO_OK)
        return st;
    s.t = t < 0 ? 0 : t;
    /* a table seats every newcomer and spectator its rules let in */
    s.room_newcomers = UNO_MAX_PLAYERS;
    s.room_spectators = UNO_MAX_SPECTATORS;
    *rules = r;
    *setup = s;
    return UNO_OK;
}

cJSON *proto_new_json(const UnoRules *rules, const UnoSetup *setup, int64_t t)
{
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "op", cJSON_CreateString("new"), &ok);
    bool builtin = uno_rules_builtin_text(rules->name) != NULL;
    proto_json_put(o, "rules",
                   cJSON_CreateString(builtin ? rules->name : uno_rules_builtin_names()[0]), &ok);
    if (!builtin && rules->name[0])
        proto_json_put(o, "name", cJSON_CreateString(rules->name), &ok);
    proto_json_put(o, "options", proto_rules_json(rules), &ok);
    cJSON *players = cJSON_CreateArray();
    for (int i = 0; i < setup->nplayers; i++) {
        proto_json_push(players, proto_json_person(&setup->players[i]), &ok);
    }
    proto_json_put(o, "players", players, &ok);
    if (setup->seed <= (uint64_t)UNO_FIELD_MAX_INT) {
        proto_json_put(o, "seed", proto_json_int((int64_t)setup->seed), &ok);
    } else {
        char digits[24];
        snprintf(digits, sizeof digits, "%" PRIu64, setup->seed);
        proto_json_put(o, "seed", cJSON_CreateString(digits), &ok);
    }
    if (setup->dealer >= 0)
        proto_json_put(o, "dealer", cJSON_CreateNumber(setup->dealer), &ok);
    if (setup->ndeck_top > 0)
        proto_json_put(o, "deck", proto_json_cards(setup->deck_top, setup->ndeck_top), &ok);
    if (t >= 0)
        proto_json_put(o, "t", proto_json_int(t), &ok);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}
