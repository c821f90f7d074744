/*
 * render.h — engine values as protocol JSON: events, actions (as the
 * request that makes them), rules options, and a game's state or a seat's
 * view (docs/protocol.md "Answers").
 *
 * What this module owns: the names and shapes of the protocol's objects.
 * What each viewer may see is the engine's to say (uno.h,
 * uno_event_visible and uno_hand_visible); this module only asks.
 *
 * What stays true:
 *  - A viewer is a seat (>= 0), UNO_VIEWER_REFEREE or UNO_VIEWER_SPECTATOR.
 *  - proto_action_json() and request.h's proto_request_action() are inverse:
 *    the request rendered from an action parses back to the same action.
 *  - Every function returns a new cJSON tree, or NULL when out of memory.
 */
#ifndef UNO_PROTOCOL_RENDER_H
#define UNO_PROTOCOL_RENDER_H

#include <cJSON.h>

#include "uno.h"

/* {"type":..., "seat":..., ...}: one event as the viewer may see it under
 * these rules (uno_event_visible: its "cards" only when visible). */
cJSON *proto_event_json(const UnoRules *rules, const UnoEvent *ev, int viewer);
/* The request object {"op":..., fields, "t" when a->t >= 0}. */
cJSON *proto_action_json(const UnoAction *a);
/* Every option of the rules by name: booleans as true/false, numbers as
 * numbers, the rest as strings (the form `new`'s "options" accepts). */
cJSON *proto_rules_json(const UnoRules *r);
/* The "state" object (viewer UNO_VIEWER_REFEREE) or a "view" object. */
cJSON *proto_state_json(const UnoGame *g, int viewer);

#endif
