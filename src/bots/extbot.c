/*
 * extbot.c — the external-bot adapter (extbot.h, docs/bots-external.md):
 * what to ask, and what to make of the answers, whatever carries them.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "bots/bots.h"
#include "bots/extbot.h"

#define SHOWN_PROBLEMS 10 /* problems written to the log, per bot */
#define LATE_IN_A_ROW 10  /* late answers in a row after which a program is given up */
#define PROBLEM_LEN 240

struct UnoExtBot {
    UnoExtBotLink link;
    bool linked;               /* false once the program is gone */
    bool ended;                /* its end is known: */
    int exit_status;           /* -1: it did not exit */
    int signal;                /* what killed it, 0: nothing */
    int limit_ms;
    int startup_ms;            /* given to the first answer on top of limit_ms */
    int asked_ms;              /* the time the last question was given */
    FILE *log;
    char label[UNO_BOT_COMMAND_LEN + 32];
    uint64_t id;               /* of the last line sent */
    uint64_t owed;             /* late answers still to come, to be dropped */
    int late_in_row;           /* questions in a row answered late */
    int game;                  /* games begun */
    int sent;                  /* the history's events sent in this game */
    uint64_t waited;           /* the question last answered "wait" (0: none) */
    char problem[PROBLEM_LEN]; /* the last decision's, "" for none */
    char told[PROBLEM_LEN];    /* a problem to tell the program with the next line */
    uint64_t told_id;
    UnoExtBotStats stats;
};

UnoExtBot *bot_ext_new(const UnoExtBotLink *link, int limit_ms, int startup_ms, const char *label, FILE *log)
{
    UnoExtBot *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->link = *link;
    b->linked = true;
    b->limit_ms = limit_ms > 0 ? limit_ms : UNO_BOT_EXTERNAL_MS;
    b->startup_ms = startup_ms >= 0 ? startup_ms : UNO_BOT_STARTUP_MS;
    b->log = log;
    snprintf(b->label, sizeof b->label, "%s", label);
    return b;
}

/* Waits up to ms for the program to end; true when it has (how: b->ended,
 * b->exit_status, b->signal). */
static bool ended(UnoExtBot *b, int ms)
{
    if (!b->ended)
        b->ended = b->link.ended(b->link.ctx, ms, &b->exit_status, &b->signal);
    return b->ended;
}

/* The shell's statuses for a command it could not run: 126 found but not
 * executable, 127 not found (POSIX "Command Search and Execution"). Before
 * the first answer they mean the program never started. */
static bool could_not_start(const UnoExtBot *b)
{
    return b->ended && b->stats.answered == 0 && (b->exit_status == 126 || b->exit_status == 127);
}

void bot_ext_stop(UnoExtBot *b)
{
    if (!b)
        return;
    b->link.stop(b->link.ctx);
    const UnoExtBotStats *s = &b->stats;
    if (b->log && (s->late || s->illegal || s->garbled || s->gone) && !s->unstartable)
        fprintf(b->log,
                "bot %s: %llu question%s, %llu answered; late %llu, illegal %llu, not understood %llu%s\n",
                b->label, (unsigned long long)s->asked, s->asked == 1 ? "" : "s", (unsigned long long)s->answered,
                (unsigned long long)s->late, (unsigned long long)s->illegal, (unsigned long long)s->garbled,
                s->gone ? "; it stopped before the end" : "");
    free(b);
}

void bot_ext_new_game(UnoExtBot *b)
{
    b->game++;
    b->sent = 0;
    b->waited = 0;
}

const char *bot_ext_problem(const UnoExtBot *b) { return b->problem[0] ? b->problem : NULL; }

void bot_ext_stats(const UnoExtBot *b, UnoExtBotStats *out) { *out = b->stats; }

/* Records what went wrong with this decision: for the caller, the log and
 * (with the next line) the program itself. */
static void problem(UnoExtBot *b, uint64_t *count, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void problem(UnoExtBot *b, uint64_t *count, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->problem, sizeof b->problem, fmt, ap);
    va_end(ap);
    snprintf(b->told, sizeof b->told, "%s", b->problem);
    b->told_id = b->id;
    (*count)++;
    uint64_t problems = b->stats.late + b->stats.illegal + b->stats.garbled;
    if (b->log && problems <= SHOWN_PROBLEMS)
        fprintf(b->log, "bot %s: %s; it plays the default move%s\n", b->label, b->problem,
                problems == SHOWN_PROBLEMS ? " (further problems are only counted)" : "");
}

/* The program is gone: its socket is closed and it is not asked again. */
static void gone(UnoExtBot *b, const char *why)
{
    if (b->linked)
        b->link.hang_up(b->link.ctx);
    b->linked = false;
    char how[64] = "";
    if (ended(b, 200) && b->exit_status >= 0)
        snprintf(how, sizeof how, " (it exited with status %d)", b->exit_status);
    else if (b->ended && b->signal > 0)
        snprintf(how, sizeof how, " (killed by signal %d)", b->signal);
    b->stats.gone = true;
    b->stats.unstartable = could_not_start(b);
    if (b->stats.unstartable)
        snprintf(b->problem, sizeof b->problem, "it could not be started: the shell could not %s its command%s",
                 b->exit_status == 127 ? "find" : "run", how);
    else
        snprintf(b->problem, sizeof b->problem, "%s%s", why, how);
    if (b->log)
        fprintf(b->log, "bot %s: %s%s\n", b->label, b->problem,
                b->stats.unstartable ? "" : "; from now on it plays the default move");
}

bool bot_ext_started(UnoExtBot *b, int wait_ms)
{
    if (!b->stats.gone && ended(b, wait_ms))
        gone(b, "it ended before its first question");
    return !b->stats.unstartable;
}

/* ------------------------------------------------------------ the answer */

/* The same move, the "uno" said with a play aside. */
static bool same_move(const UnoAction *a, const UnoAction *m)
{
    return a->type == m->type && a->seat == m->seat && a->target == m->target && a->color == m->color &&
           bot_same_cards(a, m) && (a->type == UNO_ACT_PLAY || a->uno == m->uno);
}

/* Judges one answer to question b->id. 1: a move in *out; 0: "wait" out of
 * turn; -1: illegal (b->problem says why). */
static int judge(UnoExtBot *b, const UnoExtBotAnswer *answer, const UnoView *v, UnoAction *out)
{
    switch (answer->kind) {
    case UNO_ANSWER_GARBLED:
        problem(b, &b->stats.garbled, "answer %llu %s", (unsigned long long)b->id, answer->why);
        return -1;
    case UNO_ANSWER_NO_OP:
        problem(b, &b->stats.illegal, "answer %llu has no \"op\"", (unsigned long long)b->id);
        return -1;
    case UNO_ANSWER_NOT_A_MOVE:
        problem(b, &b->stats.illegal, "answer %llu: %s", (unsigned long long)b->id, answer->why);
        return -1;
    case UNO_ANSWER_WAIT:
        if (!bot_in_turn(v))
            return 0;
        problem(b, &b->stats.illegal, "answer %llu says \"wait\" in turn: a move is needed",
                (unsigned long long)b->id);
        return -1;
    case UNO_ANSWER_MOVE:
        break;
    case UNO_ANSWER_LATE:
    case UNO_ANSWER_ENDED:
        return -1; /* answer() handles them */
    }
    const UnoAction *a = &answer->move;
    for (int i = 0; i < v->nlegal; i++)
        if (same_move(a, &v->legal[i])) {
            *out = v->legal[i];
            out->uno = a->type == UNO_ACT_PLAY ? a->uno && bot_leaves_one(v, out) : out->uno;
            return 1;
        }
    problem(b, &b->stats.illegal, "answer %llu: that %s is not one of the legal moves sent",
            (unsigned long long)b->id, uno_action_name(a->type));
    return -1;
}

/* The program's answer to question b->id: 1, 0 or -1 as judge(). */
static int answer(UnoExtBot *b, const UnoView *v, UnoAction *out)
{
    UnoExtBotAnswer got;
    for (;;) {
        b->link.answer(b->link.ctx, &got);
        if (got.kind == UNO_ANSWER_LATE) {
            b->owed++;
            problem(b, &b->stats.late, "no answer to %llu within %d ms", (unsigned long long)b->id,
                    b->asked_ms);
            if (++b->late_in_row == LATE_IN_A_ROW)
                gone(b, "it answered none of 10 questions in a row in time");
            return -1;
        }
        b->late_in_row = 0;
        if (got.kind == UNO_ANSWER_ENDED) {
            gone(b, "its output ended");
            return -1;
        }
        if (got.has_id ? got.id != b->id : b->owed > 0) { /* an answer to an earlier question */
            if (b->owed > 0)
                b->owed--;
            continue;
        }
        return judge(b, &got, v, out);
    }
}

/* What a question is about, so that one answered "wait" is not asked again:
 * the game's events seen and the legal moves. */
static uint64_t question_key(const UnoView *v, const UnoHistory *h)
{
    uint64_t k = 1469598103934665603ull ^ (uint64_t)(h ? uno_history_count(h) : 0);
    for (int i = 0; i < v->nlegal; i++) {
        const UnoAction *a = &v->legal[i];
        uint64_t x = (uint64_t)a->type | (uint64_t)(uint8_t)a->target << 8 | (uint64_t)(uint8_t)a->color << 16 |
                     (uint64_t)a->ncards << 24 | (uint64_t)(a->ncards ? a->cards[0] : 0) << 32;
        k = (k ^ x) * 1099511628211ull;
    }
    return k | 1;
}

/* Asks the program about v: 1, 0 or -1 as judge(). The first question is
 * given the start-up time too. */
static int ask(UnoExtBot *b, const UnoGame *g, const UnoView *v, const UnoHistory *h, UnoAction *out)
{
    b->asked_ms = b->limit_ms + (b->stats.asked == 0 ? b->startup_ms : 0);
    UnoExtBotQuestion q = {.id = ++b->id, .game = b->game, .limit_ms = b->asked_ms, .g = g, .v = v, .h = h,
                           .events_from = b->sent, .told = b->told, .told_id = b->told_id};
    UnoExtBotAsk asked = b->link.ask(b->link.ctx, &q);
    b->told[0] = '\0';
    b->stats.asked++;
    if (asked == UNO_EXTBOT_NO_MEMORY) {
        snprintf(b->problem, sizeof b->problem, "out of memory");
        return -1;
    }
    b->sent = h ? uno_history_count(h) : 0;
    if (asked == UNO_EXTBOT_UNREAD) {
        gone(b, "it does not read its input");
        return -1;
    }
    return answer(b, v, out);
}

bool bot_ext_choose(UnoExtBot *b, const UnoGame *g, const UnoView *v, const UnoHistory *h, UnoRng *rng,
                    UnoAction *out)
{
    if (b->stats.unstartable)
        return false; /* its problem stays told */
    b->problem[0] = '\0';
    bool in_turn = bot_in_turn(v);
    if (v->phase == UNO_PHASE_OVER || v->nlegal == 0)
        return false;
    uint64_t key = question_key(v, h);
    if (!in_turn && key == b->waited)
        return false;
    int rc = b->linked ? ask(b, g, v, h, out) : -1;
    b->waited = rc == 0 ? key : 0;
    if (rc >= 0) {
        b->stats.answered++;
        return rc == 1;
    }
    b->stats.defaulted++;
    return in_turn && !b->stats.unstartable && bot_choose_action(UNO_BOT_RANDOM, NULL, v, NULL, rng, out);
}
