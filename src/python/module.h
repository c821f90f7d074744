/*
 * module.h — what the files of the extension module unobook._unobook
 * share (module.c holds the module): its types, Game (game.c), the
 * batched environment (vec.c), the bots (opponents.c), and the rules read from Python's arguments
 * (rules_arg.c). docs/python.md describes them for Python users.
 */
#ifndef UNOBOOK_MODULE_H
#define UNOBOOK_MODULE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "uno.h"

extern PyTypeObject unobook_game_type;
extern PyTypeObject unobook_vec_type;
extern PyTypeObject unobook_bot_type;  /* opponents.c */

/* The table behind a Game (game.c), or NULL with an error (not a Game; not
 * dealt). */
struct UnobookTable *unobook_game_table(PyObject *game);
/* Applies a, an action the engine lists for its seat (a bot's: it may say
 * UNO with a play, which no id does), to the Game: its log ends, since ids
 * cannot replay it. 0, or -1 with an error. */
int unobook_game_play(PyObject *game, const UnoAction *a);

/* A list of n items, item(ctx, i) each (a new reference, or NULL with an
 * error): the list, or NULL with the error. */
typedef PyObject *(*UnobookItemFn)(const void *ctx, Py_ssize_t i);
PyObject *unobook_list(Py_ssize_t n, UnobookItemFn item, const void *ctx);
/* An item of an array of int (ctx). */
PyObject *unobook_int_item(const void *ctx, Py_ssize_t i);

/* Into *out the built-in rule set `name` with `options` (a dict of option
 * names to values, or None/NULL) for `players`, with think_ms (the clock's
 * step) checked too: 0, or -1 with ValueError or TypeError set. */
int unobook_rules_arg(const char *name, PyObject *options, int players, long think_ms, UnoRules *out);

#endif
