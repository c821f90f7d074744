/*
 * cli_util.c — reading files and loading rule sets for the subcommands.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_util.h"

/* The largest rules file uno_cli_load_rules reads. */
#define RULES_FILE_MAX (256 * 1024)

char *uno_cli_read_file(const char *path, size_t max, char *err, size_t errlen)
{
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%.80s: %s", path, strerror(errno));
        return NULL;
    }
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

int uno_cli_load_rules(const char *name_or_path, UnoRules *out, char *err, size_t errlen)
{
    if (uno_rules_builtin_text(name_or_path))
        return uno_rules_preset(name_or_path, out, err, errlen);
    char why[UNO_ERR_LEN];
    char *text = uno_cli_read_file(name_or_path, RULES_FILE_MAX, why, sizeof why);
    if (!text) {
        char names[64] = "";
        for (const char *const *n = uno_rules_builtin_names(); *n; n++) {
            size_t used = strlen(names);
            snprintf(names + used, sizeof names - used, "%s%s", used ? ", " : "", *n);
        }
        snprintf(err, errlen, "not a rule set (%s) nor a rules file: %s", names, why);
        return UNO_E_BAD_REQUEST;
    }
    UnoRules r;
    int st = uno_rules_parse(text, &r, why, sizeof why);
    free(text);
    if (st != UNO_OK) {
        snprintf(err, errlen, "%.80s: %s", name_or_path, why);
        return st;
    }
    if (!r.name[0])
        name_from_path(name_or_path, r.name, sizeof r.name);
    *out = r;
    return UNO_OK;
}

bool uno_cli_parse_long(const char *text, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (!*text || *end || errno || v < min || v > max)
        return false;
    *out = v;
    return true;
}
