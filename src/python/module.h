/*
 * module.h — what the files of the extension module unobook._unobook
 * share (module.c holds the module): its types, Game (game.c) and the
 * batched environment (vec.c), and the rules read from Python's arguments
 * (rules_arg.c). docs/python.md describes them for Python users.
 */
#ifndef UNOBOOK_MODULE_H
#define UNOBOOK_MODULE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "uno.h"

extern PyTypeObject unobook_game_type;
extern PyTypeObject unobook_vec_type;

/* Into *out the built-in rule set `name` with `options` (a dict of option
 * names to values, or None/NULL) for `players`, with think_ms (the clock's
 * step) checked too: 0, or -1 with ValueError or TypeError set. */
int unobook_rules_arg(const char *name, PyObject *options, int players, long think_ms, UnoRules *out);

#endif
