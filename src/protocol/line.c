/*
 * line.c — the bounded line reader of the table's front ends (protocol.h):
 * however long a line is, at most `cap` bytes of it are kept.
 */
#include "protocol/protocol.h"

long proto_line_read(FILE *f, char *buf, size_t cap, bool *newline)
{
    size_t n = 0;
    bool over = false, cr_at_cap = false, any = false;
    int c;
    *newline = false;
    while ((c = getc(f)) != EOF) {
        any = true;
        if (c == '\n') {
            *newline = true;
            break;
        }
        if (cr_at_cap) /* the CR kept aside was not the end of the line */
            over = true;
        if (n < cap)
            buf[n++] = (char)c;
        else if (c == '\r' && !over)
            cr_at_cap = true; /* a full line may still end with CR LF */
        else
            over = true;
    }
    if (!any)
        return -1;
    if (over) {
        buf[n] = '\0';
        return (long)cap + 1;
    }
    if (!cr_at_cap && n > 0 && buf[n - 1] == '\r')
        n--;
    buf[n] = '\0';
    return (long)n;
}
