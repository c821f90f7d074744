/*
 * module.c — the extension module unobook._unobook: the Game type and the
 * sizes of the encoding (docs/python.md). The pure-Python package unobook
 * (src/python/unobook/) builds the environments on it.
 */
#include "python/module.h"

#include "python/encode.h"

PyObject *unobook_list(Py_ssize_t n, UnobookItemFn item, const void *ctx)
{
    PyObject *list = PyList_New(n);
    for (Py_ssize_t i = 0; list && i < n; i++) {
        PyObject *x = item(ctx, i);
        if (!x)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, i, x);
    }
    return list;
}

PyObject *unobook_int_item(const void *ctx, Py_ssize_t i) { return PyLong_FromLong(((const int *)ctx)[i]); }

/* A number of players from Python: 2 .. UNO_MAX_PLAYERS, or -1 with an error set. */
static int players_of(PyObject *arg)
{
    long n = PyLong_AsLong(arg);
    if (n == -1 && PyErr_Occurred())
        return -1;
    if (n < 2 || n > UNO_MAX_PLAYERS) {
        PyErr_Format(PyExc_ValueError, "players must be 2..%d, not %ld", UNO_MAX_PLAYERS, n);
        return -1;
    }
    return (int)n;
}

static PyObject *num_actions(PyObject *self, PyObject *arg)
{
    (void)self;
    int n = players_of(arg);
    return n < 0 ? NULL : PyLong_FromLong(unobook_num_actions(n));
}

static PyObject *observation_size(PyObject *self, PyObject *arg)
{
    (void)self;
    int n = players_of(arg);
    return n < 0 ? NULL : PyLong_FromLong(unobook_observation_size(n));
}

static PyMethodDef functions[] = {
    {"num_actions", num_actions, METH_O, "num_actions(players): ids in the action space"},
    {"observation_size", observation_size, METH_O, "observation_size(players): numbers in an observation"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_unobook", "The UNO engine's games for Python (docs/python.md).", -1, functions,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__unobook(void);
PyMODINIT_FUNC PyInit__unobook(void)
{
    if (PyType_Ready(&unobook_game_type) < 0 || PyType_Ready(&unobook_vec_type) < 0 ||
        PyType_Ready(&unobook_bot_type) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    if (PyModule_AddObjectRef(m, "Game", (PyObject *)&unobook_game_type) < 0 ||
        PyModule_AddObjectRef(m, "VecEnv", (PyObject *)&unobook_vec_type) < 0 ||
        PyModule_AddObjectRef(m, "Bot", (PyObject *)&unobook_bot_type) < 0 ||
        PyModule_AddIntConstant(m, "DRAW", UNOBOOK_DRAW) < 0 ||
        PyModule_AddIntConstant(m, "PASS", UNOBOOK_PASS) < 0 ||
        PyModule_AddIntConstant(m, "TAKE", UNOBOOK_TAKE) < 0 ||
        PyModule_AddIntConstant(m, "CHALLENGE", UNOBOOK_CHALLENGE) < 0 ||
        PyModule_AddIntConstant(m, "UNO", UNOBOOK_UNO) < 0 ||
        PyModule_AddIntConstant(m, "COLOR", UNOBOOK_COLOR) < 0 ||
        PyModule_AddIntConstant(m, "CATCH", UNOBOOK_CATCH) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
