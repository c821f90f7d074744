/*
 * cmd_table.c — `uno table [--save FILE]`: referees one table, speaking the
 * JSON Lines protocol (../shared/TABLE-PROTOCOL.md, docs/protocol.md) on
 * standard input and output: one response line per request line, flushed.
 *
 * With --save, every accepted state-changing request is appended to FILE
 * and synced to disk before it is answered, and a FILE that exists is
 * replayed first: after a crash, the same command picks the game up where
 * the last answered request left it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli_util.h"
#include "cli/commands.h"
#include "cli/savefile.h"
#include "protocol/protocol.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: uno table [--save FILE] [--builtin-rules]\n"
            "\n"
            "Referees one table: reads one JSON request per line on standard input and\n"
            "answers each with one JSON line on standard output (docs/protocol.md).\n"
            "\n"
            "  --save FILE  append every accepted state-changing request to FILE (synced\n"
            "               before it is answered); if FILE exists, replay it first, so\n"
            "               that a table that crashed resumes where it stopped\n"
            "  --builtin-rules  open no file a request names: \"rules\" in \"new\" must be\n"
            "               a built-in rule set (mattel, classic, kpgut), as on a server\n"
            "  --help       show this help\n");
}

/* Replays an existing save file into the table. A last line cut short (a
 * crash while it was written: it was never answered) is dropped. Sets *cut
 * when the file's last line lacks its newline. 0, or 1 with a message. */
static int restore(UnoTable *t, const char *path, bool *cut)
{
    *cut = false;
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT)
            return 0;
        fprintf(stderr, "uno table: cannot read %s: %s\n", path, strerror(errno));
        return 1;
    }
    UnoSaveReplay r;
    char err[512];
    int rc = uno_save_replay(t, f, NULL, NULL, &r, err, sizeof err);
    fclose(f);
    if (rc != 0 && r.bad_cut) {
        fprintf(stderr, "uno table: %s: %s; that last line was cut short and never answered: dropped\n",
                path, err);
        if (truncate(path, (off_t)r.bad_offset) != 0) {
            fprintf(stderr, "uno table: %s: %s\n", path, strerror(errno));
            return 1;
        }
        return 0;
    }
    if (rc != 0) {
        fprintf(stderr, "uno table: cannot restore the game from %s: %s\n", path, err);
        return 1;
    }
    *cut = r.cut;
    if (r.requests > 0)
        fprintf(stderr, "uno table: restored %ld requests from %s\n", r.requests, path);
    return 0;
}

/* Answers each line of standard input until its end. */
static int serve(UnoTable *t, const UnoSaveFile *save, const char *save_path)
{
    char *buf = malloc(UNO_TABLE_MAX_LINE + 1);
    if (!buf) {
        fprintf(stderr, "uno table: out of memory\n");
        return 1;
    }
    int status = 0;
    bool newline;
    long n;
    while ((n = uno_line_read(stdin, buf, UNO_TABLE_MAX_LINE, &newline)) >= 0) {
        char *response = uno_table_handle(t, buf, (size_t)n);
        if (!response) {
            if (save && save->error)
                fprintf(stderr, "uno table: cannot save to %s: %s\n", save_path, strerror(save->error));
            else
                fprintf(stderr, "uno table: out of memory\n");
            status = 1;
            break;
        }
        int w = fputs(response, stdout);
        free(response);
        if (w == EOF || putchar('\n') == EOF || fflush(stdout) == EOF) {
            fprintf(stderr, "uno table: cannot write the answer: %s\n", strerror(errno));
            status = 1;
            break;
        }
    }
    free(buf);
    return status;
}

int cmd_table(int argc, char **argv)
{
    const char *save_path = NULL;
    bool builtin_rules_only = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(argv[i], "--builtin-rules") == 0) {
            builtin_rules_only = true;
            continue;
        }
        if (strcmp(argv[i], "--save") == 0 && i + 1 < argc) {
            save_path = argv[++i];
            continue;
        }
        fprintf(stderr, "uno table: unexpected argument '%s'\n", argv[i]);
        usage(stderr);
        return 2;
    }
    UnoTable *t = uno_table_new();
    if (!t) {
        fprintf(stderr, "uno table: out of memory\n");
        return 1;
    }
    if (!builtin_rules_only)
        uno_table_set_rules_loader(t, uno_cli_load_request_rules);
    UnoSaveFile save = {.fd = -1};
    int status = 0;
    if (save_path) {
        bool cut;
        char err[512];
        status = restore(t, save_path, &cut);
        if (status == 0 && uno_save_open(&save, save_path, cut, err, sizeof err) != 0) {
            fprintf(stderr, "uno table: cannot save: %s\n", err);
            status = 1;
        }
        if (status == 0)
            uno_table_set_log(t, uno_save_append, &save);
    }
    if (status == 0)
        status = serve(t, save_path ? &save : NULL, save_path);
    uno_save_close(&save);
    uno_table_free(t);
    return status;
}
