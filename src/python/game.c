/*
 * game.c — unobook.Game: one engine game behind a Python object, its
 * actions named by the ids of the flat action space (encode.h), its log of
 * (seat, id) pairs, from which the same game is dealt and played again
 * (the tick after each action included: table.h). A call that fails
 * changes nothing.
 */
#include "python/module.h"

#include <stdlib.h>
#include <string.h>

#include "python/render.h"
#include "python/table.h"

typedef struct GameObject {
    PyObject_HEAD
    UnobookTable table;
    PyObject *config;    /* the constructor's arguments, a dict */
    int32_t *log;        /* seat, id, seat, id, ...; NULL with has_log false */
    Py_ssize_t nlog, caplog;
    bool has_log;        /* false for a sampled world: no log deals it */
} GameObject;

#define GAME(o) ((GameObject *)(o))

/* ------------------------------------------------------------ lifetime */

static void game_dealloc(PyObject *o)
{
    GameObject *self = GAME(o);
    unobook_table_free(&self->table);
    free(self->log);
    Py_XDECREF(self->config);
    Py_TYPE(o)->tp_free(o);
}

static int game_init(PyObject *o, PyObject *args, PyObject *kwargs)
{
    static char *names[] = {"rules", "players", "seed", "options", "think_ms", "records", NULL};
    GameObject *self = GAME(o);
    const char *rules_name = "mattel";
    int players = 4;
    unsigned long long seed = 0;
    PyObject *options = NULL;
    long think_ms = 1000;
    int records = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|siKOlp:Game", names, &rules_name, &players, &seed,
                                     &options, &think_ms, &records))
        return -1;
    if (self->table.game) {
        PyErr_SetString(PyExc_RuntimeError, "a Game is dealt once");
        return -1;
    }
    UnoRules rules;
    if (unobook_rules_arg(rules_name, options, players, think_ms, &rules) < 0)
        return -1;
    for (int seat = 0; records && seat < players; seat++) /* begun by the deal */
        if (!(self->table.records[seat] = uno_history_new(seat))) {
            PyErr_NoMemory();
            return -1;
        }
    char err[UNO_ERR_LEN];
    UnoStatus rc = unobook_table_deal(&self->table, &rules, players, seed, think_ms, err, sizeof err);
    if (rc != UNO_OK) {
        PyErr_SetString(rc == UNO_E_NOMEM ? PyExc_MemoryError : PyExc_ValueError, err);
        return -1;
    }
    self->has_log = true;
    PyObject *own_options = options && options != Py_None ? PyDict_Copy(options) : Py_NewRef(Py_None);
    if (!own_options)
        return -1;
    self->config = Py_BuildValue("{s:s,s:i,s:K,s:N,s:l,s:O}", "rules", rules_name, "players", players, "seed", seed,
                                 "options", own_options, "think_ms", think_ms, "records", records ? Py_True : Py_False);
    return self->config ? 0 : -1;
}

/* The game behind self, or NULL with an error when __init__ never dealt it. */
static UnoGame *dealt(GameObject *self)
{
    if (!self->table.game || !self->config) {
        PyErr_SetString(PyExc_RuntimeError, "the Game was not dealt (its __init__ failed or was not called)");
        return NULL;
    }
    return self->table.game;
}

/* A seat from Python: None (or no argument) is the player in turn. */
static int seat_of(GameObject *self, PyObject *arg)
{
    if (!arg || arg == Py_None) {
        int turn = uno_game_turn(self->table.game);
        if (turn < 0)
            PyErr_SetString(PyExc_ValueError, "the game is over: nobody is in turn (name a seat)");
        return turn;
    }
    long seat = PyLong_AsLong(arg);
    if (seat == -1 && PyErr_Occurred())
        return -1;
    if (seat < 0 || seat >= self->table.nplayers) {
        PyErr_Format(PyExc_ValueError, "seat must be 0..%d, not %ld", self->table.nplayers - 1, seat);
        return -1;
    }
    return (int)seat;
}

/* Seat's legal actions now, or NULL with an error. */
static const UnobookLegal *legal_list(GameObject *self, int seat)
{
    const UnobookLegal *legal = unobook_table_legal(&self->table, seat);
    if (!legal)
        PyErr_NoMemory();
    return legal;
}

/* The engine's action that id names for seat now, or NULL with an error. */
static const UnoAction *legal_action(GameObject *self, int seat, long id)
{
    const UnobookLegal *legal = legal_list(self, seat);
    if (!legal)
        return NULL;
    const UnoAction *a = id < 0 || id > INT32_MAX ? NULL : unobook_legal_find(legal, (int)id);
    if (!a)
        PyErr_Format(PyExc_ValueError, "action %ld is not legal for seat %d now (legal_actions(%d) lists those that are)",
                     id, seat, seat);
    return a;
}

/* ------------------------------------------------------------- actions */

/* The legal actions of the seat of a method's arguments (`format`: an
 * optional seat), or NULL with an error. */
static const UnobookLegal *seat_legal(GameObject *self, PyObject *args, const char *format)
{
    PyObject *seat_arg = NULL;
    if (!dealt(self) || !PyArg_ParseTuple(args, format, &seat_arg))
        return NULL;
    int seat = seat_of(self, seat_arg);
    return seat < 0 ? NULL : legal_list(self, seat);
}

static PyObject *game_legal_actions(PyObject *o, PyObject *args)
{
    GameObject *self = GAME(o);
    const UnobookLegal *legal = seat_legal(self, args, "|O:legal_actions");
    if (!legal)
        return NULL;
    uint8_t mask[UNOBOOK_MAX_ACTIONS];
    int ids[UNOBOOK_MAX_ACTIONS], n = 0;
    unobook_legal_mask(legal, mask, unobook_num_actions(self->table.nplayers));
    for (int id = 0; id < unobook_num_actions(self->table.nplayers); id++)
        if (mask[id])
            ids[n++] = id;
    return unobook_list(n, unobook_int_item, ids);
}

/* The seats with an id to take now: those not in turn, in order of play
 * from the seat in turn, then the seat in turn; none once the game is over. */
static PyObject *game_deciders(PyObject *o, PyObject *unused)
{
    (void)unused;
    GameObject *self = GAME(o);
    int seats[UNO_MAX_PLAYERS], n = dealt(self) ? unobook_table_deciders(&self->table, seats) : 0;
    if (n < 0)
        return PyErr_NoMemory();
    return PyErr_Occurred() ? NULL : unobook_list(n, unobook_int_item, seats);
}

static PyObject *action_str(const UnoAction *a)
{
    char text[UNO_MAX_SET * 5 + 64];
    unobook_action_text(a, text, sizeof text);
    return PyUnicode_FromString(text);
}

static PyObject *action_item(const void *ctx, Py_ssize_t i) { return action_str((const UnoAction *)ctx + i); }

static PyObject *game_legal_texts(PyObject *o, PyObject *args)
{
    const UnobookLegal *legal = seat_legal(GAME(o), args, "|O:legal_texts");
    return legal ? unobook_list(legal->n, action_item, legal->actions) : NULL;
}

/* The engine's action a method's arguments name (`format`: an id, an
 * optional seat), and its seat and id: NULL with an error when there is none. */
static const UnoAction *named_action(GameObject *self, PyObject *args, const char *format, int *seat, long *id)
{
    PyObject *seat_arg = NULL;
    if (!dealt(self) || !PyArg_ParseTuple(args, format, id, &seat_arg))
        return NULL;
    *seat = seat_of(self, seat_arg);
    return *seat < 0 ? NULL : legal_action(self, *seat, *id);
}

static PyObject *game_action_text(PyObject *o, PyObject *args)
{
    int seat;
    long id;
    const UnoAction *a = named_action(GAME(o), args, "l|O:action_text", &seat, &id);
    return a ? action_str(a) : NULL;
}

/* Room for one more (seat, id) pair in the log: 0, or -1 with an error. */
static int log_reserve(GameObject *self)
{
    if (self->nlog < self->caplog)
        return 0;
    Py_ssize_t cap = self->caplog ? 2 * self->caplog : 256;
    int32_t *more = realloc(self->log, (size_t)cap * 2 * sizeof *more);
    if (!more) {
        PyErr_NoMemory();
        return -1;
    }
    self->log = more;
    self->caplog = cap;
    return 0;
}

/* Applies a, then the tick: 0, or -1 with an error. */
static int play(GameObject *self, const UnoAction *a)
{
    char err[UNO_ERR_LEN];
    if (unobook_table_play(&self->table, a, err, sizeof err) != UNO_OK) {
        PyErr_SetString(PyExc_RuntimeError, err); /* the engine refused what it listed */
        return -1;
    }
    return 0;
}

UnobookTable *unobook_game_table(PyObject *game)
{
    if (!PyObject_TypeCheck(game, &unobook_game_type)) {
        PyErr_Format(PyExc_TypeError, "a unobook.Game is needed, not %s", Py_TYPE(game)->tp_name);
        return NULL;
    }
    return dealt(GAME(game)) ? &GAME(game)->table : NULL;
}

int unobook_game_play(PyObject *game, const UnoAction *a)
{
    if (play(GAME(game), a) < 0)
        return -1;
    GAME(game)->has_log = false;
    return 0;
}

static PyObject *game_apply(PyObject *o, PyObject *args)
{
    GameObject *self = GAME(o);
    int seat;
    long id;
    const UnoAction *found = named_action(self, args, "l|O:apply", &seat, &id);
    if (!found || (self->has_log && log_reserve(self) < 0))
        return NULL;
    UnoAction a = *found;
    if (play(self, &a) < 0)
        return NULL;
    if (self->has_log) {
        self->log[2 * self->nlog] = seat;
        self->log[2 * self->nlog + 1] = (int32_t)id;
        self->nlog++;
    }
    Py_RETURN_NONE;
}

/* ------------------------------------------------------- what seats see */

/* The writable buffer of `obj` with items of `size` bytes: 0, or -1. */
static int writable(PyObject *obj, Py_buffer *buf, Py_ssize_t items, Py_ssize_t size, const char *what)
{
    if (PyObject_GetBuffer(obj, buf, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    if (buf->len < items * size) {
        PyErr_Format(PyExc_ValueError, "%s needs %zd bytes (%zd items of %zd), the buffer has %zd", what,
                     items * size, items, size, buf->len);
        PyBuffer_Release(buf);
        return -1;
    }
    return 0;
}

/* The seat and the buffer of an *_into method's arguments (`format`: a
 * buffer, an optional seat), room for `items` of `size` checked: the seat,
 * or -1 with an error (and no buffer held). */
static int target_seat(GameObject *self, PyObject *args, const char *format, Py_buffer *buf, Py_ssize_t items,
                       Py_ssize_t size, const char *what)
{
    PyObject *target, *seat_arg = NULL;
    if (!dealt(self) || !PyArg_ParseTuple(args, format, &target, &seat_arg))
        return -1;
    int seat = seat_of(self, seat_arg);
    return seat < 0 || writable(target, buf, items, size, what) < 0 ? -1 : seat;
}

static PyObject *game_mask_into(PyObject *o, PyObject *args)
{
    GameObject *self = GAME(o);
    int n = unobook_num_actions(self->table.nplayers);
    Py_buffer buf;
    int seat = target_seat(self, args, "O|O:mask_into", &buf, n, 1, "an action mask");
    if (seat < 0)
        return NULL;
    const UnobookLegal *legal = legal_list(self, seat);
    if (legal)
        unobook_legal_mask(legal, buf.buf, n);
    PyBuffer_Release(&buf);
    if (!legal)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *game_observe_into(PyObject *o, PyObject *args)
{
    GameObject *self = GAME(o);
    Py_buffer buf;
    int seat = target_seat(self, args, "O|O:observe_into", &buf, unobook_observation_size(self->table.nplayers),
                           sizeof(float), "an observation");
    if (seat < 0)
        return NULL;
    UnoStatus rc = unobook_table_observe(&self->table, seat, buf.buf);
    PyBuffer_Release(&buf);
    if (rc != UNO_OK)
        return PyErr_NoMemory();
    Py_RETURN_NONE;
}

static PyObject *game_render(PyObject *o, PyObject *args)
{
    GameObject *self = GAME(o);
    PyObject *seat_arg = NULL;
    if (!dealt(self) || !PyArg_ParseTuple(args, "|O:render", &seat_arg))
        return NULL;
    int viewer = UNO_VIEWER_REFEREE;
    if (seat_arg && seat_arg != Py_None && (viewer = seat_of(self, seat_arg)) < 0)
        return NULL;
    char *text = malloc(UNO_MAX_CARDS * 5 + 4096);
    if (!text)
        return PyErr_NoMemory();
    unobook_render(self->table.game, viewer, text, UNO_MAX_CARDS * 5 + 4096);
    PyObject *s = PyUnicode_FromString(text);
    free(text);
    return s;
}

static PyObject *card_item(const void *ctx, Py_ssize_t i)
{
    return PyUnicode_FromString(uno_card_name(((const UnoCard *)ctx)[i]));
}

static PyObject *game_hand(PyObject *o, PyObject *arg)
{
    GameObject *self = GAME(o);
    int seat = dealt(self) ? seat_of(self, arg) : -1;
    if (seat < 0)
        return NULL;
    UnoCard cards[UNO_MAX_CARDS];
    int n = uno_game_hand(self->table.game, seat, cards, UNO_MAX_CARDS);
    return unobook_list(n, card_item, cards);
}

/* ------------------------------------------------------------- copies */

/* A new Game of self's type: a copy of self's, or with `sample_for` >= 0 a
 * world of that seat's dealt from `seed` (without a log). */
static PyObject *copy_of(GameObject *self, int sample_for, uint64_t seed)
{
    GameObject *copy = GAME(Py_TYPE(self)->tp_alloc(Py_TYPE(self), 0));
    if (!copy)
        return NULL;
    copy->config = Py_NewRef(self->config);
    copy->has_log = self->has_log && sample_for < 0;
    UnoStatus rc = unobook_table_copy(&copy->table, &self->table, sample_for, seed);
    if (rc == UNO_OK && copy->has_log && self->nlog) {
        copy->log = malloc((size_t)self->nlog * 2 * sizeof *copy->log);
        if (copy->log) {
            memcpy(copy->log, self->log, (size_t)self->nlog * 2 * sizeof *copy->log);
            copy->nlog = copy->caplog = self->nlog;
        } else {
            rc = UNO_E_NOMEM;
        }
    }
    if (rc != UNO_OK) {
        Py_DECREF(copy);
        return rc == UNO_E_NOMEM ? PyErr_NoMemory()
                                 : PyErr_Format(PyExc_RuntimeError, "no world could be dealt for seat %d", sample_for);
    }
    return (PyObject *)copy;
}

static PyObject *game_clone(PyObject *o, PyObject *unused)
{
    (void)unused;
    GameObject *self = GAME(o);
    return dealt(self) ? copy_of(self, -1, 0) : NULL;
}

static PyObject *game_sample(PyObject *o, PyObject *args)
{
    GameObject *self = GAME(o);
    PyObject *seat_arg;
    unsigned long long seed;
    if (!dealt(self) || !PyArg_ParseTuple(args, "OK:sample", &seat_arg, &seed))
        return NULL;
    int seat = seat_of(self, seat_arg);
    return seat < 0 ? NULL : copy_of(self, seat, seed);
}

/* ---------------------------------------------------------- attributes */

static PyObject *log_item(const void *ctx, Py_ssize_t i)
{
    const int32_t *log = ctx;
    return Py_BuildValue("(ii)", log[2 * i], log[2 * i + 1]);
}

static PyObject *get_log(PyObject *o, void *unused)
{
    (void)unused;
    GameObject *self = GAME(o);
    if (!self->has_log)
        Py_RETURN_NONE;
    return unobook_list(self->nlog, log_item, self->log);
}

static PyObject *get_config(PyObject *o, void *unused)
{
    (void)unused;
    GameObject *self = GAME(o);
    return dealt(self) ? PyDict_Copy(self->config) : NULL;
}

/* Getters of one int each: the game's fact for its `which`. */
enum { GET_PLAYERS, GET_TURN, GET_CLOCK, GET_PHASE, GET_NUM_ACTIONS, GET_OBS_SIZE, GET_PENDING };

static PyObject *get_int(PyObject *o, void *which)
{
    GameObject *self = GAME(o);
    if (!dealt(self))
        return NULL;
    switch ((intptr_t)which) {
    case GET_PLAYERS: return PyLong_FromLong(self->table.nplayers);
    case GET_TURN: return PyLong_FromLong(uno_game_turn(self->table.game));
    case GET_CLOCK: return PyLong_FromLongLong(uno_game_clock(self->table.game));
    case GET_PHASE: return PyLong_FromLong(uno_game_phase(self->table.game));
    case GET_NUM_ACTIONS: return PyLong_FromLong(unobook_num_actions(self->table.nplayers));
    case GET_OBS_SIZE: return PyLong_FromLong(unobook_observation_size(self->table.nplayers));
    default: return PyLong_FromLong(uno_game_pending(self->table.game));
    }
}

static PyObject *get_over(PyObject *o, void *unused)
{
    (void)unused;
    GameObject *self = GAME(o);
    return dealt(self) ? PyBool_FromLong(uno_game_over(self->table.game)) : NULL;
}

/* A list of one int per seat: the engine's rank (which NULL) or score. */
static PyObject *per_seat(PyObject *o, void *scores)
{
    GameObject *self = GAME(o);
    if (!dealt(self))
        return NULL;
    int values[UNO_MAX_PLAYERS];
    for (int seat = 0; seat < self->table.nplayers; seat++)
        values[seat] = scores ? uno_game_score(self->table.game, seat) : uno_game_rank(self->table.game, seat);
    return unobook_list(self->table.nplayers, unobook_int_item, values);
}

static PyObject *reward_item(const void *ctx, Py_ssize_t i) { return PyFloat_FromDouble(((const float *)ctx)[i]); }

static PyObject *get_rewards(PyObject *o, void *unused)
{
    (void)unused;
    GameObject *self = GAME(o);
    if (!dealt(self))
        return NULL;
    float rewards[UNO_MAX_PLAYERS];
    unobook_table_rewards(&self->table, rewards);
    return unobook_list(self->table.nplayers, reward_item, rewards);
}

static PyObject *get_hash(PyObject *o, void *unused)
{
    (void)unused;
    GameObject *self = GAME(o);
    return dealt(self) ? PyLong_FromUnsignedLongLong(uno_game_hash(self->table.game)) : NULL;
}

static PyGetSetDef game_getset[] = {
    {"players", get_int, NULL, "the number of seats", (void *)GET_PLAYERS},
    {"current_player", get_int, NULL, "the seat in turn, -1 when the game is over", (void *)GET_TURN},
    {"clock", get_int, NULL, "the game's clock (ms)", (void *)GET_CLOCK},
    {"phase", get_int, NULL, "the engine's UnoPhase (0 turn .. 6 over)", (void *)GET_PHASE},
    {"pending", get_int, NULL, "the cards the player in turn faces", (void *)GET_PENDING},
    {"num_actions", get_int, NULL, "ids in the action space", (void *)GET_NUM_ACTIONS},
    {"observation_size", get_int, NULL, "numbers in an observation", (void *)GET_OBS_SIZE},
    {"over", get_over, NULL, "whether the game has ended", NULL},
    {"ranks", per_seat, NULL, "each seat's rank: 0 playing, 1 best .., -1 ejected", NULL},
    {"scores", per_seat, NULL, "each seat's score, -1 where there is none", (void *)1},
    {"rewards", get_rewards, NULL, "each seat's reward by its rank (docs/python.md): meant for the end", NULL},
    {"hash", get_hash, NULL, "a 64-bit hash of the whole state", NULL},
    {"log", get_log, NULL, "the (seat, id) pairs applied, None for a sampled world and after a Bot's action", NULL},
    {"config", get_config, NULL, "the arguments the game was dealt with", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef game_methods[] = {
    {"legal_actions", game_legal_actions, METH_VARARGS,
     "legal_actions(seat=None): the ids the seat (the player in turn) may take now, ascending"},
    {"deciders", game_deciders, METH_NOARGS,
     "deciders(): the seats with an id to take now, those out of turn first (in order of play), "
     "the seat in turn last"},
    {"legal_texts", game_legal_texts, METH_VARARGS,
     "legal_texts(seat=None): every action the engine lists for the seat, as text"},
    {"action_text", game_action_text, METH_VARARGS,
     "action_text(id, seat=None): the engine's action the id plays now, as text"},
    {"apply", game_apply, METH_VARARGS, "apply(id, seat=None): plays the id; ValueError when it is not legal"},
    {"mask_into", game_mask_into, METH_VARARGS,
     "mask_into(buffer, seat=None): writes the action mask (num_actions bytes, 1 legal)"},
    {"observe_into", game_observe_into, METH_VARARGS,
     "observe_into(buffer, seat): writes the seat's observation (observation_size float32s)"},
    {"render", game_render, METH_VARARGS, "render(seat=None): the table as text, hands the seat may see"},
    {"hand", game_hand, METH_O, "hand(seat): the seat's cards (the referee's knowledge)"},
    {"clone", game_clone, METH_NOARGS, "clone(): an independent copy, log included"},
    {"sample", game_sample, METH_VARARGS,
     "sample(seat, seed): a copy in which the cards hidden from seat are dealt again"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject unobook_game_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "unobook._unobook.Game",
    .tp_basicsize = sizeof(GameObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Game(rules='mattel', players=4, seed=0, options=None, think_ms=1000, records=False): "
              "one game of the engine",
    .tp_new = PyType_GenericNew,
    .tp_init = game_init,
    .tp_dealloc = game_dealloc,
    .tp_methods = game_methods,
    .tp_getset = game_getset,
};
