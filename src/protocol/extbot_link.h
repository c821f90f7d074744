/*
 * extbot_link.h — the link to a bot that is another program
 * (docs/bots-external.md): the program's process, and the table protocol's
 * lines it speaks. The adapter (bots/extbot.h) decides what to ask and
 * judges the answers; this module is its UnoExtBotLink.
 *
 * What this module owns: the program's process (run with /bin/sh -c in a
 * process group of its own, its standard input and output on one socket),
 * the lines written to it and read from it within each question's time,
 * and the protocol's form of a question and of an answer.
 *
 * What stays true:
 *  - A question carries what its seat may see and nothing else: the view
 *    and the events are rendered for that seat (render.h asks the engine's
 *    visibility rules).
 *  - A write to a program that has gone away is a status, never a SIGPIPE
 *    (MSG_NOSIGNAL); no read or write waits past the question's time.
 *  - An answer line longer than UNO_TABLE_MAX_LINE is read to its end and
 *    reported as garbled, never taken in part.
 *  - Every text from the program that a message repeats is valid UTF-8.
 */
#ifndef UNO_PROTOCOL_EXTBOT_LINK_H
#define UNO_PROTOCOL_EXTBOT_LINK_H

#include <stddef.h>
#include <stdio.h>

#include "bots/extbot.h"

/* Runs `command` and an adapter (bots/extbot.h) that speaks with it. Its
 * standard error goes to stderr_path (NULL: inherited). limit_ms,
 * startup_ms, label and log: as bot_ext_new(). NULL with a message when
 * the process cannot be started. */
UnoExtBot *proto_extbot_start(const char *command, int limit_ms, int startup_ms, const char *stderr_path,
                              const char *label, FILE *log, char *err, size_t errlen);

#endif
