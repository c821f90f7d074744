/*
 * card.c — card names, parsing and points.
 * The protocol's notation (docs/protocol.md "The protocol in brief"): R0..R9, RS, RR, R+2,
 * the same for G, B, Y; W, W+4, X.
 */
#include <ctype.h>
#include <string.h>

#include "uno.h"

static const char *const card_names[UNO_KINDS] = {
    "R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "RS", "RR", "R+2",
    "G0", "G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "GS", "GR", "G+2",
    "B0", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "BS", "BR", "B+2",
    "Y0", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9", "YS", "YR", "Y+2",
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
#define POINTS_OF_A_COLOR 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 20, 20, 20
static const uint8_t points[UNO_KINDS] = {POINTS_OF_A_COLOR, POINTS_OF_A_COLOR, POINTS_OF_A_COLOR,
                                          POINTS_OF_A_COLOR, 50, 50, 0};

int uno_card_points(UnoCard c, int blank_points)
{
    return c == UNO_BLANK ? blank_points : points[c];
}
