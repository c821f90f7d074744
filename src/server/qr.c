/*
 * qr.c — a table's link as a QR code in SVG (qr.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qrencode.h>

#include "server/qr.h"
#include "server/room.h"

#define QUIET 4 /* modules of white around the code, as the standard asks */

/* A string that grows: appended to with printf's format, NULL once out of
 * memory. */
typedef struct Text {
    char *s;
    size_t len, cap;
} Text;

static void append(Text *t, const char *fmt, ...)
{
    for (int tries = 0; t->s && tries < 2; tries++) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
        va_end(ap);
        if (n >= 0 && (size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return;
        }
        char *s = n < 0 ? NULL : realloc(t->s, t->cap = 2 * t->cap + (size_t)n);
        if (!s)
            free(t->s);
        t->s = s;
    }
}

char *srv_qr_svg(const char *text)
{
    if (strlen(text) > SRV_QR_MAX_TEXT)
        return NULL;
    QRcode *qr = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (!qr)
        return NULL;
    int w = qr->width, side = w + 2 * QUIET;
    Text t = {malloc(4096), 0, 4096};
    append(&t,
           "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" shape-rendering=\"crispEdges\">"
           "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/><path fill=\"#000\" d=\"",
           side, side, side, side);
    for (int y = 0; y < w; y++)
        for (int x = 0; x < w;) {
            int run = 0;
            while (x + run < w && (qr->data[y * w + x + run] & 1)) /* bit 0: a dark module */
                run++;
            if (run)
                append(&t, "M%d %dh%dv1h-%dz", x + QUIET, y + QUIET, run, run);
            x += run ? run : 1;
        }
    append(&t, "\"/></svg>\n");
    QRcode_free(qr);
    return t.s;
}

bool srv_qr_host_ok(const char *host)
{
    const char *port = host;
    if (host[0] == '[') { /* an IPv6 address */
        const char *end = strchr(host, ']');
        if (!end || end == host + 1 || strspn(host + 1, "0123456789abcdefABCDEF:.") != (size_t)(end - host - 1))
            return false;
        port = end + 1;
    } else {
        size_t name = strspn(host, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-");
        if (name == 0 || host[0] == '.' || host[0] == '-')
            return false;
        port = host + name;
    }
    if (*port == '\0')
        return true;
    size_t digits = strspn(port + 1, "0123456789");
    return port[0] == ':' && digits >= 1 && digits <= 5 && port[1 + digits] == '\0';
}

void srv_qr_answer(SrvGet *g, const char *code)
{
    static const char bad_host[] = "no host to link to: the request's Host header is missing or not a host\n";
    char host[256], link[SRV_QR_MAX_TEXT + 1];
    if (!srv_get_host(g, host, sizeof host) || !srv_qr_host_ok(host))
        return srv_get_answer(g, 400, "text/plain; charset=utf-8", bad_host, sizeof bad_host - 1);
    snprintf(link, sizeof link, "%s://%s/#/t/%s", srv_get_https(g) ? "https" : "http", host, code);
    char *svg = srv_qr_svg(link);
    if (svg)
        srv_get_answer(g, 200, "image/svg+xml", svg, strlen(svg));
    free(svg);
}
