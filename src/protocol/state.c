/*
 * state.c — the `state` and `view` objects (render.h;
 * docs/protocol.md "`state`" and "`view`" list every field).
 */
#include <inttypes.h>
#include <stdio.h>

#include "protocol/field.h"
#include "protocol/render.h"

static const char *const phase_names[] = {
    [UNO_PHASE_TURN] = "turn",           [UNO_PHASE_COLOR] = "color",
    [UNO_PHASE_PENDING] = "pending",     [UNO_PHASE_DRAWN] = "drawn",
    [UNO_PHASE_MUST_PLAY] = "must_play", [UNO_PHASE_FREE_PLAY] = "free_play",
    [UNO_PHASE_OVER] = "over",
};

static cJSON *seat_or_null(int seat)
{
    return seat >= 0 ? cJSON_CreateNumber(seat) : cJSON_CreateNull();
}

static cJSON *hand_json(const UnoGame *g, int seat)
{
    UnoCard cards[UNO_MAX_CARDS];
    int n = uno_game_hand(g, seat, cards, UNO_MAX_CARDS);
    return proto_json_cards(cards, n);
}

/* Best first; players sharing a place stand in one list; players still
 * playing and ejected ones (rank -1, KPGUT §15) are not ranked. */
static cJSON *ranking_json(const UnoGame *g, bool *ok)
{
    int n = uno_game_nplayers(g);
    cJSON *ranking = cJSON_CreateArray();
    int rank = 0;
    for (;;) {
        int next = 0; /* the smallest rank above `rank` */
        for (int s = 0; s < n; s++) {
            int r = uno_game_rank(g, s);
            if (r > rank && (next == 0 || r < next))
                next = r;
        }
        if (next == 0)
            break;
        cJSON *place = cJSON_CreateArray();
        for (int s = 0; s < n; s++)
            if (uno_game_rank(g, s) == next)
                proto_json_push(place, cJSON_CreateNumber(s), ok);
        proto_json_push(ranking, place, ok);
        rank = next;
    }
    return ranking;
}

static cJSON *scores_json(const UnoGame *g, bool *ok)
{
    if (!uno_game_has_scores(g))
        return cJSON_CreateNull();
    cJSON *scores = cJSON_CreateArray();
    for (int s = 0; s < uno_game_nplayers(g); s++) {
        int v = uno_game_score(g, s);
        proto_json_push(scores, v >= 0 ? cJSON_CreateNumber(v) : cJSON_CreateNull(), ok);
    }
    return scores;
}

static cJSON *time_or_null(int64_t t) { return t == INT64_MAX ? cJSON_CreateNull() : proto_json_int(t); }

/* The running clocks (docs/protocol.md "Clocks"): when the game began, when
 * §8's away timer and the one-hour limit fire, and from when each player
 * who did not say UNO can be caught. */
static cJSON *clock_json(const UnoGame *g, bool *ok)
{
    cJSON *c = cJSON_CreateObject();
    proto_json_put(c, "start", proto_json_int(uno_game_start_time(g)), ok);
    proto_json_put(c, "away_at", time_or_null(uno_game_away_at(g)), ok);
    proto_json_put(c, "limit_at", time_or_null(uno_game_limit_at(g)), ok);
    cJSON *unsaid = cJSON_CreateArray();
    for (int s = 0; s < uno_game_nplayers(g); s++) {
        int64_t from = uno_game_catchable_at(g, s);
        if (from < 0)
            continue;
        cJSON *one = cJSON_CreateObject();
        proto_json_put(one, "seat", cJSON_CreateNumber(s), ok);
        proto_json_put(one, "catch_from", proto_json_int(from), ok);
        proto_json_push(unsaid, one, ok);
    }
    proto_json_put(c, "unsaid", unsaid, ok);
    return c;
}

static cJSON *vote_json(const UnoGame *g, bool *ok)
{
    int opener;
    if (!uno_game_vote_open(g, &opener))
        return cJSON_CreateNull();
    cJSON *v = cJSON_CreateObject();
    proto_json_put(v, "opener", cJSON_CreateNumber(opener), ok);
    return v;
}

cJSON *proto_state_json(const UnoGame *g, int viewer)
{
    bool ok = true;
    const UnoRules *rules = uno_game_rules(g);
    int n = uno_game_nplayers(g);
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "rules", cJSON_CreateString(rules->name), &ok);
    proto_json_put(o, "options", proto_rules_json(rules), &ok);
    proto_json_put(o, "phase", cJSON_CreateString(phase_names[uno_game_phase(g)]), &ok);
    proto_json_put(o, "turn", seat_or_null(uno_game_turn(g)), &ok);
    proto_json_put(o, "direction", cJSON_CreateNumber(uno_game_direction(g)), &ok);
    UnoCard top = uno_game_top(g);
    proto_json_put(o, "top", top == UNO_NO_CARD ? cJSON_CreateNull() : cJSON_CreateString(uno_card_name(top)),
                   &ok);
    int color = uno_game_color(g);
    proto_json_put(o, "color",
                   color == UNO_NO_COLOR ? cJSON_CreateNull() : cJSON_CreateString(uno_color_name(color)),
                   &ok);
    proto_json_put(o, "pending", cJSON_CreateNumber(uno_game_pending(g)), &ok);
    proto_json_put(o, "dealer", seat_or_null(uno_game_dealer(g)), &ok);
    proto_json_put(o, "t", proto_json_int(uno_game_clock(g)), &ok);
    proto_json_put(o, "clock", clock_json(g, &ok), &ok);

    cJSON *hands = cJSON_CreateArray();
    for (int s = 0; s < n; s++) {
        bool visible = uno_hand_visible(rules, s, viewer);
        proto_json_push(hands, visible ? hand_json(g, s) : cJSON_CreateNull(), &ok);
    }
    proto_json_put(o, "hands", hands, &ok);
    if (viewer != UNO_VIEWER_REFEREE) {
        cJSON *counts = cJSON_CreateArray();
        for (int s = 0; s < n; s++)
            proto_json_push(counts, cJSON_CreateNumber(uno_game_hand_count(g, s)), &ok);
        proto_json_put(o, "counts", counts, &ok);
    }
    proto_json_put(o, "stock", cJSON_CreateNumber(uno_game_stock_count(g)), &ok);
    proto_json_put(o, "discard", cJSON_CreateNumber(uno_game_discard_count(g)), &ok);

    cJSON *uno = cJSON_CreateArray(), *warnings = cJSON_CreateArray(), *players = cJSON_CreateArray();
    for (int s = 0; s < n; s++) {
        if (uno_game_said_uno(g, s))
            proto_json_push(uno, cJSON_CreateNumber(s), &ok);
        proto_json_push(warnings, cJSON_CreateNumber(uno_game_warnings(g, s)), &ok);
        proto_json_push(players, proto_json_person(uno_game_player(g, s)), &ok);
    }
    proto_json_put(o, "uno", uno, &ok);
    proto_json_put(o, "warnings", warnings, &ok);
    proto_json_put(o, "ranking", ranking_json(g, &ok), &ok);
    proto_json_put(o, "over", cJSON_CreateBool(uno_game_over(g)), &ok);
    proto_json_put(o, "scores", scores_json(g, &ok), &ok);
    proto_json_put(o, "players", players, &ok);
    if (rules->partners) {
        cJSON *teams = cJSON_CreateArray();
        for (int s = 0; s < n; s++)
            proto_json_push(teams, cJSON_CreateNumber(uno_game_team(g, s)), &ok);
        proto_json_put(o, "teams", teams, &ok);
    }
    cJSON *spectators = cJSON_CreateArray();
    for (int i = 0; i < uno_game_nspectators(g); i++)
        proto_json_push(spectators, proto_json_person(uno_game_spectator(g, i)), &ok);
    proto_json_put(o, "spectators", spectators, &ok);
    proto_json_put(o, "vote", vote_json(g, &ok), &ok);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}
