/*
 * apply.c — uno_game_apply: checks an action's form, lets time pass, hands
 * the action to its module, and keeps the promise that a failed action
 * changes nothing and emits nothing. Also the invariant check.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/events.h"
#include "uno_session.h"

static const char *const action_names[UNO_ACT_COUNT] = {
    "play", "draw", "pass", "color", "take", "challenge", "uno", "catch", "suspect",
    "giveup", "join", "vote", "tick", "warn", "dispute", "spectate", "help", "spectator_help",
    "allow_help",
};

const char *uno_action_name(UnoActionType type)
{
    return (unsigned)type < UNO_ACT_COUNT ? action_names[type] : "?";
}

void uno_action_init(UnoAction *a, UnoActionType type, int seat)
{
    memset(a, 0, sizeof *a);
    a->type = (uint8_t)type;
    a->seat = (int8_t)seat;
    a->target = -1;
    a->spectator = -1;
    a->color = UNO_NO_COLOR;
    a->t = -1;
}

typedef int (*Handler)(UnoGame *, const UnoAction *, EventSink *, char *, size_t);

static int tick(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen)
{
    (void)g, (void)a, (void)out, (void)err, (void)errlen;
    return UNO_OK; /* the timers already ran */
}

static const struct {
    Handler run;
    bool needs_seat;
} handlers[UNO_ACT_COUNT] = {
    [UNO_ACT_PLAY] = {turn_play, true},          [UNO_ACT_DRAW] = {turn_draw, true},
    [UNO_ACT_PASS] = {turn_pass, true},          [UNO_ACT_COLOR] = {turn_color, true},
    [UNO_ACT_TAKE] = {turn_take, true},          [UNO_ACT_CHALLENGE] = {turn_challenge, true},
    [UNO_ACT_UNO] = {call_uno, true},            [UNO_ACT_CATCH] = {call_catch, true},
    [UNO_ACT_SUSPECT] = {call_suspect, true},    [UNO_ACT_GIVEUP] = {conduct_giveup, true},
    [UNO_ACT_JOIN] = {conduct_join, false},      [UNO_ACT_VOTE] = {conduct_vote, true},
    [UNO_ACT_TICK] = {tick, false},              [UNO_ACT_WARN] = {conduct_warn, true},
    [UNO_ACT_DISPUTE] = {conduct_dispute, true}, [UNO_ACT_SPECTATE] = {conduct_spectate, false},
    [UNO_ACT_HELP] = {help_player, true},          [UNO_ACT_SPECTATOR_HELP] = {help_spectator, true},
    [UNO_ACT_ALLOW_HELP] = {help_allow, true},
};

static int check_form(const UnoGame *g, const UnoAction *a, char *err, size_t errlen)
{
    if (a->type >= UNO_ACT_COUNT)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "unknown action");
    if (handlers[a->type].needs_seat && (a->seat < 0 || a->seat >= g->nplayers))
        return fail(err, errlen, UNO_E_BAD_REQUEST, "no seat %d (seats are 0..%d)", a->seat,
                    g->nplayers - 1);
    if (a->t >= 0 && a->t < g->t)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "the clock went backwards (%lld < %lld)",
                    (long long)a->t, (long long)g->t);
    if (g->phase == UNO_PHASE_OVER && a->type != UNO_ACT_TICK && a->type != UNO_ACT_SPECTATE)
        return fail(err, errlen, UNO_E_OVER, "the game is over");
    return UNO_OK;
}

/* Runs the timers and the action on `g`; nothing is kept on failure because
 * the caller then throws `g` away (a scratch copy) or the handlers changed
 * nothing (they validate first) and the clock is put back. An event that
 * could not be kept fails it whole (the caller works on a copy then). */
static int run(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen)
{
    int64_t before = g->t;
    if (a->t >= 0)
        run_timers(g, a->t, out);
    int rc = g->phase == UNO_PHASE_OVER && a->type != UNO_ACT_TICK && a->type != UNO_ACT_SPECTATE
                 ? fail(err, errlen, UNO_E_OVER, "the game is over (time ran out)")
                 : handlers[a->type].run(g, a, out, err, errlen);
    if (rc != UNO_OK) {
        g->t = before;
        return rc;
    }
    after_action(g, out);
    if (out && out->lost)
        return fail(err, errlen, UNO_E_NOMEM, "out of memory: the %s was not made", uno_action_name(a->type));
    return UNO_OK;
}

#ifdef UNO_DEBUG
/* UNO_DEBUG builds (make SAN=1) check the invariants after every action. */
void assert_invariants(const UnoGame *g, const UnoAction *a)
{
    char why[UNO_ERR_LEN];
    if (uno_game_check(g, why, sizeof why) != UNO_OK) {
        fprintf(stderr, "uno: invariant broken after %s: %s\n", uno_action_name(a->type), why);
        abort();
    }
}
#endif

UnoStatus uno_game_apply(UnoGame *g, const UnoAction *a, UnoEventFn emit, void *ctx, char *err, size_t errlen)
{
    int rc = check_form(g, a, err, errlen);
    if (rc)
        return rc;
    EventSink sink, *out = NULL;
    if (emit) {
        sink_init(&sink);
        out = &sink;
    }
    if (out || (a->t >= 0 && uno_game_timers_due(g, a->t))) {
        /* time fires timers, or an event may not find room: work on a copy,
         * kept only if the action succeeds */
        UnoGame *work = malloc(uno_game_bytes(g));
        if (!work)
            rc = fail(err, errlen, UNO_E_NOMEM, "out of memory");
        else if ((rc = run((uno_game_copy(work, g), work), a, out, err, errlen)) == UNO_OK)
            uno_game_copy(g, work);
        free(work);
    } else {
        rc = run(g, a, out, err, errlen);
    }
    if (out) {
        if (rc == UNO_OK)
            sink_flush(out, emit, ctx);
        sink_free(out);
    }
    assert_invariants(g, a);
    return rc;
}

UnoStatus uno_game_apply_listed(UnoGame *g, const UnoAction *a, UnoEventFn emit, void *ctx, char *err,
                                size_t errlen)
{
    if (a->t >= 0 && uno_game_timers_due(g, a->t)) /* timers change the game before the action's check */
        return uno_game_apply(g, a, emit, ctx, err, errlen);
    int rc = check_form(g, a, err, errlen);
    if (rc)
        return rc;
    EventSink direct; /* an event kept nowhere is never lost: no copy to fall back on */
    sink_direct(&direct, emit, ctx, UNO_EVENTS_ALL);
    rc = run(g, a, emit ? &direct : NULL, err, errlen);
    assert_invariants(g, a);
    return rc;
}

void step_unchecked(UnoGame *g, const UnoAction *a, EventSink *out)
{
    handlers[a->type].run(g, a, out, NULL, 0);
}

/* ------------------------------------------------------------ invariants */

UnoStatus uno_game_check(const UnoGame *g, char *err, size_t errlen)
{
    int cards = g->stock_n + g->discard_n, discard = 0;
    for (int s = 0; s < g->nplayers; s++) {
        const Hand *h = &g->seats[s].hand;
        int count = 0;
        for (int k = 0; k < UNO_KINDS; k++) {
            count += h->kinds[k];
            if ((h->kinds[k] > 0) != ((h->mask >> k) & 1))
                return fail(err, errlen, UNO_E_ILLEGAL, "seat %d: mask disagrees at %s", s,
                            uno_card_name((UnoCard)k));
        }
        if (count != h->count)
            return fail(err, errlen, UNO_E_ILLEGAL, "seat %d: count %d, cards %d", s, h->count, count);
        if (g->seats[s].status != SEAT_PLAYING && count != 0 && g->seats[s].status != SEAT_FINISHED)
            return fail(err, errlen, UNO_E_ILLEGAL, "seat %d left the game holding cards", s);
        cards += count;
    }
    int ages[UNO_MAX_PLAYERS];
    seat_ages(g, ages);
    if (g->oldest != uno_oldest(ages, g->nplayers) || g->youngest != uno_youngest(ages, g->nplayers))
        return fail(err, errlen, UNO_E_ILLEGAL, "oldest seat %d and youngest %d noted, the ages say %d and %d",
                    g->oldest, g->youngest, uno_oldest(ages, g->nplayers), uno_youngest(ages, g->nplayers));
    for (int k = 0; k < UNO_KINDS; k++)
        discard += g->discard_kinds[k];
    if (cards != g->deck_size)
        return fail(err, errlen, UNO_E_ILLEGAL, "card conservation: %d cards, deck %d", cards, g->deck_size);
    if (discard != g->discard_n)
        return fail(err, errlen, UNO_E_ILLEGAL, "discard pile: counted %d, recorded %d", discard, g->discard_n);
    if (g->top != UNO_NO_CARD && g->discard_kinds[g->top] == 0)
        return fail(err, errlen, UNO_E_ILLEGAL, "the top card is not in the discard pile");
    if (g->phase < UNO_PHASE_TURN || g->phase > UNO_PHASE_OVER)
        return fail(err, errlen, UNO_E_ILLEGAL, "invalid phase %d", g->phase);
    if (g->phase != UNO_PHASE_OVER) {
        if (g->turn < 0 || g->turn >= g->nplayers || !seat_active(g, g->turn))
            return fail(err, errlen, UNO_E_ILLEGAL, "seat in turn %d is not playing", g->turn);
        if ((g->phase == UNO_PHASE_PENDING) != (g->pending > 0))
            return fail(err, errlen, UNO_E_ILLEGAL, "pending %d in phase %d", g->pending, g->phase);
        if (g->phase == UNO_PHASE_DRAWN && !g->seats[g->turn].hand.kinds[g->drawn])
            return fail(err, errlen, UNO_E_ILLEGAL, "the drawn card is not in the hand");
    }
    return UNO_OK;
}
