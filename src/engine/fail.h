/*
 * fail.h — how the engine reports a refusal: the message goes into the
 * caller's buffer (truncated to fit, never overflowing) and the status code
 * comes back, so a handler can `return fail(err, errlen, UNO_E_ILLEGAL, ...)`.
 */
#ifndef UNO_ENGINE_FAIL_H
#define UNO_ENGINE_FAIL_H

#include <stddef.h>

int fail(char *err, size_t errlen, int status, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
