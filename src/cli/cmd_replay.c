/*
 * cmd_replay.c — `uno replay FILE [--events]`: re-runs a saved game (the
 * requests `uno table --save` wrote, docs/protocol.md "Save files") and
 * prints its end state, as `state` answers it, and the state's hash.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_util.h"
#include "cli/commands.h"
#include "cli/savefile.h"
#include "protocol/protocol.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: uno replay FILE [--events]\n"
            "\n"
            "Re-runs the game saved in FILE (uno table --save FILE) and prints its end\n"
            "state, the line `state` answers, then `hash: ` and the state's 64-bit hash\n"
            "in 16 hex digits. A line that fails is named, and the exit status is 1.\n"
            "\n"
            "  --events  first print the answer to each request of the file\n"
            "  --help    show this help\n");
}

static void print_line(void *ctx, const char *response)
{
    (void)ctx;
    puts(response);
}

static int replay(UnoTable *t, const char *path, bool events)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 1;
    }
    UnoSaveReplay r;
    char err[512];
    int rc = uno_save_replay(t, f, events ? print_line : NULL, NULL, &r, err, sizeof err);
    fclose(f);
    if (rc != 0) {
        fprintf(stderr, "uno replay: %s: %s\n", path, err);
        return 1;
    }
    const UnoGame *g = uno_table_game(t);
    if (!g) {
        fprintf(stderr, "uno replay: %s: no game in it (it holds no \"new\" request)\n", path);
        return 1;
    }
    static const char state[] = "{\"op\":\"state\"}";
    char *response = uno_table_handle(t, state, sizeof state - 1);
    if (!response) {
        fprintf(stderr, "uno replay: out of memory\n");
        return 1;
    }
    puts(response);
    free(response);
    printf("hash: %016" PRIx64 "\n", uno_game_hash(g));
    return fflush(stdout) == 0 ? 0 : 1;
}

int cmd_replay(int argc, char **argv)
{
    const char *path = NULL;
    bool events = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(argv[i], "--events") == 0) {
            events = true;
        } else if (!path && argv[i][0] != '-') {
            path = argv[i];
        } else {
            fprintf(stderr, "uno replay: unexpected argument '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }
    if (!path) {
        usage(stderr);
        return 2;
    }
    UnoTable *t = uno_table_new();
    if (!t) {
        fprintf(stderr, "uno replay: out of memory\n");
        return 1;
    }
    uno_table_set_rules_loader(t, uno_cli_load_rules);
    int status = replay(t, path, events);
    uno_table_free(t);
    return status;
}
