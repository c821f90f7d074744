/*
 * bluffs.c — the bots' belief about a Wild Draw 4 they face (bluffs.h).
 */
#include "bots/bluffs.h"

bool bot_matches_pile(UnoCard top, int color, UnoCard card)
{
    if (top == UNO_NO_CARD || uno_card_is_wild(card) || card == UNO_BLANK)
        return true;
    return (color != UNO_NO_COLOR && uno_card_color(card) == color) ||
           (uno_card_is_colored(top) && uno_card_is_colored(card) && uno_card_value(card) == uno_card_value(top));
}

/* Whether card, held when a Wild Draw 4 went on a pile of (top, color),
 * made that Wild Draw 4 a bluff (MyUNO "Wild Draw 4": a card of the colour
 * in force; KPGUT "Wild+Draw 4": any other playable card). */
static bool breaks_wd4(const UnoRules *r, UnoCard top, int color, UnoCard card)
{
    if (card == UNO_WILD4)
        return false;
    if (r->wd4_rule == UNO_WD4_NO_MATCHING_COLOR)
        return uno_card_color(card) == color && color != UNO_NO_COLOR;
    return bot_matches_pile(top, color, card);
}

/* What the history shows of seat's Wild Draw 4s: how many it played, and
 * how many were bluffs for all to see: found guilty by a challenge, or
 * followed, before it drew again, by a play of a card it must have held
 * then and that broke the rule. */
static void wd4_record(const UnoRules *r, const UnoHistory *h, int seat, int *played, int *bluffs)
{
    UnoCard top = UNO_NO_CARD, open_top = UNO_NO_CARD;
    int color = UNO_NO_COLOR, open_color = UNO_NO_COLOR;
    bool open = false; /* seat's last Wild Draw 4 may still show itself a bluff */
    for (int i = 0; h && i < uno_history_count(h); i++) {
        const UnoEvent *e = uno_history_event(h, i);
        bool mine = e->seat == seat;
        if (e->type == UNO_EV_PLAY && e->ncards > 0) {
            if (mine && e->cards[e->ncards - 1] == UNO_WILD4) {
                ++*played;
                open = true;
                open_top = top;
                open_color = color;
            } else if (mine && open) {
                for (int c = 0; c < e->ncards && open; c++)
                    if (breaks_wd4(r, open_top, open_color, e->cards[c])) {
                        ++*bluffs;
                        open = false;
                    }
            }
            top = e->cards[e->ncards - 1];
            color = e->color;
        } else if (e->type == UNO_EV_FIRST && e->ncards > 0) {
            top = e->cards[e->ncards - 1];
            color = e->color;
        } else if (e->type == UNO_EV_COLOR) {
            color = e->color;
        } else if (e->type == UNO_EV_CHALLENGE && e->target == seat && open) {
            *bluffs += e->count;
            open = false;
        } else if (e->type == UNO_EV_DRAW && mine) {
            open = false;
        }
    }
}

double bot_bluff_chance(const UnoRules *r, const UnoHistory *h, int seat, int count)
{
    double miss = r->wd4_rule == UNO_WD4_NO_MATCHING_COLOR ? 0.76 : 0.6, none = 1.0;
    for (int i = 0; i < count; i++)
        none *= miss;
    int played = 0, bluffs = 0;
    wd4_record(r, h, seat, &played, &bluffs);
    played = played > 0 ? played - 1 : 0; /* the one faced now tells nothing yet */
    double prior = 0.2 * (1.0 - none), weight = 4.0;
    return (bluffs + weight * prior) / (played + weight);
}
