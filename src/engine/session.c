/*
 * session.c — KPGUT's session scoring and conduct rules without a game
 * (uno_session.h): §6 "Ending the game prematurely", "Scoring" ("Pisteet"),
 * the oldest and youngest of a group ("Starting the game", §11, §15), who
 * warns and when a warning ejects (§15), who may join (§13) and how a vote
 * ends (§11). The engine's games (ending.c, match_score.c, pile.c,
 * conduct.c) and the server's scorekeeper call these.
 */
#include <stddef.h>

#include "uno_session.h"

int uno_section6_compare(const UnoHandCounts *a, const UnoHandCounts *b)
{
    if (a->cards != b->cards)
        return a->cards - b->cards;
    int na = 0, nb = 0;
    for (int v = 0; v <= 9; v++) {
        na += a->numbers[v];
        nb += b->numbers[v];
    }
    if (na != nb)
        return na - nb;
    for (int v = 0; v <= 9; v++)
        if (a->numbers[v] != b->numbers[v])
            return b->numbers[v] - a->numbers[v];
    return 0; /* "still tied: their relative ranking is considered equal" */
}

void uno_section6_order(UnoHandCounts *hands, int *ids, int n, int *places)
{
    for (int i = 1; i < n; i++) /* insertion sort: stable, the caller's order among equals */
        for (int j = i; j > 0 && uno_section6_compare(&hands[j - 1], &hands[j]) > 0; j--) {
            UnoHandCounts h = hands[j];
            int id = ids[j];
            hands[j] = hands[j - 1];
            ids[j] = ids[j - 1];
            hands[j - 1] = h;
            ids[j - 1] = id;
        }
    for (int i = 0, place = 0; i < n; i++) {
        if (i > 0 && uno_section6_compare(&hands[i - 1], &hands[i]) != 0)
            place = i; /* equals keep the place of the first of them */
        places[i] = place;
    }
}

/* "When a player finishes, they get a score equal to the full minutes
 * elapsed since the beginning of the game." */
int uno_session_minutes(int64_t elapsed_ms) { return elapsed_ms > 0 ? (int)(elapsed_ms / 60000) : 0; }

/* KPGUT "Scoring": "If the game is in progress after one hour, the relative
 * ranking for the remaining players is determined as explained in Special
 * Situation § 6. The best remaining player gets 65 points, the next gets 70,
 * the next gets 75, etc. Players who have given up are given a score of the
 * second-last player + 30, or 60, whichever is greater. Players ejected as
 * per Special Situation §15 are not given score". §9: those who give up
 * share the last position; §15: the ejected get no rank. The second-last is
 * the worst-placed player who did not give up. */
void uno_session_score(UnoOutcome *o, int n, int64_t elapsed_ms, bool at_hour)
{
    UnoHandCounts hands[UNO_SESSION_MAX_PLAYERS];
    int left[UNO_SESSION_MAX_PLAYERS], places[UNO_SESSION_MAX_PLAYERS];
    int finished = 0, nleft = 0, gave_up = 0, ejected = 0;
    for (int p = 0; p < n; p++) {
        finished += o[p].fate == UNO_FATE_FINISHED;
        gave_up += o[p].fate == UNO_FATE_GAVE_UP;
        ejected += o[p].fate == UNO_FATE_EJECTED;
        if (o[p].fate == UNO_FATE_LEFT) {
            hands[nleft] = o[p].hand;
            left[nleft++] = p;
        }
    }
    uno_section6_order(hands, left, nleft, places);
    for (int i = 0; i < nleft; i++) {
        UnoOutcome *x = &o[left[i]];
        x->rank = finished + places[i] + 1;
        x->score = at_hour ? 65 + 5 * places[i] : uno_session_minutes(elapsed_ms);
    }
    int worst = 0, second_last = -1;
    for (int p = 0; p < n; p++) {
        if (o[p].fate == UNO_FATE_FINISHED) {
            o[p].rank = o[p].order;
            o[p].score = o[p].minutes;
        }
        if ((o[p].fate == UNO_FATE_FINISHED || o[p].fate == UNO_FATE_LEFT) && o[p].rank > worst) {
            worst = o[p].rank;
            second_last = o[p].score;
        }
    }
    for (int p = 0; p < n; p++)
        if (o[p].fate == UNO_FATE_GAVE_UP) {
            o[p].rank = n - ejected - gave_up + 1;
            o[p].score = second_last + 30 > 60 ? second_last + 30 : 60;
        } else if (o[p].fate == UNO_FATE_EJECTED) {
            o[p].rank = -1;
            o[p].score = -1;
        }
}

/* "each player divides the sum of their points with the number of the games
 * they participated. The player with a lowest score (average) is the
 * winner": ta/ga against tb/gb, compared exactly as ta*gb against tb*ga. */
int uno_session_compare(int64_t total_a, int games_a, int64_t total_b, int games_b)
{
    int64_t a = total_a * games_b, b = total_b * games_a;
    return (a > b) - (a < b);
}

/* docs/rules.md reading 7: ties of age are broken by seat order, the earlier
 * seat counting as older. */
int uno_oldest(const int *ages, int n)
{
    int best = -1;
    for (int p = 0; p < n; p++)
        if (ages[p] >= 0 && (best < 0 || ages[p] > ages[best]))
            best = p;
    return best;
}

int uno_youngest(const int *ages, int n)
{
    int best = -1;
    for (int p = 0; p < n; p++)
        if (ages[p] >= 0 && (best < 0 || ages[p] <= ages[best]))
            best = p;
    return best;
}

int uno_warner_of(int oldest, int youngest, int target)
{
    return target == oldest ? youngest : oldest;
}

int uno_warner(const int *ages, int n, int target)
{
    return uno_warner_of(uno_oldest(ages, n), uno_youngest(ages, n), target);
}

bool uno_warning_ejects(int warnings) { return warnings >= 2; }

const char *uno_join_refusal(int finished, int seated, int max_seats)
{
    if (finished > 0)
        return "the game has a winner: no one may join (KPGUT §13)";
    if (seated >= max_seats)
        return "the table is full";
    return NULL;
}

int uno_vote_outcome(int yes, int no, int waiting, int oldest_vote)
{
    if (waiting > 0)
        return -1;
    return yes != no ? yes > no : oldest_vote == 1;
}
