/*
 * text.c — the bytes and the syntax of the protocol's lines (text.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/text.h"

/* The length of the UTF-8 sequence at p (left bytes remain), or 0 when it is
 * not one: RFC 3629 section 4 (no overlong forms, no surrogates, nothing
 * above U+10FFFF). */
static size_t utf8_length(const unsigned char *p, size_t left)
{
    unsigned char c = p[0];
    size_t n;
    unsigned char lo = 0x80, hi = 0xbf; /* the second byte's range */
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        n = 2;
    else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        lo = c == 0xe0 ? 0xa0 : 0x80;
        hi = c == 0xed ? 0x9f : 0xbf;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        lo = c == 0xf0 ? 0x90 : 0x80;
        hi = c == 0xf4 ? 0x8f : 0xbf;
    } else
        return 0;
    if (left < n || p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (p[i] < 0x80 || p[i] > 0xbf)
            return 0;
    return n;
}

/* The code point of the valid UTF-8 sequence of n bytes at p. */
static uint32_t code_point(const unsigned char *p, size_t n)
{
    static const unsigned char lead_bits[] = {0, 0x7f, 0x1f, 0x0f, 0x07};
    uint32_t c = p[0] & lead_bits[n];
    for (size_t i = 1; i < n; i++)
        c = c << 6 | (p[i] & 0x3f);
    return c;
}

/* C0 controls, DEL and C1 controls (Unicode category Cc). */
static bool is_control(uint32_t c) { return c < 0x20 || (c >= 0x7f && c <= 0x9f); }

/* The marks, embeddings, overrides and isolates of the bidirectional
 * algorithm (UAX #9): ALM, LRM, RLM, LRE..RLO, LRI..PDI. */
static bool is_bidi_control(uint32_t c)
{
    return c == 0x061c || c == 0x200e || c == 0x200f || (c >= 0x202a && c <= 0x202e) ||
           (c >= 0x2066 && c <= 0x2069);
}

/* What shows as nothing but space: Unicode's White_Space characters that
 * are not controls, the zero-width ones and the Hangul fillers. */
static bool is_blank(uint32_t c)
{
    return c == 0x20 || c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200d) || c == 0x2028 ||
           c == 0x2029 || c == 0x202f || c == 0x205f || c == 0x2060 || c == 0x3000 || c == 0xfeff ||
           c == 0x115f || c == 0x1160 || c == 0x3164 || c == 0xffa0;
}

static bool bad_name(char *err, size_t errlen, const char *field, const char *why)
{
    snprintf(err, errlen, "field '%s': %s", field, why);
    return false;
}

bool proto_text_name_ok(const char *name, size_t maxbytes, const char *field, char *err, size_t errlen)
{
    const unsigned char *p = (const unsigned char *)name;
    size_t len = strlen(name), chars = 0;
    bool blank = true;
    for (size_t i = 0; i < len; chars++) {
        size_t n = utf8_length(p + i, len - i);
        if (n == 0)
            return bad_name(err, errlen, field, "a name must be UTF-8 text");
        uint32_t c = code_point(p + i, n);
        if (is_control(c))
            return bad_name(err, errlen, field, "a name may not hold a control character");
        if (is_bidi_control(c))
            return bad_name(err, errlen, field,
                            "a name may not hold a bidirectional mark or override (U+061C, U+200E, U+200F, "
                            "U+202A..U+202E, U+2066..U+2069)");
        blank = blank && is_blank(c);
        i += n;
    }
    if (chars == 0 || blank)
        return bad_name(err, errlen, field, "a name must have something to read, not only spaces");
    if (chars > UNO_NAME_MAX_CHARS || len > maxbytes) {
        snprintf(err, errlen, "field '%s': a name is at most %d characters and %zu bytes of UTF-8", field,
                 UNO_NAME_MAX_CHARS, maxbytes);
        return false;
    }
    return true;
}

static bool refuse(char *err, size_t errlen, const char *what, size_t at)
{
    snprintf(err, errlen, "not JSON (at byte %zu): %s", at + 1, what);
    return false;
}

bool proto_text_request_ok(const char *line, size_t len, char *err, size_t errlen)
{
    const unsigned char *p = (const unsigned char *)line;
    bool in_string = false;
    for (size_t i = 0; i < len;) {
        unsigned char c = p[i];
        if (c < 0x20 && c != '\t' && c != '\r' && c != '\n')
            return refuse(err, errlen, "a control character, which JSON allows only escaped in a string", i);
        size_t n = utf8_length(p + i, len - i);
        if (n == 0)
            return refuse(err, errlen, "not UTF-8", i);
        if (c == '"') {
            in_string = !in_string;
        } else if (in_string && c == '\\' && i + 1 < len) {
            if (p[i + 1] == 'u' && len - i >= 6 && memcmp(p + i + 2, "0000", 4) == 0)
                return refuse(err, errlen, "\\u0000: a string may not hold a NUL", i);
            n = 2; /* the escaped character is not a quote that ends the string */
        }
        i += n;
    }
    return true;
}

void proto_text_drop_invalid_utf8(char *text)
{
    const unsigned char *p = (const unsigned char *)text;
    size_t len = strlen(text), out = 0;
    for (size_t i = 0; i < len;) {
        size_t n = utf8_length(p + i, len - i);
        if (n == 0) {
            i++;
            continue;
        }
        memmove(text + out, text + i, n);
        out += n;
        i += n;
    }
    text[out] = '\0';
}

/* Set when cJSON's allocation failed on this thread (proto_json_track_memory). */
static _Thread_local bool json_out_of_memory;

static void *json_malloc(size_t size)
{
    void *p = malloc(size);
    if (!p)
        json_out_of_memory = true;
    return p;
}

void proto_json_track_memory(void)
{
    cJSON_Hooks hooks = {.malloc_fn = json_malloc, .free_fn = free};
    cJSON_InitHooks(&hooks);
}

static bool only_space(const char *p, const char *end)
{
    for (; p < end; p++)
        if (*p != ' ' && *p != '\t' && *p != '\r')
            return false;
    return true;
}

static int by_name(const void *a, const void *b)
{
    return strcmp((*(const cJSON *const *)a)->string, (*(const cJSON *const *)b)->string);
}

/* Finds a name that an object within v holds twice: *twice is set to it
 * (else left alone). Each object's names are sorted (n log n: a line of
 * 64 KiB holds some 13,000 of them). False when out of memory. */
static bool find_name_twice(const cJSON *v, const char **twice)
{
    int n = 0;
    for (const cJSON *c = v->child; c && !*twice; c = c->next, n++)
        if (!find_name_twice(c, twice))
            return false;
    if (*twice || !cJSON_IsObject(v) || n < 2)
        return true;
    const cJSON **names = malloc((size_t)n * sizeof *names);
    if (!names)
        return false;
    n = 0;
    for (const cJSON *c = v->child; c; c = c->next)
        names[n++] = c;
    qsort(names, (size_t)n, sizeof *names, by_name);
    for (int i = 1; i < n && !*twice; i++)
        if (strcmp(names[i - 1]->string, names[i]->string) == 0)
            *twice = names[i]->string;
    free(names);
    return true;
}

int proto_request_parse(const char *line, size_t len, cJSON **out, char *err, size_t errlen)
{
    *out = NULL;
    if (len == 0) {
        snprintf(err, errlen, "empty line: a request is a JSON object");
        return UNO_E_BAD_REQUEST;
    }
    if (!proto_text_request_ok(line, len, err, errlen))
        return UNO_E_BAD_REQUEST;
    const char *end = NULL;
    json_out_of_memory = false;
    cJSON *req = cJSON_ParseWithLengthOpts(line, len, &end, false);
    const char *twice = NULL;
    int st = UNO_E_BAD_REQUEST;
    if (!req && json_out_of_memory) {
        snprintf(err, errlen, "out of memory: the request was not read");
        st = UNO_E_NOMEM;
    } else if (!req || !only_space(end, line + len)) {
        size_t at = end && end >= line && end <= line + len ? (size_t)(end - line) : 0;
        snprintf(err, errlen, "not JSON (at byte %zu)", at + 1);
    } else if (!cJSON_IsObject(req)) {
        snprintf(err, errlen, "a request must be a JSON object");
    } else if (!find_name_twice(req, &twice)) {
        snprintf(err, errlen, "out of memory: the request was not read");
        st = UNO_E_NOMEM;
    } else if (twice) {
        snprintf(err, errlen, "the name '%.40s' appears twice in one object (readers disagree on which counts)",
                 twice);
    } else {
        *out = req;
        return UNO_OK;
    }
    cJSON_Delete(req);
    return st;
}
