/*
 * rules.c — rule sets as data: the option table, the built-in rule sets,
 * rules files, and the check of a combination of options.
 *
 * What it owns: OPTIONS below, the one table of options, from which the
 * public descriptions (uno_rules_options), the generic setter and getter and
 * the range checks are all made; the rules-file parser.
 *
 * What stays true:
 *  - every field of UnoRules but `name` has one row in OPTIONS, in the
 *    struct's order, and each row's kind is checked against its field's type
 *    at compile time;
 *  - a function that fails leaves its output as it was;
 *  - libc only: no I/O, no allocation; texts are read in place.
 *
 * Sources are cited as: MyUNO, booklet, classic, KPGUT (the original and
 * its translation; "§N" are its Special Situations), the rule books that
 * docs/rules.md lists, and "reading N", our readings where the books are
 * silent (docs/rules.md, "Readings where the books are silent").
 */
#include <stdarg.h>
#include <stdio.h> /* snprintf, vsnprintf: formatting only */
#include <string.h>

#include "uno.h"
#include "engine/fail.h"
#include "engine/game.h"
#include "engine/hash.h"
#include "engine/rules_builtin.h"

/* ------------------------------------------------------------ the table */

/* Enum value names, indexed by the enum constants of uno.h. */
static const char *const dealer_values[] = {
    [UNO_DEALER_HIGH_CARD] = "high_card", [UNO_DEALER_OLDEST] = "oldest", NULL};
static const char *const opening_values[] = {
    [UNO_OPEN_TURN_UP] = "turn_up", [UNO_OPEN_YOUNGEST_PLAYS] = "youngest_plays", NULL};
static const char *const first_reverse_values[] = {
    [UNO_FIRST_REVERSE_DEALER_FIRST] = "dealer_first",
    [UNO_FIRST_REVERSE_RIGHT_OF_DEALER] = "right_of_dealer", NULL};
static const char *const first_wild_values[] = {
    [UNO_FIRST_WILD_NAME_COLOR] = "name_color", [UNO_FIRST_WILD_RETURN] = "return", NULL};
static const char *const first_wd4_values[] = {
    [UNO_FIRST_WD4_RETURN] = "return", [UNO_FIRST_WD4_COVER] = "cover", NULL};
static const char *const draw_rule_values[] = {
    [UNO_DRAW_ONE] = "draw_one", [UNO_DRAW_UNTIL_PLAYABLE] = "until_playable", NULL};
static const char *const wd4_rule_values[] = {
    [UNO_WD4_NO_MATCHING_COLOR] = "no_matching_color", [UNO_WD4_NO_PLAYABLE] = "no_playable", NULL};
static const char *const challenge_values[] = {
    [UNO_CHALLENGE_NONE] = "none", [UNO_CHALLENGE_NORMAL_TURN] = "normal_turn",
    [UNO_CHALLENGE_ANY_CARD] = "any_card", NULL};
static const char *const uno_window_values[] = {
    [UNO_UNO_WINDOW_NEXT_TURN] = "next_turn", [UNO_UNO_WINDOW_NEXT_PLAY] = "next_play", NULL};
static const char *const scoring_values[] = {
    [UNO_SCORING_NONE] = "none", [UNO_SCORING_WINNER] = "winner",
    [UNO_SCORING_TALLY] = "tally", [UNO_SCORING_SESSION] = "session", NULL};
static const char *const pile_values[] = {
    [UNO_PILE_PLAYED] = "played", [UNO_PILE_STOCK] = "stock", NULL};
static const char *const shown_to_values[] = {
    [UNO_SHOWN_TO_OLDEST] = "oldest", [UNO_SHOWN_TO_SUSPECTER] = "suspecter", NULL};
static const char *const spare_blanks_values[] = {
    [UNO_SPARE_HOUSE_RULE] = "house_rule", [UNO_SPARE_LEFT_OUT] = "left_out", NULL};

/* Player counts below are written as 30 so that the ranges can be shown as
 * text; they are UNO_MAX_PLAYERS. */
_Static_assert(UNO_MAX_PLAYERS == 30, "the option table says 30 players");

/*
 * One row per option, in the order of UnoRules:
 *   B(field, meaning, source)                 bool
 *   I(field, lo, hi, meaning, source)         int in lo..hi
 *   I2(field, a, b, meaning, source)          int, a or b
 *   E(field, values, meaning, source)         enum, values as above
 *   C(field, meaning, source)                 a list of cards (UNO_MAX_BLANKS at most)
 */
#define OPTIONS(B, I, I2, E, C)                                                                  \
    /* deck */                                                                                   \
    I(players_per_deck, 0, 30,                                                                   \
      "players per 108-card deck (8 players at 7 per deck: 2 decks); 0: one deck for any number", \
      "KPGUT 'Requirements' (7); MyUNO 'Setup', classic 'EQUIPMENT' (one deck)")                 \
    I2(blanks, 0, 4, "blank cards added to each deck; 4: the booklet's 112-card deck",            \
       "booklet 'Deck contents', 'Blank card'")                                                  \
    C(lost_cards, "cards lost from each deck (none, or e.g. R7 G+2), each replaced by one blank " \
      "standing in for it: the deck is whole again",                                             \
      "booklet 'Blank card' ('If an UNO card in your deck is lost or damaged')")               \
    E(spare_blanks, spare_blanks_values,                                                         \
      "the blanks that replace no lost card: house_rule: cards carrying a house rule "          \
      "(blank_draw, blank_skip); left_out: not in the deck",                                     \
      "booklet 'Blank card' ('write them on these cards, and add them to the deck')")                       \
    I(blank_draw, 0, 10, "house-rule blank: cards the next player draws",                        \
      "booklet 'Blank card' (house rules written on the card)")                                 \
    B(blank_skip, "house-rule blank: the next player misses their turn",                         \
      "booklet 'Blank card' (house rules written on the card)")                                 \
    I(blank_points, 0, 500, "points a blank scores", "booklet 'Scoring' (Blank: '?')")          \
    I(hand_size, 1, 20, "cards dealt to each player",                                            \
      "MyUNO 'Setup' 2; booklet 'Set up' 4; classic 'DEAL'; KPGUT 'Starting the Game'")         \
    I(min_players, 2, 30, "fewest players", "booklet cover (2-10); KPGUT 'Requirements' (any)") \
    I(max_players, 2, 30, "most players; the deck(s) must hold every hand and one card more",      \
      "booklet cover (2-10); KPGUT 'Requirements' (any: the decks grow)")                        \
    /* set-up */                                                                                 \
    E(dealer, dealer_values,                                                                     \
      "who deals: high_card: the highest card drawn (symbols count 0); oldest: the oldest player", \
      "MyUNO 'Setup' 1; booklet 'Set up' 1-2; classic 'DEAL'; KPGUT 'Starting the Game'")       \
    B(deal_rotates, "the deal passes to the next player (left) each hand",                       \
      "classic 'GOING OUT'; the books' 'who deals' (mattel); KPGUT 'Ending the Game' "      \
      "(the oldest deals every game)")                                                           \
    E(opening, opening_values,                                                                   \
      "turn_up: the stock's top card is turned up; youngest_plays: the youngest plays any card " \
      "but a WD4 as the first discard",                                                          \
      "MyUNO 'Setup' 4; classic 'DEAL'; KPGUT 'Starting the Game'; readings 6, 12 (docs/rules.md)")    \
    E(first_reverse, first_reverse_values,                                                       \
      "Reverse turned up: dealer_first: the dealer plays first, then play goes right; "          \
      "right_of_dealer: the player to the dealer's right plays first, then right",               \
      "MyUNO 'Reverse Card'; booklet 'Reverse card'; classic 'DEAL'; reading 11 (docs/rules.md)")      \
    E(first_wild, first_wild_values,                                                             \
      "Wild turned up: name_color: the first player names the colour and plays; "                \
      "return: it goes back into the deck and another card is turned",                           \
      "MyUNO 'Wild Card'; classic 'DEAL'; booklet 'Set up' 6")                                   \
    E(first_wd4, first_wd4_values,                                                               \
      "Wild Draw 4 turned up: return: it goes back into the deck and another card is turned; "   \
      "cover: another card is turned on top of it",                                              \
      "MyUNO 'Wild Draw 4 Card'; booklet 'Set up' 6; classic 'DEAL'")                            \
    /* playing */                                                                                \
    B(play_sets, "several cards of one value in one play, the first of them playable",           \
      "KPGUT 'Basic Gameplay', 'Draw 2', 'Reverse', 'Skip', 'Wild', 'Wild+Draw 4'")              \
    E(draw_rule, draw_rule_values,                                                               \
      "draw_one: draw 1, play it if it can be played, else the turn ends; until_playable: draw " \
      "until a card can be played, then play",                                                   \
      "MyUNO 'Let's Play'; classic 'PLAY'; KPGUT 'Basic Gameplay'; readings 3, 14 (docs/rules.md)")    \
    E(wd4_rule, wd4_rule_values,                                                                 \
      "a Wild Draw 4 is legal when: no_matching_color: no card in hand matches the colour in "  \
      "force; no_playable: no other card in hand can be played",                                 \
      "MyUNO 'Wild Draw 4 Card'; classic 'Wild Draw Four cards'; KPGUT 'Wild+Draw 4'")          \
    B(wd4_on_draw2, "a Wild Draw 4 may answer a Draw 2 when the player holds no Draw 2",         \
      "KPGUT 'Wild+Draw 4'; reading 1 (docs/rules.md)")                                                \
    E(challenge, challenge_values,                                                               \
      "Wild Draw 4 challenge: none; normal_turn: guilty draws 4 and the challenger plays a "     \
      "normal turn; any_card: the challenger may play any card but a WD4 (when holding others)", \
      "MyUNO 'Wild Draw 4 Card' note, reading 9 (docs/rules.md); KPGUT 'Wild+Draw 4', "                \
      "reading 4; classic: none")                                                               \
    B(stack_draw2, "a Draw 2 may answer a Draw 2: the chain grows by 2 per card",                \
      "KPGUT 'Draw 2', reading 2 (docs/rules.md); classic 'SPECIAL ACTIONS' N.B. (never cancelled)")   \
    B(stack_wd4, "a Wild Draw 4 may answer a Wild Draw 4: the chain grows by 4 per card",        \
      "KPGUT 'Wild+Draw 4'")                                                                     \
    B(stack_draw2_on_wd4, "a Draw 2 may answer a Wild Draw 4: the chain grows by 2, and a "      \
      "Draw 2 or (stacking Wild Draw 4s) a Wild Draw 4 may answer it",                           \
      "house rule (stacking: Draw 2 on Wild Draw 4); docs/rules.md 'House rules'")               \
    B(stack_wd4_on_draw2, "a Wild Draw 4 may answer a Draw 2, whether or not the player holds a " \
      "Draw 2", "house rule (stacking: Wild Draw 4 on Draw 2); docs/rules.md 'House rules'")     \
    B(forced_play, "a player who can play must: no draw while holding a card the rules let "      \
      "them play, and a playable drawn card is played",                                          \
      "house rule (forced play, 'must play if able'); docs/rules.md 'House rules'")              \
    B(no_bluffing, "a Wild Draw 4 against wd4_rule is refused, so none is challenged",            \
      "house rule (no bluffing); docs/rules.md 'House rules'")                                   \
    B(two_player_reverse_skips, "with two players a Reverse acts as a Skip",                      \
      "booklet 'Rules for two players (\"Challenge UNO\")' 1-4; KPGUT 'Reverse'")                \
    B(side_slide, "a number card identical to the top card may be played out of turn",          \
      "KPGUT §7")                                                                                \
    /* house rules: source "house rule (common name)" */                                        \
    B(seven_o, "7-0: a 7 swaps hands with a player the player of the 7 chooses (target); a 0 "   \
      "passes every hand one seat in the direction of play; neither as the last card",          \
      "house rule (7-0); docs/rules.md 'House rules'")                                          \
    B(jump_in, "a card identical to the top card (colour and value) may be played out of turn; "  \
      "play goes on from its player, as if it were their turn (side_slide's wider reading)",     \
      "house rule (jump-in); docs/rules.md 'House rules'")                                      \
    B(jump_in_wilds, "jump-in with Wilds too: a Wild on a Wild, a Wild Draw 4 on a Wild Draw 4 " \
      "(its player names the colour)", "house rule (jump-in); docs/rules.md 'House rules'")     \
    B(last_card_draw, "a play of special cards that empties the hand: draw 1 and play on",        \
      "KPGUT §2; reading 5 (docs/rules.md)")                                                           \
    B(tactical_suspect, "any player may suspect one who draws while holding a playable card",     \
      "KPGUT §14, §15")                                                                          \
    E(suspect_shown_to, shown_to_values,                                                         \
      "a suspected hand is shown to: oldest: the oldest player (the youngest if the suspected "  \
      "is the oldest); suspecter: the one who suspected",                                        \
      "KPGUT §14 (Finnish original: the oldest; translation: the suspecter)")                    \
    I(wrong_suspect_draw, 0, 10, "cards a wrong tactical-draw suspicion costs the suspecter",     \
      "KPGUT §14")                                                                               \
    /* UNO call */                                                                               \
    I(uno_penalty, 0, 10, "cards drawn by one caught not saying UNO; 0: no penalty",             \
      "MyUNO 'Going Out' (2); booklet 'Let's play!' 4 (4); classic 'GOING OUT' (none); "         \
      "KPGUT §1 (2)")                                                                            \
    I(uno_grace_ms, 0, 60000, "ms after the play in which UNO may still be said; 0: with the play", \
      "KPGUT §1 (3 s); MyUNO 'Going Out'; reading 10 (docs/rules.md)")                                 \
    E(uno_window, uno_window_values,                                                             \
      "a missing UNO can be caught until: next_turn: a player begins a turn (draws or plays; "  \
      "drawing a penalty is not one); "                                                         \
      "next_play: the next player plays cards to the pile",                                      \
      "MyUNO 'Going Out'; booklet 'Can I catch a player...'; KPGUT §1")                         \
    B(uno_self_catch, "one who says UNO late, before anyone catches them, is safe",               \
      "booklet 'What if I forgot to say \"UNO!\"?'")                                             \
    /* end and scoring */                                                                        \
    B(play_to_last, "after the first goes out the others play on until one remains: all ranked", \
      "KPGUT 'Ending the Game'; MyUNO 'Going Out' (the round is over)")                          \
    B(stock_out_ends, "when the piles can no longer make a stock, the game ends, ranked as §6",   \
      "KPGUT §5, §6; reading 8 (docs/rules.md) (otherwise)")                                           \
    I(hand_limit, 0, 500, "a player holding this many cards is out, as one who gives up; 0: no "  \
      "limit", "house rule (hand limit, 'mercy rule'); docs/rules.md 'House rules'")             \
    E(scoring, scoring_values,                                                                   \
      "none; winner: the winner scores the cards left in the others' hands; tally: each keeps "  \
      "a tally of their own leftover points, lowest wins; session: KPGUT's minutes",             \
      "MyUNO 'Scoring', 'Alternative scoring and winning'; classic 'SCORING'; KPGUT 'Scoring'; " \
      "reading 13 (docs/rules.md)")                                                                    \
    I(target, 0, 100000, "points that end a match (winner: first to reach it; tally: when one "  \
      "reaches it); 0: none",                                                                    \
      "MyUNO 'Winning the game'; classic 'OBJECT' (traditionally 500)")                          \
    I(time_limit_min, 0, 1440, "a game's time limit in minutes, then ranked as §6; 0: none",      \
      "KPGUT 'Scoring', §6")                                                                     \
    B(partners, "four players, partners opposite; either going out ends the hand; team scores",  \
      "booklet 'Rules for partners (four players)'")                                             \
    /* people */                                                                                 \
    B(giveup, "a player may give up: the hand is shown, and they lose to all others", "KPGUT §9") \
    E(giveup_into, pile_values,                                                                  \
      "a given-up hand is shuffled into: played: the played cards (discard pile); stock",         \
      "KPGUT §9 (Finnish original 'pelipakkaan': played; translation: draw pile)")               \
    B(join, "a newcomer may join before anyone has won", "KPGUT §13")                           \
    I(join_cards, 1, 20, "cards a newcomer draws", "KPGUT §13")                                  \
    I(spectators, 0, 8, "how many spectators may watch",                                         \
      "KPGUT 'Starting the Game', §3.2, 'Player Etiquette'")                                     \
    B(spectators_see_hands, "spectators see every hand and every card drawn, as round a table; "  \
      "false: an online host hides the hands from them",                                         \
      "KPGUT 'Player Etiquette' (spectators may see players' cards)")                           \
    B(warnings, "the oldest (the youngest, if the oldest is at fault) warns; again: ejected",     \
      "KPGUT §15")                                                                               \
    B(votes, "a dispute is settled by a yes/no vote; a tie goes the oldest's way", "KPGUT §11")  \
    B(honour, "illegal plays go through and can be caught before the next play",                 \
      "KPGUT §10; an option")                                            \
    I(cheat_penalty, 0, 10, "honour: a caught cheat takes the cards back and draws this many",    \
      "KPGUT §10")                                                                               \
    I(away_ms, 0, 3600000, "turn timer in ms: one away this long on their turn draws away_draw " \
      "and loses the turn; 0: off",                                                              \
      "KPGUT §8; reading 10 (docs/rules.md)")                                                          \
    I(away_draw, 0, 10, "cards drawn by a player away on their turn", "KPGUT §8")                 \
    I(help_penalty, 0, 10, "cards a player who helps another draws (the table rules it: help); " \
      "a spectator who helps joins opposite the helped player drawing this many more, or leaves; " \
      "0: no rule on helping",                                                                   \
      "KPGUT §3.1, §3.2, §13")

/* The public descriptions. */
#define INFO_B(f, m, s) {#f, UNO_OPT_BOOL, NULL, m, s},
#define INFO_I(f, lo, hi, m, s) {#f, UNO_OPT_INT, NULL, m " (" #lo ".." #hi ")", s},
#define INFO_I2(f, a, b, m, s) {#f, UNO_OPT_INT, NULL, m " (" #a " or " #b ")", s},
#define INFO_E(f, v, m, s) {#f, UNO_OPT_ENUM, v, m, s},
#define INFO_C(f, m, s) {#f, UNO_OPT_CARDS, NULL, m, s},
static const UnoOptionInfo option_info[] = {OPTIONS(INFO_B, INFO_I, INFO_I2, INFO_E, INFO_C)};

/* Where each option lives and which values it takes. */
typedef struct Field {
    size_t offset;
    int lo, hi;      /* the values: lo..hi, or only lo and hi when two_values */
    bool two_values;
} Field;
#define FIELD_B(f, m, s) {offsetof(UnoRules, f), 0, 1, false},
#define FIELD_I(f, lo, hi, m, s) {offsetof(UnoRules, f), lo, hi, false},
#define FIELD_I2(f, a, b, m, s) {offsetof(UnoRules, f), a, b, true},
#define FIELD_E(f, v, m, s) {offsetof(UnoRules, f), 0, (int)(sizeof v / sizeof v[0]) - 2, false},
#define FIELD_C(f, m, s) {offsetof(UnoRules, f), 0, 0, false}, /* checked by lost_cards_err */
static const Field fields[] = {OPTIONS(FIELD_B, FIELD_I, FIELD_I2, FIELD_E, FIELD_C)};

enum { OPT_COUNT = sizeof option_info / sizeof option_info[0] };
_Static_assert(sizeof fields / sizeof fields[0] == OPT_COUNT, "one field per option");

/* Each row's kind matches its field's type. */
#define MEMBER(f) (((UnoRules *)0)->f)
#define CHECK_B(f, m, s) _Static_assert(_Generic(MEMBER(f), bool: 1, default: 0), #f " is bool");
#define CHECK_I(f, lo, hi, m, s) _Static_assert(_Generic(MEMBER(f), int: 1, default: 0), #f " is int");
#define CHECK_I2(f, a, b, m, s) CHECK_I(f, a, b, m, s)
#define CHECK_E(f, v, m, s) _Static_assert(sizeof MEMBER(f) == sizeof(int), #f " is int-sized");
#define CHECK_C(f, m, s) _Static_assert(sizeof MEMBER(f) == UNO_MAX_BLANKS && \
                                           _Generic(MEMBER(f)[0], UnoCard: 1, default: 0), #f " is a card list");
OPTIONS(CHECK_B, CHECK_I, CHECK_I2, CHECK_E, CHECK_C)

const UnoOptionInfo *uno_rules_options(size_t *count)
{
    if (count)
        *count = OPT_COUNT;
    return option_info;
}

static int find_option(const char *key)
{
    for (int i = 0; i < OPT_COUNT; i++)
        if (strcmp(option_info[i].name, key) == 0)
            return i;
    return -1;
}

const UnoOptionInfo *uno_rules_option(const char *name)
{
    int i = name ? find_option(name) : -1;
    return i < 0 ? NULL : &option_info[i];
}

/* ---------------------------------------------------------- small helpers */


/* Appends to a message already in buf (truncating, always terminated). */
static void append(char *buf, size_t len, const char *text)
{
    if (!buf || len == 0)
        return;
    size_t used = strlen(buf);
    if (used + 1 < len)
        snprintf(buf + used, len - used, "%s", text);
}

/* ASCII case-insensitive equality (no locale). */
static bool same_word(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char ca = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
        char cb = *b >= 'A' && *b <= 'Z' ? (char)(*b - 'A' + 'a') : *b;
        if (ca != cb)
            return false;
    }
    return *a == *b;
}

/* Bools are one byte (checked above); ints and enums are ints. Card lists
 * are read and written whole (below). */
static int field_read(const UnoRules *r, int i)
{
    const unsigned char *p = (const unsigned char *)r + fields[i].offset;
    if (option_info[i].type == UNO_OPT_BOOL)
        return *p;
    int v;
    memcpy(&v, p, sizeof v);
    return v;
}

static void field_write(UnoRules *r, int i, int v)
{
    unsigned char *p = (unsigned char *)r + fields[i].offset;
    if (option_info[i].type == UNO_OPT_BOOL) {
        bool b = v != 0;
        memcpy(p, &b, sizeof b);
    } else {
        memcpy(p, &v, sizeof v);
    }
}

/* The card list an option holds: UNO_MAX_BLANKS cards, UNO_NO_CARD after the last. */
static UnoCard *field_cards(UnoRules *r, int i) { return (UnoCard *)((char *)r + fields[i].offset); }
static const UnoCard *field_cards_c(const UnoRules *r, int i)
{
    return (const UnoCard *)((const char *)r + fields[i].offset);
}

static int count_cards(const UnoCard *list)
{
    int n = 0;
    while (n < UNO_MAX_BLANKS && list[n] != UNO_NO_CARD)
        n++;
    return n;
}

/* One card name of a list: the len characters at s. */
static int parse_listed_card(const char *s, size_t len, UnoCard *out)
{
    char word[8];
    if (len >= sizeof word)
        return UNO_E_BAD_REQUEST;
    memcpy(word, s, len);
    word[len] = '\0';
    return uno_card_parse(word, out);
}

/* "none", or up to UNO_MAX_BLANKS card names separated by spaces or commas. */
static int parse_cards(const char *text, UnoCard out[UNO_MAX_BLANKS], const char *name, char *err,
                       size_t errlen)
{
    memset(out, UNO_NO_CARD, UNO_MAX_BLANKS);
    if (same_word(text, "none"))
        return UNO_OK;
    int n = 0;
    for (const char *s = text + strspn(text, " ,"); *s; s += strspn(s, " ,")) {
        size_t len = strcspn(s, " ,");
        if (n == UNO_MAX_BLANKS)
            return fail(err, errlen, UNO_E_BAD_REQUEST, "%s: at most %d cards (one per blank)", name,
                        UNO_MAX_BLANKS);
        if (parse_listed_card(s, len, &out[n]) != UNO_OK)
            return fail(err, errlen, UNO_E_BAD_REQUEST, "%s: '%.*s' is not a card (R0..Y9, RS, RR, R+2, ..., W, W+4)",
                        name, (int)(len > 20 ? 20 : len), s);
        if (out[n] == UNO_BLANK)
            return fail(err, errlen, UNO_E_BAD_REQUEST, "%s: a blank replaces a lost card, not a blank (X)", name);
        n++;
        s += len;
    }
    if (n == 0)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "%s: no cards (say none)", name);
    return UNO_OK;
}

/* Real cards (no blank), then UNO_NO_CARD to the end. */
static bool cards_valid(const UnoCard *list)
{
    int n = count_cards(list);
    for (int k = 0; k < UNO_MAX_BLANKS; k++)
        if (k < n ? list[k] >= UNO_BLANK : list[k] != UNO_NO_CARD)
            return false;
    return true;
}

static bool in_range(int i, int v)
{
    const Field *f = &fields[i];
    return f->two_values ? v == f->lo || v == f->hi : v >= f->lo && v <= f->hi;
}

static int range_err(int i, char *err, size_t errlen)
{
    const Field *f = &fields[i];
    if (f->two_values)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "%s: value must be %d or %d", option_info[i].name,
                    f->lo, f->hi);
    return fail(err, errlen, UNO_E_BAD_REQUEST, "%s: value out of range (%d..%d)", option_info[i].name,
                f->lo, f->hi);
}

/* A whole number, optionally signed; *out is clamped far outside any range. */
static bool parse_int(const char *s, int *out)
{
    bool neg = *s == '-';
    if (*s == '-' || *s == '+')
        s++;
    if (!*s)
        return false;
    long v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return false;
        if (v < 1000000000L)
            v = v * 10 + (*s - '0');
    }
    if (v > 1000000000L)
        v = 1000000000L;
    *out = (int)(neg ? -v : v);
    return true;
}

static bool parse_bool(const char *s, int *out)
{
    static const char *const yes[] = {"true", "yes", "on", "1"};
    static const char *const no[] = {"false", "no", "off", "0"};
    for (size_t k = 0; k < sizeof yes / sizeof yes[0]; k++) {
        if (same_word(s, yes[k])) {
            *out = 1;
            return true;
        }
        if (same_word(s, no[k])) {
            *out = 0;
            return true;
        }
    }
    return false;
}

static void enum_err(int i, const char *value, char *err, size_t errlen)
{
    (void)fail(err, errlen, UNO_E_BAD_REQUEST, "%s: '%.40s' is not one of ", option_info[i].name, value);
    for (const char *const *v = option_info[i].values; *v; v++) {
        if (v != option_info[i].values)
            append(err, errlen, ", ");
        append(err, errlen, *v);
    }
}

/* -------------------------------------------------------- set, get, check */

static int set_option(UnoRules *r, int i, const char *value, char *err, size_t errlen)
{
    const char *name = option_info[i].name;
    int v = 0;
    switch (option_info[i].type) {
    case UNO_OPT_BOOL:
        if (!parse_bool(value, &v)) {
            return fail(err, errlen, UNO_E_BAD_REQUEST, "%s: '%.40s' is not a bool (true, false, yes, no, on, off, 1, 0)",
                    name, value);
        }
        break;
    case UNO_OPT_INT:
        if (!parse_int(value, &v)) {
            return fail(err, errlen, UNO_E_BAD_REQUEST, "%s: '%.40s' is not a whole number", name, value);
        }
        if (!in_range(i, v))
            return range_err(i, err, errlen);
        break;
    case UNO_OPT_ENUM:
        for (v = 0; option_info[i].values[v]; v++)
            if (same_word(value, option_info[i].values[v]))
                break;
        if (!option_info[i].values[v]) {
            enum_err(i, value, err, errlen);
            return UNO_E_BAD_REQUEST;
        }
        break;
    case UNO_OPT_CARDS: {
        UnoCard list[UNO_MAX_BLANKS];
        int rc = parse_cards(value, list, name, err, errlen);
        if (rc == UNO_OK)
            memcpy(field_cards(r, i), list, sizeof list);
        return rc;
    }
    }
    field_write(r, i, v);
    return UNO_OK;
}

UnoStatus uno_rules_set(UnoRules *r, const char *key, const char *value, char *err, size_t errlen)
{
    int i = key ? find_option(key) : -1;
    if (i < 0) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "unknown option '%.40s'", key ? key : "");
    }
    if (!value) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "%s: no value", key);
    }
    return set_option(r, i, value, err, errlen);
}

/* Option i's value as `uno rules` writes it. */
static int option_text(const UnoRules *r, int i, char *buf, size_t len)
{
    buf[0] = '\0';
    if (option_info[i].type == UNO_OPT_CARDS) {
        const UnoCard *list = field_cards_c(r, i);
        if (!cards_valid(list))
            return UNO_E_BAD_REQUEST;
        int ncards = count_cards(list);
        append(buf, len, ncards ? "" : "none");
        for (int k = 0; k < ncards; k++) {
            append(buf, len, k ? " " : "");
            append(buf, len, uno_card_name(list[k]));
        }
        return strlen(buf) + 1 < len ? UNO_OK : UNO_E_BAD_REQUEST;
    }
    int v = field_read(r, i);
    if (!in_range(i, v))
        return UNO_E_BAD_REQUEST;
    int n;
    switch (option_info[i].type) {
    case UNO_OPT_BOOL: n = snprintf(buf, len, "%s", v ? "true" : "false"); break;
    case UNO_OPT_ENUM: n = snprintf(buf, len, "%s", option_info[i].values[v]); break;
    default: n = snprintf(buf, len, "%d", v); break;
    }
    return n >= 0 && (size_t)n < len ? UNO_OK : UNO_E_BAD_REQUEST;
}

UnoStatus uno_rules_get(const UnoRules *r, const char *key, char *buf, size_t len)
{
    int i = key ? find_option(key) : -1;
    if (i < 0 || !buf || len == 0)
        return UNO_E_BAD_REQUEST;
    return option_text(r, i, buf, len);
}

/* A house rule (its source begins "house rule") that is off is left out of
 * the state's hash and a saved `new`: a game without house rules is hashed
 * and saved as before they came, and old saves (tests/table/old-saves) load
 * and replay to their states. Every option added since saves were first kept
 * is a house rule, off when 0, so the source alone keeps this list; an option
 * added later that is not a house rule would need its own field here (the
 * value old saves assumed) instead. */
static bool house_rule_off(const UnoRules *r, int i)
{
    return strncmp(option_info[i].source, "house rule", 10) == 0 && field_read(r, i) == 0;
}

bool uno_rules_house_rule_off(const UnoRules *r, const UnoOptionInfo *opt)
{
    return house_rule_off(r, (int)(opt - option_info));
}

/* The rules as `uno rules` writes them: the name and every option's value
 * (by index: the state's hash is taken around every action in tests). */
uint64_t hash_rules(uint64_t h, const UnoRules *r)
{
    h = hash_text(h, r->name);
    char value[256];
    for (int i = 0; i < OPT_COUNT; i++)
        if (!house_rule_off(r, i) && option_text(r, i, value, sizeof value) == UNO_OK)
            h = hash_text(h, value);
    return h;
}

/* Booklet 'Blank card': a blank that replaces a lost card restores it; the
 * other blanks carry a house rule or stay out (spare_blanks). */
int uno_rules_deck_size(const UnoRules *r)
{
    int spare = r->blanks - count_cards(r->lost_cards);
    return 108 + (r->spare_blanks == UNO_SPARE_HOUSE_RULE && spare > 0 ? spare : 0);
}

/* MyUNO 'Equipment': copies of a card in one deck (a 0 once, the rest twice,
 * Wilds and WD4s four times). */
static int copies_per_deck(UnoCard c)
{
    return uno_card_is_wild(c) ? 4 : uno_card_value(c) == 0 ? 1 : 2;
}

/* The lost cards must each have a blank, and a deck must have held them. */
static int lost_cards_err(const UnoRules *r, char *err, size_t errlen)
{
    int n = count_cards(r->lost_cards);
    if (n > r->blanks)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "lost_cards: %d lost cards need %d blanks (blanks = %d)", n, n,
                    r->blanks);
    for (int k = 0; k < n; k++) {
        int copies = 0;
        for (int j = 0; j < n; j++)
            copies += r->lost_cards[j] == r->lost_cards[k];
        if (copies > copies_per_deck(r->lost_cards[k]))
            return fail(err, errlen, UNO_E_BAD_REQUEST, "lost_cards: a deck holds only %d %s",
                        copies_per_deck(r->lost_cards[k]), uno_card_name(r->lost_cards[k]));
    }
    return UNO_OK;
}

bool uno_rules_wd4_challenge(const UnoRules *r) { return wd4_challenged(r); }

/* The cards of the whole deck(s) for n players. */
static int deck_cards(const UnoRules *r, int n, int *ndecks)
{
    *ndecks = r->players_per_deck ? (n + r->players_per_deck - 1) / r->players_per_deck : 1;
    return *ndecks * uno_rules_deck_size(r);
}

/* nplayers 0 checks the rule set alone (as uno_rules_parse does). */
UnoStatus uno_rules_validate(const UnoRules *r, int nplayers, char *err, size_t errlen)
{
    if (!memchr(r->name, '\0', sizeof r->name)) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "name: not terminated");
    }
    for (int i = 0; i < OPT_COUNT; i++) {
        if (option_info[i].type == UNO_OPT_CARDS ? !cards_valid(field_cards_c(r, i)) : !in_range(i, field_read(r, i)))
            return option_info[i].type == UNO_OPT_INT
                       ? range_err(i, err, errlen)
                       : fail(err, errlen, UNO_E_BAD_REQUEST, "%s: not a valid value", option_info[i].name);
    }
    int rc = lost_cards_err(r, err, errlen);
    if (rc)
        return rc;
    if (r->min_players > r->max_players) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "min_players (%d) is more than max_players (%d)", r->min_players,
                r->max_players);
    }
    /* booklet 'Rules for partners': either partner going out ends the hand. */
    if (r->partners && r->play_to_last) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "partners end the hand when one goes out: play_to_last must be false");
    }
    /* KPGUT 'Scoring': every player scores when they finish. */
    if (r->scoring == UNO_SCORING_SESSION && !r->play_to_last) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "scoring = session needs play_to_last = true");
    }
    /* house rule (mercy): nobody may be out before the first play */
    if (r->hand_limit && r->hand_limit <= r->hand_size) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "hand_limit (%d) must be above hand_size (%d), or 0",
                    r->hand_limit, r->hand_size);
    }
    /* house rule (jump-in): Wilds widen a jump-in, which must be on */
    if (r->jump_in_wilds && !r->jump_in) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "jump_in_wilds widens jump-in: it needs jump_in = true");
    }
    if (nplayers == 0)
        return UNO_OK;
    if (nplayers < 2 || nplayers > UNO_MAX_PLAYERS) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "%d players: a game takes 2..%d", nplayers, UNO_MAX_PLAYERS);
    }
    if (nplayers < r->min_players || nplayers > r->max_players) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "%d players: these rules take %d..%d", nplayers, r->min_players,
                r->max_players);
    }
    if (r->partners && nplayers != 4) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "partners needs exactly 4 players, not %d", nplayers);
    }
    int ndecks, cards = deck_cards(r, nplayers, &ndecks);
    if (ndecks > UNO_MAX_DECKS) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "%d players at %d per deck need %d decks (at most %d)", nplayers,
                r->players_per_deck, ndecks, UNO_MAX_DECKS);
    }
    /* The deal must leave at least one card (the turned-up card, or a stock). */
    if (nplayers * r->hand_size >= cards) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "%d players x %d cards do not fit in %d deck(s) of %d cards", nplayers,
                r->hand_size, ndecks, uno_rules_deck_size(r));
    }
    return UNO_OK;
}

/* ---------------------------------------------------- built-in rule sets */

/* The display order; rules_builtin.h's array holds the texts (one per
 * rules/NAME.rules), and the tests check that both name the same sets. */
static const char *const builtin_names[] = {"mattel", "classic", "kpgut", NULL};

const char *const *uno_rules_builtin_names(void)
{
    return builtin_names;
}

const char *uno_rules_builtin_list(void) { return "mattel, classic, kpgut"; }

const char *uno_rules_builtin_text(const char *name)
{
    for (int k = 0; name && rules_builtin_texts[k][0]; k++)
        if (strcmp(rules_builtin_texts[k][0], name) == 0)
            return rules_builtin_texts[k][1];
    return NULL;
}

static void unknown_set_err(const char *what, const char *name, char *err, size_t errlen)
{
    (void)fail(err, errlen, UNO_E_BAD_REQUEST, "unknown %s '%.40s' (", what, name);
    for (const char *const *n = builtin_names; *n; n++) {
        append(err, errlen, *n);
        append(err, errlen, n[1] ? ", " : ")");
    }
}

/* A base names a rule set whose file may itself have a base: bounded. */
enum { MAX_BASE_DEPTH = 4 };

static int parse_text(const char *text, UnoRules *out, int depth, char *err, size_t errlen);

static int load_builtin(const char *name, UnoRules *out, int depth, char *err, size_t errlen)
{
    const char *text = uno_rules_builtin_text(name);
    if (!text) {
        unknown_set_err("rule set", name ? name : "", err, errlen);
        return UNO_E_BAD_REQUEST;
    }
    UnoRules r;
    char sub[UNO_ERR_LEN];
    if (parse_text(text, &r, depth + 1, sub, sizeof sub) != UNO_OK) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "rule set '%s': %s", name, sub);
    }
    if (!r.name[0]) /* builtin names are the file names */
        snprintf(r.name, sizeof r.name, "%s", name);
    *out = r;
    return UNO_OK;
}

UnoStatus uno_rules_preset(const char *name, UnoRules *out, char *err, size_t errlen)
{
    return load_builtin(name, out, 0, err, errlen);
}

/* ------------------------------------------------------------- presets */

/* Named sets of house rules (docs/rules.md "Presets"): data, so that a
 * preset of options added later is one more row. */
static const UnoPreset presets[] = {
    {"stack_everything", "Draw 2s and Wild Draw 4s answer one another: the totals add up",
     {{"stack_draw2", "true"}, {"stack_wd4", "true"}, {"stack_draw2_on_wd4", "true"},
      {"stack_wd4_on_draw2", "true"}}},
    {"draw_to_match", "draw until a card can be played, then play it (draw_rule = until_playable)",
     {{"draw_rule", "until_playable"}}},
    {"strict", "forced play and no bluffing: who can play must, and a Wild Draw 4 only without "
               "the colour in force",
     {{"forced_play", "true"}, {"no_bluffing", "true"}}},
    {"mercy", "stack everything, draw to match, and a player holding 25 cards is out",
     {{"stack_draw2", "true"}, {"stack_wd4", "true"}, {"stack_draw2_on_wd4", "true"},
      {"stack_wd4_on_draw2", "true"}, {"draw_rule", "until_playable"}, {"hand_limit", "25"}}},
    {"seven_o", "7-0: a 7 swaps hands with a chosen player, a 0 passes every hand on", {{"seven_o", "true"}}},
    {"seven_o_jump_in", "7-0 and jump-in: a card identical to the top may be played out of turn",
     {{"seven_o", "true"}, {"jump_in", "true"}}},
};
enum { PRESET_COUNT = sizeof presets / sizeof presets[0] };

const UnoPreset *uno_presets(size_t *count)
{
    if (count)
        *count = PRESET_COUNT;
    return presets;
}

/* The names of presets[] (test_rules keeps the two in step). */
const char *uno_presets_list(void)
{
    return "stack_everything, draw_to_match, strict, mercy, seven_o, seven_o_jump_in";
}

UnoStatus uno_rules_apply_preset(UnoRules *r, const char *name, char *err, size_t errlen)
{
    const UnoPreset *p = NULL;
    for (int k = 0; name && k < PRESET_COUNT && !p; k++)
        if (strcmp(presets[k].name, name) == 0)
            p = &presets[k];
    if (!p) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "unknown preset '%.40s' (%s)", name ? name : "",
                    uno_presets_list());
    }
    UnoRules with = *r;
    char why[UNO_ERR_LEN];
    for (const UnoPresetSetting *set = p->settings; set < p->settings + UNO_PRESET_SETTINGS && set->option; set++)
        if (uno_rules_set(&with, set->option, set->value, why, sizeof why) != UNO_OK)
            return fail(err, errlen, UNO_E_BAD_REQUEST, "preset %s: %s", p->name, why);
    *r = with;
    return UNO_OK;
}

/* ------------------------------------------------------------ rules files */

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Copies the trimmed text [s, e) into buf; false if it does not fit. */
static bool copy_trimmed(const char *s, const char *e, char *buf, size_t len)
{
    while (s < e && is_blank(*s))
        s++;
    while (e > s && is_blank(e[-1]))
        e--;
    size_t n = (size_t)(e - s);
    if (n >= len) {
        memcpy(buf, s, len - 1);
        buf[len - 1] = '\0';
        return false;
    }
    memcpy(buf, s, n);
    buf[n] = '\0';
    return true;
}

typedef struct Parse {
    UnoRules r;
    int seen[OPT_COUNT]; /* the line that set each option, 0: not set */
    int base_line, name_line, first_line;
    int depth;
} Parse;

/* One "key = value" line, comment already cut off. */
static int parse_line(Parse *p, int line, const char *s, const char *e, char *err, size_t errlen)
{
    const char *eq = memchr(s, '=', (size_t)(e - s));
    char key[48], value[128], msg[UNO_ERR_LEN];
    if (!eq) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "line %d: expected 'option = value'", line);
    }
    bool key_fits = copy_trimmed(s, eq, key, sizeof key);
    if (!key[0]) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "line %d: expected 'option = value'", line);
    }
    if (!copy_trimmed(eq + 1, e, value, sizeof value)) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "line %d: the value of '%.40s' is too long", line, key);
    }
    if (!value[0]) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "line %d: no value for '%.40s'", line, key);
    }
    if (key_fits && strcmp(key, "base") == 0) {
        if (p->base_line) {
            return fail(err, errlen, UNO_E_BAD_REQUEST, "line %d: duplicated option 'base' (first on line %d)", line,
                    p->base_line);
        }
        if (p->first_line) {
            return fail(err, errlen, UNO_E_BAD_REQUEST, "line %d: 'base' must come before any other option (line %d)",
                    line, p->first_line);
        }
        if (!uno_rules_builtin_text(value)) {
            unknown_set_err("base", value, msg, sizeof msg);
            return fail(err, errlen, UNO_E_BAD_REQUEST, "line %d: %s", line, msg);
        }
        if (p->depth >= MAX_BASE_DEPTH) {
            return fail(err, errlen, UNO_E_BAD_REQUEST, "line %d: bases nested too deep", line);
        }
        if (load_builtin(value, &p->r, p->depth, msg, sizeof msg) != UNO_OK) {
            return fail(err, errlen, UNO_E_BAD_REQUEST, "line %d: %s", line, msg);
        }
        p->base_line = line;
        return UNO_OK;
    }
    if (!p->first_line)
        p->first_line = line;
    if (key_fits && strcmp(key, "name") == 0) {
        if (p->name_line) {
            return fail(err, errlen, UNO_E_BAD_REQUEST, "line %d: duplicated option 'name' (first on line %d)", line,
                    p->name_line);
        }
        size_t n = strlen(value);
        if (n >= sizeof p->r.name) {
            return fail(err, errlen, UNO_E_BAD_REQUEST, "line %d: name: too long (at most %zu bytes)", line,
                    sizeof p->r.name - 1);
        }
        for (size_t k = 0; k < n; k++) {
            if ((unsigned char)value[k] < 0x20 || value[k] == 0x7f) {
                return fail(err, errlen, UNO_E_BAD_REQUEST, "line %d: name: control characters are not allowed", line);
            }
        }
        memcpy(p->r.name, value, n + 1);
        p->name_line = line;
        return UNO_OK;
    }
    int i = key_fits ? find_option(key) : -1;
    if (i < 0) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "line %d: unknown option '%.40s'", line, key);
    }
    if (p->seen[i]) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "line %d: duplicated option '%s' (first on line %d)", line, key,
                p->seen[i]);
    }
    if (set_option(&p->r, i, value, msg, sizeof msg) != UNO_OK) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "line %d: %s", line, msg);
    }
    p->seen[i] = line;
    return UNO_OK;
}

/* Without a base every option must be set: names the missing ones, as
 * many as err holds whole, then how many more. */
static int check_complete(const Parse *p, char *err, size_t errlen)
{
    int missing = 0;
    for (int i = 0; i < OPT_COUNT; i++)
        missing += !p->seen[i];
    if (!missing)
        return UNO_OK;
    (void)fail(err, errlen, UNO_E_BAD_REQUEST,
               "no base, so every option must be set (or begin with base = mattel); %d missing:", missing);
    if (!err)
        return UNO_E_BAD_REQUEST;
    char more[32];
    for (int i = 0, told = 0; i < OPT_COUNT; i++) {
        if (p->seen[i])
            continue;
        int after = missing - told - 1; /* those still to name after this one */
        snprintf(more, sizeof more, after ? " and %d more" : "", after);
        if (strlen(err) + 2 + strlen(option_info[i].name) + strlen(more) >= errlen) {
            snprintf(more, sizeof more, " and %d more", missing - told); /* room kept for it */
            append(err, errlen, more);
            break;
        }
        append(err, errlen, told++ ? ", " : " ");
        append(err, errlen, option_info[i].name);
    }
    return UNO_E_BAD_REQUEST;
}

static int parse_text(const char *text, UnoRules *out, int depth, char *err, size_t errlen)
{
    Parse p;
    memset(&p, 0, sizeof p);
    p.depth = depth;
    if (!text) {
        return fail(err, errlen, UNO_E_BAD_REQUEST, "no text");
    }
    if (strncmp(text, "\xEF\xBB\xBF", 3) == 0) /* a UTF-8 byte-order mark */
        text += 3;
    int line = 0;
    for (const char *s = text; *s;) {
        const char *nl = strchr(s, '\n');
        const char *e = nl ? nl : s + strlen(s);
        const char *hash = memchr(s, '#', (size_t)(e - s));
        const char *end = hash ? hash : e;
        line++;
        const char *t = s;
        while (t < end && is_blank(*t))
            t++;
        if (t < end && parse_line(&p, line, t, end, err, errlen) != UNO_OK)
            return UNO_E_BAD_REQUEST;
        s = nl ? nl + 1 : e;
    }
    if (!p.base_line && check_complete(&p, err, errlen) != UNO_OK)
        return UNO_E_BAD_REQUEST;
    if (uno_rules_validate(&p.r, 0, err, errlen) != UNO_OK)
        return UNO_E_BAD_REQUEST;
    *out = p.r;
    return UNO_OK;
}

UnoStatus uno_rules_parse(const char *text, UnoRules *out, char *err, size_t errlen)
{
    return parse_text(text, out, 0, err, errlen);
}
