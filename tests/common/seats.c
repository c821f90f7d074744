/*
 * seats.c — see seats.h.
 */
#include <stdio.h>

#include "common/seats.h"

void test_seat_players(UnoSetup *s, int n, uint64_t seed)
{
    uno_setup_init(s);
    s->nplayers = n;
    s->seed = seed;
    for (int i = 0; i < n; i++) {
        snprintf(s->players[i].name, UNO_NAME_LEN, "p%d", i);
        s->players[i].age = 30;
    }
}
