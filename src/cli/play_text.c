/*
 * play_text.c — the engine's events as sentences, for the log of `uno play`
 * and of `uno replay --watch` / --text (play.h, PlayVoice). Only what the
 * viewer may know is written: another seat's drawn cards are counted, a hand
 * shown to one seat (MyUNO challenge, KPGUT §14) is written out only for
 * that seat; the referee of a replay knows every card.
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

const char *play_seat_name(const PlayVoice *v, int seat)
{
    if (seat >= 0 && seat == v->you)
        return "You";
    if (seat < 0 || seat >= uno_game_nplayers(v->game))
        return "Someone";
    return uno_game_player(v->game, seat)->name;
}

/* The words after "seat N" that change when N is the person. */
static const struct { const char *they, *you; } second_person[] = {
    {"'s", "r"}, {" does", " do"}, {" is", " are"}, {" has", " have"}, {" may", " may"},
};

void play_name_seats(const PlayVoice *v, const char *in, char *out, size_t len)
{
    size_t used = 0;
    out[0] = '\0';
    while (*in && used + 1 < len) {
        int seat, skip = 0;
        if (strncmp(in, "seat ", 5) == 0 && sscanf(in + 5, "%d%n", &seat, &skip) == 1 && seat >= 0 &&
            seat < uno_game_nplayers(v->game)) {
            in += 5 + skip;
            bool you = seat == v->you;
            const char *name = you ? "you" : play_seat_name(v, seat), *tail = "";
            for (size_t i = 0; you && i < sizeof second_person / sizeof second_person[0]; i++)
                if (strncmp(in, second_person[i].they, strlen(second_person[i].they)) == 0) {
                    in += strlen(second_person[i].they);
                    tail = second_person[i].you;
                    break;
                }
            used += (size_t)snprintf(out + used, len - used, "%s%s", name, tail);
            if (used >= len)
                used = len - 1;
            continue;
        }
        out[used++] = *in++;
        out[used] = '\0';
    }
}

/* "You play" / "Bert plays". */
static const char *verb(const PlayVoice *v, int seat, const char *you, const char *they)
{
    return seat >= 0 && seat == v->you ? you : they;
}

/* "you" / "Bert" as the object of a sentence. */
static const char *whom(const PlayVoice *v, int seat)
{
    return seat >= 0 && seat == v->you ? "you" : play_seat_name(v, seat);
}

/* May the viewer know the cards of this seat? */
static bool sees(const PlayVoice *v, int seat)
{
    return v->viewer == PLAY_REFEREE || (seat >= 0 && seat == v->viewer);
}

/* "R7 G7" */
static void card_list(const UnoCard *cards, int n, char *out, size_t len)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < n && used + 6 < len; i++)
        used += (size_t)snprintf(out + used, len - used, "%s%s", i ? " " : "", uno_card_name(cards[i]));
}

/* " (two Draw 2s)": why `count` cards were drawn, in words that agree with
 * the count (a chain, or a KPGUT set, of Draw 2s; a chain a Wild Draw 4
 * joined). */
static void draw_reason(int reason, int count, char *out, size_t len)
{
    static const char *const how_many[] = {"a", "a", "two", "three", "four", "five", "six", "seven", "eight"};
    int draw2s = (count + 1) / 2;
    const char *why;
    switch (reason) {
    case UNO_R_DRAW2:
        if (draw2s < (int)(sizeof how_many / sizeof how_many[0]))
            snprintf(out, len, " (%s Draw 2%s)", how_many[draw2s], draw2s > 1 ? "s" : "");
        else
            snprintf(out, len, " (%d Draw 2s)", draw2s);
        return;
    case UNO_R_WILD4: why = count > 4 ? "a draw chain ending in a Wild Draw 4" : "a Wild Draw 4"; break;
    case UNO_R_CHAIN: why = "the chain"; break;
    case UNO_R_UNO: why = "no UNO!"; break;
    case UNO_R_CHALLENGE: why = "challenge"; break;
    case UNO_R_SUSPECT: why = "wrong suspicion"; break;
    case UNO_R_LAST_CARD: why = "a special last card, KPGUT \xc2\xa7" "2"; break;
    case UNO_R_AWAY: why = "away, KPGUT \xc2\xa7" "8"; break;
    case UNO_R_JOIN: why = "joining"; break;
    case UNO_R_CHEAT: why = "caught cheating"; break;
    case UNO_R_BLANK: why = "blank card"; break;
    default: out[0] = '\0'; return;
    }
    snprintf(out, len, " (%s)", why);
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

bool play_text_event(const PlayVoice *v, const UnoEvent *ev, char *out, size_t len)
{
    const char *who = play_seat_name(v, ev->seat), *them = whom(v, ev->target);
    char cards[160], place[16], why[64];
    card_list(ev->cards, ev->ncards, cards, sizeof cards);
    switch ((UnoEventType)ev->type) {
    case UNO_EV_PLAY:
        if (ev->ncards > 0 && uno_card_is_wild(ev->cards[ev->ncards - 1]))
            snprintf(out, len, "%s %s %s, colour %s.", who, verb(v, ev->seat, "play", "plays"), cards,
                     play_color_word(ev->color));
        else
            snprintf(out, len, "%s %s %s.", who, verb(v, ev->seat, "play", "plays"), cards);
        return true;
    case UNO_EV_SLIDE:
        snprintf(out, len, "%s side-%s %s out of turn (KPGUT \xc2\xa7" "7).", who,
                 verb(v, ev->seat, "slide", "slides"), cards);
        return true;
    case UNO_EV_DRAW:
        draw_reason(ev->reason, ev->count, why, sizeof why);
        if (sees(v, ev->seat) && ev->ncards > 0)
            snprintf(out, len, "%s %s %s%s.", who, verb(v, ev->seat, "draw", "draws"), cards, why);
        else
            snprintf(out, len, "%s %s %d card%s%s.", who, verb(v, ev->seat, "draw", "draws"), ev->count,
                     ev->count == 1 ? "" : "s", why);
        return true;
    case UNO_EV_TURN:
        if (ev->seat >= 0 && ev->seat == v->you)
            snprintf(out, len, "Your turn.");
        else
            snprintf(out, len, "%s's turn.", who);
        return true;
    case UNO_EV_SKIP:
        snprintf(out, len, "%s %s a turn.", who, verb(v, ev->seat, "miss", "misses"));
        return true;
    case UNO_EV_DIRECTION:
        snprintf(out, len, "Play now goes %s.", ev->count > 0 ? "clockwise" : "counter-clockwise");
        return true;
    case UNO_EV_COLOR:
        snprintf(out, len, "%s %s %s.", who, verb(v, ev->seat, "name", "names"), play_color_word(ev->color));
        return true;
    case UNO_EV_PENDING:
        snprintf(out, len, "%s %s %d cards.", who, verb(v, ev->seat, "face", "faces"), ev->count);
        return true;
    case UNO_EV_UNO:
        snprintf(out, len, "%s %s UNO!", who, verb(v, ev->seat, "say", "says"));
        return true;
    case UNO_EV_CATCH:
        snprintf(out, len, ev->reason == UNO_R_CHEAT ? "%s %s %s cheating." : "%s %s %s without UNO!", who,
                 verb(v, ev->seat, "catch", "catches"), them);
        return true;
    case UNO_EV_CHALLENGE:
        snprintf(out, len, "%s %s %s%s Wild Draw 4: %s.", who, verb(v, ev->seat, "challenge", "challenges"),
                 ev->target >= 0 && ev->target == v->you ? "your" : them,
                 ev->target >= 0 && ev->target == v->you ? "" : "'s", ev->count ? "guilty" : "innocent");
        return true;
    case UNO_EV_SUSPECT:
        snprintf(out, len, "%s %s %s of a tactical draw: %s.", who, verb(v, ev->seat, "suspect", "suspects"),
                 them, ev->count ? "right" : "wrong");
        return true;
    case UNO_EV_REVEAL:
        if (ev->target < 0 || sees(v, ev->target) || sees(v, ev->seat))
            snprintf(out, len, "%s %s%s: %s.", ev->seat >= 0 && ev->seat == v->you ? "Your hand" : who,
                     ev->seat >= 0 && ev->seat == v->you ? "is shown" : "shows",
                     ev->reason == UNO_R_CHALLENGE ? " (as it was at the Wild Draw 4)" : "", cards);
        else
            snprintf(out, len, "%s %s a hand to %s.", who, verb(v, ev->seat, "show", "shows"), them);
        return true;
    case UNO_EV_RESHUFFLE:
        snprintf(out, len, "The pile is shuffled into a new stock (%d card%s).", ev->count, ev->count == 1 ? "" : "s");
        return true;
    case UNO_EV_FINISH:
        ordinal(ev->count, place, sizeof place);
        snprintf(out, len, "%s %s %s.", who, verb(v, ev->seat, "finish", "finishes"), place);
        return true;
    case UNO_EV_GIVEUP:
        if (ev->reason == UNO_R_MERCY) /* the house rule hand limit (docs/rules.md) */
            snprintf(out, len, "%s %s %d cards: out by the hand limit.", who, verb(v, ev->seat, "hold", "holds"),
                     ev->count);
        else
            snprintf(out, len, "%s %s up.", who, verb(v, ev->seat, "give", "gives"));
        return true;
    case UNO_EV_WARN:
        snprintf(out, len, "%s %s %s (KPGUT \xc2\xa7" "15).", who, verb(v, ev->seat, "warn", "warns"), them);
        return true;
    case UNO_EV_EJECT:
        snprintf(out, len, "%s %s ejected.", play_seat_name(v, ev->target), verb(v, ev->target, "are", "is"));
        return true;
    case UNO_EV_JOIN:
        snprintf(out, len, "%s %s the game.", who, verb(v, ev->seat, "join", "joins"));
        return true;
    case UNO_EV_SPECTATE:
        snprintf(out, len, "A spectator comes to watch.");
        return true;
    case UNO_EV_HELP: /* KPGUT §3.1, §3.2 */
        if (ev->target < 0)
            snprintf(out, len, "A spectator who helped is sent away (KPGUT \xc2\xa7" "3.2).");
        else
            snprintf(out, len, "%s %s that %s helped (KPGUT \xc2\xa7" "3).", who, verb(v, ev->seat, "rule", "rules"),
                     them);
        return true;
    case UNO_EV_ALLOW_HELP:
        snprintf(out, len, "%s %s a spectator help %s (KPGUT \xc2\xa7" "3.2).", who, verb(v, ev->seat, "let", "lets"),
                 them);
        return true;
    case UNO_EV_VOTE:
        snprintf(out, len, "%s %s %s.", who, verb(v, ev->seat, "vote", "votes"), ev->count ? "yes" : "no");
        return true;
    case UNO_EV_DECIDED:
        snprintf(out, len, "The vote says %s.", ev->count ? "yes" : "no");
        return true;
    case UNO_EV_CHEAT:
        snprintf(out, len, "%s %s back %s.", who, verb(v, ev->seat, "take", "takes"), cards);
        return true;
    case UNO_EV_DEAL:
        snprintf(out, len, "%s %s.", who, verb(v, ev->seat, "deal", "deals"));
        return true;
    case UNO_EV_TIMEOUT:
        snprintf(out, len, "%s %s away (KPGUT \xc2\xa7" "8).", who, verb(v, ev->seat, "were", "was"));
        return true;
    case UNO_EV_OVER:
        snprintf(out, len, "The game is over: %s.", over_reason(ev->reason));
        return true;
    case UNO_EV_DISPUTE:
        snprintf(out, len, "%s %s a vote (KPGUT \xc2\xa7" "11).", who, verb(v, ev->seat, "call", "calls"));
        return true;
    case UNO_EV_FIRST:
        if (ev->ncards > 1) /* classic "DEAL": each WD4 is covered by the next card */
            snprintf(out, len, "The cards turned up are %s: each Wild Draw 4 is covered by the next.", cards);
        else
            snprintf(out, len, "The first card turned up is %s.", cards);
        return true;
    case UNO_EV_CUT:
        snprintf(out, len, "%s %s %s for the deal.", who, verb(v, ev->seat, "draw", "draws"), cards);
        return true;
    case UNO_EV_SWAP:
        snprintf(out, len, "%s %s hands with %s (7-0).", who, verb(v, ev->seat, "swap", "swaps"), them);
        return true;
    case UNO_EV_ROTATE:
        snprintf(out, len, "Every hand passes on %s (7-0).", ev->count > 0 ? "clockwise" : "counter-clockwise");
        return true;
    case UNO_EV_COUNT:
        break;
    }
    return false;
}

/* The players ranked first, "you, Ada and Cleo"; returns how many. */
static int first_players(const UnoMatch *m, int you, char *out, size_t len)
{
    int n = uno_match_nplayers(m), first = 0;
    for (int i = 0; i < n; i++)
        first += uno_match_rank(m, i) == 1;
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0, told = 0; i < n && used < len; i++) {
        if (uno_match_rank(m, i) != 1)
            continue;
        told++;
        used += (size_t)snprintf(out + used, len - used, "%s%s", told == 1 ? "" : told == first ? " and " : ", ",
                                 i == you ? "you" : uno_match_player(m, i)->name);
    }
    return first;
}

void play_match_verdict(const UnoMatch *m, int you, char *out, size_t len)
{
    char names[UNO_MAX_PLAYERS * (UNO_NAME_LEN + 8)];
    int first = first_players(m, you, names, sizeof names);
    bool partners = uno_match_team_total(m, 0) >= 0;
    if (first == 0)
        snprintf(out, len, "The match is over.");
    else if (first == 1 || uno_match_winning_team(m) >= 0) /* one player, or one team (the partners) */
        snprintf(out, len, "The match is over: %s won.", names);
    else if (partners)
        snprintf(out, len, "The match is over: a tie between the two teams.");
    else
        snprintf(out, len, "The match is over: a tie between %s.", names);
}

/* Appends a sentence to out. */
static void say_more(char *out, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say_more(char *out, size_t len, const char *fmt, ...)
{
    size_t used = strlen(out);
    if (used + 1 >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out + used, len - used, fmt, ap);
    va_end(ap);
}

void play_rules_summary(const UnoRules *r, char *out, size_t len)
{
    out[0] = '\0';
    if (r->opening == UNO_OPEN_YOUNGEST_PLAYS)
        say_more(out, len, "The youngest opens with any card but a Wild Draw 4. ");
    say_more(out, len, "Play a card that matches the top card by colour, number or symbol; a Wild goes on "
                       "anything and names the colour. ");
    if (r->play_sets)
        say_more(out, len, "Cards of one number (or one symbol) may go down together as a set. ");
    if (r->draw_rule == UNO_DRAW_ONE)
        say_more(out, len, "Cannot play? Draw one card: play it if it fits, or keep it. ");
    else
        say_more(out, len, "Cannot play? Draw until a card fits, then play. ");
    say_more(out, len, "A Wild Draw 4 may be played only when you hold %s; ",
             r->wd4_rule == UNO_WD4_NO_PLAYABLE ? "no other playable card" : "no card of the colour in force");
    if (r->challenge == UNO_CHALLENGE_NONE)
        say_more(out, len, "the game enforces it. ");
    else
        say_more(out, len, "the next player may %s it (c) and sees your hand. ",
                 r->tactical_suspect ? "suspect" : "challenge");
    if (r->stack_draw2 || r->stack_wd4)
        say_more(out, len, "Draw 2s%s chain: the next player adds to the chain or takes it all. ",
                 r->stack_wd4 ? " and Wild Draw 4s" : "");
    if (r->jump_in)
        say_more(out, len, "Jump-in: out of turn you may play a card identical to the top card%s; play goes on from you. ",
                 r->jump_in_wilds ? " (a Wild too)" : "");
    else if (r->side_slide)
        say_more(out, len, "Out of turn you may slide a card identical to the top card. ");
    if (r->seven_o)
        say_more(out, len, "7-0: a 7 swaps hands with a player you choose; a 0 passes every hand on. ");
    if (r->uno_penalty > 0)
        say_more(out, len, "Say UNO (u) when you are down to one card, or draw %d if caught (k catches others). ",
                 r->uno_penalty);
    if (r->tactical_suspect)
        say_more(out, len, "Drawing while holding a playable card may be suspected (s). ");
    if (r->play_to_last)
        say_more(out, len, "The game goes on until one player remains: every player gets a place. ");
    else
        say_more(out, len, "The first player out wins the hand. ");
    switch (r->scoring) {
    case UNO_SCORING_WINNER:
        say_more(out, len, "The winner scores the cards left in the others' hands; first to %d wins the match.",
                 r->target);
        break;
    case UNO_SCORING_TALLY:
        say_more(out, len, "Each keeps a tally of their own cards left; when one reaches %d, the lowest wins.",
                 r->target);
        break;
    case UNO_SCORING_SESSION:
        say_more(out, len, "Scores are minutes: the fewer, the better; the session's winner has the lowest "
                           "average per game.");
        break;
    case UNO_SCORING_NONE:
        break;
    }
}
