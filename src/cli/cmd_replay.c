/*
 * cmd_replay.c — `uno replay FILE`: re-runs a saved game (the requests
 * `uno table --save` and `uno play` wrote, docs/protocol.md "Save files").
 * By default it prints its end state, as `state` answers it, and the state's
 * hash (scripts read these; --events adds each request's answer). --text
 * tells the game in words, a line per event; --watch shows it on the table
 * screen of `uno play` (replay.h). docs/play.md "Watching a saved game".
 */
#include <inttypes.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli_util.h"
#include "cli/commands.h"
#include "cli/play.h"
#include "cli/replay.h"
#include "protocol/protocol.h"
#include "protocol/savefile.h"

enum { DEFAULT_PACE_MS = 800 };

typedef enum { SHOW_END, SHOW_TEXT, SHOW_WATCH } Show;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: uno replay FILE [--events]\n"
            "       uno replay FILE --text [--seat N]\n"
            "       uno replay FILE --watch [--seat N] [--pace MS] [--ascii]\n"
            "\n"
            "Re-runs the game saved in FILE (uno table --save FILE, uno play) and prints\n"
            "its end state, the line `state` answers, then `hash: ` and the state's 64-bit\n"
            "hash in 16 hex digits. A line that fails is named, and the exit status is 1.\n"
            "\n"
            "  --events   first print the answer to each request of the file\n"
            "  --text     instead, tell the game in words: one line per event, after the\n"
            "             number of its action (0: the deal; each request of the file is\n"
            "             one) and the game's clock, m:ss\n"
            "  --watch    instead, watch it on the table screen of uno play, an action at\n"
            "             a time: Space/Right next, Left back, p play/pause, Home/End,\n"
            "             ? help, q quit\n"
            "  --seat N   (--text, --watch) as seat N saw it: only its own cards, the\n"
            "             others' counts [the referee's view: every hand, every card]\n"
            "  --pace MS  (--watch) the pace of p, in milliseconds [800]\n"
            "  --ascii    (--watch) no UTF-8 symbols\n"
            "  --help     show this help\n");
}

static void print_line(void *ctx, long line, const char *request, const char *response)
{
    (void)ctx;
    (void)line;
    (void)request;
    puts(response);
}

static int replay(UnoTable *t, const char *path, bool events)
{
    UnoSaveFile save;
    char err[700];
    if (uno_save_open(&save, path, false, err, sizeof err) != 0) {
        fprintf(stderr, "uno replay: %s\n", err);
        return 1;
    }
    int rc = uno_save_replay(&save, t, events ? print_line : NULL, NULL, err, sizeof err);
    uno_save_close(&save);
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
    printf("hash: %016" PRIx64 "\n", uno_table_hash(t));
    return fflush(stdout) == 0 ? 0 : 1;
}

/* --text: a line per event, "ACTION M:SS sentence". */
typedef struct TextOut {
    const Replay *r;
    int seat;
} TextOut;

static void print_event(void *ctx, const UnoEvent *ev)
{
    const TextOut *o = ctx;
    const UnoGame *g = replay_game(o->r);
    PlayVoice voice = {g, -1, o->seat};
    char line[PLAY_LOG_WIDTH];
    if (!play_text_event(&voice, ev, line, sizeof line))
        return;
    int64_t secs = uno_game_clock(g) / 1000;
    printf("%d %" PRId64 ":%02d %s\n", o->r->done - 1, secs / 60, (int)(secs % 60), line);
}

static int show(const char *path, Show how, int seat, int pace_ms, bool ascii)
{
    if (how == SHOW_WATCH && !isatty(STDIN_FILENO)) {
        fprintf(stderr, "uno replay: --watch needs a terminal (--text writes the game as lines)\n");
        return 1;
    }
    Replay r;
    char err[600];
    if (replay_open(&r, path, err, sizeof err) != 0) {
        fprintf(stderr, "uno replay: %s: %s\n", path, err);
        return 1;
    }
    int status = 0;
    /* from the start: the first game is dealt by step 1 */
    if (replay_seek(&r, 1, NULL, NULL, err, sizeof err) != 0) {
        fprintf(stderr, "uno replay: %s: %s\n", path, err);
        status = 1;
    } else if (seat >= uno_game_nplayers(replay_game(&r))) {
        fprintf(stderr, "uno replay: --seat %d: the game has seats 0 to %d\n", seat,
                uno_game_nplayers(replay_game(&r)) - 1);
        status = 2;
    } else if (how == SHOW_WATCH) {
        setlocale(LC_ALL, "");
        status = replay_watch(&r, seat, pace_ms, ascii);
    } else {
        TextOut out = {&r, seat};
        replay_seek(&r, 0, NULL, NULL, err, sizeof err);
        if (replay_seek(&r, r.nsteps, print_event, &out, err, sizeof err) != 0) {
            fprintf(stderr, "uno replay: %s: %s\n", path, err);
            status = 1;
        }
        if (fflush(stdout) != 0)
            status = 1;
    }
    replay_close(&r);
    return status;
}

static int bad_usage(const char *fmt, const char *arg)
{
    fprintf(stderr, "uno replay: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(uno replay --help for the options)\n");
    return 2;
}

int cmd_replay(int argc, char **argv)
{
    const char *path = NULL;
    bool events = false, ascii = false, viewer_given = false;
    Show how = SHOW_END;
    int seat = PLAY_REFEREE, pace_ms = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        long n;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(a, "--events") == 0) {
            events = true;
        } else if (strcmp(a, "--text") == 0 && how != SHOW_WATCH) {
            how = SHOW_TEXT;
        } else if (strcmp(a, "--watch") == 0 && how != SHOW_TEXT) {
            how = SHOW_WATCH;
        } else if (strcmp(a, "--ascii") == 0) {
            ascii = true;
        } else if (strcmp(a, "--seat") == 0 || strcmp(a, "--pace") == 0) {
            bool is_seat = a[2] == 's';
            if (!val || !uno_cli_parse_long(val, 0, is_seat ? UNO_MAX_PLAYERS - 1 : 60000, &n))
                return bad_usage(is_seat ? "--seat needs a seat number" : "--pace needs milliseconds (0..60000)", "");
            if (is_seat) {
                seat = (int)n;
                viewer_given = true;
            } else {
                pace_ms = (int)n;
            }
            i++;
        } else if (strcmp(a, "--text") == 0 || strcmp(a, "--watch") == 0) {
            return bad_usage("%s: --text or --watch, not both", a);
        } else if (!path && a[0] != '-') {
            path = a;
        } else {
            return bad_usage("unexpected argument '%s'", a);
        }
    }
    if (!path) {
        fprintf(stderr, "uno replay: which saved game? give its FILE\n");
        usage(stderr);
        return 2;
    }
    if (how == SHOW_END && (viewer_given || pace_ms >= 0 || ascii))
        return bad_usage("%s goes with --text or --watch", viewer_given ? "--seat" : pace_ms >= 0 ? "--pace" : "--ascii");
    if (how != SHOW_END && events)
        return bad_usage("%s goes without --text and --watch", "--events");
    if (how == SHOW_TEXT && (pace_ms >= 0 || ascii))
        return bad_usage("%s goes with --watch", pace_ms >= 0 ? "--pace" : "--ascii");
    if (how != SHOW_END)
        return show(path, how, seat, pace_ms >= 0 ? pace_ms : DEFAULT_PACE_MS, ascii);
    UnoTable *t = uno_table_new();
    if (!t) {
        fprintf(stderr, "uno replay: out of memory\n");
        return 1;
    }
    uno_table_set_rules_loader(t, uno_cli_load_request_rules);
    int status = replay(t, path, events);
    uno_table_free(t);
    return status;
}
