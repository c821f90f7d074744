/*
 * game.h — unobook.Game, a Python handle on one engine game (game.c), and
 * the module that holds it (module.c). docs/python.md describes it for
 * Python users.
 */
#ifndef UNOBOOK_GAME_H
#define UNOBOOK_GAME_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

extern PyTypeObject unobook_game_type;

#endif
