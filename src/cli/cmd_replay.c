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
#include <unistd.h>

#include "cli/cli_options.h"
#include "cli/cli_util.h"
#include "cli/commands.h"
#include "cli/play.h"
#include "cli/replay.h"
#include "protocol/protocol.h"
#include "protocol/savefile.h"

enum { DEFAULT_PACE_MS = 800 };

typedef enum { SHOW_TEXT, SHOW_WATCH } Show;

typedef struct ReplayArgs {
    bool events, text, watch, ascii;
    int seat, pace_ms; /* PLAY_REFEREE, -1: not given */
} ReplayArgs;

static const CliOption replay_options[] = {
    CLI_FLAG("events", ReplayArgs, events, "first print the answer to each request of the file"),
    CLI_FLAG("text", ReplayArgs, text,
             "instead, tell the game in words: one line per event, after the number of its action (0: the "
             "deal; each request of the file is one) and the game's clock, m:ss"),
    CLI_FLAG("watch", ReplayArgs, watch,
             "instead, watch it on the table screen of uno play, an action at a time: Space/Right next, Left "
             "back, p play/pause, Home/End, ? help, q quit"),
    CLI_INT("seat", "N", ReplayArgs, seat, 0, UNO_MAX_PLAYERS - 1,
            "(--text, --watch) as seat N saw it: only its own cards, the others' counts [the referee's view: "
            "every hand, every card]"),
    CLI_INT("pace", "MS", ReplayArgs, pace_ms, 0, 60000, "(--watch) the pace of p, in milliseconds [800]"),
    CLI_FLAG("ascii", ReplayArgs, ascii, "(--watch) no UTF-8 symbols"),
};

static const CliCommand replay_command = {
    .name = "uno replay",
    .synopsis = "usage: uno replay FILE [--events]\n"
                "       uno replay FILE --text [--seat N]\n"
                "       uno replay FILE --watch [--seat N] [--pace MS] [--ascii]\n",
    .about = "Re-runs the game saved in FILE (uno table --save FILE, uno play) and prints\n"
             "its end state, the line `state` answers, then `hash: ` and the state's 64-bit\n"
             "hash in 16 hex digits. A line that fails is named, and the exit status is 1.\n",
    CLI_OPTIONS(replay_options),
    .operands = 1,
    .operands_note = "one saved game at a time",
};

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
    if (proto_save_open(&save, path, false, err, sizeof err) != 0) {
        fprintf(stderr, "uno replay: %s\n", err);
        return 1;
    }
    int rc = proto_save_replay(&save, t, events ? print_line : NULL, NULL, err, sizeof err);
    proto_save_close(&save);
    if (rc != 0) {
        fprintf(stderr, "uno replay: %s: %s\n", path, err);
        return 1;
    }
    const UnoGame *g = proto_table_game(t);
    if (!g) {
        fprintf(stderr, "uno replay: %s: no game in it (it holds no \"new\" request)\n", path);
        return 1;
    }
    static const char state[] = "{\"op\":\"state\"}";
    char *response = proto_table_handle(t, state, sizeof state - 1);
    if (!response) {
        fprintf(stderr, "uno replay: out of memory\n");
        return 1;
    }
    puts(response);
    free(response);
    printf("hash: %016" PRIx64 "\n", proto_table_hash(t));
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

/* The options' combinations that make no sense: said, CLI_BAD. */
static int combination(const ReplayArgs *a)
{
    const char *view = a->seat != PLAY_REFEREE ? "--seat" : a->pace_ms >= 0 ? "--pace" : a->ascii ? "--ascii" : NULL;
    if (a->text && a->watch)
        return cli_bad_usage(&replay_command, "--text or --watch, not both");
    if (!a->text && !a->watch && view)
        return cli_bad_usage(&replay_command, "%s goes with --text or --watch", view);
    if ((a->text || a->watch) && a->events)
        return cli_bad_usage(&replay_command, "--events goes without --text and --watch");
    if (a->text && (a->pace_ms >= 0 || a->ascii))
        return cli_bad_usage(&replay_command, "%s goes with --watch", a->pace_ms >= 0 ? "--pace" : "--ascii");
    return CLI_PARSED;
}

int cmd_replay(int argc, char **argv)
{
    ReplayArgs a = {.seat = PLAY_REFEREE, .pace_ms = -1};
    CliParsed parsed;
    int rc = cli_parse(&replay_command, argc, argv, &a, &parsed);
    if (rc == CLI_PARSED && parsed.noperands == 0)
        rc = cli_bad_usage(&replay_command, "which saved game? give its FILE");
    if (rc == CLI_PARSED)
        rc = combination(&a);
    if (rc != CLI_PARSED)
        return cli_exit_status(rc);
    const char *path = parsed.operands[0];
    if (a.text || a.watch)
        return show(path, a.watch ? SHOW_WATCH : SHOW_TEXT, a.seat, a.pace_ms >= 0 ? a.pace_ms : DEFAULT_PACE_MS,
                    a.ascii);
    UnoTable *t = proto_table_new();
    if (!t) {
        fprintf(stderr, "uno replay: out of memory\n");
        return 1;
    }
    proto_table_set_rules_loader(t, cli_load_request_rules);
    int status = replay(t, path, a.events);
    proto_table_free(t);
    return status;
}
