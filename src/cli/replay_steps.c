/*
 * replay_steps.c — a save file as steps (replay.h): the requests a table
 * accepted, each applied to the engine as table.c applies it (request.h
 * reads the fields, match_ops.h runs `next` and `stop`), with its events.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "cli/cli_util.h"
#include "cli/replay.h"
#include "protocol/field.h"
#include "protocol/match_ops.h"
#include "protocol/protocol.h"
#include "protocol/request.h"
#include "protocol/savefile.h"
#include "protocol/text.h"

const UnoGame *replay_game(const Replay *r)
{
    return r->match ? uno_match_game(r->match) : r->own;
}

const UnoMatch *replay_match(const Replay *r)
{
    return r->match;
}

static void drop_game(Replay *r)
{
    uno_match_free(r->match);
    uno_game_free(r->own);
    r->match = NULL;
    r->own = NULL;
}

/* Back to before the first step. */
static void rewind_steps(Replay *r)
{
    drop_game(r);
    r->done = 0;
}

/* ------------------------------------------------------ the deal's events */

/* uno_game_new() and uno_match_next() report the deal before the game is
 * the caller's: its events are kept, cards and all, and told once the game
 * is there. */
typedef struct Held {
    UnoEvent *ev;
    size_t *from;   /* where each event's cards begin in cards[] */
    UnoCard *cards;
    int n;
    size_t ncards;
    bool lost;      /* out of memory */
} Held;

static void hold(void *ctx, const UnoEvent *ev)
{
    Held *h = ctx;
    UnoEvent *e = realloc(h->ev, (size_t)(h->n + 1) * sizeof *e);
    if (e)
        h->ev = e;
    size_t *from = realloc(h->from, (size_t)(h->n + 1) * sizeof *from);
    if (from)
        h->from = from;
    UnoCard *cards = realloc(h->cards, h->ncards + ev->ncards + 1);
    if (cards)
        h->cards = cards;
    if (!e || !from || !cards) {
        h->lost = true;
        return;
    }
    h->ev[h->n] = *ev;
    h->from[h->n++] = h->ncards;
    if (ev->ncards > 0)
        memcpy(h->cards + h->ncards, ev->cards, ev->ncards);
    h->ncards += ev->ncards;
}

static void tell_held(const Held *h, UnoEventFn emit, void *ctx)
{
    for (int i = 0; i < h->n; i++) {
        UnoEvent ev = h->ev[i];
        ev.cards = h->cards + h->from[i];
        emit(ctx, &ev);
    }
}

static void held_free(Held *h)
{
    free(h->ev);
    free(h->from);
    free(h->cards);
}

/* ------------------------------------------------------------- the steps */

/* `new`: a game, or a match ("match", "tournament"), in place of the one
 * before (docs/protocol.md: a later `new` replaces the game). */
static int step_new(Replay *r, const cJSON *req, int64_t clock, UnoEventFn emit, void *ctx, char *err,
                    size_t errlen)
{
    UnoRules rules;
    UnoSetup *setup = malloc(sizeof *setup);
    if (!setup) {
        snprintf(err, errlen, "out of memory");
        return UNO_E_BAD_REQUEST;
    }
    Held held = {0};
    int st = proto_request_new(req, cli_load_rules, clock, &rules, setup, err, errlen);
    if (emit) {
        setup->emit = hold;
        setup->ctx = &held;
    }
    UnoMatch *m = NULL;
    UnoGame *g = NULL;
    if (st == UNO_OK && proto_match_requested(req)) {
        st = proto_match_request_new(req, &rules, setup, &m, err, errlen);
    } else if (st == UNO_OK) {
        g = uno_game_new(&rules, setup, err, errlen);
        st = g ? UNO_OK : UNO_E_BAD_REQUEST;
    }
    uint64_t seed = st == UNO_OK ? setup->seed : 0;
    free(setup);
    if (st == UNO_OK && held.lost) {
        snprintf(err, errlen, "out of memory");
        uno_match_free(m);
        uno_game_free(g);
        st = UNO_E_BAD_REQUEST;
    }
    if (st == UNO_OK) {
        drop_game(r);
        r->match = m;
        r->own = g;
        r->seed = seed;
        if (emit)
            tell_held(&held, emit, ctx);
    }
    held_free(&held);
    return st;
}

/* `next` and `stop`: `next` tells the new game's deal, as `new` does
 * (docs/protocol.md, "Ops"). */
static int step_match(Replay *r, const char *op, int64_t clock, UnoEventFn emit, void *ctx, char *err,
                      size_t errlen)
{
    if (!r->match) {
        snprintf(err, errlen, "no match: start one with \"new\" and \"match\"");
        return UNO_E_BAD_REQUEST;
    }
    Held held = {0};
    int st = proto_match_op(r->match, op, clock, emit ? hold : NULL, &held, err, errlen);
    if (st == UNO_OK && held.lost) {
        snprintf(err, errlen, "out of memory");
        st = UNO_E_BAD_REQUEST;
    }
    if (st == UNO_OK && emit)
        tell_held(&held, emit, ctx);
    held_free(&held);
    return st;
}

static int step_action(Replay *r, const cJSON *req, UnoActionType type, int64_t clock, UnoEventFn emit,
                       void *ctx, char *err, size_t errlen)
{
    UnoAction a;
    int st = proto_request_action(req, type, uno_game_nplayers(replay_game(r)), clock, &a, err, errlen);
    if (st != UNO_OK)
        return st;
    /* through the match, which follows KPGUT §13 joins */
    if (r->match)
        return uno_match_apply(r->match, &a, emit, ctx, err, errlen);
    return uno_game_apply(r->own, &a, emit, ctx, err, errlen);
}

/* Applies step i (r->done is i). */
static int step(Replay *r, int i, UnoEventFn emit, void *ctx, char *err, size_t errlen)
{
    char why[UNO_ERR_LEN] = "";
    /* a line the table would have refused (text.h) is corrupt */
    cJSON *req;
    const char *op = "";
    int64_t clock = -1;
    int st = proto_request_parse(r->lines[i], strlen(r->lines[i]), &req, why, sizeof why);
    if (st == UNO_OK)
        st = proto_field_string(req, "op", 32, &op, why, sizeof why);
    if (st == UNO_OK && proto_field_has(req, "t"))
        st = proto_field_int(req, "t", 0, UNO_FIELD_MAX_INT, &clock, why, sizeof why);
    r->done = i + 1;
    int type = proto_request_action_type(op);
    if (st != UNO_OK)
        ;
    else if (strcmp(op, "new") == 0)
        st = step_new(r, req, clock, emit, ctx, why, sizeof why);
    else if (!replay_game(r))
        st = UNO_TABLE_NO_GAME;
    else if (proto_match_op_known(op))
        st = step_match(r, op, clock, emit, ctx, why, sizeof why);
    else if (type >= 0)
        st = step_action(r, req, (UnoActionType)type, clock, emit, ctx, why, sizeof why);
    /* else a query (state, view, legal): it changes nothing */
    cJSON_Delete(req);
    if (st == UNO_OK)
        return 0;
    snprintf(err, errlen, "line %ld: %s", r->line_numbers[i], why[0] ? why : "refused");
    return -1;
}

int replay_seek(Replay *r, int steps, UnoEventFn emit, void *ctx, char *err, size_t errlen)
{
    if (steps < 0)
        steps = 0;
    if (steps > r->nsteps)
        steps = r->nsteps;
    if (steps < r->done) /* back: from the start */
        rewind_steps(r);
    while (r->done < steps)
        if (step(r, r->done, emit, ctx, err, errlen) != 0) {
            rewind_steps(r);
            return -1;
        }
    return 0;
}

/* -------------------------------------------------------------- the file */

typedef struct Keeper {
    Replay *r;
    bool lost;      /* out of memory */
} Keeper;

/* Keeps each request the table accepted. */
static void keep_request(void *ctx, long line, const char *request, const char *response)
{
    Keeper *k = ctx;
    Replay *r = k->r;
    if (!proto_table_response_ok(response) || k->lost)
        return;
    char **lines = realloc(r->lines, (size_t)(r->nsteps + 1) * sizeof *lines);
    if (lines)
        r->lines = lines;
    long *numbers = realloc(r->line_numbers, (size_t)(r->nsteps + 1) * sizeof *numbers);
    if (numbers)
        r->line_numbers = numbers;
    char *copy = strdup(request);
    if (!lines || !numbers || !copy) {
        free(copy);
        k->lost = true;
        return;
    }
    r->lines[r->nsteps] = copy;
    r->line_numbers[r->nsteps++] = line;
}

int replay_open(Replay *r, const char *path, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    UnoSaveFile save;
    char why[700];
    if (proto_save_open(&save, path, false, why, sizeof why) != 0) {
        snprintf(err, errlen, "%s", why);
        return -1;
    }
    UnoTable *t = proto_table_new();
    if (!t) {
        proto_save_close(&save);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    proto_table_set_rules_loader(t, cli_load_request_rules);
    Keeper keeper = {r, false};
    int rc = proto_save_replay(&save, t, keep_request, &keeper, err, errlen);
    proto_save_close(&save);
    if (rc == 0 && keeper.lost) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
    }
    if (rc == 0 && !proto_table_game(t)) {
        snprintf(err, errlen, "no game in it (it holds no \"new\" request)");
        rc = -1;
    }
    uint64_t want = rc == 0 ? proto_table_hash(t) : 0;
    proto_table_free(t);
    if (rc == 0)
        rc = replay_seek(r, r->nsteps, NULL, NULL, err, errlen);
    uint64_t got = rc == 0 ? proto_state_hash(replay_game(r), replay_match(r)) : 0;
    if (rc == 0 && got != want) {
        snprintf(err, errlen, "the replay ends in another state (hash %016" PRIx64 ") than the table (%016" PRIx64 ")",
                 got, want);
        rc = -1;
    }
    if (rc != 0)
        replay_close(r);
    return rc;
}

void replay_close(Replay *r)
{
    rewind_steps(r);
    for (int i = 0; i < r->nsteps; i++)
        free(r->lines[i]);
    free(r->lines);
    free(r->line_numbers);
    memset(r, 0, sizeof *r);
}
