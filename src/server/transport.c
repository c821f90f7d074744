/*
 * transport.c — connections, frames, timers and limits over libwebsockets
 * (transport.h says what stays true). Built as libwebsockets' minimal
 * examples are: one protocol callback, state per session, writes only from
 * the writeable callback, LWS_PRE bytes before every write.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <ev.h>
#include <libwebsockets.h>

#include "server/assets.h"
#include "server/transport.h"

typedef struct Frame {
    struct Frame *next;
    size_t len;
    unsigned char data[]; /* LWS_PRE bytes, then the text */
} Frame;

struct SrvConn {
    Srv *srv;
    struct lws *wsi;
    void *data;                 /* the application's */
    Frame *head, *tail;         /* to send, in order */
    size_t queued;              /* bytes in the queue */
    bool closing;               /* close once the queue is sent */
    char *rx;                   /* the message being received */
    size_t rx_len, rx_cap;
    bool rx_over;               /* ... is past the limit: dropped as it comes */
    SrvBucket bucket;           /* its messages' budget */
    bool dropping;              /* in a run of dropped messages */
    int drops;
    char peer[64];              /* the client's address */
    SrvAddr *addr;              /* ... its entry, which counts this connection; NULL: refused */
    enum lws_close_status close_status; /* sent when it closes */
    const char *close_reason;
};

struct SrvTimer {
    lws_sorted_usec_list_t sul; /* first: the callback finds the timer from it */
    Srv *srv;
    void (*fn)(void *ctx);
    void *ctx;
    bool pending;
};

struct Srv {
    struct ev_loop *loop;       /* libev's: epoll, so that a wake of the loop
                                   costs what is ready, not a poll over every
                                   connection (docs/server.md "Load") */
    ev_signal sigint, sigterm;
    ev_timer drain;             /* SIGTERM: looks every DRAIN_LOOK_MS for the connections closed */
    int64_t drain_end;          /* ... and stops then, or at this time at the latest */
    int open;                   /* connections open (refused ones too) */
    struct lws_context *ctx;    /* NULL once destroyed */
    struct lws_vhost *vhost;
    SrvConfig cfg;
    SrvAddrs *addrs;            /* every client address's connections and budgets */
    SrvRate conn_rate, addr_rate;
    struct lws_http_mount mount; /* every HTTP GET: "uno-get" */
    SrvAssets *web;             /* the web client's files, or NULL */
};

/* One HTTP GET (of a web client's file, or answered by on_get): the
 * session data of the "uno-get" protocol, the answer written from the
 * writeable callback. */
struct SrvGet {
    struct lws *wsi;
    Srv *srv;
    int status;
    const char *type;
    const char *cache;          /* Cache-Control */
    const SrvAsset *file;       /* a web client's file: its ETag, its gzip form */
    bool gzip;                  /* ... sent gzipped */
    char *body;                 /* LWS_PRE bytes, then the answer */
    size_t len, sent;
};

void srv_limits_default(SrvLimits *l)
{
    l->max_message = 64 * 1024;
    l->max_queue = 4 * 1024 * 1024;
    l->rate = 20;
    l->burst = 40;
    l->flood_close = 400;
    l->max_conns_per_addr = 64;
    l->addr_rate = 200;
    l->addr_burst = 400;
    l->max_addrs = 65536;
}

int64_t srv_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ------------------------------------------------------------- timers */

static void timer_fired(lws_sorted_usec_list_t *sul)
{
    SrvTimer *t = lws_container_of(sul, SrvTimer, sul);
    t->pending = false;
    t->fn(t->ctx);
}

SrvTimer *srv_timer_new(Srv *s, void (*fn)(void *ctx), void *ctx)
{
    SrvTimer *t = calloc(1, sizeof *t);
    if (t) {
        t->srv = s;
        t->fn = fn;
        t->ctx = ctx;
    }
    return t;
}

void srv_timer_set(SrvTimer *t, int64_t ms)
{
    t->pending = true;
    /* at least 1 ms: a timer that sets itself again at 0 would run on in
     * one turn of the loop, and no connection would be served meanwhile */
    lws_sul_schedule(t->srv->ctx, 0, &t->sul, timer_fired, (lws_usec_t)(ms < 1 ? 1 : ms) * LWS_US_PER_MS);
}

void srv_timer_cancel(SrvTimer *t)
{
    if (t && t->pending && t->srv->ctx)
        lws_sul_schedule(t->srv->ctx, 0, &t->sul, timer_fired, LWS_SET_TIMER_USEC_CANCEL);
    if (t)
        t->pending = false;
}

bool srv_timer_pending(const SrvTimer *t) { return t->pending; }

void srv_timer_free(SrvTimer *t)
{
    srv_timer_cancel(t);
    free(t);
}

/* ------------------------------------------------------- connections */

void srv_conn_set_data(SrvConn *c, void *data) { c->data = data; }
void *srv_conn_data(const SrvConn *c) { return c->data; }
const char *srv_conn_peer(const SrvConn *c) { return c->peer; }
SrvAddr *srv_conn_addr(const SrvConn *c) { return c->addr; }

static void drop_queue(SrvConn *c)
{
    while (c->head) {
        Frame *f = c->head;
        c->head = f->next;
        free(f);
    }
    c->tail = NULL;
    c->queued = 0;
}

bool srv_send(SrvConn *c, const char *text, size_t len)
{
    if (c->closing)
        return false;
    Frame *f = c->queued + len <= c->srv->cfg.limits.max_queue ? malloc(sizeof *f + LWS_PRE + len) : NULL;
    if (!f) { /* a reader that does not read, or no memory: let it go */
        drop_queue(c);
        c->closing = true;
        lws_callback_on_writable(c->wsi);
        return false;
    }
    f->next = NULL;
    f->len = len;
    memcpy(f->data + LWS_PRE, text, len);
    if (c->tail)
        c->tail->next = f;
    else
        c->head = f;
    c->tail = f;
    c->queued += len;
    lws_callback_on_writable(c->wsi);
    return true;
}

void srv_close(SrvConn *c)
{
    c->closing = true;
    lws_callback_on_writable(c->wsi);
}

void srv_close_with(SrvConn *c, int status, const char *reason)
{
    c->close_status = (enum lws_close_status)status;
    c->close_reason = reason;
    srv_close(c);
}

/* The right-most entry of X-Forwarded-For, the one the proxy in front added
 * (the entries before it are whatever the client wrote); false when there
 * is none, or it is no address. */
static bool forwarded_for(struct lws *wsi, char *out, size_t len)
{
    int n = lws_hdr_total_length(wsi, WSI_TOKEN_X_FORWARDED_FOR);
    char *all = n > 0 ? malloc((size_t)n + 1) : NULL;
    bool found = all && lws_hdr_copy(wsi, all, n + 1, WSI_TOKEN_X_FORWARDED_FOR) >= 0;
    if (found) {
        char *last = strrchr(all, ',');
        last = last ? last + 1 : all;
        last += strspn(last, " \t");
        last[strcspn(last, " \t")] = '\0';
        unsigned char key[SRV_ADDR_KEY_LEN];
        found = strlen(last) < len && srv_addr_parse(last, key);
        if (found)
            strcpy(out, last);
    }
    free(all);
    return found;
}

/* A new connection, counted against its address; refused (no addr, and
 * why) when its address is at its limit. */
static SrvConn *conn_open(Srv *s, struct lws *wsi, SrvRefusal *why)
{
    SrvConn *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->srv = s;
    c->wsi = wsi;
    c->close_status = LWS_CLOSE_STATUS_NORMAL;
    s->open++;
    if (!s->cfg.trust_proxy || !forwarded_for(wsi, c->peer, sizeof c->peer))
        lws_get_peer_simple(wsi, c->peer, sizeof c->peer);
    SrvAddr *a = srv_addrs_get(s->addrs, c->peer);
    *why = a ? SRV_ADDR_FULL : SRV_ADDRS_FULL;
    if (a && a->conns < s->cfg.limits.max_conns_per_addr) {
        c->addr = a;
        a->conns++;
    }
    return c;
}

static void conn_free(SrvConn *c)
{
    c->srv->open--;
    if (c->addr)
        c->addr->conns--;
    drop_queue(c);
    free(c->rx);
    free(c);
}

/* Whether the connection's budget and its address's have a message left;
 * takes it. */
static bool take_token(SrvConn *c)
{
    int64_t now = srv_now_ms();
    return srv_bucket_take(&c->bucket, &c->srv->conn_rate, now) &&
           srv_bucket_take(&c->addr->messages, &c->srv->addr_rate, now);
}

static void deliver(SrvConn *c)
{
    Srv *s = c->srv;
    const SrvHandlers *h = &s->cfg.handlers;
    if (!take_token(c)) {
        if (++c->drops >= s->cfg.limits.flood_close)
            srv_close(c);
        else if (!c->dropping)
            h->on_message(h->ctx, c, SRV_RATE_LIMITED, NULL, 0);
        c->dropping = true;
        return;
    }
    c->dropping = false;
    if (c->rx_over)
        h->on_message(h->ctx, c, SRV_TOO_LARGE, NULL, 0);
    else
        h->on_message(h->ctx, c, SRV_MESSAGE, c->rx ? c->rx : "", c->rx_len);
}

/* A piece of a message: kept while the message fits the limit. */
static void receive(SrvConn *c, const void *in, size_t len)
{
    size_t max = c->srv->cfg.limits.max_message;
    if (lws_is_first_fragment(c->wsi)) {
        c->rx_len = 0;
        c->rx_over = false;
    }
    if (!c->rx_over && c->rx_len + len > max) {
        c->rx_over = true;
        free(c->rx);
        c->rx = NULL;
        c->rx_cap = 0;
    }
    if (!c->rx_over && len > 0) {
        if (c->rx_len + len > c->rx_cap) {
            size_t cap = c->rx_cap ? c->rx_cap : 1024;
            while (cap < c->rx_len + len)
                cap *= 2;
            char *rx = realloc(c->rx, cap);
            if (!rx) {
                c->rx_over = true;
                return;
            }
            c->rx = rx;
            c->rx_cap = cap;
        }
        memcpy(c->rx + c->rx_len, in, len);
        c->rx_len += len;
    }
    if (lws_is_final_fragment(c->wsi))
        deliver(c);
}

/* One frame a call: the next queued message. Returns -1 to close the
 * connection. */
static int writeable(SrvConn *c)
{
    if (c->head) {
        Frame *f = c->head;
        if (lws_write(c->wsi, f->data + LWS_PRE, f->len, LWS_WRITE_TEXT) < (int)f->len)
            return -1;
        c->head = f->next;
        if (!c->head)
            c->tail = NULL;
        c->queued -= f->len;
        free(f);
    } else if (c->closing) {
        const char *why = c->close_reason ? c->close_reason : "";
        lws_close_reason(c->wsi, c->close_status, (unsigned char *)why, strlen(why));
        return -1;
    }
    if (c->head || c->closing)
        lws_callback_on_writable(c->wsi);
    return 0;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len)
{
    SrvConn **pc = user;
    Srv *s = lws_context_user(lws_get_context(wsi));
    const SrvHandlers *h = s ? &s->cfg.handlers : NULL;
    switch (reason) {
    case LWS_CALLBACK_ESTABLISHED: {
        SrvRefusal why;
        if (!(*pc = conn_open(s, wsi, &why)))
            return -1;
        if ((*pc)->addr) {
            h->on_open(h->ctx, *pc);
            return 0;
        }
        h->on_refused(h->ctx, *pc, why);
        (*pc)->close_status = LWS_CLOSE_STATUS_POLICY_VIOLATION;
        (*pc)->close_reason = why == SRV_ADDR_FULL ? "too many connections from this address" : "server busy";
        srv_close(*pc);
        return 0;
    }
    case LWS_CALLBACK_RECEIVE:
        if (*pc && (*pc)->addr) /* a refused connection is heard no more */
            receive(*pc, in, len);
        return 0;
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return *pc ? writeable(*pc) : -1;
    case LWS_CALLBACK_CLOSED:
        if (*pc) {
            h->on_close(h->ctx, *pc);
            conn_free(*pc);
            *pc = NULL;
        }
        return 0;
    default:
        /* the default protocol also gets plain HTTP: the mount serves it */
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

/* ------------------------------------------------------- dynamic GETs */

bool srv_get_arg(SrvGet *g, const char *name, char *out, size_t len)
{
    char key[40];
    int n = snprintf(key, sizeof key, "%s=", name);
    if (n <= 0 || (size_t)n >= sizeof key || len > INT_MAX / 2)
        return false;
    /* lws copies "name=value" and cuts what does not fit: one byte more
     * than the longest tells a value that fits from one cut short */
    char *buf = malloc((size_t)n + len + 1);
    const char *value = buf ? lws_get_urlarg_by_name(g->wsi, key, buf, n + (int)len + 1) : NULL;
    bool found = value && strlen(value) < len;
    if (found)
        strcpy(out, value);
    free(buf);
    return found;
}

bool srv_get_host(SrvGet *g, char *out, size_t len)
{
    int n = lws_hdr_total_length(g->wsi, WSI_TOKEN_HOST);
    return n > 0 && (size_t)n < len && lws_hdr_copy(g->wsi, out, (int)len, WSI_TOKEN_HOST) == n;
}

bool srv_get_https(SrvGet *g)
{
    char proto[8];
    return g->srv->cfg.trust_proxy &&
           lws_hdr_custom_copy(g->wsi, proto, sizeof proto, "x-forwarded-proto:", 18) == 5 &&
           strcmp(proto, "https") == 0;
}

void srv_get_answer(SrvGet *g, int status, const char *type, const char *body, size_t len)
{
    free(g->body);
    g->body = malloc(LWS_PRE + len + 1);
    if (!g->body)
        return;
    memcpy(g->body + LWS_PRE, body, len);
    g->status = status;
    g->type = type;
    g->len = len;
}

/* Whether the request's header h holds text (an ETag among
 * If-None-Match's, "gzip" among Accept-Encoding's). */
static bool header_has(struct lws *wsi, enum lws_token_indexes h, const char *text)
{
    char value[1024];
    return lws_hdr_copy(wsi, value, sizeof value, h) > 0 && strstr(value, text) != NULL;
}

/* A file of the web client: gzipped where the browser accepts gzip and
 * the gzip form is smaller; 304 where the browser holds that form already
 * (its If-None-Match names the form's ETag). */
static void answer_file(SrvGet *g, const SrvAsset *f)
{
    const char *type = lws_get_mimetype(f->name, NULL);
    g->file = f;
    g->cache = "no-cache"; /* kept, and asked again (If-None-Match) before each use */
    g->gzip = f->gzip && header_has(g->wsi, WSI_TOKEN_HTTP_ACCEPT_ENCODING, "gzip");
    if (!type)
        type = "application/octet-stream";
    if (header_has(g->wsi, WSI_TOKEN_HTTP_IF_NONE_MATCH, g->gzip ? f->gzip_etag : f->etag))
        return srv_get_answer(g, HTTP_STATUS_NOT_MODIFIED, type, "", 0);
    srv_get_answer(g, HTTP_STATUS_OK, type, g->gzip ? f->gzip : f->body, g->gzip ? f->gzip_len : f->len);
}

static bool add_header(struct lws *wsi, enum lws_token_indexes h, const char *value, unsigned char **p,
                       unsigned char *end)
{
    return lws_add_http_header_by_token(wsi, h, (const unsigned char *)value, (int)strlen(value), p, end) == 0;
}

static bool write_headers(SrvGet *g)
{
    unsigned char head[LWS_PRE + 1024], *p = head + LWS_PRE, *end = head + sizeof head - 1;
    const SrvAsset *f = g->file;
    return lws_add_http_common_headers(g->wsi, (unsigned)g->status, g->type, g->len, &p, end) == 0 &&
           add_header(g->wsi, WSI_TOKEN_HTTP_CACHE_CONTROL, g->cache, &p, end) &&
           (!f || add_header(g->wsi, WSI_TOKEN_HTTP_ETAG, g->gzip ? f->gzip_etag : f->etag, &p, end)) &&
           (!f || !f->gzip || add_header(g->wsi, WSI_TOKEN_HTTP_VARY, "Accept-Encoding", &p, end)) &&
           (!g->gzip || g->status != HTTP_STATUS_OK ||
            add_header(g->wsi, WSI_TOKEN_HTTP_CONTENT_ENCODING, "gzip", &p, end)) &&
           lws_finalize_write_http_header(g->wsi, head + LWS_PRE, &p, end) == 0;
}

/* The answer is all written: its body goes, and the exchange ends, the
 * connection kept for the next request. */
static int get_done(SrvGet *g)
{
    free(g->body);
    g->body = NULL;
    return lws_http_transaction_completed(g->wsi) ? -1 : 0;
}

/* The headers now, the body (if any) from the writeable callback. path:
 * the request's. */
static int get_begin(Srv *s, SrvGet *g, struct lws *wsi, const char *path)
{
    static const char missing[] = "not found\n";
    const SrvAsset *file;
    *g = (SrvGet){.wsi = wsi, .srv = s, .cache = "no-store"};
    if (lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) <= 0)
        ; /* not a GET: not found */
    else if (s->web && (file = srv_assets_find(s->web, path)))
        answer_file(g, file);
    else if (s->cfg.handlers.on_get)
        s->cfg.handlers.on_get(s->cfg.handlers.ctx, g, path);
    if (!g->body)
        srv_get_answer(g, HTTP_STATUS_NOT_FOUND, "text/plain; charset=utf-8", missing, sizeof missing - 1);
    if (!g->body || !write_headers(g))
        return -1;
    /* Nothing follows the headers (a 304): the exchange ends now. The client
     * has its whole answer and may send its next request on this connection
     * at once; ended later, in the writeable callback, that request raced
     * the end, and lws answered it out of step. */
    if (g->len == 0)
        return get_done(g);
    lws_callback_on_writable(wsi);
    return 0;
}

/* The body, a few kilobytes a call. */
static int get_write(SrvGet *g)
{
    enum { CHUNK = 4096 };
    if (!g->body)
        return 0; /* the answer is sent */
    size_t n = g->len - g->sent < CHUNK ? g->len - g->sent : CHUNK;
    bool last = g->sent + n == g->len;
    /* the bytes before this chunk are written already: its LWS_PRE come from them */
    unsigned char *at = (unsigned char *)g->body + LWS_PRE + g->sent;
    if (lws_write(g->wsi, at, n, last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) < (int)n)
        return -1;
    g->sent += n;
    if (last)
        return get_done(g);
    lws_callback_on_writable(g->wsi);
    return 0;
}

static int get_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len)
{
    SrvGet *g = user;
    Srv *s = lws_context_user(lws_get_context(wsi));
    switch (reason) {
    case LWS_CALLBACK_HTTP:
        return get_begin(s, g, wsi, in ? in : "");
    case LWS_CALLBACK_HTTP_WRITEABLE:
        return get_write(g);
    case LWS_CALLBACK_CLOSED_HTTP:
        free(g->body);
        g->body = NULL;
        return 0;
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        return -1; /* no WebSocket speaks this protocol */
    default:
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

/* ------------------------------------------------------------ wake-ups */

struct SrvWake {
    ev_async async; /* first: the callback finds the wake from it */
    Srv *srv;
    void (*fn)(void *ctx);
    void *ctx;
};

static void on_wake(struct ev_loop *loop, ev_async *a, int revents)
{
    (void)loop;
    (void)revents;
    SrvWake *w = (SrvWake *)a;
    w->fn(w->ctx);
}

SrvWake *srv_wake_new(Srv *s, void (*fn)(void *ctx), void *ctx)
{
    SrvWake *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->srv = s;
    w->fn = fn;
    w->ctx = ctx;
    ev_async_init(&w->async, on_wake);
    ev_async_start(s->loop, &w->async);
    return w;
}

void srv_wake_signal(SrvWake *w) { ev_async_send(w->srv->loop, &w->async); }

void srv_wake_free(SrvWake *w)
{
    if (!w)
        return;
    ev_async_stop(w->srv->loop, &w->async);
    free(w);
}

/* ------------------------------------------------------------ the loop */

/* SIGINT and SIGTERM, as libev's watchers deliver them (in the loop). */
static void on_signal(struct ev_loop *loop, ev_signal *w, int revents)
{
    (void)loop;
    (void)revents;
    srv_stop(w->data);
}

/* How often a draining server looks whether its connections are closed. */
#define DRAIN_LOOK_MS 10

static void on_drain_look(struct ev_loop *loop, ev_timer *w, int revents)
{
    (void)loop;
    (void)revents;
    Srv *s = w->data;
    if (s->open == 0 || srv_now_ms() >= s->drain_end)
        srv_stop(s);
}

/* SIGTERM: the application's drain, then the stop SRV_DRAIN_MS later. */
static void on_term(struct ev_loop *loop, ev_signal *w, int revents)
{
    Srv *s = w->data;
    const SrvHandlers *h = &s->cfg.handlers;
    if (!h->on_drain)
        return on_signal(loop, w, revents);
    if (ev_is_active(&s->drain))
        return;
    ev_signal_stop(loop, &s->sigterm);
    h->on_drain(h->ctx);
    s->drain_end = srv_now_ms() + SRV_DRAIN_MS;
    ev_timer_start(loop, &s->drain);
}

static const struct lws_protocols protocols[] = {
    {"uno", callback, sizeof(SrvConn *), 0, 0, NULL, 0},
    {"uno-get", get_callback, sizeof(SrvGet), 0, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0}, /* the end of the list */
};

/* A browser that names no subprotocol binds to this one (docs/architecture.md "5. The server"). */
static const struct lws_protocol_vhost_options pvo_default = {NULL, NULL, "default", "1"};
static const struct lws_protocol_vhost_options pvo = {NULL, &pvo_default, "uno", ""};

Srv *srv_new(const SrvConfig *cfg, char *err, size_t errlen)
{
    Srv *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->cfg = *cfg;
    const SrvLimits *l = &cfg->limits;
    s->conn_rate = (SrvRate){l->rate / 1000.0, l->burst};
    s->addr_rate = (SrvRate){l->addr_rate / 1000.0, l->addr_burst};
    if (!(s->addrs = srv_addrs_new(l->max_addrs))) {
        snprintf(err, errlen, "out of memory");
        free(s);
        return NULL;
    }
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = cfg->port;
    info.iface = cfg->host;
    info.protocols = protocols;
    info.pvo = &pvo;
    info.user = s;
    s->loop = ev_default_loop(EVFLAG_AUTO);
    void *loops[1] = {s->loop};
    info.options = LWS_SERVER_OPTION_HTTP_HEADERS_SECURITY_BEST_PRACTICES_ENFORCE |
                   LWS_SERVER_OPTION_VALIDATE_UTF8 | LWS_SERVER_OPTION_EXPLICIT_VHOSTS |
                   LWS_SERVER_OPTION_LIBEV;
    info.foreign_loops = loops;
    if (cfg->web_root && !(s->web = srv_assets_load(cfg->web_root, err, errlen))) {
        srv_addrs_free(s->addrs);
        free(s);
        return NULL;
    }
    s->mount.mountpoint = "/";
    s->mount.mountpoint_len = 1;
    s->mount.origin = "uno-get";
    s->mount.origin_protocol = LWSMPRO_CALLBACK;
    info.mounts = &s->mount;
    lws_set_log_level(LLL_ERR, NULL);
    s->ctx = lws_create_context(&info);
    if (s->ctx)
        s->vhost = lws_create_vhost(s->ctx, &info);
    if (!s->ctx || !s->vhost) {
        snprintf(err, errlen, "cannot listen on %s port %d (in use, or not allowed?)",
                 cfg->host ? cfg->host : "every interface", cfg->port);
        srv_free(s);
        return NULL;
    }
    return s;
}

int srv_port(const Srv *s) { return lws_get_vhost_listen_port(s->vhost); }

/* The application lets go of its timers; the connections are closed; the
 * loop ends. */
void srv_stop(Srv *s)
{
    if (!s->ctx)
        return;
    if (s->cfg.handlers.on_stop)
        s->cfg.handlers.on_stop(s->cfg.handlers.ctx);
    lws_context_destroy(s->ctx);
    s->ctx = NULL;
    ev_signal_stop(s->loop, &s->sigint);
    ev_signal_stop(s->loop, &s->sigterm);
    ev_timer_stop(s->loop, &s->drain);
    ev_break(s->loop, EVBREAK_ALL);
}

void srv_run(Srv *s)
{
    signal(SIGPIPE, SIG_IGN);
    ev_signal_init(&s->sigint, on_signal, SIGINT);
    ev_signal_init(&s->sigterm, on_term, SIGTERM);
    ev_timer_init(&s->drain, on_drain_look, DRAIN_LOOK_MS / 1000.0, DRAIN_LOOK_MS / 1000.0);
    s->sigint.data = s->sigterm.data = s->drain.data = s;
    ev_signal_start(s->loop, &s->sigint);
    ev_signal_start(s->loop, &s->sigterm);
    ev_run(s->loop, 0);
}

void srv_free(Srv *s)
{
    if (!s)
        return;
    srv_stop(s);
    srv_addrs_free(s->addrs);
    srv_assets_free(s->web);
    free(s);
}
