/*
 * match_schedule.c — the schedule of a multi-table tournament (booklet
 * "Multi-table tournaments"): with four players, four hands with each of the
 * other three as partner; with eight, two tables, every player partnering
 * every other for four hands.
 *
 * The partnerships are a round-robin made with the circle method: player
 * n-1 stays put, the others turn one place per round, and each round pairs
 * everybody, so that over n-1 rounds every pair partners exactly once. Each
 * round's two pairs (four with 8 players: two per table) play four hands
 * with partners opposite. Players are relabelled so that round 0 seats the
 * players as given: 0 and 2 against 1 and 3 (and 4 and 6 against 5 and 7).
 */
#include "engine/match.h"

static int tables_for(int n) { return n / 4; }

int match_schedule_len(int n, int cycles)
{
    return cycles * (n - 1) * UNO_MATCH_HANDS_PER_PARTNER * tables_for(n);
}

/* Pair i of round r of the circle method on labels 0..n-1. */
static void circle_pair(int n, int r, int i, int pair[2])
{
    int m = n - 1;
    if (i == 0) {
        pair[0] = m;
        pair[1] = r;
    } else {
        pair[0] = (r + i) % m;
        pair[1] = (r - i + m) % m;
    }
}

void match_schedule_slot(int n, int game, UnoMatchSlot *out)
{
    int tables = tables_for(n), per_round = UNO_MATCH_HANDS_PER_PARTNER * tables;
    int within = game % per_round;
    out->round = game / per_round;
    out->hand = within / tables;
    out->table = within % tables;
    /* label -> player: round 0's pair i sits as players (0,2), (1,3), (4,6), (5,7) */
    static const int first_seats[4][2] = {{0, 2}, {1, 3}, {4, 6}, {5, 7}};
    int player_of[MATCH_TOURNEY_MAX];
    for (int i = 0; i < n / 2; i++) {
        int pair[2];
        circle_pair(n, 0, i, pair);
        player_of[pair[0]] = first_seats[i][0];
        player_of[pair[1]] = first_seats[i][1];
    }
    /* this table's two pairs sit with partners opposite: a, c, b, d */
    int r = out->round % (n - 1), a[2], b[2];
    circle_pair(n, r, 2 * out->table, a);
    circle_pair(n, r, 2 * out->table + 1, b);
    out->players[0] = player_of[a[0]];
    out->players[1] = player_of[b[0]];
    out->players[2] = player_of[a[1]];
    out->players[3] = player_of[b[1]];
}
