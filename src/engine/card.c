/*
 * card.c — card names, parsing and points.
 * The protocol's notation (docs/protocol.md "The protocol in brief"): R0..R9, RS, RR, R+2,
 * the same for G, B, Y; W, W+4, X.
 */
#include <ctype.h>
#include <string.h>

#include "uno.h"

/* Indexed by kind: value by value, within a value Yellow, Blue, Green, Red (uno.h). */
static const char *const card_names[UNO_KINDS] = {
    "Y0", "B0", "G0", "R0",
    "Y1", "B1", "G1", "R1",
    "Y2", "B2", "G2", "R2",
    "Y3", "B3", "G3", "R3",
    "Y4", "B4", "G4", "R4",
    "Y5", "B5", "G5", "R5",
    "Y6", "B6", "G6", "R6",
    "Y7", "B7", "G7", "R7",
    "Y8", "B8", "G8", "R8",
    "Y9", "B9", "G9", "R9",
    "YS", "BS", "GS", "RS",
    "YR", "BR", "GR", "RR",
    "Y+2", "B+2", "G+2", "R+2",
    "W", "W+4", "X",
};

const char *uno_card_name(UnoCard c)
{
    return c < UNO_KINDS ? card_names[c] : "?";
}

UnoStatus uno_card_parse(const char *text, UnoCard *out)
{
    char up[8];
    size_t n = text ? strlen(text) : 0;
    if (n == 0 || n >= sizeof up)
        return UNO_E_BAD_REQUEST;
    for (size_t i = 0; i <= n; i++)
        up[i] = (char)toupper((unsigned char)text[i]);
    for (int k = 0; k < UNO_KINDS; k++) {
        if (strcmp(up, card_names[k]) == 0) {
            *out = (UnoCard)k;
            return UNO_OK;
        }
    }
    return UNO_E_BAD_REQUEST;
}

int uno_color_parse(const char *text)
{
    if (!text || !text[0] || text[1])
        return -1;
    switch (toupper((unsigned char)text[0])) {
    case 'R': return UNO_RED;
    case 'G': return UNO_GREEN;
    case 'B': return UNO_BLUE;
    case 'Y': return UNO_YELLOW;
    default: return -1;
    }
}

const char *uno_color_name(int color)
{
    static const char *const names[] = {"R", "G", "B", "Y"};
    return color >= 0 && color < UNO_COLORS ? names[color] : "";
}

/* MyUNO "Scoring" and the booklet's "Scoring": numbers face value; Draw 2,
 * Reverse, Skip 20; Wild, Wild Draw 4 50; Blank "?" (an option). A table:
 * the end of every game scores every card left, in no order a branch could
 * foretell. */
#define FOUR(p) p, p, p, p
static const uint8_t points[UNO_KINDS] = {FOUR(0), FOUR(1), FOUR(2), FOUR(3), FOUR(4), FOUR(5), FOUR(6),
                                          FOUR(7), FOUR(8), FOUR(9), FOUR(20), FOUR(20), FOUR(20),
                                          50, 50, 0};

int uno_card_points(UnoCard c, int blank_points)
{
    return c == UNO_BLANK ? blank_points : points[c];
}
