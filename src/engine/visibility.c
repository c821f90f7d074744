/*
 * visibility.c — what each viewer may see of a game's cards (uno.h, "what
 * each may see"): the one place where that is decided, for the protocol's
 * events and views, uno play, the bots and the server.
 */
#include "uno.h"

bool uno_hand_visible(const UnoRules *rules, int seat, int viewer)
{
    return viewer == UNO_VIEWER_REFEREE || viewer == seat ||
           (viewer == UNO_VIEWER_SPECTATOR && rules->spectators_see_hands);
}

bool uno_event_visible(const UnoRules *rules, const UnoEvent *ev, int viewer)
{
    if (viewer == UNO_VIEWER_REFEREE)
        return true;
    switch ((UnoEventType)ev->type) {
    case UNO_EV_PLAY:  /* cards played to the pile, face up */
    case UNO_EV_SLIDE: /* KPGUT §7: the same */
    case UNO_EV_FIRST: /* the first card, turned up */
    case UNO_EV_CUT:   /* cards turned to choose the dealer */
    case UNO_EV_CHEAT: /* §10: a caught cheat's cards, taken back in view of all */
        return true;
    case UNO_EV_DRAW: /* the drawer's own: a penalty, a deal, the stock */
        return uno_hand_visible(rules, ev->seat, viewer);
    case UNO_EV_REVEAL: /* to its target: a Mattel challenger, KPGUT §14's oldest or suspecter;
                           target -1: everybody (§9 give-up) */
        return ev->target < 0 || ev->target == viewer || uno_hand_visible(rules, ev->seat, viewer);
    default: /* deny by default: no other event shows its cards */
        return false;
    }
}
