/*
 * events.c — event and reason names, and the event buffer (events.h).
 */
#include <stdlib.h>
#include <string.h>

#include "engine/events.h"

static const char *const event_names[UNO_EV_COUNT] = {
    "play", "slide", "draw", "turn", "skip", "direction", "color", "pending", "uno",
    "catch", "challenge", "suspect", "reveal", "reshuffle", "finish", "giveup", "warn",
    "eject", "join", "spectate", "vote", "decided", "cheat", "deal", "timeout", "over",
    "dispute", "first", "cut", "help", "allow_help", "swap", "rotate",
};

static const char *const reason_names[UNO_R_COUNT] = {
    "none", "draw", "draw2", "wild4", "chain", "uno", "challenge", "suspect", "last_card",
    "away", "join", "cheat", "blank", "out", "last_player", "exhausted", "time", "help", "mercy",
};

const char *uno_event_name(UnoEventType type)
{
    return (unsigned)type < UNO_EV_COUNT ? event_names[type] : "?";
}

const char *uno_reason_name(UnoReason reason)
{
    return (unsigned)reason < UNO_R_COUNT ? reason_names[reason] : "?";
}

void sink_init(EventSink *s) { memset(s, 0, sizeof *s); }

void sink_direct(EventSink *s, UnoEventFn emit, void *ctx, uint64_t types)
{
    sink_init(s);
    s->direct = emit;
    s->ctx = ctx;
    s->types = types;
}

void sink_free(EventSink *s)
{
    free(s->ev);
    free(s->cards);
    sink_init(s);
}

static bool grow(void **p, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return true;
    int ncap = *cap ? *cap * 2 : 32;
    while (ncap < need)
        ncap *= 2;
    void *q = realloc(*p, (size_t)ncap * size);
    if (!q)
        return false;
    *p = q;
    *cap = ncap;
    return true;
}

static void fill(UnoEvent *e, UnoEventType type, int seat, int target, int color, int count,
                 UnoReason reason, int ncards)
{
    e->type = (uint8_t)type;
    e->reason = (uint8_t)reason;
    e->seat = (int8_t)seat;
    e->target = (int8_t)target;
    e->color = (int8_t)color;
    e->count = (int16_t)count;
    e->ncards = (uint16_t)ncards;
}

bool ev_wanted(const EventSink *out, UnoEventType type)
{
    return out && (!out->direct || (out->types >> type & 1));
}

void ev_push(EventSink *s, UnoEventType type, int seat, int target, int color, int count,
             UnoReason reason, const UnoCard *cards, int ncards)
{
    if (s->direct) {
        if (!(s->types >> type & 1))
            return;
        UnoEvent e;
        fill(&e, type, seat, target, color, count, reason, ncards);
        e.cards = cards;
        s->direct(s->ctx, &e);
        return;
    }
    /* kept: cards are offsets into s->cards until the flush (the array moves) */
    if (s->lost || !grow((void **)&s->ev, &s->cap, s->n + 1, sizeof *s->ev) ||
        !grow((void **)&s->cards, &s->cards_cap, s->ncards + ncards, 1)) {
        s->lost = true; /* the caller fails the whole action (events.h) */
        return;
    }
    UnoEvent *e = &s->ev[s->n++];
    fill(e, type, seat, target, color, count, reason, ncards);
    e->cards = (const UnoCard *)(uintptr_t)s->ncards;
    if (ncards)
        memcpy(s->cards + s->ncards, cards, (size_t)ncards);
    s->ncards += ncards;
}

void sink_flush(EventSink *s, UnoEventFn emit, void *ctx)
{
    for (int i = 0; i < s->n; i++) {
        UnoEvent e = s->ev[i];
        e.cards = s->cards ? s->cards + (uintptr_t)e.cards : NULL;
        emit(ctx, &e);
    }
    s->n = s->ncards = 0;
}
