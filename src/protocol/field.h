/*
 * field.h — typed reading of the fields of a request object (cJSON).
 *
 * What this module owns: the checks that turn a JSON field into an engine
 * value, and the bad_request messages that name the field
 * ("missing field 'seat'", "field 'seat': no seat 7 (seats 0..3)").
 *
 * What stays true: every reader returns UNO_OK and writes *out, or
 * UNO_E_BAD_REQUEST with a message and leaves *out alone. A field whose
 * value is null counts as missing. Integers are JSON numbers with no
 * fraction; booleans are true/false (not 0/1); strings are JSON strings.
 */
#ifndef UNO_PROTOCOL_FIELD_H
#define UNO_PROTOCOL_FIELD_H

#include <stdbool.h>
#include <stdint.h>

#include <cJSON.h>

#include "uno.h"

/* The largest integer a JSON number carries exactly (2^53). */
#define UNO_FIELD_MAX_INT 9007199254740992LL

/* The value of a JSON number that is an integer within +-2^53 (or of such
 * an integer that proto_json_int wrote as raw digits), else false. */
bool proto_json_exact_int(const cJSON *v, int64_t *out);

/* The field's value, or NULL when it is missing or null. */
const cJSON *proto_field_get(const cJSON *obj, const char *key);
bool proto_field_has(const cJSON *obj, const char *key);

/* UNO_OK when every field of obj is one of the n names in known, else
 * UNO_E_BAD_REQUEST naming the first that is not, and `what` (the op). */
int proto_field_only(const cJSON *obj, const char *const *known, size_t n, const char *what, char *err,
                     size_t errlen);

/* An integer in min..max (both within +-2^53). */
int proto_field_int(const cJSON *obj, const char *key, int64_t min, int64_t max, int64_t *out,
                    char *err, size_t errlen);
/* A seat number 0..nseats-1. */
int proto_field_seat(const cJSON *obj, const char *key, int nseats, int *out, char *err,
                     size_t errlen);
int proto_field_bool(const cJSON *obj, const char *key, bool *out, char *err, size_t errlen);
/* A string of 1..maxlen bytes; *out points into the JSON. */
int proto_field_string(const cJSON *obj, const char *key, size_t maxlen, const char **out,
                       char *err, size_t errlen);
/* A colour letter R, G, B or Y (any case). */
int proto_field_color(const cJSON *obj, const char *key, int *out, char *err, size_t errlen);
/* A person: "name" (one people can read, proto_text_name_ok: at most
 * UNO_NAME_MAX_CHARS characters and UNO_NAME_LEN-1 bytes) and "age" (years, 0..200;
 * optional, 0 when missing: the protocol examples sometimes leave it out). */
int proto_field_person(const cJSON *obj, UnoPlayerInfo *out, char *err, size_t errlen);
/* A list of 1..max card names (any case; docs/protocol.md "The protocol in brief"). */
int proto_field_cards(const cJSON *obj, const char *key, UnoCard *out, int max, int *n, char *err,
                      size_t errlen);

/* Building JSON: put adds item under key to obj, push appends it to arr.
 * Either takes the item (deleting it when it cannot be added) and clears
 * *ok when anything was NULL or could not be added, so that a builder
 * checks out-of-memory once, at the end. */
void proto_json_put(cJSON *obj, const char *key, cJSON *item, bool *ok);
void proto_json_push(cJSON *arr, cJSON *item, bool *ok);

/* JSON for an integer that may exceed what cJSON prints exactly (> 2^31):
 * written out digit for digit. NULL when out of memory. */
cJSON *proto_json_int(int64_t v);
/* {"name": ..., "age": ...}; NULL when out of memory. */
cJSON *proto_json_person(const UnoPlayerInfo *p);
/* A list of card names; NULL when out of memory. */
cJSON *proto_json_cards(const UnoCard *cards, int n);

#endif
