/*
 * transport.h — the server's connections, frames, timers and limits, over
 * libwebsockets' event loop (docs/server.md). It knows nothing of UNO: it
 * hands whole text messages to the application and sends the application's
 * text back, and it serves the static web client.
 *
 * What this module owns: the lws context, one SrvConn per WebSocket
 * connection (its send queue, its partly received message, its rate
 * bucket), the table of client addresses (addrs.h: each address's
 * connections and message budget), the timers.
 *
 * What stays true:
 *  - One thread: every callback below runs on the event loop, one at a time;
 *    the one thing another thread may call is srv_wake_signal.
 *  - A message is handed to the application whole, and at most
 *    SrvLimits.max_message bytes long; a longer one is dropped as it
 *    arrives (never buffered past the limit) and reported as SRV_TOO_LARGE.
 *  - A connection's messages past its rate, or past its address's, are
 *    dropped and reported as SRV_RATE_LIMITED (the first of each run of
 *    drops only); a connection that keeps flooding is closed.
 *  - An address (addrs.h) has at most SrvLimits.max_conns_per_addr
 *    connections open: one more is handed to on_refused, never to on_open,
 *    and closed with status 1008 after what on_refused sent. The address
 *    is the socket's peer, or under SrvConfig.trust_proxy the right-most
 *    entry of X-Forwarded-For (the one the proxy added).
 *  - Sends are queued and written one frame per writeable callback, in
 *    order; a connection whose queue passes SrvLimits.max_queue (a reader
 *    that does not read) is closed rather than let the server's memory grow.
 *  - After on_close, the SrvConn is gone: the application drops its pointer.
 *  - A GET of one of the static web client's files is answered from
 *    memory (assets.h: with its ETag, 304 on If-None-Match, gzipped where
 *    the client accepts it); any other path goes to on_get, which reads
 *    the request through srv_get_* and answers with srv_get_answer, or
 *    leaves it to a 404.
 */
#ifndef UNO_SERVER_TRANSPORT_H
#define UNO_SERVER_TRANSPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "server/addrs.h"

typedef struct Srv Srv;
typedef struct SrvConn SrvConn;
typedef struct SrvTimer SrvTimer;

typedef enum SrvInbound { SRV_MESSAGE, SRV_TOO_LARGE, SRV_RATE_LIMITED } SrvInbound;
/* Why a connection was refused: its address has its connections open, or
 * the table of addresses is full of addresses with connections open. */
typedef enum SrvRefusal { SRV_ADDR_FULL, SRV_ADDRS_FULL } SrvRefusal;

typedef struct SrvLimits {
    size_t max_message;     /* bytes in one message */
    size_t max_queue;       /* bytes waiting to be sent to one connection */
    int rate;               /* messages a second, sustained */
    int burst;              /* ... and at once */
    int flood_close;        /* dropped messages after which the connection is closed */
    int max_conns_per_addr; /* connections open from one address */
    int addr_rate;          /* messages a second from one address's connections together */
    int addr_burst;         /* ... and at once */
    int max_addrs;          /* addresses kept at once (addrs.h) */
} SrvLimits;

/* A GET the application answers itself (on_get). */
typedef struct SrvGet SrvGet;

typedef struct SrvHandlers {
    void *ctx;
    void (*on_open)(void *ctx, SrvConn *c);
    /* A connection refused (its address is at its limit): what is sent to
     * it now goes before it is closed; on_close follows as for any. */
    void (*on_refused)(void *ctx, SrvConn *c, SrvRefusal why);
    /* kind SRV_MESSAGE: text of len bytes (not NUL-terminated); otherwise
     * text is NULL and the message was dropped. */
    void (*on_message)(void *ctx, SrvConn *c, SrvInbound kind, const char *text, size_t len);
    void (*on_close)(void *ctx, SrvConn *c);
    /* The server stops: let go of the timers; connections close after it. */
    void (*on_stop)(void *ctx);
    /* SIGTERM: the server stops (srv_stop) once every connection has
     * closed, SRV_DRAIN_MS later at the latest; meanwhile the application
     * closes its connections as it means them to go, and the loop runs
     * on. NULL: SIGTERM stops at once, as SIGINT does. */
    void (*on_drain)(void *ctx);
    /* A GET of a path that is no web client's file: answered with
     * srv_get_answer before it returns (unanswered: 404). */
    void (*on_get)(void *ctx, SrvGet *g, const char *path);
} SrvHandlers;

typedef struct SrvConfig {
    const char *host;       /* interface to listen on; NULL: all */
    int port;               /* 0: any free port (srv_port tells which) */
    const char *web_root;   /* static files served at /, or NULL (read once: assets.h) */
    bool trust_proxy;       /* the client's address is X-Forwarded-For's last entry */
    SrvLimits limits;
    SrvHandlers handlers;
} SrvConfig;

void srv_limits_default(SrvLimits *l);

/* Listens; NULL and a message when it cannot. */
Srv *srv_new(const SrvConfig *cfg, char *err, size_t errlen);
/* Runs the event loop until srv_stop (SIGINT and SIGTERM call it); the
 * connections are closed when it returns. */
void srv_run(Srv *s);
/* From the loop: on_stop, then every connection closes, then srv_run
 * returns. */
void srv_stop(Srv *s);
void srv_free(Srv *s);
int srv_port(const Srv *s);

/* Milliseconds on a clock that never goes backwards. */
int64_t srv_now_ms(void);

/* Queues text (len bytes) for c; false when c is being closed for a queue
 * over its limit (the text is dropped). */
bool srv_send(SrvConn *c, const char *text, size_t len);
/* Closes c after what is queued has been sent. */
void srv_close(SrvConn *c);
/* ... with a status of its own (the application's are 4000 to 4999) and
 * a reason (a string that lives as long as the server). */
void srv_close_with(SrvConn *c, int status, const char *reason);
/* The time a draining server (on_drain) gives its connections to close. */
#define SRV_DRAIN_MS 1000
void srv_conn_set_data(SrvConn *c, void *data);
void *srv_conn_data(const SrvConn *c);
/* The client's address (the proxy's word for it under trust_proxy), for
 * logs. */
const char *srv_conn_peer(const SrvConn *c);
/* The client's address's entry (addrs.h): its budgets, while c is open. */
SrvAddr *srv_conn_addr(const SrvConn *c);

/* The query's argument name (?name=VALUE) into out; false when it is
 * missing or has len bytes or more. */
bool srv_get_arg(SrvGet *g, const char *name, char *out, size_t len);
/* The request's Host header into out; false when missing or too long. */
bool srv_get_host(SrvGet *g, char *out, size_t len);
/* Whether the client came over https: under trust_proxy, the proxy's
 * X-Forwarded-Proto says so (the server itself speaks plain http). */
bool srv_get_https(SrvGet *g);
/* The answer: status, its content type, body (len bytes, copied). */
void srv_get_answer(SrvGet *g, int status, const char *type, const char *body, size_t len);

/* A timer calls fn(ctx) once, ms (at least 1) after it was set, on a later
 * turn of the loop; setting it again moves it. */
SrvTimer *srv_timer_new(Srv *s, void (*fn)(void *ctx), void *ctx);
void srv_timer_set(SrvTimer *t, int64_t ms);
void srv_timer_cancel(SrvTimer *t);
bool srv_timer_pending(const SrvTimer *t);
void srv_timer_free(SrvTimer *t);

/* A wake-up from another thread: srv_wake_signal (safe from any thread)
 * makes the loop call fn(ctx) on its own thread soon after; signals that
 * come together may give one call. Free it (on the loop) before srv_stop's
 * loop ends, as a timer. */
typedef struct SrvWake SrvWake;
SrvWake *srv_wake_new(Srv *s, void (*fn)(void *ctx), void *ctx);
void srv_wake_signal(SrvWake *w);
void srv_wake_free(SrvWake *w);

#endif
