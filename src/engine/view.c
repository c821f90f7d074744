/*
 * view.c — a seat's view of a game (uno_view.h), from uno.h's public
 * accessors and the seat's history only.
 */
#include <string.h>

#include "uno_view.h"

void uno_view_build(UnoView *v, const UnoGame *g, int seat, const UnoHistory *h)
{
    v->seat = seat;
    v->nplayers = uno_game_nplayers(g);
    v->rules = *uno_game_rules(g);
    v->phase = uno_game_phase(g);
    v->turn = uno_game_turn(g);
    v->direction = uno_game_direction(g);
    v->dealer = uno_game_dealer(g);
    v->top = uno_game_top(g);
    v->color = uno_game_color(g);
    v->pending = uno_game_pending(g);
    v->clock = uno_game_clock(g);
    v->stock_count = uno_game_stock_count(g);
    v->discard_count = uno_game_discard_count(g);
    v->hand_count = uno_game_hand_count(g, seat);
    memcpy(v->hand, uno_game_hand_kinds(g, seat), sizeof v->hand);
    for (int s = 0; s < UNO_MAX_PLAYERS; s++) {
        bool at_table = s < v->nplayers;
        v->counts[s] = at_table ? uno_game_hand_count(g, s) : 0;
        v->ranks[s] = at_table ? uno_game_rank(g, s) : 0;
        v->said_uno[s] = at_table && uno_game_said_uno(g, s);
        v->scores[s] = at_table ? uno_game_score(g, s) : 0;
    }
    if (!uno_game_vote_open(g, &v->vote_opener))
        v->vote_opener = -1;
    v->history = h;
    v->playable = uno_game_playable(g, seat);
    v->nlegal = uno_game_legal(g, seat, v->legal, UNO_VIEW_MAX_LEGAL, &v->legal_total);
}

int uno_view_next_active(const UnoView *v, int from)
{
    int n = v->nplayers;
    for (int step = 1; step < n; step++) {
        int s = ((from + step * v->direction) % n + n) % n;
        if (v->ranks[s] == 0)
            return s;
    }
    return -1;
}
