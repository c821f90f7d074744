/*
 * bots.c — the bot dispatcher, parameters and helpers both policies share.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots/bots.h"

static const char *const kind_names[UNO_BOT_KINDS] = {"random", "heuristic", "ismcts", "external"};

/* The levels for people (docs/bots.md "Levels"): ISMCTS's budgets rise;
 * `hard` plays the heuristic's move unless its short search is sure of a
 * better one. */
static const struct {
    const char *name;
    UnoBotKind kind;
    int iterations;
    double guide;
} levels[] = {
    {"easy", UNO_BOT_RANDOM, 0, 0},
    {"medium", UNO_BOT_HEURISTIC, 0, 0},
    {"hard", UNO_BOT_ISMCTS, 1000, 1.0},
    {"expert", UNO_BOT_ISMCTS, 3000, 0},
};

void bot_params_default(UnoBotParams *p)
{
    p->uno_rate = 1.0;
    p->forget_uno = 0.0;
    p->bluff_rate = 0.05;
    p->iterations = 1000;
    p->think_ms = 0;
    p->guide = 0;
    p->startup_ms = UNO_BOT_STARTUP_MS;
    p->command[0] = '\0';
}

/* The kinds a name may give as they are (not "external": a program is
 * named by its command). */
static int kind_parse(const char *name)
{
    for (int k = 0; k < UNO_BOT_EXTERNAL; k++)
        if (strcmp(name, kind_names[k]) == 0)
            return k;
    return -1;
}

const char *bot_kind_name(UnoBotKind kind)
{
    return (unsigned)kind < UNO_BOT_KINDS ? kind_names[kind] : "?";
}

/* "ismcts:N" (iterations) or "ismcts:Nms" (milliseconds). */
static bool parse_budget(const char *budget, UnoBotParams *p)
{
    char *end;
    long n = strtol(budget, &end, 10);
    if (end == budget || n < 1 || n > 100000000 || (*end && strcmp(end, "ms") != 0))
        return false;
    p->iterations = *end ? 0 : (int)n;
    p->think_ms = *end ? (int)n : 0;
    return true;
}

/* "Nms" at *at: N in *ms and *at past it; false (*at unmoved) when not there. */
static bool read_ms(const char **at, long *ms)
{
    if (**at < '0' || **at > '9')
        return false;
    char *end;
    long n = strtol(*at, &end, 10);
    if (strncmp(end, "ms", 2) != 0)
        return false;
    *ms = n;
    *at = end + 2;
    return true;
}

/* The times before a program's command, "Nms:", "+Sms:" or "Nms+Sms:";
 * *at past them, or unmoved when they are not there (the command starts
 * at once). */
static void read_times(const char **at, long *limit_ms, long *startup_ms)
{
    const char *s = *at;
    bool limit = read_ms(&s, limit_ms);
    bool plus = *s == '+';
    bool startup = plus && (s++, read_ms(&s, startup_ms));
    if ((limit || startup) && plus == startup && *s == ':')
        *at = s + 1;
    else
        *limit_ms = UNO_BOT_EXTERNAL_MS, *startup_ms = UNO_BOT_STARTUP_MS;
}

/* "cmd:[Nms][+Sms:]COMMAND" (after the "cmd:"). */
static int parse_program(const char *spec, UnoBotParams *p, char *err, size_t errlen)
{
    long limit_ms = UNO_BOT_EXTERNAL_MS, startup_ms = UNO_BOT_STARTUP_MS;
    const char *command = spec;
    read_times(&command, &limit_ms, &startup_ms);
    if (limit_ms < 1 || limit_ms > 3600000) {
        snprintf(err, errlen, "bot 'cmd:%ldms:...': the time limit is 1 to 3600000 ms", limit_ms);
        return UNO_E_BAD_REQUEST;
    }
    if (startup_ms < 0 || startup_ms > 3600000) {
        snprintf(err, errlen, "bot 'cmd:+%ldms:...': the start-up time is 0 to 3600000 ms", startup_ms);
        return UNO_E_BAD_REQUEST;
    }
    size_t len = strlen(command);
    if (strspn(command, " \t") == len || len >= UNO_BOT_COMMAND_LEN) {
        snprintf(err, errlen, "bot 'cmd:': give a command of 1 to %d characters after 'cmd:'",
                 UNO_BOT_COMMAND_LEN - 1);
        return UNO_E_BAD_REQUEST;
    }
    memcpy(p->command, command, len + 1);
    p->think_ms = (int)limit_ms;
    p->startup_ms = (int)startup_ms;
    p->iterations = 0;
    return UNO_OK;
}

int bot_parse(const char *name, UnoBotKind *kind, UnoBotParams *p, char *err, size_t errlen)
{
    for (size_t i = 0; i < sizeof levels / sizeof *levels; i++)
        if (strcmp(name, levels[i].name) == 0) {
            *kind = levels[i].kind;
            if (levels[i].kind == UNO_BOT_ISMCTS) {
                p->iterations = levels[i].iterations;
                p->guide = levels[i].guide;
                p->think_ms = 0;
            }
            return UNO_OK;
        }
    if (strncmp(name, "cmd:", 4) == 0) {
        int st = parse_program(name + 4, p, err, errlen);
        if (st == UNO_OK)
            *kind = UNO_BOT_EXTERNAL;
        return st;
    }
    int k = kind_parse(name);
    if (k >= 0) {
        *kind = (UnoBotKind)k;
        return UNO_OK;
    }
    if (strncmp(name, "ismcts:", 7) == 0 && parse_budget(name + 7, p)) {
        *kind = UNO_BOT_ISMCTS;
        return UNO_OK;
    }
    snprintf(err, errlen, "unknown bot '%.40s' (easy, medium, hard, expert, random, heuristic, ismcts, "
                          "ismcts:ITERATIONS, ismcts:MSms, cmd:COMMAND)", name);
    return UNO_E_BAD_REQUEST;
}

bool bot_choose_action(UnoBotKind kind, const UnoBotParams *params, const UnoView *v,
                       const UnoWorlds *worlds, UnoRng *rng, UnoAction *out)
{
    UnoBotParams defaults;
    if (!params) {
        bot_params_default(&defaults);
        params = &defaults;
    }
    if (v->phase == UNO_PHASE_OVER || v->nlegal == 0)
        return false;
    switch (kind) {
    case UNO_BOT_RANDOM:
    case UNO_BOT_EXTERNAL: /* the program's default move (its adapter asks the program) */
        return bot_random(params, v, rng, out);
    case UNO_BOT_HEURISTIC:
        return bot_heuristic(params, v, rng, out);
    case UNO_BOT_ISMCTS:
        return worlds ? bot_ismcts(params, v, worlds, rng, out) : bot_heuristic(params, v, rng, out);
    default:
        return false;
    }
}

double bot_uniform(UnoRng *rng)
{
    return (double)(uno_rng_next(rng) >> 11) * (1.0 / 9007199254740992.0);
}

int bot_color_count(const uint8_t *kinds, int color)
{
    int n = 0;
    for (int v = 0; v < UNO_VALUES_PER_COLOR; v++)
        n += kinds[uno_card_make(color, v)];
    return n;
}

int bot_find(const UnoView *v, UnoActionType type)
{
    for (int i = 0; i < v->nlegal; i++)
        if (v->legal[i].type == type)
            return i;
    return -1;
}

bool bot_same_cards(const UnoAction *a, const UnoAction *b)
{
    return a->ncards == b->ncards && memcmp(a->cards, b->cards, a->ncards) == 0;
}

bool bot_leaves_one(const UnoView *v, const UnoAction *play)
{
    return v->hand_count - play->ncards == 1;
}

bool bot_in_turn(const UnoView *v)
{
    return v->turn == v->seat && v->phase != UNO_PHASE_OVER;
}
