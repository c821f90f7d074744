/*
 * extbot.h — a bot that is another program (docs/bots-external.md). The
 * adapter runs its command, and for each decision sends it one line: its
 * seat's view, the events the seat saw since the last line and its legal
 * moves, each as the table protocol writes them; the program answers with
 * one line, the request it makes (one of the legal moves) or "wait".
 *
 * What this module owns: the program's process and socket, the exchange of
 * lines with it, and the judgement of its answers.
 *
 * What stays true:
 *  - The program gets what its seat may see and nothing else: the view and
 *    the events are rendered for that seat (render.h asks the engine's
 *    visibility rules); the game itself never leaves this module.
 *  - uno_extbot_choose() returns within the time limit (plus the time to
 *    write the line) and, like uno_bot_choose(), only an entry of v->legal
 *    (the `uno` flag of a play that leaves one card may be set).
 *  - An answer that is late, not JSON, not a legal move, or missing (the
 *    program exited or stopped reading) gets a message and the default move:
 *    in turn the random policy's (bots.h), out of turn nothing. The game goes
 *    on. A program that exited or stopped reading is not asked again.
 *  - A program that could not be started (the shell's status 126 or 127
 *    before any answer: its command not found, or not executable) makes no
 *    move at all, not even the default one: stats.unstartable says so, and
 *    the caller stops with an error rather than let a stand-in play.
 *  - A late answer that arrives later is recognised (by its "id", or as the
 *    one owed) and dropped, so it never answers a later question.
 */
#ifndef UNO_PROTOCOL_EXTBOT_H
#define UNO_PROTOCOL_EXTBOT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "uno_view.h"
#include "uno.h"

typedef struct UnoExtBot UnoExtBot;

/* How a program has answered so far. */
typedef struct UnoExtBotStats {
    uint64_t asked;     /* lines sent */
    uint64_t answered;  /* legal answers in time ("wait" included) */
    uint64_t late;      /* no answer within the limit */
    uint64_t illegal;   /* JSON, but not a legal move now */
    uint64_t garbled;   /* not a JSON object, or a line too long */
    bool gone;          /* it exited or stopped reading */
    bool unstartable;   /* it could not be started (exit status 126 or 127 before its first answer) */
} UnoExtBotStats;

/* Runs `command` with /bin/sh -c in a process group of its own, its
 * standard input and output on a socket to the adapter, its standard error
 * to stderr_path (NULL: inherited). limit_ms: the time allowed for each
 * answer. label names the bot in messages ("seat 2 (cmd:python3 bot.py)").
 * log: where messages go as they happen (NULL: none; the last one is kept
 * for uno_extbot_problem()); after the first 10 a bot's problems are only
 * counted. NULL with a message when the process cannot be started. */
UnoExtBot *uno_extbot_start(const char *command, int limit_ms, const char *stderr_path, const char *label,
                            FILE *log, char *err, size_t errlen);
/* Closes the program's input, gives it half a second to leave, then kills
 * its process group. Writes a summary of its problems to the log, if any. */
void uno_extbot_stop(UnoExtBot *b);
/* Waits up to wait_ms for a program that cannot be started to say so (the
 * shell fails at once); false when it could not be started
 * (uno_extbot_problem() says why). True when it still runs, or ended in
 * another way (its first question tells). */
bool uno_extbot_started(UnoExtBot *b, int wait_ms);
/* A new game begins: the next line carries its events from the start. */
void uno_extbot_new_game(UnoExtBot *b);

/* What seat v->seat does now in g (v: uno_view_build of g for that seat;
 * h: the seat's history of this game, NULL for none: its events are sent).
 * A seat with no legal move is not asked; nor is a seat out of turn that
 * answered "wait" to the same question. rng: the default move's. */
bool uno_extbot_choose(UnoExtBot *b, const UnoGame *g, const UnoView *v, const UnoHistory *h, UnoRng *rng,
                       UnoAction *out);
/* What went wrong with the last uno_extbot_choose(), or NULL. */
const char *uno_extbot_problem(const UnoExtBot *b);
void uno_extbot_stats(const UnoExtBot *b, UnoExtBotStats *out);

#endif
