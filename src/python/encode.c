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
    switch ((UnoActionType)a->type) {
    case UNO_ACT_PLAY: return play_id(a);
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

UnoStatus unobook_legal_list(UnobookLegal *l, const UnoGame *g, int seat)
{
    int total;
    l->n = uno_game_legal(g, seat, l->actions, l->cap, &total);
    if (total <= l->cap)
        return UNO_OK;
    UnoAction *more = realloc(l->actions, (size_t)total * sizeof *more);
    if (!more) {
        l->n = 0;
        return UNO_E_NOMEM;
    }
    l->actions = more;
    l->cap = total;
    l->n = uno_game_legal(g, seat, l->actions, l->cap, &total);
    return UNO_OK;
}

void unobook_legal_free(UnobookLegal *l)
{
    free(l->actions);
    l->actions = NULL;
    l->n = l->cap = 0;
}

void unobook_legal_mask(const UnobookLegal *l, int nplayers, uint8_t *mask, int n)
{
    memset(mask, 0, (size_t)n);
    for (int i = 0; i < l->n; i++) {
        int id = unobook_action_id(&l->actions[i], nplayers);
        if (id >= 0 && id < n)
            mask[id] = 1;
    }
}

uint32_t unobook_legal_types(const UnobookLegal *l)
{
    uint32_t types = 0;
    for (int i = 0; i < l->n; i++)
        types |= 1u << l->actions[i].type;
    return types;
}

bool unobook_types_have_id(uint32_t types)
{
    return types & ((2u << UNO_ACT_SUSPECT) - 1); /* play .. suspect: unobook_action_id's types */
}

const UnoAction *unobook_legal_find(const UnobookLegal *l, int nplayers, int id)
{
    for (int i = 0; i < l->n; i++)
        if (unobook_action_id(&l->actions[i], nplayers) == id)
            return &l->actions[i];
    return NULL;
}

/* ------------------------------------------------------ the observation */

void unobook_seen_clear(UnobookSeen *s) { memset(s, 0, sizeof *s); }

void unobook_seen_add(UnobookSeen *s, const UnoRules *rules, int nplayers, const UnoEvent *ev)
{
    bool played = ev->type == UNO_EV_PLAY || ev->type == UNO_EV_SLIDE || ev->type == UNO_EV_FIRST;
    if (!played && ev->type != UNO_EV_RESHUFFLE)
        return;
    for (int seat = 0; seat < nplayers; seat++) {
        if (ev->type == UNO_EV_RESHUFFLE) { /* the played cards went back into the stock */
            memset(s->played[seat], 0, UNO_KINDS);
            continue;
        }
        if (!uno_event_visible(rules, ev, seat))
            continue;
        for (int i = 0; i < ev->ncards; i++)
            s->played[seat][ev->cards[i]]++;
    }
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

void unobook_observe(float *out, const UnoGame *g, int seat, const UnobookSeen *seen, const UnobookLegal *legal)
{
    int nplayers = uno_game_nplayers(g), turn = uno_game_turn(g);
    int64_t now = uno_game_clock(g);
    const uint8_t *hand = uno_game_hand_kinds(g, seat), *played = seen->played[seat];
    UnoCard top = uno_game_top(g);
    memset(out, 0, (size_t)unobook_observation_size(nplayers) * sizeof *out);
    for (int k = 0; k < UNO_KINDS; k++) {
        out[OBS_HAND + k] = hand[k];
        out[OBS_PLAYED + k] = played[k];
    }
    if (top != UNO_NO_CARD)
        out[OBS_TOP + top] = 1;
    out[OBS_COLOR + uno_game_color(g)] = 1;
    out[OBS_PENDING] = (float)uno_game_pending(g);
    out[OBS_DIRECTION] = (float)uno_game_direction(g);
    out[OBS_PHASE + uno_game_phase(g)] = 1;
    uint32_t types = unobook_legal_types(legal);
    for (int type = 0; type <= UNO_ACT_SUSPECT; type++)
        out[OBS_DECISION + type] = (float)(types >> type & 1);
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
