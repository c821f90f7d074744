/*
 * seen.c — what each viewer of a table has seen (seen.h).
 */
#include <stdlib.h>
#include <string.h>

#include "protocol/seen.h"

#define SPECTATORS UNO_MAX_PLAYERS /* the spectators' history, after the seats' */

struct UnoSeen {
    UnoHistory *by[UNO_MAX_PLAYERS + 1];
};

void proto_seen_free(UnoSeen *s)
{
    if (!s)
        return;
    for (int i = 0; i <= UNO_MAX_PLAYERS; i++)
        uno_history_free(s->by[i]);
    free(s);
}

UnoSeen *proto_seen_new(void)
{
    UnoSeen *s = calloc(1, sizeof *s);
    bool ok = s != NULL;
    for (int i = 0; ok && i <= UNO_MAX_PLAYERS; i++)
        ok = (s->by[i] = uno_history_new(i == SPECTATORS ? UNO_VIEWER_SPECTATOR : i)) != NULL;
    if (!ok) {
        proto_seen_free(s);
        return NULL;
    }
    return s;
}

/* A newcomer sits at `seat`: the later seats' histories move up one (the
 * last seat's, which no one holds, goes), and the newcomer starts afresh. */
static int seat_newcomer(UnoSeen *s, int seat)
{
    UnoHistory *fresh = uno_history_new(seat);
    if (!fresh)
        return UNO_E_NOMEM;
    uno_history_free(s->by[UNO_MAX_PLAYERS - 1]);
    memmove(&s->by[seat + 1], &s->by[seat], sizeof s->by[0] * (size_t)(UNO_MAX_PLAYERS - 1 - seat));
    s->by[seat] = fresh;
    return UNO_OK;
}

int proto_seen_add(UnoSeen *s, const UnoRules *rules, const UnoHistory *events)
{
    for (int e = 0; e < uno_history_count(events); e++) {
        const UnoEvent *ev = uno_history_event(events, e);
        for (int i = 0; i <= UNO_MAX_PLAYERS; i++)
            if (uno_history_add(s->by[i], rules, ev) != UNO_OK)
                return UNO_E_NOMEM;
        if (ev->type == UNO_EV_JOIN && ev->seat >= 0 && ev->seat < UNO_MAX_PLAYERS &&
            seat_newcomer(s, ev->seat) != UNO_OK)
            return UNO_E_NOMEM;
    }
    return UNO_OK;
}

const UnoHistory *proto_seen_by(const UnoSeen *s, int viewer)
{
    return s->by[viewer == UNO_VIEWER_SPECTATOR ? SPECTATORS : viewer];
}
