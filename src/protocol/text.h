/*
 * text.h — the bytes and the syntax of the protocol's lines (RFC 8259,
 * RFC 3629).
 *
 * cJSON reads a line more loosely than JSON allows: it skips any byte below
 * a space as white space, takes raw control bytes and invalid UTF-8 inside
 * strings, and ends a string at an escaped NUL (\u0000), so that "Y5\u0000x"
 * reads as "Y5". A request line is checked here first, and refused with a
 * message that names the byte; an answer is made valid UTF-8 here last
 * (a message may quote a request's text cut short in a character).
 *
 * RFC 8259 leaves an object with a name twice to the reader ("the names
 * within an object SHOULD be unique"); cJSON keeps the first, JavaScript and
 * Python the last. A gateway that checks a request with one and forwards it
 * to the other could be made to act for another seat, so a request with a
 * name twice in any object is refused (docs/protocol.md).
 */
#ifndef UNO_PROTOCOL_TEXT_H
#define UNO_PROTOCOL_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include <cJSON.h>

#include "uno.h"

/* Whether line[0..len) may be parsed as a request: no control byte but tab,
 * CR and LF, valid UTF-8, and no \u0000 in a string. When not, writes why. */
bool proto_text_request_ok(const char *line, size_t len, char *err, size_t errlen);

/* Makes cJSON allocate through a function that notes when memory runs out,
 * so that proto_request_parse can tell a line it could not read for want of
 * memory (UNO_E_NOMEM) from one that is not JSON; cJSON alone says NULL for
 * both. A program calls it once, before its threads start. */
void proto_json_track_memory(void);

/* Parses line[0..len) as one request into *out (for the caller to
 * delete): a JSON object, checked as above, with nothing after it but white
 * space and no name twice in any of its objects. UNO_OK; UNO_E_BAD_REQUEST
 * with a message when it is not; UNO_E_NOMEM. *out is NULL but on UNO_OK. */
int proto_request_parse(const char *line, size_t len, cJSON **out, char *err, size_t errlen);

/* The longest name a person may go by, in characters (Unicode code
 * points); in UTF-8 it must also fit UNO_NAME_LEN - 1 bytes. As many as
 * those bytes: every name kept before the limit was counted in characters
 * (23 bytes at most) still passes, so that every game kept replays. */
#define UNO_NAME_MAX_CHARS 23

/* Whether name (NUL-terminated) is a name people can read (docs/protocol.md
 * "Names"): valid UTF-8, 1 to UNO_NAME_MAX_CHARS characters and at most
 * maxbytes bytes, no control character (C0, DEL, C1), no bidirectional
 * mark, embedding, override or isolate (which could make it, or the text
 * around it, read otherwise than it is), and not only spaces. When not,
 * writes why, naming `field`. */
bool proto_text_name_ok(const char *name, size_t maxbytes, const char *field, char *err, size_t errlen);

/* Removes, in place, the bytes of text (NUL-terminated) that are not part
 * of a valid UTF-8 sequence. */
void proto_text_drop_invalid_utf8(char *text);

#endif
