/*
 * render.c — events, actions and rules options as protocol JSON (render.h).
 * The state and view objects are in state.c.
 */
#include <stdlib.h>
#include <string.h>

#include "protocol/field.h"
#include "protocol/render.h"
#include "protocol/request.h"

/* Where the count of an event has a protocol-friendly form
 * (docs/protocol.md "Events": finish "rank"), it is written that way. */
static void put_count(cJSON *o, const UnoEvent *ev, bool *ok)
{
    switch (ev->type) {
    case UNO_EV_FINISH:
        proto_json_put(o, "rank", cJSON_CreateNumber(ev->count), ok);
        break;
    case UNO_EV_DIRECTION:
        proto_json_put(o, "direction", cJSON_CreateNumber(ev->count), ok);
        break;
    case UNO_EV_CHALLENGE:
        proto_json_put(o, "result", cJSON_CreateString(ev->count ? "guilty" : "innocent"), ok);
        break;
    case UNO_EV_SUSPECT:
        proto_json_put(o, "result", cJSON_CreateString(ev->count ? "right" : "wrong"), ok);
        break;
    case UNO_EV_VOTE:
    case UNO_EV_DECIDED:
        proto_json_put(o, "yes", cJSON_CreateBool(ev->count != 0), ok);
        break;
    case UNO_EV_DRAW:
    case UNO_EV_PENDING:
    case UNO_EV_RESHUFFLE:
        proto_json_put(o, "count", cJSON_CreateNumber(ev->count), ok);
        break;
    case UNO_EV_PLAY:
    case UNO_EV_SLIDE: /* "cards" says how many */
        break;
    case UNO_EV_HELP:
    case UNO_EV_ALLOW_HELP:
        if (ev->count >= 0)
            proto_json_put(o, "spectator", cJSON_CreateNumber(ev->count), ok);
        break;
    default:
        if (ev->count != 0)
            proto_json_put(o, "count", cJSON_CreateNumber(ev->count), ok);
        break;
    }
}

cJSON *proto_event_json(const UnoRules *rules, const UnoEvent *ev, int viewer)
{
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "type", cJSON_CreateString(uno_event_name((UnoEventType)ev->type)), &ok);
    if (ev->seat >= 0)
        proto_json_put(o, "seat", cJSON_CreateNumber(ev->seat), &ok);
    if (ev->target >= 0)
        proto_json_put(o, "target", cJSON_CreateNumber(ev->target), &ok);
    bool always_cards = ev->type == UNO_EV_PLAY || ev->type == UNO_EV_SLIDE;
    if ((ev->ncards > 0 || always_cards) && uno_event_visible(rules, ev, viewer))
        proto_json_put(o, "cards", proto_json_cards(ev->cards, ev->ncards), &ok);
    if (ev->color >= 0 && ev->color < UNO_COLORS)
        proto_json_put(o, "color", cJSON_CreateString(uno_color_name(ev->color)), &ok);
    put_count(o, ev, &ok);
    if (ev->reason != UNO_R_NONE)
        proto_json_put(o, "reason", cJSON_CreateString(uno_reason_name((UnoReason)ev->reason)), &ok);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

cJSON *proto_action_json(const UnoAction *a)
{
    bool ok = true;
    unsigned f = proto_action_fields((UnoActionType)a->type);
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "op", cJSON_CreateString(uno_action_name((UnoActionType)a->type)), &ok);
    if (f & UNO_F_PERSON) {
        proto_json_put(o, "name", cJSON_CreateString(a->name), &ok);
        proto_json_put(o, "age", cJSON_CreateNumber(a->age), &ok);
    }
    if (f & UNO_F_SEAT)
        proto_json_put(o, "seat", cJSON_CreateNumber(a->seat), &ok);
    if (f & UNO_F_JOIN_SEAT)
        proto_json_put(o, "seat", cJSON_CreateNumber(a->target), &ok);
    if (f & UNO_F_TARGET)
        proto_json_put(o, "target", cJSON_CreateNumber(a->target), &ok);
    if (f & UNO_F_SPECTATOR)
        proto_json_put(o, "spectator", cJSON_CreateNumber(a->spectator), &ok);
    if (f & UNO_F_JOINS)
        proto_json_put(o, "join", cJSON_CreateBool(a->uno), &ok);
    if (f & UNO_F_CARDS)
        proto_json_put(o, "cards", proto_json_cards(a->cards, a->ncards), &ok);
    if ((f & (UNO_F_COLOR | UNO_F_COLOR_OPT)) && a->color >= 0 && a->color < UNO_COLORS)
        proto_json_put(o, "color", cJSON_CreateString(uno_color_name(a->color)), &ok);
    if ((f & UNO_F_UNO_OPT) && a->uno)
        proto_json_put(o, "uno", cJSON_CreateTrue(), &ok);
    if (f & UNO_F_YES)
        proto_json_put(o, "yes", cJSON_CreateBool(a->uno), &ok);
    if (a->t >= 0)
        proto_json_put(o, "t", proto_json_int(a->t), &ok);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* One option's value in its JSON form. */
static cJSON *option_json(const UnoRules *r, const UnoOptionInfo *opt)
{
    char text[64];
    if (uno_rules_get(r, opt->name, text, sizeof text) != UNO_OK)
        return cJSON_CreateNull();
    switch (opt->type) {
    case UNO_OPT_BOOL:
        return cJSON_CreateBool(strcmp(text, "true") == 0);
    case UNO_OPT_INT:
        return cJSON_CreateNumber(strtol(text, NULL, 10));
    default:
        return cJSON_CreateString(text);
    }
}

cJSON *proto_rules_json(const UnoRules *r)
{
    bool ok = true;
    size_t n;
    const UnoOptionInfo *opts = uno_rules_options(&n);
    cJSON *o = cJSON_CreateObject();
    for (size_t i = 0; i < n; i++)
        proto_json_put(o, opts[i].name, option_json(r, &opts[i]), &ok);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}
