/*
 * pool.h — worker threads for the server's slow work (a search bot's
 * decision, a program's answer), so that the event loop never waits for it
 * (docs/server.md "Bots").
 *
 * What this module owns: the threads, the queue of tasks to run and the
 * queue of tasks run, and the wake-up (transport.h's SrvWake) that brings
 * the latter back to the loop.
 *
 * What stays true:
 *  - run() is called on a worker thread, done() on the loop's, once each
 *    per task, in that order; a task is the caller's memory throughout.
 *  - A task shares nothing with the loop while it runs: the caller hands
 *    it copies (the pool only moves pointers under its lock).
 *  - srv_pool_free waits for the tasks running, then calls done(t, false)
 *    on the loop's thread for every task not delivered.
 */
#ifndef UNO_SERVER_POOL_H
#define UNO_SERVER_POOL_H

#include <stdbool.h>

#include "server/transport.h"

typedef struct SrvTask {
    void (*run)(struct SrvTask *t);
    /* ran: run() was called and the server goes on; false at shutdown */
    void (*done)(struct SrvTask *t, bool ran);
    struct SrvTask *next; /* the pool's */
} SrvTask;

typedef struct SrvPool SrvPool;

/* threads worker threads (at least 1) on s's loop. NULL when the threads
 * cannot be made. */
SrvPool *srv_pool_new(Srv *s, int threads);
/* One thread per core but the loop's, at least one. */
int srv_pool_threads_default(void);
void srv_pool_submit(SrvPool *p, SrvTask *t);
void srv_pool_free(SrvPool *p);

#endif
