/*
 * play_draw.c — the table screen of `uno play` and `uno replay --watch`
 * (ncurses; play.h, PlayTable). From the top: the title line; the players
 * (turn marker, cards, UNO, place, score); the pile (top card, colour in
 * force, direction, pending draw, stock); the log of what happened (the
 * results above it once the game is over); the hand face up, or every hand
 * for a replay's referee; a message line and the hint line. Works from 80x24
 * up; smaller terminals get a request to grow. Cards are always written as
 * text (R7, W+4) and coloured when the terminal has colours and NO_COLOR is
 * not set. Only what t->view and t->seat allow is drawn: another seat's
 * cards never are, unless the viewer is the referee.
 */
#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <curses.h>

#include "cli/play.h"

/* A card's colour as a chip (on its colour), and as letters only (a card
 * of the hand that cannot be played now); then the table's own colours. */
enum {
    PAIR_RED = 1, PAIR_GREEN, PAIR_BLUE, PAIR_YELLOW, PAIR_WILD,
    PAIR_RED_TEXT, PAIR_GREEN_TEXT, PAIR_BLUE_TEXT, PAIR_YELLOW_TEXT, PAIR_WILD_TEXT,
    PAIR_TITLE, PAIR_TURN, PAIR_WARN,
};
enum {
    MIN_COLS = 80, MIN_LINES = 24, CELL = PLAY_CARD_CELL,
    HAND_ROWS = 4,      /* rows of cards of one hand, at most */
    NAME_COLS = 10,     /* the referee's hands: the name before the cards */
    MIN_LOG = 3,        /* lines the log keeps when every hand is shown */
};

static bool colors;
static bool utf8;
static SCREEN *screen;
static FILE *tty; /* the terminal, when standard output is not one */

static void close_tty(void)
{
    if (tty)
        fclose(tty);
    tty = NULL;
}

/* NO_COLOR set and not empty (https://no-color.org): no colour at all; the
 * screen draws as on a terminal without colours (cards as [R7], the
 * playable ones bold and underlined). */
static bool no_color_asked(void)
{
    const char *no_color = getenv("NO_COLOR");
    return no_color && no_color[0];
}

int play_draw_init(bool ascii, char *err, size_t errlen)
{
    utf8 = !ascii && strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
    /* the screen goes to the terminal; standard output may be a file (the
     * report at the end) */
    FILE *out = stdout;
    if (!isatty(STDOUT_FILENO)) {
        tty = out = fopen("/dev/tty", "w");
        if (!tty) {
            snprintf(err, errlen, "no terminal to draw on");
            return -1;
        }
    }
    const char *term = getenv("TERM");
    if (!play_term_can_address(fileno(out))) {
        snprintf(err, errlen,
                 "this terminal (TERM=%s) cannot move the cursor, so the table cannot be drawn; "
                 "run it in a terminal such as xterm (TERM=xterm), or script games with uno table",
                 term && term[0] ? term : "unset");
        close_tty();
        return -1;
    }
    screen = newterm(NULL, out, stdin);
    if (!screen) {
        snprintf(err, errlen, "cannot open the terminal (TERM=%s)", term && term[0] ? term : "unset");
        close_tty();
        return -1;
    }
    set_term(screen);
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    curs_set(0);
    set_escdelay(25);
    colors = has_colors() && !no_color_asked();
    if (colors) {
        start_color();
        use_default_colors();
        init_pair(PAIR_RED, COLOR_WHITE, COLOR_RED);
        init_pair(PAIR_GREEN, COLOR_BLACK, COLOR_GREEN);
        init_pair(PAIR_BLUE, COLOR_WHITE, COLOR_BLUE);
        init_pair(PAIR_YELLOW, COLOR_BLACK, COLOR_YELLOW);
        init_pair(PAIR_WILD, COLOR_WHITE, COLOR_MAGENTA);
        init_pair(PAIR_RED_TEXT, COLOR_RED, -1);
        init_pair(PAIR_GREEN_TEXT, COLOR_GREEN, -1);
        init_pair(PAIR_BLUE_TEXT, COLOR_BLUE, -1);
        init_pair(PAIR_YELLOW_TEXT, COLOR_YELLOW, -1);
        init_pair(PAIR_WILD_TEXT, COLOR_MAGENTA, -1);
        init_pair(PAIR_TITLE, COLOR_CYAN, -1);
        init_pair(PAIR_TURN, COLOR_GREEN, -1);
        init_pair(PAIR_WARN, COLOR_RED, -1);
    }
    return 0;
}

/* Leaves the terminal clean: the table is wiped first, for terminals
 * without an alternate screen (vt100) where it would stay. */
void play_draw_end(void)
{
    erase();
    refresh();
    endwin();
    delscreen(screen);
    screen = NULL;
    close_tty();
}

/* A chip of the card's colour; faded: its letters only, in that colour. */
static attr_t card_attr(UnoCard c, bool faded)
{
    if (!colors)
        return A_NORMAL;
    int color = uno_card_color(c), chip = color == UNO_NO_COLOR ? PAIR_WILD : PAIR_RED + color;
    return faded ? COLOR_PAIR(chip + PAIR_RED_TEXT - PAIR_RED) : COLOR_PAIR(chip) | A_BOLD;
}

static attr_t color_attr(int color)
{
    if (!colors || color < 0 || color >= UNO_COLORS)
        return A_BOLD;
    return COLOR_PAIR(PAIR_RED + color) | A_BOLD;
}

/* One card in CELL-1 columns: " R7 " on its colour (faded: in its colour),
 * or "[R7]" without colours. */
static void draw_card(int y, int x, UnoCard c, bool faded, attr_t extra)
{
    char text[8];
    if (colors)
        snprintf(text, sizeof text, " %-3s", uno_card_name(c));
    else
        snprintf(text, sizeof text, "[%s]", uno_card_name(c));
    attr_t a = card_attr(c, faded) | extra;
    attron(a);
    mvaddnstr(y, x, text, CELL - 1);
    attroff(a);
}

static void text_at(int y, int x, attr_t a, const char *s)
{
    if (y < 0 || y >= LINES || x >= COLS)
        return;
    attron(a);
    mvaddnstr(y, x, s, COLS - x);
    attroff(a);
}

/* Columns a UTF-8 string takes (every character one column). */
static int columns(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xc0) != 0x80;
    return n;
}

/* The first `cols` columns of s, cut at a character's start. */
static void keep_columns(char *s, int cols)
{
    int n = 0;
    for (char *c = s; *c; c++)
        if (((unsigned char)*c & 0xc0) != 0x80 && n++ == cols) {
            *c = '\0';
            return;
        }
}

/* The title line: the game on the left (rules, the match's game and
 * target, the teams' totals), the status, the clock and the keys on the
 * right. The right part never moves and two spaces always part them: when
 * the left does not fit, "UNO" goes, then the rules' name is cut. */
static void title(const PlayTable *t)
{
    const UnoGame *g = t->game;
    const char *dot = utf8 ? " \xc2\xb7 " : " - ";
    char game[48] = "", team[64] = "", name[sizeof uno_game_rules(g)->name], left[192], right[128];
    if (t->match && uno_match_target(t->match) > 0)
        snprintf(game, sizeof game, "%sgame %d, to %d", dot, uno_match_game_number(t->match) + 1,
                 uno_match_target(t->match));
    else if (t->match)
        snprintf(game, sizeof game, "%sgame %d", dot, uno_match_game_number(t->match) + 1);
    int you_team = t->you >= 0 && uno_game_rules(g)->partners ? uno_game_team(g, t->you) : -1;
    if (t->match && you_team >= 0 && uno_match_team_total(t->match, you_team) >= 0)
        snprintf(team, sizeof team, "%syour team %d, theirs %d", dot, uno_match_team_total(t->match, you_team),
                 uno_match_team_total(t->match, 1 - you_team));
    int64_t secs = t->now / 1000;
    snprintf(right, sizeof right, "%s%s%02lld:%02lld   ? help  q quit ", t->status ? t->status : "",
             t->status ? "   " : "", (long long)(secs / 60), (long long)(secs % 60));
    int room = COLS - columns(right) - 2;
    snprintf(name, sizeof name, "%s", uno_game_rules(g)->name);
    snprintf(left, sizeof left, " UNO%s%s%s%s", dot, name, game, team);
    if (columns(left) > room) {
        int fixed = 1 + columns(game) + columns(team);
        keep_columns(name, room > fixed ? room - fixed : 0);
        snprintf(left, sizeof left, " %s%s%s", name, game, team);
        keep_columns(left, room > 0 ? room : 0);
    }
    text_at(0, 0, colors ? COLOR_PAIR(PAIR_TITLE) | A_BOLD : A_BOLD, left);
    text_at(0, COLS - columns(right), A_NORMAL, right);
}

static const char *seat_name(const PlayTable *t, int seat)
{
    return seat == t->you ? "You" : uno_game_player(t->game, seat)->name;
}

/* The players' lines: one column up to 4 players, then two (the log keeps
 * its room with 10 players at 80x24), more when 8 rows would not hold them. */
static int players_columns(int n)
{
    return n <= 4 ? 1 : n <= 16 ? 2 : (n + 7) / 8;
}

static int players_rows(int n)
{
    int cols = players_columns(n);
    return (n + cols - 1) / cols;
}

/* KPGUT's session scores are minutes (KPGUT "Scoring"). */
static bool minutes(const PlayTable *t)
{
    return uno_game_rules(t->game)->scoring == UNO_SCORING_SESSION;
}

/* The seat that plays with the person (booklet "Rules for partners"). */
static bool partner_of_you(const PlayTable *t, int seat)
{
    const UnoGame *g = t->game;
    return t->you >= 0 && seat != t->you && uno_game_rules(g)->partners &&
           uno_game_team(g, seat) == uno_game_team(g, t->you);
}

static attr_t turn_attr(void)
{
    return colors ? COLOR_PAIR(PAIR_TURN) | A_BOLD : A_BOLD;
}

static void player_line(const PlayTable *t, int seat, int y, int x, int width)
{
    const UnoView *v = t->view;
    const UnoGame *g = t->game;
    bool turn = v->turn == seat;
    char line[160], extra[64] = "";
    int rank = v->ranks[seat];
    if (rank > 0)
        snprintf(extra, sizeof extra, " place %d", rank);
    else if (rank < 0)
        snprintf(extra, sizeof extra, " out");
    if (v->said_uno[seat] && v->counts[seat] == 1)
        strncat(extra, " UNO!", sizeof extra - strlen(extra) - 1);
    int score = uno_game_has_scores(g) ? uno_game_score(g, seat) : -1;
    if (t->match && uno_match_kind(t->match) != UNO_MATCH_SESSION)
        score = uno_match_total(t->match, uno_match_seat_player(t->match, seat));
    char pts[24] = "";
    if (score >= 0)
        snprintf(pts, sizeof pts, minutes(t) ? " %d min" : " %dpt", score);
    if (partner_of_you(t, seat))
        strncat(extra, " partner", sizeof extra - strlen(extra) - 1);
    if (v->rules.seven_o) { /* 7-0: a 7's swap names a seat by its number */
        char number[24];
        snprintf(number, sizeof number, " seat %d", seat);
        strncat(extra, number, sizeof extra - strlen(extra) - 1);
    }
    const char *mark = turn ? (utf8 ? "\xe2\x96\xb6" : ">") : " ";
    snprintf(line, sizeof line, "%s %-*.*s %2d card%s%s%s", mark, width > 40 ? 12 : 8, width > 40 ? 12 : 8,
             seat_name(t, seat), v->counts[seat], v->counts[seat] == 1 ? " " : "s", extra, pts);
    attr_t a = turn ? turn_attr() : A_NORMAL;
    if (rank != 0)
        a |= A_DIM;
    attron(a);
    mvaddnstr(y, x, line, width - 1);
    attroff(a);
}

static int draw_players(const PlayTable *t, int y)
{
    int n = t->view->nplayers, rows = players_rows(n);
    int width = COLS / players_columns(n);
    for (int s = 0; s < n; s++)
        player_line(t, s, y + s % rows, (s / rows) * width, width);
    return y + rows;
}

static int draw_pile(const PlayTable *t, int y)
{
    const UnoView *v = t->view;
    int x = 1;
    text_at(y, x, A_NORMAL, "Top:");
    x += 5;
    if (v->top != UNO_NO_CARD)
        draw_card(y, x, v->top, false, A_NORMAL);
    else
        text_at(y, x, A_DIM, "none");
    x += CELL;
    char buf[64];
    text_at(y, x, A_NORMAL, "Colour:");
    x += 8;
    snprintf(buf, sizeof buf, " %s ", play_color_word(v->color));
    text_at(y, x, color_attr(v->color), buf);
    x += (int)strlen(buf) + 2;
    snprintf(buf, sizeof buf, "%s %s", v->direction > 0 ? (utf8 ? "\xe2\x86\xbb" : "->") : (utf8 ? "\xe2\x86\xba" : "<-"),
             v->direction > 0 ? "clockwise" : "counter-clockwise");
    text_at(y, x, A_NORMAL, buf);
    x += (int)strlen(buf) + 2 - (utf8 ? 2 : 0);
    snprintf(buf, sizeof buf, "Stock %d", v->stock_count);
    text_at(y, x, A_NORMAL, buf);
    x += (int)strlen(buf) + 2;
    if (v->pending > 0) {
        snprintf(buf, sizeof buf, "Pending +%d", v->pending);
        text_at(y, x, colors ? COLOR_PAIR(PAIR_WARN) | A_BOLD : A_BOLD | A_REVERSE, buf);
    }
    return y + 1;
}

/* ----------------------------------------------------------- the hands */

bool play_can_play(const UnoView *v, UnoCard c)
{
    for (int i = 0; i < v->nlegal; i++)
        if (v->legal[i].type == UNO_ACT_PLAY && v->legal[i].cards[0] == c)
            return true;
    return false;
}

/* The view's seat may play now: in turn, or out of turn (KPGUT §7). */
static bool may_play(const UnoView *v)
{
    for (int i = 0; i < v->nlegal; i++)
        if (v->legal[i].type == UNO_ACT_PLAY)
            return true;
    return v->turn == v->seat;
}

static int selection_order(const PlayTable *t, int pos)
{
    for (int i = 0; i < t->nsel; i++)
        if (t->sel[i] == pos)
            return i + 1;
    return 0;
}

static bool one_hand(const PlayTable *t)
{
    return t->seat != PLAY_REFEREE;
}

/* Screen rows a card row of the one hand takes: with a cursor, a marker row
 * under it. */
static int row_height(const PlayTable *t)
{
    return t->cursor >= 0 || t->nsel > 0 ? 2 : 1;
}

/* The height of the hands below the log, which begins at `top`. */
static int hands_height(const PlayTable *t, int top, int per_row)
{
    if (one_hand(t)) {
        int n = t->seat < t->view->nplayers ? uno_game_hand_count(t->game, t->seat) : 0;
        int rows = (n + per_row - 1) / per_row;
        rows = rows < 1 ? 1 : rows > HAND_ROWS ? HAND_ROWS : rows;
        return 1 + rows * row_height(t);
    }
    int room = LINES - 2 - top - MIN_LOG - 1, n = t->view->nplayers;
    return 1 + (n < room ? n : room > 1 ? room : 1);
}

/* The face-up hand, rows of cards (a marker row under each with a cursor). */
static void draw_hand(const PlayTable *t, int y, int per_row)
{
    if (t->seat >= t->view->nplayers) {
        char label[64];
        snprintf(label, sizeof label, "Seat %d is not in this game.", t->seat);
        text_at(y, 1, A_BOLD, label);
        return;
    }
    const UnoView *v = t->view;
    UnoCard hand[UNO_MAX_CARDS];
    int n = uno_game_hand(t->game, t->seat, hand, UNO_MAX_CARDS), step = row_height(t);
    char label[96];
    if (t->seat == t->you)
        snprintf(label, sizeof label, "Your hand (%d card%s)%s", n, n == 1 ? "" : "s",
                 t->nsel ? ": space selects, Enter plays the selection in order" : "");
    else
        snprintf(label, sizeof label, "%s's hand (%d card%s), seat %d", seat_name(t, t->seat), n,
                 n == 1 ? "" : "s", t->seat);
    text_at(y, 1, A_BOLD, label);
    int rows = (n + per_row - 1) / per_row, first_row = 0;
    if (rows > HAND_ROWS && t->cursor >= 0) { /* scroll to the cursor */
        first_row = t->cursor / per_row - HAND_ROWS + 1;
        if (first_row < 0)
            first_row = 0;
    }
    bool mine = may_play(v);
    for (int i = first_row * per_row; i < n && i < (first_row + HAND_ROWS) * per_row; i++) {
        int r = i / per_row - first_row, x = 1 + (i % per_row) * CELL, cy = y + 1 + r * step;
        /* the cards that cannot be played now are faded: in colours their
         * letters only, the playable ones chips of their colour; without
         * colours dim, the playable ones bold and underlined (as dim may
         * show nothing). The cursor: underlined chip or letters in colours
         * (reversed, a chip would look faded), reversed without. */
        bool faded = mine && !play_can_play(v, hand[i]);
        attr_t extra = colors ? A_NORMAL : faded ? A_DIM : mine ? A_BOLD | A_UNDERLINE : A_NORMAL;
        if (i == t->cursor)
            extra |= colors ? A_UNDERLINE | A_BOLD : A_REVERSE;
        draw_card(cy, x, hand[i], faded, extra);
        if (step < 2)
            continue;
        char mark[16] = "";
        int order = selection_order(t, i);
        if (i == t->cursor)
            snprintf(mark, sizeof mark, order ? "^%d" : "^^", order);
        else if (order)
            snprintf(mark, sizeof mark, " %d", order);
        text_at(cy + 1, x, A_BOLD, mark);
    }
}

/* The referee's view: one row a seat, its name then its cards ("+5" when
 * more than fit); when the seats do not all fit, those around the turn. */
static void draw_all_hands(const PlayTable *t, int y, int rows)
{
    const UnoView *v = t->view;
    int n = v->nplayers, per_row = (COLS - 2 - NAME_COLS) / CELL, first = 0;
    char label[96] = "Every hand (the referee's view)";
    if (rows < n) {
        if (v->turn >= 0)
            first = v->turn - rows / 2;
        first = first < 0 ? 0 : first > n - rows ? n - rows : first;
        snprintf(label, sizeof label, "Every hand (the referee's view): seats %d to %d of %d", first,
                 first + rows - 1, n);
    }
    text_at(y, 1, A_BOLD, label);
    for (int s = first; s < n && s < first + rows; s++) {
        int cy = y + 1 + s - first;
        char name[NAME_COLS + 1];
        snprintf(name, sizeof name, "%-*.*s", NAME_COLS - 1, NAME_COLS - 1, seat_name(t, s));
        text_at(cy, 1, v->turn == s ? turn_attr() : v->ranks[s] != 0 ? A_DIM : A_NORMAL, name);
        UnoCard hand[UNO_MAX_CARDS];
        int k = uno_game_hand(t->game, s, hand, UNO_MAX_CARDS), shown = k > per_row ? per_row - 1 : k;
        for (int i = 0; i < shown; i++)
            draw_card(cy, 1 + NAME_COLS + i * CELL, hand[i], false, A_NORMAL);
        if (shown < k) {
            char more[16];
            snprintf(more, sizeof more, "+%d", k - shown);
            text_at(cy, 1 + NAME_COLS + shown * CELL, A_BOLD, more);
        }
    }
}

/* ------------------------------------------------------ log and results */

/* The log lines a page of the log moves: those shown, scrolled back. */
static int log_page = 1;

bool play_log_key(int *scroll, int key)
{
    if (key == KEY_PPAGE || key == '<')
        *scroll += log_page;
    else if (key == KEY_NPAGE || key == '>')
        *scroll = *scroll > log_page ? *scroll - log_page : 0;
    else
        return false;
    return true;
}

/* The log, newest at the bottom; scrolled back, a marker on its last row
 * says how far (PgUp/PgDn or < >, docs/play.md). */
static void draw_log(const PlayTable *t, int top, int bottom)
{
    int back = t->log_scroll ? *t->log_scroll : 0, kept = 0;
    while (play_log_line(t->log, kept))
        kept++;
    int rows = bottom - top + 1, most = kept - rows;
    log_page = rows > 2 ? rows - 1 : 1;
    if (back > most)
        back = most;
    if (back < 0)
        back = 0;
    if (t->log_scroll)
        *t->log_scroll = back;
    int y = bottom;
    if (back > 0 && rows > 1) {
        char mark[96];
        snprintf(mark, sizeof mark, "-- %d line%s back: PgDn or > for newer --", back,
                 back == 1 ? "" : "s");
        text_at(y--, 1, A_REVERSE, mark);
    }
    for (int i = back; y >= top; y--, i++) {
        const char *line = play_log_line(t->log, i);
        if (!line)
            break;
        text_at(y, 1, i < t->log_marked && back == 0 ? A_BOLD : A_NORMAL, line);
    }
}

/* One player's line of the results: place, cards left, this game's score,
 * and in a match the total (sessions: the average per game) and standing. */
static void result_line(const PlayTable *t, int seat, int y)
{
    const UnoGame *g = t->game;
    int rank = uno_game_rank(g, seat);
    char where[16] = "   -", score[96] = "", line[200];
    if (rank > 0)
        snprintf(where, sizeof where, "%3d.", rank);
    const char *unit = minutes(t) ? " min" : "";
    if (uno_game_has_scores(g) && uno_game_score(g, seat) >= 0)
        snprintf(score, sizeof score, "  score %3d%s", uno_game_score(g, seat), unit);
    if (t->match) {
        int player = uno_match_seat_player(t->match, seat);
        size_t used = strlen(score);
        if (uno_match_kind(t->match) == UNO_MATCH_SESSION)
            snprintf(score + used, sizeof score - used, "  average %.1f%s over %d", uno_match_average(t->match, player),
                     unit, uno_match_games_played(t->match, player));
        else
            snprintf(score + used, sizeof score - used, "  total %4d", uno_match_total(t->match, player));
        used = strlen(score);
        snprintf(score + used, sizeof score - used, "  (place %d in the match)", uno_match_rank(t->match, player));
    }
    int left = uno_game_hand_count(g, seat);
    snprintf(line, sizeof line, "%s %-16s %2d card%s left%s", where, seat_name(t, seat), left, left == 1 ? " " : "s",
             score);
    text_at(y, 1, seat == t->seat ? A_BOLD : A_NORMAL, line);
}

/* The results of a game that is over, best first, unranked last; returns
 * the row after them. */
static int draw_results(const PlayTable *t, int top, int bottom)
{
    const UnoGame *g = t->game;
    int n = uno_game_nplayers(g), y = top;
    text_at(y++, 1, A_BOLD | A_UNDERLINE, t->match ? "This game, and the match so far" : "Results");
    for (int place = 1; place <= n + 1; place++)
        for (int s = 0; s < n && y <= bottom; s++) {
            int rank = uno_game_rank(g, s);
            if (place <= n ? rank == place : rank <= 0)
                result_line(t, s, y++);
        }
    if (t->match && uno_match_over(t->match) && y <= bottom) {
        char line[256];
        int you = t->you >= 0 ? uno_match_seat_player(t->match, t->you) : -1;
        play_match_verdict(t->match, you, line, sizeof line);
        text_at(y++, 1, A_BOLD, line);
    }
    return y;
}

/* ---------------------------------------------------------------- help */

enum { HELP_LINES = 400, HELP_WIDTH = 256 };

typedef struct HelpText {
    char lines[HELP_LINES][HELP_WIDTH];
    attr_t attrs[HELP_LINES];
    int n;
} HelpText;

/* Adds text wrapped at `width` columns, its first line after `first`, the
 * others indented by `indent` spaces. */
static void help_wrap(HelpText *h, attr_t a, const char *first, int indent, const char *text, int width)
{
    char line[HELP_WIDTH];
    snprintf(line, sizeof line, "%s", first);
    const char *p = text;
    while (h->n < HELP_LINES) {
        int room = width - (int)strlen(line);
        while (p != text && *p == ' ') /* the break's spaces; the text's own indent stays */
            p++;
        int take = (int)strlen(p);
        if (take > room) { /* break at the last space that fits */
            take = room;
            while (take > 0 && p[take] != ' ')
                take--;
            if (take == 0)
                take = room > 0 ? room : 1;
        }
        strncat(line, p, (size_t)take < sizeof line - strlen(line) - 1 ? (size_t)take : sizeof line - strlen(line) - 1);
        snprintf(h->lines[h->n], HELP_WIDTH, "%s", line);
        h->attrs[h->n++] = a;
        p += take;
        if (!*p)
            return;
        snprintf(line, sizeof line, "%*s", indent, "");
    }
}

/* Options that only count when another is on: shown only then (the help
 * lists what matters in this game). */
static const struct { const char *option, *needs; } option_needs[] = {
    {"lost_cards", "blanks"},       {"spare_blanks", "blanks"},          {"blank_draw", "blanks"},
    {"blank_skip", "blanks"},       {"blank_points", "blanks"},          {"suspect_shown_to", "tactical_suspect"},
    {"wrong_suspect_draw", "tactical_suspect"}, {"giveup_into", "giveup"}, {"join_cards", "join"},
    {"cheat_penalty", "honour"},    {"away_draw", "away_ms"},            {"spectators_see_hands", "spectators"},
};

static bool option_matters(const UnoRules *rules, const char *name)
{
    for (size_t i = 0; i < sizeof option_needs / sizeof option_needs[0]; i++) {
        if (strcmp(option_needs[i].option, name) != 0)
            continue;
        char value[32] = "";
        uno_rules_get(rules, option_needs[i].needs, value, sizeof value);
        return strcmp(value, "0") != 0 && strcmp(value, "false") != 0 && strcmp(value, "none") != 0;
    }
    return true;
}

/* The help: how these rules play, the keys, then the options in force. */
static void help_text(const PlayTable *t, HelpText *h)
{
    const UnoRules *rules = uno_game_rules(t->game);
    int width = COLS - 2;
    char summary[2048], title_line[96];
    h->n = 0;
    snprintf(title_line, sizeof title_line, "How %s plays", rules->name);
    help_wrap(h, A_BOLD, title_line, 0, "", width);
    play_rules_summary(rules, summary, sizeof summary);
    help_wrap(h, A_NORMAL, "  ", 2, summary, width);
    help_wrap(h, A_NORMAL, "", 0, "", width);
    for (int i = 0; t->keys[i]; i++)
        help_wrap(h, i == 0 ? A_BOLD : A_NORMAL, "", 23, t->keys[i], width);
    help_wrap(h, A_NORMAL, "", 0, "", width);
    help_wrap(h, A_BOLD, "The options in force (uno rules NAME tells them all)", 0, "", width);
    size_t nopts;
    const UnoOptionInfo *opts = uno_rules_options(&nopts);
    for (size_t i = 0; i < nopts; i++) {
        if (!option_matters(rules, opts[i].name))
            continue;
        char value[32] = "?", first[80];
        uno_rules_get(rules, opts[i].name, value, sizeof value);
        snprintf(first, sizeof first, "  %-22s %-14s ", opts[i].name, value);
        help_wrap(h, A_NORMAL, first, 40, opts[i].meaning, width);
    }
}

static void draw_help(const PlayTable *t)
{
    static HelpText h;
    help_text(t, &h);
    int visible = LINES - 2, *scroll = t->help_scroll;
    if (*scroll > h.n - visible)
        *scroll = h.n - visible;
    if (*scroll < 0)
        *scroll = 0;
    text_at(0, 0, A_BOLD | A_REVERSE, " UNO help: Up/Down/PgUp/PgDn scroll, any other key returns to the game ");
    for (int i = *scroll, y = 1; i < h.n && y < LINES - 1; i++, y++)
        text_at(y, 1, h.attrs[i], h.lines[i]);
}

bool play_help_key(int *scroll, int key)
{
    switch (key) {
    case KEY_UP: --*scroll; return true;
    case KEY_DOWN: ++*scroll; return true;
    case KEY_PPAGE: *scroll -= LINES - 3; return true;
    case KEY_NPAGE: case ' ': *scroll += LINES - 3; return true;
    case KEY_RESIZE: return true;
    default: return false;
    }
}

void play_draw_table(const PlayTable *t)
{
    erase();
    if (COLS < MIN_COLS || LINES < MIN_LINES) {
        char buf[96];
        snprintf(buf, sizeof buf, "UNO needs %dx%d; this terminal is %dx%d.", MIN_COLS, MIN_LINES, COLS, LINES);
        text_at(0, 0, A_BOLD, buf);
        text_at(1, 0, A_NORMAL, "Make it larger, or press q to quit.");
        refresh();
        return;
    }
    if (t->help) {
        draw_help(t);
        refresh();
        return;
    }
    title(t);
    int y = draw_players(t, 1);
    y = draw_pile(t, y);
    int per_row = (COLS - 2) / CELL;
    int hands_h = hands_height(t, y + 1, per_row);
    int hands_y = LINES - 2 - hands_h;
    for (int x = 0; x < COLS; x++)
        mvaddstr(y, x, utf8 ? "\xe2\x94\x80" : "-");
    int log_top = y + 1;
    if (t->view->phase == UNO_PHASE_OVER)
        log_top = draw_results(t, log_top, hands_y - 1) + 1;
    draw_log(t, log_top, hands_y - 1);
    if (one_hand(t))
        draw_hand(t, hands_y, per_row);
    else
        draw_all_hands(t, hands_y, hands_h - 1);
    if (t->message && t->message[0])
        text_at(LINES - 2, 1, colors ? COLOR_PAIR(PAIR_WARN) | A_BOLD : A_BOLD, t->message);
    text_at(LINES - 1, 1, A_BOLD, t->hint);
    refresh();
}
