/*
 * play.h — `uno play`: one person against bots in the terminal (ncurses).
 * The modules, each with one job:
 *   play_session.c  the game (or match), the bots, the clock, the save file:
 *                   every action goes through play_apply(); no ncurses.
 *   play_text.c     the engine's events and the state in words; no ncurses.
 *   play_draw.c     the layout and drawing of the screen (ncurses).
 *   play_input.c    keys and typed cards to actions (ncurses key codes).
 *   cmd_play.c      the arguments and the main loop.
 *
 * What stays true:
 *  - The person plays seat `human` through the same view a bot gets
 *    (bots/view.h): the screen never shows another seat's hidden cards.
 *  - Time is real: each action carries t, the ms of a monotonic clock since
 *    the game began (RULES.md decision 10), so KPGUT's 3-second grace and the
 *    catch windows run as at a table. The view is built from a copy of the
 *    game whose clock is moved to now; a timer that fires is applied to the
 *    game itself (a `tick`), so that the save file replays it.
 *  - The save file is a `uno table` request log (TABLE-PROTOCOL.md): the
 *    `new` request (with "match" for --match), then each accepted request,
 *    `next` / `stop` between the games of a match, one line each, written
 *    before the next action is taken; `uno replay FILE` rebuilds the game.
 */
#ifndef UNO_CLI_PLAY_H
#define UNO_CLI_PLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "bots/bots.h"
#include "bots/view.h"
#include "cli/savefile.h"
#include "uno.h"
#include "uno_match.h"

/* ------------------------------------------------------------ settings */

typedef struct PlayConfig {
    const char *rules;      /* a built-in rule set or a rules file */
    const char *options;    /* "k=v,k=v": overrides */
    int players;            /* seats, the person included */
    const char *name;
    int age;
    uint64_t seed;
    bool seed_given;
    int pace_ms;            /* the bots' pace */
    double forget;          /* the bots' forget_uno */
    UnoBotKind bot;         /* the bots' policy */
    const char *save_path;  /* NULL: a timestamped file in the state directory */
    bool no_save;
    bool match;             /* a whole match / session */
    int games;              /* sessions: games in it (0: until you stop) */
    int target;             /* target matches: 0 = the rule set's */
    bool autoplay;          /* a bot plays the person's seat too (demo, tests) */
    bool quit_at_end;       /* autoplay: leave when the game (match) is over */
    bool ascii;             /* no UTF-8 symbols */
} PlayConfig;

/* ----------------------------------------------------------------- log */

#define PLAY_LOG_LINES 200
#define PLAY_LOG_WIDTH 200

typedef struct PlayLog {
    char lines[PLAY_LOG_LINES][PLAY_LOG_WIDTH];
    int count;              /* lines written in all; the last PLAY_LOG_LINES are kept */
} PlayLog;

void play_log_add(PlayLog *log, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The i-th line from the end (0: the newest), or NULL. */
const char *play_log_line(const PlayLog *log, int i);

/* ------------------------------------------------------------- session */

typedef enum PlayPrompt {
    PROMPT_NONE,
    PROMPT_COLOR,           /* a colour for the play being made (or phase COLOR) */
    PROMPT_TYPING,          /* typing cards: "r7", "w+4 g" */
    PROMPT_QUIT,            /* y/n */
    PROMPT_GIVEUP,          /* y/n */
} PlayPrompt;

typedef struct Play {
    PlayConfig cfg;
    UnoRules rules;
    UnoSetup setup;
    UnoMatch *match;        /* --match; else NULL */
    UnoGame *own;           /* the single game when no match */
    UnoGame *scratch;       /* the game with its clock moved to now */
    int human;              /* the person's seat */
    UnoBotParams params;
    UnoRng rng;             /* the bots' choices */
    int64_t t0;             /* the monotonic ms when the game began */
    int64_t now;            /* ms since the game began */
    int64_t next_bot;       /* no bot acts before this (pace) */
    PlayLog log;
    UnoView view;           /* the person's view, at `now` */
    /* saving */
    UnoSaveFile save;
    char save_path[4096];
    bool saving;
    char save_error[200];
    /* the screen */
    int cursor;             /* position in the sorted hand */
    int sel[UNO_MAX_SET];   /* selected positions, in the order chosen */
    int nsel;
    uint64_t hand_sig;      /* the hand the cursor and selection are about */
    PlayPrompt prompt;
    char typed[64];
    UnoAction pending_play; /* waiting for its colour */
    bool has_pending_play;
    char message[200];      /* the last answer to the person (an error, a hint) */
    int64_t message_at;
    bool help;
    int help_scroll;
    bool quit;
} Play;

/* The current game. */
UnoGame *play_game(Play *p);

/* Sets up rules, players and the first game from cfg; 0, or -1 with a
 * message. Opens the save file (writes the `new` request). */
int play_start(Play *p, const PlayConfig *cfg, char *err, size_t errlen);
void play_finish(Play *p);

/* Reads the monotonic clock into p->now, applies timers that fire, and
 * rebuilds p->view for the person. */
void play_refresh(Play *p);

/* Applies an action (t set to now), logs it and its events, saves it.
 * UNO_OK or the engine's status with its message in err. */
int play_apply(Play *p, UnoAction *a, char *err, size_t errlen);

/* Lets a bot act when one wants to and its pace allows; true when one did. */
bool play_bots(Play *p);

/* The match: deals the next game when the current one is over. false when
 * there is none (single game, or the match is over). */
bool play_next_game(Play *p, char *err, size_t errlen);
bool play_match_over(const Play *p);
/* Ends the match with the current game when it is over (an open KPGUT
 * session ends when the players stop). */
void play_stop_match(Play *p);

/* The person's hand, sorted, and its count. */
int play_hand(Play *p, UnoCard *out, int max);
void play_say(Play *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---------------------------------------------------------------- text */

/* The name of a seat as the log says it: "you" for the person. */
const char *play_seat_name(const Play *p, int seat);
/* Appends an event's description to the log (the person's view only). */
void play_text_event(Play *p, const UnoEvent *ev);
/* "Red", "Green", ... */
const char *play_color_word(int color);
/* What the person may do now, in a few words (the status line). */
void play_text_hint(const Play *p, char *out, size_t len);

/* ---------------------------------------------------------------- draw */

/* Columns a card takes in the hand ("[W+4]" and a space); the hand shows
 * (COLS - 2) / PLAY_CARD_CELL cards a row. */
#define PLAY_CARD_CELL 6

/* Starts the screen on the terminal (standard output, else /dev/tty); -1
 * when there is no terminal. */
int play_draw_init(const PlayConfig *cfg);
void play_draw_end(void);
void play_draw(Play *p);

/* --------------------------------------------------------------- input */

/* Handles one key (an ncurses key code). */
void play_key(Play *p, int key);
/* After the hand changed: the selection is dropped, the cursor kept in the
 * hand (on the drawn card after a draw). */
void play_sync_cursor(Play *p);

#endif
