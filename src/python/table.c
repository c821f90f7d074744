/*
 * table.c — one game as unobook plays it (table.h).
 */
#include "python/table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An event into the records kept (apart, not inlined: its frame is large,
 * and most tables keep none). */
static __attribute__((noinline)) void add_to_records(UnobookTable *t, const UnoEvent *ev)
{
    for (int seat = 0; seat < t->nplayers; seat++)
        if (t->records[seat])
            uno_history_add(t->records[seat], t->rules, ev);
}

/* Each event of the game, the deal's too: what each seat saw played, and
 * the records kept. */
static void record_event(void *ctx, const UnoEvent *ev)
{
    UnobookTable *t = ctx;
    unobook_seen_add(&t->seen, t->rules, t->nplayers, ev);
    if (t->recording)
        add_to_records(t, ev);
}

/* Whether any seat's record is kept. */
static bool any_record(const UnobookTable *t)
{
    for (int seat = 0; seat < UNO_MAX_PLAYERS; seat++)
        if (t->records[seat])
            return true;
    return false;
}

/* The event types record_event reads: every one where a record is kept,
 * else those unobook_seen_add counts (cards played, and the reshuffle that
 * puts them back into the stock). */
static uint64_t events_read(const UnobookTable *t)
{
    if (t->recording)
        return UNO_EVENTS_ALL;
    return 1ULL << UNO_EV_PLAY | 1ULL << UNO_EV_SLIDE | 1ULL << UNO_EV_FIRST | 1ULL << UNO_EV_RESHUFFLE;
}

/* The records kept begun anew: UNO_OK or UNO_E_NOMEM. */
static UnoStatus renew_records(UnobookTable *t)
{
    for (int seat = 0; seat < UNO_MAX_PLAYERS; seat++)
        if (t->records[seat]) {
            uno_history_free(t->records[seat]);
            if (!(t->records[seat] = uno_history_new(seat)))
                return UNO_E_NOMEM;
        }
    return UNO_OK;
}

UnoStatus unobook_table_deal(UnobookTable *t, const UnoRules *rules, int nplayers, uint64_t seed,
                             int64_t think_ms, char *err, size_t errlen)
{
    UnoSetup setup;
    uno_setup_init(&setup);
    setup.nplayers = nplayers;
    setup.seed = seed;
    for (int seat = 0; seat < nplayers; seat++) {
        snprintf(setup.players[seat].name, UNO_NAME_LEN, "seat%d", seat);
        setup.players[seat].age = 20 + seat; /* as uno sim seats them: seat 0 the youngest */
    }
    UnobookTable next = *t;
    if (!next.game)
        next.game = malloc(uno_game_size(rules, &setup));
    if (!next.game || renew_records(t) != UNO_OK) {
        if (next.game != t->game)
            free(next.game);
        snprintf(err, errlen, "out of memory: no game was dealt");
        return UNO_E_NOMEM;
    }
    UnoRules own = *rules; /* rules may be the game's own, which the deal overwrites */
    unobook_seen_clear(&next.seen);
    next.rules = &own;
    memcpy(next.records, t->records, sizeof next.records);
    next.recording = any_record(&next);
    next.nplayers = nplayers;
    next.think_ms = think_ms;
    setup.emit = record_event;
    setup.ctx = &next;
    UnoStatus rc = uno_game_init(next.game, &own, &setup, err, errlen);
    if (rc != UNO_OK) {
        if (next.game != t->game)
            free(next.game);
        return rc;
    }
    next.rules = uno_game_rules(next.game);
    next.listed = -1;
    *t = next;
    return UNO_OK;
}

UnoStatus unobook_table_copy(UnobookTable *dst, const UnobookTable *src, int sample_for, uint64_t seed)
{
    UnobookTable copy = *src;
    copy.legal = (UnobookLegal){0};
    copy.listed = -1;
    memset(copy.records, 0, sizeof copy.records);
    copy.game = malloc(uno_game_bytes(src->game));
    UnoStatus rc = copy.game ? UNO_OK : UNO_E_NOMEM;
    for (int seat = 0; seat < UNO_MAX_PLAYERS; seat++) /* a world keeps its seat's record alone */
        if (src->records[seat] && (sample_for < 0 || seat == sample_for) &&
            !(copy.records[seat] = uno_history_copy(src->records[seat])))
            rc = UNO_E_NOMEM;
    if (rc == UNO_OK && sample_for >= 0)
        rc = uno_game_sample(src->game, sample_for, src->records[sample_for], seed, copy.game);
    else if (rc == UNO_OK)
        uno_game_copy(copy.game, src->game);
    if (rc != UNO_OK) {
        unobook_table_free(&copy);
        return rc;
    }
    copy.rules = uno_game_rules(copy.game);
    copy.recording = any_record(&copy);
    *dst = copy;
    return UNO_OK;
}

void unobook_table_free(UnobookTable *t)
{
    for (int seat = 0; seat < UNO_MAX_PLAYERS; seat++) {
        uno_history_free(t->records[seat]);
        t->records[seat] = NULL;
    }
    t->recording = false;
    free(t->game);
    unobook_legal_free(&t->legal);
    t->listed = -1;
    t->game = NULL;
}

const UnobookLegal *unobook_table_legal(UnobookTable *t, int seat)
{
    if (t->listed != seat) {
        t->listed = -1;
        if (unobook_legal_list(&t->legal, t->game, seat) != UNO_OK)
            return NULL;
        t->listed = seat;
    }
    return &t->legal;
}

UnoStatus unobook_table_play(UnobookTable *t, const UnoAction *a, char *err, size_t errlen)
{
    t->listed = -1; /* the game moves on: the kept list is stale */
    uno_game_step_listed(t->game, a, events_read(t), record_event, t);
    if (t->think_ms == 0 || uno_game_over(t->game))
        return UNO_OK;
    UnoAction tick;
    uno_action_init(&tick, UNO_ACT_TICK, -1);
    tick.t = uno_game_clock(t->game) + t->think_ms;
    return uno_game_apply_listed(t->game, &tick, record_event, t, err, errlen);
}

int unobook_table_deciders(UnobookTable *t, int seats[UNO_MAX_PLAYERS])
{
    int turn = uno_game_turn(t->game), n = 0;
    if (turn < 0)
        return 0;
    uint32_t others[UNO_MAX_PLAYERS];
    uno_game_out_of_turn_types(t->game, others);
    for (int i = 1; i < t->nplayers; i++) {
        int seat = (turn + i) % t->nplayers;
        if (unobook_types_have_id(others[seat]))
            seats[n++] = seat;
    }
    uint32_t types;
    if (n > 0) { /* a seat out of turn is asked first: a list of the seat in turn's would be replaced unread */
        types = uno_game_legal_types(t->game, turn);
    } else { /* most often the seat in turn alone: its list is kept for its observation and mask */
        const UnobookLegal *legal = unobook_table_legal(t, turn);
        if (!legal)
            return -1;
        types = unobook_legal_types(legal);
    }
    if (unobook_types_have_id(types))
        seats[n++] = turn;
    return n;
}

UnoStatus unobook_table_observe(UnobookTable *t, int seat, float *out)
{
    const UnobookLegal *legal = unobook_table_legal(t, seat);
    if (!legal)
        return UNO_E_NOMEM;
    unobook_observe(out, t->game, seat, &t->seen, legal);
    return UNO_OK;
}

void unobook_table_rewards(const UnobookTable *t, float out[UNO_MAX_PLAYERS])
{
    int last = 1;
    for (int seat = 0; seat < t->nplayers; seat++)
        if (uno_game_rank(t->game, seat) > last)
            last = uno_game_rank(t->game, seat);
    for (int seat = 0; seat < t->nplayers; seat++) {
        int rank = uno_game_rank(t->game, seat);
        out[seat] = rank < 1 ? -1.0f : last == 1 ? 1.0f : 1.0f - 2.0f * (float)(rank - 1) / (float)(last - 1);
    }
}
