/*
 * field.c — typed reading of request fields (field.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/field.h"
#include "protocol/text.h"

static int bad(char *err, size_t errlen, const char *fmt, const char *key, const char *extra)
{
    if (err && errlen)
        snprintf(err, errlen, fmt, key, extra);
    return UNO_E_BAD_REQUEST;
}

const cJSON *proto_field_get(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return v && !cJSON_IsNull(v) ? v : NULL;
}

bool proto_field_has(const cJSON *obj, const char *key) { return proto_field_get(obj, key) != NULL; }

int proto_field_only(const cJSON *obj, const char *const *known, size_t n, const char *what, char *err,
                     size_t errlen)
{
    for (const cJSON *f = obj->child; f; f = f->next) {
        size_t i = 0;
        while (i < n && strcmp(f->string, known[i]) != 0)
            i++;
        if (i == n) {
            snprintf(err, errlen, "unknown field '%.40s' in %s", f->string, what);
            return UNO_E_BAD_REQUEST;
        }
    }
    return UNO_OK;
}

/* An integer proto_json_int wrote as its digits (a request the server made
 * and hands over without printing it). */
static bool raw_int(const cJSON *v, int64_t *out)
{
    char *end;
    errno = 0;
    long long i = strtoll(v->valuestring, &end, 10);
    if (errno || end == v->valuestring || *end || i < -UNO_FIELD_MAX_INT || i > UNO_FIELD_MAX_INT)
        return false;
    *out = i;
    return true;
}

bool proto_json_exact_int(const cJSON *v, int64_t *out)
{
    if (cJSON_IsRaw(v))
        return raw_int(v, out);
    if (!cJSON_IsNumber(v))
        return false;
    double d = v->valuedouble;
    /* NaN and infinities fail these comparisons; the cast is then in range. */
    if (!(d >= -(double)UNO_FIELD_MAX_INT && d <= (double)UNO_FIELD_MAX_INT))
        return false;
    int64_t i = (int64_t)d;
    if ((double)i != d)
        return false;
    *out = i;
    return true;
}

int proto_field_int(const cJSON *obj, const char *key, int64_t min, int64_t max, int64_t *out,
                    char *err, size_t errlen)
{
    const cJSON *v = proto_field_get(obj, key);
    int64_t i;
    if (!v)
        return bad(err, errlen, "missing field '%s'%s", key, "");
    if (!proto_json_exact_int(v, &i))
        return bad(err, errlen, "field '%s' must be an integer%s", key, "");
    if (i < min || i > max) {
        if (err && errlen)
            snprintf(err, errlen, "field '%s': %" PRId64 " is out of range (%" PRId64 "..%" PRId64 ")",
                     key, i, min, max);
        return UNO_E_BAD_REQUEST;
    }
    *out = i;
    return UNO_OK;
}

int proto_field_seat(const cJSON *obj, const char *key, int nseats, int *out, char *err, size_t errlen)
{
    const cJSON *v = proto_field_get(obj, key);
    int64_t i;
    if (!v)
        return bad(err, errlen, "missing field '%s'%s", key, "");
    if (!proto_json_exact_int(v, &i))
        return bad(err, errlen, "field '%s' must be a seat number%s", key, "");
    if (i < 0 || i >= nseats) {
        if (err && errlen)
            snprintf(err, errlen, "field '%s': no seat %" PRId64 " (seats 0..%d)", key, i, nseats - 1);
        return UNO_E_BAD_REQUEST;
    }
    *out = (int)i;
    return UNO_OK;
}

int proto_field_bool(const cJSON *obj, const char *key, bool *out, char *err, size_t errlen)
{
    const cJSON *v = proto_field_get(obj, key);
    if (!v)
        return bad(err, errlen, "missing field '%s'%s", key, "");
    if (!cJSON_IsBool(v))
        return bad(err, errlen, "field '%s' must be true or false%s", key, "");
    *out = cJSON_IsTrue(v);
    return UNO_OK;
}

int proto_field_string(const cJSON *obj, const char *key, size_t maxlen, const char **out,
                       char *err, size_t errlen)
{
    const cJSON *v = proto_field_get(obj, key);
    if (!v)
        return bad(err, errlen, "missing field '%s'%s", key, "");
    if (!cJSON_IsString(v) || !v->valuestring)
        return bad(err, errlen, "field '%s' must be a string%s", key, "");
    size_t n = strlen(v->valuestring);
    if (n == 0)
        return bad(err, errlen, "field '%s' must not be empty%s", key, "");
    if (n > maxlen) {
        if (err && errlen)
            snprintf(err, errlen, "field '%s' is too long (at most %zu bytes)", key, maxlen);
        return UNO_E_BAD_REQUEST;
    }
    *out = v->valuestring;
    return UNO_OK;
}

int proto_field_color(const cJSON *obj, const char *key, int *out, char *err, size_t errlen)
{
    const char *s;
    int st = proto_field_string(obj, key, 16, &s, err, errlen);
    if (st != UNO_OK)
        return st;
    int c = uno_color_parse(s);
    if (c < 0)
        return bad(err, errlen, "field '%s': unknown colour '%s' (R, G, B or Y)", key, s);
    *out = c;
    return UNO_OK;
}

/* Ages are years; the bound only keeps them sane. */
#define MAX_AGE 200

int proto_field_person(const cJSON *obj, UnoPlayerInfo *out, char *err, size_t errlen)
{
    const char *name;
    int64_t age = 0;
    int st = proto_field_string(obj, "name", SIZE_MAX, &name, err, errlen);
    if (st == UNO_OK && !proto_text_name_ok(name, UNO_NAME_LEN - 1, "name", err, errlen))
        st = UNO_E_BAD_REQUEST;
    if (st == UNO_OK && proto_field_has(obj, "age"))
        st = proto_field_int(obj, "age", 0, MAX_AGE, &age, err, errlen);
    if (st != UNO_OK)
        return st;
    memset(out->name, 0, sizeof out->name);
    memcpy(out->name, name, strlen(name));
    out->age = (int)age;
    return UNO_OK;
}

/* Names too long to be a card are cut in the message. */
static int unknown_card(char *err, size_t errlen, const char *key, const cJSON *v)
{
    if (!cJSON_IsString(v))
        return bad(err, errlen, "field '%s': a card must be a string such as \"R7\"%s", key, "");
    if (err && errlen)
        snprintf(err, errlen, "field '%s': unknown card '%.16s'", key, v->valuestring);
    return UNO_E_BAD_REQUEST;
}

int proto_field_cards(const cJSON *obj, const char *key, UnoCard *out, int max, int *n, char *err,
                      size_t errlen)
{
    const cJSON *v = proto_field_get(obj, key);
    if (!v)
        return bad(err, errlen, "missing field '%s'%s", key, "");
    if (!cJSON_IsArray(v))
        return bad(err, errlen, "field '%s' must be a list of cards%s", key, "");
    int count = cJSON_GetArraySize(v);
    if (count == 0)
        return bad(err, errlen, "field '%s' must name at least one card%s", key, "");
    if (count > max) {
        if (err && errlen)
            snprintf(err, errlen, "field '%s': too many cards (at most %d)", key, max);
        return UNO_E_BAD_REQUEST;
    }
    int i = 0;
    for (const cJSON *c = v->child; c; c = c->next) {
        if (!cJSON_IsString(c) || uno_card_parse(c->valuestring, &out[i]) != UNO_OK)
            return unknown_card(err, errlen, key, c);
        i++;
    }
    *n = i;
    return UNO_OK;
}

cJSON *proto_json_int(int64_t v)
{
    if (v >= INT32_MIN && v <= INT32_MAX)
        return cJSON_CreateNumber((double)v);
    char buf[24];
    snprintf(buf, sizeof buf, "%" PRId64, v);
    return cJSON_CreateRaw(buf);
}

cJSON *proto_json_cards(const UnoCard *cards, int n)
{
    bool ok = true;
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < n; i++)
        proto_json_push(arr, cJSON_CreateString(uno_card_name(cards[i])), &ok);
    if (!arr || !ok) {
        cJSON_Delete(arr);
        return NULL;
    }
    return arr;
}

cJSON *proto_json_person(const UnoPlayerInfo *p)
{
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "name", cJSON_CreateString(p->name), &ok);
    proto_json_put(o, "age", cJSON_CreateNumber(p->age), &ok);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

void proto_json_put(cJSON *obj, const char *key, cJSON *item, bool *ok)
{
    if (!obj || !item || !cJSON_AddItemToObject(obj, key, item)) {
        cJSON_Delete(item);
        *ok = false;
    }
}

void proto_json_push(cJSON *arr, cJSON *item, bool *ok)
{
    if (!arr || !item || !cJSON_AddItemToArray(arr, item)) {
        cJSON_Delete(item);
        *ok = false;
    }
}
