/*
 * render.c — a game and an action as text (render.h).
 */
#include "python/render.h"

#include <stdarg.h>
#include <stdio.h>

typedef struct Text {
    char *buf;
    size_t len, used;
} Text;

static void put(Text *t, const char *fmt, ...)
{
    if (t->used >= t->len)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->buf + t->used, t->len - t->used, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->used += (size_t)n;
}

static const char *const phase_names[] = {
    [UNO_PHASE_TURN] = "turn", [UNO_PHASE_COLOR] = "color", [UNO_PHASE_PENDING] = "pending",
    [UNO_PHASE_DRAWN] = "drawn", [UNO_PHASE_MUST_PLAY] = "must_play",
    [UNO_PHASE_FREE_PLAY] = "free_play", [UNO_PHASE_OVER] = "over",
};

static void put_action(Text *t, const UnoAction *a)
{
    put(t, "%s", uno_action_name((UnoActionType)a->type));
    for (int i = 0; i < a->ncards; i++)
        put(t, " %s", uno_card_name(a->cards[i]));
    if (a->color != UNO_NO_COLOR)
        put(t, " %s", uno_color_name(a->color));
    if (a->target >= 0)
        put(t, " seat %d", a->target);
}

void unobook_action_text(const UnoAction *a, char *buf, size_t len)
{
    Text t = {buf, len, 0};
    buf[0] = '\0';
    put_action(&t, a);
}

static void put_seat(Text *t, const UnoGame *g, int seat, int viewer)
{
    int n = uno_game_hand_count(g, seat);
    put(t, "seat %d%s: %d card%s", seat, seat == uno_game_turn(g) ? " (in turn)" : "", n, n == 1 ? "" : "s");
    if (uno_game_said_uno(g, seat))
        put(t, ", UNO");
    if (uno_game_rank(g, seat) > 0)
        put(t, ", rank %d", uno_game_rank(g, seat));
    if (uno_game_score(g, seat) >= 0)
        put(t, ", score %d", uno_game_score(g, seat));
    if (uno_hand_visible(uno_game_rules(g), seat, viewer)) {
        UnoCard cards[UNO_MAX_CARDS];
        int shown = uno_game_hand(g, seat, cards, UNO_MAX_CARDS);
        put(t, ":");
        for (int i = 0; i < shown; i++)
            put(t, " %s", uno_card_name(cards[i]));
    }
    put(t, "\n");
}

void unobook_render(const UnoGame *g, int viewer, char *buf, size_t len)
{
    Text t = {buf, len, 0};
    buf[0] = '\0';
    UnoCard top = uno_game_top(g);
    put(&t, "%s, %d players, %s, dealer seat %d, clock %lld ms\n", uno_game_rules(g)->name,
        uno_game_nplayers(g), uno_game_direction(g) > 0 ? "clockwise" : "anticlockwise",
        uno_game_dealer(g), (long long)uno_game_clock(g));
    put(&t, "top %s, colour %s, pending %d, phase %s, stock %d, pile %d\n",
        top == UNO_NO_CARD ? "none" : uno_card_name(top),
        uno_game_color(g) == UNO_NO_COLOR ? "none" : uno_color_name(uno_game_color(g)),
        uno_game_pending(g), phase_names[uno_game_phase(g)], uno_game_stock_count(g),
        uno_game_discard_count(g));
    for (int seat = 0; seat < uno_game_nplayers(g); seat++)
        put_seat(&t, g, seat, viewer);
}
