/*
 * seatbot.c — the bots of the server's tables: who is asked, in what
 * order, and where each decides (room.h, docs/server.md "Bots").
 *
 * The cheap bots (easy, medium, and the stand-ins, which play as medium)
 * decide on the loop: microseconds, less than handing them over would cost.
 * A search bot (hard, expert: milliseconds to a tenth of a second) and an
 * operator's program (up to its time limit) decide on a worker thread
 * (pool.h) from a Thought: copies of its seat's view and record, its
 * parameters and generator, and a world sampled from what the seat knows
 * (uno_game_sample: every card hidden from it dealt again), so that nothing
 * of the referee's game leaves the loop. The answer comes back on the loop,
 * and is applied only if the table has not moved since it was asked (its
 * log has as many lines); otherwise it is dropped, and the change that
 * moved the table has asked the bots again.
 *
 * A program (protocol/extbot_link.h) is one process per seat, started on its
 * seat's first question, fed its seat's view, events and legal moves only.
 * A late, illegal or garbled answer is the default move and one line in the
 * operator's log, which names what went wrong and never a card; a program
 * that dies is started again, up to SRV_PROGRAM_STARTS times, then plays
 * the default move to the end.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots/extbot.h"
#include "protocol/extbot_link.h"
#include "server/room.h"

/* How many times a seat's program is started in one run of the server. */
#define SRV_PROGRAM_STARTS 3

struct SeatProgram {
    char command[UNO_BOT_COMMAND_LEN];
    int limit_ms;
    int startup_ms;
    char label[UNO_SERVE_BOT_NAME_LEN + 48];
    UnoExtBot *bot;  /* its process, or NULL: not started, or gone for good */
    int starts;      /* times started */
    int game;        /* the room's game_no it was last asked in */
};

struct Thought {
    SrvTask task; /* first: the pool hands back this */
    /* the loop's */
    Room *room;
    int k;           /* the seat's place in the order the bots are asked */
    int64_t version; /* the table's log lines when asked */
    /* the worker's: copies */
    int seat;
    UnoBotKind kind;
    UnoBotParams params;
    UnoRng rng;
    UnoView view;         /* view.history is `history` */
    UnoHistory *history;  /* the seat's record, or NULL */
    UnoGame *world;       /* sampled from the seat's knowledge, or NULL */
    SeatProgram *program; /* a program's seat: its process is the worker's while asked */
    int game_no;
    /* the answer */
    bool acted;
    UnoAction action;
    UnoExtBotStats before, after; /* the program's, around the question */
    bool started, start_failed;
};

/* Whether a bot decides for the seat now: a bot's seat, or a person's
 * while a stand-in plays it. */
static bool bot_plays(const RoomSeat *s) { return !s->human || s->stand_in; }

/* ------------------------------------------------------------ programs */

SeatProgram *srv_program_new(const Room *r, int seat)
{
    SeatProgram *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    const RoomSeat *s = &r->seats[seat];
    snprintf(p->command, sizeof p->command, "%s", s->params.command);
    p->limit_ms = s->params.think_ms;
    p->startup_ms = s->params.startup_ms;
    snprintf(p->label, sizeof p->label, "%s at table %s", s->level, r->code);
    p->game = -1;
    return p;
}

void srv_program_free(SeatProgram *p)
{
    if (!p)
        return;
    bot_ext_stop(p->bot);
    free(p);
}

/* On the worker: the program's answer, its process started (again) when
 * there is none; the default move when it cannot be asked. */
static void program_choose(Thought *t)
{
    SeatProgram *p = t->program;
    if (p->bot) {
        UnoExtBotStats st;
        bot_ext_stats(p->bot, &st);
        if (st.gone) { /* started again below, or the default move once it was started too often */
            bot_ext_stop(p->bot);
            p->bot = NULL;
        }
    }
    if (!p->bot && p->starts < SRV_PROGRAM_STARTS) {
        char err[UNO_ERR_LEN];
        p->starts++;
        /* its standard error is not the operator's log: a program may print its cards there */
        p->bot = proto_extbot_start(p->command, p->limit_ms, p->startup_ms, "/dev/null", p->label, NULL, err,
                                    sizeof err);
        t->started = p->bot != NULL;
        t->start_failed = !p->bot;
        p->game = -1;
    }
    if (!p->bot) {
        t->acted = bot_in_turn(&t->view) && bot_choose_action(UNO_BOT_RANDOM, NULL, &t->view, NULL, &t->rng, &t->action);
        return;
    }
    if (p->game != t->game_no) {
        bot_ext_new_game(p->bot);
        p->game = t->game_no;
    }
    bot_ext_stats(p->bot, &t->before);
    t->acted = bot_ext_choose(p->bot, t->world, &t->view, t->history, &t->rng, &t->action);
    bot_ext_stats(p->bot, &t->after);
}

/* On the loop: what went wrong with the program's answer, for the
 * operator: what kind of trouble, never the answer itself (it may name the
 * program's cards). */
static void program_report(const Room *r, const Thought *t)
{
    const char *what = NULL;
    const UnoExtBotStats *a = &t->after, *b = &t->before;
    if (t->start_failed)
        what = "its program could not be started";
    else if (a->gone && !b->gone)
        what = t->program->starts < SRV_PROGRAM_STARTS ? "its program stopped (it is started again at the next question)"
                                                         : "its program stopped (it is not started again)";
    else if (a->late > b->late)
        what = "no answer in time";
    else if (a->illegal > b->illegal)
        what = "an answer that is not a legal move";
    else if (a->garbled > b->garbled)
        what = "an answer that is not a JSON object";
    if (what)
        fprintf(r->lobby->log, "uno serve: seat %d (bot %s): %s; it plays the default move\n", t->seat,
                t->program->label, what);
    else if (t->started && t->program->starts > 1)
        fprintf(r->lobby->log, "uno serve: seat %d (bot %s): its program was started again\n", t->seat,
                t->program->label);
}

/* ------------------------------------------------------------ thoughts */

static void thought_free(Thought *t)
{
    uno_history_free(t->history);
    free(t->world);
    free(t);
}

/* On the worker. */
static void think(SrvTask *task)
{
    Thought *t = (Thought *)task;
    if (t->program)
        return program_choose(t);
    UnoWorlds *worlds = t->world && t->history ? bot_worlds_new() : NULL;
    if (worlds)
        bot_worlds_set(worlds, t->world, t->seat, t->history);
    t->acted = bot_choose_action(t->kind, &t->params, &t->view, worlds, &t->rng, &t->action);
    bot_worlds_free(worlds);
}

/* On the loop: the answer, applied if the table is where it was. */
static void thought_done(SrvTask *task, bool ran)
{
    Thought *t = (Thought *)task;
    Room *r = t->room;
    r->thinking = NULL;
    if (ran) {
        bool current = r->log_n == t->version && srv_room_playing(r);
        if (t->program)
            program_report(r, t);
        if (current) {
            r->seats[t->seat].rng = t->rng;
            if (t->acted) {
                t->action.t = srv_room_now(r);
                srv_room_act(r, &t->action);
            } else {
                srv_bots_act(r, t->k + 1, true);
            }
        }
    }
    thought_free(t);
}

/* Hands seat's decision to a worker. false: it could not (no memory). */
static bool ask_worker(Room *r, int k, int seat, UnoBotKind kind)
{
    Lobby *l = r->lobby;
    RoomSeat *s = &r->seats[seat];
    SrvPool *pool = kind == UNO_BOT_EXTERNAL ? l->programs : l->search;
    const UnoGame *g = proto_table_game(r->table);
    const UnoHistory *h = proto_table_seen(r->table, seat);
    Thought *t = pool ? calloc(1, sizeof *t) : NULL;
    if (!t)
        return false;
    t->task.run = think;
    t->task.done = thought_done;
    t->room = r;
    t->k = k;
    t->version = r->log_n;
    t->seat = seat;
    t->kind = kind;
    t->params = s->params;
    t->rng = s->rng;
    t->program = s->program;
    t->game_no = r->game_no;
    t->history = h ? uno_history_copy(h) : NULL;
    t->world = malloc(uno_game_bytes(g));
    if ((h && !t->history) || !t->world ||
        uno_game_sample(g, seat, t->history, srv_random_u64(), t->world) != UNO_OK) {
        thought_free(t);
        return false;
    }
    uno_view_build(&t->view, g, seat, t->history);
    r->thinking = t;
    srv_pool_submit(pool, &t->task);
    return true;
}

/* A cheap bot's decision, on the loop. */
static bool decide_here(Room *r, int seat, UnoBotKind kind, UnoAction *a)
{
    Lobby *l = r->lobby;
    RoomSeat *s = &r->seats[seat];
    uno_view_build(&l->view, proto_table_game(r->table), seat, proto_table_seen(r->table, seat));
    return bot_choose_action(kind, s->human ? NULL : &s->params, &l->view, NULL, &s->rng, a);
}

/* The bots, asked from the seat in turn on in the order of play; the first
 * that does something acts, and they are asked again after the pace (the
 * change schedules it). While no bot acts, they are asked again every half
 * second (an UNO grace may run out, making a catch possible). */
void srv_bots_act(Room *r, int from, bool any)
{
    const UnoGame *g = proto_table_game(r->table);
    int n = uno_game_nplayers(g), turn = uno_game_turn(g), dir = uno_game_direction(g);
    for (int k = from; k < n; k++) {
        int seat = ((turn + dir * k) % n + n) % n;
        RoomSeat *s = &r->seats[seat];
        if (seat >= r->nseats || !bot_plays(s))
            continue;
        any = true;
        UnoBotKind kind = s->human ? UNO_BOT_HEURISTIC : s->bot;
        if ((kind == UNO_BOT_ISMCTS || kind == UNO_BOT_EXTERNAL) && ask_worker(r, k, seat, kind))
            return; /* thought_done goes on */
        if (kind == UNO_BOT_EXTERNAL)
            kind = UNO_BOT_RANDOM; /* no memory for its question: the default move */
        UnoAction a;
        if (decide_here(r, seat, kind, &a)) {
            a.t = srv_room_now(r);
            srv_room_act(r, &a);
            return;
        }
    }
    r->bot_at = any ? srv_now_ms() + 500 : 0;
}
