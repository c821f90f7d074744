/*
 * uno_match.h — the layer above one game: matches, sessions and tournaments.
 *
 * What this module owns: the series of games played under one rule set by
 * one group of people — who sits where in each game, who deals it, the seed
 * it is dealt with, each player's score in each game (the score pad), the
 * running totals, the end of the series and its standings. Three kinds:
 *
 *  - a target match (mattel, classic): hands until a player's total reaches
 *    the target (MyUNO "Scoring", "Winning the game"; classic "OBJECT",
 *    "SCORING"); with scoring = tally, each keeps a tally of their own
 *    leftover points and, once one reaches the target, the lowest total wins
 *    (MyUNO "Alternative scoring and winning"). With partners (booklet
 *    "Rules for partners") the two teams' totals are kept.
 *  - a tournament (booklet "Multi-table tournaments"): 4 players play four
 *    hands with each of the other three as partner; 8 players play at two
 *    tables, each player partnering every other for four hands. The
 *    partnerships follow a round-robin made with the circle method; the
 *    highest total wins (the lowest under tally scoring).
 *  - a session (KPGUT "Scoring" / "Pisteet"): several games, each scored by
 *    the engine (minutes; 65, 70, 75, … at the one-hour limit; give-ups);
 *    players ejected under §15 get no score and play no further game; the
 *    lowest average per game played wins, the highest loses.
 *
 * docs/matches.md tells how each works, with the books' words.
 *
 * What stays true:
 *  - Engine rules: C11 and libc only, no I/O, no clock, no rand(). Game 0 is
 *    dealt from the first setup as given (seed, dealer, deck top, clock), so
 *    it is the very game uno_game_new() would deal; game k > 0 is dealt with
 *    a seed derived from the first seed and k, and a dealer chosen by the
 *    rules (docs/matches.md says how).
 *  - A match is its rules, first setup, options and, game by game, the
 *    actions applied with UNO_OK and the clocks passed to uno_match_next():
 *    replaying them rebuilds the same match (uno_match_hash() is equal).
 *  - The match owns its current game. Act on it with uno_match_apply(), not
 *    uno_game_apply(): the match must see a KPGUT §13 join to know who sits
 *    where. The game may be put back to an earlier copy of itself (an undo
 *    with uno_game_copy()); joins made since are then forgotten too.
 *  - Players are numbered 0.. in the order of the first setup; a player who
 *    joins a game (§13) gets the next number and keeps it. Seats are those
 *    of the current game; uno_match_seat_player() and uno_match_player_seat()
 *    translate. Under mattel and classic (no tournament, no ejection) a
 *    player's seat is their number in every game.
 *  - Totals, ranks, the winner and over include the current game as soon as
 *    it is over; uno_match_next() then deals the next game (it changes no
 *    total). A game that is not over counts for nothing.
 */
#ifndef UNO_MATCH_H
#define UNO_MATCH_H

#include <stdbool.h>
#include <stdint.h>

#include "uno.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Players a match can have in all, joiners included (KPGUT §13). */
#define UNO_MATCH_MAX_PLAYERS 64
/* Booklet "Multi-table tournaments": four hands with each partner. */
#define UNO_MATCH_HANDS_PER_PARTNER 4

typedef enum UnoMatchKind {
    UNO_MATCH_TARGET,     /* scoring winner or tally: until a total reaches the target */
    UNO_MATCH_TOURNAMENT, /* booklet "Multi-table tournaments" */
    UNO_MATCH_SESSION,    /* scoring session: KPGUT "Scoring" */
} UnoMatchKind;

typedef struct UnoMatchOptions {
    bool tournament; /* a multi-table tournament (4 or 8 players; partners on) */
    int target;      /* target matches: 0 = the rule set's target (500) */
    int games;       /* sessions: games in the session; 0 = until uno_match_stop() */
    int cycles;      /* tournaments: times through every partnership; 0 = once */
} UnoMatchOptions;

/* All zero: no tournament, the rule set's target, an open session, once. */
void uno_match_options_init(UnoMatchOptions *o);

typedef struct UnoMatch UnoMatch;

/*
 * Starts a match and deals its first game. `first` gives the players (all of
 * them: 8 for an 8-player tournament), the seed, and for game 0 only the
 * dealer (-1: the rule set picks), the deck top and the clock. The kind is a
 * tournament when opts->tournament, a session when rules->scoring is
 * session, else a target match. Refused (NULL and a message): a rule set
 * with no scoring; a tournament without 4 or 8 players; joining (§13) with
 * partners or in a tournament; whatever uno_game_new() refuses; out of
 * memory. opts may be NULL (defaults).
 */
UnoMatch *uno_match_new(const UnoRules *rules, const UnoSetup *first, const UnoMatchOptions *opts,
                        char *err, size_t errlen);
/* uno_match_new with its status: UNO_OK and the match in *out, or the
 * status (UNO_E_BAD_REQUEST, UNO_E_NOMEM) and *out NULL. */
UnoStatus uno_match_create(const UnoRules *rules, const UnoSetup *first, const UnoMatchOptions *opts, UnoMatch **out,
                     char *err, size_t errlen);
void uno_match_free(UnoMatch *m);
/* A deep copy, with its own copy of the current game (an undo, a search).
 * NULL when out of memory. */
UnoMatch *uno_match_clone(const UnoMatch *m);

UnoMatchKind uno_match_kind(const UnoMatch *m);
const UnoMatchOptions *uno_match_options(const UnoMatch *m); /* as given, defaults filled in */
/* The rules each game is dealt with (a tournament's have partners on). */
const UnoRules *uno_match_rules(const UnoMatch *m);
int uno_match_target(const UnoMatch *m); /* target matches; 0 otherwise */

/* ------------------------------------------------------------- the games */

/* The current game, owned by the match (see "What stays true" for acting;
 * like strchr(), a const match gives a game the caller may act on). */
UnoGame *uno_match_game(const UnoMatch *m);
/* The current game's number: 0 for the first. Also the count of games
 * before it. */
int uno_match_game_number(const UnoMatch *m);
/* Games the match will have in all: a tournament's schedule, a session's
 * `games`; 0 when it ends by score (or when the session is open). */
int uno_match_games_planned(const UnoMatch *m);

/* uno_game_apply() on the current game, keeping track of joins (§13). A
 * join refused for want of room in the match is UNO_E_ILLEGAL; past the
 * room the games are dealt with (the first setup's room_newcomers and
 * room_spectators, kept for every game of the match), UNO_E_NO_ROOM. */
UnoStatus uno_match_apply(UnoMatch *m, const UnoAction *a, UnoEventFn emit, void *ctx, char *err,
                    size_t errlen);

/* Deals the next game, whose clock begins at t (ms; < 0: 0). emit (may be
 * NULL) receives the deal's events, as UnoSetup.emit does for
 * uno_game_new(): who deals, the first card and what it does, the first
 * turn. They come before the new game is the match's current game, and do
 * not count if the call then fails (out of memory). UNO_E_ILLEGAL while the
 * current game is not over; UNO_E_OVER when the match is over. */
UnoStatus uno_match_next(UnoMatch *m, int64_t t, UnoEventFn emit, void *ctx, char *err, size_t errlen);

/* Ends the match with the current game, which must be over (UNO_E_ILLEGAL
 * otherwise; UNO_E_OVER if the match already is): the way an open session
 * ends, or players stop early. The standings are then final. */
UnoStatus uno_match_stop(UnoMatch *m, char *err, size_t errlen);

/* The match has ended: a target reached (target matches), the schedule or
 * the session's games played, stopped, or too few players left to deal. */
bool uno_match_over(const UnoMatch *m);

/* ----------------------------------------------------------- the players */

int uno_match_nplayers(const UnoMatch *m); /* joiners included */
const UnoPlayerInfo *uno_match_player(const UnoMatch *m, int player);
/* The player at a seat of the current game; -1 for no such seat. */
int uno_match_seat_player(const UnoMatch *m, int seat);
/* The player's seat in the current game; -1 when they are not in it (the
 * other table of a tournament, disqualified). */
int uno_match_player_seat(const UnoMatch *m, int player);

/* ---------------------------------------------------------------- scores */

/* The player's total: the sum of their scores (points won, tally, or
 * session points). */
int uno_match_total(const UnoMatch *m, int player);
/* Games the player took part in (KPGUT "Scoring": the divisor). */
int uno_match_games_played(const UnoMatch *m, int player);
/* The score pad: the player's score in game `game` (0..number, the current
 * game once it is over); -1 where there is none (not in that game, ejected). */
int uno_match_score(const UnoMatch *m, int game, int player);
/* Sessions: total / games scored (KPGUT "Scoring"); -1 before any. */
double uno_match_average(const UnoMatch *m, int player);
/* KPGUT "Scoring": ejected under §15, out of the rest of the session and of
 * the standings. */
bool uno_match_disqualified(const UnoMatch *m, int player);

/* Partners (target matches): team 0 is players 0 and 2, team 1 players 1 and
 * 3 (uno_game_team()); the team's total (each partner's). -1 without
 * partners or in a tournament. */
int uno_match_team_total(const UnoMatch *m, int team);
/* Partners (target matches), once over: the team that won (0 or 1), whose
 * two players share the first place (booklet "Rules for partners": the
 * partners win together); -1 while the match goes on, when the teams tie,
 * without partners and in a tournament. */
int uno_match_winning_team(const UnoMatch *m);

/* ------------------------------------------------------------- standings */

/* The standings now (final once over): 1 best; players sharing a place share
 * the number; -1 not ranked (disqualified; in a session, no game scored yet).
 * Best is the highest total under scoring winner, the lowest under tally,
 * the lowest average in sessions. */
int uno_match_rank(const UnoMatch *m, int player);
/* Once over: the lowest-numbered player ranked first (several may share
 * it: see uno_match_rank()); -1 while the match goes on. */
int uno_match_winner(const UnoMatch *m);
/* Once over: the lowest-numbered player in the last place; -1 while not. */
int uno_match_loser(const UnoMatch *m);

/* ----------------------------------------------------------- tournaments */

/* Where one game of a tournament is played. Partners sit opposite: seats 0
 * and 2 are one team, 1 and 3 the other (booklet "Rules for partners"). */
typedef struct UnoMatchSlot {
    int round;      /* partnership round: 0 .. cycles × (players - 1) - 1 */
    int hand;       /* hand of the round at its table: 0..UNO_MATCH_HANDS_PER_PARTNER-1 */
    int table;      /* 0; 0 or 1 with 8 players */
    int players[4]; /* by seat */
} UnoMatchSlot;

/* Games in the tournament's schedule (0 for other kinds). With 8 players
 * the two tables' hands of a round alternate: table 0, table 1, table 0, … */
int uno_match_schedule_len(const UnoMatch *m);
/* Game `game` of the schedule: UNO_OK, or UNO_E_BAD_REQUEST when there is
 * no such game. */
UnoStatus uno_match_schedule(const UnoMatch *m, int game, UnoMatchSlot *out);
/* Booklet "Multi-table tournaments" 1: the points `player` scored with
 * `partner` as partner (0 for themselves or a non-partner). */
int uno_match_partnership(const UnoMatch *m, int player, int partner);

/* ------------------------------------------------------------- replaying */

/* A hash of the match's state (totals, seating, the current game's hash). */
uint64_t uno_match_hash(const UnoMatch *m);

#ifdef __cplusplus
}
#endif
#endif
