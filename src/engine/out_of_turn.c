/*
 * out_of_turn.c — uno_game_out_of_turn_types: what every seat not in turn
 * may do now, in one pass over the state. The questions uno_game_legal asks
 * of each pair of seats depend on the target alone (whether it may be
 * caught, suspected, warned or ruled on, and by whom): asked once a target
 * here, instead of once a pair, they cost an environment that asks every
 * seat after every action a fraction of the per-seat questions.
 */
#include <string.h>

#include "engine/game.h"

#define TYPE(t) (1u << (t))

/* The catches, suspicions, warnings and help rulings: for each target, the
 * seats that may make them. */
static void note_targets(const UnoGame *g, uint32_t types[])
{
    bool catches = any_catchable(g), judged = conduct_ruled(&g->rules);
    for (int target = 0; target < g->nplayers && (catches || judged); target++) {
        if (catches && catchable(g, target, -1))
            for (int seat = 0; seat < g->nplayers; seat++)
                if (seat != target && g->seats[seat].status != SEAT_EJECTED)
                    types[seat] |= TYPE(UNO_ACT_CATCH);
        int judge = judged ? judge_of(g, target) : -1;
        if (judge >= 0 && judge != target)
            types[judge] |= (g->rules.warnings ? TYPE(UNO_ACT_WARN) : 0) |
                            (g->rules.help_penalty > 0 ? TYPE(UNO_ACT_HELP) : 0);
    }
    int suspected = suspectable(g);
    for (int seat = 0; suspected >= 0 && seat < g->nplayers; seat++)
        if (seat != suspected && seat_active(g, seat))
            types[seat] |= TYPE(UNO_ACT_SUSPECT);
}

/* What seat may do of itself: jump in or slide, say UNO, give up, open a
 * dispute or vote. */
static uint32_t own_types(const UnoGame *g, int seat)
{
    const Seat *s = &g->seats[seat];
    uint32_t types = 0;
    if (out_of_turn_mask(g, seat))
        types |= TYPE(UNO_ACT_PLAY);
    if (can_call_uno(g, seat, -1))
        types |= TYPE(UNO_ACT_UNO);
    if (g->rules.giveup && seat_active(g, seat))
        types |= TYPE(UNO_ACT_GIVEUP);
    if (g->rules.votes && g->vote_opener < 0 && s->status != SEAT_EJECTED)
        types |= TYPE(UNO_ACT_DISPUTE);
    if (g->vote_opener >= 0 && s->vote < 0 && s->status != SEAT_EJECTED)
        types |= TYPE(UNO_ACT_VOTE);
    return types;
}

/* Whether some seat not in turn may do something of itself now: jump in
 * or slide (their rules), say UNO (only for a fault of its own:
 * can_call_uno), give up, open a dispute or vote (their rules). Most often
 * not, and then no seat is asked. */
static bool own_questions(const UnoGame *g)
{
    return g->rules.jump_in || g->rules.side_slide || g->maybe_fault || g->rules.giveup || g->rules.votes ||
           g->vote_opener >= 0;
}

uint32_t uno_game_out_of_turn_types(const UnoGame *g, uint32_t types[UNO_MAX_PLAYERS])
{
    memset(types, 0, (size_t)g->nplayers * sizeof types[0]);
    if (g->phase == UNO_PHASE_OVER)
        return 0;
    note_targets(g, types);
    bool own = own_questions(g);
    uint32_t seats = 0;
    for (int seat = 0; seat < g->nplayers; seat++) {
        types[seat] = seat == g->turn ? 0 : types[seat] | (own ? own_types(g, seat) : 0);
        seats |= (uint32_t)(types[seat] != 0) << seat;
    }
    return seats;
}
