/*
 * table_client.c — see table_client.h.
 */
#include "common/table_client.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_TIMEOUT_MS 10000

struct TableClient {
    pid_t pid;
    int to_child;     /* the child's standard input */
    int from_child;   /* the child's standard output */
    int timeout_ms;
    char *buf;        /* bytes read but not yet returned */
    size_t len, cap;
};

static void say(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || errlen == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int set_nonblocking(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    return fl < 0 ? -1 : fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

TableClient *table_client_start(const char *bin, char *err, size_t errlen)
{
    if (!bin)
        bin = getenv("UNO_BIN");
    if (!bin || !*bin) {
        say(err, errlen, "UNO_BIN is not set (the path of the uno binary)");
        return NULL;
    }
    if (access(bin, X_OK) != 0) {
        say(err, errlen, "%s: %s", bin, strerror(errno));
        return NULL;
    }
    signal(SIGPIPE, SIG_IGN);
    int in[2], out[2];
    if (pipe(in) != 0)
        goto fail_errno;
    if (pipe(out) != 0) {
        close(in[0]);
        close(in[1]);
        goto fail_errno;
    }
    pid_t pid = fork();
    if (pid < 0) {
        close(in[0]); close(in[1]); close(out[0]); close(out[1]);
        goto fail_errno;
    }
    if (pid == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        close(in[0]); close(in[1]); close(out[0]); close(out[1]);
        char *argv[] = {(char *)bin, (char *)"table", NULL};
        execv(bin, argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    fcntl(in[1], F_SETFD, FD_CLOEXEC);
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    set_nonblocking(in[1]);
    set_nonblocking(out[0]);
    TableClient *c = calloc(1, sizeof *c);
    if (!c) {
        say(err, errlen, "out of memory");
        close(in[1]);
        close(out[0]);
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        return NULL;
    }
    c->pid = pid;
    c->to_child = in[1];
    c->from_child = out[0];
    c->timeout_ms = DEFAULT_TIMEOUT_MS;
    const char *t = getenv("UNO_TABLE_TIMEOUT_MS");
    if (t && atoi(t) > 0)
        c->timeout_ms = atoi(t);
    return c;
fail_errno:
    say(err, errlen, "cannot start %s: %s", bin, strerror(errno));
    return NULL;
}

void table_client_set_timeout(TableClient *c, int timeout_ms)
{
    if (c && timeout_ms > 0)
        c->timeout_ms = timeout_ms;
}

/* Waits until fd is ready for `events` or the deadline passes. 1 ready, 0
 * timeout, -1 error. */
static int wait_fd(int fd, short events, long long deadline)
{
    for (;;) {
        long long left = deadline - now_ms();
        if (left <= 0)
            return 0;
        struct pollfd p = {.fd = fd, .events = events};
        int r = poll(&p, 1, (int)(left > 1000000 ? 1000000 : left));
        if (r > 0)
            return 1;
        if (r < 0 && errno != EINTR)
            return -1;
    }
}

static int write_all(TableClient *c, const char *data, size_t n, long long deadline,
                     char *err, size_t errlen)
{
    while (n > 0) {
        ssize_t w = write(c->to_child, data, n);
        if (w > 0) {
            data += w;
            n -= (size_t)w;
            continue;
        }
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            int r = wait_fd(c->to_child, POLLOUT, deadline);
            if (r == 0) {
                say(err, errlen, "timed out writing to uno table after %d ms", c->timeout_ms);
                return -1;
            }
            if (r < 0) {
                say(err, errlen, "poll: %s", strerror(errno));
                return -1;
            }
            continue;
        }
        say(err, errlen, "writing to uno table: %s (did it exit?)",
            w < 0 ? strerror(errno) : "short write");
        return -1;
    }
    return 0;
}

/* Reads one line (without its newline) into a fresh string. */
static char *read_line(TableClient *c, long long deadline, char *err, size_t errlen)
{
    for (;;) {
        char *nl = c->buf ? memchr(c->buf, '\n', c->len) : NULL;
        if (nl) {
            size_t n = (size_t)(nl - c->buf);
            char *line = malloc(n + 1);
            if (!line) {
                say(err, errlen, "out of memory");
                return NULL;
            }
            memcpy(line, c->buf, n);
            line[n] = '\0';
            memmove(c->buf, nl + 1, c->len - n - 1);
            c->len -= n + 1;
            return line;
        }
        if (c->cap - c->len < 4096) {
            size_t cap = c->cap ? c->cap * 2 : 8192;
            char *b = realloc(c->buf, cap);
            if (!b) {
                say(err, errlen, "out of memory");
                return NULL;
            }
            c->buf = b;
            c->cap = cap;
        }
        ssize_t r = read(c->from_child, c->buf + c->len, c->cap - c->len);
        if (r > 0) {
            c->len += (size_t)r;
            continue;
        }
        if (r == 0) {
            say(err, errlen, "uno table closed its output (exited or crashed)%s",
                c->len ? " in the middle of a line" : "");
            return NULL;
        }
        if (errno == EINTR)
            continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) {
            int w = wait_fd(c->from_child, POLLIN, deadline);
            if (w == 0) {
                say(err, errlen, "timed out: no answer from uno table within %d ms", c->timeout_ms);
                return NULL;
            }
            if (w < 0) {
                say(err, errlen, "poll: %s", strerror(errno));
                return NULL;
            }
            continue;
        }
        say(err, errlen, "reading from uno table: %s", strerror(errno));
        return NULL;
    }
}

cJSON *table_client_send_text(TableClient *c, const char *line, char *err, size_t errlen)
{
    if (!c || !line) {
        say(err, errlen, "no client");
        return NULL;
    }
    long long deadline = now_ms() + c->timeout_ms;
    size_t n = strlen(line);
    if (memchr(line, '\n', n) && line[n - 1] != '\n') {
        say(err, errlen, "request is more than one line");
        return NULL;
    }
    if (write_all(c, line, n, deadline, err, errlen) != 0)
        return NULL;
    if ((n == 0 || line[n - 1] != '\n') && write_all(c, "\n", 1, deadline, err, errlen) != 0)
        return NULL;
    char *answer = read_line(c, deadline, err, errlen);
    if (!answer)
        return NULL;
    cJSON *j = cJSON_Parse(answer);
    if (!j)
        say(err, errlen, "answer is not JSON: %.200s", answer);
    free(answer);
    return j;
}

cJSON *table_client_send(TableClient *c, const cJSON *request, char *err, size_t errlen)
{
    char *text = cJSON_PrintUnformatted(request);
    if (!text) {
        say(err, errlen, "cannot serialise the request");
        return NULL;
    }
    cJSON *r = table_client_send_text(c, text, err, errlen);
    cJSON_free(text);
    return r;
}

int table_client_stop(TableClient *c)
{
    if (!c)
        return 0;
    close(c->to_child);
    close(c->from_child);
    int status = 0, result = -1;
    long long deadline = now_ms() + c->timeout_ms;
    for (;;) {
        pid_t w = waitpid(c->pid, &status, WNOHANG);
        if (w == c->pid) {
            if (WIFEXITED(status))
                result = WEXITSTATUS(status);
            else if (WIFSIGNALED(status))
                result = 128 + WTERMSIG(status);
            break;
        }
        if (w < 0 && errno != EINTR)
            break;
        if (now_ms() >= deadline) {
            kill(c->pid, SIGKILL);
            waitpid(c->pid, &status, 0);
            result = -1;
            break;
        }
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    free(c->buf);
    free(c);
    return result;
}

/* ---------------------------------------------------------------- matching */

static char *describe(const cJSON *j)
{
    if (!j)
        return strdup("(missing)");
    char *s = cJSON_PrintUnformatted(j);
    if (!s)
        return strdup("?");
    if (strlen(s) > 300) {
        s[297] = s[298] = s[299] = '.';
        s[300] = '\0';
    }
    return s;
}

static bool mismatch(char *why, size_t whylen, const char *path, const char *what,
                     const cJSON *expected, const cJSON *actual)
{
    char *e = describe(expected), *a = describe(actual);
    say(why, whylen, "%s: %s%s%s, got %s", path[0] ? path : "(top)", what, e ? " " : "", e ? e : "",
        a ? a : "?");
    free(e);
    free(a);
    return false;
}

static bool match_at(const cJSON *expected, const cJSON *actual, const char *path, char *why,
                     size_t whylen);

/* An object with a single key starting with '$'. */
static const cJSON *matcher_of(const cJSON *expected)
{
    if (!cJSON_IsObject(expected) || !expected->child || expected->child->next)
        return NULL;
    const char *k = expected->child->string;
    return k && k[0] == '$' ? expected->child : NULL;
}

static bool quiet_match(const cJSON *e, const cJSON *a)
{
    char scratch[8];
    return match_at(e, a, "", scratch, sizeof scratch);
}

/* Multiset matching: can every element of `want` be given its own element of
 * `have` it matches? (Backtracking; the lists in tests are short.) */
static bool assign(const cJSON *const *want, int nwant, const cJSON *const *have, int nhave,
                   bool *used, int i)
{
    if (i == nwant)
        return true;
    for (int k = 0; k < nhave; k++) {
        if (used[k] || !quiet_match(want[i], have[k]))
            continue;
        used[k] = true;
        if (assign(want, nwant, have, nhave, used, i + 1))
            return true;
        used[k] = false;
    }
    return false;
}

static bool multiset_match(const cJSON *want_arr, const cJSON *have_arr, bool same_size)
{
    int nw = cJSON_GetArraySize(want_arr), nh = cJSON_GetArraySize(have_arr);
    if (same_size ? nw != nh : nw > nh)
        return false;
    const cJSON **want = calloc((size_t)nw + 1, sizeof *want);
    const cJSON **have = calloc((size_t)nh + 1, sizeof *have);
    bool *used = calloc((size_t)nh + 1, sizeof *used);
    bool ok = false;
    if (want && have && used) {
        int i = 0;
        for (const cJSON *x = want_arr->child; x; x = x->next)
            want[i++] = x;
        i = 0;
        for (const cJSON *x = have_arr->child; x; x = x->next)
            have[i++] = x;
        ok = assign(want, nw, have, nh, used, 0);
    }
    free(want);
    free(have);
    free(used);
    return ok;
}

static bool match_matcher(const cJSON *m, const cJSON *expected, const cJSON *actual,
                          const char *path, char *why, size_t whylen)
{
    const char *op = m->string;
    if (strcmp(op, "$any") == 0)
        return actual ? true : mismatch(why, whylen, path, "expected a value", NULL, actual);
    if (strcmp(op, "$absent") == 0)
        return !actual || cJSON_IsNull(actual)
                   ? true
                   : mismatch(why, whylen, path, "expected no value", NULL, actual);
    if (strcmp(op, "$not") == 0)
        return !actual || !quiet_match(m, actual)
                   ? true
                   : mismatch(why, whylen, path, "expected anything but", m, actual);
    if (strcmp(op, "$gte") == 0 || strcmp(op, "$lte") == 0) {
        if (!cJSON_IsNumber(actual) || !cJSON_IsNumber(m))
            return mismatch(why, whylen, path, "expected a number", expected, actual);
        bool ok = op[1] == 'g' ? actual->valuedouble >= m->valuedouble
                               : actual->valuedouble <= m->valuedouble;
        return ok ? true : mismatch(why, whylen, path, "expected", expected, actual);
    }
    if (strcmp(op, "$len") == 0) {
        int n = cJSON_IsArray(actual)    ? cJSON_GetArraySize(actual)
                : cJSON_IsString(actual) ? (int)strlen(actual->valuestring)
                                         : -1;
        if (!cJSON_IsNumber(m) || n != m->valueint)
            return mismatch(why, whylen, path, "expected length", m, actual);
        return true;
    }
    if (!cJSON_IsArray(m)) {
        say(why, whylen, "%s: matcher %s needs a list", path, op);
        return false;
    }
    if (!cJSON_IsArray(actual))
        return mismatch(why, whylen, path, "expected a list for", expected, actual);
    if (strcmp(op, "$unordered") == 0)
        return multiset_match(m, actual, true)
                   ? true
                   : mismatch(why, whylen, path, "expected (any order)", m, actual);
    if (strcmp(op, "$contains") == 0)
        return multiset_match(m, actual, false)
                   ? true
                   : mismatch(why, whylen, path, "expected to contain", m, actual);
    if (strcmp(op, "$lacks") == 0 || strcmp(op, "$none") == 0) {
        for (const cJSON *x = m->child; x; x = x->next)
            for (const cJSON *y = actual->child; y; y = y->next)
                if (quiet_match(x, y))
                    return mismatch(why, whylen, path, "expected none of", m, actual);
        return true;
    }
    say(why, whylen, "%s: unknown matcher %s", path, op);
    return false;
}

/* expected events: a subsequence of actual, in order, each a subset. */
static bool match_events(const cJSON *expected, const cJSON *actual, const char *path, char *why,
                         size_t whylen)
{
    if (!cJSON_IsArray(actual))
        return mismatch(why, whylen, path, "expected a list of events", expected, actual);
    const cJSON *a = actual->child;
    int i = 0;
    for (const cJSON *e = expected->child; e; e = e->next, i++) {
        while (a && !quiet_match(e, a))
            a = a->next;
        if (!a) {
            char p[512];
            snprintf(p, sizeof p, "%.400s[%d]", path, i);
            char *ev = describe(e), *all = describe(actual);
            say(why, whylen, "%s: event %s not found (in this order) among %s", p, ev, all);
            free(ev);
            free(all);
            return false;
        }
        a = a->next;
    }
    return true;
}

static bool match_at(const cJSON *expected, const cJSON *actual, const char *path, char *why,
                     size_t whylen)
{
    const cJSON *m = matcher_of(expected);
    if (m)
        return match_matcher(m, expected, actual, path, why, whylen);
    if (!actual)
        return mismatch(why, whylen, path, "missing; expected", expected, NULL);
    if (cJSON_IsObject(expected)) {
        if (!cJSON_IsObject(actual))
            return mismatch(why, whylen, path, "expected an object", expected, actual);
        for (const cJSON *e = expected->child; e; e = e->next) {
            char p[512];
            snprintf(p, sizeof p, "%.400s%s%.80s", path, path[0] ? "." : "", e->string);
            const cJSON *a = cJSON_GetObjectItemCaseSensitive(actual, e->string);
            if (strcmp(e->string, "events") == 0 && cJSON_IsArray(e)) {
                if (!match_events(e, a, p, why, whylen))
                    return false;
            } else if (!match_at(e, a, p, why, whylen)) {
                return false;
            }
        }
        return true;
    }
    if (cJSON_IsArray(expected)) {
        if (!cJSON_IsArray(actual))
            return mismatch(why, whylen, path, "expected a list", expected, actual);
        int ne = cJSON_GetArraySize(expected), na = cJSON_GetArraySize(actual);
        if (ne != na) {
            char w[64];
            snprintf(w, sizeof w, "expected %d elements", ne);
            return mismatch(why, whylen, path, w, expected, actual);
        }
        const cJSON *a = actual->child;
        int i = 0;
        for (const cJSON *e = expected->child; e; e = e->next, a = a->next, i++) {
            char p[512];
            snprintf(p, sizeof p, "%.400s[%d]", path, i);
            if (!match_at(e, a, p, why, whylen))
                return false;
        }
        return true;
    }
    if (cJSON_IsNumber(expected)) {
        if (cJSON_IsNumber(actual) && actual->valuedouble == expected->valuedouble)
            return true;
        return mismatch(why, whylen, path, "expected", expected, actual);
    }
    if (cJSON_IsString(expected)) {
        if (cJSON_IsString(actual) && strcmp(actual->valuestring, expected->valuestring) == 0)
            return true;
        return mismatch(why, whylen, path, "expected", expected, actual);
    }
    if (cJSON_IsBool(expected)) {
        if (cJSON_IsBool(actual) && cJSON_IsTrue(actual) == cJSON_IsTrue(expected))
            return true;
        return mismatch(why, whylen, path, "expected", expected, actual);
    }
    if (cJSON_IsNull(expected)) {
        if (cJSON_IsNull(actual))
            return true;
        return mismatch(why, whylen, path, "expected", expected, actual);
    }
    return mismatch(why, whylen, path, "cannot compare", expected, actual);
}

bool json_subset_match(const cJSON *expected, const cJSON *actual, char *why, size_t whylen)
{
    if (why && whylen)
        why[0] = '\0';
    return match_at(expected, actual, "", why, whylen);
}

/* -------------------------------------------------------------------- deal */

/* Index of a card in the 55 kinds R0..R9 RS RR R+2, G.., B.., Y.., W, W+4, X;
 * -1 if not a card. Case-insensitive like the protocol. */
static int card_kind(const char *name)
{
    static const char colors[] = "RGBY";
    static const char *const values[] = {"0", "1", "2", "3", "4", "5", "6",
                                         "7", "8", "9", "S", "R", "+2"};
    char up[8];
    size_t n = strlen(name);
    if (n == 0 || n >= sizeof up)
        return -1;
    for (size_t i = 0; i <= n; i++)
        up[i] = (char)(name[i] >= 'a' && name[i] <= 'z' ? name[i] - 32 : name[i]);
    if (strcmp(up, "W") == 0)
        return 52;
    if (strcmp(up, "W+4") == 0)
        return 53;
    if (strcmp(up, "X") == 0)
        return 54;
    const char *cp = strchr(colors, up[0]);
    if (!cp || !up[0])
        return -1;
    for (int v = 0; v < 13; v++)
        if (strcmp(up + 1, values[v]) == 0)
            return (int)(cp - colors) * 13 + v;
    return -1;
}

/* Copies per 108-card deck of one kind: a 0 once, 1-9 and actions twice,
 * wilds 4, no blank. */
static int per_deck(int kind)
{
    if (kind == 52 || kind == 53)
        return 4;
    if (kind == 54)
        return 0;
    return kind % 13 == 0 ? 1 : 2;
}

static int int_option(const cJSON *options, const char *key, int fallback)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(options, key);
    return cJSON_IsNumber(v) ? v->valueint : fallback;
}

/* How many cards options.lost_cards names ("R7 G+2"; "none"). */
static int lost_count(const cJSON *options)
{
    const cJSON *lost = cJSON_GetObjectItemCaseSensitive(options, "lost_cards");
    if (!cJSON_IsString(lost) || strcmp(lost->valuestring, "none") == 0)
        return 0;
    int n = 0;
    for (const char *s = lost->valuestring; *s; s += strcspn(s, " ,")) {
        s += strspn(s, " ,");
        n += *s != '\0';
    }
    return n;
}

static int oldest_seat(const cJSON *players)
{
    int best = -1, best_age = -1, i = 0;
    for (const cJSON *p = players->child; p; p = p->next, i++) {
        const cJSON *age = cJSON_GetObjectItemCaseSensitive(p, "age");
        int a = cJSON_IsNumber(age) ? age->valueint : 0;
        if (a > best_age) { /* equal ages: the earlier seat stays (reading 7) */
            best = i;
            best_age = a;
        }
    }
    return best;
}

int deal_expand(cJSON *req, char *err, size_t errlen)
{
    cJSON *deal = cJSON_GetObjectItemCaseSensitive(req, "deal");
    if (!deal)
        return 0;
    const cJSON *players = cJSON_GetObjectItemCaseSensitive(req, "players");
    const cJSON *hands = cJSON_GetObjectItemCaseSensitive(deal, "hands");
    const cJSON *then = cJSON_GetObjectItemCaseSensitive(deal, "then");
    const cJSON *options = cJSON_GetObjectItemCaseSensitive(req, "options");
    const cJSON *rules = cJSON_GetObjectItemCaseSensitive(req, "rules");
    if (!cJSON_IsArray(players) || !cJSON_IsArray(hands)) {
        say(err, errlen, "deal needs \"players\" in the request and \"hands\" in the deal");
        return -1;
    }
    int n = cJSON_GetArraySize(players);
    if (n < 1 || cJSON_GetArraySize(hands) != n) {
        say(err, errlen, "deal: %d hands for %d players", cJSON_GetArraySize(hands), n);
        return -1;
    }
    if (then && !cJSON_IsArray(then)) {
        say(err, errlen, "deal: \"then\" must be a list of cards");
        return -1;
    }
    const cJSON *d = cJSON_GetObjectItemCaseSensitive(deal, "dealer");
    if (!cJSON_IsNumber(d))
        d = cJSON_GetObjectItemCaseSensitive(req, "dealer");
    int dealer = cJSON_IsNumber(d) ? d->valueint : oldest_seat(players);
    if (dealer < 0 || dealer >= n) {
        say(err, errlen, "deal: dealer %d is not a seat", dealer);
        return -1;
    }
    int hand_size = int_option(options, "hand_size", 7);
    bool kpgut = cJSON_IsString(rules) && strcmp(rules->valuestring, "kpgut") == 0;
    int ppd = int_option(options, "players_per_deck", kpgut ? 7 : 0);
    int decks = ppd > 0 ? (n + ppd - 1) / ppd : 1;
    /* a blank standing in for a lost card only restores it (booklet "Blank
     * card"; option lost_cards); the spare blanks are "X" unless left out */
    int house_blanks = int_option(options, "blanks", 0) - lost_count(options);
    const cJSON *spare = cJSON_GetObjectItemCaseSensitive(options, "spare_blanks");
    if (house_blanks < 0 || (cJSON_IsString(spare) && strcmp(spare->valuestring, "left_out") == 0))
        house_blanks = 0;

    int total = n * hand_size + (then ? cJSON_GetArraySize(then) : 0);
    const cJSON **deck = calloc((size_t)total + 1, sizeof *deck);
    if (!deck) {
        say(err, errlen, "out of memory");
        return -1;
    }
    int s = 0, rc = -1;
    int used[55] = {0};
    for (const cJSON *h = hands->child; h; h = h->next, s++) {
        if (!cJSON_IsArray(h) || cJSON_GetArraySize(h) != hand_size) {
            say(err, errlen, "deal: hand of seat %d must hold %d cards", s, hand_size);
            goto out;
        }
        int r = 0;
        for (const cJSON *c = h->child; c; c = c->next, r++)
            deck[r * n + ((s - dealer - 1 + n) % n)] = c;
    }
    int pos = n * hand_size;
    if (then)
        for (const cJSON *c = then->child; c; c = c->next)
            deck[pos++] = c;
    for (int i = 0; i < total; i++) {
        int k = cJSON_IsString(deck[i]) ? card_kind(deck[i]->valuestring) : -1;
        if (k < 0) {
            char *what = describe(deck[i]);
            say(err, errlen, "deal: %s is not a card", what);
            free(what);
            goto out;
        }
        if (++used[k] > (per_deck(k) + (k == 54 ? house_blanks : 0)) * decks) {
            say(err, errlen, "deal: more %s than %d deck(s) hold", deck[i]->valuestring, decks);
            goto out;
        }
    }
    cJSON *arr = cJSON_CreateArray();
    if (!arr)
        goto out;
    for (int i = 0; i < total; i++)
        cJSON_AddItemToArray(arr, cJSON_CreateString(deck[i]->valuestring));
    cJSON_DeleteItemFromObjectCaseSensitive(req, "deck");
    cJSON_AddItemToObject(req, "deck", arr);
    cJSON_DeleteItemFromObjectCaseSensitive(req, "deal");
    rc = 0;
out:
    free(deck);
    return rc;
}

/* ------------------------------------------------------------------- files */

cJSON *jsonl_read_file(const char *path, int **line_numbers, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        say(err, errlen, "%s: %s", path, strerror(errno));
        return NULL;
    }
    cJSON *all = cJSON_CreateArray();
    int *nums = NULL, count = 0, cap = 0, lineno = 0;
    char *line = NULL;
    size_t linecap = 0;
    ssize_t n;
    while (all && (n = getline(&line, &linecap, f)) >= 0) {
        lineno++;
        size_t i = 0;
        while (i < (size_t)n && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n'))
            i++;
        if (i == (size_t)n)
            continue;
        cJSON *j = cJSON_Parse(line);
        if (!j) {
            say(err, errlen, "%s:%d: not JSON", path, lineno);
            cJSON_Delete(all);
            all = NULL;
            break;
        }
        if (count == cap) {
            cap = cap ? cap * 2 : 32;
            int *nn = realloc(nums, (size_t)cap * sizeof *nums);
            if (!nn) {
                cJSON_Delete(j);
                cJSON_Delete(all);
                all = NULL;
                say(err, errlen, "out of memory");
                break;
            }
            nums = nn;
        }
        nums[count++] = lineno;
        cJSON_AddItemToArray(all, j);
    }
    free(line);
    fclose(f);
    if (!all) {
        free(nums);
        return NULL;
    }
    if (line_numbers)
        *line_numbers = nums;
    else
        free(nums);
    return all;
}

cJSON *save_file_requests(const char *path, char *err, size_t errlen)
{
    int *numbers = NULL;
    cJSON *records = jsonl_read_file(path, &numbers, err, errlen);
    free(numbers);
    cJSON *requests = records ? cJSON_CreateArray() : NULL;
    while (records && records->child) {
        cJSON *r = cJSON_DetachItemViaPointer(records, records->child);
        if (cJSON_HasObjectItem(r, "end")) {
            cJSON_Delete(r);
            continue;
        }
        cJSON_DeleteItemFromObjectCaseSensitive(r, "seq");
        cJSON_DeleteItemFromObjectCaseSensitive(r, "hash");
        cJSON_AddItemToArray(requests, r);
    }
    cJSON_Delete(records);
    return requests;
}
