/*
 * encode.c — unobook's observation and action space (encode.h; the layout
 * is documented in docs/python.md "The encoding").
 */
#include "python/encode.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------ the action space */

int unobook_num_actions(int nplayers) { return UNOBOOK_CATCH + 2 * (nplayers - 1); }
int unobook_suspect_base(int nplayers) { return UNOBOOK_CATCH + nplayers - 1; }

/* The seats from the actor to the target, clockwise, less one: 0 .. n-2. */
static int target_offset(const UnoAction *a, int nplayers)
{
    return (a->target - a->seat + nplayers) % nplayers - 1;
}

static int play_id(const UnoAction *a)
{
    UnoCard first = a->cards[0], last = a->cards[a->ncards - 1];
    int color = a->color != UNO_NO_COLOR ? a->color : uno_card_color(last);
    int size = a->ncards < UNOBOOK_PLAY_SIZES ? a->ncards - 1 : UNOBOOK_PLAY_SIZES - 1;
    return (first * UNOBOOK_PLAY_COLORS + color) * UNOBOOK_PLAY_SIZES + size;
}

int unobook_action_id(const UnoAction *a, int nplayers)
{
    if (a->type == UNO_ACT_PLAY) /* the most of any list: no jump through the switch */
        return play_id(a);
    switch ((UnoActionType)a->type) {
    case UNO_ACT_DRAW: return UNOBOOK_DRAW;
    case UNO_ACT_PASS: return UNOBOOK_PASS;
    case UNO_ACT_TAKE: return UNOBOOK_TAKE;
    case UNO_ACT_CHALLENGE: return UNOBOOK_CHALLENGE;
    case UNO_ACT_UNO: return UNOBOOK_UNO;
    case UNO_ACT_COLOR: return UNOBOOK_COLOR + a->color;
    case UNO_ACT_CATCH: return UNOBOOK_CATCH + target_offset(a, nplayers);
    case UNO_ACT_SUSPECT: return unobook_suspect_base(nplayers) + target_offset(a, nplayers);
    default: return -1;
    }
}

/* Names each listed action's id and the types listed. */
static void name_ids(UnobookLegal *l, int nplayers)
{
    l->types = 0;
    for (int i = 0; i < l->n; i++) {
        l->ids[i] = (int16_t)unobook_action_id(&l->actions[i], nplayers);
        l->types |= 1u << l->actions[i].type;
    }
}

/* Room for `total` actions and their ids: UNO_OK or UNO_E_NOMEM. */
static UnoStatus make_room(UnobookLegal *l, int total)
{
    UnoAction *actions = realloc(l->actions, (size_t)total * sizeof *actions);
    if (actions)
        l->actions = actions;
    int16_t *ids = actions ? realloc(l->ids, (size_t)total * sizeof *ids) : NULL;
    if (!ids)
        return UNO_E_NOMEM;
    l->ids = ids;
    l->cap = total;
    return UNO_OK;
}

UnoStatus unobook_legal_list(UnobookLegal *l, const UnoGame *g, int seat)
{
    int total;
    l->n = uno_game_legal(g, seat, l->actions, l->cap, &total);
    if (total > l->cap) {
        if (make_room(l, total) != UNO_OK) {
            l->n = 0;
            l->types = 0;
            return UNO_E_NOMEM;
        }
        l->n = uno_game_legal(g, seat, l->actions, l->cap, &total);
    }
    name_ids(l, uno_game_nplayers(g));
    return UNO_OK;
}

void unobook_legal_free(UnobookLegal *l)
{
    free(l->actions);
    free(l->ids);
    *l = (UnobookLegal){0};
}

uint32_t unobook_legal_types(const UnobookLegal *l) { return l->types; }

bool unobook_types_have_id(uint32_t types)
{
    return types & ((2u << UNO_ACT_SUSPECT) - 1); /* play .. suspect: unobook_action_id's types */
}

const UnoAction *unobook_legal_find(const UnobookLegal *l, int id)
{
    for (int i = 0; i < l->n; i++)
        if (l->ids[i] == id)
            return &l->actions[i];
    return NULL;
}

/* ------------------------------------------------------------ the mask */

/* Sets mask[id] to `value` for each of these ids (-1: none). */
static void mark(uint8_t *mask, const int16_t *ids, int n, uint8_t value)
{
    for (int i = 0; i < n; i++)
        if (ids[i] >= 0)
            mask[ids[i]] = value;
}

void unobook_mask_rewrite(uint8_t *mask, int n, const UnobookLegal *l, UnobookMaskIds *kept)
{
    if (kept->known)
        mark(mask, kept->ids, kept->n, 0);
    else
        memset(mask, 0, (size_t)n);
    mark(mask, l->ids, l->n, 1);
    kept->known = l->n <= UNOBOOK_MASK_KEPT;
    kept->n = kept->known ? l->n : 0;
    if (kept->n > 0) /* an empty list may have no ids array */
        memcpy(kept->ids, l->ids, (size_t)kept->n * sizeof *kept->ids);
}

void unobook_legal_mask(const UnobookLegal *l, uint8_t *mask, int n)
{
    UnobookMaskIds unknown; /* its ids only written: not zeroed, which would cost a `rep stos` */
    unknown.known = false;
    unobook_mask_rewrite(mask, n, l, &unknown);
}

/* ------------------------------------------------------ the observation */

void unobook_seen_clear(UnobookSeen *s) { memset(s, 0, sizeof *s); }

void unobook_seen_add(UnobookSeen *s, const UnoRules *rules, int nplayers, const UnoEvent *ev)
{
    if (ev->type == UNO_EV_RESHUFFLE) { /* the played cards went back into the stock */
        memset(s->played, 0, (size_t)nplayers * sizeof s->played[0]);
        return;
    }
    if (ev->type != UNO_EV_PLAY && ev->type != UNO_EV_SLIDE && ev->type != UNO_EV_FIRST)
        return;
    for (int seat = 0; seat < nplayers; seat++)
        if (uno_event_visible(rules, ev, seat))
            for (int i = 0; i < ev->ncards; i++)
                s->played[seat][ev->cards[i]]++;
}

/* The parts of an observation, in order (docs/python.md). */
enum {
    OBS_HAND = 0,
    OBS_TOP = OBS_HAND + UNO_KINDS,
    OBS_COLOR = OBS_TOP + UNO_KINDS,
    OBS_PLAYED = OBS_COLOR + UNO_COLORS + 1,
    OBS_PENDING = OBS_PLAYED + UNO_KINDS,
    OBS_DIRECTION,
    OBS_PHASE,
    OBS_DECISION = OBS_PHASE + UNO_PHASE_OVER + 1,
    OBS_SEATS = OBS_DECISION + UNO_ACT_SUSPECT + 1,
};
enum { SEAT_CARDS, SEAT_SAID_UNO, SEAT_CATCHABLE, SEAT_RANK, SEAT_SCORE, SEAT_IN_TURN, SEAT_FIELDS };

int unobook_observation_size(int nplayers) { return OBS_SEATS + SEAT_FIELDS * nplayers; }

/* Whether the seat can be caught now for a missing UNO call (public:
 * uno_game_catchable_at). */
static bool catchable(const UnoGame *g, int seat, int64_t now)
{
    int64_t at = uno_game_catchable_at(g, seat);
    return at >= 0 && at <= now;
}

/* Counts of the 55 kinds (a hand, the cards seen) as floats (restrict: no
 * store can change a count, so -O3 converts them 4 at a time). */
static void kinds_to_floats(float *restrict out, const uint8_t *restrict counts)
{
    for (int k = 0; k < UNO_KINDS; k++)
        out[k] = counts[k];
}

/* The four bits of each nibble as floats 0 and 1, lowest bit first. */
#define NIBBLE(n) {(n) & 1, (n) >> 1 & 1, (n) >> 2 & 1, (n) >> 3 & 1}
static const float nibble_floats[16][4] = {
    NIBBLE(0), NIBBLE(1), NIBBLE(2),  NIBBLE(3),  NIBBLE(4),  NIBBLE(5),  NIBBLE(6),  NIBBLE(7),
    NIBBLE(8), NIBBLE(9), NIBBLE(10), NIBBLE(11), NIBBLE(12), NIBBLE(13), NIBBLE(14), NIBBLE(15),
};
#undef NIBBLE

/* Bits 0 .. count-1 as floats 0 and 1, four at a time. */
static void bits_to_floats(float *out, uint32_t bits, int count)
{
    for (int i = 0; i < count; i += 4)
        memcpy(out + i, nibble_floats[bits >> i & 15], (size_t)(count - i < 4 ? count - i : 4) * sizeof *out);
}

/* The row is cleared whole first, through libc's memset: clearing only the
 * one-hots (a size known here) compiles to a `rep stos`, fewer instructions
 * but slower to start than libc's vector stores over the whole row. */
void unobook_observe(float *out, const UnoGame *g, int seat, const UnobookSeen *seen, const UnobookLegal *legal)
{
    int nplayers = uno_game_nplayers(g), turn = uno_game_turn(g);
    int64_t now = uno_game_clock(g);
    UnoCard top = uno_game_top(g);
    memset(out, 0, (size_t)unobook_observation_size(nplayers) * sizeof *out);
    kinds_to_floats(out + OBS_HAND, uno_game_hand_kinds(g, seat));
    if (top != UNO_NO_CARD)
        out[OBS_TOP + top] = 1;
    out[OBS_COLOR + uno_game_color(g)] = 1;
    kinds_to_floats(out + OBS_PLAYED, seen->played[seat]);
    out[OBS_PENDING] = (float)uno_game_pending(g);
    out[OBS_DIRECTION] = (float)uno_game_direction(g);
    out[OBS_PHASE + uno_game_phase(g)] = 1;
    bits_to_floats(out + OBS_DECISION, unobook_legal_types(legal), OBS_SEATS - OBS_DECISION);
    /* every seat, the observer first, then clockwise */
    for (int i = 0, other = seat; i < nplayers; i++, other = other + 1 < nplayers ? other + 1 : 0) {
        float *f = out + OBS_SEATS + SEAT_FIELDS * i;
        f[SEAT_CARDS] = (float)uno_game_hand_count(g, other);
        f[SEAT_SAID_UNO] = uno_game_said_uno(g, other);
        f[SEAT_CATCHABLE] = catchable(g, other, now);
        f[SEAT_RANK] = (float)uno_game_rank(g, other);
        f[SEAT_SCORE] = (float)uno_game_score(g, other);
        f[SEAT_IN_TURN] = turn == other;
    }
}
