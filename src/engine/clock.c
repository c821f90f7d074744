/*
 * clock.c — timed rules on the caller's clock (docs/rules.md reading 10): the
 * away timer (KPGUT §8, option away_ms) and the one-hour limit of a scored
 * KPGUT game ("Scoring"). The UNO grace (§1) needs no timer: a catch compares
 * times (calls.c).
 */
#include "engine/game.h"

int64_t uno_game_start_time(const UnoGame *g) { return g->start_t; }

int64_t uno_game_limit_at(const UnoGame *g)
{
    if (g->phase == UNO_PHASE_OVER || g->rules.scoring != UNO_SCORING_SESSION || g->rules.time_limit_min <= 0)
        return INT64_MAX;
    return g->start_t + (int64_t)g->rules.time_limit_min * 60000;
}

int64_t uno_game_away_at(const UnoGame *g)
{
    return g->phase != UNO_PHASE_OVER && g->rules.away_ms > 0 ? g->turn_t + g->rules.away_ms : INT64_MAX;
}

static int64_t next_timer(const UnoGame *g)
{
    int64_t a = uno_game_away_at(g), b = uno_game_limit_at(g);
    return a < b ? a : b;
}

bool uno_game_timers_due(const UnoGame *g, int64_t t)
{
    return t >= next_timer(g);
}

/* §8: two cards are drawn to the absent player's hand unseen, and they lose
 * the turn. A draw they faced is theirs too; a colour they had to name
 * (a Wild turned up) is drawn at random by the engine for them.
 *
 * An absence that draws nothing (no card is left, or away_draw is 0) is a
 * turn in which nobody moved: a whole round of them ends the hand as it
 * stands (docs/rules.md reading 8), so that a table everyone has left stops
 * instead of passing the turn around for ever. With the stock running down
 * by at least a card per absence otherwise, the timers of one request fire
 * at most (cards to draw + players + 1) times, however far its "t" is. */
static void player_away(UnoGame *g, EventSink *out)
{
    int seat = g->turn;
    ev_emit(out, UNO_EV_TIMEOUT, seat, -1, UNO_NO_COLOR, 0, UNO_R_AWAY, NULL, 0);
    if (g->phase == UNO_PHASE_COLOR)
        g->color = (int8_t)uno_rng_below(&g->rng, UNO_COLORS);
    int n = g->rules.away_draw;
    int got = draw_cards(g, seat, n, UNO_R_AWAY, out, NULL);
    if (got < n && g->rules.stock_out_ends) {
        end_game_early(g, UNO_R_EXHAUSTED, out);
        return;
    }
    if (g->phase == UNO_PHASE_PENDING) {
        take_pending(g, out);
    } else if (got == 0) {
        stuck_turn(g, out);
    } else {
        g->stuck = 0;
        pass_turn(g, 1, out);
    }
}

void run_timers(UnoGame *g, int64_t t, EventSink *out)
{
    while (g->phase != UNO_PHASE_OVER && next_timer(g) <= t) {
        int64_t at = next_timer(g);
        if (at > g->t)
            g->t = at;
        if (at == uno_game_limit_at(g))
            end_game_early(g, UNO_R_TIME, out);
        else
            player_away(g, out);
    }
    g->t = t;
}
