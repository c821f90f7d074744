/*
 * replay.h — `uno replay`: a saved game (docs/protocol.md "Save files") seen
 * again. The modules, each with one job:
 *   replay_steps.c  the file as a list of steps, one per request, and the
 *                   game (or match) after any number of them, with the
 *                   events each step causes; no ncurses, no output.
 *   replay_watch.c  --watch: the table screen of `uno play` (play_draw.c)
 *                   stepping through the actions, the log in words
 *                   (play_text.c).
 *   cmd_replay.c    the arguments; the end state and hash (the default, for
 *                   scripts), and --text, the log as plain lines.
 *
 * What stays true:
 *  - A file is first replayed through a UnoTable, as `uno replay FILE` does:
 *    what the table refuses is refused with the same message. The steps are
 *    then applied to the engine as the table applies them (request.h,
 *    match_ops.h), and the state after the last is checked against the
 *    table's (uno_game_hash): what is shown is the game the file holds.
 *  - Going back rebuilds from the first step: the engine is deterministic.
 *  - The events of a step are those `uno replay --events` answers to its
 *    request (a `next`: who deals and who plays first, as the table says).
 *  - Hidden cards stay hidden: seen from a seat, only what that seat saw.
 */
#ifndef UNO_CLI_REPLAY_H
#define UNO_CLI_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "uno.h"
#include "uno_match.h"

typedef struct Replay {
    char **lines;           /* the requests of the file, blank lines left out */
    long *line_numbers;     /* of each request in the file, 1-based */
    int nsteps;
    int done;               /* steps applied; while a step's events are
                               reported, it counts that step */
    UnoMatch *match;        /* the current game's match, or NULL */
    UnoGame *own;           /* the current game when there is no match */
    uint64_t seed;          /* the seed of the last `new` applied */
} Replay;

/* Reads the file, replays it through a table (its errors: "line N: CODE:
 * message"), then through the steps, and checks the two agree. 0 with the
 * replay at its last step, or -1 with a message. */
int replay_open(Replay *r, const char *path, char *err, size_t errlen);
void replay_close(Replay *r);

/* Goes to the state after `steps` steps (0..nsteps), rebuilding from the
 * start when that is back; emit (may be NULL) gets the events of the steps
 * applied on the way. 0, or -1 with a message (the replay is then at no
 * step). */
int replay_seek(Replay *r, int steps, UnoEventFn emit, void *ctx, char *err, size_t errlen);

/* The current game, NULL before the first step. */
const UnoGame *replay_game(const Replay *r);
/* The current game's match, or NULL. */
const UnoMatch *replay_match(const Replay *r);

/* --watch: the screen, until the person quits. seat: a seat's side, or
 * PLAY_REFEREE (play.h); pace_ms: the pace of p (play). 0, or 1 with a
 * message on standard error (no terminal). */
int replay_watch(Replay *r, int seat, int pace_ms, bool ascii);

#endif
