/*
 * extbot.c — the external-bot adapter (extbot.h, docs/bots-external.md).
 *
 * One socket carries both directions (the program's standard input and
 * output are its two ends' one end): writes use MSG_NOSIGNAL, so a program
 * that has gone away is a status here, never a SIGPIPE.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cJSON.h>

#include "bots/bots.h"
#include "protocol/extbot.h"
#include "protocol/field.h"
#include "protocol/protocol.h"
#include "protocol/render.h"
#include "protocol/request.h"
#include "protocol/text.h"

extern char **environ;

#define SHOWN_PROBLEMS 10 /* problems written to the log, per bot */
#define LATE_IN_A_ROW 10  /* late answers in a row after which a program is given up */
#define PROBLEM_LEN 240

struct UnoExtBot {
    pid_t pid;
    bool reaped;               /* its exit status is collected: */
    int status;                /* the status waitpid() gave */
    int fd;                    /* the socket; -1 once the program is gone */
    int limit_ms;
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
    size_t len;                /* bytes in `in` */
    size_t consumed;           /* bytes of `in` the last line read took (dropped at the next read) */
    bool skipping;             /* dropping the rest of a line too long */
    char in[UNO_TABLE_MAX_LINE + 1];
};

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

UnoExtBot *uno_extbot_start(const char *command, int limit_ms, const char *stderr_path, const char *label,
                            FILE *log, char *err, size_t errlen)
{
    UnoExtBot *b = calloc(1, sizeof *b);
    int sv[2] = {-1, -1};
    if (!b || socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
        snprintf(err, errlen, "cannot start bot '%s': %s", command, b ? strerror(errno) : "out of memory");
        free(b);
        return NULL;
    }
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t attr;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, sv[1], 0);
    posix_spawn_file_actions_adddup2(&fa, sv[1], 1);
    if (stderr_path)
        posix_spawn_file_actions_addopen(&fa, 2, stderr_path, O_WRONLY | O_CREAT | O_APPEND, 0644);
    posix_spawnattr_init(&attr);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE); /* the program gets the usual SIGPIPE, whatever ours is */
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
    char *argv[] = {"sh", "-c", (char *)command, NULL};
    int rc = posix_spawn(&b->pid, "/bin/sh", &fa, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    close(sv[1]);
    if (rc != 0) {
        snprintf(err, errlen, "cannot start bot '%s': %s", command, strerror(rc));
        close(sv[0]);
        free(b);
        return NULL;
    }
    b->fd = sv[0];
    b->limit_ms = limit_ms > 0 ? limit_ms : UNO_BOT_EXTERNAL_MS;
    b->log = log;
    snprintf(b->label, sizeof b->label, "%s", label);
    return b;
}

/* Waits up to ms for the process to end; true when it has (its status in
 * b->status). */
static bool reap(UnoExtBot *b, int ms)
{
    for (int waited = 0; !b->reaped; waited += 10) {
        pid_t r = waitpid(b->pid, &b->status, WNOHANG);
        if (r == b->pid || (r < 0 && errno != EINTR))
            b->reaped = true;
        else if (waited >= ms)
            return false;
        else
            nanosleep(&(struct timespec){0, 10 * 1000000}, NULL);
    }
    return true;
}

/* The shell's statuses for a command it could not run: 126 found but not
 * executable, 127 not found (POSIX "Command Search and Execution"). Before
 * the first answer they mean the program never started. */
static bool could_not_start(const UnoExtBot *b)
{
    return b->reaped && b->stats.answered == 0 && WIFEXITED(b->status) &&
           (WEXITSTATUS(b->status) == 126 || WEXITSTATUS(b->status) == 127);
}

void uno_extbot_stop(UnoExtBot *b)
{
    if (!b)
        return;
    if (b->fd >= 0)
        shutdown(b->fd, SHUT_WR); /* end of input: a program reading lines leaves */
    if (!reap(b, 500)) {
        kill(-b->pid, SIGKILL);
        waitpid(b->pid, &b->status, 0);
    }
    if (b->fd >= 0)
        close(b->fd);
    const UnoExtBotStats *s = &b->stats;
    if (b->log && (s->late || s->illegal || s->garbled || s->gone) && !s->unstartable)
        fprintf(b->log,
                "bot %s: %llu question%s, %llu answered; late %llu, illegal %llu, not understood %llu%s\n",
                b->label, (unsigned long long)s->asked, s->asked == 1 ? "" : "s", (unsigned long long)s->answered,
                (unsigned long long)s->late, (unsigned long long)s->illegal, (unsigned long long)s->garbled,
                s->gone ? "; it stopped before the end" : "");
    free(b);
}

void uno_extbot_new_game(UnoExtBot *b)
{
    b->game++;
    b->sent = 0;
    b->waited = 0;
}

const char *uno_extbot_problem(const UnoExtBot *b) { return b->problem[0] ? b->problem : NULL; }

void uno_extbot_stats(const UnoExtBot *b, UnoExtBotStats *out) { *out = b->stats; }

/* Records what went wrong with this decision: for the caller, the log and
 * (with the next line) the program itself. */
static void problem(UnoExtBot *b, uint64_t *count, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void problem(UnoExtBot *b, uint64_t *count, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->problem, sizeof b->problem, fmt, ap);
    va_end(ap);
    uno_text_drop_invalid_utf8(b->problem);
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
    if (b->fd >= 0)
        close(b->fd);
    b->fd = -1;
    char how[64] = "";
    if (reap(b, 200) && WIFEXITED(b->status))
        snprintf(how, sizeof how, " (it exited with status %d)", WEXITSTATUS(b->status));
    else if (b->reaped && WIFSIGNALED(b->status))
        snprintf(how, sizeof how, " (killed by signal %d)", WTERMSIG(b->status));
    b->stats.gone = true;
    b->stats.unstartable = could_not_start(b);
    if (b->stats.unstartable)
        snprintf(b->problem, sizeof b->problem, "it could not be started: the shell could not %s its command%s",
                 WEXITSTATUS(b->status) == 127 ? "find" : "run", how);
    else
        snprintf(b->problem, sizeof b->problem, "%s%s", why, how);
    if (b->log)
        fprintf(b->log, "bot %s: %s%s\n", b->label, b->problem,
                b->stats.unstartable ? "" : "; from now on it plays the default move");
}

bool uno_extbot_started(UnoExtBot *b, int wait_ms)
{
    if (!b->stats.gone && reap(b, wait_ms))
        gone(b, "it ended before its first question");
    return !b->stats.unstartable;
}

/* ------------------------------------------------------------ the line */

/* The question: {"op":"move","id","game","seat","ms","view","events","moves"}
 * and "error" about the last answer when it had one. */
static char *question(UnoExtBot *b, const UnoGame *g, const UnoView *v, const UnoHistory *h)
{
    bool ok = true;
    int seat = v->seat;
    cJSON *q = cJSON_CreateObject();
    uno_json_put(q, "op", cJSON_CreateString("move"), &ok);
    uno_json_put(q, "id", uno_json_int((int64_t)b->id), &ok);
    uno_json_put(q, "game", cJSON_CreateNumber(b->game), &ok);
    uno_json_put(q, "seat", cJSON_CreateNumber(seat), &ok);
    uno_json_put(q, "ms", cJSON_CreateNumber(b->limit_ms), &ok);
    if (b->told[0]) {
        cJSON *e = cJSON_CreateObject();
        uno_json_put(e, "id", uno_json_int((int64_t)b->told_id), &ok);
        uno_json_put(e, "message", cJSON_CreateString(b->told), &ok);
        uno_json_put(q, "error", e, &ok);
    }
    uno_json_put(q, "view", uno_state_json(g, seat), &ok);
    cJSON *events = cJSON_CreateArray();
    int count = h ? uno_history_count(h) : 0;
    for (int i = b->sent; i < count; i++)
        uno_json_push(events, uno_event_json(uno_game_rules(g), uno_history_event(h, i), seat), &ok);
    uno_json_put(q, "events", events, &ok);
    cJSON *moves = cJSON_CreateArray();
    for (int i = 0; i < v->nlegal; i++)
        uno_json_push(moves, uno_action_json(&v->legal[i]), &ok);
    uno_json_put(q, "moves", moves, &ok);
    char *text = ok ? cJSON_PrintUnformatted(q) : NULL;
    cJSON_Delete(q);
    if (text)
        b->sent = count;
    return text;
}

/* Sends text and a newline before the deadline. false: it could not. */
static bool send_line(UnoExtBot *b, const char *text, int64_t deadline)
{
    size_t len = strlen(text), done = 0;
    while (done <= len) {
        const char *from = done < len ? text + done : "\n";
        size_t n = done < len ? len - done : 1;
        ssize_t w = send(b->fd, from, n, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (w > 0) {
            done += (size_t)w;
            continue;
        }
        if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            return false;
        int64_t left = deadline - now_ms();
        struct pollfd p = {.fd = b->fd, .events = POLLOUT};
        if (left <= 0 || poll(&p, 1, (int)left) <= 0)
            return false;
    }
    return true;
}

typedef enum { LINE_OK, LINE_LATE, LINE_TOO_LONG, LINE_EOF } LineStatus;

/* The next line from the program (its newline replaced by a NUL, *len
 * bytes), waiting until the deadline. The line stays at the start of b->in
 * until the next call. */
static LineStatus read_line(UnoExtBot *b, int64_t deadline, size_t *len)
{
    if (b->consumed) { /* the line returned last time */
        memmove(b->in, b->in + b->consumed, b->len - b->consumed);
        b->len -= b->consumed;
        b->consumed = 0;
    }
    for (;;) {
        char *nl = memchr(b->in, '\n', b->len);
        if (nl) {
            *nl = '\0';
            *len = (size_t)(nl - b->in);
            b->consumed = *len + 1;
            if (b->skipping) {
                b->skipping = false;
                return LINE_TOO_LONG;
            }
            if (*len && b->in[*len - 1] == '\r')
                b->in[--*len] = '\0';
            return LINE_OK;
        }
        if (b->len == UNO_TABLE_MAX_LINE) { /* no newline in the longest line allowed */
            b->skipping = true;
            b->len = 0;
        }
        int64_t left = deadline - now_ms();
        struct pollfd p = {.fd = b->fd, .events = POLLIN};
        if (left <= 0)
            return LINE_LATE;
        int r = poll(&p, 1, (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return LINE_LATE;
        ssize_t got = recv(b->fd, b->in + b->len, UNO_TABLE_MAX_LINE - b->len, MSG_DONTWAIT);
        if (got == 0 || (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
            return LINE_EOF;
        if (got > 0)
            b->len += (size_t)got;
    }
}

/* ------------------------------------------------------------ the answer */

/* The same move, the "uno" said with a play aside. */
static bool same_move(const UnoAction *a, const UnoAction *m)
{
    return a->type == m->type && a->seat == m->seat && a->target == m->target && a->color == m->color &&
           uno_bot_same_cards(a, m) && (a->type == UNO_ACT_PLAY || a->uno == m->uno);
}

/* Judges one answer. 1: a move in *out; 0: "wait" out of turn; -1: illegal
 * (b->problem says why). */
static int judge(UnoExtBot *b, const cJSON *answer, const UnoView *v, UnoAction *out)
{
    const cJSON *op = cJSON_GetObjectItemCaseSensitive(answer, "op");
    if (!cJSON_IsString(op)) {
        problem(b, &b->stats.illegal, "answer %llu has no \"op\"", (unsigned long long)b->id);
        return -1;
    }
    if (strcmp(op->valuestring, "wait") == 0) {
        if (!uno_bot_in_turn(v))
            return 0;
        problem(b, &b->stats.illegal, "answer %llu says \"wait\" in turn: a move is needed",
                (unsigned long long)b->id);
        return -1;
    }
    int type = uno_request_action_type(op->valuestring);
    UnoAction a;
    char why[UNO_ERR_LEN];
    if (type < 0) {
        problem(b, &b->stats.illegal, "answer %llu: unknown op '%.40s'", (unsigned long long)b->id,
                op->valuestring);
        return -1;
    }
    if (uno_request_action(answer, (UnoActionType)type, UNO_MAX_PLAYERS, -1, &a, why, sizeof why) != UNO_OK) {
        problem(b, &b->stats.illegal, "answer %llu: %s", (unsigned long long)b->id, why);
        return -1;
    }
    for (int i = 0; i < v->nlegal; i++)
        if (same_move(&a, &v->legal[i])) {
            *out = v->legal[i];
            out->uno = a.type == UNO_ACT_PLAY ? a.uno && uno_bot_leaves_one(v, out) : out->uno;
            return 1;
        }
    problem(b, &b->stats.illegal, "answer %llu: that %s is not one of the legal moves sent",
            (unsigned long long)b->id, op->valuestring);
    return -1;
}

/* The program's answer to question b->id: 1, 0 or -1 as judge(). */
static int answer(UnoExtBot *b, const UnoView *v, int64_t deadline, UnoAction *out)
{
    size_t len;
    for (;;) {
        LineStatus st = read_line(b, deadline, &len);
        if (st == LINE_LATE) {
            b->owed++;
            problem(b, &b->stats.late, "no answer to %llu within %d ms", (unsigned long long)b->id,
                    b->limit_ms);
            if (++b->late_in_row == LATE_IN_A_ROW)
                gone(b, "it answered none of 10 questions in a row in time");
            return -1;
        }
        b->late_in_row = 0;
        if (st == LINE_EOF) {
            gone(b, "its output ended");
            return -1;
        }
        int rc = -1;
        char why[UNO_ERR_LEN];
        cJSON *line = NULL;
        if (st == LINE_OK)
            uno_request_parse(b->in, len, &line, why, sizeof why);
        const cJSON *id = line ? cJSON_GetObjectItemCaseSensitive(line, "id") : NULL;
        int64_t n;
        bool has_id = id && uno_json_exact_int(id, &n);
        if (has_id ? (uint64_t)n != b->id : b->owed > 0) { /* an answer to an earlier question */
            if (b->owed > 0)
                b->owed--;
            cJSON_Delete(line);
            continue;
        }
        if (st == LINE_TOO_LONG)
            problem(b, &b->stats.garbled, "answer %llu is longer than %d bytes", (unsigned long long)b->id,
                    UNO_TABLE_MAX_LINE);
        else if (!line)
            problem(b, &b->stats.garbled, "answer %llu is not a JSON object: %s", (unsigned long long)b->id,
                    why);
        else
            rc = judge(b, line, v, out);
        cJSON_Delete(line);
        return rc;
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

bool uno_extbot_choose(UnoExtBot *b, const UnoGame *g, const UnoView *v, const UnoHistory *h, UnoRng *rng,
                       UnoAction *out)
{
    if (b->stats.unstartable)
        return false; /* its problem stays told */
    b->problem[0] = '\0';
    bool in_turn = uno_bot_in_turn(v);
    if (v->phase == UNO_PHASE_OVER || v->nlegal == 0)
        return false;
    uint64_t key = question_key(v, h);
    if (!in_turn && key == b->waited)
        return false;
    int rc = -1;
    if (b->fd >= 0) {
        b->id++;
        int64_t deadline = now_ms() + b->limit_ms;
        char *text = question(b, g, v, h);
        b->told[0] = '\0';
        b->stats.asked++;
        if (!text)
            snprintf(b->problem, sizeof b->problem, "out of memory");
        else if (!send_line(b, text, deadline))
            gone(b, "it does not read its input");
        else
            rc = answer(b, v, deadline, out);
        free(text);
    }
    b->waited = rc == 0 ? key : 0;
    if (rc >= 0) {
        b->stats.answered++;
        return rc == 1;
    }
    return in_turn && !b->stats.unstartable && uno_bot_choose(UNO_BOT_RANDOM, NULL, v, NULL, rng, out);
}
