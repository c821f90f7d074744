/*
 * request.c — action requests to UnoAction (request.h). The `new` request is
 * in request_new.c.
 */
#include <stdio.h>
#include <string.h>

#include "protocol/field.h"
#include "protocol/request.h"

/* docs/protocol.md "Ops": the ops of the protocol, plus the extensions warn (KPGUT §15),
 * dispute (§11), spectate (§3.2) and help, spectator_help, allow_help
 * (§3.1, §3.2) described in docs/protocol.md. */
static const unsigned action_fields[UNO_ACT_COUNT] = {
    [UNO_ACT_PLAY] = UNO_F_SEAT | UNO_F_CARDS | UNO_F_COLOR_OPT | UNO_F_UNO_OPT,
    [UNO_ACT_DRAW] = UNO_F_SEAT,
    [UNO_ACT_PASS] = UNO_F_SEAT,
    [UNO_ACT_COLOR] = UNO_F_SEAT | UNO_F_COLOR,
    [UNO_ACT_TAKE] = UNO_F_SEAT,
    [UNO_ACT_CHALLENGE] = UNO_F_SEAT,
    [UNO_ACT_UNO] = UNO_F_SEAT,
    [UNO_ACT_CATCH] = UNO_F_SEAT | UNO_F_TARGET,
    [UNO_ACT_SUSPECT] = UNO_F_SEAT | UNO_F_TARGET,
    [UNO_ACT_GIVEUP] = UNO_F_SEAT,
    [UNO_ACT_JOIN] = UNO_F_PERSON | UNO_F_JOIN_SEAT,
    [UNO_ACT_VOTE] = UNO_F_SEAT | UNO_F_YES,
    [UNO_ACT_TICK] = UNO_F_TIME,
    [UNO_ACT_WARN] = UNO_F_SEAT | UNO_F_TARGET,
    [UNO_ACT_DISPUTE] = UNO_F_SEAT,
    [UNO_ACT_SPECTATE] = UNO_F_PERSON,
    [UNO_ACT_HELP] = UNO_F_SEAT | UNO_F_TARGET,
    [UNO_ACT_SPECTATOR_HELP] = UNO_F_SEAT | UNO_F_SPECTATOR | UNO_F_TARGET | UNO_F_JOINS,
    [UNO_ACT_ALLOW_HELP] = UNO_F_SEAT | UNO_F_SPECTATOR | UNO_F_TARGET,
};

unsigned proto_action_fields(UnoActionType type)
{
    return (unsigned)type < UNO_ACT_COUNT ? action_fields[type] : 0;
}

int proto_request_action_type(const char *op)
{
    for (int i = 0; i < UNO_ACT_COUNT; i++)
        if (strcmp(op, uno_action_name((UnoActionType)i)) == 0)
            return i;
    return -1;
}

/* "name" and "age" of a joiner or spectator. */
static int read_person(const cJSON *req, UnoAction *a, char *err, size_t errlen)
{
    UnoPlayerInfo p;
    int st = proto_field_person(req, &p, err, errlen);
    if (st != UNO_OK)
        return st;
    memcpy(a->name, p.name, sizeof a->name);
    a->age = (int16_t)p.age;
    return UNO_OK;
}

int proto_request_action(const cJSON *req, UnoActionType type, int nseats, int64_t t, UnoAction *out,
                         char *err, size_t errlen)
{
    unsigned f = proto_action_fields(type);
    UnoAction a;
    int seat = -1, target = -1, color = UNO_NO_COLOR, n = 0;
    int64_t spectator = -1;
    bool flag = false;
    int st = UNO_OK;
    if (f & UNO_F_SEAT)
        st = proto_field_seat(req, "seat", nseats, &seat, err, errlen);
    uno_action_init(&a, type, seat);
    /* A joiner may sit after the last seat too (KPGUT §13: where they like). */
    if (st == UNO_OK && (f & UNO_F_JOIN_SEAT))
        st = proto_field_seat(req, "seat", nseats + 1, &target, err, errlen);
    if (st == UNO_OK && (f & UNO_F_TARGET))
        st = proto_field_seat(req, "target", nseats, &target, err, errlen);
    if (st == UNO_OK && (f & UNO_F_SPECTATOR))
        st = proto_field_int(req, "spectator", 0, UNO_MAX_SPECTATORS - 1, &spectator, err, errlen);
    if (st == UNO_OK && (f & UNO_F_JOINS))
        st = proto_field_bool(req, "join", &flag, err, errlen);
    if (st == UNO_OK && (f & UNO_F_PERSON))
        st = read_person(req, &a, err, errlen);
    if (st == UNO_OK && (f & UNO_F_CARDS))
        st = proto_field_cards(req, "cards", a.cards, UNO_MAX_SET, &n, err, errlen);
    if (st == UNO_OK && ((f & UNO_F_COLOR) || ((f & UNO_F_COLOR_OPT) && proto_field_has(req, "color"))))
        st = proto_field_color(req, "color", &color, err, errlen);
    if (st == UNO_OK && (f & UNO_F_UNO_OPT) && proto_field_has(req, "uno"))
        st = proto_field_bool(req, "uno", &flag, err, errlen);
    if (st == UNO_OK && (f & UNO_F_YES))
        st = proto_field_bool(req, "yes", &flag, err, errlen);
    if (st == UNO_OK && (f & UNO_F_TIME) && t < 0) {
        snprintf(err, errlen, "missing field 't'");
        st = UNO_E_BAD_REQUEST;
    }
    if (st != UNO_OK)
        return st;
    a.target = (int8_t)target;
    a.spectator = (int8_t)spectator;
    a.color = (int8_t)color;
    a.ncards = (uint8_t)n;
    a.uno = flag;
    a.t = t;
    *out = a;
    return UNO_OK;
}
