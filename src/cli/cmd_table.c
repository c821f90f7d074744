/*
 * cmd_table.c — `uno table [--save FILE]`: referees one table, speaking the
 * JSON Lines protocol (docs/protocol.md) on standard input and output: one
 * response line per request line, flushed.
 *
 * With --save, every accepted state-changing request is appended to FILE
 * (savefile.h: checked records) and synced to disk before it is answered,
 * and a FILE that exists is replayed first: after a crash, the same command
 * picks the game up where the last answered request left it. A FILE that
 * does not replay exactly is refused, naming its line; --repair keeps what
 * replays and a backup of the file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli_options.h"
#include "cli/cli_util.h"
#include "cli/commands.h"
#include "protocol/protocol.h"
#include "protocol/savefile.h"

typedef struct TableArgs {
    const char *save_path;
    bool repair, builtin_rules_only;
} TableArgs;

static const CliOption table_options[] = {
    CLI_TEXT("save", "FILE", TableArgs, save_path,
             "append every accepted state-changing request to FILE (synced before it is answered); if FILE "
             "exists, replay it first, so that a table that crashed resumes where it stopped; a FILE that does "
             "not replay exactly as it was written is refused, naming the line; one table at a time may write "
             "to FILE"),
    CLI_FLAG("repair", TableArgs, repair,
             "(with --save) first keep what replays of FILE, writing it anew, and the file as it was as "
             "FILE.bak (or FILE.bak.N)"),
    CLI_FLAG("builtin-rules", TableArgs, builtin_rules_only,
             "open no file a request names: \"rules\" in \"new\" must be a built-in rule set (mattel, classic, "
             "kpgut), as on a server"),
};

static const CliCommand table_command = {
    .name = "uno table",
    .synopsis = "usage: uno table [--save FILE [--repair]] [--builtin-rules]\n",
    .about = "Referees one table: reads one JSON request per line on standard input and\n"
             "answers each with one JSON line on standard output (docs/protocol.md).\n",
    CLI_OPTIONS(table_options),
    .operands_note = "uno table takes options only",
};

/* Opens FILE for saving (after --repair, if asked) and replays it into
 * the table. 0, or 1 with a message. */
static int restore(UnoTable *t, UnoSaveFile *save, const char *path, bool repair, UnoRulesLoader load)
{
    char err[700];
    if (repair) {
        int rc = proto_save_repair(path, load, err, sizeof err);
        fprintf(stderr, "uno table: %s\n", err);
        if (rc != 0)
            return 1;
    }
    if (proto_save_open(save, path, true, err, sizeof err) != 0) {
        fprintf(stderr, "uno table: cannot save: %s\n", err);
        return 1;
    }
    if (proto_save_replay(save, t, NULL, NULL, err, sizeof err) != 0) {
        fprintf(stderr,
                "uno table: cannot restore the game from %s: %s\n"
                "(uno table --save %s --repair keeps what replays, and the file as it is as a backup)\n",
                path, err, path);
        return 1;
    }
    if (save->records > 0)
        fprintf(stderr, "uno table: restored %ld request%s from %s\n", save->records, cli_s(save->records),
                path);
    proto_table_set_log(t, proto_save_append, save);
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
    while ((n = proto_line_read(stdin, buf, UNO_TABLE_MAX_LINE, &newline)) >= 0) {
        char *response = proto_table_handle(t, buf, (size_t)n);
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
    TableArgs a = {0};
    int rc = cli_parse(&table_command, argc, argv, &a, NULL);
    if (rc != CLI_PARSED)
        return cli_exit_status(rc);
    if (a.repair && !a.save_path)
        return cli_bad_usage(&table_command, "--repair repairs the file of --save FILE: give it");
    UnoTable *t = proto_table_new();
    if (!t) {
        fprintf(stderr, "uno table: out of memory\n");
        return 1;
    }
    UnoRulesLoader load = a.builtin_rules_only ? NULL : cli_load_request_rules;
    proto_table_set_rules_loader(t, load);
    UnoSaveFile save = {.fd = -1};
    int status = a.save_path ? restore(t, &save, a.save_path, a.repair, load) : 0;
    if (status == 0)
        status = serve(t, a.save_path ? &save : NULL, a.save_path);
    proto_save_close(&save);
    proto_table_free(t);
    return status;
}
