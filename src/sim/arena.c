/*
 * arena.c — duplicate deals between bots, places, ratings (arena.h).
 *
 * Threads take the deals in turn (thread t plays deals t, t + T, ...), each
 * with one simulation worker per rotation of the lineup, and write every
 * game's places into the result's own slots; the figures are computed from
 * the slots afterwards, so they do not depend on the threads.
 */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim/arena.h"

#define RATING_ITERATIONS 500
/* Per-deal pair tables kept for the bootstrap, at most (floats). */
#define PAIRS_MAX (64u << 20)

int sim_arena_position(int nplayers, int rotation, int seat)
{
    return ((seat - rotation) % nplayers + nplayers) % nplayers;
}

typedef struct Shared {
    const UnoArenaConfig *c;
    UnoArenaResult *r;
    atomic_ullong games_done;
    atomic_int failed;
    pthread_mutex_t mu;
    char err[UNO_ERR_LEN * 2];
} Shared;

typedef struct Thread {
    Shared *sh;
    int index, count;
    pthread_t thread;
} Thread;

/* Twice each seat's place, from the ranks (arena.h "Places"). */
static void places_of(const int8_t *ranks, int n, uint16_t *places2)
{
    int key[UNO_MAX_PLAYERS];
    for (int s = 0; s < n; s++)
        key[s] = ranks[s] > 0 ? ranks[s] : ranks[s] == 0 ? 1000 : 2000;
    for (int s = 0; s < n; s++) {
        int better = 0, same = 0;
        for (int o = 0; o < n; o++) {
            better += key[o] < key[s];
            same += key[o] == key[s];
        }
        places2[s] = (uint16_t)(2 * better + 1 + same); /* first + last of the shared places */
    }
}

static void fail_arena(Shared *sh, const char *msg)
{
    pthread_mutex_lock(&sh->mu);
    if (!atomic_load(&sh->failed))
        snprintf(sh->err, sizeof sh->err, "%s", msg);
    atomic_store(&sh->failed, 1);
    pthread_mutex_unlock(&sh->mu);
}

static void *play_deals(void *arg)
{
    Thread *t = arg;
    Shared *sh = t->sh;
    const UnoArenaConfig *c = sh->c;
    int n = c->sim.nplayers;
    UnoSimWorker *workers[UNO_MAX_PLAYERS] = {0};
    char err[UNO_ERR_LEN * 2];
    for (int rot = 0; rot < n && !atomic_load(&sh->failed); rot++) {
        UnoSimConfig sc = c->sim;
        for (int seat = 0; seat < n; seat++) {
            int pos = sim_arena_position(n, rot, seat);
            sc.bots[seat] = c->sim.bots[pos];
            sc.params[seat] = c->sim.params[pos];
        }
        if (!(workers[rot] = sim_worker_new(&sc, err, UNO_ERR_LEN)))
            fail_arena(sh, err);
    }
    for (uint64_t d = (uint64_t)t->index; d < c->deals && !atomic_load(&sh->failed); d += (uint64_t)t->count)
        for (int rot = 0; rot < n; rot++) {
            UnoSimRecord rec;
            if (sim_play(workers[rot], d, &rec, err, sizeof err) != UNO_OK) {
                fail_arena(sh, err);
                break;
            }
            places_of(rec.ranks, n, &sh->r->places2[(d * (uint64_t)n + (uint64_t)rot) * (uint64_t)n]);
            sh->r->failed[d * (uint64_t)n + (uint64_t)rot] = rec.failed;
            atomic_fetch_add(&sh->games_done, 1);
        }
    for (int rot = 0; rot < n; rot++)
        sim_worker_free(workers[rot]);
    return NULL;
}

static void entrants_of(const UnoArenaConfig *c, UnoArenaResult *r)
{
    for (int pos = 0; pos < c->sim.nplayers; pos++) {
        int e = 0;
        while (e < r->nentrants && strcmp(r->entrants[e].name, c->names[pos]) != 0)
            e++;
        if (e == r->nentrants)
            snprintf(r->entrants[r->nentrants++].name, UNO_ARENA_NAME_LEN, "%s", c->names[pos]);
        r->entrants[e].seats++;
        r->entrant_of[pos] = e;
    }
}

static const uint16_t *game_places(const UnoArenaResult *r, uint64_t deal, int rot)
{
    return &r->places2[(deal * (uint64_t)r->nplayers + (uint64_t)rot) * (uint64_t)r->nplayers];
}

static uint32_t game_failed(const UnoArenaResult *r, uint64_t deal, int rot)
{
    return r->failed[deal * (uint64_t)r->nplayers + (uint64_t)rot];
}

/* A game with a failed program: counted for the entrants whose program
 * failed, left out of the figures (arena.h "Failures"). */
static void count_failure(UnoArenaResult *r, int rot, uint32_t failed)
{
    bool failed_entrant[UNO_MAX_PLAYERS] = {false};
    for (int seat = 0; seat < r->nplayers; seat++)
        if (failed >> seat & 1)
            failed_entrant[r->entrant_of[sim_arena_position(r->nplayers, rot, seat)]] = true;
    for (int i = 0; i < r->nentrants; i++)
        r->entrants[i].failed_games += failed_entrant[i];
    r->games_left_out++;
}

static void win_and_place(UnoArenaResult *r)
{
    int n = r->nplayers;
    double sum[UNO_MAX_PLAYERS] = {0}, sum2[UNO_MAX_PLAYERS] = {0};
    for (uint64_t d = 0; d < r->deals; d++)
        for (int rot = 0; rot < n; rot++) {
            uint32_t failed = game_failed(r, d, rot);
            if (failed) {
                count_failure(r, rot, failed);
                continue;
            }
            const uint16_t *p = game_places(r, d, rot);
            for (int seat = 0; seat < n; seat++) {
                UnoArenaEntrant *e = &r->entrants[r->entrant_of[sim_arena_position(n, rot, seat)]];
                double place = p[seat] / 2.0;
                e->seat_games++;
                e->wins += p[seat] == 2;
                sum[e - r->entrants] += place;
                sum2[e - r->entrants] += place * place;
            }
        }
    for (int i = 0; i < r->nentrants; i++) {
        UnoArenaEntrant *e = &r->entrants[i];
        double k = (double)e->seat_games, mean = k > 0 ? sum[i] / k : 0; /* 0: every game left out */
        double var = k > 1 ? (sum2[i] - k * mean * mean) / (k - 1) : 0;
        double half = 1.959964 * sqrt(var > 0 ? var / k : 0);
        e->place = mean;
        e->place_lo = mean - half;
        e->place_hi = mean + half;
        sim_wilson(e->wins, e->seat_games, &e->win_lo, &e->win_hi);
    }
}

/* One deal's pairwise results: pairs[a * E + b] += wins of a over b. */
static void deal_pairs(const UnoArenaResult *r, uint64_t d, float *pairs)
{
    int n = r->nplayers, ne = r->nentrants;
    for (int rot = 0; rot < n; rot++) {
        if (game_failed(r, d, rot))
            continue;
        const uint16_t *p = game_places(r, d, rot);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                int a = r->entrant_of[sim_arena_position(n, rot, i)];
                int b = r->entrant_of[sim_arena_position(n, rot, j)];
                if (a != b)
                    pairs[a * ne + b] += p[i] < p[j] ? 1.0f : p[i] == p[j] ? 0.5f : 0.0f;
            }
    }
}

/* Bradley-Terry ratings on the Elo scale from pairwise wins (arena.h). */
static void fit_ratings(const double *wins, int ne, double *rating)
{
    double w[UNO_MAX_PLAYERS * UNO_MAX_PLAYERS], gamma[UNO_MAX_PLAYERS];
    for (int a = 0; a < ne; a++) {
        gamma[a] = 1;
        for (int b = 0; b < ne; b++)
            w[a * ne + b] = a == b ? 0 : wins[a * ne + b] + 0.5; /* the prior: one drawn game */
    }
    for (int it = 0; it < RATING_ITERATIONS; it++) {
        double log_mean = 0;
        for (int a = 0; a < ne; a++) {
            double won = 0, denom = 0;
            for (int b = 0; b < ne; b++)
                if (b != a) {
                    won += w[a * ne + b];
                    denom += (w[a * ne + b] + w[b * ne + a]) / (gamma[a] + gamma[b]);
                }
            gamma[a] = won / denom;
        }
        for (int a = 0; a < ne; a++)
            log_mean += log(gamma[a]) / ne;
        for (int a = 0; a < ne; a++)
            gamma[a] /= exp(log_mean);
    }
    for (int a = 0; a < ne; a++)
        rating[a] = 1500 + 400 * log10(gamma[a]);
}

static int compare_doubles(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static int ratings(UnoArenaResult *r, uint64_t seed)
{
    int ne = r->nentrants;
    size_t cells = (size_t)ne * (size_t)ne;
    double total[UNO_MAX_PLAYERS * UNO_MAX_PLAYERS] = {0}, rating[UNO_MAX_PLAYERS];
    bool bootstrap = r->deals * cells <= PAIRS_MAX;
    float *pairs = bootstrap ? calloc(r->deals * cells, sizeof *pairs) : calloc(cells, sizeof *pairs);
    double *samples = malloc((size_t)UNO_ARENA_BOOTSTRAP * (size_t)ne * sizeof *samples);
    if (!pairs || !samples) {
        free(pairs);
        free(samples);
        return UNO_E_BAD_REQUEST;
    }
    for (uint64_t d = 0; d < r->deals; d++) {
        float *mine = bootstrap ? pairs + d * cells : pairs;
        if (!bootstrap)
            memset(mine, 0, cells * sizeof *mine);
        deal_pairs(r, d, mine);
        for (size_t k = 0; k < cells; k++)
            total[k] += mine[k];
    }
    fit_ratings(total, ne, rating);
    for (int a = 0; a < ne; a++)
        r->entrants[a].rating = r->entrants[a].rating_lo = r->entrants[a].rating_hi = rating[a];
    UnoRng rng;
    uno_rng_seed(&rng, seed ^ 0xa4e4aULL);
    for (int b = 0; bootstrap && b < UNO_ARENA_BOOTSTRAP; b++) {
        double resampled[UNO_MAX_PLAYERS * UNO_MAX_PLAYERS] = {0};
        for (uint64_t i = 0; i < r->deals; i++) {
            const float *p = pairs + (uint64_t)uno_rng_below(&rng, (uint32_t)r->deals) * cells;
            for (size_t k = 0; k < cells; k++)
                resampled[k] += p[k];
        }
        fit_ratings(resampled, ne, rating);
        for (int a = 0; a < ne; a++)
            samples[a * UNO_ARENA_BOOTSTRAP + b] = rating[a];
    }
    for (int a = 0; bootstrap && a < ne; a++) {
        double *s = samples + a * UNO_ARENA_BOOTSTRAP;
        qsort(s, UNO_ARENA_BOOTSTRAP, sizeof *s, compare_doubles);
        r->entrants[a].rating_lo = s[UNO_ARENA_BOOTSTRAP * 25 / 1000];
        r->entrants[a].rating_hi = s[UNO_ARENA_BOOTSTRAP * 975 / 1000 - 1];
    }
    free(pairs);
    free(samples);
    return UNO_OK;
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t0->tv_sec) + (double)(now.tv_nsec - t0->tv_nsec) / 1e9;
}

int sim_arena_run(const UnoArenaConfig *c, UnoArenaResult *r, char *err, size_t errlen)
{
    int n = c->sim.nplayers, nthreads = c->threads > 0 ? c->threads : 1;
    memset(r, 0, sizeof *r);
    r->nplayers = n;
    r->deals = c->deals;
    entrants_of(c, r);
    if (r->nentrants < 2) {
        snprintf(err, errlen, "an arena needs two different bots in the lineup");
        return UNO_E_BAD_REQUEST;
    }
    uint64_t games = c->deals * (uint64_t)n;
    r->places2 = calloc(games * (uint64_t)n, sizeof *r->places2);
    r->failed = calloc(games, sizeof *r->failed);
    Thread *threads = calloc((size_t)nthreads, sizeof *threads);
    if (!r->places2 || !r->failed || !threads) {
        free(threads);
        snprintf(err, errlen, "out of memory");
        return UNO_E_BAD_REQUEST;
    }
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    Shared sh = {.c = c, .r = r};
    pthread_mutex_init(&sh.mu, NULL);
    int started = 0;
    for (; started < nthreads; started++) {
        threads[started] = (Thread){.sh = &sh, .index = started, .count = nthreads};
        if (pthread_create(&threads[started].thread, NULL, play_deals, &threads[started]) != 0)
            break;
    }
    if (started < nthreads) /* the deals of threads not started: nobody plays them */
        fail_arena(&sh, "could not start the threads");
    for (uint64_t done; (done = atomic_load(&sh.games_done)) < games && !atomic_load(&sh.failed);) {
        if (c->progress)
            c->progress(c->progress_ctx, done, games);
        nanosleep(&(struct timespec){.tv_nsec = 100000000}, NULL);
    }
    for (int t = 0; t < started; t++)
        pthread_join(threads[t].thread, NULL);
    free(threads);
    pthread_mutex_destroy(&sh.mu);
    if (atomic_load(&sh.failed)) {
        snprintf(err, errlen, "%s", sh.err);
        return UNO_E_ILLEGAL;
    }
    if (c->progress)
        c->progress(c->progress_ctx, games, games);
    r->seconds = seconds_since(&start);
    win_and_place(r);
    if (ratings(r, c->sim.seed) != UNO_OK) {
        snprintf(err, errlen, "out of memory");
        return UNO_E_BAD_REQUEST;
    }
    return UNO_OK;
}

void sim_arena_result_free(UnoArenaResult *r)
{
    free(r->places2);
    free(r->failed);
    r->places2 = NULL;
    r->failed = NULL;
}
