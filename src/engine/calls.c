/*
 * calls.c — saying UNO, catching a player who did not (or, in honour mode,
 * who cheated), and suspecting a tactical draw.
 *
 * A one-card hand is CALL_SAID or CALL_FAULT. A fault can be caught only
 * after the grace (KPGUT §1: 3 s; else at once) and until its window closes:
 * when the next player begins a turn (MyUNO "Going Out"; booklet: draws or
 * plays) or plays cards (KPGUT §1).
 */
#include "engine/game.h"

static int64_t now(const UnoGame *g, int64_t t) { return t >= 0 ? t : g->t; }

void note_one_card(UnoGame *g, int seat, bool said, bool announce, EventSink *out)
{
    Seat *s = &g->seats[seat];
    if (s->hand.count != 1)
        return;
    s->call = said ? CALL_SAID : CALL_FAULT;
    s->fault_t = g->t;
    g->maybe_fault |= !said;
    if (announce)
        ev_emit(out, UNO_EV_UNO, seat, -1, UNO_NO_COLOR, 0, UNO_R_NONE, NULL, 0);
}

void close_windows(UnoGame *g, bool by_play)
{
    if (g->maybe_fault && (by_play || g->rules.uno_window == UNO_UNO_WINDOW_NEXT_TURN)) {
        for (int s = 0; s < g->nplayers; s++)
            if (g->seats[s].call == CALL_FAULT)
                g->seats[s].call = CALL_NONE; /* unnoticed: no longer punished */
        g->maybe_fault = false;
    }
    if (by_play)
        g->cheat.seat = -1; /* KPGUT §10: caught too late, not punished */
}

/* KPGUT §1: "within three seconds after playing"; without a grace the
 * fault is there at once. */
static int64_t grace_end(const UnoGame *g, const Seat *s) { return s->fault_t + g->rules.uno_grace_ms; }

static bool in_grace(const UnoGame *g, const Seat *s, int64_t t)
{
    return g->rules.uno_grace_ms > 0 && now(g, t) <= grace_end(g, s);
}

/* Saying UNO before the play that leaves one card (booklet "Let's play" 4:
 * "Before playing your next to last card"), or after it where the rules
 * allow: within KPGUT's grace (§1), or the booklet's self-catch ("catch
 * yourself before any other player catches you"). */
bool can_call_uno(const UnoGame *g, int seat, int64_t t)
{
    if (g->phase == UNO_PHASE_OVER || !seat_active(g, seat))
        return false;
    const Seat *s = &g->seats[seat];
    if (s->call == CALL_FAULT)
        return in_grace(g, s, t) || g->rules.uno_self_catch;
    /* a play of one card leaves one only from two */
    return seat == g->turn && !g->said_before && s->hand.count >= 2 &&
           (s->hand.count == 2 || plays_sets(g, seat)) && largest_play(g, seat) >= s->hand.count - 1;
}

int call_uno(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen)
{
    if (!can_call_uno(g, a->seat, a->t)) {
        const Seat *s = &g->seats[a->seat];
        if (s->call == CALL_FAULT)
            return fail(err, errlen, UNO_E_ILLEGAL, "too late: UNO had to be said %s",
                        g->rules.uno_grace_ms ? "within the grace time" : "with the play");
        return fail(err, errlen, UNO_E_ILLEGAL, "nothing to call UNO for now");
    }
    Seat *s = &g->seats[a->seat];
    if (s->call == CALL_FAULT)
        s->call = CALL_SAID;
    else
        g->said_before = true;
    ev_emit(out, UNO_EV_UNO, a->seat, -1, UNO_NO_COLOR, 0, UNO_R_NONE, NULL, 0);
    return UNO_OK;
}

void draw_penalty(UnoGame *g, int seat, int n, UnoReason reason, EventSink *out)
{
    if (draw_cards(g, seat, n, reason, out, NULL) < n && g->rules.stock_out_ends)
        end_game_early(g, UNO_R_EXHAUSTED, out);
}

int64_t uno_game_catchable_at(const UnoGame *g, int seat)
{
    if (!g->maybe_fault) /* no seat's call is a fault: asked of every seat after every action */
        return -1;
    const Seat *s = &g->seats[seat];
    /* classic: "must call; no penalty given" — nothing to catch */
    if (g->phase == UNO_PHASE_OVER || g->rules.uno_penalty <= 0 || s->call != CALL_FAULT || s->hand.count != 1)
        return -1;
    return g->rules.uno_grace_ms > 0 ? grace_end(g, s) + 1 : s->fault_t;
}

bool catchable(const UnoGame *g, int target, int64_t t)
{
    if (g->rules.honour && g->cheat.seat == target)
        return g->phase != UNO_PHASE_OVER;
    int64_t from = uno_game_catchable_at(g, target); /* -1 at once when no seat's call is a fault */
    return from >= 0 && now(g, t) >= from;
}

bool can_catch(const UnoGame *g, int seat, int target, int64_t t)
{
    return target >= 0 && target < g->nplayers && target != seat && g->seats[seat].status != SEAT_EJECTED &&
           catchable(g, target, t);
}

/* KPGUT §10: the cheater takes back the cards played and draws 2. What the
 * play did to the pile, colour, direction and pending draw is undone; cards
 * others already drew because of it stay drawn. A cheater who was in turn
 * has spent the turn: it goes to the player after them (or, facing a draw,
 * the draw is theirs again). A play out of turn gives the turn back to the
 * player whose turn it was, where they were in it. */
static void take_back_cheat(UnoGame *g, EventSink *out)
{
    Cheat *ch = &g->cheat;
    int seat = ch->seat;
    for (int i = 0; i < ch->ncards; i++) {
        g->discard_kinds[ch->cards[i]]--;
        g->discard_n--;
        hand_add(&g->seats[seat].hand, ch->cards[i]);
    }
    g->top = ch->top;
    g->color = ch->color;
    g->direction = ch->direction;
    g->pending = ch->pending;
    g->pending_kind = ch->pending_kind;
    g->wd4_seat = ch->wd4_seat;
    g->wd4_illegal = ch->wd4_illegal;
    g->seats[seat].call = CALL_NONE;
    ev_emit(out, UNO_EV_CHEAT, seat, -1, UNO_NO_COLOR, ch->ncards, UNO_R_NONE, ch->cards, ch->ncards);
    ch->seat = -1;
    draw_cards(g, seat, g->rules.cheat_penalty, UNO_R_CHEAT, out, NULL);
    bool out_of_turn = ch->turn != seat && seat_active(g, ch->turn);
    g->turn = out_of_turn ? ch->turn : (int8_t)seat;
    if (out_of_turn) {
        g->phase = ch->phase;
        g->drawn = ch->drawn;
        g->turn_t = g->t;
        ev_emit(out, UNO_EV_TURN, g->turn, -1, UNO_NO_COLOR, 0, UNO_R_NONE, NULL, 0);
        return;
    }
    if (ch->turn != seat) { /* whose turn it was has left: their draw went with them */
        g->pending = 0;
        g->pending_kind = PENDING_NONE;
        g->wd4_seat = -1;
    }
    if (g->pending > 0) { /* the cheater faced a draw: it is theirs again */
        g->phase = UNO_PHASE_PENDING;
        return;
    }
    pass_turn(g, 1, out);
}

int call_catch(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen)
{
    int target = a->target;
    if (target < 0 || target >= g->nplayers)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "no seat %d to catch", target);
    if (!can_catch(g, a->seat, target, a->t)) {
        if (g->rules.uno_penalty == 0)
            return fail(err, errlen, UNO_E_ILLEGAL, "these rules give no penalty for a missed UNO");
        const Seat *s = &g->seats[target];
        if (s->call == CALL_FAULT && in_grace(g, s, a->t) && target != a->seat)
            return fail(err, errlen, UNO_E_ILLEGAL, "seat %d may still say UNO", target);
        return fail(err, errlen, UNO_E_ILLEGAL, "seat %d cannot be caught now", target);
    }
    ev_emit(out, UNO_EV_CATCH, a->seat, target, UNO_NO_COLOR, 0,
            g->rules.honour && g->cheat.seat == target ? UNO_R_CHEAT : UNO_R_UNO, NULL, 0);
    if (g->rules.honour && g->cheat.seat == target) {
        take_back_cheat(g, out);
        return UNO_OK;
    }
    g->seats[target].call = CALL_NONE;
    draw_penalty(g, target, g->rules.uno_penalty, UNO_R_UNO, out);
    return UNO_OK;
}

int suspectable(const UnoGame *g)
{
    return g->rules.tactical_suspect && g->phase != UNO_PHASE_OVER ? g->tactical_seat : -1;
}

bool can_suspect(const UnoGame *g, int seat, int target)
{
    /* "any other player": one still in the game, who can draw the cost */
    return target >= 0 && target == suspectable(g) && target != seat && seat_active(g, seat);
}

/* KPGUT §14: the suspected player shows their hand — to the oldest player,
 * or the youngest if they are the oldest (Finnish original), or to the
 * suspecter (translation, an option). Right: §15 follows; wrong: the
 * suspecter draws 4. */
int call_suspect(UnoGame *g, const UnoAction *a, EventSink *out, char *err, size_t errlen)
{
    int seat = a->seat, target = a->target;
    if (!g->rules.tactical_suspect)
        return fail(err, errlen, UNO_E_ILLEGAL, "these rules have no suspicion of tactical draws");
    if (!can_suspect(g, seat, target))
        return fail(err, errlen, UNO_E_ILLEGAL, "seat %d has not just drawn cards", target);
    bool right = g->tactical_right;
    int shown_to = seat;
    if (g->rules.suspect_shown_to == UNO_SHOWN_TO_OLDEST)
        shown_to = warner_for(g, target);
    if (ev_wanted(out, UNO_EV_REVEAL)) {
        UnoCard cards[UNO_MAX_CARDS];
        int n = uno_game_hand(g, target, cards, UNO_MAX_CARDS);
        ev_emit(out, UNO_EV_REVEAL, target, shown_to, UNO_NO_COLOR, n, UNO_R_SUSPECT, cards, n);
    }
    ev_emit(out, UNO_EV_SUSPECT, seat, target, UNO_NO_COLOR, right, UNO_R_NONE, NULL, 0);
    g->tactical_seat = -1;
    if (right) {
        warn_seat(g, warner_for(g, target), target, out);
        return UNO_OK;
    }
    draw_penalty(g, seat, g->rules.wrong_suspect_draw, UNO_R_SUSPECT, out);
    return UNO_OK;
}
