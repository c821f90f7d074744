/*
 * fail.c — the engine's refusal helper (fail.h).
 */
#include <stdarg.h>
#include <stdio.h> /* vsnprintf: formatting only, no I/O */

#include "engine/fail.h"

int fail(char *err, size_t errlen, int status, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return status;
}
