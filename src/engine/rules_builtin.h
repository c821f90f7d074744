/*
 * rules_builtin.h — the built-in rule sets' texts, compiled in.
 *
 * What it owns: nothing but the declaration of the array that
 * scripts/embed-rules.sh generates from the files rules/NAME.rules (NAME is the
 * rule set name). rules.c reads it; tests use it to check that the list of
 * built-in names (uno_rules_builtin_names) and the files agree.
 *
 * What stays true: {name, text} pairs, ending with {NULL, NULL}; the texts
 * are rules files exactly as on disk.
 */
#ifndef UNO_ENGINE_RULES_BUILTIN_H
#define UNO_ENGINE_RULES_BUILTIN_H

extern const char *const rules_builtin_texts[][2];

#endif
