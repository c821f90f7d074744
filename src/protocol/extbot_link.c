/*
 * extbot_link.c — the link to an external bot's program (extbot_link.h).
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
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cJSON.h>

#include "protocol/extbot_link.h"
#include "protocol/field.h"
#include "protocol/protocol.h"
#include "protocol/render.h"
#include "protocol/request.h"
#include "protocol/text.h"

extern char **environ;

/* The program behind one adapter. */
typedef struct Program {
    pid_t pid;
    bool reaped;               /* its exit status is collected: */
    int status;                /* the status waitpid() gave */
    int fd;                    /* the socket; -1 once hung up */
    int64_t deadline;          /* of the last question's answer */
    size_t len;                /* bytes in `in` */
    size_t consumed;           /* bytes of `in` the last line read took (dropped at the next read) */
    bool skipping;             /* dropping the rest of a line too long */
    char in[UNO_TABLE_MAX_LINE + 1];
} Program;

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Runs command with its standard input and output on a socket. */
static Program *spawn(const char *command, const char *stderr_path, char *err, size_t errlen)
{
    Program *p = calloc(1, sizeof *p);
    int sv[2] = {-1, -1};
    if (!p || socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
        snprintf(err, errlen, "cannot start bot '%s': %s", command, p ? strerror(errno) : "out of memory");
        free(p);
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
    int rc = posix_spawn(&p->pid, "/bin/sh", &fa, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    close(sv[1]);
    if (rc != 0) {
        snprintf(err, errlen, "cannot start bot '%s': %s", command, strerror(rc));
        close(sv[0]);
        free(p);
        return NULL;
    }
    p->fd = sv[0];
    return p;
}

/* Waits up to ms for the process to end; true when it has (its status in
 * p->status). */
static bool reap(Program *p, int ms)
{
    for (int waited = 0; !p->reaped; waited += 10) {
        pid_t r = waitpid(p->pid, &p->status, WNOHANG);
        if (r == p->pid || (r < 0 && errno != EINTR))
            p->reaped = true;
        else if (waited >= ms)
            return false;
        else
            nanosleep(&(struct timespec){0, 10 * 1000000}, NULL);
    }
    return true;
}

/* ------------------------------------------------------------ the lines */

/* The question's line (extbot.h: UnoExtBotQuestion). */
static char *question_text(const UnoExtBotQuestion *q)
{
    bool ok = true;
    int seat = q->v->seat;
    cJSON *line = cJSON_CreateObject();
    proto_json_put(line, "op", cJSON_CreateString("move"), &ok);
    proto_json_put(line, "id", proto_json_int((int64_t)q->id), &ok);
    proto_json_put(line, "game", cJSON_CreateNumber(q->game), &ok);
    proto_json_put(line, "seat", cJSON_CreateNumber(seat), &ok);
    proto_json_put(line, "ms", cJSON_CreateNumber(q->limit_ms), &ok);
    if (q->told[0]) {
        cJSON *e = cJSON_CreateObject();
        proto_json_put(e, "id", proto_json_int((int64_t)q->told_id), &ok);
        proto_json_put(e, "message", cJSON_CreateString(q->told), &ok);
        proto_json_put(line, "error", e, &ok);
    }
    proto_json_put(line, "view", proto_state_json(q->g, seat), &ok);
    cJSON *events = cJSON_CreateArray();
    int count = q->h ? uno_history_count(q->h) : 0;
    for (int i = q->events_from; i < count; i++)
        proto_json_push(events, proto_event_json(uno_game_rules(q->g), uno_history_event(q->h, i), seat), &ok);
    proto_json_put(line, "events", events, &ok);
    cJSON *moves = cJSON_CreateArray();
    for (int i = 0; i < q->v->nlegal; i++)
        proto_json_push(moves, proto_action_json(&q->v->legal[i]), &ok);
    proto_json_put(line, "moves", moves, &ok);
    char *text = ok ? cJSON_PrintUnformatted(line) : NULL;
    cJSON_Delete(line);
    return text;
}

/* Sends text and a newline before the deadline. false: it could not. */
static bool send_line(Program *p, const char *text)
{
    size_t len = strlen(text), done = 0;
    while (done <= len) {
        const char *from = done < len ? text + done : "\n";
        size_t n = done < len ? len - done : 1;
        ssize_t w = send(p->fd, from, n, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (w > 0) {
            done += (size_t)w;
            continue;
        }
        if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            return false;
        int64_t left = p->deadline - now_ms();
        struct pollfd pf = {.fd = p->fd, .events = POLLOUT};
        if (left <= 0 || poll(&pf, 1, (int)left) <= 0)
            return false;
    }
    return true;
}

typedef enum { LINE_OK, LINE_LATE, LINE_TOO_LONG, LINE_EOF } LineStatus;

/* The next line from the program (its newline replaced by a NUL, *len
 * bytes), waiting until the deadline. The line stays at the start of p->in
 * until the next call. */
static LineStatus read_line(Program *p, size_t *len)
{
    if (p->consumed) { /* the line returned last time */
        memmove(p->in, p->in + p->consumed, p->len - p->consumed);
        p->len -= p->consumed;
        p->consumed = 0;
    }
    for (;;) {
        char *nl = memchr(p->in, '\n', p->len);
        if (nl) {
            *nl = '\0';
            *len = (size_t)(nl - p->in);
            p->consumed = *len + 1;
            if (p->skipping) {
                p->skipping = false;
                return LINE_TOO_LONG;
            }
            if (*len && p->in[*len - 1] == '\r')
                p->in[--*len] = '\0';
            return LINE_OK;
        }
        if (p->len == UNO_TABLE_MAX_LINE) { /* no newline in the longest line allowed */
            p->skipping = true;
            p->len = 0;
        }
        int64_t left = p->deadline - now_ms();
        struct pollfd pf = {.fd = p->fd, .events = POLLIN};
        if (left <= 0)
            return LINE_LATE;
        int r = poll(&pf, 1, (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return LINE_LATE;
        ssize_t got = recv(p->fd, p->in + p->len, UNO_TABLE_MAX_LINE - p->len, MSG_DONTWAIT);
        if (got == 0 || (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
            return LINE_EOF;
        if (got > 0)
            p->len += (size_t)got;
    }
}

/* What the answer asks for: its kind, and its move or what is wrong. */
static UnoExtBotAnswerKind read_request(const cJSON *req, UnoExtBotAnswer *out)
{
    const cJSON *op = cJSON_GetObjectItemCaseSensitive(req, "op");
    if (!cJSON_IsString(op))
        return UNO_ANSWER_NO_OP;
    if (strcmp(op->valuestring, "wait") == 0)
        return UNO_ANSWER_WAIT;
    int type = proto_request_action_type(op->valuestring);
    if (type < 0)
        snprintf(out->why, sizeof out->why, "unknown op '%.40s'", op->valuestring);
    else if (proto_request_action(req, (UnoActionType)type, UNO_MAX_PLAYERS, -1, &out->move, out->why,
                                  sizeof out->why) == UNO_OK)
        return UNO_ANSWER_MOVE;
    proto_text_drop_invalid_utf8(out->why);
    return UNO_ANSWER_NOT_A_MOVE;
}

/* One answer line, len bytes: a request of the table protocol. */
static void read_answer(const char *line, size_t len, UnoExtBotAnswer *out)
{
    char why[UNO_ERR_LEN];
    cJSON *req = NULL;
    proto_request_parse(line, len, &req, why, sizeof why);
    if (!req) {
        out->kind = UNO_ANSWER_GARBLED;
        snprintf(out->why, sizeof out->why, "is not a JSON object: %s", why);
        proto_text_drop_invalid_utf8(out->why);
        return;
    }
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(req, "id");
    int64_t n;
    out->has_id = id && proto_json_exact_int(id, &n);
    out->id = out->has_id ? (uint64_t)n : 0;
    out->kind = read_request(req, out);
    cJSON_Delete(req);
}

/* ------------------------------------------------------------ the link */

static UnoExtBotAsk link_ask(void *ctx, const UnoExtBotQuestion *q)
{
    Program *p = ctx;
    p->deadline = now_ms() + q->limit_ms;
    char *text = question_text(q);
    if (!text)
        return UNO_EXTBOT_NO_MEMORY;
    bool sent = send_line(p, text);
    free(text);
    return sent ? UNO_EXTBOT_ASKED : UNO_EXTBOT_UNREAD;
}

static void link_answer(void *ctx, UnoExtBotAnswer *out)
{
    Program *p = ctx;
    size_t len;
    *out = (UnoExtBotAnswer){0};
    switch (read_line(p, &len)) {
    case LINE_LATE:
        out->kind = UNO_ANSWER_LATE;
        break;
    case LINE_EOF:
        out->kind = UNO_ANSWER_ENDED;
        break;
    case LINE_TOO_LONG:
        out->kind = UNO_ANSWER_GARBLED;
        snprintf(out->why, sizeof out->why, "is longer than %d bytes", UNO_TABLE_MAX_LINE);
        break;
    case LINE_OK:
        read_answer(p->in, len, out);
        break;
    }
}

static void link_hang_up(void *ctx)
{
    Program *p = ctx;
    close(p->fd);
    p->fd = -1;
}

static bool link_ended(void *ctx, int wait_ms, int *exit_status, int *signal)
{
    Program *p = ctx;
    if (!reap(p, wait_ms))
        return false;
    *exit_status = WIFEXITED(p->status) ? WEXITSTATUS(p->status) : -1;
    *signal = WIFSIGNALED(p->status) ? WTERMSIG(p->status) : 0;
    return true;
}

static void link_stop(void *ctx)
{
    Program *p = ctx;
    if (p->fd >= 0)
        shutdown(p->fd, SHUT_WR); /* end of input: a program reading lines leaves */
    if (!reap(p, 500)) {
        kill(-p->pid, SIGKILL);
        waitpid(p->pid, &p->status, 0);
    }
    if (p->fd >= 0)
        close(p->fd);
    free(p);
}

UnoExtBot *proto_extbot_start(const char *command, int limit_ms, int startup_ms, const char *stderr_path,
                              const char *label, FILE *log, char *err, size_t errlen)
{
    Program *p = spawn(command, stderr_path, err, errlen);
    if (!p)
        return NULL;
    UnoExtBotLink link = {p, link_ask, link_answer, link_hang_up, link_ended, link_stop};
    UnoExtBot *b = bot_ext_new(&link, limit_ms, startup_ms, label, log);
    if (!b) {
        link_stop(p);
        snprintf(err, errlen, "cannot start bot '%s': out of memory", command);
    }
    return b;
}
