/*
 * sim_args.c — parsing numbers, key=value lists and rule sets (sim_args.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_util.h"
#include "cli/sim_args.h"

int cli_args_pairs(const char *what, const char *list, UnoArgsPairFn set, void *ctx, char *err,
                   size_t errlen)
{
    char *copy = strdup(list), *save = NULL;
    if (!copy) {
        snprintf(err, errlen, "out of memory");
        return 1;
    }
    int rc = 0;
    for (char *item = strtok_r(copy, ",", &save); item && !rc; item = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(item, '=');
        if (!eq || eq == item) {
            snprintf(err, errlen, "%s: '%s' is not key=value", what, item);
            rc = 1;
            break;
        }
        *eq = '\0';
        char why[UNO_ERR_LEN];
        if ((rc = set(ctx, item, eq + 1, why, sizeof why)) != 0)
            snprintf(err, errlen, "%s: %s", what, why);
    }
    free(copy);
    return rc;
}

static int set_option(void *ctx, const char *key, const char *value, char *err, size_t errlen)
{
    return uno_rules_set(ctx, key, value, err, errlen);
}

int cli_args_rules(const char *rules, const char *options, int nplayers, UnoRules *out, char *err,
                   size_t errlen)
{
    UnoRules r;
    if (cli_load_rules(rules, &r, err, errlen) != UNO_OK)
        return 1;
    if (options && cli_args_pairs("--options", options, set_option, &r, err, errlen) != 0)
        return 1;
    char why[UNO_ERR_LEN];
    if (uno_rules_validate(&r, nplayers, why, sizeof why) != UNO_OK) {
        snprintf(err, errlen, "%s: %s", r.name, why);
        return 1;
    }
    *out = r;
    return 0;
}

/* --bots: one name for all seats, or one per seat. */
int cli_args_bots(const char *list, int nplayers, UnoBotKind *bots, UnoBotParams *params, char *err,
                  size_t errlen)
{
    char *copy = strdup(list), *save = NULL;
    int n = 0, rc = copy ? 0 : 1;
    for (char *name = copy ? strtok_r(copy, ",", &save) : NULL; name && !rc;
         name = strtok_r(NULL, ",", &save)) {
        char why[UNO_ERR_LEN];
        if (n >= nplayers) {
            snprintf(err, errlen, "--bots: more bots than the %d players", nplayers);
            rc = 1;
        } else if (bot_parse(name, &bots[n], &params[n], why, sizeof why) != UNO_OK) {
            snprintf(err, errlen, "--bots: %s", why);
            rc = 1;
        } else {
            n++;
        }
    }
    free(copy);
    if (!rc && n == 1)
        for (int s = 1; s < nplayers; s++) {
            bots[s] = bots[0];
            params[s] = params[0];
        }
    else if (!rc && n != nplayers) {
        snprintf(err, errlen, "--bots: %d bots for %d players (give one, or one per seat)", n,
                 nplayers);
        rc = 1;
    }
    return rc;
}
