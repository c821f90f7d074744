/*
 * ending.c — players going out, ranking (KPGUT §6, "Ending the Game"), and
 * scores (MyUNO "Scoring", booklet partners, classic "Scoring", KPGUT
 * "Scoring" of sessions).
 */
#include "engine/game.h"

static int minutes(const UnoGame *g) { return (int)((g->t - g->start_t) / 60000); }

static void finish_game(UnoGame *g, UnoReason reason, EventSink *out)
{
    g->phase = UNO_PHASE_OVER;
    g->turn = -1;
    g->pending = 0;
    g->pending_kind = PENDING_NONE;
    g->over_reason = (int8_t)reason;
    ev_emit(out, UNO_EV_OVER, -1, -1, UNO_NO_COLOR, 0, reason, NULL, 0);
}

static int hand_points(const UnoGame *g, int seat)
{
    int sum = 0;
    const Hand *h = &g->seats[seat].hand;
    for (uint64_t m = h->mask; m; m &= m - 1) { /* the kinds held: the mask's bits */
        int k = __builtin_ctzll(m);
        sum += h->kinds[k] * uno_card_points((UnoCard)k, g->rules.blank_points);
    }
    return sum;
}

/* MyUNO "Scoring": the winner scores the cards left in the others' hands;
 * the booklet's partners: the team scores both opponents' hands; the
 * alternative (MyUNO "Alternative scoring"): each keeps a tally of their own
 * leftover points. winner < 0: no one went out (RULES.md decision 8). */
static void score_hand(UnoGame *g, int winner)
{
    int won = 0;
    for (int s = 0; s < g->nplayers; s++)
        if (winner >= 0 && uno_game_team(g, s) != uno_game_team(g, winner))
            won += hand_points(g, s);
    for (int s = 0; s < g->nplayers; s++) {
        Seat *seat = &g->seats[s];
        if (seat->status == SEAT_EJECTED)
            continue; /* KPGUT §15: no score */
        switch (g->rules.scoring) {
        case UNO_SCORING_WINNER:
            seat->score = (int16_t)(winner >= 0 && uno_game_team(g, s) == uno_game_team(g, winner) ? won : 0);
            break;
        case UNO_SCORING_TALLY:
            seat->score = (int16_t)hand_points(g, s);
            break;
        default:
            seat->score = -1;
            break;
        }
    }
}

/* KPGUT §6: fewer cards is better; then fewer number cards; then more 0
 * cards, more 1 cards, … more 9 cards. Returns <0 when a ranks before b. */
static int compare_section6(const Hand *ha, const Hand *hb)
{
    if (ha->count != hb->count)
        return ha->count - hb->count;
    int numbers[2] = {0, 0};
    for (int v = 0; v <= 9; v++)
        for (int c = 0; c < UNO_COLORS; c++) {
            numbers[0] += ha->kinds[uno_card_make(c, v)];
            numbers[1] += hb->kinds[uno_card_make(c, v)];
        }
    if (numbers[0] != numbers[1])
        return numbers[0] - numbers[1];
    for (int v = 0; v <= 9; v++) {
        int na = 0, nb = 0;
        for (int c = 0; c < UNO_COLORS; c++) {
            na += ha->kinds[uno_card_make(c, v)];
            nb += hb->kinds[uno_card_make(c, v)];
        }
        if (na != nb)
            return nb - na;
    }
    return 0;
}

/* KPGUT "Scoring": players who gave up score the second-last player's score
 * + 30, or 60, whichever is greater. The second-last is the worst-placed
 * player who did not give up (the givers share the last place, §9). */
static void score_giveups(UnoGame *g)
{
    int second_last = -1, worst_rank = 0;
    for (int s = 0; s < g->nplayers; s++)
        if (g->seats[s].status == SEAT_FINISHED && g->seats[s].rank > worst_rank) {
            worst_rank = g->seats[s].rank;
            second_last = g->seats[s].score;
        }
    for (int s = 0; s < g->nplayers; s++)
        if (g->seats[s].status == SEAT_GAVE_UP) {
            int score = second_last + 30;
            g->seats[s].score = (int16_t)(score > 60 ? score : 60);
        }
}

void order_section6(const Hand **hands, int *seats, int n, int *places)
{
    for (int i = 1; i < n; i++) /* insertion sort: stable, seat order among equals */
        for (int j = i; j > 0 && compare_section6(hands[j - 1], hands[j]) > 0; j--) {
            const Hand *h = hands[j];
            int seat = seats[j];
            hands[j] = hands[j - 1];
            seats[j] = seats[j - 1];
            hands[j - 1] = h;
            seats[j - 1] = seat;
        }
    for (int i = 0, place = 0; i < n; i++) {
        if (i > 0 && compare_section6(hands[i - 1], hands[i]) != 0)
            place = i; /* "still tied: equal rank" keeps the place of the first */
        places[i] = place;
    }
}

/* KPGUT: rank the players still in the game as in §6, after those who
 * finished. At the one-hour limit they score 65, 70, 75, …; otherwise (the
 * last player, §5) the whole minutes, as a finisher would. */
static void rank_remaining(UnoGame *g, UnoReason reason, EventSink *out)
{
    int left[UNO_MAX_PLAYERS], places[UNO_MAX_PLAYERS], n = 0;
    const Hand *hands[UNO_MAX_PLAYERS];
    for (int s = 0; s < g->nplayers; s++)
        if (seat_active(g, s)) {
            hands[n] = &g->seats[s].hand;
            left[n++] = s;
        }
    order_section6(hands, left, n, places);
    for (int i = 0; i < n; i++) {
        Seat *s = &g->seats[left[i]];
        s->status = SEAT_FINISHED;
        s->rank = (int8_t)(g->finished + places[i] + 1);
        if (g->rules.scoring == UNO_SCORING_SESSION)
            s->score = (int16_t)(reason == UNO_R_TIME ? 65 + 5 * places[i] : minutes(g));
        ev_emit(out, UNO_EV_FINISH, left[i], -1, UNO_NO_COLOR, s->rank, reason, NULL, 0);
    }
    g->finished = (int8_t)(g->finished + n);
    if (g->rules.scoring == UNO_SCORING_SESSION)
        score_giveups(g);
}

void player_out(UnoGame *g, int seat, EventSink *out)
{
    Seat *s = &g->seats[seat];
    s->status = SEAT_FINISHED;
    s->call = CALL_NONE;
    s->rank = (int8_t)++g->finished;
    if (!g->rules.play_to_last) {
        /* MyUNO "Going Out": once a player has no cards left, the round is
         * over; the booklet's partners: either partner going out ends it */
        ev_emit(out, UNO_EV_FINISH, seat, -1, UNO_NO_COLOR, 1, UNO_R_OUT, NULL, 0);
        int winners = 1;
        if (g->rules.partners)
            for (int p = 0; p < g->nplayers; p++)
                if (p != seat && uno_game_team(g, p) == uno_game_team(g, seat)) {
                    g->seats[p].rank = 1;
                    winners++;
                }
        for (int p = 0; p < g->nplayers; p++) /* the others share the next place */
            if (g->seats[p].rank == 0 && g->seats[p].status == SEAT_PLAYING)
                g->seats[p].rank = (int8_t)(winners + 1);
        score_hand(g, seat);
        finish_game(g, UNO_R_OUT, out);
        return;
    }
    /* KPGUT "Scoring": a finisher scores the whole minutes since the start */
    if (g->rules.scoring == UNO_SCORING_SESSION)
        s->score = (int16_t)minutes(g);
    ev_emit(out, UNO_EV_FINISH, seat, -1, UNO_NO_COLOR, s->rank, UNO_R_OUT, NULL, 0);
    check_last_player(g, out);
}

void end_game_early(UnoGame *g, UnoReason reason, EventSink *out)
{
    if (g->phase == UNO_PHASE_OVER)
        return;
    if (g->rules.play_to_last) {
        rank_remaining(g, reason, out);
    } else if (reason == UNO_R_LAST_PLAYER && active_players(g) == 1) {
        int s = 0;
        while (!seat_active(g, s))
            s++;
        g->seats[s].rank = 1;
        g->seats[s].status = SEAT_FINISHED;
        g->finished = 1;
        ev_emit(out, UNO_EV_FINISH, s, -1, UNO_NO_COLOR, 1, reason, NULL, 0);
        score_hand(g, s);
    } else {
        score_hand(g, -1);
    }
    finish_game(g, reason, out);
}

/* KPGUT "Ending the Game": the rest play on until one remains, the loser. */
void check_last_player(UnoGame *g, EventSink *out)
{
    if (g->phase != UNO_PHASE_OVER && active_players(g) <= 1)
        end_game_early(g, UNO_R_LAST_PLAYER, out);
}
