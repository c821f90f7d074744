/*
 * play_text.c — `uno play`'s words: the engine's events as sentences in the
 * log, and the status line's hint. Only what the person's seat may see is
 * written: another seat's drawn cards never are, and a hand shown to one
 * seat (MyUNO challenge, KPGUT §14) is written out only for its viewer.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli/play.h"

static const char *const color_words[UNO_COLORS + 1] = {"Red", "Green", "Blue", "Yellow", "none"};

const char *play_color_word(int color)
{
    return color >= 0 && color < UNO_COLORS ? color_words[color] : color_words[UNO_COLORS];
}

const char *play_seat_name(const Play *p, int seat)
{
    if (seat == p->human)
        return "You";
    UnoGame *g = play_game((Play *)p);
    if (seat < 0 || seat >= uno_game_nplayers(g))
        return "Someone";
    return uno_game_player(g, seat)->name;
}

/* "You play" / "Bert plays". */
static const char *verb(const Play *p, int seat, const char *you, const char *they)
{
    return seat == p->human ? you : they;
}

/* "R7 G7" */
static void card_list(const UnoCard *cards, int n, char *out, size_t len)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < n && used + 6 < len; i++)
        used += (size_t)snprintf(out + used, len - used, "%s%s", i ? " " : "", uno_card_name(cards[i]));
}

static const char *draw_reason(int reason)
{
    switch (reason) {
    case UNO_R_DRAW2: return " (Draw 2)";
    case UNO_R_WILD4: return " (Wild Draw 4)";
    case UNO_R_CHAIN: return " (the chain)";
    case UNO_R_UNO: return " (no UNO!)";
    case UNO_R_CHALLENGE: return " (challenge)";
    case UNO_R_SUSPECT: return " (wrong suspicion)";
    case UNO_R_LAST_CARD: return " (a special last card, KPGUT \xc2\xa7" "2)";
    case UNO_R_AWAY: return " (away, KPGUT \xc2\xa7" "8)";
    case UNO_R_JOIN: return " (joining)";
    case UNO_R_CHEAT: return " (caught cheating)";
    case UNO_R_BLANK: return " (blank card)";
    default: return "";
    }
}

static const char *over_reason(int reason)
{
    switch (reason) {
    case UNO_R_OUT: return "someone went out";
    case UNO_R_LAST_PLAYER: return "one player remains";
    case UNO_R_EXHAUSTED: return "no cards left to draw";
    case UNO_R_TIME: return "the hour is up";
    default: return "the end";
    }
}

static void ordinal(int n, char *out, size_t len)
{
    const char *suffix = (n % 100 >= 11 && n % 100 <= 13) ? "th"
                         : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
    snprintf(out, len, "%d%s", n, suffix);
}

void play_text_event(Play *p, const UnoEvent *ev)
{
    PlayLog *log = &p->log;
    const char *who = play_seat_name(p, ev->seat);
    const char *whom = play_seat_name(p, ev->target);
    char cards[160], place[16];
    card_list(ev->cards, ev->ncards, cards, sizeof cards);
    switch ((UnoEventType)ev->type) {
    case UNO_EV_PLAY:
        if (ev->ncards > 0 && uno_card_is_wild(ev->cards[ev->ncards - 1]))
            play_log_add(log, "%s %s %s, colour %s.", who, verb(p, ev->seat, "play", "plays"), cards,
                         play_color_word(ev->color));
        else
            play_log_add(log, "%s %s %s.", who, verb(p, ev->seat, "play", "plays"), cards);
        break;
    case UNO_EV_SLIDE:
        play_log_add(log, "%s side-%s %s out of turn (KPGUT \xc2\xa7" "7).", who,
                     verb(p, ev->seat, "slide", "slides"), cards);
        break;
    case UNO_EV_DRAW:
        if (ev->seat == p->human && ev->ncards > 0)
            play_log_add(log, "You draw %s%s.", cards, draw_reason(ev->reason));
        else
            play_log_add(log, "%s %s %d card%s%s.", who, verb(p, ev->seat, "draw", "draws"), ev->count,
                         ev->count == 1 ? "" : "s", draw_reason(ev->reason));
        break;
    case UNO_EV_TURN:
        if (ev->seat == p->human && !p->cfg.autoplay)
            play_log_add(log, "Your turn.");
        break;
    case UNO_EV_SKIP:
        play_log_add(log, "%s %s a turn.", who, verb(p, ev->seat, "miss", "misses"));
        break;
    case UNO_EV_DIRECTION:
        play_log_add(log, "Play now goes %s.", ev->count > 0 ? "clockwise" : "counter-clockwise");
        break;
    case UNO_EV_COLOR:
        play_log_add(log, "%s %s %s.", who, verb(p, ev->seat, "name", "names"), play_color_word(ev->color));
        break;
    case UNO_EV_PENDING:
        play_log_add(log, "%s %s %d cards.", who, verb(p, ev->seat, "face", "faces"), ev->count);
        break;
    case UNO_EV_UNO:
        play_log_add(log, "%s %s UNO!", who, verb(p, ev->seat, "say", "says"));
        break;
    case UNO_EV_CATCH:
        if (ev->reason == UNO_R_CHEAT)
            play_log_add(log, "%s %s %s cheating.", who, verb(p, ev->seat, "catch", "catches"),
                         ev->target == p->human ? "you" : whom);
        else
            play_log_add(log, "%s %s %s without UNO!", who, verb(p, ev->seat, "catch", "catches"),
                         ev->target == p->human ? "you" : whom);
        break;
    case UNO_EV_CHALLENGE:
        play_log_add(log, "%s %s %s's Wild Draw 4: %s.", who, verb(p, ev->seat, "challenge", "challenges"),
                     ev->target == p->human ? "your" : whom, ev->count ? "guilty" : "innocent");
        break;
    case UNO_EV_SUSPECT:
        play_log_add(log, "%s %s %s of a tactical draw: %s.", who, verb(p, ev->seat, "suspect", "suspects"),
                     ev->target == p->human ? "you" : whom, ev->count ? "right" : "wrong");
        break;
    case UNO_EV_REVEAL:
        if (ev->target == p->human || ev->target < 0 || ev->seat == p->human)
            play_log_add(log, "%s %s: %s.", ev->seat == p->human ? "Your hand" : who,
                         ev->seat == p->human ? "is shown" : "shows", cards);
        else
            play_log_add(log, "%s %s a hand to %s.", who, verb(p, ev->seat, "show", "shows"), whom);
        break;
    case UNO_EV_RESHUFFLE:
        play_log_add(log, "The pile is shuffled into a new stock (%d cards).", ev->count);
        break;
    case UNO_EV_FINISH:
        ordinal(ev->count, place, sizeof place);
        play_log_add(log, "%s %s %s.", who, verb(p, ev->seat, "finish", "finishes"), place);
        break;
    case UNO_EV_GIVEUP:
        play_log_add(log, "%s %s up.", who, verb(p, ev->seat, "give", "gives"));
        break;
    case UNO_EV_WARN:
        play_log_add(log, "%s %s %s (KPGUT \xc2\xa7" "15).", who, verb(p, ev->seat, "warn", "warns"),
                     ev->target == p->human ? "you" : whom);
        break;
    case UNO_EV_EJECT:
        play_log_add(log, "%s %s ejected.", whom, ev->target == p->human ? "are" : "is");
        break;
    case UNO_EV_JOIN:
        play_log_add(log, "%s joins the game.", who);
        break;
    case UNO_EV_SPECTATE:
        play_log_add(log, "A spectator comes to watch.");
        break;
    case UNO_EV_VOTE:
        play_log_add(log, "%s %s %s.", who, verb(p, ev->seat, "vote", "votes"), ev->count ? "yes" : "no");
        break;
    case UNO_EV_DECIDED:
        play_log_add(log, "The vote says %s.", ev->count ? "yes" : "no");
        break;
    case UNO_EV_CHEAT:
        play_log_add(log, "%s %s back %s.", who, verb(p, ev->seat, "take", "takes"), cards);
        break;
    case UNO_EV_DEAL:
        play_log_add(log, "%s %s.", who, verb(p, ev->seat, "deal", "deals"));
        break;
    case UNO_EV_TIMEOUT:
        play_log_add(log, "%s %s away (KPGUT \xc2\xa7" "8).", who, ev->seat == p->human ? "were" : "was");
        break;
    case UNO_EV_OVER:
        play_log_add(log, "The game is over: %s.", over_reason(ev->reason));
        break;
    case UNO_EV_DISPUTE:
        play_log_add(log, "%s %s a vote (KPGUT \xc2\xa7" "11).", who, verb(p, ev->seat, "call", "calls"));
        break;
    case UNO_EV_FIRST:
        play_log_add(log, "The first card turned up is %s.", cards);
        break;
    case UNO_EV_COUNT:
        break;
    }
}

static bool can(const Play *p, UnoActionType type)
{
    return uno_bot_find(&p->view, type) >= 0;
}

void play_text_hint(const Play *p, char *out, size_t len)
{
    const UnoView *v = &p->view;
    if (v->phase == UNO_PHASE_OVER) {
        snprintf(out, len, "%s", p->match && !play_match_over(p) ? "Game over: n next game, q quit"
                                                                   : "Game over: q quit");
        return;
    }
    if (p->cfg.autoplay) {
        snprintf(out, len, "Autoplay: a bot plays for you. q quit");
        return;
    }
    char extra[80] = "";
    if (can(p, UNO_ACT_CATCH))
        snprintf(extra, sizeof extra, "  k CATCH %s!", play_seat_name(p, v->legal[uno_bot_find(v, UNO_ACT_CATCH)].target));
    else if (can(p, UNO_ACT_UNO) && v->hand_count == 1)
        snprintf(extra, sizeof extra, "  u say UNO!");
    if (v->turn != v->seat) {
        bool slide = can(p, UNO_ACT_PLAY);
        snprintf(out, len, "%s's turn.%s%s", play_seat_name(p, v->turn),
                 slide ? "  Enter: side slide" : "", extra);
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
