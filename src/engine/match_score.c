/*
 * match_score.c — a match's score pad, totals and standings (MyUNO
 * "Scoring", "Winning the game", "Alternative scoring and winning"; booklet
 * "Rules for partners", "Multi-table tournaments"; classic "SCORING"; KPGUT
 * "Scoring"). The games' own scores come from uno_game_score().
 */
#include <stdlib.h>

#include "engine/hash.h"
#include "engine/match.h"
#include "uno_session.h"

int match_current_score(const UnoMatch *m, int player)
{
    if (!uno_game_over(m->game))
        return -1;
    int seat = uno_match_player_seat(m, player);
    if (seat < 0 || uno_game_rank(m->game, seat) < 0)
        return -1; /* KPGUT "Scoring": ejected players are not given a score */
    return uno_game_score(m->game, seat);
}

bool match_current_ejected(const UnoMatch *m, int player)
{
    if (!uno_game_over(m->game))
        return false;
    int seat = uno_match_player_seat(m, player);
    return seat >= 0 && uno_game_rank(m->game, seat) < 0;
}

/* Booklet "Multi-table tournaments" 1: "Each player keeps track of their
 * points scored in each partnership". The partner sits opposite. */
static int current_partner(const UnoMatch *m, int player)
{
    if (m->kind != UNO_MATCH_TOURNAMENT)
        return -1;
    int seat = uno_match_player_seat(m, player);
    return seat < 0 ? -1 : uno_match_seat_player(m, (seat + 2) % 4);
}

int match_settle(UnoMatch *m)
{
    if (m->number >= m->pad_games) {
        int cap = m->pad_games ? 2 * m->pad_games : 16;
        int16_t *pad = realloc(m->pad, (size_t)cap * UNO_MATCH_MAX_PLAYERS * sizeof *pad);
        if (!pad)
            return -1;
        m->pad = pad;
        m->pad_games = cap;
    }
    int16_t *row = m->pad + (size_t)m->number * UNO_MATCH_MAX_PLAYERS;
    int n = uno_match_nplayers(m);
    for (int p = 0; p < UNO_MATCH_MAX_PLAYERS; p++)
        row[p] = (int16_t)(p < n ? match_current_score(m, p) : -1);
    for (int p = 0; p < n; p++) {
        bool in_game = uno_match_player_seat(m, p) >= 0;
        m->played[p] += in_game;
        m->disqualified[p] = m->disqualified[p] || match_current_ejected(m, p);
        if (row[p] < 0)
            continue;
        m->scored[p]++;
        m->total[p] += row[p];
        int partner = current_partner(m, p);
        if (partner >= 0)
            m->partner[p][partner] += row[p];
    }
    m->nbase = n; /* the joiners are players of the match from now on */
    return 0;
}

/* ---------------------------------------------------------------- scores */

int uno_match_total(const UnoMatch *m, int player)
{
    int now = match_current_score(m, player);
    return m->total[player] + (now > 0 ? now : 0);
}

int uno_match_games_played(const UnoMatch *m, int player)
{
    bool now = uno_game_over(m->game) && uno_match_player_seat(m, player) >= 0;
    return m->played[player] + now;
}

static int games_scored(const UnoMatch *m, int player)
{
    return m->scored[player] + (match_current_score(m, player) >= 0);
}

int uno_match_score(const UnoMatch *m, int game, int player)
{
    if (game >= 0 && game < m->number)
        return m->pad[(size_t)game * UNO_MATCH_MAX_PLAYERS + player];
    return game == m->number ? match_current_score(m, player) : -1;
}

/* KPGUT "Scoring": "each player divides the sum of their points with the
 * number of the games they participated". */
double uno_match_average(const UnoMatch *m, int player)
{
    int games = games_scored(m, player);
    return games ? (double)uno_match_total(m, player) / games : -1.0;
}

bool uno_match_disqualified(const UnoMatch *m, int player)
{
    return m->disqualified[player] || match_current_ejected(m, player);
}

/* Booklet "Rules for partners" 3: both partners score the team's points
 * (uno_game_score), so a team's total is either partner's. */
int uno_match_team_total(const UnoMatch *m, int team)
{
    if (!m->rules.partners || m->kind == UNO_MATCH_TOURNAMENT || team < 0 || team > 1)
        return -1;
    return uno_match_total(m, team); /* player `team` sits in team `team` */
}

int uno_match_partnership(const UnoMatch *m, int player, int partner)
{
    if (m->kind != UNO_MATCH_TOURNAMENT || player == partner)
        return 0;
    int now = current_partner(m, player) == partner ? match_current_score(m, player) : 0;
    return m->partner[player][partner] + (now > 0 ? now : 0);
}

/* ------------------------------------------------------------- standings */

static bool ranked(const UnoMatch *m, int player)
{
    if (uno_match_disqualified(m, player))
        return false;
    return m->kind != UNO_MATCH_SESSION || games_scored(m, player) > 0;
}

/* < 0 when a stands before b, 0 when they share a place. */
static int compare(const UnoMatch *m, int a, int b)
{
    int64_t ta = uno_match_total(m, a), tb = uno_match_total(m, b);
    if (m->kind == UNO_MATCH_SESSION) /* KPGUT: the lowest average wins (session.c) */
        return uno_session_compare(ta, games_scored(m, a), tb, games_scored(m, b));
    if (m->rules.scoring == UNO_SCORING_TALLY) /* MyUNO: the lowest points win */
        return (ta > tb) - (ta < tb);
    return (ta < tb) - (ta > tb); /* MyUNO "Winning the game": the most points */
}

int uno_match_rank(const UnoMatch *m, int player)
{
    if (!ranked(m, player))
        return -1;
    int rank = 1;
    for (int p = 0; p < uno_match_nplayers(m); p++)
        if (p != player && ranked(m, p) && compare(m, p, player) < 0)
            rank++;
    return rank;
}

/* The lowest-numbered player whose rank is the best (last: the worst). */
static int place_holder(const UnoMatch *m, bool last)
{
    if (!uno_match_over(m))
        return -1;
    int who = -1, best = 0;
    for (int p = 0; p < uno_match_nplayers(m); p++) {
        int r = uno_match_rank(m, p);
        if (r > 0 && (who < 0 || (last ? r > best : r < best))) {
            who = p;
            best = r;
        }
    }
    return who;
}

int uno_match_winner(const UnoMatch *m) { return place_holder(m, false); }

/* Player `team` sits in team `team` (uno_match_team_total). */
int uno_match_winning_team(const UnoMatch *m)
{
    if (!uno_match_over(m) || uno_match_team_total(m, 0) < 0)
        return -1;
    int first = uno_match_rank(m, 0), second = uno_match_rank(m, 1);
    return first == second ? -1 : first < second ? 0 : 1;
}
int uno_match_loser(const UnoMatch *m) { return place_holder(m, true); }

/* ------------------------------------------------------------------ hash */

/* The match's options, its players and their scores, and its game. */
uint64_t uno_match_hash(const UnoMatch *m)
{
    int64_t scalars[] = {m->kind, (int64_t)m->seed, m->opts.tournament, m->opts.target, m->opts.games,
                         m->opts.cycles, m->number, m->stopped, m->nbase, m->nseated, m->njoins};
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++)
        h = hash_mix(h, (uint64_t)scalars[i]);
    int8_t seating[UNO_MAX_PLAYERS];
    int seats = match_seating(m, seating);
    for (int s = 0; s < seats; s++)
        h = hash_mix(h, (uint64_t)seating[s]);
    for (int p = 0; p < uno_match_nplayers(m); p++) {
        h = hash_person(h, &m->players[p]);
        h = hash_mix(h, (uint64_t)uno_match_total(m, p));
        h = hash_mix(h, (uint64_t)uno_match_games_played(m, p));
        h = hash_mix(h, uno_match_disqualified(m, p));
        for (int g = 0; g <= m->number; g++)
            h = hash_mix(h, (uint64_t)uno_match_score(m, g, p));
    }
    return hash_mix(h, uno_game_hash(m->game));
}
