/*
 * vec.c — unobook._unobook.VecEnv: many games stepped at once in C, each
 * step writing every game's observation, action mask, per-seat rewards,
 * done flag, reset flag and agent to act into buffers bound once (the
 * Python class unobook.VecEnv makes them). docs/python.md "The batched
 * environment" is its contract.
 *
 * What stays true:
 *  - Each game is a table (table.h) asked as the AEC environment asks its
 *    seats (out_of_turn "offer" or "none"), with the same ids and WAIT.
 *  - A step checks every game's action before it changes any: a bad one
 *    raises ValueError naming the game, and nothing is stepped.
 *  - The seats of `opponents` are played by the project's bots
 *    (opponents.h) inside the step: they are asked where an agent would
 *    be, and a step returns only when an agent's seat is asked or the game
 *    ends. Their actions count towards max_steps.
 *  - Autoreset is Gymnasium's NEXT_STEP: a game that ended in a step is
 *    dealt anew by the next one, whose action for it is ignored, and its
 *    reset flag says so.
 *  - The games are stepped without the GIL (the buffers stay bound to the
 *    object, which holds them), on `threads` threads that take the games a
 *    chunk at a time (about an eighth of a thread's share) until none is
 *    left, so that a thread the machine holds up leaves its games to the
 *    others. A game's step reads and writes its own slot and rows alone,
 *    so the results are the same game by game whatever the count of
 *    threads.
 */
#include "python/module.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#include "python/opponents.h"
#include "python/table.h"

/* One game of the batch and the seats it asks: what a step reads and
 * writes first, the deal's and the bots' generators last. */
typedef struct Slot {
    int queue[UNO_MAX_PLAYERS];   /* the seats to ask: out of turn first, the seat in turn last */
    int nqueue, asked;            /* asked: the queue's entry asked now */
    int steps;
    int agent;                    /* the agent's seat asked (at the end: the last one asked) */
    bool ended;                   /* dealt anew at the next step */
    bool wait;                    /* this step's action is WAIT */
    UnobookMaskIds mask_ids;      /* the ids its mask holds set (none known at first: cleared whole) */
    UnoAction chosen;             /* this step's action (checked before any is applied) */
    UnobookTable table;
    UnoRng deals;                 /* the seeds of its games */
    uint64_t game_seed;           /* the game it plays now */
    UnoRng bots[UNO_MAX_PLAYERS]; /* the opponents' generators, seeded at each deal */
} Slot;

/* One thread of a step: its own view for the opponents' bots to choose
 * from (a UnoView is large: one a thread), and its failure. */
typedef struct Worker {
    struct VecObject *self;
    pthread_t thread;
    bool spawned;                 /* run on a thread of its own (else by the caller) */
    UnoView view;
    UnoStatus status;
    int failed;                   /* the game that failed, when status is not UNO_OK */
    char err[UNO_ERR_LEN];
} Worker;

#define VEC_MAX_THREADS 256
enum { CHUNKS_PER_THREAD = 8 };

enum { BUF_OBS, BUF_MASKS, BUF_REWARDS, BUF_DONES, BUF_RESETS, BUF_AGENTS, NBUF };
static const char *const buffer_names[NBUF] = {"observations", "masks", "rewards", "dones", "resets", "agents"};

typedef struct VecObject {
    PyObject_HEAD
    int num_envs, nplayers, ids, obs_size;  /* ids: the game's and WAIT */
    UnoRules rules;
    long think_ms;
    int max_steps;
    bool offer;
    UnobookLineup lineup;         /* the seats the bots play */
    Slot *slots;
    Worker *workers;              /* the threads of a step, the caller's first */
    int nworkers;
    int chunk;                    /* games a thread takes at a time */
    atomic_long next;             /* the step's first game no thread has taken */
    bool deal_all;                /* the step is reset(): every game dealt anew */
    Py_buffer bufs[NBUF];
    bool bound[NBUF];
} VecObject;

#define VEC(o) ((VecObject *)(o))

static void vec_dealloc(PyObject *o)
{
    VecObject *self = VEC(o);
    for (int i = 0; self->slots && i < self->num_envs; i++)
        unobook_table_free(&self->slots[i].table);
    PyMem_Free(self->slots);
    PyMem_Free(self->workers);
    for (int b = 0; b < NBUF; b++)
        if (self->bound[b])
            PyBuffer_Release(&self->bufs[b]);
    Py_TYPE(o)->tp_free(o);
}

/* Binds buffer b: writable, contiguous, with room for `items` of `size`. */
static int bind(VecObject *self, int b, PyObject *obj, Py_ssize_t items, Py_ssize_t size)
{
    if (PyObject_GetBuffer(obj, &self->bufs[b], PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    self->bound[b] = true;
    if (self->bufs[b].len < items * size) {
        PyErr_Format(PyExc_ValueError, "%s needs %zd bytes (%zd items of %zd), the buffer has %zd",
                     buffer_names[b], items * size, items, size, self->bufs[b].len);
        return -1;
    }
    return 0;
}

static int vec_init(PyObject *o, PyObject *args, PyObject *kwargs)
{
    static char *names[] = {"num_envs", "rules", "players", "seed", "options", "out_of_turn", "max_steps",
                            "think_ms", "threads", "opponents", "observations", "masks", "rewards", "dones", "resets",
                            "agents", NULL};
    VecObject *self = VEC(o);
    const char *rules_name, *out_of_turn;
    int num_envs, players, max_steps, threads;
    unsigned long long seed;
    long think_ms;
    PyObject *options, *opponents, *bufs[NBUF];
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "isiKOsiliOOOOOOO:VecEnv", names, &num_envs, &rules_name,
                                     &players, &seed, &options, &out_of_turn, &max_steps, &think_ms, &threads,
                                     &opponents, &bufs[0], &bufs[1], &bufs[2], &bufs[3], &bufs[4], &bufs[5]))
        return -1;
    if (self->slots || self->bound[0]) {
        PyErr_SetString(PyExc_RuntimeError, "a VecEnv is made once");
        return -1;
    }
    if (num_envs < 1) {
        PyErr_Format(PyExc_ValueError, "num_envs must be 1 or more, not %d", num_envs);
        return -1;
    }
    if (strcmp(out_of_turn, "offer") != 0 && strcmp(out_of_turn, "none") != 0) {
        PyErr_Format(PyExc_ValueError, "out_of_turn must be 'offer' or 'none', not '%s'", out_of_turn);
        return -1;
    }
    if (max_steps < 1) {
        PyErr_Format(PyExc_ValueError, "max_steps must be 1 or more, not %d", max_steps);
        return -1;
    }
    if (threads < 1 || threads > VEC_MAX_THREADS) {
        PyErr_Format(PyExc_ValueError, "threads must be 1 to %d, not %d", VEC_MAX_THREADS, threads);
        return -1;
    }
    if (unobook_rules_arg(rules_name, options, players, think_ms, &self->rules) < 0 ||
        unobook_lineup_arg(opponents, players, &self->lineup) < 0)
        return -1;
    self->num_envs = num_envs;
    self->nplayers = players;
    self->ids = unobook_num_actions(players) + 1;
    self->obs_size = unobook_observation_size(players);
    self->think_ms = think_ms;
    self->max_steps = max_steps;
    self->offer = out_of_turn[0] == 'o';
    const Py_ssize_t items[NBUF] = {(Py_ssize_t)num_envs * self->obs_size, (Py_ssize_t)num_envs * self->ids,
                                    (Py_ssize_t)num_envs * players, num_envs, num_envs, num_envs};
    const Py_ssize_t sizes[NBUF] = {sizeof(float), 1, sizeof(float), 1, 1, sizeof(int32_t)};
    for (int b = 0; b < NBUF; b++)
        if (bind(self, b, bufs[b], items[b], sizes[b]) < 0)
            return -1;
    self->nworkers = threads < num_envs ? threads : num_envs;
    self->slots = PyMem_Calloc((size_t)num_envs, sizeof *self->slots);
    self->workers = PyMem_Calloc((size_t)self->nworkers, sizeof *self->workers);
    if (!self->slots || !self->workers) {
        PyErr_NoMemory();
        return -1;
    }
    for (int w = 0; w < self->nworkers; w++)
        self->workers[w].self = self;
    self->chunk = num_envs / (CHUNKS_PER_THREAD * self->nworkers);
    if (self->chunk < 1)
        self->chunk = 1;
    UnoRng seeds;
    uno_rng_seed(&seeds, seed);
    for (int i = 0; i < num_envs; i++) {
        uno_rng_seed(&self->slots[i].deals, uno_rng_next(&seeds));
        self->slots[i].ended = true; /* dealt by reset() */
        if (unobook_lineup_records(&self->lineup, players, &self->slots[i].table) != UNO_OK) {
            PyErr_NoMemory();
            return -1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------ one game */

static bool offered_out_of_turn(const Slot *s, int seat)
{
    return s->nqueue - s->asked > 1 && s->queue[s->asked] == seat;
}

/* Asks the seats anew after an action: UNO_OK or UNO_E_NOMEM. */
static UnoStatus ask_anew(VecObject *self, Slot *s)
{
    s->asked = 0;
    if (self->offer) {
        s->nqueue = unobook_table_deciders(&s->table, s->queue);
        return s->nqueue < 0 ? UNO_E_NOMEM : UNO_OK;
    }
    s->queue[0] = uno_game_turn(s->table.game);
    s->nqueue = 1;
    return UNO_OK;
}

/* Writes game i's agent, observation and mask. */
static UnoStatus write_view(VecObject *self, int i)
{
    Slot *s = &self->slots[i];
    if (!s->ended)
        s->agent = s->queue[s->asked];
    int seat = s->agent;
    uint8_t *mask = (uint8_t *)self->bufs[BUF_MASKS].buf + (size_t)i * (size_t)self->ids;
    ((int32_t *)self->bufs[BUF_AGENTS].buf)[i] = seat;
    float *obs = (float *)self->bufs[BUF_OBS].buf + (size_t)i * (size_t)self->obs_size;
    if (unobook_table_observe(&s->table, seat, obs) != UNO_OK)
        return UNO_E_NOMEM;
    static const UnobookLegal none;
    bool done = ((uint8_t *)self->bufs[BUF_DONES].buf)[i];
    const UnobookLegal *legal = done ? &none : unobook_table_legal(&s->table, seat); /* kept by observe */
    unobook_mask_rewrite(mask, self->ids - 1, legal, &s->mask_ids);
    mask[self->ids - 1] = !done && offered_out_of_turn(s, seat);
    return UNO_OK;
}

static UnoStatus deal(VecObject *self, int i, char *err, size_t errlen)
{
    Slot *s = &self->slots[i];
    s->game_seed = uno_rng_next(&s->deals);
    UnoStatus rc = unobook_table_deal(&s->table, &self->rules, self->nplayers, s->game_seed, self->think_ms, err, errlen);
    if (rc != UNO_OK)
        return rc;
    for (int seat = 0; seat < self->nplayers; seat++)
        uno_rng_seed(&s->bots[seat], unobook_bot_seed(s->game_seed, seat));
    s->steps = 0;
    s->ended = false;
    ((uint8_t *)self->bufs[BUF_DONES].buf)[i] = 0;
    ((uint8_t *)self->bufs[BUF_RESETS].buf)[i] = 1;
    return ask_anew(self, s);
}

/* Game i after an action of any seat's: ended (over: the rewards
 * written; or max_steps), or its seats asked anew. */
static UnoStatus moved_on(VecObject *self, int i)
{
    Slot *s = &self->slots[i];
    uint8_t *done = (uint8_t *)self->bufs[BUF_DONES].buf + i;
    s->steps++;
    if (uno_game_over(s->table.game)) {
        unobook_table_rewards(&s->table, (float *)self->bufs[BUF_REWARDS].buf + (size_t)i * (size_t)self->nplayers);
        *done = 1;
    } else if (s->steps >= self->max_steps) {
        *done = 2;
    }
    s->ended = *done != 0;
    return s->ended ? UNO_OK : ask_anew(self, s);
}

/* The opponents of game i act, each asked in the queue's order, until an
 * agent's seat is asked or the game ends. */
static UnoStatus play_opponents(VecObject *self, int i, UnoView *view, char *err, size_t errlen)
{
    Slot *s = &self->slots[i];
    UnoStatus rc = UNO_OK;
    int seat;
    while (rc == UNO_OK && !s->ended && self->lineup.plays[seat = s->queue[s->asked]]) {
        UnoAction a;
        int acted = unobook_bot_choose(&self->lineup.bots[seat], &s->table, seat, view, &s->bots[seat], &a);
        if (acted < 0) {
            rc = UNO_E_NOMEM;
        } else if (acted) {
            if ((rc = unobook_table_play(&s->table, &a, err, errlen)) == UNO_OK)
                rc = moved_on(self, i);
        } else if (++s->asked == s->nqueue) {
            snprintf(err, errlen, "game %d: seat %d's bot did nothing in its turn", i, seat);
            rc = UNO_E_ILLEGAL;
        }
    }
    return rc;
}

/* Game i's step with its checked action (or its deal, when it ended), then
 * its opponents', whose bots choose from views built in `view`. */
static UnoStatus step_one(VecObject *self, int i, UnoView *view, char *err, size_t errlen)
{
    Slot *s = &self->slots[i];
    memset((float *)self->bufs[BUF_REWARDS].buf + (size_t)i * (size_t)self->nplayers, 0,
           (size_t)self->nplayers * sizeof(float));
    ((uint8_t *)self->bufs[BUF_RESETS].buf)[i] = 0;
    UnoStatus rc = UNO_OK;
    if (s->ended)
        rc = deal(self, i, err, errlen);
    else if (s->wait)
        s->asked++;
    else if ((rc = unobook_table_play(&s->table, &s->chosen, err, errlen)) == UNO_OK)
        rc = moved_on(self, i);
    if (rc == UNO_OK)
        rc = play_opponents(self, i, view, err, errlen);
    return rc == UNO_OK ? write_view(self, i) : rc;
}

/* Steps the games not yet taken, a chunk at a time, until none is left or
 * one fails (a pthread start routine). */
static void *step_chunks(void *arg)
{
    Worker *w = arg;
    VecObject *self = w->self;
    w->status = UNO_OK;
    long first;
    while (w->status == UNO_OK && (first = atomic_fetch_add(&self->next, self->chunk)) < self->num_envs) {
        int end = first + self->chunk < self->num_envs ? (int)first + self->chunk : self->num_envs;
        for (int i = (int)first; w->status == UNO_OK && i < end; i++) {
            if (self->deal_all) { /* every buffer written whole */
                self->slots[i].ended = true;
                self->slots[i].mask_ids.known = false;
            }
            w->status = step_one(self, i, &w->view, w->err, sizeof w->err);
            if (w->status != UNO_OK)
                w->failed = i;
        }
    }
    return NULL;
}

/* Steps every game (deal_all: deals each anew) on the workers' threads and
 * the caller's; a worker whose thread cannot be started is run by the
 * caller after its own. Returns the worker whose failed game comes first,
 * or NULL. */
static const Worker *step_all(VecObject *self, bool deal_all)
{
    self->deal_all = deal_all;
    atomic_store(&self->next, 0);
    for (int w = 1; w < self->nworkers; w++)
        self->workers[w].spawned = pthread_create(&self->workers[w].thread, NULL, step_chunks, &self->workers[w]) == 0;
    step_chunks(&self->workers[0]);
    const Worker *failed = NULL;
    for (int w = 0; w < self->nworkers; w++) {
        const Worker *worker = &self->workers[w];
        if (w > 0 && worker->spawned)
            pthread_join(worker->thread, NULL);
        else if (w > 0)
            step_chunks(&self->workers[w]);
        if (worker->status != UNO_OK && (!failed || worker->failed < failed->failed))
            failed = worker;
    }
    return failed;
}

/* None, or the error of the worker that failed. */
static PyObject *stepped(const Worker *failed)
{
    if (!failed)
        Py_RETURN_NONE;
    return failed->status == UNO_E_NOMEM ? PyErr_NoMemory() : PyErr_Format(PyExc_RuntimeError, "%s", failed->err);
}

/* ------------------------------------------------------------- methods */

/* Whether __init__ made self's games: else an error is set. */
static bool made(const VecObject *self)
{
    if (!self->slots)
        PyErr_SetString(PyExc_RuntimeError, "the VecEnv was not made (its __init__ failed or was not called)");
    return self->slots != NULL;
}

static PyObject *vec_reset(PyObject *o, PyObject *unused)
{
    (void)unused;
    VecObject *self = VEC(o);
    if (!made(self))
        return NULL;
    const Worker *failed;
    Py_BEGIN_ALLOW_THREADS
    failed = step_all(self, true);
    Py_END_ALLOW_THREADS
    return stepped(failed);
}

/* The action of game i in a buffer of int32 or int64. */
static long long action_at(const Py_buffer *b, int i)
{
    return b->itemsize == 8 ? ((const int64_t *)b->buf)[i] : ((const int32_t *)b->buf)[i];
}

/* Checks game i's action and keeps it: 0, or -1 with ValueError. */
static int choose(VecObject *self, int i, long long id)
{
    Slot *s = &self->slots[i];
    if (s->ended)
        return 0;
    int seat = s->queue[s->asked];
    s->wait = id == self->ids - 1;
    if (s->wait && offered_out_of_turn(s, seat))
        return 0;
    const UnoAction *a = NULL;
    if (!s->wait && id >= 0 && id < self->ids - 1) {
        const UnobookLegal *legal = unobook_table_legal(&s->table, seat); /* kept from the last step */
        if (!legal) {
            PyErr_NoMemory();
            return -1;
        }
        a = unobook_legal_find(legal, (int)id);
    }
    if (!a) {
        PyErr_Format(PyExc_ValueError, "game %d: action %lld is not in seat %d's mask", i, id, seat);
        return -1;
    }
    s->chosen = *a;
    return 0;
}

static PyObject *vec_step(PyObject *o, PyObject *arg)
{
    VecObject *self = VEC(o);
    if (!made(self))
        return NULL;
    Py_buffer actions;
    if (PyObject_GetBuffer(arg, &actions, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return NULL;
    int rc = 0;
    char kind = actions.format ? actions.format[strlen(actions.format) - 1] : 'B';
    if ((actions.itemsize != 4 && actions.itemsize != 8) || !strchr("ilq", kind) ||
        actions.len < (Py_ssize_t)self->num_envs * actions.itemsize) {
        PyErr_Format(PyExc_ValueError, "actions must be %d signed integers of 32 or 64 bits", self->num_envs);
        rc = -1;
    }
    for (int i = 0; rc == 0 && i < self->num_envs; i++)
        rc = choose(self, i, action_at(&actions, i));
    PyBuffer_Release(&actions);
    if (rc < 0)
        return NULL;
    const Worker *failed;
    Py_BEGIN_ALLOW_THREADS
    failed = step_all(self, false);
    Py_END_ALLOW_THREADS
    return stepped(failed);
}

/* The ids a mask of n bytes allows, ascending, into ids[]: their count.
 * Masks are sparse: memchr leaps the runs of 0. */
static int masked_ids(const uint8_t *mask, int n, int ids[])
{
    int count = 0;
    for (const uint8_t *p = mask, *end = mask + n; (p = memchr(p, 1, (size_t)(end - p))) != NULL; p++)
        ids[count++] = (int)(p - mask);
    return count;
}

/* A uniformly random id of each game's mask into actions (int32), drawn
 * by a generator seeded with `seed`: a random player for tests and
 * measurements, which reads the masks alone. */
static PyObject *vec_random_actions(PyObject *o, PyObject *args)
{
    VecObject *self = VEC(o);
    PyObject *target;
    unsigned long long seed;
    if (!made(self) || !PyArg_ParseTuple(args, "OK:random_actions", &target, &seed))
        return NULL;
    Py_buffer out;
    if (PyObject_GetBuffer(target, &out, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    if (out.len < (Py_ssize_t)self->num_envs * 4) {
        PyBuffer_Release(&out);
        return PyErr_Format(PyExc_ValueError, "actions needs %d int32s", self->num_envs);
    }
    UnoRng rng;
    uno_rng_seed(&rng, seed);
    Py_BEGIN_ALLOW_THREADS
    for (int i = 0; i < self->num_envs; i++) {
        const uint8_t *mask = (const uint8_t *)self->bufs[BUF_MASKS].buf + (size_t)i * (size_t)self->ids;
        int ids[UNOBOOK_MAX_ACTIONS + 1], n = masked_ids(mask, self->ids, ids);
        ((int32_t *)out.buf)[i] = n ? ids[uno_rng_below(&rng, (uint32_t)n)] : 0;
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

static PyObject *seed_item(const void *ctx, Py_ssize_t i)
{
    return PyLong_FromUnsignedLongLong(((const Slot *)ctx)[i].game_seed);
}

static PyObject *vec_game_seeds(PyObject *o, PyObject *unused)
{
    (void)unused;
    VecObject *self = VEC(o);
    return made(self) ? unobook_list(self->num_envs, seed_item, self->slots) : NULL;
}

static PyMethodDef vec_methods[] = {
    {"reset", vec_reset, METH_NOARGS, "reset(): deals every game anew and writes the buffers"},
    {"step", vec_step, METH_O, "step(actions): one id per game (int32 or int64 buffer); writes the buffers"},
    {"random_actions", vec_random_actions, METH_VARARGS,
     "random_actions(actions, seed): a uniformly random id of each game's mask into actions (int32)"},
    {"game_seeds", vec_game_seeds, METH_NOARGS, "game_seeds(): the seed each game was dealt with (Game(seed=))"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject unobook_vec_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "unobook._unobook.VecEnv",
    .tp_basicsize = sizeof(VecObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "many games stepped at once into bound buffers (unobook.VecEnv makes them)",
    .tp_new = PyType_GenericNew,
    .tp_init = vec_init,
    .tp_dealloc = vec_dealloc,
    .tp_methods = vec_methods,
};
