/*
 * play_input.c — the person's keys (play.h): moving through the hand,
 * selecting a set, typing cards ("r7", "w+4 g", "r8 g8"), and one key per
 * action the rules allow; the hint line and the help that tell them. Every
 * action is checked by the engine itself: what it refuses comes back as its
 * message, and nothing changes.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include <curses.h>

#include "cli/play.h"

enum { KEY_ESC = 27, KEY_DEL = 127 };

static void act(Play *p, UnoAction *a, const char *what)
{
    char err[UNO_ERR_LEN], named[UNO_ERR_LEN + 64];
    PlayVoice voice = play_voice(p);
    if (play_apply(p, a, err, sizeof err) != UNO_OK) {
        play_name_seats(&voice, err, named, sizeof named);
        play_say(p, "%s: %s", what, named);
    } else {
        p->message[0] = '\0';
    }
}

/* The first legal entry of a type, as the person's action. */
static void act_listed(Play *p, UnoActionType type, const char *what, const char *none)
{
    int i = bot_find(&p->view, type);
    if (i < 0) {
        play_say(p, "%s", none);
        return;
    }
    UnoAction a = p->view.legal[i];
    act(p, &a, what);
}

/* A simple action the engine judges (its message says why not). */
static void act_simple(Play *p, UnoActionType type, const char *what)
{
    UnoAction a;
    uno_action_init(&a, type, p->human);
    act(p, &a, what);
}

/* ------------------------------------------------------------- playing */

/* Two plays of the same cards, whatever their order. */
static bool same_multiset(const UnoAction *a, const UnoCard *cards, int n)
{
    if (a->ncards != n)
        return false;
    int count[UNO_KINDS] = {0};
    for (int i = 0; i < n; i++) {
        count[cards[i]]++;
        count[a->cards[i]]--;
    }
    for (int i = 0; i < n; i++)
        if (count[cards[i]] != 0)
            return false;
    return true;
}

/* A set chosen in an order the rules refuse (the first card must be
 * playable, KPGUT "Basic Gameplay") is put in an order they accept,
 * keeping its last card (the colour in force) when possible. */
static void legal_order(const Play *p, UnoAction *a)
{
    const UnoView *v = &p->view;
    int best = -1;
    for (int i = 0; i < v->nlegal; i++) {
        const UnoAction *l = &v->legal[i];
        if (l->type != UNO_ACT_PLAY || !same_multiset(l, a->cards, a->ncards))
            continue;
        if (memcmp(l->cards, a->cards, a->ncards) == 0)
            return;
        if (best < 0 || l->cards[l->ncards - 1] == a->cards[a->ncards - 1])
            best = i;
    }
    if (best >= 0)
        memcpy(a->cards, v->legal[best].cards, a->ncards);
}

static void play_cards(Play *p, const UnoCard *cards, int n, int color, bool uno)
{
    UnoAction a;
    uno_action_init(&a, UNO_ACT_PLAY, p->human);
    memcpy(a.cards, cards, (size_t)n);
    a.ncards = (uint8_t)n;
    a.uno = uno;
    legal_order(p, &a);
    if (uno_rules_play_swaps(&p->view.rules, a.cards[n - 1], p->view.hand_count - n)) {
        p->pending_play = a;
        p->has_pending_play = true;
        p->prompt = PROMPT_SWAP;
        return;
    }
    if (uno_card_is_wild(a.cards[n - 1]) && color == UNO_NO_COLOR) {
        p->pending_play = a;
        p->has_pending_play = true;
        p->prompt = PROMPT_COLOR;
        return;
    }
    a.color = (int8_t)(uno_card_is_wild(a.cards[n - 1]) ? color : UNO_NO_COLOR);
    p->nsel = 0;
    act(p, &a, "Cannot play that");
}

/* Enter: the selection in its order, else the card under the cursor. */
static void play_chosen(Play *p)
{
    UnoCard hand[UNO_MAX_CARDS], cards[UNO_MAX_SET];
    int n = play_hand(p, hand, UNO_MAX_CARDS), k = 0;
    if (n == 0)
        return;
    if (p->nsel > 0)
        for (int i = 0; i < p->nsel; i++)
            cards[k++] = hand[p->sel[i]];
    else
        cards[k++] = hand[p->cursor < n ? p->cursor : n - 1];
    play_cards(p, cards, k, UNO_NO_COLOR, false);
}

static void toggle_select(Play *p)
{
    if (!p->rules.play_sets) {
        play_say(p, "One card at a time under these rules (sets are KPGUT's): Enter plays it");
        return;
    }
    for (int i = 0; i < p->nsel; i++)
        if (p->sel[i] == p->cursor) {
            memmove(p->sel + i, p->sel + i + 1, (size_t)(p->nsel - i - 1) * sizeof p->sel[0]);
            p->nsel--;
            return;
        }
    if (p->nsel < UNO_MAX_SET && p->cursor < p->view.hand_count)
        p->sel[p->nsel++] = p->cursor;
}

/* One typed token: a card ("r7", "w+4"), a Wild with its colour ("wg",
 * "w+4g"), or a colour alone after a Wild ("g"). false: neither. */
static bool parse_token(char *tok, UnoCard *cards, int *n, int *color)
{
    size_t len = strlen(tok);
    UnoCard c;
    if (uno_card_parse(tok, &c) == UNO_OK) {
        if (*n < UNO_MAX_SET)
            cards[(*n)++] = c;
        return true;
    }
    int last = uno_color_parse((char[]){tok[len - 1], '\0'});
    if (last < 0)
        return false;
    if (len == 1) {
        *color = last;
        return *n > 0;
    }
    tok[len - 1] = '\0';
    if (uno_card_parse(tok, &c) != UNO_OK || !uno_card_is_wild(c))
        return false;
    if (*n < UNO_MAX_SET)
        cards[(*n)++] = c;
    *color = last;
    return true;
}

/* Typed cards: "r7", "r8 g8", "w+4 g", "wg", "w+4g", "r7!" (UNO with it). */
static void submit_typed(Play *p)
{
    char text[sizeof p->typed];
    snprintf(text, sizeof text, "%s", p->typed);
    p->prompt = PROMPT_NONE;
    UnoCard cards[UNO_MAX_SET];
    int n = 0, color = UNO_NO_COLOR;
    bool uno = false;
    char *save = NULL;
    for (char *tok = strtok_r(text, " ,", &save); tok; tok = strtok_r(NULL, " ,", &save)) {
        size_t len = strlen(tok);
        if (tok[len - 1] == '!') {
            uno = true;
            tok[--len] = '\0';
        }
        if (len > 0 && !parse_token(tok, cards, &n, &color)) {
            play_say(p, "'%s' is not a card (R7, GS, BR, Y+2, W, W+4)", p->typed);
            p->typed[0] = '\0';
            return;
        }
    }
    p->typed[0] = '\0';
    if (n == 0)
        return;
    /* each card must be in the hand */
    uint8_t left[UNO_KINDS];
    memcpy(left, p->view.hand, sizeof left);
    for (int i = 0; i < n; i++) {
        if (left[cards[i]] == 0) {
            play_say(p, "You have no %s%s", p->view.hand[cards[i]] ? "more " : "", uno_card_name(cards[i]));
            return;
        }
        left[cards[i]]--;
    }
    play_cards(p, cards, n, color, uno);
}

static void color_key(Play *p, int key)
{
    char s[2] = {(char)key, '\0'};
    int color = uno_color_parse(s);
    if (key == KEY_ESC) {
        p->prompt = PROMPT_NONE;
        p->has_pending_play = false;
        return;
    }
    if (color < 0)
        return;
    p->prompt = PROMPT_NONE;
    if (p->has_pending_play) {
        p->has_pending_play = false;
        UnoAction a = p->pending_play;
        a.color = (int8_t)color;
        p->nsel = 0;
        act(p, &a, "Cannot play that");
        return;
    }
    UnoAction a;
    uno_action_init(&a, UNO_ACT_COLOR, p->human);
    a.color = (int8_t)color;
    act(p, &a, "Cannot name a colour");
}

/* 7-0: a seat's number (0..9) names whom the pending 7 swaps hands with. */
static void swap_key(Play *p, int key)
{
    if (key == KEY_ESC) {
        p->prompt = PROMPT_NONE;
        p->has_pending_play = false;
        return;
    }
    if (key < '0' || key > '9')
        return;
    p->prompt = PROMPT_NONE;
    p->has_pending_play = false;
    UnoAction a = p->pending_play;
    a.target = (int8_t)(key - '0');
    p->nsel = 0;
    act(p, &a, "Cannot swap with that seat");
}

static void typing_key(Play *p, int key)
{
    size_t len = strlen(p->typed);
    if (key == KEY_ESC) {
        p->prompt = PROMPT_NONE;
        p->typed[0] = '\0';
    } else if (key == KEY_BACKSPACE || key == KEY_DEL || key == '\b') {
        if (len > 0)
            p->typed[len - 1] = '\0';
        if (len <= 1)
            p->prompt = PROMPT_NONE;
    } else if (key == '\n' || key == '\r' || key == KEY_ENTER) {
        submit_typed(p);
    } else if (key < 128 && (isalnum(key) || key == '+' || key == ' ' || key == ',' || key == '!') &&
               len + 1 < sizeof p->typed) {
        p->typed[len] = (char)tolower(key);
        p->typed[len + 1] = '\0';
    }
}

/* ---------------------------------------------------------------- keys */

static bool starts_card(int key)
{
    return key < 128 && key > 0 && strchr("rgbywxRGBYWX", key) != NULL;
}

static void move_cursor(Play *p, int to)
{
    int n = p->view.hand_count;
    p->cursor = to < 0 ? 0 : to >= n ? (n > 0 ? n - 1 : 0) : to;
}

static void confirm_key(Play *p, int key)
{
    PlayPrompt what = p->prompt;
    p->prompt = PROMPT_NONE;
    if (key != 'y' && key != 'Y')
        return;
    if (what == PROMPT_QUIT)
        p->quit = true;
    else
        act_listed(p, UNO_ACT_GIVEUP, "Cannot give up", "Giving up is not in these rules");
}

static void next_game(Play *p)
{
    char err[UNO_ERR_LEN] = "";
    if (!p->match)
        play_say(p, "One game only: start uno play --match for a whole match");
    else if (!uno_game_over(play_game(p)))
        play_say(p, "The game is not over yet");
    else if (!play_next_game(p, err, sizeof err))
        play_say(p, "%s", err[0] ? err : "The match is over");
}

/* FNV-1a, one value at a time, from FNV_OFFSET: the signatures below. */
#define FNV_OFFSET 1469598103934665603ULL
static uint64_t fnv(uint64_t sig, uint64_t value)
{
    return (sig ^ value) * 1099511628211ULL;
}

/* The hand the cursor and the selection are about. */
static uint64_t hand_signature(const UnoView *v)
{
    uint64_t sig = FNV_OFFSET;
    for (int k = 0; k < UNO_KINDS; k++)
        sig = fnv(sig, v->hand[k]);
    return sig;
}

/* The plays offered now: whose turn it is, and the cards that may lead a play. */
static uint64_t offer_signature(const UnoView *v)
{
    uint64_t sig = fnv(FNV_OFFSET, v->turn == v->seat);
    for (int i = 0; i < v->nlegal; i++)
        if (v->legal[i].type == UNO_ACT_PLAY)
            sig = fnv(sig, v->legal[i].cards[0]);
    return sig;
}

/* In the person's turn, the cursor goes to a playable card (after a draw,
 * the one drawn: MyUNO lets only it be played), unless it is on one. */
static void point_at_playable(Play *p)
{
    UnoCard hand[UNO_MAX_CARDS];
    int n = play_hand(p, hand, UNO_MAX_CARDS);
    if (p->view.turn != p->view.seat || (p->cursor < n && play_can_play(&p->view, hand[p->cursor])))
        return;
    for (int i = 0; i < n; i++)
        if (play_can_play(&p->view, hand[i])) {
            p->cursor = i;
            return;
        }
}

void play_sync_cursor(Play *p)
{
    const UnoView *v = &p->view;
    uint64_t hand = hand_signature(v), offer = offer_signature(v);
    if (hand != p->hand_sig) {
        p->hand_sig = hand;
        p->nsel = 0;
        move_cursor(p, p->cursor);
    }
    if (offer != p->offer_sig) {
        p->offer_sig = offer;
        point_at_playable(p);
    }
}

/* The end of a game: play again (the same deal, or a new one). */
static bool again_key(Play *p, int key)
{
    if (!play_may_play_again(p) || (key != 'a' && key != 'r'))
        return false;
    p->again = key == 'a' ? AGAIN_NEW_DEAL : AGAIN_SAME_DEAL;
    play_stop_match(p);
    p->quit = true;
    return true;
}

void play_key(Play *p, int key)
{
    if (key == KEY_RESIZE || key == ERR)
        return;
    if (p->help) {
        p->help = play_help_key(&p->help_scroll, key);
        return;
    }
    if (p->prompt == PROMPT_NONE && play_log_key(&p->log_scroll, key))
        return;
    p->message[0] = '\0'; /* a key gets its own answer; an older one goes */
    switch (p->prompt) {
    case PROMPT_COLOR: color_key(p, key); return;
    case PROMPT_SWAP: swap_key(p, key); return;
    case PROMPT_TYPING: typing_key(p, key); return;
    case PROMPT_QUIT:
    case PROMPT_GIVEUP: confirm_key(p, key); return;
    case PROMPT_NONE: break;
    }
    const UnoView *v = &p->view;
    bool over = v->phase == UNO_PHASE_OVER;
    if (key == 'q' || key == 'Q') {
        if (over) { /* a match ends here, its standings final */
            play_stop_match(p);
            p->quit = true;
        } else {
            p->prompt = PROMPT_QUIT;
        }
        return;
    }
    if (key == '?') {
        p->help = true;
        return;
    }
    if (key == 'n') {
        next_game(p);
        return;
    }
    if (over && again_key(p, key))
        return;
    if (over || p->cfg.autoplay)
        return;
    /* the first player names the colour of a Wild turned up */
    if (v->phase == UNO_PHASE_COLOR && v->turn == v->seat && uno_color_parse((char[]){(char)key, 0}) >= 0) {
        color_key(p, key);
        return;
    }
    switch (key) {
    case KEY_LEFT: move_cursor(p, p->cursor - 1); return;
    case KEY_RIGHT: move_cursor(p, p->cursor + 1); return;
    case KEY_HOME: move_cursor(p, 0); return;
    case KEY_END: move_cursor(p, v->hand_count - 1); return;
    case KEY_UP: move_cursor(p, p->cursor - (COLS - 2) / PLAY_CARD_CELL); return;
    case KEY_DOWN: move_cursor(p, p->cursor + (COLS - 2) / PLAY_CARD_CELL); return;
    case ' ': toggle_select(p); return;
    case KEY_ESC: p->nsel = 0; return;
    case '\n': case '\r': case KEY_ENTER: play_chosen(p); return;
    case 'd': act_simple(p, UNO_ACT_DRAW, "Cannot draw"); return;
    case 'p': act_simple(p, UNO_ACT_PASS, "Cannot pass"); return;
    case 't': act_simple(p, UNO_ACT_TAKE, "Cannot take"); return;
    case 'c': act_simple(p, UNO_ACT_CHALLENGE, "Cannot challenge"); return;
    case 'u': act_simple(p, UNO_ACT_UNO, "Cannot say UNO"); return;
    case 'k': act_listed(p, UNO_ACT_CATCH, "Cannot catch", "Nobody to catch now"); return;
    case 's':
        act_listed(p, UNO_ACT_SUSPECT, "Cannot suspect",
                   p->rules.tactical_suspect ? "Nobody has just drawn cards"
                                             : "Suspecting a tactical draw is not in these rules");
        return;
    case '!':
        if (bot_find(v, UNO_ACT_GIVEUP) >= 0)
            p->prompt = PROMPT_GIVEUP;
        else
            play_say(p, "%s", p->rules.giveup ? "You cannot give up now" : "Giving up is not in these rules");
        return;
    default:
        break;
    }
    if (starts_card(key)) {
        p->prompt = PROMPT_TYPING;
        p->typed[0] = (char)tolower(key);
        p->typed[1] = '\0';
    }
}

/* ---------------------------------------------------------- what to say */

static bool can(const Play *p, UnoActionType type)
{
    return bot_find(&p->view, type) >= 0;
}

void play_hint(const Play *p, char *out, size_t len)
{
    const UnoView *v = &p->view;
    PlayVoice voice = play_voice(p);
    switch (p->prompt) {
    case PROMPT_TYPING:
        snprintf(out, len, "Cards: %s_   (Enter play, Esc cancel)", p->typed);
        return;
    case PROMPT_COLOR:
        snprintf(out, len, "Which colour? r Red, g Green, b Blue, y Yellow (Esc cancel)");
        return;
    case PROMPT_SWAP:
        snprintf(out, len, "Swap hands with which seat? its number, 0-%d (Esc cancel)",
                 (v->nplayers < 10 ? v->nplayers : 10) - 1);
        return;
    case PROMPT_QUIT:
        snprintf(out, len, "Quit the game? y/n");
        return;
    case PROMPT_GIVEUP:
        snprintf(out, len, "Give up this game? y/n");
        return;
    case PROMPT_NONE:
        break;
    }
    if (v->phase == UNO_PHASE_OVER) {
        const char *what = p->match ? "match" : "game";
        if (p->match && !play_match_over(p))
            snprintf(out, len, "Game over: n next game, q quit");
        else if (play_may_play_again(p))
            snprintf(out, len, "%s over: a play again (a new deal), r the same deal again, q quit",
                     p->match ? "Match" : "Game");
        else
            snprintf(out, len, "The %s is over: q quit", what);
        return;
    }
    if (p->cfg.autoplay) {
        snprintf(out, len, "Autoplay: a bot plays for you. q quit");
        return;
    }
    char extra[80] = "";
    if (can(p, UNO_ACT_CATCH))
        snprintf(extra, sizeof extra, "  k CATCH %s!",
                 play_seat_name(&voice, v->legal[bot_find(v, UNO_ACT_CATCH)].target));
    else if (can(p, UNO_ACT_UNO) && v->hand_count == 1)
        snprintf(extra, sizeof extra, "  u say UNO!");
    if (v->turn != v->seat) {
        const char *out_of_turn = !can(p, UNO_ACT_PLAY) ? "" : p->rules.jump_in ? "  Enter: jump in" : "  Enter: side slide";
        snprintf(out, len, "%s's turn.%s%s", play_seat_name(&voice, v->turn), out_of_turn, extra);
        return;
    }
    switch (v->phase) {
    case UNO_PHASE_COLOR:
        snprintf(out, len, "Name the colour of the Wild: r g b y");
        return;
    case UNO_PHASE_PENDING:
        snprintf(out, len, "You face %d cards: t take%s%s%s", v->pending,
                 can(p, UNO_ACT_CHALLENGE) ? ", c challenge" : "",
                 can(p, UNO_ACT_PLAY) ? ", or play to continue" : "", extra);
        return;
    case UNO_PHASE_DRAWN:
        snprintf(out, len, "You drew a playable card: Enter play it, p pass%s", extra);
        return;
    case UNO_PHASE_MUST_PLAY:
        snprintf(out, len, "Play a card now (Enter)%s", extra);
        return;
    case UNO_PHASE_FREE_PLAY:
        snprintf(out, len, "Right suspicion: play any card%s", extra);
        return;
    default:
        snprintf(out, len, "Your turn: Enter play%s, d draw%s%s", p->rules.play_sets ? " (space: set)" : "",
                 can(p, UNO_ACT_UNO) && v->hand_count > 1 ? ", u UNO" : "", extra);
        return;
    }
}

const char *const play_keys_help[] = {
    "Keys",
    "  Left/Right Home/End  choose a card in your hand",
    "  Enter                play the chosen card or the selection (out of turn:",
    "                       KPGUT's side slide, or a jump-in)",
    "  Space                select cards for a set (KPGUT), in the order played",
    "  r7 g+2 bs yr w+4     type a card, then Enter; \"w+4 g\" names the colour,",
    "                       \"r8 g8\" plays a set, \"r7!\" says UNO with it",
    "  r g b y              name the colour when asked",
    "  d draw    p pass (after drawing)    t take the pending draw",
    "  c challenge a Wild Draw 4 (KPGUT: suspect it)",
    "  u say UNO            k catch a player who did not say it",
    "  s suspect a tactical draw (KPGUT \xc2\xa7" "14)    ! give up (KPGUT \xc2\xa7" "9)",
    "  n next game (--match)  ? this help (Up/Down scroll)  q quit",
    "  PgUp/PgDn  < >       scroll the log a page back and forth",
    "  a  r                 at the end: play again with a new deal, or the same",
    NULL,
};
