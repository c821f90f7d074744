/*
 * play.h — `uno play`: one person against bots in the terminal (ncurses);
 * and the table screen and the words that `uno replay --watch` shares.
 * The modules, each with one job:
 *   play_session.c  the game (or match), the bots, the clock, the save file:
 *                   every action goes through play_apply(); no ncurses.
 *   play_text.c     an event in words, for any viewer (PlayVoice); no
 *                   ncurses, no Play.
 *   play_draw.c     the layout and drawing of a table (PlayTable), whoever
 *                   watches it (ncurses, no Play).
 *   play_input.c    keys and typed cards to actions (ncurses key codes), and
 *                   the hint line that says which keys do what.
 *   cmd_play.c      the arguments, the main loop, the person's screen.
 *
 * What stays true:
 *  - The person plays seat `human` through the same view a bot gets
 *    (uno_view.h): the screen never shows another seat's hidden cards.
 *  - Time is real: each action carries t, the ms of a monotonic clock since
 *    the game began (docs/rules.md reading 10), so KPGUT's 3-second grace and the
 *    catch windows run as at a table. The view is built from a copy of the
 *    game whose clock is moved to now; a timer that fires is applied to the
 *    game itself (a `tick`), so that the save file replays it.
 *  - The save file is a `uno table` request log (docs/protocol.md): the
 *    `new` request (with "match" for --match), then each accepted request,
 *    `next` / `stop` between the games of a match, one line each, written
 *    before the next action is taken; `uno replay FILE` rebuilds the game.
 *    `uno play --resume FILE` rebuilds it the same way (replay.h), the person
 *    at player 0's seat, its clock going on from the last `t`, and appends
 *    to the same file.
 *  - Drawing and words only say what their viewer may know: a seat sees its
 *    own cards and the cards shown to it; only PLAY_REFEREE (a replay's
 *    referee) sees every hand.
 */
#ifndef UNO_CLI_PLAY_H
#define UNO_CLI_PLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "bots/bots.h"
#include "bots/extbot.h"
#include "uno_view.h"
#include "protocol/extbot_link.h"
#include "protocol/savefile.h"
#include "uno.h"
#include "uno_match.h"

/* ------------------------------------------------------------ settings */

typedef struct PlayConfig {
    const char *rules;      /* a built-in rule set or a rules file */
    const char *presets;    /* "name,name": presets of house rules (docs/rules.md "Presets") */
    const char *options;    /* "k=v,k=v": overrides */
    int players;            /* seats, the person included */
    const char *name;
    int age;
    uint64_t seed;
    bool seed_given;
    int pace_ms;            /* the bots' pace */
    double forget;          /* the bots' forget_uno */
    double bluff;           /* the bots' bluff_rate */
    UnoBotKind bot;         /* the bots' policy */
    UnoBotParams bot_params; /* what --bot set: a budget, a program (pace, forget, bluff aside) */
    const char *save_path;  /* NULL: a timestamped file in the state directory */
    bool no_save;
    bool match;             /* a whole match / session */
    int games;              /* sessions: games in it (0: until you stop) */
    int target;             /* target matches: 0 = the rule set's */
    bool autoplay;          /* a bot plays the person's seat too (demo, tests) */
    bool quit_at_end;       /* autoplay: leave when the game (match) is over */
    bool ascii;             /* no UTF-8 symbols */
    const char *resume;     /* --resume: the save file of the game to go on with */
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
    PROMPT_SWAP,            /* 7-0: the seat the 7 being played swaps hands with */
    PROMPT_TYPING,          /* typing cards: "r7", "w+4 g" */
    PROMPT_QUIT,            /* y/n */
    PROMPT_GIVEUP,          /* y/n */
} PlayPrompt;

/* What the person chose at the end of a game (play_key): nothing yet, the
 * same deal again, or a new deal with the same rules and players. */
typedef enum PlayAgain { AGAIN_NO, AGAIN_SAME_DEAL, AGAIN_NEW_DEAL } PlayAgain;

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
    long resumed;           /* --resume: the requests of the file, rebuilt */
    UnoHistory *seen[UNO_MAX_PLAYERS]; /* each seat's record of the game (the views' history) */
    UnoWorlds *worlds;      /* what a searching bot may sample (bots.h) */
    UnoExtBot *programs[UNO_MAX_PLAYERS]; /* --bot cmd:...: each bot seat's program */
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
    uint64_t offer_sig;     /* the plays offered when the cursor was last put on one */
    PlayPrompt prompt;
    char typed[64];
    UnoAction pending_play; /* waiting for its colour */
    bool has_pending_play;
    char message[200];      /* the last answer to the person (an error, a hint) */
    int64_t message_at;
    bool help;
    int help_scroll;
    int log_scroll;         /* log lines scrolled back (PgUp/PgDn); 0: the newest */
    int message_turn;       /* the turn when the message was said: it goes when the turn does */
    bool quit;
    char failure[UNO_ERR_LEN + UNO_BOT_COMMAND_LEN + 64]; /* with quit: why the game cannot go on */
    PlayAgain again;        /* with quit: play again */
} Play;

/* Whether the person may play again from this game's end: a single game or
 * a match that is over, not one taken up with --resume. */
bool play_may_play_again(const Play *p);

/* The current game. */
UnoGame *play_game(Play *p);

/* The game in memory, nothing written or started: rules, options, players
 * and the first game from cfg; or with cfg->resume the game saved there,
 * exactly as saved, the log told again, the bots seeded from its seed and
 * its number of requests. 0, or -1 with a message: rules or options
 * refused, a line of the file that fails, a game or match that is over. */
int play_prepare(Play *p, const PlayConfig *cfg, char *err, size_t errlen);
/* The prepared game begins: its clock starts, the save file is opened (a
 * new one gets the `new` request; a resumed one is appended to), the
 * programs of --bot cmd:... are started. 0, or -1 with a message. */
int play_begin(Play *p, char *err, size_t errlen);
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

/* The viewer who sees every card (PlayVoice.viewer, PlayTable.seat): the
 * referee of a replay. */
enum { PLAY_REFEREE = -1 };

/* Whom the words are for. */
typedef struct PlayVoice {
    const UnoGame *game;    /* the players' names */
    int you;                /* the seat called "You" (the person playing); -1: none */
    int viewer;             /* a seat, or PLAY_REFEREE */
} PlayVoice;

/* The name of a seat as the log says it: "You" for v->you. */
const char *play_seat_name(const PlayVoice *v, int seat);
/* One event in one sentence ("Bert plays R7."), as the viewer may know it:
 * another seat's drawn cards are only counted, a hand shown to one seat is
 * written out only for that seat (and the referee). false: nothing to say. */
bool play_text_event(const PlayVoice *v, const UnoEvent *ev, char *out, size_t len);
/* A message of the engine in people's names: "seat 2" becomes "Cleo", the
 * person's seat "you" ("seat 0's turn": "your turn"). */
void play_name_seats(const PlayVoice *v, const char *in, char *out, size_t len);
/* "The match is over: Ada won." / "... you and Cleo won." (partners) /
 * "... a tie between you and Ada." / "... a tie between the two teams." (a
 * match that is over; `you` is the person's player, or -1). */
void play_match_verdict(const UnoMatch *m, int you, char *out, size_t len);
/* How these rules play, in a few sentences (the help's first part). */
void play_rules_summary(const UnoRules *r, char *out, size_t len);
/* "Red", "Green", ... */
const char *play_color_word(int color);

/* The person's voice: "You" and what seat `human` sees. */
PlayVoice play_voice(const Play *p);

/* ---------------------------------------------------------------- draw */

/* Columns a card takes in the hand ("[W+4]" and a space); the hand shows
 * (COLS - 2) / PLAY_CARD_CELL cards a row. */
#define PLAY_CARD_CELL 6

/* One screen of a table, whoever watches it: `uno play` fills it for the
 * person's seat, `uno replay --watch` for a seat or for the referee. */
typedef struct PlayTable {
    const UnoGame *game;
    const UnoMatch *match;    /* the game's match, or NULL */
    const UnoView *view;      /* the public facts; with seat >= 0, that seat's view */
    int seat;                 /* the hand face up (view->seat), or PLAY_REFEREE: every hand */
    int you;                  /* the seat called "You" (the person playing); -1: none */
    int64_t now;              /* the clock shown (ms) */
    const PlayLog *log;
    int log_marked;           /* the newest lines, in bold: what just happened */
    int *log_scroll;          /* lines scrolled back; kept within the log (NULL: none) */
    int cursor;               /* in the face-up hand; -1: none */
    const int *sel;           /* selected positions (a set being chosen), in order */
    int nsel;
    const char *status;       /* on the title line before the clock, or NULL */
    const char *message;      /* above the hint (an answer, an error), or NULL */
    const char *hint;         /* the last line: what the keys do now */
    const char *const *keys;  /* the help's lines about the keys, NULL-terminated */
    bool help;                /* the help instead of the table */
    int *help_scroll;         /* the help's first line shown; kept within the help */
} PlayTable;

/* Starts the screen on the terminal (standard output, else /dev/tty); -1
 * with a message in err when there is no terminal, or one that cannot move
 * the cursor (TERM=dumb). ascii: no UTF-8 symbols. */
int play_draw_init(bool ascii, char *err, size_t errlen);
/* Whether the terminal on fd can move the cursor (play_term.c). */
bool play_term_can_address(int fd);
void play_draw_end(void);
void play_draw_table(const PlayTable *t);
/* PgUp, PgDn (or <, > where the terminal has no such keys: vt100) move the
 * log a page back and forth (the lines it showed last); false for any
 * other key. play_draw_table() keeps *scroll within the log. */
bool play_log_key(int *scroll, int key);
/* Whether the view's seat may play card c now (alone, or first of a set). */
bool play_can_play(const UnoView *v, UnoCard c);
/* A key while the help is shown: Up, Down, PgUp, PgDn (Space) scroll it;
 * false for any other key, which closes it. */
bool play_help_key(int *scroll, int key);

/* --------------------------------------------------------------- input */

/* Handles one key (an ncurses key code). */
void play_key(Play *p, int key);
/* The hint line: what the person may do now (or the prompt's question). */
void play_hint(const Play *p, char *out, size_t len);
/* The help's lines about the keys, NULL-terminated. */
extern const char *const play_keys_help[];
/* After the hand changed: the selection is dropped, the cursor kept in the
 * hand. When the plays offered change in the person's turn (the turn
 * begins, a card is drawn), the cursor goes to a playable card, unless it
 * is on one: Enter plays what the hint offers. */
void play_sync_cursor(Play *p);

#endif
