/*
 * savefile.c — reading, appending and repairing save files (savefile.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cJSON.h>

#include "protocol/savefile.h"

/* A record is a request line and at most this much more (its checks). */
#define RECORD_MAX (UNO_TABLE_MAX_LINE + 64)

int proto_save_open(UnoSaveFile *s, const char *path, bool write, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->path = path;
    int flags = (write ? O_RDWR | O_CREAT : O_RDONLY) | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
    s->fd = open(path, flags, 0644);
    struct stat st;
    const char *why = s->fd < 0 && errno == EISDIR                ? "not a regular file"
                      : s->fd < 0 || fstat(s->fd, &st) != 0 ? strerror(errno)
                      : !S_ISREG(st.st_mode)              ? "not a regular file"
                      : write && flock(s->fd, LOCK_EX | LOCK_NB) != 0
                          ? (errno == EWOULDBLOCK ? "in use: another uno is writing to it" : strerror(errno))
                          : NULL;
    if (why) {
        snprintf(err, errlen, "%s: %s", path, why);
        proto_save_close(s);
        return -1;
    }
    return 0;
}

void proto_save_close(UnoSaveFile *s)
{
    if (s->fd >= 0)
        close(s->fd);
    s->fd = -1;
}

/* ------------------------------------------------------------- reading */

/* What the table logged of the record it was given: its normalised form
 * and the hash of the state it made. */
typedef struct Logged {
    char *line;
    uint64_t hash;
} Logged;

static bool catch_log(void *ctx, const char *line, uint64_t hash)
{
    Logged *l = ctx;
    free(l->line);
    l->line = strdup(line);
    l->hash = hash;
    return l->line != NULL;
}

/* "CODE: message" of an error response. */
static void describe_error(const char *response, char *out, size_t len)
{
    cJSON *j = cJSON_Parse(response);
    const cJSON *code = cJSON_GetObjectItemCaseSensitive(j, "error");
    const cJSON *msg = cJSON_GetObjectItemCaseSensitive(j, "message");
    if (cJSON_IsString(code) && cJSON_IsString(msg))
        snprintf(out, len, "%s: %s", code->valuestring, msg->valuestring);
    else
        snprintf(out, len, "%.120s", response);
    cJSON_Delete(j);
}

/* Splits a record `{...,"seq":N,"hash":"H"}` in place into its request
 * `{...}`, N and H. A quote in a JSON string is escaped, so the last
 * `,"seq":` of the line is the record's own; the checks must read exactly as
 * the writer writes them. False when the record has none. */
static bool split_record(char *line, long *seq, uint64_t *hash)
{
    char *at = NULL;
    for (char *p = strstr(line, ",\"seq\":"); p; p = strstr(p + 1, ",\"seq\":"))
        at = p;
    char hex[17], written[64];
    if (!at || sscanf(at, ",\"seq\":%ld,\"hash\":\"%16[0-9a-f]\"}", seq, hex) != 2 || *seq < 1)
        return false;
    *hash = strtoull(hex, NULL, 16);
    snprintf(written, sizeof written, ",\"seq\":%ld,\"hash\":\"%016" PRIx64 "\"}", *seq, *hash);
    if (strcmp(at, written) != 0)
        return false;
    at[0] = '}';
    at[1] = '\0';
    return true;
}

/* The end mark `{"end":N}`, exactly as written: true with N. */
static bool end_mark(const char *line, long *n)
{
    char written[32];
    if (sscanf(line, "{\"end\":%ld}", n) != 1)
        return false;
    snprintf(written, sizeof written, "{\"end\":%ld}", *n);
    return strcmp(line, written) == 0;
}

/* How a replay went: the records it took, and where the next one goes. */
typedef struct Progress {
    long records;
    long long size;
    bool ended;     /* the end mark came */
} Progress;

/* How to replay: lenient (--repair) takes a line without checks as written
 * in the earlier format, and rewrite receives each record taken, with its
 * checks worked out anew. */
typedef struct Mode {
    bool lenient;
    UnoSaveFile *rewrite;
} Mode;

/* Checks one record (line `lineno`, split in place) and feeds it to the
 * table. 0, or -1 with why. */
static int replay_record(UnoTable *t, char *line, long lineno, Mode mode, const Progress *p,
                         UnoSaveEachFn each, void *ctx, char *why, size_t len)
{
    long seq = 0;
    uint64_t hash = 0;
    bool checked = split_record(line, &seq, &hash);
    if (!checked && !mode.lenient) {
        snprintf(why, len, "no record number and hash: not a save file, or one written by an earlier uno");
        return -1;
    }
    if (checked && seq != p->records + 1) {
        snprintf(why, len, "record %ld where record %ld was due (a line is missing, repeated or moved)", seq,
                 p->records + 1);
        return -1;
    }
    Logged logged = {NULL, 0};
    proto_table_set_log(t, catch_log, &logged);
    char *response = proto_table_handle(t, line, strlen(line));
    proto_table_set_log(t, NULL, NULL);
    int rc = -1;
    if (!response)
        snprintf(why, len, "out of memory");
    else if (!proto_table_response_ok(response))
        describe_error(response, why, len);
    else if (!logged.line)
        snprintf(why, len, "not a request that changes the game");
    else if (checked && strcmp(logged.line, line) != 0)
        snprintf(why, len, "the request is not in the form it was saved in: it was changed");
    else if (checked && logged.hash != hash)
        snprintf(why, len, "it makes a state (hash %016" PRIx64 ") other than the one saved (%016" PRIx64 ")",
                 logged.hash, hash);
    else if (mode.rewrite && !proto_save_append(mode.rewrite, logged.line, logged.hash))
        snprintf(why, len, "cannot write the repaired file: %s", strerror(mode.rewrite->error));
    else
        rc = 0;
    if (rc == 0 && each)
        each(ctx, lineno, line, response);
    free(logged.line);
    free(response);
    return rc;
}

/* Replays the file behind fd from its start; stops at the first line that
 * fails, with "line N: why". */
static int replay_fd(int fd, UnoTable *t, Mode mode, UnoSaveEachFn each, void *ctx, Progress *p, char *err,
                     size_t errlen)
{
    memset(p, 0, sizeof *p);
    int copy = dup(fd);
    FILE *f = copy >= 0 ? fdopen(copy, "r") : NULL;
    char *buf = malloc(RECORD_MAX + 1);
    if (!f || !buf || fseek(f, 0, SEEK_SET) != 0) {
        snprintf(err, errlen, "%s", f && buf ? strerror(errno) : "out of memory");
        if (f)
            fclose(f);
        else if (copy >= 0)
            close(copy);
        free(buf);
        return -1;
    }
    char why[UNO_ERR_LEN] = "";
    long lineno = 0;
    bool newline;
    long n;
    long start = 0;
    while (!why[0] && (n = proto_line_read(f, buf, RECORD_MAX, &newline)) >= 0) {
        lineno++;
        long end, next = ftell(f);
        if (p->ended)
            snprintf(why, sizeof why, "a line after the end mark");
        else if (!newline)
            snprintf(why, sizeof why, "cut short (it has no newline: the program stopped while writing it?)");
        else if (n > RECORD_MAX)
            snprintf(why, sizeof why, "longer than any record (%d bytes)", RECORD_MAX);
        else if (memchr(buf, '\0', (size_t)n))
            snprintf(why, sizeof why, "it holds a NUL byte");
        else if (next - start != n + 1) /* the reader took a CR away */
            snprintf(why, sizeof why, "it ends with a carriage return (converted to DOS line ends?)");
        else if (end_mark(buf, &end) && (end != p->records || end == 0))
            snprintf(why, sizeof why, "the end mark names record %ld, but the file holds %ld", end, p->records);
        else if (end_mark(buf, &end))
            p->ended = true;
        else if (replay_record(t, buf, lineno, mode, p, each, ctx, why, sizeof why) == 0) {
            p->records++;
            p->size = next;
        }
        start = next;
    }
    long at = lineno; /* the line that failed */
    if (!why[0] && ferror(f)) {
        snprintf(why, sizeof why, "%s", strerror(errno));
    } else if (!why[0] && p->records > 0 && !p->ended && !mode.lenient) {
        snprintf(why, sizeof why, "no end mark after record %ld: the file was cut short, and what followed is lost",
                 p->records);
        at = lineno + 1;
    }
    fclose(f);
    free(buf);
    if (!why[0])
        return 0;
    snprintf(err, errlen, "line %ld: %s", at, why);
    return -1;
}

int proto_save_replay(UnoSaveFile *s, UnoTable *t, UnoSaveEachFn each, void *ctx, char *err, size_t errlen)
{
    Progress p;
    int rc = replay_fd(s->fd, t, (Mode){false, NULL}, each, ctx, &p, err, errlen);
    s->records = p.records;
    s->size = p.size;
    return rc;
}

/* ------------------------------------------------------------ appending */

/* Writes all of buf at offset, or fails. */
static bool pwrite_all(int fd, const char *buf, size_t len, off_t offset)
{
    while (len > 0) {
        ssize_t w = pwrite(fd, buf, len, offset);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        buf += w;
        len -= (size_t)w;
        offset += w;
    }
    return true;
}

bool proto_save_append(void *save_file, const char *line, uint64_t hash)
{
    UnoSaveFile *s = save_file;
    size_t len = strlen(line);
    char *record = len >= 3 && line[len - 1] == '}' ? malloc(len + 96) : NULL;
    if (!record) { /* not a request object, or out of memory */
        s->error = len >= 3 && line[len - 1] == '}' ? ENOMEM : EINVAL;
        return false;
    }
    /* the record, then the new end mark over the old one */
    memcpy(record, line, len - 1);
    int checks = snprintf(record + len - 1, 96, ",\"seq\":%ld,\"hash\":\"%016" PRIx64 "\"}\n", s->records + 1, hash);
    int mark = snprintf(record + len - 1 + checks, 96 - (size_t)checks, "{\"end\":%ld}\n", s->records + 1);
    bool written = pwrite_all(s->fd, record, len - 1 + (size_t)(checks + mark), (off_t)s->size) && fsync(s->fd) == 0;
    free(record);
    if (written) {
        s->size += (long long)(len - 1 + (size_t)checks);
        s->records++;
        return true;
    }
    s->error = errno ? errno : EIO;
    /* put the old end mark back, so that the file says what it holds */
    char old[32];
    int n = s->records > 0 ? snprintf(old, sizeof old, "{\"end\":%ld}\n", s->records) : 0;
    if (pwrite_all(s->fd, old, (size_t)n, (off_t)s->size))
        while (ftruncate(s->fd, (off_t)(s->size + n)) != 0 && errno == EINTR)
            continue;
    return false;
}

/* ------------------------------------------------------------ repairing */

/* PATH.bak, or PATH.bak.N, the first that does not exist. */
static void backup_name(const char *path, char *out, size_t len)
{
    snprintf(out, len, "%s.bak", path);
    for (int i = 1; access(out, F_OK) == 0; i++)
        snprintf(out, len, "%s.bak.%d", path, i);
}

int proto_save_repair(const char *path, UnoRulesLoader load, char *report, size_t len)
{
    char err[4400], fresh[4200], backup[4200];
    snprintf(fresh, sizeof fresh, "%s.repairing", path);
    UnoSaveFile in, out = {.fd = -1};
    if (proto_save_open(&in, path, true, err, sizeof err) != 0) {
        snprintf(report, len, "cannot repair: %s", err);
        return -1;
    }
    unlink(fresh);
    UnoTable *t = proto_table_new();
    int rc = t && proto_save_open(&out, fresh, true, err, sizeof err) == 0 ? 0 : -1;
    if (rc != 0 && !t)
        snprintf(err, sizeof err, "out of memory");
    Progress p = {0, 0, false};
    char dropped[600] = "";
    if (rc == 0) {
        proto_table_set_rules_loader(t, load);
        if (replay_fd(in.fd, t, (Mode){true, &out}, NULL, NULL, &p, dropped, sizeof dropped) != 0 && out.error) {
            snprintf(err, sizeof err, "%s: %s", fresh, strerror(out.error));
            rc = -1;
        }
    }
    backup_name(path, backup, sizeof backup);
    if (rc == 0 && (fsync(out.fd) != 0 || rename(path, backup) != 0 || rename(fresh, path) != 0)) {
        snprintf(err, sizeof err, "%s", strerror(errno));
        rc = -1;
    }
    proto_table_free(t);
    proto_save_close(&out);
    proto_save_close(&in);
    if (rc != 0) {
        unlink(fresh);
        snprintf(report, len, "cannot repair %s: %s", path, err);
        return -1;
    }
    snprintf(report, len, "repaired %s: kept %ld record%s%s%s; the file as it was is %s", path, out.records,
             out.records == 1 ? "" : "s", dropped[0] ? ", dropped from " : "", dropped, backup);
    return 0;
}
