/*
 * ending.c — players going out, ranking (KPGUT §6, "Ending the Game"), and
 * scores (MyUNO "Scoring", booklet partners, classic "Scoring", KPGUT
 * "Scoring" of sessions, whose rules are in session.c).
 */
#include "engine/game.h"
#include "uno_session.h"

static int minutes(const UnoGame *g) { return uno_session_minutes(g->t - g->start_t); }

static void finish_game(UnoGame *g, UnoReason reason, EventSink *out)
{
    g->phase = UNO_PHASE_OVER;
    g->turn = -1;
    g->pending = 0;
    g->pending_kind = PENDING_NONE;
    g->over_reason = (int8_t)reason;
    ev_emit(out, UNO_EV_OVER, -1, -1, UNO_NO_COLOR, 0, reason, NULL, 0);
}

static int hand_points(const UnoGame *g, int seat)
{
    int sum = 0;
    const Hand *h = &g->seats[seat].hand;
    for (uint64_t m = h->mask; m; m &= m - 1) { /* the kinds held: the mask's bits */
        int k = __builtin_ctzll(m);
        sum += h->kinds[k] * uno_card_points((UnoCard)k, g->rules.blank_points);
    }
    return sum;
}

/* MyUNO "Scoring": the winner scores the cards left in the others' hands;
 * the booklet's partners: the team scores both opponents' hands; the
 * alternative (MyUNO "Alternative scoring"): each keeps a tally of their own
 * leftover points. winner < 0: no one went out (docs/rules.md reading 8). */
static void score_hand(UnoGame *g, int winner)
{
    int won = 0;
    for (int s = 0; s < g->nplayers; s++)
        if (winner >= 0 && uno_game_team(g, s) != uno_game_team(g, winner))
            won += hand_points(g, s);
    for (int s = 0; s < g->nplayers; s++) {
        Seat *seat = &g->seats[s];
        if (seat->status == SEAT_EJECTED)
            continue; /* KPGUT §15: no score */
        switch (g->rules.scoring) {
        case UNO_SCORING_WINNER:
            seat->score = (int16_t)(winner >= 0 && uno_game_team(g, s) == uno_game_team(g, winner) ? won : 0);
            break;
        case UNO_SCORING_TALLY:
            seat->score = (int16_t)hand_points(g, s);
            break;
        default:
            seat->score = -1;
            break;
        }
    }
}

/* The counts KPGUT §6 compares (uno_session.h) of a hand. */
static void hand_counts(const Hand *h, UnoHandCounts *c)
{
    c->cards = h->count;
    for (int v = 0; v <= 9; v++) {
        c->numbers[v] = 0;
        for (int col = 0; col < UNO_COLORS; col++)
            c->numbers[v] += h->kinds[uno_card_make(col, v)];
    }
}

void order_section6(const Hand **hands, int *seats, int n, int *places)
{
    UnoHandCounts counts[UNO_MAX_PLAYERS];
    for (int i = 0; n > 1 && i < n; i++) /* one alone is compared with nobody */
        hand_counts(hands[i], &counts[i]);
    uno_section6_order(counts, seats, n, places);
}

/* What became of the seat so far, for uno_session_score (a finisher's
 * score is their minutes under session scoring). */
static UnoOutcome outcome(const UnoGame *g, int seat)
{
    const Seat *s = &g->seats[seat];
    UnoOutcome o = {.fate = UNO_FATE_LEFT};
    switch ((SeatStatus)s->status) {
    case SEAT_PLAYING:
        hand_counts(&s->hand, &o.hand);
        break;
    case SEAT_FINISHED:
        o.fate = UNO_FATE_FINISHED;
        o.order = s->rank;
        o.minutes = s->score;
        break;
    case SEAT_GAVE_UP:
        o.fate = UNO_FATE_GAVE_UP;
        break;
    case SEAT_EJECTED:
        o.fate = UNO_FATE_EJECTED;
        break;
    }
    return o;
}

/* KPGUT: the game ends with players still in: they are ranked after those
 * who finished, and under session scoring everyone is scored, as
 * uno_session_score (session.c) says. */
static void rank_remaining(UnoGame *g, UnoReason reason, EventSink *out)
{
    UnoOutcome o[UNO_MAX_PLAYERS];
    bool left[UNO_MAX_PLAYERS];
    int n = 0;
    for (int s = 0; s < g->nplayers; s++) {
        o[s] = outcome(g, s);
        left[s] = seat_active(g, s);
        n += left[s];
    }
    uno_session_score(o, g->nplayers, g->t - g->start_t, reason == UNO_R_TIME);
    bool session = g->rules.scoring == UNO_SCORING_SESSION;
    for (int rank = g->finished + 1; rank <= g->finished + n; rank++) /* best first, seat order among equals */
        for (int p = 0; p < g->nplayers; p++) {
            Seat *s = &g->seats[p];
            if (!left[p] || o[p].rank != rank)
                continue;
            s->status = SEAT_FINISHED;
            s->rank = (int8_t)rank;
            if (session)
                s->score = (int16_t)o[p].score;
            ev_emit(out, UNO_EV_FINISH, p, -1, UNO_NO_COLOR, s->rank, reason, NULL, 0);
        }
    g->finished = (int8_t)(g->finished + n);
    for (int p = 0; session && p < g->nplayers; p++)
        if (g->seats[p].status == SEAT_GAVE_UP)
            g->seats[p].score = (int16_t)o[p].score;
}

void player_out(UnoGame *g, int seat, EventSink *out)
{
    Seat *s = &g->seats[seat];
    s->status = SEAT_FINISHED;
    s->call = CALL_NONE;
    s->rank = (int8_t)++g->finished;
    if (!g->rules.play_to_last) {
        /* MyUNO "Going Out": once a player has no cards left, the round is
         * over; the booklet's partners: either partner going out ends it */
        ev_emit(out, UNO_EV_FINISH, seat, -1, UNO_NO_COLOR, 1, UNO_R_OUT, NULL, 0);
        int winners = 1;
        if (g->rules.partners)
            for (int p = 0; p < g->nplayers; p++)
                if (p != seat && uno_game_team(g, p) == uno_game_team(g, seat)) {
                    g->seats[p].rank = 1;
                    winners++;
                }
        for (int p = 0; p < g->nplayers; p++) /* the others share the next place */
            if (g->seats[p].rank == 0 && g->seats[p].status == SEAT_PLAYING)
                g->seats[p].rank = (int8_t)(winners + 1);
        score_hand(g, seat);
        finish_game(g, UNO_R_OUT, out);
        return;
    }
    /* KPGUT "Scoring": a finisher scores their minutes (session.c) */
    if (g->rules.scoring == UNO_SCORING_SESSION)
        s->score = (int16_t)minutes(g);
    ev_emit(out, UNO_EV_FINISH, seat, -1, UNO_NO_COLOR, s->rank, UNO_R_OUT, NULL, 0);
    check_last_player(g, out);
}

void end_game_early(UnoGame *g, UnoReason reason, EventSink *out)
{
    if (g->phase == UNO_PHASE_OVER)
        return;
    if (g->rules.play_to_last) {
        rank_remaining(g, reason, out);
    } else if (reason == UNO_R_LAST_PLAYER && active_players(g) == 1) {
        int s = 0;
        while (!seat_active(g, s))
            s++;
        g->seats[s].rank = 1;
        g->seats[s].status = SEAT_FINISHED;
        g->finished = 1;
        ev_emit(out, UNO_EV_FINISH, s, -1, UNO_NO_COLOR, 1, reason, NULL, 0);
        score_hand(g, s);
    } else {
        score_hand(g, -1);
    }
    finish_game(g, reason, out);
}

/* KPGUT "Ending the Game": the rest play on until one remains, the loser. */
void check_last_player(UnoGame *g, EventSink *out)
{
    if (g->phase != UNO_PHASE_OVER && active_players(g) <= 1)
        end_game_early(g, UNO_R_LAST_PLAYER, out);
}
