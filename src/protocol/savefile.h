/*
 * savefile.h — the save files of `uno table --save`, `uno play` and
 * `uno replay`: the accepted state-changing requests of a table (protocol.h's
 * log), one JSON line each; replaying them through a fresh UnoTable rebuilds
 * the game. docs/protocol.md "Save files" describes the format:
 *
 *   {"op":"new",...,"seq":1,"hash":"6c0f2d3e9a1b4c57"}
 *   {"op":"play","seat":2,"cards":["R5"],"t":4100,"seq":2,"hash":"..."}
 *   {"end":2}
 *
 * Each record is the request in the table's normalised form, then its
 * sequence number and the hash of the whole state it made (proto_table_hash);
 * the file ends with an end mark that names the last record.
 *
 * What this module owns: reading a file strictly (every record replayed
 * must be the one written: its form exactly the normalised one, its number
 * the next, the state it makes the one it names; the end mark present and
 * right), so that a damaged file is refused, naming its line, and never
 * loads another game; appending durably (the record and the new end mark
 * are written over the old end mark and synced before the request is
 * answered: a crash loses no answered request); one writer per file (an
 * exclusive lock); regular files only; and the explicit repair that keeps
 * what replays and a backup of the rest.
 */
#ifndef UNO_PROTOCOL_SAVEFILE_H
#define UNO_PROTOCOL_SAVEFILE_H

#include <stdbool.h>
#include <stdint.h>

#include "protocol/protocol.h"

/* An open save file. */
typedef struct UnoSaveFile {
    int fd;             /* -1: closed */
    const char *path;
    long records;       /* records in the file (read by proto_save_replay) */
    long long size;     /* bytes of those records: the end mark follows them */
    int error;          /* errno of the last failed append, 0: none */
} UnoSaveFile;

/* Opens path, a regular file: to read it, or (write) to replay and append
 * to it, creating it, under an exclusive lock that a second writer is
 * refused. The open never blocks (a FIFO or device is refused). 0, or -1
 * with a message. */
int proto_save_open(UnoSaveFile *s, const char *path, bool write, char *err, size_t errlen);

/* Receives each record of a replay: its line number (1-based), its request
 * (without the record's number and hash) and the table's response
 * (uno replay --events prints the responses; --watch keeps the requests). */
typedef void (*UnoSaveEachFn)(void *ctx, long line, const char *request, const char *response);

/* Feeds each record of the file to the table, checking it; the file may be
 * empty (no records). 0, or -1 with "line N: why" in err. s->records and
 * s->size then say where the next record goes. */
int proto_save_replay(UnoSaveFile *s, UnoTable *t, UnoSaveEachFn each, void *ctx, char *err, size_t errlen);

/* Appends a record (a UnoTableLogFn: save_file is a UnoSaveFile replayed
 * first) durably, or nothing: a failure puts the old end mark back. */
bool proto_save_append(void *save_file, const char *line, uint64_t hash);
void proto_save_close(UnoSaveFile *s);

/* --repair: replays what it can of the file at path (a file of the earlier
 * format without record checks is taken as it stands), writes those records
 * anew with their checks, and keeps the original as PATH.bak (or PATH.bak.N
 * when that exists). Writes a report (what was kept, what was dropped and
 * why, where the backup is) into report. 0, or -1 with a message in report. */
int proto_save_repair(const char *path, UnoRulesLoader load, char *report, size_t len);

#endif
