/*
 * savefile.h — the save files of `uno table --save` and `uno replay`: the
 * accepted state-changing requests of a table (protocol.h's log), one JSON
 * line each; replaying them through a fresh UnoTable rebuilds the game.
 *
 * What this module owns: replaying a file line by line with the protocol's
 * bounded reader, and appending lines durably (written, then fsync'ed,
 * before the request is answered: a crash loses no answered request).
 *
 * What stays true: a line is appended whole or not at all (a failed append
 * is truncated away); a replay stops at the first line the table refuses and
 * says which line it was and why. Blank lines are skipped.
 */
#ifndef UNO_CLI_SAVEFILE_H
#define UNO_CLI_SAVEFILE_H

#include <stdbool.h>
#include <stdio.h>

#include "protocol/protocol.h"

typedef struct UnoSaveReplay {
    long requests;      /* lines replayed with success */
    long bad_line;      /* the line the table refused (1-based), 0: none */
    long bad_offset;    /* the byte where that line begins */
    bool bad_cut;       /* ... and it is the last line, without its newline */
    bool cut;           /* the last line has no newline (and replayed fine) */
} UnoSaveReplay;

/* Receives each request of a replay: its line number (1-based), its text
 * and the table's response (uno replay --events prints the responses;
 * --watch keeps the requests). */
typedef void (*UnoSaveEachFn)(void *ctx, long line, const char *request, const char *response);

/* Feeds each line of f to the table. 0, or -1 with "line N: CODE: message"
 * (or a read error) in err; *r says where it stopped. */
int uno_save_replay(UnoTable *t, FILE *f, UnoSaveEachFn each, void *ctx, UnoSaveReplay *r,
                    char *err, size_t errlen);

/* An open save file, appended to by uno_save_append (a UnoTableLogFn). */
typedef struct UnoSaveFile {
    int fd;
    long long size;     /* bytes in the file: a failed append is cut back to it */
    int error;          /* errno of the last failure, 0: none */
} UnoSaveFile;

/* Opens (creating it) path for appending; when cut, first ends the last
 * line with its newline. 0, or -1 with a message. */
int uno_save_open(UnoSaveFile *s, const char *path, bool cut, char *err, size_t errlen);
bool uno_save_append(void *save_file, const char *line);
void uno_save_close(UnoSaveFile *s);

#endif
