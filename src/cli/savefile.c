/*
 * savefile.c — replaying and appending save files (savefile.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cJSON.h>

#include "cli/savefile.h"

static bool blank(const char *s, long n)
{
    for (long i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t')
            return false;
    return true;
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

int uno_save_replay(UnoTable *t, FILE *f, UnoSaveEachFn each, void *ctx, UnoSaveReplay *r,
                    char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    char *buf = malloc(UNO_TABLE_MAX_LINE + 1);
    if (!buf) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = 0;
    long lineno = 0;
    for (;;) {
        long offset = ftell(f);
        bool newline;
        long n = uno_line_read(f, buf, UNO_TABLE_MAX_LINE, &newline);
        if (n < 0)
            break;
        lineno++;
        r->cut = !newline;
        if (blank(buf, n))
            continue;
        char *response = uno_table_handle(t, buf, (size_t)n);
        if (!response) {
            snprintf(err, errlen, "line %ld: out of memory", lineno);
            rc = -1;
            break;
        }
        if (each)
            each(ctx, lineno, buf, response);
        if (!uno_table_response_ok(response)) {
            char why[256];
            describe_error(response, why, sizeof why);
            snprintf(err, errlen, "line %ld: %s", lineno, why);
            r->bad_line = lineno;
            r->bad_offset = offset;
            r->bad_cut = !newline;
            free(response);
            rc = -1;
            break;
        }
        free(response);
        r->requests++;
    }
    if (rc == 0 && ferror(f)) {
        snprintf(err, errlen, "read error after line %ld: %s", lineno, strerror(errno));
        rc = -1;
    }
    free(buf);
    return rc;
}

/* Writes all of iov (two parts) or fails. */
static bool write_all(int fd, struct iovec *iov, int n)
{
    while (n > 0) {
        ssize_t w = writev(fd, iov, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        while (n > 0 && (size_t)w >= iov->iov_len) {
            w -= (ssize_t)iov->iov_len;
            iov++;
            n--;
        }
        if (n > 0) {
            iov->iov_base = (char *)iov->iov_base + w;
            iov->iov_len -= (size_t)w;
        }
    }
    return true;
}

/* Appends text (a line, or the missing newline) whole, durably, or not at all. */
static bool append(UnoSaveFile *s, const char *text, size_t len, bool newline)
{
    struct iovec iov[2] = {{(void *)text, len}, {(void *)"\n", newline ? 1 : 0}};
    if (write_all(s->fd, iov, 2) && fsync(s->fd) == 0) {
        s->size += (long long)(len + (newline ? 1 : 0));
        return true;
    }
    s->error = errno ? errno : EIO;
    /* Cut back what was written of it, so the file ends with a whole line. */
    while (ftruncate(s->fd, (off_t)s->size) != 0 && errno == EINTR)
        continue;
    return false;
}

int uno_save_open(UnoSaveFile *s, const char *path, bool cut, char *err, size_t errlen)
{
    struct stat st;
    s->error = 0;
    s->fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
    if (s->fd < 0 || fstat(s->fd, &st) != 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        if (s->fd >= 0)
            close(s->fd);
        return -1;
    }
    s->size = (long long)st.st_size;
    if (cut && !append(s, "", 0, true)) {
        snprintf(err, errlen, "%s: %s", path, strerror(s->error));
        close(s->fd);
        return -1;
    }
    return 0;
}

bool uno_save_append(void *save_file, const char *line)
{
    return append(save_file, line, strlen(line), true);
}

void uno_save_close(UnoSaveFile *s)
{
    if (s->fd >= 0)
        close(s->fd);
    s->fd = -1;
}
