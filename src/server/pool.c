/*
 * pool.c — worker threads with a queue in and a queue out (pool.h): POSIX
 * threads, one mutex, a condition for the workers, and libev's async
 * watcher (through SrvWake) for the loop.
 */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "server/pool.h"

struct SrvPool {
    pthread_mutex_t lock;
    pthread_cond_t work;
    SrvTask *todo, *todo_tail; /* to run, first in first out */
    SrvTask *ran;              /* run, to hand back on the loop */
    bool stopping;
    SrvWake *wake;
    int nthreads;
    pthread_t threads[];
};

static void *worker(void *arg)
{
    SrvPool *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->todo && !p->stopping)
            pthread_cond_wait(&p->work, &p->lock);
        if (p->stopping)
            break;
        SrvTask *t = p->todo;
        p->todo = t->next;
        if (!p->todo)
            p->todo_tail = NULL;
        pthread_mutex_unlock(&p->lock);
        t->run(t);
        pthread_mutex_lock(&p->lock);
        t->next = p->ran;
        p->ran = t;
        srv_wake_signal(p->wake);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* On the loop: every task run so far, in the order they were run. */
static void deliver(void *ctx)
{
    SrvPool *p = ctx;
    pthread_mutex_lock(&p->lock);
    SrvTask *ran = p->ran, *ordered = NULL;
    p->ran = NULL;
    pthread_mutex_unlock(&p->lock);
    while (ran) { /* the list is newest first */
        SrvTask *next = ran->next;
        ran->next = ordered;
        ordered = ran;
        ran = next;
    }
    while (ordered) {
        SrvTask *next = ordered->next;
        ordered->done(ordered, true);
        ordered = next;
    }
}

int srv_pool_threads_default(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores > 2 ? (int)cores - 1 : 1;
}

SrvPool *srv_pool_new(Srv *s, int threads)
{
    if (threads < 1)
        threads = 1;
    SrvPool *p = calloc(1, sizeof *p + (size_t)threads * sizeof p->threads[0]);
    if (!p)
        return NULL;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work, NULL);
    if (!(p->wake = srv_wake_new(s, deliver, p))) {
        srv_pool_free(p);
        return NULL;
    }
    for (; p->nthreads < threads; p->nthreads++)
        if (pthread_create(&p->threads[p->nthreads], NULL, worker, p) != 0) {
            srv_pool_free(p);
            return NULL;
        }
    return p;
}

void srv_pool_submit(SrvPool *p, SrvTask *t)
{
    t->next = NULL;
    pthread_mutex_lock(&p->lock);
    if (p->todo_tail)
        p->todo_tail->next = t;
    else
        p->todo = t;
    p->todo_tail = t;
    pthread_cond_signal(&p->work);
    pthread_mutex_unlock(&p->lock);
}

/* Every task of a list, not delivered. */
static void drop_all(SrvTask *t)
{
    while (t) {
        SrvTask *next = t->next;
        t->done(t, false);
        t = next;
    }
}

void srv_pool_free(SrvPool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->stopping = true;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->nthreads; i++)
        pthread_join(p->threads[i], NULL);
    drop_all(p->todo);
    drop_all(p->ran);
    srv_wake_free(p->wake);
    pthread_cond_destroy(&p->work);
    pthread_mutex_destroy(&p->lock);
    free(p);
}
