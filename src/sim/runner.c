/*
 * runner.c — a run's games shared among threads (sim_run).
 *
 * The games are cut into chunks of consecutive indices; each worker thread
 * takes the next chunk, plays it into its own summary and, when the caller
 * wants the rows, into a slot of a ring that the calling thread empties in
 * index order. A worker waits rather than run more than RING chunks ahead of
 * the rows written, so memory stays bounded whatever the number of games.
 * The calling thread also reports progress. Summaries are merged at the end
 * (integers: the order does not matter).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim/sim.h"

#define CHUNK 1024
#define RING_PER_THREAD 4

typedef struct Slot {
    uint64_t chunk;          /* which chunk it holds */
    int n;                   /* records in it */
    bool ready;
    UnoSimRecord *rows;      /* CHUNK records */
} Slot;

typedef struct Shared {
    const UnoSimRun *run;
    uint64_t nchunks;
    pthread_mutex_t mu;
    pthread_cond_t wake_main, wake_workers;
    uint64_t next;           /* the next chunk to hand out */
    uint64_t written;        /* chunks the calling thread has taken the rows of */
    uint64_t done_games;
    int running;             /* workers still working */
    Slot *ring;              /* rows wanted: nring slots */
    int nring;
    int failed;
    char err[UNO_ERR_LEN * 2];
} Shared;

/* Each worker adds every game into its summary: aligned to cache lines, so
 * that no line holds two workers' counters (two threads writing one line
 * would pass it back and forth between their cores at every game). */
#define CACHE_LINE 64
typedef struct Worker {
    _Alignas(CACHE_LINE) UnoSimSummary summary;
    Shared *sh;
    pthread_t thread;
} Worker;

static void fail_run(Shared *sh, const char *msg)
{
    if (!sh->failed) {
        sh->failed = 1;
        snprintf(sh->err, sizeof sh->err, "%s", msg);
    }
    pthread_cond_broadcast(&sh->wake_workers);
    pthread_cond_broadcast(&sh->wake_main);
}

/* Takes the next chunk; false when there is none left (or the run failed). */
static bool claim(Shared *sh, uint64_t *chunk)
{
    pthread_mutex_lock(&sh->mu);
    while (sh->ring && !sh->failed && sh->next < sh->nchunks &&
           sh->next >= sh->written + (uint64_t)sh->nring)
        pthread_cond_wait(&sh->wake_workers, &sh->mu);
    bool got = !sh->failed && sh->next < sh->nchunks;
    if (got)
        *chunk = sh->next++;
    pthread_mutex_unlock(&sh->mu);
    return got;
}

static void *work(void *arg)
{
    Worker *wk = arg;
    Shared *sh = wk->sh;
    const UnoSimRun *run = sh->run;
    char err[UNO_ERR_LEN * 2];
    UnoSimWorker *w = sim_worker_new(run->config, err, sizeof err);
    uint64_t chunk;
    while (w && claim(sh, &chunk)) {
        uint64_t first = run->begin + chunk * CHUNK;
        uint64_t last = first + CHUNK < run->end ? first + CHUNK : run->end;
        Slot *slot = sh->ring ? &sh->ring[chunk % (uint64_t)sh->nring] : NULL;
        UnoSimRecord one;
        int n = 0;
        for (uint64_t i = first; i < last; i++, n++) {
            UnoSimRecord *r = slot ? &slot->rows[n] : &one;
            if (sim_play(w, i, r, err, sizeof err) != UNO_OK) {
                pthread_mutex_lock(&sh->mu);
                fail_run(sh, err);
                pthread_mutex_unlock(&sh->mu);
                break;
            }
            sim_summary_add(&wk->summary, run->config, r);
        }
        pthread_mutex_lock(&sh->mu);
        sh->done_games += (uint64_t)n;
        if (slot) { /* the calling thread writes it (otherwise it wakes on its tick) */
            slot->chunk = chunk;
            slot->n = n;
            slot->ready = true;
            pthread_cond_broadcast(&sh->wake_main);
        }
        pthread_mutex_unlock(&sh->mu);
    }
    pthread_mutex_lock(&sh->mu);
    if (!w)
        fail_run(sh, err);
    sh->running--;
    pthread_cond_broadcast(&sh->wake_main);
    pthread_mutex_unlock(&sh->mu);
    sim_worker_free(w);
    return NULL;
}

static void deadline_in(struct timespec *ts, long ms)
{
    clock_gettime(CLOCK_REALTIME, ts);
    ts->tv_nsec += ms * 1000000L;
    ts->tv_sec += ts->tv_nsec / 1000000000L;
    ts->tv_nsec %= 1000000000L;
}

static bool passed(const struct timespec *deadline)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    return now.tv_sec > deadline->tv_sec ||
           (now.tv_sec == deadline->tv_sec && now.tv_nsec >= deadline->tv_nsec);
}

/* The calling thread: rows in order, progress, until the workers are done. */
static void supervise(Shared *sh)
{
    const UnoSimRun *run = sh->run;
    uint64_t total = run->end - run->begin;
    struct timespec tick;
    deadline_in(&tick, 200);
    pthread_mutex_lock(&sh->mu);
    for (;;) {
        if (sh->ring && !sh->failed) {
            Slot *slot = &sh->ring[sh->written % (uint64_t)sh->nring];
            if (sh->written < sh->nchunks && slot->ready && slot->chunk == sh->written) {
                pthread_mutex_unlock(&sh->mu);
                run->rows(run->ctx, slot->rows, slot->n);
                pthread_mutex_lock(&sh->mu);
                slot->ready = false;
                sh->written++;
                pthread_cond_broadcast(&sh->wake_workers);
                continue;
            }
        }
        if (sh->running == 0)
            break;
        pthread_cond_timedwait(&sh->wake_main, &sh->mu, &tick);
        if (passed(&tick)) {
            deadline_in(&tick, 200);
            uint64_t done = sh->done_games;
            if (run->progress) {
                pthread_mutex_unlock(&sh->mu);
                run->progress(run->ctx, done, total);
                pthread_mutex_lock(&sh->mu);
            }
        }
    }
    pthread_mutex_unlock(&sh->mu);
    if (run->progress && !sh->failed)
        run->progress(run->ctx, total, total);
}

static uint64_t chunks_of(uint64_t games) { return (games + CHUNK - 1) / CHUNK; }

int sim_threads_for(uint64_t games, int threads)
{
    uint64_t chunks = chunks_of(games);
    if (threads < 1)
        threads = 1;
    if ((uint64_t)threads > chunks)
        threads = chunks ? (int)chunks : 1;
    return threads;
}

int sim_run(const UnoSimRun *run, UnoSimSummary *out, char *err, size_t errlen)
{
    Shared sh;
    memset(&sh, 0, sizeof sh);
    sh.run = run;
    sh.nchunks = chunks_of(run->end - run->begin);
    int nthreads = sim_threads_for(run->end - run->begin, run->threads);
    pthread_mutex_init(&sh.mu, NULL);
    pthread_cond_init(&sh.wake_main, NULL);
    pthread_cond_init(&sh.wake_workers, NULL);
    Worker *workers = aligned_alloc(CACHE_LINE, (size_t)nthreads * sizeof *workers);
    bool ok = workers != NULL;
    if (ok)
        memset(workers, 0, (size_t)nthreads * sizeof *workers);
    if (ok && run->rows) {
        sh.nring = nthreads * RING_PER_THREAD;
        sh.ring = calloc((size_t)sh.nring, sizeof *sh.ring);
        ok = sh.ring != NULL;
        for (int i = 0; ok && i < sh.nring; i++)
            ok = (sh.ring[i].rows = malloc(CHUNK * sizeof(UnoSimRecord))) != NULL;
    }
    int started = 0;
    for (; ok && started < nthreads; started++) {
        workers[started].sh = &sh;
        sim_summary_init(&workers[started].summary);
        pthread_mutex_lock(&sh.mu);
        sh.running++;
        pthread_mutex_unlock(&sh.mu);
        if (pthread_create(&workers[started].thread, NULL, work, &workers[started]) != 0) {
            pthread_mutex_lock(&sh.mu);
            sh.running--;
            fail_run(&sh, "cannot start a thread");
            pthread_mutex_unlock(&sh.mu);
            break;
        }
    }
    if (!ok)
        snprintf(sh.err, sizeof sh.err, "out of memory"), sh.failed = 1;
    else
        supervise(&sh);
    for (int i = 0; i < started; i++) {
        pthread_join(workers[i].thread, NULL);
        sim_summary_merge(out, &workers[i].summary);
    }
    for (int i = 0; sh.ring && i < sh.nring; i++)
        free(sh.ring[i].rows);
    free(sh.ring);
    free(workers);
    pthread_cond_destroy(&sh.wake_workers);
    pthread_cond_destroy(&sh.wake_main);
    pthread_mutex_destroy(&sh.mu);
    if (sh.failed) {
        snprintf(err, errlen, "%s", sh.err);
        return UNO_E_ILLEGAL;
    }
    return UNO_OK;
}
