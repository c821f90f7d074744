/*
 * keeper_state.c — a scorekeeper table's session, folded from its actions
 * (keeper_state.h). The rules it applies are KPGUT's as the engine reads
 * them: the scores, §6, who may join (§13) and which warning ejects (§15)
 * come from uno_session.h, as in the engine's conduct.c; here are only the
 * checks that an action fits the game at the table ("Scoring": an hour at
 * most; §9 giving up; a player of this game).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/field.h"
#include "server/keeper_state.h"

#define HOUR_MS ((int64_t)UNO_SESSION_HOUR_MIN * 60000)
/* Cards one player may be said to hold: more than any table's decks. */
#define KEEPER_MAX_CARDS 1000

static int refuse(char *err, size_t errlen, int code, const char *message)
{
    snprintf(err, errlen, "%s", message);
    return code;
}

static bool named(const KeeperState *s, const char *name)
{
    for (int p = 0; p < s->nplayers; p++)
        if (strcmp(s->players[p].name, name) == 0)
            return true;
    return false;
}

/* A newcomer to the session: UNO_OK and their number in *player. */
static int add_player(KeeperState *s, const cJSON *obj, int *player, char *err, size_t errlen)
{
    UnoPlayerInfo info;
    int rc = proto_field_person(obj, &info, err, errlen);
    if (rc)
        return rc;
    if (!proto_field_has(obj, "age"))
        return refuse(err, errlen, UNO_E_BAD_REQUEST, "missing field 'age': KPGUT's roles go by age");
    if (named(s, info.name))
        return refuse(err, errlen, UNO_E_BAD_REQUEST, "two players may not have the same name");
    if (s->nplayers >= UNO_SESSION_MAX_PLAYERS)
        return refuse(err, errlen, UNO_E_ILLEGAL, "the session has as many players as it may");
    KeeperPlayer *p = &s->players[s->nplayers];
    memcpy(p->name, info.name, sizeof p->name);
    p->age = info.age;
    p->disqualified = false;
    *player = s->nplayers++;
    return UNO_OK;
}

static void seat_player(KeeperState *s, int seat, int player)
{
    memmove(&s->seats[seat + 1], &s->seats[seat], (size_t)(s->nseats - seat) * sizeof s->seats[0]);
    memset(&s->seats[seat], 0, sizeof s->seats[seat]);
    s->seats[seat].player = player;
    s->seats[seat].out.fate = UNO_FATE_LEFT;
    s->nseats++;
}

int srv_keeper_state_init(KeeperState *s, const cJSON *config, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    const cJSON *players = proto_field_get(config, "players");
    if (!cJSON_IsArray(players))
        return refuse(err, errlen, UNO_E_BAD_REQUEST, "missing field 'players': a list of {\"name\", \"age\"}");
    int n = cJSON_GetArraySize(players);
    if (n < 2 || n > UNO_MAX_PLAYERS) {
        snprintf(err, errlen, "field 'players': 2 to %d players", UNO_MAX_PLAYERS);
        return UNO_E_BAD_REQUEST;
    }
    const cJSON *p;
    cJSON_ArrayForEach(p, players) {
        int player, rc = cJSON_IsObject(p) ? add_player(s, p, &player, err, errlen)
                                           : refuse(err, errlen, UNO_E_BAD_REQUEST, "a player is {\"name\", \"age\"}");
        if (rc)
            return rc;
        seat_player(s, s->nseats, player);
    }
    return UNO_OK;
}

/* ------------------------------------------------------------- the game */

static int still_in(const KeeperState *s)
{
    int n = 0;
    for (int i = 0; i < s->nseats; i++)
        n += s->seats[i].out.fate == UNO_FATE_LEFT;
    return n;
}

/* Scores everyone (uno_session_score): the game has ended elapsed ms after
 * its start. */
static void end_game(KeeperState *s, int64_t elapsed, bool at_hour)
{
    UnoOutcome o[UNO_MAX_PLAYERS];
    for (int i = 0; i < s->nseats; i++)
        o[i] = s->seats[i].out;
    uno_session_score(o, s->nseats, elapsed, at_hour);
    for (int i = 0; i < s->nseats; i++)
        s->seats[i].out = o[i];
    s->over = true;
    s->at_hour = at_hour;
    s->elapsed = elapsed;
}

/* KPGUT "Ending the Game": the rest play on until one remains, the loser. */
static void check_last(KeeperState *s, int64_t at)
{
    if (still_in(s) <= 1)
        end_game(s, at - s->start, false);
}

/* The seat of the player an action names ("player"), who must be still in. */
static int playing_seat(const KeeperState *s, const cJSON *a, int *seat, char *err, size_t errlen)
{
    int64_t p;
    int rc = proto_field_int(a, "player", 0, s->nplayers - 1, &p, err, errlen);
    if (rc)
        return rc;
    for (int i = 0; i < s->nseats; i++)
        if (s->seats[i].player == p) {
            if (s->seats[i].out.fate != UNO_FATE_LEFT)
                return refuse(err, errlen, UNO_E_ILLEGAL, "that player is no longer in the game");
            *seat = i;
            return UNO_OK;
        }
    return refuse(err, errlen, UNO_E_ILLEGAL, "that player is not in this game");
}

/* The game is on: started, not over, within the hour. */
static int game_on(const KeeperState *s, int64_t at, char *err, size_t errlen)
{
    if (s->over)
        return refuse(err, errlen, UNO_E_OVER, "the game is over: start the next one");
    if (!s->start)
        return refuse(err, errlen, UNO_E_ILLEGAL, "the time-keeper has not started the clock");
    if (at - s->start >= HOUR_MS)
        return refuse(err, errlen, UNO_E_ILLEGAL,
                      "the hour is up (KPGUT \"Scoring\"): enter the cards of those still in");
    return UNO_OK;
}

static int act_start(KeeperState *s, int64_t at, char *err, size_t errlen)
{
    if (s->start || s->over)
        return refuse(err, errlen, UNO_E_ILLEGAL, "the clock of this game has been started");
    if (s->nseats < 2)
        return refuse(err, errlen, UNO_E_ILLEGAL, "a game needs two players");
    s->start = at;
    return UNO_OK;
}

/* A player went out (finish), gave up (§9) or was warned (§15). */
static int act_player(KeeperState *s, const cJSON *a, const char *act, int64_t at, char *err, size_t errlen)
{
    int seat, rc = game_on(s, at, err, errlen);
    if (!rc)
        rc = playing_seat(s, a, &seat, err, errlen);
    if (rc)
        return rc;
    KeeperSeat *k = &s->seats[seat];
    if (strcmp(act, "finish") == 0) {
        k->out.fate = UNO_FATE_FINISHED;
        k->out.order = ++s->finished;
        k->out.minutes = uno_session_minutes(at - s->start);
    } else if (strcmp(act, "giveup") == 0) {
        k->out.fate = UNO_FATE_GAVE_UP;
    } else if (uno_warning_ejects(++k->warnings)) { /* §15: "If the player continues said behavior" */
        k->out.fate = UNO_FATE_EJECTED;
        s->players[k->player].disqualified = true; /* KPGUT "Scoring" */
    }
    check_last(s, at);
    return UNO_OK;
}

/* §13: "if there is not yet a winner", a newcomer (name, age) or a player
 * of the session who is not in this game ("player") sits at "seat". */
static int act_join(KeeperState *s, const cJSON *a, int64_t at, char *err, size_t errlen)
{
    if (s->over)
        return refuse(err, errlen, UNO_E_ILLEGAL, "the game is over: no one may join");
    if (s->start && at - s->start >= HOUR_MS)
        return refuse(err, errlen, UNO_E_ILLEGAL, "the hour is up: the game is ending");
    const char *refusal = uno_join_refusal(s->finished, s->nseats, UNO_MAX_PLAYERS);
    if (refusal)
        return refuse(err, errlen, UNO_E_ILLEGAL, refusal);
    int64_t seat = s->nseats;
    int rc = proto_field_has(a, "seat") ? proto_field_int(a, "seat", 0, s->nseats, &seat, err, errlen) : UNO_OK;
    if (rc)
        return rc;
    int player;
    if (proto_field_has(a, "player")) {
        int64_t p;
        if ((rc = proto_field_int(a, "player", 0, s->nplayers - 1, &p, err, errlen)))
            return rc;
        for (int i = 0; i < s->nseats; i++)
            if (s->seats[i].player == p)
                return refuse(err, errlen, UNO_E_ILLEGAL, "that player is in this game");
        if (s->players[p].disqualified)
            return refuse(err, errlen, UNO_E_ILLEGAL, "that player was ejected (§15): out of the session");
        player = (int)p;
    } else if ((rc = add_player(s, a, &player, err, errlen))) {
        return rc;
    }
    seat_player(s, (int)seat, player);
    return UNO_OK;
}

/* A player of this game sits it out, before its clock starts. */
static int act_sitout(KeeperState *s, const cJSON *a, char *err, size_t errlen)
{
    if (s->start || s->over)
        return refuse(err, errlen, UNO_E_ILLEGAL, "only before the clock starts");
    int seat, rc = playing_seat(s, a, &seat, err, errlen);
    if (rc)
        return rc;
    memmove(&s->seats[seat], &s->seats[seat + 1], (size_t)(s->nseats - seat - 1) * sizeof s->seats[0]);
    s->nseats--;
    return UNO_OK;
}

/* What a player still in holds, {"player", "cards", "numbers": [10]}. */
static int read_hand(const KeeperState *s, const cJSON *c, int *seat, UnoHandCounts *h, char *err, size_t errlen)
{
    int64_t v;
    int rc = playing_seat(s, c, seat, err, errlen);
    if (!rc)
        rc = proto_field_int(c, "cards", 1, KEEPER_MAX_CARDS, &v, err, errlen);
    if (rc)
        return rc;
    h->cards = (int)v;
    const cJSON *numbers = proto_field_get(c, "numbers");
    if (!cJSON_IsArray(numbers) || cJSON_GetArraySize(numbers) != 10)
        return refuse(err, errlen, UNO_E_BAD_REQUEST, "field 'numbers': the number cards of each value 0 to 9, ten counts");
    int sum = 0;
    for (int i = 0; i < 10; i++) {
        const cJSON *n = cJSON_GetArrayItem(numbers, i);
        if (!proto_json_exact_int(n, &v) || v < 0 || v > KEEPER_MAX_CARDS)
            return refuse(err, errlen, UNO_E_BAD_REQUEST, "field 'numbers': counts are whole numbers from 0");
        h->numbers[i] = (int)v;
        sum += (int)v;
    }
    if (sum > h->cards)
        return refuse(err, errlen, UNO_E_BAD_REQUEST, "more number cards than cards");
    return UNO_OK;
}

/* The game ends with players still in: at the hour (KPGUT "Scoring"), or
 * before it when both piles are exhausted (§5); §6 ranks them from what they
 * hold ("counts": one entry for each). */
static int act_end(KeeperState *s, const cJSON *a, int64_t at, char *err, size_t errlen)
{
    if (s->over)
        return refuse(err, errlen, UNO_E_OVER, "the game is over");
    if (!s->start)
        return refuse(err, errlen, UNO_E_ILLEGAL, "the time-keeper has not started the clock");
    const cJSON *counts = proto_field_get(a, "counts");
    if (!cJSON_IsArray(counts))
        return refuse(err, errlen, UNO_E_BAD_REQUEST, "missing field 'counts': what each player still in holds");
    bool told[UNO_MAX_PLAYERS] = {false};
    UnoHandCounts hands[UNO_MAX_PLAYERS];
    const cJSON *c;
    cJSON_ArrayForEach(c, counts) {
        UnoHandCounts h;
        int seat, rc = cJSON_IsObject(c) ? read_hand(s, c, &seat, &h, err, errlen)
                                         : refuse(err, errlen, UNO_E_BAD_REQUEST, "a count is {\"player\", \"cards\", \"numbers\"}");
        if (rc)
            return rc;
        if (told[seat])
            return refuse(err, errlen, UNO_E_BAD_REQUEST, "a player's cards are told twice");
        told[seat] = true;
        hands[seat] = h;
    }
    for (int i = 0; i < s->nseats; i++)
        if (s->seats[i].out.fate == UNO_FATE_LEFT && !told[i])
            return refuse(err, errlen, UNO_E_BAD_REQUEST, "the cards of every player still in are needed");
    for (int i = 0; i < s->nseats; i++)
        if (told[i])
            s->seats[i].out.hand = hands[i];
    bool at_hour = at - s->start >= HOUR_MS;
    end_game(s, at_hour ? HOUR_MS : at - s->start, at_hour);
    return UNO_OK;
}

/* Settles the game over into the pad and seats the next: everyone of this
 * one but the ejected, in the same order. */
static int act_next(KeeperState *s, char *err, size_t errlen)
{
    if (!s->over)
        return refuse(err, errlen, UNO_E_ILLEGAL, "the game is not over");
    if (s->ngames + 1 >= KEEPER_MAX_GAMES)
        return refuse(err, errlen, UNO_E_ILLEGAL, "the session has as many games as it may");
    int16_t *row = s->pad[s->ngames];
    for (int p = 0; p < UNO_SESSION_MAX_PLAYERS; p++)
        row[p] = KEEPER_NOT_IN;
    int n = 0;
    for (int i = 0; i < s->nseats; i++) {
        const KeeperSeat *k = &s->seats[i];
        row[k->player] = (int16_t)(k->out.score >= 0 ? k->out.score : KEEPER_NO_SCORE);
        if (!s->players[k->player].disqualified)
            n++;
    }
    if (n < 2)
        return refuse(err, errlen, UNO_E_ILLEGAL, "fewer than two players are left for a game");
    s->ngames++;
    KeeperSeat old[UNO_MAX_PLAYERS];
    int nold = s->nseats;
    memcpy(old, s->seats, sizeof old);
    s->nseats = 0;
    for (int i = 0; i < nold; i++)
        if (!s->players[old[i].player].disqualified)
            seat_player(s, s->nseats, old[i].player);
    s->start = 0;
    s->finished = 0;
    s->over = s->at_hour = false;
    s->elapsed = 0;
    return UNO_OK;
}

int srv_keeper_state_apply(KeeperState *s, const cJSON *action, char *err, size_t errlen)
{
    const char *act;
    int64_t at;
    int rc = proto_field_string(action, "act", 16, &act, err, errlen);
    if (!rc)
        rc = proto_field_int(action, "at", 0, UNO_FIELD_MAX_INT, &at, err, errlen);
    if (rc)
        return rc;
    if (at < s->last)
        return refuse(err, errlen, UNO_E_BAD_REQUEST, "the clock went back");
    KeeperState *next = malloc(sizeof *next);
    if (!next)
        return refuse(err, errlen, UNO_E_NOMEM, "out of memory");
    *next = *s;
    if (strcmp(act, "start") == 0)
        rc = act_start(next, at, err, errlen);
    else if (strcmp(act, "finish") == 0 || strcmp(act, "giveup") == 0 || strcmp(act, "warn") == 0)
        rc = act_player(next, action, act, at, err, errlen);
    else if (strcmp(act, "join") == 0)
        rc = act_join(next, action, at, err, errlen);
    else if (strcmp(act, "sitout") == 0)
        rc = act_sitout(next, action, err, errlen);
    else if (strcmp(act, "end") == 0)
        rc = act_end(next, action, at, err, errlen);
    else if (strcmp(act, "next") == 0)
        rc = act_next(next, err, errlen);
    else
        rc = refuse(err, errlen, UNO_E_BAD_REQUEST,
                    "field 'act': start, finish, giveup, warn, join, sitout, end, next or undo");
    if (!rc) {
        next->last = at;
        *s = *next;
    }
    free(next);
    return rc;
}

/* ------------------------------------------------------------ standings */

/* The player's score in game g (the current one once over), or <0. */
static int score_in(const KeeperState *s, int g, int player)
{
    if (g < s->ngames)
        return s->pad[g][player];
    if (!s->over)
        return KEEPER_NOT_IN;
    for (int i = 0; i < s->nseats; i++)
        if (s->seats[i].player == player)
            return s->seats[i].out.score >= 0 ? s->seats[i].out.score : KEEPER_NO_SCORE;
    return KEEPER_NOT_IN;
}

typedef struct Standing {
    int64_t total;
    int scored, played, rank; /* rank 0: not ranked (disqualified, or no score yet) */
} Standing;

/* KPGUT "Scoring": totals over the games played, ranked by average
 * (uno_session_compare); the games count once over. */
static void standings(const KeeperState *s, Standing *st)
{
    int games = s->ngames + s->over;
    for (int p = 0; p < s->nplayers; p++) {
        st[p] = (Standing){0};
        for (int g = 0; g < games; g++) {
            int v = score_in(s, g, p);
            st[p].played += v != KEEPER_NOT_IN;
            if (v >= 0) {
                st[p].total += v;
                st[p].scored++;
            }
        }
    }
    for (int p = 0; p < s->nplayers; p++) {
        if (s->players[p].disqualified || !st[p].scored)
            continue;
        st[p].rank = 1;
        for (int q = 0; q < s->nplayers; q++)
            if (q != p && !s->players[q].disqualified && st[q].scored &&
                uno_session_compare(st[q].total, st[q].scored, st[p].total, st[p].scored) < 0)
                st[p].rank++;
    }
}

/* The lowest-numbered player of the best (worst) rank; -1: none. */
static int holder(const KeeperState *s, const Standing *st, bool worst)
{
    int who = -1;
    for (int p = 0; p < s->nplayers; p++)
        if (st[p].rank > 0 && (who < 0 || (worst ? st[p].rank > st[who].rank : st[p].rank < st[who].rank)))
            who = p;
    return who;
}

/* ----------------------------------------------------------------- JSON */

static const char *fate_name(UnoFate f)
{
    static const char *const names[] = {"playing", "finished", "gave_up", "ejected"};
    return names[f];
}

static cJSON *number_or_null(int v) { return v >= 0 ? cJSON_CreateNumber(v) : cJSON_CreateNull(); }

/* KPGUT's people of this game, by player: the oldest deals, keeps the time,
 * warns and breaks ties; the youngest opens and warns the oldest. The
 * ejected have left the table. */
static void roles(const KeeperState *s, int *oldest, int *youngest)
{
    int ages[UNO_MAX_PLAYERS];
    for (int i = 0; i < s->nseats; i++)
        ages[i] = s->seats[i].out.fate == UNO_FATE_EJECTED ? -1 : s->players[s->seats[i].player].age;
    int o = uno_oldest(ages, s->nseats), y = uno_youngest(ages, s->nseats);
    *oldest = o < 0 ? -1 : s->seats[o].player;
    *youngest = y < 0 ? -1 : s->seats[y].player;
}

bool srv_keeper_state_hour_up(const KeeperState *s, int64_t now)
{
    return !s->over && s->start && now - s->start >= HOUR_MS;
}

static cJSON *game_json(const KeeperState *s, int64_t now, bool *ok)
{
    cJSON *g = cJSON_CreateObject(), *seats = cJSON_CreateArray();
    for (int i = 0; i < s->nseats; i++) {
        const KeeperSeat *k = &s->seats[i];
        cJSON *o = cJSON_CreateObject();
        proto_json_put(o, "player", cJSON_CreateNumber(k->player), ok);
        proto_json_put(o, "fate", cJSON_CreateString(fate_name(k->out.fate)), ok);
        proto_json_put(o, "warnings", cJSON_CreateNumber(k->warnings), ok);
        if (k->out.fate == UNO_FATE_FINISHED)
            proto_json_put(o, "minutes", cJSON_CreateNumber(k->out.minutes), ok);
        if (s->over) {
            proto_json_put(o, "rank", number_or_null(k->out.rank), ok);
            proto_json_put(o, "score", number_or_null(k->out.score), ok);
        }
        proto_json_push(seats, o, ok);
    }
    int oldest, youngest;
    roles(s, &oldest, &youngest);
    proto_json_put(g, "number", cJSON_CreateNumber(s->ngames), ok);
    proto_json_put(g, "seats", seats, ok);
    proto_json_put(g, "oldest", number_or_null(oldest), ok);
    proto_json_put(g, "youngest", number_or_null(youngest), ok);
    proto_json_put(g, "started", s->start ? proto_json_int(s->start) : cJSON_CreateNull(), ok);
    int64_t elapsed = s->over ? s->elapsed : s->start ? now - s->start : 0;
    proto_json_put(g, "elapsed", proto_json_int(elapsed), ok);
    proto_json_put(g, "hour_up", cJSON_CreateBool(srv_keeper_state_hour_up(s, now)), ok);
    proto_json_put(g, "over", cJSON_CreateBool(s->over), ok);
    proto_json_put(g, "at_hour", cJSON_CreateBool(s->at_hour), ok);
    return g;
}

static cJSON *session_json(const KeeperState *s, bool *ok)
{
    Standing st[UNO_SESSION_MAX_PLAYERS];
    standings(s, st);
    cJSON *o = cJSON_CreateObject(), *scores = cJSON_CreateArray(), *totals = cJSON_CreateArray(),
          *played = cJSON_CreateArray(), *averages = cJSON_CreateArray(), *ranking = cJSON_CreateArray(),
          *disq = cJSON_CreateArray();
    for (int g = 0; g < s->ngames + s->over; g++) {
        cJSON *row = cJSON_CreateArray();
        for (int p = 0; p < s->nplayers; p++)
            proto_json_push(row, number_or_null(score_in(s, g, p)), ok);
        proto_json_push(scores, row, ok);
    }
    for (int p = 0; p < s->nplayers; p++) {
        proto_json_push(totals, proto_json_int(st[p].total), ok);
        proto_json_push(played, cJSON_CreateNumber(st[p].played), ok);
        proto_json_push(averages, st[p].scored ? cJSON_CreateNumber((double)st[p].total / st[p].scored) : cJSON_CreateNull(), ok);
        proto_json_push(disq, cJSON_CreateBool(s->players[p].disqualified), ok);
    }
    for (int rank = 1; rank <= s->nplayers; rank++) { /* the places, best first; ties share one */
        cJSON *place = NULL;
        for (int p = 0; p < s->nplayers; p++)
            if (st[p].rank == rank) {
                if (!place)
                    place = cJSON_CreateArray();
                proto_json_push(place, cJSON_CreateNumber(p), ok);
            }
        if (place)
            proto_json_push(ranking, place, ok);
    }
    proto_json_put(o, "scores", scores, ok);
    proto_json_put(o, "totals", totals, ok);
    proto_json_put(o, "played", played, ok);
    proto_json_put(o, "averages", averages, ok);
    proto_json_put(o, "disqualified", disq, ok);
    proto_json_put(o, "ranking", ranking, ok);
    proto_json_put(o, "winner", number_or_null(holder(s, st, false)), ok);
    proto_json_put(o, "loser", number_or_null(holder(s, st, true)), ok);
    return o;
}

cJSON *srv_keeper_state_json(const KeeperState *s, int64_t now)
{
    bool ok = true;
    cJSON *o = cJSON_CreateObject(), *players = cJSON_CreateArray();
    for (int p = 0; p < s->nplayers; p++) {
        UnoPlayerInfo info = {.age = s->players[p].age};
        memcpy(info.name, s->players[p].name, sizeof info.name);
        proto_json_push(players, proto_json_person(&info), &ok);
    }
    proto_json_put(o, "players", players, &ok);
    proto_json_put(o, "hour_ms", proto_json_int(HOUR_MS), &ok);
    proto_json_put(o, "now", proto_json_int(now), &ok);
    proto_json_put(o, "game", game_json(s, now, &ok), &ok);
    proto_json_put(o, "session", session_json(s, &ok), &ok);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* ------------------------------------------------------------------ CSV */

typedef struct Buf {
    char *text;
    size_t len, cap;
    bool ok;
} Buf;

static void put(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(Buf *b, const char *fmt, ...)
{
    for (int tries = 0; b->ok && tries < 2; tries++) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->text ? b->text + b->len : NULL, b->text ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->ok = false;
        } else if (b->text && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        } else {
            size_t cap = 2 * (b->cap + (size_t)n) + 64;
            char *text = realloc(b->text, cap);
            if (!text)
                b->ok = false;
            b->text = text ? text : b->text;
            b->cap = text ? cap : b->cap;
        }
    }
}

/* A text field: quoted, quotes doubled (RFC 4180); a leading = + - @ gets a
 * ' so that a spreadsheet does not take a name for a formula. */
static void put_text(Buf *b, const char *text)
{
    put(b, "\"%s", strchr("=+-@", text[0]) && text[0] ? "'" : "");
    for (const char *c = text; *c; c++)
        put(b, "%s%c", *c == '"' ? "\"" : "", *c);
    put(b, "\"");
}

char *srv_keeper_state_csv(const KeeperState *s)
{
    Standing st[UNO_SESSION_MAX_PLAYERS];
    standings(s, st);
    Buf b = {.ok = true};
    int games = s->ngames + s->over;
    put(&b, "player,age");
    for (int g = 0; g < games; g++)
        put(&b, ",game %d", g + 1);
    put(&b, ",total,games,average,rank,disqualified\r\n");
    for (int p = 0; p < s->nplayers; p++) {
        put_text(&b, s->players[p].name);
        put(&b, ",%d", s->players[p].age);
        for (int g = 0; g < games; g++) {
            int v = score_in(s, g, p);
            put(&b, v >= 0 ? ",%d" : ",", v);
        }
        put(&b, ",%lld,%d,", (long long)st[p].total, st[p].played);
        if (st[p].scored)
            put(&b, "%.2f", (double)st[p].total / st[p].scored);
        put(&b, st[p].rank ? ",%d" : ",", st[p].rank);
        put(&b, ",%s\r\n", s->players[p].disqualified ? "yes" : "no");
    }
    if (!b.ok) {
        free(b.text);
        return NULL;
    }
    return b.text;
}
