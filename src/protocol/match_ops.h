/*
 * match_ops.h — the table protocol's match extension (docs/protocol.md
 * "Matches, sessions and tournaments"; include/uno_match.h): `new` with
 * "match" or "tournament" starts a match, session or tournament; the ops
 * `next` (deal the next game) and `stop` (end the series after this game);
 * the "match" object of `state` and `view`.
 *
 * What this module owns: the JSON of the extension — the fields it reads,
 * their checks and bad_request messages, and the objects it writes. table.c
 * owns the table: it holds the match, logs, answers and undoes.
 *
 * What stays true: a `new` without "match" and "tournament" is untouched by
 * this module; the normalised `new` of a match carries its options spelled
 * out, so that replaying the log rebuilds the same match; readers return
 * UNO_OK or UNO_E_BAD_REQUEST with a message naming the field; builders
 * return a new cJSON tree, or NULL when out of memory.
 */
#ifndef UNO_PROTOCOL_MATCH_OPS_H
#define UNO_PROTOCOL_MATCH_OPS_H

#include <stdbool.h>
#include <stdint.h>

#include <cJSON.h>

#include "uno.h"
#include "uno_match.h"

/* Does this `new` request start a match ("match" or "tournament" given,
 * and not false)? */
bool proto_match_requested(const cJSON *req);
/* Starts the match a `new` request asks for, from its rules and setup
 * (proto_request_new()). *out gets the match; its game is the table's game. */
int proto_match_request_new(const cJSON *req, const UnoRules *rules, const UnoSetup *setup,
                            UnoMatch **out, char *err, size_t errlen);
/* Adds "match": {options spelled out} to a normalised `new` request
 * (proto_new_json()); clears *ok when out of memory. */
void proto_match_put_options(cJSON *normalised, const UnoMatch *m, bool *ok);

/* Is op one of the extension's ops ("next", "stop")? */
bool proto_match_op_known(const char *op);
/* Runs `next` (clock: the new game's start, -1: 0; emit: the deal's events,
 * as uno_match_next()) or `stop` on m. On failure m is unchanged. */
int proto_match_op(UnoMatch *m, const char *op, int64_t clock, UnoEventFn emit, void *ctx, char *err,
                   size_t errlen);
/* The normalised request of an extension op. */
cJSON *proto_match_op_json(const char *op, int64_t clock);

/* The "match" object of `state` and `view` (all of it is public). */
cJSON *proto_match_json(const UnoMatch *m);

#endif
