/*
 * match.h — the state of a match (uno_match.h) and what its modules share:
 * match.c deals and advances the games, match_score.c keeps the totals and
 * standings, match_schedule.c makes a tournament's schedule.
 *
 * What stays true:
 *  - The per-player fields (total, played, scored, disqualified, partner)
 *    cover the games before the current one; the current game counts once
 *    it is over, computed from it on demand (match_score.c), so that an
 *    undo of the game needs no undo here.
 *  - Players 0 .. nbase-1 are those of the games before; the current game's
 *    joiners are players nbase, nbase+1, … in the order they joined, and
 *    their infos are already in players[]. Only the first
 *    (game seats - nseated) recorded joins are real (match_joins()).
 *  - seat_player[] is the current game's seating at the deal; joins insert
 *    seats (KPGUT §13: later seats move up one).
 */
#ifndef UNO_ENGINE_MATCH_H
#define UNO_ENGINE_MATCH_H

#include "uno.h"
#include "uno_match.h"

#define MATCH_TABLES 2         /* booklet "Multi-table tournaments": up to two */
#define MATCH_TOURNEY_MAX 8    /* ... of four players each */

/* Who sat where in the last game played at a table, and who dealt it. */
typedef struct MatchTable {
    int nseats;                /* 0: no game there yet */
    int8_t players[UNO_MAX_PLAYERS];
    int8_t dealer;             /* a player */
} MatchTable;

struct UnoMatch {
    UnoRules rules;            /* as the games are dealt */
    UnoMatchOptions opts;
    UnoMatchKind kind;
    uint64_t seed;
    int room_newcomers;        /* the first setup's room, for every game (UnoSetup) */
    int room_spectators;
    int number;                /* the current game's number */
    bool stopped;
    int nbase;                 /* players before the current game's joiners */
    UnoPlayerInfo players[UNO_MATCH_MAX_PLAYERS];
    int total[UNO_MATCH_MAX_PLAYERS];
    int played[UNO_MATCH_MAX_PLAYERS];
    int scored[UNO_MATCH_MAX_PLAYERS];
    bool disqualified[UNO_MATCH_MAX_PLAYERS];
    int partner[MATCH_TOURNEY_MAX][MATCH_TOURNEY_MAX]; /* tournaments: points by partnership */
    /* the current game */
    UnoGame *game;
    int nseated;
    int8_t seat_player[UNO_MAX_PLAYERS];
    int njoins;
    int8_t join_seat[UNO_MAX_PLAYERS]; /* the seat each joiner took, as the game saw it */
    MatchTable tables[MATCH_TABLES];
    /* the score pad of the games before the current one */
    int16_t *pad;              /* pad[game * UNO_MATCH_MAX_PLAYERS + player], -1: none */
    int pad_games;             /* capacity, in games */
};

/* ---- match.c ---- */
/* Joins made in the current game that the game still holds. */
int match_joins(const UnoMatch *m);
/* The current game's seating now (joins included): player by seat; returns
 * the seat count. */
int match_seating(const UnoMatch *m, int8_t players[UNO_MAX_PLAYERS]);

/* ---- match_score.c ---- */
/* The player's score in the current game: -1 while it is not over, when they
 * are not in it, or ejected (KPGUT §15: no score). */
int match_current_score(const UnoMatch *m, int player);
/* Ejected from the current game, which is over (KPGUT "Scoring"). */
bool match_current_ejected(const UnoMatch *m, int player);
/* Adds the current game (over) to the totals, pad and partnerships. 0, or
 * -1 when out of memory (nothing changed). */
int match_settle(UnoMatch *m);

/* ---- match_schedule.c ---- */
/* Games in a tournament of n players (4 or 8) over `cycles` round-robins. */
int match_schedule_len(int n, int cycles);
/* The slot of game `game` (0 .. len-1) of such a tournament. */
void match_schedule_slot(int n, int game, UnoMatchSlot *out);

#endif
