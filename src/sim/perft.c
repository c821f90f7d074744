/*
 * perft.c — the exhaustive count of action sequences (perft.h). One game
 * buffer and one move list per ply, allocated once per call.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/perft.h"

bool sim_perft_counts(UnoActionType type)
{
    switch (type) {
    case UNO_ACT_PLAY:
    case UNO_ACT_DRAW:
    case UNO_ACT_PASS:
    case UNO_ACT_TAKE:
    case UNO_ACT_CHALLENGE:
    case UNO_ACT_COLOR:
        return true;
    default:
        return false;
    }
}

typedef struct Ply {
    UnoGame *child;
    UnoAction *moves;
    int cap;
} Ply;

typedef struct Search {
    Ply *plies;
    int depth;
    char *err;
    size_t errlen;
    int status;
} Search;

/* The counted entries of the legal list of the seat in turn, into ply->moves. */
static int list_moves(Search *s, Ply *ply, const UnoGame *g)
{
    int seat = uno_game_turn(g), total = 0;
    int n = uno_game_legal(g, seat, ply->moves, ply->cap, &total);
    if (total > ply->cap) {
        UnoAction *more = realloc(ply->moves, (size_t)total * sizeof *more);
        if (!more) {
            snprintf(s->err, s->errlen, "out of memory");
            s->status = UNO_E_BAD_REQUEST;
            return -1;
        }
        ply->moves = more;
        ply->cap = total;
        n = uno_game_legal(g, seat, ply->moves, ply->cap, &total);
    }
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (sim_perft_counts((UnoActionType)ply->moves[i].type))
            ply->moves[kept++] = ply->moves[i];
    return kept;
}

static uint64_t count(Search *s, const UnoGame *g, int depth, UnoPerftDivideFn divide, void *ctx)
{
    if (depth == 0)
        return 1;
    if (uno_game_over(g))
        return 0;
    Ply *ply = &s->plies[s->depth - depth];
    int n = list_moves(s, ply, g);
    if (n < 0)
        return 0;
    if (depth == 1 && !divide)
        return (uint64_t)n;
    uint64_t sum = 0;
    for (int i = 0; i < n && s->status == UNO_OK; i++) {
        char why[UNO_ERR_LEN];
        uno_game_copy(ply->child, g);
        if (uno_game_apply(ply->child, &ply->moves[i], NULL, NULL, why, sizeof why) != UNO_OK) {
            char text[160];
            sim_perft_action_text(&ply->moves[i], text, sizeof text);
            snprintf(s->err, s->errlen, "the legal %s was refused: %s", text, why);
            s->status = UNO_E_ILLEGAL;
            return 0;
        }
        uint64_t below = count(s, ply->child, depth - 1, NULL, NULL);
        if (divide && s->status == UNO_OK)
            divide(ctx, &ply->moves[i], below);
        sum += below;
    }
    return sum;
}

int sim_perft(const UnoGame *g, int depth, UnoPerftDivideFn divide, void *ctx, uint64_t *result,
              char *err, size_t errlen)
{
    Search s = {.depth = depth, .err = err, .errlen = errlen, .status = UNO_OK};
    *result = 0;
    if (depth < 0) {
        snprintf(err, errlen, "depth must be 0 or more");
        return UNO_E_BAD_REQUEST;
    }
    s.plies = calloc((size_t)depth + 1, sizeof *s.plies);
    for (int i = 0; s.plies && i < depth; i++)
        if (!(s.plies[i].child = malloc(uno_game_bytes(g)))) {
            snprintf(err, errlen, "out of memory");
            s.status = UNO_E_BAD_REQUEST;
        }
    if (!s.plies) {
        snprintf(err, errlen, "out of memory");
        return UNO_E_BAD_REQUEST;
    }
    if (s.status == UNO_OK)
        *result = count(&s, g, depth, divide, ctx);
    for (int i = 0; i < depth; i++) {
        free(s.plies[i].child);
        free(s.plies[i].moves);
    }
    free(s.plies);
    if (s.status != UNO_OK)
        *result = 0;
    return s.status;
}

void sim_perft_action_text(const UnoAction *a, char *buf, size_t len)
{
    size_t used = (size_t)snprintf(buf, len, "%s", uno_action_name((UnoActionType)a->type));
    if (a->type == UNO_ACT_PLAY)
        for (int i = 0; i < a->ncards && used < len; i++)
            used += (size_t)snprintf(buf + used, len - used, " %s", uno_card_name(a->cards[i]));
    if ((a->type == UNO_ACT_PLAY || a->type == UNO_ACT_COLOR) && a->color != UNO_NO_COLOR &&
        used < len)
        snprintf(buf + used, len - used, " %s", uno_color_name(a->color));
}
