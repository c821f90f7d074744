/*
 * bluffs.h — what the bots believe of a Wild Draw 4 they face: how likely
 * it is a bluff, from what the table has seen of its player. The heuristic
 * challenges on it; the search deals its worlds by it (worlds.c), so that
 * the two read the table with one model.
 */
#ifndef UNO_BOTS_BLUFFS_H
#define UNO_BOTS_BLUFFS_H

#include <stdbool.h>

#include "uno.h"

/* Whether card goes on a pile of (top, color) in a normal turn (MyUNO
 * "Let's Play": colour, number or symbol, Wild always, the booklet's blank
 * too; KPGUT "Basic Gameplay": value or colour; before KPGUT's opening
 * play, any card). A Wild Draw 4 is left to the caller: whether it may go
 * depends on the rest of the hand. */
bool bot_matches_pile(UnoCard top, int color, UnoCard card);

/* The chance that the Wild Draw 4 seat has just played, now holding count
 * cards, is a bluff. It could be one only when the hand held a card that
 * breaks the rule: the more cards, the likelier (MyUNO: a card of the
 * colour in force, about 1 in 4 of a hand; KPGUT: any playable card, more
 * often). Whether they do is learnt from what the table has seen of their
 * Wild Draw 4s (h, which may be NULL: the share shown to be bluffs, by a
 * challenge or by a card played before they drew again that broke the
 * rule), starting from the belief that a player bluffs one time in five
 * when they could, worth four Wild Draw 4s seen. */
double bot_bluff_chance(const UnoRules *r, const UnoHistory *h, int seat, int count);

#endif
