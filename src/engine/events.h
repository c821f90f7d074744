/*
 * events.h — the buffer that holds an action's events until it succeeds, so
 * that a failed action emits nothing (uno_game_apply's promise). An event
 * that cannot be kept (out of memory) marks the sink lost, and the action
 * or deal that made it then fails with UNO_E_NOMEM: no event is dropped
 * silently.
 * Owns its arrays; sink_flush() hands each event to the caller in order.
 * A direct sink (uno_game_apply_listed, uno_game_step_listed) keeps
 * nothing: each event of the types asked for goes to the caller as it is
 * made, the others nowhere.
 */
#ifndef UNO_ENGINE_EVENTS_H
#define UNO_ENGINE_EVENTS_H

#include "engine/game.h"

struct EventSink {
    UnoEvent *ev;
    int n, cap;
    UnoCard *cards;
    int ncards, cards_cap;
    bool lost;     /* an event could not be kept (out of memory): the call fails whole */
    UnoEventFn direct; /* set: each event goes straight to direct(ctx, ev), nothing is kept */
    void *ctx;
    uint64_t types;    /* direct: the event types handed over, bit k for type k */
};

void sink_init(EventSink *s);
void sink_direct(EventSink *s, UnoEventFn emit, void *ctx, uint64_t types);
void sink_flush(EventSink *s, UnoEventFn emit, void *ctx);
void sink_free(EventSink *s);

#endif
