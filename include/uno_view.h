/*
 * uno_view.h — what one seat may know of a game: the seat view, the one
 * input of the bots and what every front end shows a player (the engine's
 * public API, with uno.h).
 *
 * What it holds: the seat's own hand, every seat's card count, rank, score
 * and UNO call, the pile's top card and the colour in force, the pending
 * draw, phase, turn, direction, dealer, the clock, the pile sizes, the open
 * §11 vote, the actions the seat could take now (uno_game_legal for that
 * seat), and the public history (every card played or slid and by whom,
 * every draw's count, every hand shown to the seat: the UnoHistory the caller
 * keeps for that seat, see uno.h).
 *
 * What stays true:
 *  - Nothing hidden is in a view: it is built from uno.h's public accessors
 *    and the seat's history only, so two games that differ only in the cards
 *    of other seats' hands (or in the order of the stock) give equal views.
 *  - Building a view allocates nothing; the legal list keeps its first
 *    UNO_VIEW_MAX_LEGAL entries and `legal_total` says how many there were.
 *  - A view is a copy (but the history, which it points to): it stays valid
 *    after the game changes or is freed.
 */
#ifndef UNO_VIEW_H
#define UNO_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "uno.h"

#define UNO_VIEW_MAX_LEGAL 256

typedef struct UnoView {
    int seat;                            /* whose view this is */
    int nplayers;
    UnoRules rules;                      /* the rules in force (public) */
    UnoPhase phase;
    int turn;                            /* seat in turn, -1 when over */
    int direction;                       /* +1 clockwise, -1 */
    int dealer;
    UnoCard top;                         /* UNO_NO_CARD before KPGUT's opening play */
    int color;                           /* colour in force, UNO_NO_COLOR */
    int pending;                         /* cards the player in turn faces */
    int64_t clock;                       /* the game's clock (ms) */
    int stock_count, discard_count;
    /* the seat's own hand */
    int hand_count;
    uint8_t hand[UNO_KINDS];             /* counts per kind */
    /* every seat, by seat number */
    int counts[UNO_MAX_PLAYERS];         /* cards in hand */
    int ranks[UNO_MAX_PLAYERS];          /* uno_game_rank: 0 playing, 1.. finished, -1 ejected */
    bool said_uno[UNO_MAX_PLAYERS];      /* uno_game_said_uno */
    int scores[UNO_MAX_PLAYERS];         /* uno_game_score, where the rules score */
    int vote_opener;                     /* the open §11 vote's opener, -1: none */
    const UnoHistory *history;           /* the seat's record of the game, or NULL when none is kept */
    /* what the seat could do now */
    uint64_t playable;                   /* uno_game_playable: kinds a legal play may begin with */
    int nlegal;                          /* entries in legal[] */
    int legal_total;                     /* how many uno_game_legal counted */
    UnoAction legal[UNO_VIEW_MAX_LEGAL];
} UnoView;

/* Fills v with what `seat` sees of g now; v->history is h (the seat's
 * record of the game, or NULL). */
void uno_view_build(UnoView *v, const UnoGame *g, int seat, const UnoHistory *h);

/* The seat after `from` in the direction of play that is still playing
 * (rank 0), or -1 when there is none. */
int uno_view_next_active(const UnoView *v, int from);

#endif
