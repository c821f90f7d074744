/*
 * extbot.h — a bot that is another program (docs/bots-external.md). The
 * adapter asks the program for each decision with one question: its seat's
 * view, the events the seat saw since the last question and its legal
 * moves; the program answers with the request it makes (one of the legal
 * moves) or "wait".
 *
 * What this module owns: the exchange of questions and answers with the
 * program, and the judgement of its answers. It does no I/O of its own: the
 * program's process and the lines it speaks are the caller's link
 * (UnoExtBotLink: protocol/extbot_link.h runs a command and speaks the
 * table protocol with it), which the adapter drives.
 *
 * What stays true:
 *  - The program gets what its seat may see and nothing else: the question
 *    hands the link the view and history of that seat, and the link renders
 *    them for that seat; the game itself goes to the link only for that
 *    seat's rendering, and never to the program.
 *  - bot_ext_choose() returns within the time limit (plus the time to
 *    write the question; the first question's limit also holds the
 *    start-up time, for the program to start) and, like
 *    bot_choose_action(), only an entry of v->legal (the `uno` flag of a
 *    play that leaves one card may be set).
 *  - An answer that is late, not JSON, not a legal move, or missing (the
 *    program exited or stopped reading) gets a message and the default move:
 *    in turn the random policy's (bots.h), out of turn nothing. The game goes
 *    on. A program that exited or stopped reading is not asked again.
 *  - A program that could not be started (the shell's status 126 or 127
 *    before any answer: its command not found, or not executable) makes no
 *    move at all, not even the default one: stats.unstartable says so, and
 *    the caller stops with an error rather than let a stand-in play.
 *  - A late answer that arrives later is recognised (by its "id", or as the
 *    one owed) and dropped, so it never answers a later question.
 */
#ifndef UNO_BOTS_EXTBOT_H
#define UNO_BOTS_EXTBOT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "uno_view.h"
#include "uno.h"

typedef struct UnoExtBot UnoExtBot;

/* How a program has answered so far. */
typedef struct UnoExtBotStats {
    uint64_t asked;     /* lines sent */
    uint64_t answered;  /* legal answers in time ("wait" included) */
    uint64_t late;      /* no answer within the limit */
    uint64_t illegal;   /* JSON, but not a legal move now */
    uint64_t garbled;   /* not a JSON object, or a line too long */
    uint64_t defaulted; /* decisions the default move made for it: late, illegal, garbled, or it was gone */
    bool gone;          /* it exited or stopped reading */
    bool unstartable;   /* it could not be started (exit status 126 or 127 before its first answer) */
} UnoExtBotStats;

/* One question: {"op":"move","id","game","seat","ms","view","events",
 * "moves"} in the table protocol, and "error" about the last answer when it
 * had one. */
typedef struct UnoExtBotQuestion {
    uint64_t id;              /* the question's number, from 1 */
    int game;                 /* games begun */
    int limit_ms;             /* the time allowed for its answer */
    const UnoGame *g;         /* rendered for v->seat only */
    const UnoView *v;         /* the seat's view: its seat and legal moves */
    const UnoHistory *h;      /* the seat's history, NULL for none */
    int events_from;          /* h's events before this one were sent before */
    const char *told;         /* a problem with answer told_id, "" for none */
    uint64_t told_id;
} UnoExtBotQuestion;

typedef enum {
    UNO_EXTBOT_ASKED,    /* the question is sent: its answer is due within its limit */
    UNO_EXTBOT_NO_MEMORY,
    UNO_EXTBOT_UNREAD,   /* the program did not read it in time, or is gone */
} UnoExtBotAsk;

/* One answer as the link read it. */
typedef enum {
    UNO_ANSWER_LATE,       /* none before the question's time was up */
    UNO_ANSWER_ENDED,      /* the program's output ended */
    UNO_ANSWER_GARBLED,    /* not a JSON object, or a line too long (why: "is ...") */
    UNO_ANSWER_NO_OP,      /* an object without "op" */
    UNO_ANSWER_NOT_A_MOVE, /* an op that names no action, or an action's fields wrong (why) */
    UNO_ANSWER_WAIT,       /* "wait" */
    UNO_ANSWER_MOVE,       /* an action (move) */
} UnoExtBotAnswerKind;

typedef struct UnoExtBotAnswer {
    UnoExtBotAnswerKind kind;
    bool has_id;           /* it carries an integer "id": */
    uint64_t id;
    UnoAction move;        /* MOVE: the action it names */
    char why[UNO_ERR_LEN + 40]; /* GARBLED, NOT_A_MOVE: what is wrong */
} UnoExtBotAnswer;

/* The program's end of the exchange, which the caller provides. Each
 * function gets ctx; the adapter calls stop() once, last. */
typedef struct UnoExtBotLink {
    void *ctx;
    /* Sends the question and starts the clock of its answer. */
    UnoExtBotAsk (*ask)(void *ctx, const UnoExtBotQuestion *q);
    /* The next answer, waiting until the last question's time is up. */
    void (*answer)(void *ctx, UnoExtBotAnswer *out);
    /* Closes the exchange: nothing more is asked or read. */
    void (*hang_up)(void *ctx);
    /* Waits up to wait_ms for the program to end; true when it has, with
     * *exit_status its status (-1: it did not exit) and *signal what killed
     * it (0: nothing). */
    bool (*ended)(void *ctx, int wait_ms, int *exit_status, int *signal);
    /* Closes the program's input, gives it half a second to leave, then
     * kills it; frees ctx. */
    void (*stop)(void *ctx);
} UnoExtBotLink;

/* An adapter driving the program behind link. limit_ms: the time allowed
 * for each answer (0 or less: UNO_BOT_EXTERNAL_MS); startup_ms: the time
 * the first answer is allowed on top of it (negative: UNO_BOT_STARTUP_MS).
 * label names the bot in messages ("seat 2 (cmd:python3 bot.py)"). log: where messages go as they
 * happen (NULL: none; the last one is kept for bot_ext_problem()); after
 * the first 10 a bot's problems are only counted. NULL when out of memory
 * (the link is not stopped then). */
UnoExtBot *bot_ext_new(const UnoExtBotLink *link, int limit_ms, int startup_ms, const char *label, FILE *log);
/* Stops the program (the link's stop()). Writes a summary of its problems
 * to the log, if any. */
void bot_ext_stop(UnoExtBot *b);
/* Waits up to wait_ms for a program that cannot be started to say so (the
 * shell fails at once); false when it could not be started
 * (bot_ext_problem() says why). True when it still runs, or ended in
 * another way (its first question tells). */
bool bot_ext_started(UnoExtBot *b, int wait_ms);
/* A new game begins: the next question carries its events from the start. */
void bot_ext_new_game(UnoExtBot *b);

/* What seat v->seat does now in g (v: uno_view_build of g for that seat;
 * h: the seat's history of this game, NULL for none: its events are sent).
 * A seat with no legal move is not asked; nor is a seat out of turn that
 * answered "wait" to the same question. rng: the default move's. */
bool bot_ext_choose(UnoExtBot *b, const UnoGame *g, const UnoView *v, const UnoHistory *h, UnoRng *rng,
                    UnoAction *out);
/* What went wrong with the last bot_ext_choose(), or NULL. */
const char *bot_ext_problem(const UnoExtBot *b);
void bot_ext_stats(const UnoExtBot *b, UnoExtBotStats *out);

#endif
