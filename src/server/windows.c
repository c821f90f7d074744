/*
 * windows.c — a table's clock (room.h): the moments at which something
 * happens without anyone's request, and what happens then. The table is
 * looked at exactly then (the lobby's clock runs it within SRV_CLOCK_MS), so
 * that no client has to ask again when a window opens or ends
 * (docs/server.md "Real time").
 */
#include <stdint.h>

#include "server/room.h"

static const UnoGame *game_of(const Room *r) { return proto_table_game(r->table); }

static int64_t earliest(int64_t a, int64_t b) { return a < b ? a : b; }

/* A moment of the game's clock on the server's (ms); INT64_MAX stays. */
static int64_t server_ms(const Room *r, int64_t game_t)
{
    return game_t == INT64_MAX ? INT64_MAX : r->t_base + game_t;
}

/* The first end of a UNO grace that nobody has been told of, on the game's
 * clock: from then on a catch is among the moves. INT64_MAX: none. */
static int64_t next_catch(const Room *r)
{
    int64_t next = INT64_MAX;
    for (int s = 0; s < uno_game_nplayers(game_of(r)); s++) {
        int64_t from = uno_game_catchable_at(game_of(r), s);
        if (from > r->told_t)
            next = earliest(next, from);
    }
    return next;
}

/* Whether a person away is played for by a stand-in bot after the table's
 * away_bot_ms: only where the rules have no away timer of their own (§8). */
static bool stand_ins(const Room *r) { return uno_game_rules(game_of(r))->away_ms <= 0; }

static bool needs_stand_in(const Room *r, const RoomSeat *s)
{
    return s->human && !s->client && !s->stand_in && stand_ins(r);
}

/* When the next stand-in takes a seat (server ms); INT64_MAX: none. */
static int64_t next_stand_in(const Room *r)
{
    int64_t next = INT64_MAX;
    for (int i = 0; i < r->nseats; i++)
        if (needs_stand_in(r, &r->seats[i]))
            next = earliest(next, r->seats[i].away_since + r->away_bot_ms);
    return next;
}

void srv_room_schedule(Room *r)
{
    if (!srv_room_playing(r)) {
        r->tick_at = 0;
        return;
    }
    const UnoGame *g = game_of(r);
    int64_t rules = earliest(earliest(uno_game_away_at(g), uno_game_limit_at(g)), next_catch(r));
    int64_t due = earliest(server_ms(r, rules), next_stand_in(r));
    r->tick_at = due == INT64_MAX ? 0 : due;
}

/* People away longer than the table allows get a stand-in, who plays at
 * once if it is their turn. */
static void seat_stand_ins(Room *r, int64_t now)
{
    bool stood_in = false;
    for (int i = 0; i < r->nseats; i++) {
        RoomSeat *s = &r->seats[i];
        if (needs_stand_in(r, s) && now - s->away_since >= r->away_bot_ms)
            stood_in = s->stand_in = true;
    }
    if (stood_in) {
        srv_room_announce(r);
        r->bot_at = now;
    }
}

void srv_room_timers_run(Room *r, int64_t now)
{
    seat_stand_ins(r, now);
    int64_t t = srv_room_now(r);
    if (uno_game_timers_due(game_of(r), t)) { /* told to everyone, catches included */
        UnoAction a;
        uno_action_init(&a, UNO_ACT_TICK, -1);
        a.t = t;
        if (!srv_room_act(r, &a)) { /* the store refused it: said in the log, tried again later */
            r->tick_at = now + SRV_TIMER_RETRY_MS;
            return;
        }
    } else if (next_catch(r) <= t) {
        srv_room_push_time(r);
    }
    srv_room_schedule(r);
}
