/*
 * encode.h — unobook's one encoding of a game for learning programs
 * (docs/python.md "The encoding"): a seat's observation as a flat vector of
 * numbers, and one flat action space in which each of the seat's legal
 * actions has an id.
 *
 * What stays true:
 *  - An observation is built from uno.h's public accessors of what the seat
 *    may see (those a seat's view, uno_view.h, is made of: its own hand, no
 *    other) and from the cards of the events the engine lets that seat see
 *    (uno_event_visible): two games that differ only in cards hidden from
 *    the seat encode alike. It reads the accessors straight from the game
 *    rather than through uno_view_build, which copies the rules and lists
 *    the seat's legal actions again: the most of an observation's cost.
 *  - The action space has no rules of its own: an id is in a seat's mask
 *    only when one of the actions uno_game_legal lists for it has that id,
 *    and an id is played as the first such action in the engine's list.
 *  - Nothing here allocates but the legal list (UnobookLegal), which grows.
 *  - A mask written with unobook_mask_rewrite is right only if nothing
 *    else wrote into it since the last write with the same UnobookMaskIds.
 */
#ifndef UNOBOOK_ENCODE_H
#define UNOBOOK_ENCODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "uno.h"

/* ------------------------------------------------------ the action space */

/* A play is named by its first card's kind, the colour in force after it
 * (the colour named for wilds, the last card's colour for coloured cards,
 * none for blanks) and how many cards it puts down (1, 2, 3, 4 or more). */
enum {
    UNOBOOK_PLAY_COLORS = UNO_COLORS + 1,
    UNOBOOK_PLAY_SIZES = 4,
    UNOBOOK_PLAYS = UNO_KINDS * UNOBOOK_PLAY_COLORS * UNOBOOK_PLAY_SIZES,
    UNOBOOK_DRAW = UNOBOOK_PLAYS,
    UNOBOOK_PASS,
    UNOBOOK_TAKE,
    UNOBOOK_CHALLENGE,
    UNOBOOK_UNO,
    UNOBOOK_COLOR,                                  /* + UNO_RED .. UNO_YELLOW */
    UNOBOOK_CATCH = UNOBOOK_COLOR + UNO_COLORS,     /* + the target's seats after the actor, less 1 */
};

/* The most ids of any game's action space (UNO_MAX_PLAYERS players). */
#define UNOBOOK_MAX_ACTIONS (UNOBOOK_CATCH + 2 * (UNO_MAX_PLAYERS - 1))
/* Ids in the action space of a game of n players. */
int unobook_num_actions(int nplayers);
/* Suspect ids begin here (after the catches). */
int unobook_suspect_base(int nplayers);
/* The id of a (legal) action of its seat, or -1 when the space has none for
 * it (KPGUT's people: give-ups, warnings, votes, help). */
int unobook_action_id(const UnoAction *a, int nplayers);

/* A seat's legal actions, as many as uno_game_legal counts, each with its
 * id: named once when listed, for the mask, the decision flags and the
 * check of the id sent. */
typedef struct UnobookLegal {
    UnoAction *actions;
    int16_t *ids;   /* ids[i]: actions[i]'s id, -1 where it has none */
    int n, cap;
    uint32_t types; /* the types of the actions, bit k for type k */
} UnobookLegal;

/* Lists seat's legal actions; UNO_OK or UNO_E_NOMEM (the list empty). */
UnoStatus unobook_legal_list(UnobookLegal *l, const UnoGame *g, int seat);
void unobook_legal_free(UnobookLegal *l);
/* The types of the list's actions, bit k for type k (as
 * uno_game_legal_types gives them). */
uint32_t unobook_legal_types(const UnobookLegal *l);
/* Whether actions of these types (uno_game_legal_types) have ids. */
bool unobook_types_have_id(uint32_t types);
/* The first action of the list with that id, or NULL. */
const UnoAction *unobook_legal_find(const UnobookLegal *l, int id);

/* ------------------------------------------------------------ the mask */

/* The ids a mask holds set, kept with it so that the next write clears
 * those alone rather than every byte (a mask is sparse: a handful of its
 * 1,110 or more ids). */
enum { UNOBOOK_MASK_KEPT = 64 };
typedef struct UnobookMaskIds {
    bool known;     /* the mask holds these ids set and no other; else it is cleared whole */
    int n;
    int16_t ids[UNOBOOK_MASK_KEPT]; /* a legal list's ids: some may repeat, -1 is none */
} UnobookMaskIds;

/* Rewrites a mask of n ids to the list's: clears the ids `kept` says it
 * holds (all n when that is not known), sets each id of the list, and
 * keeps those in `kept` (not known when the list has more than
 * UNOBOOK_MASK_KEPT actions, in a few of KPGUT's turns). */
void unobook_mask_rewrite(uint8_t *mask, int n, const UnobookLegal *l, UnobookMaskIds *kept);
/* Sets mask[id] to 1 for each id of the list, the others to 0 (n ids). */
void unobook_legal_mask(const UnobookLegal *l, uint8_t *mask, int n);

/* ------------------------------------------------------ the observation */

/* The cards each seat has seen played (or slid, or turned up) since the
 * last reshuffle, counts per kind: fed every event of the game. Bytes,
 * converted as the observation is written: kept as floats, four times the
 * cache lines, they cost a large batch more time than the conversion. */
typedef struct UnobookSeen {
    uint8_t played[UNO_MAX_PLAYERS][UNO_KINDS];
} UnobookSeen;

void unobook_seen_clear(UnobookSeen *s);
void unobook_seen_add(UnobookSeen *s, const UnoRules *rules, int nplayers, const UnoEvent *ev);

/* Numbers in a seat's observation in a game of n players. */
int unobook_observation_size(int nplayers);
/* Writes the seat's observation (unobook_observation_size floats) from
 * what uno.h's public accessors say of g to that seat (its own hand, the
 * pile, every seat's count, UNO call, catchability, rank and score: what
 * uno_view_build copies into a view), the cards it has seen played and its
 * legal list (the flags of its decision). */
void unobook_observe(float *out, const UnoGame *g, int seat, const UnobookSeen *seen, const UnobookLegal *legal);

#endif
