/*
 * cli_util.c — reading files and loading rule sets for the subcommands.
 */
#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cJSON.h>

#include "cli/cli_util.h"

/* The largest rules file cli_load_rules reads. */
#define RULES_FILE_MAX (256 * 1024)

/* Opens path for reading if it is a regular file: a FIFO, a device
 * (/dev/zero, /dev/stdin) or a directory could block or never end. The open
 * itself does not block (O_NONBLOCK), whatever the path names. */
static FILE *open_regular(const char *path, char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    struct stat st;
    const char *why = fd < 0 ? strerror(errno) : fstat(fd, &st) != 0 ? strerror(errno)
                                              : !S_ISREG(st.st_mode) ? "not a regular file"
                                                                     : NULL;
    FILE *f = why ? NULL : fdopen(fd, "rb");
    if (!why && !f)
        why = strerror(errno);
    if (why) {
        snprintf(err, errlen, "%.80s: %s", path, why);
        if (fd >= 0)
            close(fd);
    }
    return f;
}

char *cli_read_file(const char *path, size_t max, char *err, size_t errlen)
{
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : open_regular(path, err, errlen);
    if (!f)
        return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    const char *why = buf ? NULL : "out of memory";
    while (!why) {
        if (len + 1 == cap) {
            char *more = realloc(buf, cap * 2);
            if (!more) {
                why = "out of memory";
                break;
            }
            buf = more;
            cap *= 2;
        }
        size_t n = fread(buf + len, 1, cap - 1 - len, f);
        len += n;
        if (len > max)
            why = "too large";
        else if (n == 0)
            break;
    }
    if (!why && ferror(f))
        why = strerror(errno);
    if (!why && memchr(buf, '\0', len))
        why = "not a text file (it holds a NUL byte)";
    if (!is_stdin)
        fclose(f);
    if (why) {
        snprintf(err, errlen, "%.80s: %s", path, why);
        free(buf);
        return NULL;
    }
    buf[len] = '\0';
    return buf;
}

/* "dir/my.rules" -> "my" (at most len-1 bytes). */
static void name_from_path(const char *path, char *name, size_t len)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (n > 6 && strcmp(base + n - 6, ".rules") == 0)
        n -= 6;
    if (n >= len)
        n = len - 1;
    memcpy(name, base, n);
    name[n] = '\0';
}

/* "not a rule set (mattel, classic, kpgut) nor a rules file: WHY". */
static int not_rules(const char *why, char *err, size_t errlen)
{
    snprintf(err, errlen, "not a rule set (%s) nor a rules file: %s", uno_rules_builtin_list(), why);
    return UNO_E_BAD_REQUEST;
}

/* A built-in rule set by name, else the rules file at path. quote: a parse
 * error may quote the file; else it names only the line, for the file may
 * be any file a request names (/etc/passwd), and its error goes back to
 * whoever sent the request. */
static int load_rules(const char *name_or_path, bool quote, UnoRules *out, char *err, size_t errlen)
{
    if (uno_rules_builtin_text(name_or_path))
        return uno_rules_preset(name_or_path, out, err, errlen);
    char why[UNO_ERR_LEN];
    char *text = cli_read_file(name_or_path, RULES_FILE_MAX, why, sizeof why);
    if (!text)
        return not_rules(why, err, errlen);
    /* the error is quoted after the path: it is given the room that leaves,
     * so that the engine ends it at a whole word ("and 46 more") */
    size_t after_path = (size_t)snprintf(NULL, 0, "%.80s: ", name_or_path) + 1;
    size_t room = errlen > after_path ? errlen - after_path + 1 : 1;
    UnoRules r;
    int st = uno_rules_parse(text, &r, why, quote && room < sizeof why ? room : sizeof why);
    free(text);
    if (st != UNO_OK) {
        int line;
        if (quote)
            snprintf(err, errlen, "%.80s: %s", name_or_path, why);
        else if (sscanf(why, "line %d", &line) == 1)
            snprintf(err, errlen, "%.80s: line %d is not a valid rules line (see why with: uno rules FILE)",
                     name_or_path, line);
        else
            snprintf(err, errlen, "%.80s: not a valid rules file (see why with: uno rules FILE)", name_or_path);
        return st;
    }
    if (!r.name[0])
        name_from_path(name_or_path, r.name, sizeof r.name);
    *out = r;
    return UNO_OK;
}

int cli_load_rules(const char *name_or_path, UnoRules *out, char *err, size_t errlen)
{
    return load_rules(name_or_path, true, out, err, errlen);
}

int cli_load_request_rules(const char *name_or_path, UnoRules *out, char *err, size_t errlen)
{
    if (strcmp(name_or_path, "-") == 0)
        return not_rules("-: a request cannot name standard input", err, errlen);
    return load_rules(name_or_path, false, out, err, errlen);
}

const char *cli_s(long long n)
{
    return n == 1 ? "" : "s";
}

void cli_progress(const char *prefix, uint64_t done, uint64_t total, double seconds, const char *extra)
{
    double left = done > 0 ? seconds * (double)(total - done) / (double)done : 0;
    int filled = total ? (int)(30 * done / total) : 30;
    char bar[31];
    memset(bar, '#', (size_t)filled);
    memset(bar + filled, '.', (size_t)(30 - filled));
    bar[30] = '\0';
    fprintf(stderr, "\r%s[%s] %" PRIu64 "/%" PRIu64 " games  %s%d:%02d left\033[K", prefix, bar, done, total,
            extra, (int)left / 60, (int)left % 60);
    if (done == total)
        fprintf(stderr, "\r\033[K");
    fflush(stderr);
}

void cli_json_string(FILE *out, const char *s)
{
    cJSON *j = cJSON_CreateString(s);
    char *text = j ? cJSON_PrintUnformatted(j) : NULL;
    fputs(text ? text : "null", out);
    cJSON_free(text);
    cJSON_Delete(j);
}

void cli_xml_text(FILE *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*s, out);
        }
    }
}

void cli_csv_field(FILE *out, const char *s)
{
    if (!s[strcspn(s, ",\"\r\n")]) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}
