/*
 * sim_args.h — argument parsing shared by `uno sim`, `uno perft` and
 * `uno bench`: a rule set with option overrides, key=value lists, bots.
 *
 * What stays true: nothing is printed; a failure returns a nonzero status
 * with a one-line message naming the argument in the caller's buffer.
 */
#ifndef UNO_CLI_SIM_ARGS_H
#define UNO_CLI_SIM_ARGS_H

#include <stddef.h>
#include <stdint.h>

#include "bots/bots.h"
#include "uno.h"

/* Calls set(ctx, key, value) for each "key=value" of a comma-separated list;
 * stops at the first nonzero status it returns. */
typedef int (*UnoArgsPairFn)(void *ctx, const char *key, const char *value, char *err,
                             size_t errlen);
int cli_args_pairs(const char *what, const char *list, UnoArgsPairFn set, void *ctx, char *err,
                   size_t errlen);

/* A rule set by name or rules file (cli_load_rules), then the options of
 * `options` ("k=v,k=v", may be NULL), then checked for nplayers. */
int cli_args_rules(const char *rules, const char *options, int nplayers, UnoRules *out, char *err,
                   size_t errlen);

/* --bots: one bot for every seat, or one per seat, comma-separated, by
 * bot_parse's names; each seat's kind and parameters (params[s] keep
 * what the name does not set). */
int cli_args_bots(const char *list, int nplayers, UnoBotKind *bots, UnoBotParams *params, char *err,
                  size_t errlen);

#endif
