/*
 * replay_watch.c — `uno replay FILE --watch` (replay.h): the saved game on
 * the table screen of `uno play` (play_draw.c), one action at a time, with
 * the log in words (play_text.c). Seen from a seat, only that seat's hand is
 * face up and the log tells only what that seat saw; the referee sees every
 * hand and every card drawn. Going back rebuilds from the start.
 */
#include <stdio.h>
#include <string.h>

#include <curses.h>

#include "cli/play.h"
#include "cli/replay.h"

typedef struct Watch {
    Replay *r;
    int seat;               /* a seat, or PLAY_REFEREE */
    int pace_ms;
    bool playing;           /* p: a step every pace_ms */
    PlayLog log;            /* the events of the steps done, in words */
    int marked;             /* the log lines of the last step */
    UnoView view;
    bool help;
    int help_scroll;
    char message[160];
    char error[300];        /* a step failed: the watch ends with it */
    bool quit;
} Watch;

static const char *const watch_keys[] = {
    "Keys",
    "  Space, Right   the next action",
    "  Left           back one action",
    "  p              play / pause: an action every --pace ms",
    "  Home, End      the deal of the first game; the end of the file",
    "  ?              this help (Up/Down scroll)",
    "  q              quit",
    "",
    "Action 0 is the deal; each line of the save file after the first is one",
    "action (next and stop included). Without --seat every hand is face up.",
    NULL,
};

/* Writes an event in the log; whose turn it is shows on the screen. */
static void narrate(void *ctx, const UnoEvent *ev)
{
    Watch *w = ctx;
    if (ev->type == UNO_EV_TURN)
        return;
    PlayVoice voice = {replay_game(w->r), -1, w->seat};
    char line[PLAY_LOG_WIDTH];
    if (play_text_event(&voice, ev, line, sizeof line))
        play_log_add(&w->log, "%s", line);
}

/* To the state after `steps` steps (1: the deal of the first game). */
static void go(Watch *w, int steps)
{
    Replay *r = w->r;
    steps = steps < 1 ? 1 : steps > r->nsteps ? r->nsteps : steps;
    w->message[0] = '\0';
    if (steps < r->done) /* rebuilt from the start: so is the log */
        w->log.count = 0;
    int before = 0;
    if (replay_seek(r, steps - 1, narrate, w, w->error, sizeof w->error) == 0) {
        before = w->log.count;
        if (replay_seek(r, steps, narrate, w, w->error, sizeof w->error) == 0) {
            w->marked = w->log.count - before;
            return;
        }
    }
    w->quit = true;
}

static void forward(Watch *w)
{
    if (w->r->done >= w->r->nsteps) {
        w->playing = false;
        snprintf(w->message, sizeof w->message, "The end of the saved game (Left: back, Home: the start).");
        return;
    }
    go(w, w->r->done + 1);
}

static void key(Watch *w, int k)
{
    if (w->help) {
        w->help = play_help_key(&w->help_scroll, k);
        return;
    }
    switch (k) {
    case ' ': case KEY_RIGHT: forward(w); break;
    case KEY_LEFT:
        if (w->r->done > 1)
            go(w, w->r->done - 1);
        else
            snprintf(w->message, sizeof w->message, "This is the start: the deal.");
        break;
    case 'p': case 'P': w->playing = !w->playing; break;
    case KEY_HOME: go(w, 1); break;
    case KEY_END: go(w, w->r->nsteps); break;
    case '?': w->help = true; break;
    case 'q': case 'Q': w->quit = true; break;
    default: break;
    }
}

static void draw(Watch *w)
{
    const UnoGame *g = replay_game(w->r);
    int n = uno_game_nplayers(g);
    uno_view_build(&w->view, g, w->seat >= 0 && w->seat < n ? w->seat : 0, NULL);
    char status[64], hint[160];
    snprintf(status, sizeof status, "action %d/%d", w->r->done - 1, w->r->nsteps - 1);
    snprintf(hint, sizeof hint, "%s  Space/Right next  Left back  p %s  Home End  ? help  q quit",
             w->playing ? "Playing." : "Paused.", w->playing ? "pause" : "play");
    PlayTable t = {
        .game = g,
        .match = replay_match(w->r),
        .view = &w->view,
        .seat = w->seat,
        .you = -1,
        .now = uno_game_clock(g),
        .log = &w->log,
        .log_marked = w->marked,
        .cursor = -1,
        .status = status,
        .message = w->message,
        .hint = hint,
        .keys = watch_keys,
        .help = w->help,
        .help_scroll = &w->help_scroll,
    };
    play_draw_table(&t);
}

int replay_watch(Replay *r, int seat, int pace_ms, bool ascii)
{
    static Watch w; /* the view is large */
    memset(&w, 0, sizeof w);
    w.r = r;
    w.seat = seat;
    w.pace_ms = pace_ms;
    go(&w, 1);
    if (w.quit) {
        fprintf(stderr, "uno replay: %s\n", w.error);
        return 1;
    }
    char why[300];
    if (play_draw_init(ascii, why, sizeof why) != 0) {
        fprintf(stderr, "uno replay: %s\n", why);
        return 1;
    }
    while (!w.quit) {
        draw(&w);
        /* playing: the next step when no key comes within the pace */
        timeout(w.playing ? w.pace_ms : -1);
        int k = getch();
        if (k == ERR && w.playing)
            forward(&w);
        else if (k != ERR)
            key(&w, k);
    }
    play_draw_end();
    if (w.error[0]) {
        fprintf(stderr, "uno replay: %s\n", w.error);
        return 1;
    }
    return 0;
}
