/*
 * rules_arg.c — the rules of a game from the arguments Python passes
 * (module.h): a built-in rule set's name, a dict of options, the players
 * and the clock's step, each refused with a message when it is wrong.
 */
#include "python/module.h"

/* An option's value as the rules files write it: true/false, numbers, names. */
static PyObject *option_text(PyObject *value)
{
    if (PyBool_Check(value))
        return PyUnicode_FromString(value == Py_True ? "true" : "false");
    return PyObject_Str(value);
}

static int set_options(UnoRules *rules, PyObject *options)
{
    if (!options || options == Py_None)
        return 0;
    if (!PyDict_Check(options)) {
        PyErr_SetString(PyExc_TypeError, "options must be a dict of option names to values");
        return -1;
    }
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(options, &pos, &key, &value)) {
        const char *name = PyUnicode_Check(key) ? PyUnicode_AsUTF8(key) : NULL;
        if (!name) {
            PyErr_SetString(PyExc_TypeError, "option names must be strings");
            return -1;
        }
        PyObject *text = option_text(value);
        const char *v = text ? PyUnicode_AsUTF8(text) : NULL;
        char err[UNO_ERR_LEN];
        UnoStatus rc = v ? uno_rules_set(rules, name, v, err, sizeof err) : UNO_E_BAD_REQUEST;
        Py_XDECREF(text);
        if (!v)
            return -1;
        if (rc != UNO_OK) {
            PyErr_SetString(PyExc_ValueError, err);
            return -1;
        }
    }
    return 0;
}

int unobook_rules_arg(const char *name, PyObject *options, int players, long think_ms, UnoRules *out)
{
    char err[UNO_ERR_LEN];
    if (think_ms < 0) {
        PyErr_Format(PyExc_ValueError, "think_ms must be 0 or more, not %ld", think_ms);
        return -1;
    }
    if (uno_rules_preset(name, out, err, sizeof err) != UNO_OK) {
        PyErr_Format(PyExc_ValueError, "%s (the rule sets: %s)", err, uno_rules_builtin_list());
        return -1;
    }
    if (set_options(out, options) < 0)
        return -1;
    if (players < 2 || players > UNO_MAX_PLAYERS) {
        PyErr_Format(PyExc_ValueError, "players must be 2..%d, not %d", UNO_MAX_PLAYERS, players);
        return -1;
    }
    if (uno_rules_validate(out, players, err, sizeof err) != UNO_OK) {
        PyErr_SetString(PyExc_ValueError, err);
        return -1;
    }
    return 0;
}
