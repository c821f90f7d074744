/*
 * request.h — request objects to engine input: the op names, the fields of
 * each action request, and the `new` request (rules, options, players, seed,
 * dealer, deck).
 *
 * What this module owns: which fields each op takes (one table, also used by
 * render.c to write an action back as a request) and their checks.
 *
 * What stays true: a request that passes these checks is well-formed, so
 * the engine's answer decides the rest (illegal, not_your_turn, over). A
 * failing check returns UNO_E_BAD_REQUEST with a message naming the field.
 * A failed `new` returns no game and touches no caller state but its outputs.
 */
#ifndef UNO_PROTOCOL_REQUEST_H
#define UNO_PROTOCOL_REQUEST_H

#include <stdbool.h>
#include <stdint.h>

#include <cJSON.h>

#include "protocol/protocol.h"
#include "uno.h"

/* The fields an action request carries (docs/protocol.md "Ops"). */
enum {
    UNO_F_SEAT = 1 << 0,      /* "seat": who acts */
    UNO_F_TARGET = 1 << 1,    /* "target": a seat */
    UNO_F_CARDS = 1 << 2,     /* "cards": played in that order */
    UNO_F_COLOR = 1 << 3,     /* "color", required */
    UNO_F_COLOR_OPT = 1 << 4, /* "color", with Wilds */
    UNO_F_UNO_OPT = 1 << 5,   /* "uno": optional true, said with the play */
    UNO_F_YES = 1 << 6,       /* "yes": the vote */
    UNO_F_PERSON = 1 << 7,    /* "name", "age" (optional, 0): a newcomer */
    UNO_F_JOIN_SEAT = 1 << 8, /* "seat": the seat a joiner takes, 0..players */
    UNO_F_TIME = 1 << 9,      /* "t" is required */
    UNO_F_SPECTATOR = 1 << 10, /* "spectator": a spectator's number */
    UNO_F_JOINS = 1 << 11,    /* "join": a helping spectator is let in (bool) */
};
unsigned proto_action_fields(UnoActionType type);

/* The action type of an op name, or -1 (new, legal, state, view and unknown
 * ops are not actions). */
int proto_request_action_type(const char *op);

/* Reads an action request for a game of nseats seats; t is the request's
 * clock (-1: none). */
int proto_request_action(const cJSON *req, UnoActionType type, int nseats, int64_t t, UnoAction *out,
                         char *err, size_t errlen);

/* Reads a `new` request into rules and setup (t: the request's clock, -1:
 * none). "rules" names a built-in rule set or, given a loader, whatever the
 * loader accepts (a rules file). The rules are validated for the players.
 * The setup asks room for every newcomer (KPGUT §13) and spectator (§3.2)
 * the rules let in: a table's game is the game its players may join. */
int proto_request_new(const cJSON *req, UnoRulesLoader load, int64_t t, UnoRules *rules,
                      UnoSetup *setup, char *err, size_t errlen);
/* The normalised `new` request for these rules and setup: a built-in base,
 * every option spelled out and the rule set's "name", so that it needs no
 * rules file to be replayed. t: as given (-1: none). NULL when out of memory. */
cJSON *proto_new_json(const UnoRules *rules, const UnoSetup *setup, int64_t t);

#endif
