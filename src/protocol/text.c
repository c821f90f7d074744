/*
 * text.c — the bytes of the protocol's lines (text.h).
 */
#include <stdint.h>
#include <stdio.h>
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

static bool refuse(char *err, size_t errlen, const char *what, size_t at)
{
    snprintf(err, errlen, "not JSON (at byte %zu): %s", at + 1, what);
    return false;
}

bool uno_text_request_ok(const char *line, size_t len, char *err, size_t errlen)
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

void uno_text_drop_invalid_utf8(char *text)
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
