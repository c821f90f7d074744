/*
 * table.c — UnoTable: one request line in, one response line out
 * (protocol.h; docs/protocol.md).
 *
 * Order of checks for a request: its length, JSON, an object, "op" a
 * string, "t" well-formed, op known, a game exists (else no_game), "t" not
 * before the game's clock, the op's fields, then the engine's verdict.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/field.h"
#include "protocol/match_ops.h"
#include "protocol/protocol.h"
#include "protocol/render.h"
#include "protocol/request.h"
#include "protocol/seen.h"
#include "protocol/text.h"

/* Not a UnoStatus: the log hook refused the request, which is undone, and
 * proto_table_handle() returns NULL. Out of memory is UNO_E_NOMEM, answered
 * server_error with the game as it was. */
#define FATAL (-1)

struct UnoTable {
    UnoGame *game;        /* NULL before the first `new` */
    UnoMatch *match;      /* the match the game is part of (it owns the game), or NULL */
    UnoGame *undo;        /* the game before the request (a block of the game's size) */
    UnoRulesLoader load;  /* rule sets that are not built in */
    UnoTableLogFn log;
    void *log_ctx;
    cJSON *events;        /* while an action applies: its events so far */
    bool events_ok;       /* ... all of which could be recorded */
    UnoRules events_rules; /* ... the rules they are seen under */
    int viewer;           /* ... and who sees them: the request's "as" (the referee by default) */
    UnoHistory *request;  /* ... and all of them, cards and all, for `seen` once the request is kept */
    UnoSeen *seen;        /* what each viewer has seen of the game (`view` with "history") */
};

UnoTable *proto_table_new(void) { return calloc(1, sizeof(UnoTable)); }

/* The game goes with its match, if it has one. */
static void drop_game(UnoTable *t)
{
    if (t->match)
        uno_match_free(t->match);
    else
        uno_game_free(t->game);
    t->match = NULL;
    t->game = NULL;
}

void proto_table_free(UnoTable *t)
{
    if (!t)
        return;
    drop_game(t);
    free(t->undo);
    uno_history_free(t->request);
    proto_seen_free(t->seen);
    free(t);
}

void proto_table_set_rules_loader(UnoTable *t, UnoRulesLoader load) { t->load = load; }

void proto_table_set_log(UnoTable *t, UnoTableLogFn fn, void *ctx)
{
    t->log = fn;
    t->log_ctx = ctx;
}

const UnoGame *proto_table_game(const UnoTable *t) { return t->game; }

const UnoMatch *proto_table_match(const UnoTable *t) { return t->match; }

int proto_table_games_over(const UnoTable *t)
{
    if (!t->game)
        return 0;
    return (t->match ? uno_match_game_number(t->match) : 0) + uno_game_over(t->game);
}

bool proto_table_all_played(const UnoTable *t)
{
    return t->game && uno_game_over(t->game) && (!t->match || uno_match_over(t->match));
}

bool proto_table_response_ok(const char *response)
{
    static const char ok[] = "{\"ok\":true";
    return response && strncmp(response, ok, sizeof ok - 1) == 0;
}

const char *proto_status_code(int st)
{
    switch (st) {
    case UNO_E_ILLEGAL:
    case UNO_E_NO_ROOM: return "illegal";
    case UNO_E_NOT_YOUR_TURN: return "not_your_turn";
    case UNO_E_OVER: return "over";
    case UNO_TABLE_NO_GAME: return "no_game";
    case UNO_E_NOMEM: return "server_error";
    default: return "bad_request";
    }
}

static int fail_with(char *err, size_t errlen, int st, const char *msg)
{
    snprintf(err, errlen, "%s", msg);
    return st;
}

/* The answer to one request: printed for a request that came as a line
 * (before the request is kept, so that an answer that cannot be made
 * undoes it), or the object itself for one handed over parsed. */
typedef struct Reply {
    bool as_text;
    char *text;
    cJSON *json;
} Reply;

/* Sets out to o (taken; NULL: out of memory), printed when out is text. */
static int reply_with(Reply *out, cJSON *o)
{
    if (!out->as_text) {
        out->json = o;
        return o ? UNO_OK : UNO_E_NOMEM;
    }
    out->text = o ? cJSON_PrintUnformatted(o) : NULL;
    cJSON_Delete(o);
    return out->text ? UNO_OK : UNO_E_NOMEM;
}

/* A request that was answered is undone after all: its answer goes. */
static void reply_drop(Reply *out)
{
    free(out->text);
    cJSON_Delete(out->json);
    out->text = NULL;
    out->json = NULL;
}

/* {"ok":true, key: value} (value taken; NULL: out of memory) into *out. */
static int answer(const char *key, cJSON *value, Reply *out)
{
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "ok", cJSON_CreateTrue(), &ok);
    proto_json_put(o, key, value, &ok);
    if (!ok) {
        cJSON_Delete(o);
        o = NULL;
    }
    return reply_with(out, o);
}

uint64_t proto_state_hash(const UnoGame *g, const UnoMatch *match)
{
    return match ? uno_match_hash(match) : uno_game_hash(g);
}

uint64_t proto_table_hash(const UnoTable *t) { return t->game ? proto_state_hash(t->game, t->match) : 0; }

/* One request on its way through the op table: what dispatch read of it
 * and where its answer goes. */
typedef struct Request {
    const cJSON *json;
    const char *op;
    int action;      /* an action's UnoActionType; -1 for the other ops */
    int64_t clock;   /* its "t"; -1: none */
    Reply *out;
    char *err;
    size_t errlen;
} Request;

/* Hands a state-changing request (taken; NULL: out of memory) and the hash
 * of the state it made to the log hook: UNO_OK, UNO_E_NOMEM, or FATAL when
 * the hook refused it. */
static int log_request(UnoTable *t, cJSON *normalised, uint64_t hash)
{
    char *line = normalised && t->log ? cJSON_PrintUnformatted(normalised) : NULL;
    bool made = normalised && (!t->log || line);
    cJSON_Delete(normalised);
    int st = !made ? UNO_E_NOMEM : t->log && !t->log(t->log_ctx, line, hash) ? FATAL : UNO_OK;
    free(line);
    return st;
}

static void collect(void *ctx, const UnoEvent *ev)
{
    UnoTable *t = ctx;
    proto_json_push(t->events, proto_event_json(&t->events_rules, ev, t->viewer), &t->events_ok);
    if (!t->request || uno_history_add(t->request, &t->events_rules, ev) != UNO_OK)
        t->events_ok = false;
}

/* The request was kept: every viewer has seen its events, after the deal
 * of a new game (fresh) or in the game it goes on with. Out of memory here
 * comes after the request was kept and answered: the record of what each
 * viewer saw is let go (`view` with "history" then answers server_error,
 * and a bot samples without it) until the next game is dealt. */
static void show_viewers(UnoTable *t, bool fresh)
{
    if (fresh) {
        proto_seen_free(t->seen);
        t->seen = proto_seen_new();
    }
    if (t->seen && proto_seen_add(t->seen, &t->events_rules, t->request) != UNO_OK) {
        proto_seen_free(t->seen);
        t->seen = NULL;
    }
}

/* The events of a request are collected from events_begin() to
 * events_end(), which returns them, or NULL when some could not be kept;
 * they are seen under these rules. */
static void events_begin(UnoTable *t, const UnoRules *rules)
{
    t->events_rules = *rules;
    uno_history_free(t->request);
    t->request = uno_history_new(UNO_VIEWER_REFEREE);
    cJSON_Delete(t->events);
    t->events = cJSON_CreateArray();
    t->events_ok = t->events != NULL;
}

static cJSON *events_end(UnoTable *t)
{
    cJSON *events = t->events;
    t->events = NULL;
    if (!t->events_ok) {
        cJSON_Delete(events);
        return NULL;
    }
    return events;
}

/* The answer to a request that dealt g (`new`, `next`): its events; *undo
 * gets a block of g's size. */
static int answer_deal(const UnoGame *g, cJSON *events, UnoGame **undo, Reply *out)
{
    *undo = malloc(uno_game_bytes(g));
    if (!*undo || !events) {
        cJSON_Delete(events);
        return UNO_E_NOMEM;
    }
    return answer("events", events, out); /* takes the events */
}

/* The table takes a newly dealt game (and its match, or NULL) and its undo
 * buffer, dropping what it had. */
static void install(UnoTable *t, UnoGame *g, UnoMatch *match, UnoGame *undo)
{
    drop_game(t);
    free(t->undo);
    t->game = g;
    t->match = match;
    t->undo = undo;
}

/* `new`: the previous game stays until the new one is dealt and logged. */
static int op_new(UnoTable *t, const Request *rq)
{
    UnoRules rules;
    UnoSetup *setup = malloc(sizeof *setup);
    if (!setup)
        return UNO_E_NOMEM;
    int st = proto_request_new(rq->json, t->load, rq->clock, &rules, setup, rq->err, rq->errlen);
    /* the deal's own events: who deals, the first card, what it does */
    setup->emit = collect;
    setup->ctx = t;
    events_begin(t, &rules);
    UnoGame *g = NULL, *undo = NULL;
    UnoMatch *match = NULL; /* "match", "tournament": match_ops.c */
    if (st == UNO_OK && proto_match_requested(rq->json)) {
        st = proto_match_request_new(rq->json, &rules, setup, &match, rq->err, rq->errlen);
        g = match ? uno_match_game(match) : NULL;
    } else if (st == UNO_OK) {
        st = uno_game_create(&rules, setup, &g, rq->err, rq->errlen);
    }
    cJSON *events = events_end(t);
    if (st == UNO_OK)
        st = answer_deal(g, events, &undo, rq->out);
    else
        cJSON_Delete(events);
    cJSON *normalised = st == UNO_OK ? proto_new_json(&rules, setup, rq->clock) : NULL;
    if (match && normalised) {
        bool ok = true;
        proto_match_put_options(normalised, match, &ok);
        if (!ok) {
            cJSON_Delete(normalised);
            normalised = NULL;
        }
    }
    if (st == UNO_OK && (st = log_request(t, normalised, proto_state_hash(g, match))) != UNO_OK)
        reply_drop(rq->out);
    free(setup);
    if (st != UNO_OK) {
        if (match)
            uno_match_free(match);
        else
            uno_game_free(g);
        free(undo);
        return st;
    }
    install(t, g, match, undo);
    show_viewers(t, true);
    return UNO_OK;
}

/* An action: applied, answered with its events, logged; undone if the
 * answer or the log fails. */
static int apply_action(UnoTable *t, const UnoAction *a, Reply *out, char *err, size_t errlen)
{
    uno_game_copy(t->undo, t->game);
    events_begin(t, uno_game_rules(t->game));
    int st = t->match ? uno_match_apply(t->match, a, collect, t, err, errlen) /* it follows joins */
                      : uno_game_apply(t->game, a, collect, t, err, errlen);
    cJSON *events = events_end(t);
    if (st != UNO_OK) { /* the engine changed nothing */
        cJSON_Delete(events);
        if (!err[0])
            snprintf(err, errlen, "%s refused", uno_action_name((UnoActionType)a->type));
        return st;
    }
    st = events ? answer("events", events, out) : UNO_E_NOMEM;
    if (st == UNO_OK && (st = log_request(t, proto_action_json(a), proto_table_hash(t))) != UNO_OK)
        reply_drop(out);
    if (st != UNO_OK) {
        uno_game_copy(t->game, t->undo);
        return st;
    }
    show_viewers(t, false);
    return UNO_OK;
}

/* An action request: its fields read, then applied. */
static int op_action(UnoTable *t, const Request *rq)
{
    UnoAction a;
    int st = proto_request_action(rq->json, (UnoActionType)rq->action, uno_game_nplayers(t->game), rq->clock, &a,
                                  rq->err, rq->errlen);
    return st != UNO_OK ? st : apply_action(t, &a, rq->out, rq->err, rq->errlen);
}

/* A state or view object, with the "match" object when the game is part of
 * a match (match_ops.c). */
static cJSON *with_match(const UnoTable *t, cJSON *state)
{
    bool ok = state != NULL;
    if (t->match && ok)
        proto_json_put(state, "match", proto_match_json(t->match), &ok);
    if (!ok)
        cJSON_Delete(state);
    return ok ? state : NULL;
}

/* The referee's state, with the hash of the whole of it (docs/protocol.md:
 * it identifies hidden cards, so no view carries it). */
static int op_state(UnoTable *t, const Request *rq)
{
    cJSON *state = with_match(t, proto_state_json(t->game, UNO_VIEWER_REFEREE));
    char hex[17];
    snprintf(hex, sizeof hex, "%016" PRIx64, proto_table_hash(t));
    bool ok = state != NULL;
    proto_json_put(state, "hash", cJSON_CreateString(hex), &ok);
    if (!ok)
        cJSON_Delete(state);
    return answer("state", ok ? state : NULL, rq->out);
}

/* `next` and `stop` (match_ops.c): done on a copy of the match, which
 * replaces it once the answer is logged. `next` is answered with the new
 * game's deal, as `new` is. */
static int op_match(UnoTable *t, const Request *rq)
{
    if (!t->match)
        return fail_with(rq->err, rq->errlen, UNO_E_BAD_REQUEST, "no match: start one with \"new\" and \"match\"");
    UnoMatch *m = uno_match_clone(t->match);
    if (!m)
        return UNO_E_NOMEM;
    events_begin(t, uno_game_rules(t->game));
    int st = proto_match_op(m, rq->op, rq->clock, collect, t, rq->err, rq->errlen);
    cJSON *events = events_end(t);
    UnoGame *g = uno_match_game(m), *undo = NULL;
    if (st == UNO_OK)
        st = answer_deal(g, events, &undo, rq->out);
    else
        cJSON_Delete(events);
    if (st == UNO_OK && (st = log_request(t, proto_match_op_json(rq->op, rq->clock), proto_state_hash(g, m))) != UNO_OK)
        reply_drop(rq->out);
    if (st != UNO_OK) {
        uno_match_free(m);
        free(undo);
        return st;
    }
    install(t, g, m, undo);
    show_viewers(t, strcmp(rq->op, "next") == 0);
    return UNO_OK;
}

/* The events of h (NULL: none) as the viewer may see them, under these rules. */
static cJSON *events_json(const UnoRules *rules, const UnoHistory *h, int viewer)
{
    cJSON *list = cJSON_CreateArray();
    bool ok = list != NULL;
    for (int i = 0; ok && h && i < uno_history_count(h); i++)
        proto_json_push(list, proto_event_json(rules, uno_history_event(h, i), viewer), &ok);
    if (!ok) {
        cJSON_Delete(list);
        return NULL;
    }
    return list;
}

cJSON *proto_table_events(const UnoTable *t, int viewer)
{
    return events_json(&t->events_rules, t->request, viewer);
}

const UnoHistory *proto_table_seen(const UnoTable *t, int viewer)
{
    return t->seen ? proto_seen_by(t->seen, viewer) : NULL;
}

cJSON *proto_table_view(const UnoTable *t, int viewer)
{
    return with_match(t, proto_state_json(t->game, viewer));
}

/* `view` {seat} or {spectator: i}: spectators see every hand (KPGUT
 * "Player Etiquette", §3.2). */
static int op_view(UnoTable *t, const Request *rq)
{
    int viewer, st;
    if (proto_field_has(rq->json, "spectator")) {
        int64_t i;
        int n = uno_game_nspectators(t->game);
        if (n == 0)
            return fail_with(rq->err, rq->errlen, UNO_E_BAD_REQUEST, "field 'spectator': there are no spectators");
        st = proto_field_int(rq->json, "spectator", 0, n - 1, &i, rq->err, rq->errlen);
        viewer = UNO_VIEWER_SPECTATOR;
    } else {
        st = proto_field_seat(rq->json, "seat", uno_game_nplayers(t->game), &viewer, rq->err, rq->errlen);
    }
    bool history = false;
    if (st == UNO_OK && proto_field_has(rq->json, "history"))
        st = proto_field_bool(rq->json, "history", &history, rq->err, rq->errlen);
    if (st == UNO_OK && history && !t->seen)
        st = fail_with(rq->err, rq->errlen, UNO_E_NOMEM,
                       "out of memory: what each viewer saw of this game was let go");
    if (st != UNO_OK)
        return st;
    cJSON *view = proto_table_view(t, viewer);
    bool ok = view != NULL;
    if (history && ok)
        proto_json_put(view, "history", events_json(uno_game_rules(t->game), proto_seen_by(t->seen, viewer), viewer), &ok);
    return answer("view", ok ? view : NULL, rq->out);
}

/* A copy of the table's game as it would be at `clock`, its timers fired (a
 * tick), for the caller to free; NULL when out of memory. */
static UnoGame *game_at(const UnoTable *t, int64_t clock)
{
    UnoGame *copy = malloc(uno_game_bytes(t->game));
    if (!copy)
        return NULL;
    uno_game_copy(copy, t->game);
    UnoAction tick = {.type = UNO_ACT_TICK, .seat = -1, .t = clock};
    char why[UNO_ERR_LEN];
    if (uno_game_apply(copy, &tick, NULL, NULL, why, sizeof why) != UNO_OK) { /* out of memory */
        free(copy);
        return NULL;
    }
    return copy;
}

/* Every move of seat in g as the request that makes it, each carrying
 * "t" when t >= 0; NULL when out of memory. */
static cJSON *moves_json(const UnoGame *g, int seat, int64_t t)
{
    UnoAction first[64], *moves = first;
    int total, n = uno_game_legal(g, seat, first, 64, &total);
    if (total > n && (moves = malloc((size_t)total * sizeof *moves)))
        n = uno_game_legal(g, seat, moves, total, &total);
    if (!moves)
        return NULL;
    bool ok = true;
    cJSON *list = cJSON_CreateArray();
    for (int i = 0; i < n; i++) {
        moves[i].t = t;
        proto_json_push(list, proto_action_json(&moves[i]), &ok);
    }
    if (moves != first)
        free(moves);
    if (!ok) {
        cJSON_Delete(list);
        return NULL;
    }
    return list;
}

/* On a copy moved to `clock` where it is later than the game's. */
cJSON *proto_table_moves(const UnoTable *t, int seat, int64_t clock)
{
    bool later = clock > uno_game_clock(t->game);
    UnoGame *copy = later ? game_at(t, clock) : NULL;
    if (later && !copy)
        return NULL;
    cJSON *list = moves_json(later ? copy : t->game, seat, later ? clock : -1);
    free(copy);
    return list;
}


/* `legal` {seat}: every move as the request that makes it. With "t", the
 * moves that would succeed at that time ("could make now",
 * docs/protocol.md), each carrying that "t"; the game itself does not move. */
static int op_legal(UnoTable *t, const Request *rq)
{
    int seat;
    int st = proto_field_seat(rq->json, "seat", uno_game_nplayers(t->game), &seat, rq->err, rq->errlen);
    if (st != UNO_OK)
        return st;
    return answer("moves", proto_table_moves(t, seat, rq->clock), rq->out);
}

/* "as" (docs/protocol.md): whom the answer's events are rendered for: a
 * seat, "spectator" or "referee" (the default: uno table is the referee). */
static int read_viewer(const cJSON *req, int *viewer, char *err, size_t errlen)
{
    *viewer = UNO_VIEWER_REFEREE;
    const cJSON *as = proto_field_get(req, "as");
    if (!as)
        return UNO_OK;
    if (cJSON_IsString(as) && strcmp(as->valuestring, "spectator") == 0)
        *viewer = UNO_VIEWER_SPECTATOR;
    else if (cJSON_IsString(as) && strcmp(as->valuestring, "referee") == 0)
        *viewer = UNO_VIEWER_REFEREE;
    else if (!cJSON_IsString(as))
        return proto_field_seat(req, "as", UNO_MAX_PLAYERS, viewer, err, errlen);
    else
        return fail_with(err, errlen, UNO_E_BAD_REQUEST, "field 'as': a seat number, \"spectator\" or \"referee\"");
    return UNO_OK;
}

/* What every op but `new` needs: a game, and a clock ("t", -1: none) not
 * before the game's (docs/protocol.md "The clock": it never goes
 * backwards). */
static int check_game(const UnoTable *t, int64_t clock, char *err, size_t errlen)
{
    if (!t->game)
        return fail_with(err, errlen, UNO_TABLE_NO_GAME, "no game: start one with \"new\"");
    if (clock >= 0 && clock < uno_game_clock(t->game)) {
        snprintf(err, errlen, "clock went backwards: t %" PRId64 " is before %" PRId64, clock,
                 uno_game_clock(t->game));
        return UNO_E_BAD_REQUEST;
    }
    return UNO_OK;
}

/* The ops of the table (docs/protocol.md "Ops"): every one but `new` needs
 * a game. The actions are the engine's, by the names it gives them
 * (uno_action_name). */
static const struct TableOp {
    const char *name;
    int (*run)(UnoTable *t, const Request *rq);
    bool needs_game;
} table_ops[] = {
    {"new", op_new, false},   {"state", op_state, true}, {"view", op_view, true},
    {"legal", op_legal, true}, {"next", op_match, true}, {"stop", op_match, true},
};
static const struct TableOp action_op = {"(an action)", op_action, true};

/* The op of that name (rq->action set for an action), or NULL. */
static const struct TableOp *find_op(Request *rq)
{
    for (size_t i = 0; i < sizeof table_ops / sizeof table_ops[0]; i++)
        if (strcmp(rq->op, table_ops[i].name) == 0)
            return &table_ops[i];
    rq->action = proto_request_action_type(rq->op);
    return rq->action >= 0 ? &action_op : NULL;
}

static int dispatch(UnoTable *t, const cJSON *req, Reply *out, char *err, size_t errlen)
{
    Request rq = {.json = req, .action = -1, .clock = -1, .out = out, .err = err, .errlen = errlen};
    int st = proto_field_string(req, "op", 32, &rq.op, err, errlen);
    if (st == UNO_OK && proto_field_has(req, "t"))
        st = proto_field_int(req, "t", 0, UNO_FIELD_MAX_INT, &rq.clock, err, errlen);
    if (st == UNO_OK)
        st = read_viewer(req, &t->viewer, err, errlen);
    if (st != UNO_OK)
        return st;
    const struct TableOp *op = find_op(&rq);
    if (!op) {
        snprintf(err, errlen, "unknown op '%s'", rq.op);
        return UNO_E_BAD_REQUEST;
    }
    if (op->needs_game && (st = check_game(t, rq.clock, err, errlen)) != UNO_OK)
        return st;
    return op->run(t, &rq);
}

/* {"ok":false,"error":CODE,"message":...} for a request that failed with st. */
static int reply_error(Reply *out, int st, const char *message)
{
    bool ok = true;
    cJSON *o = cJSON_CreateObject();
    proto_json_put(o, "ok", cJSON_CreateFalse(), &ok);
    proto_json_put(o, "error", cJSON_CreateString(proto_status_code(st)), &ok);
    proto_json_put(o, "message", cJSON_CreateString(message), &ok);
    if (!ok) {
        cJSON_Delete(o);
        o = NULL;
    }
    return reply_with(out, o);
}

/* The answer once a request ran with status st: its own, or the error's;
 * nothing after FATAL. */
static void finish(int st, Reply *out, char *err, size_t errlen)
{
    if (st == FATAL)
        return;
    if (st == UNO_E_NOMEM && !err[0])
        snprintf(err, errlen, "out of memory: the request was not made (the game is as it was)");
    if (st != UNO_OK)
        reply_error(out, st, err);
}

char *proto_table_handle(UnoTable *t, const char *line, size_t len)
{
    char err[UNO_ERR_LEN] = "";
    Reply out = {.as_text = true};
    int st;
    if (len > UNO_TABLE_MAX_LINE) {
        snprintf(err, sizeof err, "request too long (the limit is %d bytes)", UNO_TABLE_MAX_LINE);
        st = UNO_E_BAD_REQUEST;
    } else {
        cJSON *req = NULL;
        st = proto_request_parse(line, len, &req, err, sizeof err);
        if (st == UNO_OK)
            st = dispatch(t, req, &out, err, sizeof err);
        cJSON_Delete(req);
    }
    if (st == FATAL)
        return NULL;
    finish(st, &out, err, sizeof err);
    if (!out.text) /* the error's own line could not be made */
        out.text = strdup("{\"ok\":false,\"error\":\"server_error\",\"message\":\"out of memory\"}");
    if (out.text) /* a message may quote a request's text cut short in a character */
        proto_text_drop_invalid_utf8(out.text);
    return out.text;
}

cJSON *proto_table_request(UnoTable *t, const cJSON *req)
{
    char err[UNO_ERR_LEN] = "";
    Reply out = {.as_text = false};
    finish(dispatch(t, req, &out, err, sizeof err), &out, err, sizeof err);
    return out.json;
}

cJSON *proto_table_act(UnoTable *t, const UnoAction *a)
{
    char err[UNO_ERR_LEN] = "";
    Reply out = {.as_text = false};
    t->viewer = UNO_VIEWER_REFEREE;
    int st = check_game(t, a->t, err, sizeof err);
    if (st == UNO_OK)
        st = apply_action(t, a, &out, err, sizeof err);
    finish(st, &out, err, sizeof err);
    return out.json;
}
