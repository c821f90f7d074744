/*
 * render.h — a game and an action as text, in the engine's own words: the
 * protocol's action names (uno_action_name), card and colour names
 * (uno_card_name, uno_color_name), for unobook's Game.render().
 *
 * What stays true: a hand is written only where the viewer may see it
 * (uno_hand_visible); the text always ends in '\0' within `len`.
 */
#ifndef UNOBOOK_RENDER_H
#define UNOBOOK_RENDER_H

#include <stddef.h>

#include "uno.h"

/* "play R7 G7", "play W R", "color B", "catch seat 2", "draw". */
void unobook_action_text(const UnoAction *a, char *buf, size_t len);
/* The table as `viewer` (a seat, or UNO_VIEWER_REFEREE) sees it, a line
 * for the pile and one per seat. */
void unobook_render(const UnoGame *g, int viewer, char *buf, size_t len);

#endif
