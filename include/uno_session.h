/*
 * uno_session.h — KPGUT's session scoring as pure functions of what
 * happened at the table, with no game and no cards: the engine's own games
 * (ending.c, match_score.c) score with them, and so does anyone keeping the
 * score of a game played with real cards (`uno serve`'s scorekeeper,
 * docs/scorekeeper.md).
 *
 * What this module owns: KPGUT §6 (the ranking of the players still in when
 * a game ends early), KPGUT "Scoring" of one game (minutes; 65, 70, 75, ...
 * at the hour; give-ups; ejected players) and of a session (the lowest
 * average per game wins), who of a group is oldest and youngest (who
 * deals, opens, keeps time, warns and breaks ties), and the conduct rules
 * a table applies to people rather than cards: §15 warnings (who warns,
 * which warning ejects), §13 joining a game in progress and §11 votes.
 * The engine's games (conduct.c) and the scorekeeper decide these with the
 * same functions, so each rule is written once.
 *
 * What stays true:
 *  - C11 and libc only, no I/O, no clock, no allocation: the same inputs give
 *    the same answers.
 *  - Players are numbered 0 .. n-1 in the caller's order (a game's seats);
 *    where a rule leaves a tie to nobody, the lower number comes first.
 */
#ifndef UNO_SESSION_H
#define UNO_SESSION_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Players one game may have at most here (the matches' UNO_MATCH_MAX_PLAYERS). */
#define UNO_SESSION_MAX_PLAYERS 64
/* KPGUT "Scoring": a game lasts at most an hour. */
#define UNO_SESSION_HOUR_MIN 60

/* What a player still in holds, for §6: cards in hand and, of them, the
 * number cards of each value 0 .. 9 (any colour). */
typedef struct UnoHandCounts {
    int cards;
    int numbers[10];
} UnoHandCounts;

/* KPGUT §6: fewer cards rank better; then fewer number cards; then more 0
 * cards, more 1 cards, ... more 9 cards. < 0 when a ranks before b, 0 when
 * they share a place. */
int uno_section6_compare(const UnoHandCounts *a, const UnoHandCounts *b);

/* KPGUT §6 for n players: sorts hands[] best first, stably, carrying ids[]
 * along (the caller's numbers for them), and gives each its place from 0 in
 * places[] (tied hands share the place of the first of them). */
void uno_section6_order(UnoHandCounts *hands, int *ids, int n, int *places);

/* What became of a player in one game. */
typedef enum UnoFate {
    UNO_FATE_LEFT,     /* still in when the game ended (ranked by §6) */
    UNO_FATE_FINISHED, /* went out */
    UNO_FATE_GAVE_UP,  /* §9 */
    UNO_FATE_EJECTED,  /* §15 */
} UnoFate;

typedef struct UnoOutcome {
    UnoFate fate;
    int order;          /* FINISHED: 1 for the first to go out, 2, ... */
    int minutes;        /* FINISHED: uno_session_minutes() when they went out */
    UnoHandCounts hand; /* LEFT: what they held (only compared when two or more are left) */
    /* filled in by uno_session_score: */
    int rank;           /* 1 best, ties share; give-ups share the last; ejected -1 */
    int score;          /* session points; ejected -1 */
} UnoOutcome;

/* KPGUT "Scoring": the whole minutes since the game began, ms after it. */
int uno_session_minutes(int64_t elapsed_ms);

/* KPGUT "Scoring" of one game that has ended, elapsed_ms after it began:
 * finishers score their minutes; those left are ranked after them by §6 and
 * score 65, 70, 75, ... by place when the hour ended the game (at_hour), or
 * otherwise (one player left, §5) the minutes now, as a finisher would;
 * give-ups score the second-last's score + 30, or 60, whichever is greater;
 * ejected players get no rank and no score. Fills in rank and score of
 * o[0 .. n-1]; n is at most UNO_SESSION_MAX_PLAYERS. */
void uno_session_score(UnoOutcome *o, int n, int64_t elapsed_ms, bool at_hour);

/* KPGUT "Scoring" of a session: a player's total over the games they have a
 * score in. < 0 when a stands before b (the lower average), 0 when equal.
 * Both must have games > 0. */
int uno_session_compare(int64_t total_a, int games_a, int64_t total_b, int games_b);

/* The oldest of n people by age (the first of equals), skipping ages < 0;
 * -1 when none. KPGUT: they deal, keep the time, warn (§15), break ties (§11). */
int uno_oldest(const int *ages, int n);
/* The youngest (the last of equals), likewise: they open the game; they
 * warn the oldest (§15). */
int uno_youngest(const int *ages, int n);

/* KPGUT §15 "Unsportsmanlike conduct": who gives the player `target` of n
 * a warning: the oldest player, or the youngest when target is the oldest.
 * ages[] as for uno_oldest (< 0: left the table). -1 when nobody can. */
int uno_warner(const int *ages, int n, int target);
/* The same choice where the oldest and the youngest are already known (the
 * engine notes them when the seats change). */
int uno_warner_of(int oldest, int youngest, int target);

/* KPGUT §15: "If the player continues said behavior, the player is
 * ejected": whether the warning that brings a player's count to `warnings`
 * ejects them (the second does). */
bool uno_warning_ejects(int warnings);

/* KPGUT §13 "Joining mid-game": why nobody may join a game now, or NULL
 * when a newcomer may (with the oldest player's consent, which the caller
 * has): only "if there is not yet a winner" (`finished` players have gone
 * out), and while the `seated` players leave a seat of `max_seats` free. */
const char *uno_join_refusal(int finished, int seated, int max_seats);

/* KPGUT §11 "Conflicts": a yes/no question, "the answer with most votes is
 * considered to be correct. In case of a tie, the oldest player's vote
 * breaks the tie." From the yes and no votes cast, the voters still to vote
 * and the oldest voter's vote (1 yes, 0 no, < 0 not yet): -1 while someone
 * has still to vote, else 1 for yes and 0 for no. */
int uno_vote_outcome(int yes, int no, int waiting, int oldest_vote);

#ifdef __cplusplus
}
#endif

#endif
