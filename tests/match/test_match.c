/*
 * test_match.c — matches, sessions and tournaments (include/uno_match.h,
 * src/engine/match*.c; docs/matches.md).
 *
 * Whole matches are driven to their end by a trivial policy: the player in
 * turn takes the first legal action uno_game_legal() lists. The checks are
 * the books' words: MyUNO "Scoring", "Winning the game" and "Alternative
 * scoring and winning"; classic "GOING OUT" (the deal passes on); booklet
 * "Rules for partners" and "Multi-table tournaments"; KPGUT "Scoring"
 * (minutes; 65, 70, 75 at the hour; give-ups; ejected players; averages).
 * The protocol extension (docs/protocol.md "Matches, sessions and
 * tournaments") is driven through an in-process UnoTable.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <cJSON.h>

#include "protocol/protocol.h"
#include "uno.h"
#include "uno_match.h"

#define MAX_ACTIONS 50000
#define MAX_GAMES 400

/* ------------------------------------------------------------- helpers */

static UnoRules preset(const char *name)
{
    UnoRules r;
    char err[UNO_ERR_LEN] = "";
    if (uno_rules_preset(name, &r, err, sizeof err) != UNO_OK)
        fail_msg("preset %s: %s", name, err);
    return r;
}

static UnoSetup players(int n, uint64_t seed)
{
    UnoSetup s;
    uno_setup_init(&s);
    s.nplayers = n;
    s.seed = seed;
    for (int i = 0; i < n; i++) {
        snprintf(s.players[i].name, UNO_NAME_LEN, "P%d", i);
        s.players[i].age = 20 + 3 * i; /* the last seat is the oldest */
    }
    return s;
}

static UnoMatch *start(const UnoRules *r, const UnoSetup *s, const UnoMatchOptions *o)
{
    char err[UNO_ERR_LEN] = "";
    UnoMatch *m = uno_match_new(r, s, o, err, sizeof err);
    if (!m)
        fail_msg("uno_match_new: %s", err);
    return m;
}

/* What one game showed: when each seat finished by going out (KPGUT
 * "Scoring": the whole minutes at that moment). */
typedef struct Seen {
    int64_t now;                        /* the clock of the action being applied */
    int64_t out_t[UNO_MAX_PLAYERS];     /* -1: did not go out */
} Seen;

static void watch(void *ctx, const UnoEvent *ev)
{
    Seen *seen = ctx;
    if (ev->type == UNO_EV_FINISH && ev->reason == UNO_R_OUT && seen->out_t[ev->seat] < 0)
        seen->out_t[ev->seat] = seen->now;
}

/* The actions applied, in order (replays). */
typedef struct Log {
    UnoAction *actions;
    int n, cap;
    int ends[MAX_GAMES]; /* actions before game k+1 */
} Log;

static Log *recording; /* where apply_ok() records, or NULL */

static void apply_ok(UnoMatch *m, UnoAction *a, Seen *seen)
{
    char err[UNO_ERR_LEN] = "";
    if (seen)
        seen->now = a->t;
    int st = uno_match_apply(m, a, seen ? watch : NULL, seen, err, sizeof err);
    if (st != UNO_OK)
        fail_msg("%s by seat %d refused: %s", uno_action_name(a->type), a->seat, err);
    if (recording) {
        if (recording->n == recording->cap) {
            recording->cap = recording->cap ? 2 * recording->cap : 1024;
            recording->actions = realloc(recording->actions, (size_t)recording->cap * sizeof *a);
            assert_non_null(recording->actions);
        }
        recording->actions[recording->n++] = *a;
    }
}

/* Plays the current game to its end: the player in turn takes the first
 * legal action. Each action's clock is *clock, which then advances by step
 * (clock NULL: the clock stands still). */
static void play_game(UnoMatch *m, int64_t *clock, int64_t step, Seen *seen)
{
    UnoGame *g = uno_match_game(m);
    UnoAction moves[256];
    if (seen)
        for (int s = 0; s < UNO_MAX_PLAYERS; s++)
            seen->out_t[s] = -1;
    for (int i = 0; !uno_game_over(g); i++) {
        if (i >= MAX_ACTIONS)
            fail_msg("game %d did not end", uno_match_game_number(m));
        int total, n = uno_game_legal(g, uno_game_turn(g), moves, 256, &total);
        assert_true(n > 0);
        UnoAction a = moves[0];
        a.t = -1;
        if (clock) {
            a.t = *clock;
            *clock += step;
            UnoAction tick; /* the hour may be up (KPGUT "Scoring"): let time pass first */
            uno_action_init(&tick, UNO_ACT_TICK, -1);
            tick.t = a.t;
            apply_ok(m, &tick, seen);
            if (uno_game_over(g))
                break;
        }
        apply_ok(m, &a, seen);
    }
}

static void next_ok(UnoMatch *m, int64_t t)
{
    char err[UNO_ERR_LEN] = "";
    if (uno_match_next(m, t, NULL, NULL, err, sizeof err) != UNO_OK)
        fail_msg("uno_match_next after game %d: %s", uno_match_game_number(m), err);
}

static int hand_points(const UnoGame *g, int seat)
{
    UnoCard cards[UNO_MAX_CARDS];
    int n = uno_game_hand(g, seat, cards, UNO_MAX_CARDS), sum = 0;
    for (int i = 0; i < n; i++)
        sum += uno_card_points(cards[i], uno_game_rules(g)->blank_points);
    return sum;
}

/* MyUNO "Scoring": the one who went out (booklet partners: their team)
 * scores the cards left in the opponents' hands; nobody else scores. */
static int expected_winner_score(const UnoGame *g, int seat)
{
    int winner = -1, n = uno_game_nplayers(g);
    for (int s = 0; s < n; s++)
        if (uno_game_rank(g, s) == 1 && uno_game_hand_count(g, s) == 0)
            winner = s;
    if (winner < 0 || uno_game_team(g, seat) != uno_game_team(g, winner))
        return 0;
    int won = 0;
    for (int s = 0; s < n; s++)
        if (uno_game_team(g, s) != uno_game_team(g, winner))
            won += hand_points(g, s);
    return won;
}

static int max_total(const UnoMatch *m)
{
    int best = -1;
    for (int p = 0; p < uno_match_nplayers(m); p++)
        if (uno_match_total(m, p) > best)
            best = uno_match_total(m, p);
    return best;
}

/* ------------------------------------------------- mattel, classic, tally */

/* MyUNO "Scoring" and "Winning the game": each hand's winner scores the
 * others' cards; the first to reach 500 wins (and so has the highest total). */
static void test_mattel_to_500(void **state)
{
    (void)state;
    UnoRules r = preset("mattel");
    UnoSetup s = players(3, 11);
    UnoMatch *m = start(&r, &s, NULL);
    assert_int_equal(uno_match_kind(m), UNO_MATCH_TARGET);
    assert_int_equal(uno_match_target(m), 500);
    char err[UNO_ERR_LEN];
    assert_int_equal(uno_match_next(m, -1, NULL, NULL, err, sizeof err), UNO_E_ILLEGAL); /* not over */
    int before[3] = {0, 0, 0};
    for (;;) {
        assert_true(uno_match_game_number(m) < MAX_GAMES);
        assert_true(max_total(m) < 500);
        assert_false(uno_match_over(m));
        play_game(m, NULL, 0, NULL);
        const UnoGame *g = uno_match_game(m);
        for (int p = 0; p < 3; p++) {
            int won = expected_winner_score(g, p);
            assert_int_equal(uno_match_score(m, uno_match_game_number(m), p), won);
            assert_int_equal(uno_match_total(m, p), before[p] + won);
            before[p] += won;
            assert_int_equal(uno_match_games_played(m, p), uno_match_game_number(m) + 1);
        }
        if (uno_match_over(m))
            break;
        assert_int_equal(uno_match_winning_team(m), -1); /* not before the end */
        next_ok(m, -1);
    }
    int w = uno_match_winner(m);
    assert_true(w >= 0);
    assert_true(uno_match_total(m, w) >= 500);
    assert_int_equal(uno_match_total(m, w), max_total(m));
    assert_int_equal(uno_match_rank(m, w), 1);
    for (int p = 0; p < 3; p++)
        if (p != w)
            assert_true(uno_match_total(m, p) < 500);
    assert_int_equal(uno_match_next(m, -1, NULL, NULL, err, sizeof err), UNO_E_OVER);
    assert_int_equal(uno_match_stop(m, err, sizeof err), UNO_E_OVER);
    uno_match_free(m);
}

/* MyUNO "Alternative scoring and winning": each keeps a running tally of
 * the points they are left with; when one reaches 500, the lowest wins. */
static void test_tally_lowest_wins(void **state)
{
    (void)state;
    UnoRules r = preset("mattel");
    r.scoring = UNO_SCORING_TALLY;
    UnoSetup s = players(4, 5);
    UnoMatchOptions o;
    uno_match_options_init(&o);
    o.target = 300; /* a shorter match, the same rule */
    UnoMatch *m = start(&r, &s, &o);
    assert_int_equal(uno_match_target(m), 300);
    int before[4] = {0};
    for (;;) {
        assert_true(uno_match_game_number(m) < MAX_GAMES);
        play_game(m, NULL, 0, NULL);
        const UnoGame *g = uno_match_game(m);
        for (int p = 0; p < 4; p++) {
            before[p] += hand_points(g, p);
            assert_int_equal(uno_match_total(m, p), before[p]);
        }
        if (uno_match_over(m))
            break;
        assert_true(max_total(m) < 300);
        next_ok(m, -1);
    }
    assert_true(max_total(m) >= 300);
    int w = uno_match_winner(m), lowest = before[0];
    for (int p = 1; p < 4; p++)
        lowest = before[p] < lowest ? before[p] : lowest;
    assert_int_equal(uno_match_total(m, w), lowest);
    assert_int_equal(uno_match_rank(m, w), 1);
    int l = uno_match_loser(m);
    assert_int_equal(uno_match_total(m, l), max_total(m));
    uno_match_free(m);
}

/* Classic "GOING OUT": "another hand is dealt (the deal passing to the
 * player on the right (left) of the player who dealt the previous hand)";
 * docs/rules.md reading 11 takes the left: seat + 1. The first hand's dealer is
 * the one the setup names. Mattel's deal passes on too (deal_rotates). */
static void check_rotation(const char *rules, int first_dealer, int hands)
{
    UnoRules r = preset(rules);
    UnoSetup s = players(4, 77);
    s.dealer = first_dealer;
    UnoMatch *m = start(&r, &s, NULL);
    int dealer = uno_game_dealer(uno_match_game(m));
    assert_int_equal(dealer, first_dealer);
    for (int k = 1; k < hands && !uno_match_over(m); k++) {
        play_game(m, NULL, 0, NULL);
        if (uno_match_over(m))
            break;
        next_ok(m, -1);
        int next = uno_game_dealer(uno_match_game(m));
        assert_int_equal(next, (dealer + 1) % 4);
        dealer = next;
    }
    assert_true(uno_match_game_number(m) >= 5);
    uno_match_free(m);
}

static void test_classic_deal_rotates_left(void **state)
{
    (void)state;
    check_rotation("classic", 2, 12);
    check_rotation("mattel", 0, 12);
}

/* Without a dealer in the setup, the first hand's dealer is the high-card
 * draw (MyUNO "Setup" 1), exactly as uno_game_new() would deal it. */
static void test_first_game_is_the_plain_game(void **state)
{
    (void)state;
    UnoRules r = preset("mattel");
    UnoSetup s = players(5, 1234);
    char err[UNO_ERR_LEN];
    UnoGame *plain = uno_game_new(&r, &s, err, sizeof err);
    assert_non_null(plain);
    UnoMatch *m = start(&r, &s, NULL);
    assert_int_equal(uno_game_hash(uno_match_game(m)), uno_game_hash(plain));
    uno_game_free(plain);
    uno_match_free(m);
}

/* Booklet "Rules for partners": partners sit across; either going out ends
 * the hand; the team scores both opponents' hands. */
static void test_partners_team_totals(void **state)
{
    (void)state;
    UnoRules r = preset("mattel");
    r.partners = true;
    UnoSetup s = players(4, 99);
    UnoMatch *m = start(&r, &s, NULL);
    int team[2] = {0, 0};
    for (;;) {
        assert_true(uno_match_game_number(m) < MAX_GAMES);
        play_game(m, NULL, 0, NULL);
        const UnoGame *g = uno_match_game(m);
        int won[2] = {expected_winner_score(g, 0), expected_winner_score(g, 1)};
        assert_true(won[0] == 0 || won[1] == 0);
        for (int t = 0; t < 2; t++) {
            team[t] += won[t];
            assert_int_equal(uno_match_team_total(m, t), team[t]);
            assert_int_equal(uno_match_total(m, t), team[t]);
            assert_int_equal(uno_match_total(m, t + 2), team[t]); /* partner opposite */
        }
        if (uno_match_over(m))
            break;
        assert_int_equal(uno_match_winning_team(m), -1); /* not before the end */
        next_ok(m, -1);
    }
    int w = uno_match_winner(m);
    int wt = w % 2;
    assert_true(team[wt] >= 500 && team[1 - wt] < 500);
    assert_int_equal(uno_match_rank(m, wt), 1);
    assert_int_equal(uno_match_rank(m, wt + 2), 1); /* the team wins together */
    assert_int_equal(uno_match_rank(m, 1 - wt), 3);
    assert_int_equal(uno_match_winning_team(m), wt); /* a team won: no tie between partners */
    uno_match_free(m);
}

/* Without partners there is no winning team; nor before the end. */
static void test_no_winning_team_without_partners(void **state)
{
    (void)state;
    UnoRules r = preset("mattel");
    UnoSetup s = players(4, 99);
    UnoMatch *m = start(&r, &s, NULL);
    assert_int_equal(uno_match_winning_team(m), -1);
    while (!uno_match_over(m)) {
        assert_true(uno_match_game_number(m) < MAX_GAMES);
        play_game(m, NULL, 0, NULL);
        if (!uno_match_over(m))
            next_ok(m, -1);
    }
    assert_int_equal(uno_match_winning_team(m), -1);
    uno_match_free(m);
}

/* ---------------------------------------------------------- tournaments */

/* Booklet "Multi-table tournaments": the schedule. Every slot seats four
 * different players, partners opposite (seats 0 & 2, 1 & 3); every pair of
 * players partners exactly `hands` hands; with 8 players each round has two
 * tables holding all eight. */
static void check_schedule(const UnoMatch *m, int n, int cycles)
{
    int len = uno_match_schedule_len(m), tables = n / 4;
    assert_int_equal(len, cycles * (n - 1) * 4 * tables);
    int together[8][8] = {{0}};
    for (int k = 0; k < len; k++) {
        UnoMatchSlot slot;
        assert_int_equal(uno_match_schedule(m, k, &slot), UNO_OK);
        assert_int_equal(slot.round, k / (4 * tables));
        assert_int_equal(slot.table, k % tables);
        assert_int_equal(slot.hand, (k / tables) % 4);
        int seen = 0;
        for (int s = 0; s < 4; s++) {
            assert_in_range(slot.players[s], 0, n - 1);
            assert_false(seen & (1 << slot.players[s]));
            seen |= 1 << slot.players[s];
        }
        for (int s = 0; s < 2; s++) {
            together[slot.players[s]][slot.players[s + 2]]++;
            together[slot.players[s + 2]][slot.players[s]]++;
        }
        if (tables == 2 && slot.table == 1) { /* both tables of the round: everybody */
            UnoMatchSlot other;
            assert_int_equal(uno_match_schedule(m, k - 1, &other), UNO_OK);
            for (int s = 0; s < 4; s++)
                seen |= 1 << other.players[s];
            assert_int_equal(seen, 0xff);
        }
        if (slot.hand > 0) { /* a round keeps its seating for four hands */
            UnoMatchSlot prev;
            assert_int_equal(uno_match_schedule(m, k - tables, &prev), UNO_OK);
            assert_memory_equal(prev.players, slot.players, sizeof slot.players);
        }
    }
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            assert_int_equal(together[a][b], a == b ? 0 : 4 * cycles);
    UnoMatchSlot slot;
    assert_int_equal(uno_match_schedule(m, len, &slot), UNO_E_BAD_REQUEST);
}

/* Plays a tournament to its end; "Each player keeps track of their points
 * scored in each partnership" and "the person scoring the highest number of
 * points is the winner". */
static void play_tournament(UnoMatch *m, int n)
{
    int partner_points[8][8] = {{0}};
    for (;;) {
        int k = uno_match_game_number(m);
        UnoMatchSlot slot;
        assert_int_equal(uno_match_schedule(m, k, &slot), UNO_OK);
        const UnoGame *g = uno_match_game(m);
        assert_int_equal(uno_game_nplayers(g), 4);
        assert_true(uno_game_rules(g)->partners);
        for (int s = 0; s < 4; s++) {
            assert_int_equal(uno_match_seat_player(m, s), slot.players[s]);
            assert_int_equal(uno_match_player_seat(m, slot.players[s]), s);
        }
        play_game(m, NULL, 0, NULL);
        for (int s = 0; s < 4; s++) {
            int p = slot.players[s], q = slot.players[(s + 2) % 4];
            int won = expected_winner_score(g, s);
            assert_int_equal(uno_match_score(m, k, p), won);
            partner_points[p][q] += won;
        }
        for (int p = 0; p < n; p++)
            if (uno_match_player_seat(m, p) < 0)
                assert_int_equal(uno_match_score(m, k, p), -1); /* the other table */
        if (uno_match_over(m))
            break;
        next_ok(m, -1);
    }
    assert_int_equal(uno_match_game_number(m) + 1, uno_match_schedule_len(m));
    for (int p = 0; p < n; p++) {
        int sum = 0;
        for (int q = 0; q < n; q++) {
            assert_int_equal(uno_match_partnership(m, p, q), partner_points[p][q]);
            sum += partner_points[p][q];
        }
        assert_int_equal(uno_match_total(m, p), sum);
        assert_int_equal(uno_match_games_played(m, p), uno_match_schedule_len(m) * 4 / n);
    }
    int w = uno_match_winner(m);
    assert_int_equal(uno_match_total(m, w), max_total(m));
}

static void test_tournament_four(void **state)
{
    (void)state;
    UnoRules r = preset("mattel");
    UnoSetup s = players(4, 4);
    UnoMatchOptions o;
    uno_match_options_init(&o);
    o.tournament = true;
    UnoMatch *m = start(&r, &s, &o);
    assert_int_equal(uno_match_kind(m), UNO_MATCH_TOURNAMENT);
    assert_int_equal(uno_match_schedule_len(m), 12); /* four hands with each of three */
    assert_int_equal(uno_match_games_planned(m), 12);
    check_schedule(m, 4, 1);
    UnoMatchSlot first;
    uno_match_schedule(m, 0, &first);
    for (int seat = 0; seat < 4; seat++)
        assert_int_equal(first.players[seat], seat); /* round 0 seats the players as given */
    play_tournament(m, 4);
    uno_match_free(m);

    o.cycles = 2; /* "Play several rounds" */
    m = start(&r, &s, &o);
    check_schedule(m, 4, 2);
    uno_match_free(m);
}

static void test_tournament_eight(void **state)
{
    (void)state;
    UnoRules r = preset("mattel");
    UnoSetup s = players(8, 8);
    UnoMatchOptions o;
    uno_match_options_init(&o);
    o.tournament = true;
    UnoMatch *m = start(&r, &s, &o);
    assert_int_equal(uno_match_schedule_len(m), 56); /* 7 rounds x 4 hands x 2 tables */
    check_schedule(m, 8, 1);
    play_tournament(m, 8);
    uno_match_free(m);
}

/* -------------------------------------------------------- KPGUT sessions */

/* KPGUT "Scoring", game by game: a finisher scores the whole minutes since
 * the game began; at the hour the rest score 65, 70, 75, … in §6 order;
 * those who gave up the second-last player's score + 30, at least 60;
 * ejected players no score. */
static void check_session_scores(const UnoMatch *m, const Seen *seen, int64_t start_t)
{
    const UnoGame *g = uno_match_game(m);
    int n = uno_game_nplayers(g), k = uno_match_game_number(m);
    int second_last = -1, second_last_rank = 0, first_timed = 0;
    for (int s = 0; s < n; s++) {
        int rank = uno_game_rank(g, s);
        if (rank > 0 && seen->out_t[s] < 0 && uno_game_hand_count(g, s) > 0 &&
            (first_timed == 0 || rank < first_timed))
            first_timed = rank;
    }
    bool timed = uno_game_clock(g) - start_t >= 3600000;
    for (int s = 0; s < n; s++) {
        int p = uno_match_seat_player(m, s), rank = uno_game_rank(g, s);
        int score = uno_match_score(m, k, p);
        assert_int_equal(score, uno_game_score(g, s));
        if (rank < 0) {
            assert_int_equal(score, -1);
        } else if (seen->out_t[s] >= 0) {
            assert_int_equal(score, (int)((seen->out_t[s] - start_t) / 60000));
        } else if (uno_game_hand_count(g, s) > 0 && timed) {
            assert_int_equal(score, 65 + 5 * (rank - first_timed));
        }
        bool gave_up = rank > 0 && seen->out_t[s] < 0 && uno_game_hand_count(g, s) == 0;
        if (!gave_up && rank > second_last_rank) {
            second_last_rank = rank;
            second_last = uno_game_score(g, s);
        }
    }
    for (int s = 0; s < n; s++) {
        int rank = uno_game_rank(g, s);
        bool gave_up = rank > 0 && seen->out_t[s] < 0 && uno_game_hand_count(g, s) == 0;
        if (gave_up) {
            int want = second_last + 30 > 60 ? second_last + 30 : 60;
            assert_int_equal(uno_match_score(m, k, uno_match_seat_player(m, s)), want);
        }
    }
}

/* After the session: "each player divides the sum of their points with the
 * number of the games they participated. The player with a lowest score
 * (average) is the winner, and the player with the highest score is the
 * loser." */
static void check_standings(const UnoMatch *m)
{
    int n = uno_match_nplayers(m), games = uno_match_game_number(m) + 1;
    double best = 1e9, worst = -1;
    for (int p = 0; p < n; p++) {
        int sum = 0, played = 0;
        for (int k = 0; k < games; k++)
            if (uno_match_score(m, k, p) >= 0) {
                sum += uno_match_score(m, k, p);
                played++;
            }
        assert_int_equal(uno_match_total(m, p), sum);
        if (uno_match_disqualified(m, p)) {
            assert_int_equal(uno_match_rank(m, p), -1);
            continue;
        }
        assert_int_equal(uno_match_games_played(m, p), played);
        double avg = (double)sum / played;
        assert_true(uno_match_average(m, p) == avg);
        best = avg < best ? avg : best;
        worst = avg > worst ? avg : worst;
    }
    assert_true(uno_match_average(m, uno_match_winner(m)) == best);
    assert_true(uno_match_average(m, uno_match_loser(m)) == worst);
    assert_int_equal(uno_match_rank(m, uno_match_winner(m)), 1);
}

/* Three games of five, the clock running 7 s per action: the scores follow
 * the book, the oldest deals every game (KPGUT "Ending the Game"), the
 * lowest average wins. */
static void test_session_averages(void **state)
{
    (void)state;
    UnoRules r = preset("kpgut");
    UnoSetup s = players(5, 2024);
    UnoMatchOptions o;
    uno_match_options_init(&o);
    o.games = 3;
    UnoMatch *m = start(&r, &s, &o);
    assert_int_equal(uno_match_kind(m), UNO_MATCH_SESSION);
    assert_int_equal(uno_match_games_planned(m), 3);
    for (int k = 0; k < 3; k++) {
        assert_int_equal(uno_match_game_number(m), k);
        const UnoGame *g = uno_match_game(m);
        assert_int_equal(uno_game_dealer(g), uno_game_oldest(g));
        assert_int_equal(uno_match_seat_player(m, uno_game_dealer(g)), 4); /* P4, the oldest */
        int64_t start_t = 1000 * k, clock = start_t;
        Seen seen;
        play_game(m, &clock, 7000, &seen);
        check_session_scores(m, &seen, start_t);
        if (k < 2) {
            assert_false(uno_match_over(m));
            next_ok(m, 1000 * (k + 1));
            assert_int_equal(uno_game_clock(uno_match_game(m)), 1000 * (k + 1));
        }
    }
    assert_true(uno_match_over(m));
    check_standings(m);
    uno_match_free(m);
}

/* "When a player finishes, they get a score equal to the full minutes
 * elapsed since the beginning of the game": everything happens at 754 s
 * (12 min 34 s), so every player scores 12, the last one as well. */
static void test_session_full_minutes(void **state)
{
    (void)state;
    UnoRules r = preset("kpgut");
    UnoSetup s = players(3, 3);
    UnoMatch *m = start(&r, &s, NULL);
    int64_t clock = 754000;
    play_game(m, &clock, 0, NULL);
    for (int p = 0; p < 3; p++)
        assert_int_equal(uno_match_score(m, 0, p), 12);
    assert_false(uno_match_over(m)); /* an open session: it ends when told */
    char err[UNO_ERR_LEN];
    assert_int_equal(uno_match_stop(m, err, sizeof err), UNO_OK);
    assert_true(uno_match_over(m));
    for (int p = 0; p < 3; p++)
        assert_int_equal(uno_match_rank(m, p), 1); /* the same average: one shared place */
    uno_match_free(m);
}

/* The one-hour limit: the rest are ranked as in §6 and score 65, 70, 75, … */
static void test_session_hour_limit(void **state)
{
    (void)state;
    UnoRules r = preset("kpgut");
    UnoSetup s = players(6, 31);
    UnoMatch *m = start(&r, &s, NULL);
    UnoGame *g = uno_match_game(m);
    int64_t clock = 0;
    Seen seen;
    for (int s2 = 0; s2 < UNO_MAX_PLAYERS; s2++)
        seen.out_t[s2] = -1;
    UnoAction moves[256];
    for (int i = 0; i < 40 && !uno_game_over(g); i++) { /* a few turns, one per minute */
        int total;
        uno_game_legal(g, uno_game_turn(g), moves, 256, &total);
        moves[0].t = clock;
        clock += 60000;
        apply_ok(m, &moves[0], &seen);
    }
    assert_false(uno_game_over(g));
    UnoAction tick;
    uno_action_init(&tick, UNO_ACT_TICK, -1);
    tick.t = 3600000;
    apply_ok(m, &tick, &seen);
    assert_true(uno_game_over(g));
    check_session_scores(m, &seen, 0);
    int timed = 0;
    for (int seat = 0; seat < 6; seat++)
        timed += uno_game_score(g, seat) >= 65;
    assert_true(timed >= 2);
    uno_match_free(m);
}

/* KPGUT §9 and "Scoring": one gives up; they score the second-last
 * player's score + 30, or 60. */
static void test_session_giveup(void **state)
{
    (void)state;
    UnoRules r = preset("kpgut");
    UnoSetup s = players(4, 8);
    UnoMatchOptions o;
    uno_match_options_init(&o);
    o.games = 2;
    UnoMatch *m = start(&r, &s, &o);
    UnoAction give;
    uno_action_init(&give, UNO_ACT_GIVEUP, 1);
    give.t = 5000;
    Seen seen;
    for (int s2 = 0; s2 < UNO_MAX_PLAYERS; s2++)
        seen.out_t[s2] = -1;
    apply_ok(m, &give, &seen);
    int64_t clock = 6000;
    Seen rest;
    play_game(m, &clock, 30000, &rest);
    check_session_scores(m, &rest, 0);
    int gave = uno_match_score(m, 0, 1);
    assert_true(gave >= 60);
    next_ok(m, 0);
    assert_int_equal(uno_match_player_seat(m, 1), 1); /* giving up is no ejection */
    play_game(m, NULL, 0, NULL);
    assert_true(uno_match_over(m));
    check_standings(m);
    uno_match_free(m);
}

/* KPGUT §15 and "Scoring": an ejected player gets no score, "will be
 * disqualified from the rest of the session", is not ranked; the next game
 * is dealt without them. */
static void test_session_ejected(void **state)
{
    (void)state;
    UnoRules r = preset("kpgut");
    UnoSetup s = players(4, 21);
    UnoMatchOptions o;
    uno_match_options_init(&o);
    o.games = 3;
    UnoMatch *m = start(&r, &s, &o);
    UnoGame *g = uno_match_game(m);
    int oldest = uno_game_oldest(g); /* the oldest warns (§15) */
    assert_int_equal(oldest, 3);
    UnoAction warn;
    uno_action_init(&warn, UNO_ACT_WARN, oldest);
    warn.target = 1;
    apply_ok(m, &warn, NULL);
    assert_false(uno_match_disqualified(m, 1));
    apply_ok(m, &warn, NULL); /* the second warning ejects */
    assert_int_equal(uno_game_rank(g, 1), -1);
    play_game(m, NULL, 0, NULL);
    assert_int_equal(uno_match_score(m, 0, 1), -1);
    assert_true(uno_match_disqualified(m, 1));
    assert_int_equal(uno_match_rank(m, 1), -1);
    assert_int_equal(uno_match_games_played(m, 1), 1);
    for (int k = 1; k < 3; k++) {
        next_ok(m, 0);
        g = uno_match_game(m);
        assert_int_equal(uno_game_nplayers(g), 3);
        assert_int_equal(uno_match_player_seat(m, 1), -1);
        assert_int_equal(uno_match_seat_player(m, 0), 0);
        assert_int_equal(uno_match_seat_player(m, 1), 2);
        assert_int_equal(uno_match_seat_player(m, 2), 3);
        play_game(m, NULL, 0, NULL);
    }
    assert_true(uno_match_over(m));
    assert_int_equal(uno_match_games_played(m, 1), 1);
    assert_int_equal(uno_match_games_played(m, 0), 3);
    assert_int_not_equal(uno_match_winner(m), 1);
    assert_int_not_equal(uno_match_loser(m), 1);
    check_standings(m);
    uno_match_free(m);
}

/* Too few players left to deal: the session ends. */
static void test_session_ends_without_players(void **state)
{
    (void)state;
    UnoRules r = preset("kpgut");
    UnoSetup s = players(3, 2);
    UnoMatch *m = start(&r, &s, NULL);
    UnoAction warn;
    uno_action_init(&warn, UNO_ACT_WARN, 2);
    warn.target = 0;
    apply_ok(m, &warn, NULL);
    apply_ok(m, &warn, NULL);
    warn.target = 1;
    apply_ok(m, &warn, NULL);
    apply_ok(m, &warn, NULL);
    assert_true(uno_game_over(uno_match_game(m)));
    assert_true(uno_match_over(m));
    assert_int_equal(uno_match_winner(m), 2);
    uno_match_free(m);
}

/* A KPGUT session of two games for three players, dealt with room for one
 * newcomer (§13). */
static UnoMatch *session_of_two_with_room(void)
{
    UnoRules r = preset("kpgut");
    UnoSetup s = players(3, 6);
    s.room_newcomers = 1;
    UnoMatchOptions o;
    uno_match_options_init(&o);
    o.games = 2;
    return start(&r, &s, &o);
}

/* KPGUT §13: a newcomer joins the first game at seat 1 (later seats move
 * up); they are a player of the session from then on, play the next game
 * where they sat, and their average counts the games they played. */
static void test_session_joiner(void **state)
{
    (void)state;
    UnoMatch *m = session_of_two_with_room();
    UnoAction join;
    uno_action_init(&join, UNO_ACT_JOIN, -1);
    join.target = 1;
    snprintf(join.name, UNO_NAME_LEN, "Newcomer");
    join.age = 70;
    apply_ok(m, &join, NULL);
    assert_int_equal(uno_match_nplayers(m), 4);
    assert_int_equal(uno_match_seat_player(m, 0), 0);
    assert_int_equal(uno_match_seat_player(m, 1), 3);
    assert_int_equal(uno_match_seat_player(m, 2), 1);
    assert_int_equal(uno_match_seat_player(m, 3), 2);
    assert_string_equal(uno_match_player(m, 3)->name, "Newcomer");
    play_game(m, NULL, 0, NULL);
    assert_true(uno_match_score(m, 0, 3) >= 0);
    next_ok(m, 0);
    assert_int_equal(uno_game_nplayers(uno_match_game(m)), 4);
    assert_int_equal(uno_match_player_seat(m, 3), 1);
    /* KPGUT "Ending the Game": the oldest deals — now the newcomer */
    assert_int_equal(uno_game_dealer(uno_match_game(m)), 1);
    play_game(m, NULL, 0, NULL);
    assert_true(uno_match_over(m));
    assert_int_equal(uno_match_games_played(m, 3), 2);
    check_standings(m);
    uno_match_free(m);
}

/* An undone join (the game put back to its copy) is forgotten. */
static void test_undone_join_forgotten(void **state)
{
    (void)state;
    UnoRules r = preset("kpgut");
    UnoSetup s = players(3, 6);
    s.room_newcomers = 1;
    UnoMatch *m = start(&r, &s, NULL);
    UnoAction join;
    uno_action_init(&join, UNO_ACT_JOIN, -1);
    join.target = 0;
    snprintf(join.name, UNO_NAME_LEN, "Gone");
    UnoGame *g = uno_match_game(m);
    UnoGame *copy = malloc(uno_game_bytes(g));
    assert_non_null(copy);
    uno_game_copy(copy, g);
    apply_ok(m, &join, NULL);
    assert_ptr_equal(uno_match_game(m), g);
    assert_int_equal(uno_match_nplayers(m), 4);
    uno_game_copy(g, copy);
    assert_int_equal(uno_match_nplayers(m), 3);
    assert_int_equal(uno_match_seat_player(m, 0), 0);
    snprintf(join.name, UNO_NAME_LEN, "Stays");
    join.target = 3;
    apply_ok(m, &join, NULL);
    assert_int_equal(uno_match_nplayers(m), 4);
    assert_string_equal(uno_match_player(m, 3)->name, "Stays");
    assert_int_equal(uno_match_seat_player(m, 3), 3);
    free(copy);
    uno_match_free(m);
}

/* Every game of a match is dealt with the room of the first setup: a
 * newcomer may join game 1 too, and one more than the room is refused. */
static void test_room_kept_for_every_game(void **state)
{
    (void)state;
    UnoMatch *m = session_of_two_with_room();
    play_game(m, NULL, 0, NULL);
    next_ok(m, 0);
    UnoAction join;
    uno_action_init(&join, UNO_ACT_JOIN, -1);
    join.target = 3;
    snprintf(join.name, UNO_NAME_LEN, "Later");
    apply_ok(m, &join, NULL);
    assert_int_equal(uno_match_nplayers(m), 4);
    snprintf(join.name, UNO_NAME_LEN, "One too many");
    char err[UNO_ERR_LEN];
    assert_int_equal(uno_match_apply(m, &join, NULL, NULL, err, sizeof err), UNO_E_NO_ROOM);
    assert_int_equal(uno_match_nplayers(m), 4);
    uno_match_free(m);
}

/* ----------------------------------------------------------- replaying */

/* A match is its setup, options, actions and clocks: replaying them gives
 * the same hash after every game. */

static void test_replay_rebuilds(void **state)
{
    (void)state;
    UnoRules r = preset("kpgut");
    UnoSetup s = players(4, 555);
    UnoMatchOptions o;
    uno_match_options_init(&o);
    o.games = 3;
    UnoMatch *m = start(&r, &s, &o);
    Log log = {0};
    recording = &log;
    uint64_t hashes[3];
    for (int k = 0; k < 3; k++) {
        int64_t clock = 0;
        play_game(m, &clock, 20000, NULL); /* some games reach the hour */
        log.ends[k] = log.n;
        hashes[k] = uno_match_hash(m);
        if (k < 2)
            next_ok(m, 0);
    }
    recording = NULL;
    uno_match_free(m);
    m = start(&r, &s, &o);
    int at = 0;
    for (int k = 0; k < 3; k++) {
        while (at < log.ends[k])
            apply_ok(m, &log.actions[at++], NULL);
        assert_int_equal(uno_match_hash(m), hashes[k]);
        if (k < 2)
            next_ok(m, 0);
    }
    free(log.actions);
    uno_match_free(m);
}

/* ------------------------------------------------------------- refusals */

static void expect_refused(const UnoRules *r, const UnoSetup *s, const UnoMatchOptions *o,
                           const char *want)
{
    char err[UNO_ERR_LEN] = "";
    UnoMatch *m = uno_match_new(r, s, o, err, sizeof err);
    if (m || !strstr(err, want))
        fail_msg("expected a refusal naming '%s', got '%s'", want, err);
}

static void test_refusals(void **state)
{
    (void)state;
    UnoRules r = preset("mattel");
    UnoSetup s = players(5, 1);
    UnoMatchOptions o;
    uno_match_options_init(&o);
    o.tournament = true;
    expect_refused(&r, &s, &o, "4 or 8");
    UnoRules none = r;
    none.scoring = UNO_SCORING_NONE;
    expect_refused(&none, &s, NULL, "scoring");
    UnoRules k = preset("kpgut");
    s = players(4, 1);
    expect_refused(&k, &s, &o, "tournament");
    UnoRules pj = r;
    pj.partners = true;
    pj.join = true;
    expect_refused(&pj, &s, NULL, "join");
    o.tournament = false;
    o.games = -1;
    expect_refused(&r, &s, &o, "negative");
}

/* ------------------------------------------------------------- protocol */

/* The lines a table logged (its save file). */
typedef struct Lines {
    char *text[4096];
    int n;
} Lines;

static bool keep_line(void *ctx, const char *line, uint64_t hash)
{
    (void)hash;
    Lines *l = ctx;
    assert_true(l->n < 4096);
    l->text[l->n] = strdup(line);
    return l->text[l->n++] != NULL;
}

static void free_lines(Lines *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->text[i]);
    l->n = 0;
}

/* Sends a request; the answer must be ok (want_ok) or an error. */
static cJSON *ask(UnoTable *t, bool want_ok, const char *fmt, ...)
{
    static char line[16384];
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    assert_true(len < (int)sizeof line);
    char *out = proto_table_handle(t, line, strlen(line));
    assert_non_null(out);
    cJSON *r = cJSON_Parse(out);
    assert_non_null(r);
    if (cJSON_IsTrue(cJSON_GetObjectItem(r, "ok")) != want_ok)
        fail_msg("%s -> %s", line, out);
    free(out);
    return r;
}

static cJSON *match_state(UnoTable *t, cJSON **holder)
{
    *holder = ask(t, true, "{\"op\":\"state\"}");
    return cJSON_GetObjectItem(cJSON_GetObjectItem(*holder, "state"), "match");
}

static int number(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItem(o, key);
    if (!cJSON_IsNumber(v))
        fail_msg("'%s' is not a number", key);
    return v->valueint;
}

static int at(const cJSON *list, int i)
{
    const cJSON *v = cJSON_GetArrayItem(list, i);
    assert_true(cJSON_IsNumber(v));
    return v->valueint;
}

/* The player in turn sends the first legal move (at clock t, -1: none). */
static void protocol_move(UnoTable *t, int64_t clock)
{
    cJSON *st = ask(t, true, "{\"op\":\"state\"}");
    int turn = number(cJSON_GetObjectItem(st, "state"), "turn");
    cJSON_Delete(st);
    cJSON *legal = ask(t, true, "{\"op\":\"legal\",\"seat\":%d}", turn);
    cJSON *move = cJSON_GetArrayItem(cJSON_GetObjectItem(legal, "moves"), 0);
    assert_non_null(move);
    if (clock >= 0) {
        cJSON_DeleteItemFromObject(move, "t");
        cJSON_AddNumberToObject(move, "t", (double)clock);
    }
    char *line = cJSON_PrintUnformatted(move);
    cJSON_Delete(ask(t, true, "%s", line));
    free(line);
    cJSON_Delete(legal);
}

static bool game_over(UnoTable *t)
{
    return uno_game_over(proto_table_game(t));
}

/* The answer to `next` tells the new game's deal as `new` does: the dealer
 * first, the card turned up, the first turn last. Returns the dealer. */
static int told_deal(UnoTable *t, const cJSON *answer)
{
    const cJSON *events = cJSON_GetObjectItem(answer, "events");
    const cJSON *deal = cJSON_GetArrayItem(events, 0);
    assert_string_equal(cJSON_GetObjectItem(deal, "type")->valuestring, "deal");
    const UnoGame *g = proto_table_game(t);
    const cJSON *ev, *first = NULL;
    cJSON_ArrayForEach(ev, events)
        if (strcmp(cJSON_GetObjectItem(ev, "type")->valuestring, "first") == 0)
            first = ev;
    assert_non_null(first);
    const cJSON *card = cJSON_GetArrayItem(cJSON_GetObjectItem(first, "cards"), 0);
    assert_string_equal(card->valuestring, uno_card_name(uno_game_top(g)));
    const cJSON *last = cJSON_GetArrayItem(events, cJSON_GetArraySize(events) - 1);
    if (!uno_game_over(g)) {
        assert_string_equal(cJSON_GetObjectItem(last, "type")->valuestring, "turn");
        assert_int_equal(number(last, "seat"), uno_game_turn(g));
    }
    return number(deal, "seat");
}

/* A match to 200 over the protocol: the state's match object keeps the
 * totals of MyUNO "Scoring", `next` passes the deal to the left and refuses
 * while the hand goes on and once the match is over; the log replays to the
 * same state. */
static void test_protocol_match(void **state)
{
    (void)state;
    UnoTable *t = proto_table_new();
    Lines log = {.n = 0};
    proto_table_set_log(t, keep_line, &log);
    cJSON_Delete(ask(t, true, "{\"op\":\"new\",\"rules\":\"mattel\",\"players\":[{\"name\":\"A\"},"
                              "{\"name\":\"B\"},{\"name\":\"C\"}],\"seed\":9,\"dealer\":1,"
                              "\"match\":{\"target\":200}}"));
    int totals[3] = {0, 0, 0}, dealer = 1;
    for (int hand = 0;; hand++) {
        assert_true(hand < MAX_GAMES);
        cJSON *r = ask(t, false, "{\"op\":\"next\"}"); /* the hand goes on */
        assert_string_equal(cJSON_GetObjectItem(r, "error")->valuestring, "illegal");
        cJSON_Delete(r);
        while (!game_over(t))
            protocol_move(t, -1);
        const UnoGame *g = proto_table_game(t);
        cJSON *holder, *m = match_state(t, &holder);
        assert_string_equal(cJSON_GetObjectItem(m, "kind")->valuestring, "target");
        assert_int_equal(number(m, "target"), 200);
        assert_int_equal(number(m, "game"), hand);
        cJSON *tot = cJSON_GetObjectItem(m, "totals");
        for (int p = 0; p < 3; p++) {
            totals[p] += expected_winner_score(g, p);
            assert_int_equal(at(tot, p), totals[p]);
            assert_int_equal(at(cJSON_GetObjectItem(m, "played"), p), hand + 1);
        }
        bool over = cJSON_IsTrue(cJSON_GetObjectItem(m, "over"));
        if (over) {
            int w = number(m, "winner");
            assert_true(totals[w] >= 200);
            cJSON_Delete(holder);
            break;
        }
        assert_true(cJSON_IsNull(cJSON_GetObjectItem(m, "winner")));
        cJSON_Delete(holder);
        r = ask(t, true, "{\"op\":\"next\"}");
        dealer = (dealer + 1) % 3; /* classic "GOING OUT", docs/rules.md reading 11 */
        assert_int_equal(told_deal(t, r), dealer);
        cJSON_Delete(r);
    }
    cJSON *r = ask(t, false, "{\"op\":\"next\"}");
    assert_string_equal(cJSON_GetObjectItem(r, "error")->valuestring, "over");
    cJSON_Delete(r);
    cJSON *holder1, *m1 = match_state(t, &holder1);
    char *final = cJSON_PrintUnformatted(m1);
    char hash[32];
    snprintf(hash, sizeof hash, "%s",
             cJSON_GetObjectItem(cJSON_GetObjectItem(holder1, "state"), "hash")->valuestring);
    cJSON_Delete(holder1);

    UnoTable *again = proto_table_new();
    for (int i = 0; i < log.n; i++)
        cJSON_Delete(ask(again, true, "%s", log.text[i]));
    cJSON *holder2, *m2 = match_state(again, &holder2);
    char *replayed = cJSON_PrintUnformatted(m2);
    assert_string_equal(replayed, final);
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetObjectItem(holder2, "state"), "hash")->valuestring,
                        hash);
    cJSON_Delete(holder2);
    free(final);
    free(replayed);
    free_lines(&log);
    proto_table_free(again);
    proto_table_free(t);
}

/* KPGUT "Scoring" over the protocol: every request at t = 754000 (12 min
 * 34 s), so each player scores 12; `stop` ends the open session. */
static void test_protocol_session(void **state)
{
    (void)state;
    UnoTable *t = proto_table_new();
    cJSON_Delete(ask(t, true, "{\"op\":\"new\",\"rules\":\"kpgut\",\"players\":[{\"name\":\"A\",\"age\":30},"
                              "{\"name\":\"B\",\"age\":40},{\"name\":\"C\",\"age\":20}],\"seed\":3,"
                              "\"match\":true}"));
    cJSON *r = ask(t, false, "{\"op\":\"stop\"}"); /* the game goes on */
    assert_string_equal(cJSON_GetObjectItem(r, "error")->valuestring, "illegal");
    cJSON_Delete(r);
    while (!game_over(t))
        protocol_move(t, 754000);
    cJSON *holder, *m = match_state(t, &holder);
    assert_string_equal(cJSON_GetObjectItem(m, "kind")->valuestring, "session");
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(m, "games")));
    cJSON *pad = cJSON_GetArrayItem(cJSON_GetObjectItem(m, "scores"), 0);
    for (int p = 0; p < 3; p++) {
        assert_int_equal(at(pad, p), 12);
        assert_true(cJSON_GetArrayItem(cJSON_GetObjectItem(m, "averages"), p)->valuedouble == 12.0);
    }
    assert_false(cJSON_IsTrue(cJSON_GetObjectItem(m, "over")));
    cJSON_Delete(holder);
    /* the next game: its clock begins at t; the oldest (B, seat 1) deals */
    r = ask(t, true, "{\"op\":\"next\",\"t\":800000}");
    assert_int_equal(number(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "events"), 0), "seat"), 1);
    cJSON_Delete(r);
    assert_int_equal(uno_game_clock(proto_table_game(t)), 800000);
    while (!game_over(t))
        protocol_move(t, 800000 + 5 * 60000 + 999);
    cJSON_Delete(ask(t, true, "{\"op\":\"stop\"}"));
    m = match_state(t, &holder);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(m, "over")));
    pad = cJSON_GetArrayItem(cJSON_GetObjectItem(m, "scores"), 1);
    for (int p = 0; p < 3; p++) {
        assert_int_equal(at(pad, p), 5);
        assert_int_equal(at(cJSON_GetObjectItem(m, "totals"), p), 17);
    }
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(m, "ranking")), 1); /* all tie */
    assert_int_equal(number(m, "winner"), 0);
    cJSON_Delete(holder);
    r = ask(t, false, "{\"op\":\"next\"}");
    assert_string_equal(cJSON_GetObjectItem(r, "error")->valuestring, "over");
    cJSON_Delete(r);
    proto_table_free(t);
}

/* `new` without "match" plays a single game: no "match" in the state, and
 * `next` has no match to deal; a bad "match" is a bad_request. */
static void test_protocol_plain_new(void **state)
{
    (void)state;
    UnoTable *t = proto_table_new();
    cJSON *r = ask(t, false, "{\"op\":\"next\"}");
    assert_string_equal(cJSON_GetObjectItem(r, "error")->valuestring, "no_game");
    cJSON_Delete(r);
    cJSON_Delete(ask(t, true, "{\"op\":\"new\",\"rules\":\"mattel\",\"players\":[{\"name\":\"A\"},"
                              "{\"name\":\"B\"}],\"seed\":1,\"match\":false}"));
    cJSON *holder = ask(t, true, "{\"op\":\"state\"}");
    assert_null(cJSON_GetObjectItem(cJSON_GetObjectItem(holder, "state"), "match"));
    cJSON_Delete(holder);
    r = ask(t, false, "{\"op\":\"next\"}");
    assert_string_equal(cJSON_GetObjectItem(r, "error")->valuestring, "bad_request");
    cJSON_Delete(r);
    const char *bad[] = {
        "\"match\":{\"goal\":3}", "\"match\":{\"target\":-1}", "\"match\":7", "\"tournament\":true",
        "\"tournament\":1",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        r = ask(t, false, "{\"op\":\"new\",\"rules\":\"mattel\",\"players\":[{\"name\":\"A\"},"
                          "{\"name\":\"B\"}],%s}", bad[i]);
        assert_string_equal(cJSON_GetObjectItem(r, "error")->valuestring, "bad_request");
        cJSON_Delete(r);
    }
    proto_table_free(t);
}

/* An 8-player tournament over the protocol: the state shows where the game
 * is in the schedule and who sits where; the tables alternate. */
static void test_protocol_tournament(void **state)
{
    (void)state;
    UnoTable *t = proto_table_new();
    char players[512] = "";
    for (int i = 0; i < 8; i++)
        snprintf(players + strlen(players), sizeof players - strlen(players),
                 "%s{\"name\":\"P%d\",\"age\":%d}", i ? "," : "", i, 20 + i);
    cJSON_Delete(ask(t, true, "{\"op\":\"new\",\"rules\":\"mattel\",\"players\":[%s],\"seed\":5,"
                              "\"tournament\":true}", players));
    for (int k = 0; k < 4; k++) {
        UnoMatchSlot slot;
        cJSON *holder, *m = match_state(t, &holder);
        assert_string_equal(cJSON_GetObjectItem(m, "kind")->valuestring, "tournament");
        assert_int_equal(number(m, "games"), 56);
        cJSON *where = cJSON_GetObjectItem(m, "slot");
        slot.round = number(where, "round");
        slot.hand = number(where, "hand");
        slot.table = number(where, "table");
        assert_int_equal(slot.round, 0);
        assert_int_equal(slot.hand, k / 2);
        assert_int_equal(slot.table, k % 2);
        cJSON *seats = cJSON_GetObjectItem(m, "seats");
        assert_int_equal(cJSON_GetArraySize(seats), 4);
        for (int s = 0; s < 4; s++)
            assert_int_equal(at(seats, s), 4 * slot.table + s); /* round 0: as given */
        cJSON_Delete(holder);
        holder = ask(t, true, "{\"op\":\"state\"}");
        assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(cJSON_GetObjectItem(holder, "state"), "teams")), 4);
        cJSON_Delete(holder);
        while (!game_over(t))
            protocol_move(t, -1);
        cJSON_Delete(ask(t, true, "{\"op\":\"next\"}"));
    }
    proto_table_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mattel_to_500),
        cmocka_unit_test(test_tally_lowest_wins),
        cmocka_unit_test(test_classic_deal_rotates_left),
        cmocka_unit_test(test_first_game_is_the_plain_game),
        cmocka_unit_test(test_partners_team_totals),
        cmocka_unit_test(test_no_winning_team_without_partners),
        cmocka_unit_test(test_tournament_four),
        cmocka_unit_test(test_tournament_eight),
        cmocka_unit_test(test_session_averages),
        cmocka_unit_test(test_session_full_minutes),
        cmocka_unit_test(test_session_hour_limit),
        cmocka_unit_test(test_session_giveup),
        cmocka_unit_test(test_session_ejected),
        cmocka_unit_test(test_session_ends_without_players),
        cmocka_unit_test(test_session_joiner),
        cmocka_unit_test(test_undone_join_forgotten),
        cmocka_unit_test(test_room_kept_for_every_game),
        cmocka_unit_test(test_replay_rebuilds),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_protocol_match),
        cmocka_unit_test(test_protocol_session),
        cmocka_unit_test(test_protocol_plain_new),
        cmocka_unit_test(test_protocol_tournament),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
