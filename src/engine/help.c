/*
 * help.c — KPGUT §3: no helping. A player who helps another draws two
 * (§3.1); a spectator who helps is handled as in §13: let in, they sit
 * opposite the player they helped and draw two more than a joiner's nine;
 * not let in, they go away (§3.2). A novice may be helped by a spectator if
 * the oldest player agrees (§3.2).
 *
 * These are judgements of the table: the engine does not see advice given.
 * The table decides (the oldest player, or a §11 vote) and the judge enters
 * the ruling: for a player, the one who gives §15 warnings (the oldest, or
 * the youngest when the oldest helped); for a spectator, the oldest player,
 * whose consent §13 asks for.
 */
#include <string.h>

#include "engine/game.h"

static int need_help_rule(const UnoGame *g, char *err, size_t errlen)
{
    return g->rules.help_penalty > 0 ? UNO_OK
                                     : fail(err, errlen, UNO_E_ILLEGAL, "these rules say nothing of helping");
}

bool can_help(const UnoGame *g, int seat, int target)
{
    return g->rules.help_penalty > 0 && judges(g, seat, target);
}

/* §3.1: "If the player helps another player, the helper must draw two cards." */
int help_player(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen)
{
    int rc = need_help_rule(g, err, errlen);
    if (!rc)
        rc = check_judge(g, a, "rule on", err, errlen);
    if (rc)
        return rc;
    ev_emit(out, UNO_EV_HELP, a->seat, a->target, UNO_NO_COLOR, -1, UNO_R_NONE, NULL, 0);
    draw_penalty(g, a->target, g->rules.help_penalty, UNO_R_HELP, out);
    return UNO_OK;
}

/* The oldest player rules on spectator a->spectator and the player a->target. */
static int check_spectator_ruling(const UnoGame *g, const UnoAction *a, char *err, size_t errlen)
{
    int rc = need_help_rule(g, err, errlen);
    if (rc)
        return rc;
    if (a->spectator < 0 || a->spectator >= g->nspectators)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "no spectator %d (there are %d)", a->spectator,
                    g->nspectators);
    if (a->target < 0 || a->target >= g->nplayers)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "no seat %d", a->target);
    if (!seat_active(g, a->target))
        return fail(err, errlen, UNO_E_ILLEGAL, "seat %d is no longer playing", a->target);
    if (a->seat != oldest_seat(g))
        return fail(err, errlen, UNO_E_ILLEGAL, "only the oldest player (seat %d) rules on a spectator",
                    oldest_seat(g));
    return UNO_OK;
}

/* Where a newcomer sits to be opposite `helped` among n players: the place
 * to insert them so that, of the n + 1 seats, they are half way round. */
static int opposite_place(int n, int helped)
{
    int half = (n + 1) / 2, p = helped + half;
    return p <= n ? p : p - (n + 1) + 1; /* past the end: before `helped`, who moves up one */
}

static void remove_spectator(UnoGame *g, int i)
{
    UnoPlayerInfo *sp = game_spectators(g);
    int after = g->nspectators - i - 1;
    memmove(&sp[i], &sp[i + 1], (size_t)after * sizeof sp[0]);
    memmove(&g->help_allowed[i], &g->help_allowed[i + 1], (size_t)after);
    g->nspectators--;
    memset(&sp[g->nspectators], 0, sizeof sp[0]);
    g->help_allowed[g->nspectators] = -1;
}

/* §3.2: a spectator helped a player. a->uno: they are let in (§13), sit
 * opposite the helped player and draw help_penalty more; else they go away. */
int help_spectator(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen)
{
    int rc = check_spectator_ruling(g, a, err, errlen);
    if (!rc && g->help_allowed[a->spectator] == a->target)
        rc = fail(err, errlen, UNO_E_ILLEGAL, "the oldest let spectator %d help seat %d", a->spectator,
                  a->target);
    if (!rc && a->uno)
        rc = join_refusal(g, err, errlen);
    if (rc)
        return rc;
    UnoPlayerInfo helper = game_spectators(g)[a->spectator];
    remove_spectator(g, a->spectator);
    if (!a->uno) {
        ev_emit(out, UNO_EV_HELP, a->seat, -1, UNO_NO_COLOR, a->spectator, UNO_R_NONE, NULL, 0);
        return UNO_OK;
    }
    int place = opposite_place(g->nplayers, a->target);
    int judge = a->seat + (place <= a->seat);
    seat_newcomer(g, place, helper.name, helper.age, out);
    ev_emit(out, UNO_EV_HELP, judge, place, UNO_NO_COLOR, a->spectator, UNO_R_NONE, NULL, 0);
    draw_penalty(g, place, g->rules.help_penalty, UNO_R_HELP, out);
    return UNO_OK;
}

/* §3.2: "if the player being helped is a novice KPGUT player, and if the
 * oldest player agrees, the spectator may be allowed to help the player." */
int help_allow(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen)
{
    int rc = check_spectator_ruling(g, a, err, errlen);
    if (rc)
        return rc;
    g->help_allowed[a->spectator] = a->target;
    ev_emit(out, UNO_EV_ALLOW_HELP, a->seat, a->target, UNO_NO_COLOR, a->spectator, UNO_R_NONE, NULL, 0);
    return UNO_OK;
}
