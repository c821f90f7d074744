/*
 * opponents.c — the project's bots playing seats in C (opponents.h):
 * reading their names, seeding them, asking them, and unobook.Bot, one
 * bot acting on one Game.
 */
#include "python/opponents.h"

#include <string.h>

#include "python/render.h"

int unobook_bot_arg(const char *name, UnobookBot *out)
{
    char err[UNO_ERR_LEN];
    bot_params_default(&out->params);
    if (bot_parse(name, &out->kind, &out->params, err, sizeof err) != UNO_OK) {
        PyErr_SetString(PyExc_ValueError, err);
        return -1;
    }
    if (out->kind == UNO_BOT_EXTERNAL) {
        PyErr_Format(PyExc_ValueError, "bot '%s': programs do not play inside unobook (random, heuristic, "
                     "ismcts[:N|:Nms], easy, medium, hard, expert do)", name);
        return -1;
    }
    return 0;
}

/* One entry of the opponents' dict into the lineup: 0, or -1 with an error. */
static int lineup_entry(PyObject *key, PyObject *value, int players, UnobookLineup *out)
{
    long seat = PyLong_AsLong(key);
    if (seat == -1 && PyErr_Occurred())
        return -1;
    if (seat < 0 || seat >= players) {
        PyErr_Format(PyExc_ValueError, "opponents: seat must be 0..%d, not %ld", players - 1, seat);
        return -1;
    }
    const char *name = PyUnicode_AsUTF8(value);
    if (!name || unobook_bot_arg(name, &out->bots[seat]) < 0)
        return -1;
    out->plays[seat] = true;
    return 0;
}

int unobook_lineup_arg(PyObject *opponents, int players, UnobookLineup *out)
{
    memset(out, 0, sizeof *out);
    if (!opponents || opponents == Py_None)
        return 0;
    if (!PyDict_Check(opponents)) {
        PyErr_SetString(PyExc_TypeError, "opponents must be a dict of seat to bot name, or None");
        return -1;
    }
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(opponents, &pos, &key, &value))
        if (lineup_entry(key, value, players, out) < 0)
            return -1;
    if (PyDict_Size(opponents) >= players) {
        PyErr_SetString(PyExc_ValueError, "opponents: leave at least one seat to the agent");
        return -1;
    }
    return 0;
}

bool unobook_bot_searches(const UnobookBot *bot)
{
    return bot->kind == UNO_BOT_ISMCTS;
}

uint64_t unobook_bot_seed(uint64_t game_seed, int seat)
{
    return (game_seed ^ 0xb075b075b075b075ULL) + 0x9e3779b97f4a7c15ULL * (uint64_t)(seat + 1);
}

UnoStatus unobook_lineup_records(const UnobookLineup *l, int players, UnobookTable *t)
{
    for (int seat = 0; seat < players; seat++)
        if (l->plays[seat] && unobook_bot_searches(&l->bots[seat]) && !t->records[seat] &&
            !(t->records[seat] = uno_history_new(seat)))
            return UNO_E_NOMEM;
    return UNO_OK;
}

int unobook_bot_choose(const UnobookBot *bot, const UnobookTable *t, int seat, UnoView *scratch, UnoRng *rng,
                       UnoAction *out)
{
    const UnoGame *g = t->game;
    if (uno_game_over(g))
        return 0;
    if (bot->kind == UNO_BOT_RANDOM) { /* bots.h: the random bot acts in its turn only */
        if (seat != uno_game_turn(g))
            return 0;
        bot_random_step(&bot->params, g, seat, rng, out);
        return 1;
    }
    if (!unobook_bot_searches(bot)) { /* as uno arena asks it: without a record */
        uno_view_build(scratch, g, seat, NULL);
        return bot_choose_action(bot->kind, &bot->params, scratch, NULL, rng, out);
    }
    uno_view_build(scratch, g, seat, t->records[seat]);
    UnoWorlds *worlds = bot_worlds_new();
    if (!worlds)
        return -1;
    bot_worlds_set(worlds, g, seat, t->records[seat]);
    bool acted = bot_choose_action(bot->kind, &bot->params, scratch, worlds, rng, out);
    bot_worlds_free(worlds);
    return acted;
}

/* ------------------------------------------------------------ unobook.Bot */

typedef struct BotObject {
    PyObject_HEAD
    UnobookBot bot;
    UnoRng rng;
    bool made;
} BotObject;

#define BOT(o) ((BotObject *)(o))

static int bot_init(PyObject *o, PyObject *args, PyObject *kwargs)
{
    static char *names[] = {"name", "seed", NULL};
    const char *name;
    unsigned long long seed = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "s|K:Bot", names, &name, &seed) ||
        unobook_bot_arg(name, &BOT(o)->bot) < 0)
        return -1;
    uno_rng_seed(&BOT(o)->rng, seed);
    BOT(o)->made = true;
    return 0;
}

/* What the bot does now at the seat of the (game, seat) arguments, into
 * *out: 1 an action, 0 nothing, -1 with an error; *game the Game. */
static int bot_decide(BotObject *self, PyObject *args, const char *format, PyObject **game, UnoAction *out)
{
    int seat;
    if (!PyArg_ParseTuple(args, format, game, &seat))
        return -1;
    UnobookTable *t = unobook_game_table(*game);
    if (!t)
        return -1;
    if (!self->made) {
        PyErr_SetString(PyExc_RuntimeError, "the Bot was not made (its __init__ failed or was not called)");
        return -1;
    }
    if (seat < 0 || seat >= t->nplayers) {
        PyErr_Format(PyExc_ValueError, "seat must be 0..%d, not %d", t->nplayers - 1, seat);
        return -1;
    }
    if (unobook_bot_searches(&self->bot) && !t->records[seat]) {
        PyErr_SetString(PyExc_ValueError, "a search bot needs its seat's record of the game: deal the Game "
                                          "with records=True");
        return -1;
    }
    UnoView *view = PyMem_Malloc(sizeof *view);
    if (!view) {
        PyErr_NoMemory();
        return -1;
    }
    int acted = unobook_bot_choose(&self->bot, t, seat, view, &self->rng, out);
    PyMem_Free(view);
    if (acted < 0)
        PyErr_NoMemory();
    return acted;
}

static PyObject *bot_act(PyObject *o, PyObject *args)
{
    PyObject *game;
    UnoAction a;
    int acted = bot_decide(BOT(o), args, "Oi:act", &game, &a);
    if (acted < 0 || (acted && unobook_game_play(game, &a) < 0))
        return NULL;
    return PyBool_FromLong(acted);
}

static PyObject *bot_choose(PyObject *o, PyObject *args)
{
    PyObject *game;
    UnoAction a;
    int acted = bot_decide(BOT(o), args, "Oi:choose", &game, &a);
    if (acted <= 0)
        return acted < 0 ? NULL : Py_NewRef(Py_None);
    char text[UNO_MAX_SET * 5 + 64];
    unobook_action_text(&a, text, sizeof text);
    return PyUnicode_FromString(text);
}

static PyObject *bot_seed_for(PyObject *unused, PyObject *args)
{
    (void)unused;
    unsigned long long game_seed;
    int seat;
    if (!PyArg_ParseTuple(args, "Ki:seed_for", &game_seed, &seat))
        return NULL;
    return PyLong_FromUnsignedLongLong(unobook_bot_seed(game_seed, seat));
}

static PyMethodDef bot_methods[] = {
    {"act", bot_act, METH_VARARGS,
     "act(game, seat): what the bot does now at that seat of the Game, applied; False: nothing"},
    {"choose", bot_choose, METH_VARARGS,
     "choose(game, seat): what the bot would do now at that seat, as the engine's text (None: nothing), "
     "not applied; its generator moves on as act()'s does"},
    {"seed_for", bot_seed_for, METH_VARARGS | METH_STATIC,
     "seed_for(game_seed, seat): the seed VecEnv gives that seat's bot in the game dealt with game_seed"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject unobook_bot_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "unobook._unobook.Bot",
    .tp_basicsize = sizeof(BotObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Bot(name, seed=0): one of the project's bots (uno arena's names), acting on a Game's seat",
    .tp_new = PyType_GenericNew,
    .tp_init = bot_init,
    .tp_methods = bot_methods,
};
