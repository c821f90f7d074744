/*
 * play_draw.c — the screen of `uno play` (ncurses). From the top: the title
 * line; the players (turn marker, cards, UNO, place, score); the pile (top
 * card, colour in force, direction, pending draw, stock); the log of what
 * happened; the person's hand; a message line and the hint line. Works from
 * 80x24 up; smaller terminals get a request to grow. Cards are always
 * written as text (R7, W+4) and coloured when the terminal has colours.
 */
#include <langinfo.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <curses.h>

#include "cli/play.h"

enum { PAIR_RED = 1, PAIR_GREEN, PAIR_BLUE, PAIR_YELLOW, PAIR_WILD, PAIR_TITLE, PAIR_TURN, PAIR_WARN };
enum { MIN_COLS = 80, MIN_LINES = 24, CELL = PLAY_CARD_CELL, MESSAGE_MS = 6000 };

static bool colors;
static bool utf8;
static SCREEN *screen;
static FILE *tty; /* the terminal, when standard output is not one */

int play_draw_init(const PlayConfig *cfg)
{
    utf8 = !cfg->ascii && strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
    /* the screen goes to the terminal; standard output may be a file (the
     * report at the end) */
    FILE *out = stdout;
    if (!isatty(STDOUT_FILENO)) {
        tty = out = fopen("/dev/tty", "w");
        if (!tty)
            return -1;
    }
    screen = newterm(NULL, out, stdin);
    if (!screen) {
        if (tty)
            fclose(tty);
        tty = NULL;
        return -1;
    }
    set_term(screen);
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    curs_set(0);
    set_escdelay(25);
    colors = has_colors();
    if (colors) {
        start_color();
        use_default_colors();
        init_pair(PAIR_RED, COLOR_WHITE, COLOR_RED);
        init_pair(PAIR_GREEN, COLOR_BLACK, COLOR_GREEN);
        init_pair(PAIR_BLUE, COLOR_WHITE, COLOR_BLUE);
        init_pair(PAIR_YELLOW, COLOR_BLACK, COLOR_YELLOW);
        init_pair(PAIR_WILD, COLOR_WHITE, COLOR_MAGENTA);
        init_pair(PAIR_TITLE, COLOR_CYAN, -1);
        init_pair(PAIR_TURN, COLOR_GREEN, -1);
        init_pair(PAIR_WARN, COLOR_RED, -1);
    }
    return 0;
}

void play_draw_end(void)
{
    endwin();
    delscreen(screen);
    screen = NULL;
    if (tty)
        fclose(tty);
    tty = NULL;
}

static attr_t card_attr(UnoCard c)
{
    if (!colors)
        return A_NORMAL;
    static const short pairs[UNO_COLORS] = {PAIR_RED, PAIR_GREEN, PAIR_BLUE, PAIR_YELLOW};
    int color = uno_card_color(c);
    return COLOR_PAIR(color == UNO_NO_COLOR ? PAIR_WILD : pairs[color]) | A_BOLD;
}

static attr_t color_attr(int color)
{
    static const short pairs[UNO_COLORS] = {PAIR_RED, PAIR_GREEN, PAIR_BLUE, PAIR_YELLOW};
    if (!colors || color < 0 || color >= UNO_COLORS)
        return A_BOLD;
    return COLOR_PAIR(pairs[color]) | A_BOLD;
}

/* One card in CELL-1 columns: " R7 " on its colour, or "[R7]" without. */
static void draw_card(int y, int x, UnoCard c, attr_t extra)
{
    char text[8];
    if (colors)
        snprintf(text, sizeof text, " %-3s", uno_card_name(c));
    else
        snprintf(text, sizeof text, "[%s]", uno_card_name(c));
    attr_t a = card_attr(c) | extra;
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

static void title(Play *p)
{
    UnoGame *g = play_game(p);
    char left[160], right[64];
    int64_t secs = p->now / 1000;
    const char *dot = utf8 ? "\xc2\xb7" : "-";
    if (p->match && uno_match_target(p->match) > 0)
        snprintf(left, sizeof left, " UNO %s %s %s game %d, to %d", dot, uno_game_rules(g)->name, dot,
                 uno_match_game_number(p->match) + 1, uno_match_target(p->match));
    else if (p->match)
        snprintf(left, sizeof left, " UNO %s %s %s game %d", dot, uno_game_rules(g)->name, dot,
                 uno_match_game_number(p->match) + 1);
    else
        snprintf(left, sizeof left, " UNO %s %s", dot, uno_game_rules(g)->name);
    snprintf(right, sizeof right, "%02lld:%02lld   ? help  q quit ", (long long)(secs / 60),
             (long long)(secs % 60));
    text_at(0, 0, colors ? COLOR_PAIR(PAIR_TITLE) | A_BOLD : A_BOLD, left);
    text_at(0, COLS - (int)strlen(right), A_NORMAL, right);
}

static int players_rows(int n)
{
    return n < 8 ? n : 8;
}

static void player_line(Play *p, int seat, int y, int x, int width)
{
    const UnoView *v = &p->view;
    UnoGame *g = play_game(p);
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
    if (p->match && uno_match_kind(p->match) != UNO_MATCH_SESSION)
        score = uno_match_total(p->match, uno_match_seat_player(p->match, seat));
    char pts[24] = "";
    if (score >= 0)
        snprintf(pts, sizeof pts, " %dpt", score);
    const char *mark = turn ? (utf8 ? "\xe2\x96\xb6" : ">") : " ";
    snprintf(line, sizeof line, "%s %-*.*s %2d card%s%s%s", mark, width > 40 ? 12 : 8, width > 40 ? 12 : 8,
             seat == p->human ? "You" : uno_game_player(g, seat)->name, v->counts[seat],
             v->counts[seat] == 1 ? " " : "s", extra, pts);
    attr_t a = turn ? (colors ? COLOR_PAIR(PAIR_TURN) | A_BOLD : A_BOLD) : A_NORMAL;
    if (rank != 0)
        a |= A_DIM;
    attron(a);
    mvaddnstr(y, x, line, width - 1);
    attroff(a);
}

static int draw_players(Play *p, int y)
{
    int n = p->view.nplayers, rows = players_rows(n);
    int cols = (n + rows - 1) / rows, width = COLS / cols;
    for (int s = 0; s < n; s++)
        player_line(p, s, y + s % rows, (s / rows) * width, width);
    return y + rows;
}

static int draw_pile(Play *p, int y)
{
    const UnoView *v = &p->view;
    int x = 1;
    text_at(y, x, A_NORMAL, "Top:");
    x += 5;
    if (v->top != UNO_NO_CARD)
        draw_card(y, x, v->top, A_NORMAL);
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

static bool playable_first(const UnoView *v, UnoCard c)
{
    for (int i = 0; i < v->nlegal; i++)
        if (v->legal[i].type == UNO_ACT_PLAY && v->legal[i].cards[0] == c)
            return true;
    return false;
}

static int selection_order(const Play *p, int pos)
{
    for (int i = 0; i < p->nsel; i++)
        if (p->sel[i] == pos)
            return i + 1;
    return 0;
}

/* The hand, rows of cards with a marker row under each; returns its height. */
static int hand_height(const Play *p, int per_row, int max_rows)
{
    int rows = (p->view.hand_count + per_row - 1) / per_row;
    if (rows < 1)
        rows = 1;
    if (rows > max_rows)
        rows = max_rows;
    return 1 + rows * 2;
}

static void draw_hand(Play *p, int y, int per_row, int max_rows)
{
    const UnoView *v = &p->view;
    UnoCard hand[UNO_MAX_CARDS];
    int n = play_hand(p, hand, UNO_MAX_CARDS);
    char label[96];
    snprintf(label, sizeof label, "Your hand (%d card%s)%s", n, n == 1 ? "" : "s",
             p->nsel ? ": space selects, Enter plays the selection in order" : "");
    text_at(y, 1, A_BOLD, label);
    int rows = (n + per_row - 1) / per_row, first_row = 0;
    if (rows > max_rows) { /* scroll to the cursor */
        first_row = p->cursor / per_row - max_rows + 1;
        if (first_row < 0)
            first_row = 0;
    }
    bool mine = v->turn == v->seat || uno_bot_find(v, UNO_ACT_PLAY) >= 0;
    for (int i = first_row * per_row; i < n && i < (first_row + max_rows) * per_row; i++) {
        int r = i / per_row - first_row, x = 1 + (i % per_row) * CELL, cy = y + 1 + r * 2;
        attr_t extra = A_NORMAL;
        if (mine)
            extra = playable_first(v, hand[i]) ? A_NORMAL : A_DIM;
        if (i == p->cursor && !p->cfg.autoplay)
            extra |= A_REVERSE;
        draw_card(cy, x, hand[i], extra);
        char mark[16] = "";
        int order = selection_order(p, i);
        if (i == p->cursor && !p->cfg.autoplay)
            snprintf(mark, sizeof mark, order ? "^%d" : "^^", order);
        else if (order)
            snprintf(mark, sizeof mark, " %d", order);
        text_at(cy + 1, x, A_BOLD, mark);
    }
}

static void draw_log(Play *p, int top, int bottom)
{
    for (int y = bottom, i = 0; y >= top; y--, i++) {
        const char *line = play_log_line(&p->log, i);
        if (!line)
            break;
        text_at(y, 1, i == 0 ? A_BOLD : A_NORMAL, line);
    }
}

/* One player's line of the results: place, cards left, this game's score,
 * and in a match the total (sessions: the average per game) and standing. */
static void result_line(Play *p, int seat, int y)
{
    UnoGame *g = play_game(p);
    int rank = uno_game_rank(g, seat);
    char where[16] = "   -", score[96] = "", line[200];
    if (rank > 0)
        snprintf(where, sizeof where, "%3d.", rank);
    if (uno_game_has_scores(g) && uno_game_score(g, seat) >= 0)
        snprintf(score, sizeof score, "  score %3d", uno_game_score(g, seat));
    if (p->match) {
        int player = uno_match_seat_player(p->match, seat);
        size_t used = strlen(score);
        if (uno_match_kind(p->match) == UNO_MATCH_SESSION)
            snprintf(score + used, sizeof score - used, "  average %.1f over %d", uno_match_average(p->match, player),
                     uno_match_games_played(p->match, player));
        else
            snprintf(score + used, sizeof score - used, "  total %4d", uno_match_total(p->match, player));
        used = strlen(score);
        snprintf(score + used, sizeof score - used, "  (place %d in the match)", uno_match_rank(p->match, player));
    }
    snprintf(line, sizeof line, "%s %-16s %2d cards left%s", where,
             seat == p->human ? "You" : uno_game_player(g, seat)->name, uno_game_hand_count(g, seat), score);
    text_at(y, 1, seat == p->human ? A_BOLD : A_NORMAL, line);
}

/* The results of a game that is over, best first; unranked last. */
static void draw_results(Play *p, int top, int bottom)
{
    UnoGame *g = play_game(p);
    int n = uno_game_nplayers(g), y = top;
    text_at(y++, 1, A_BOLD | A_UNDERLINE, p->match ? "This game, and the match so far" : "Results");
    for (int place = 1; place <= n + 1; place++)
        for (int s = 0; s < n && y <= bottom; s++) {
            int rank = uno_game_rank(g, s);
            if (place <= n ? rank == place : rank <= 0)
                result_line(p, s, y++);
        }
    if (p->match && play_match_over(p) && y <= bottom) {
        int w = uno_match_winner(p->match);
        char line[96];
        snprintf(line, sizeof line, "The match is over: %s won.", w == 0 ? "you" : uno_match_player(p->match, w)->name);
        text_at(y, 1, A_BOLD, line);
    }
}

static void draw_help(Play *p)
{
    static const char *const keys[] = {
        "Keys",
        "  Left/Right Home/End  choose a card in your hand",
        "  Enter                play the chosen card or the selection (out of turn:",
        "                       KPGUT's side slide)",
        "  Space                select cards for a set (KPGUT), in the order played",
        "  r7 g+2 bs yr w+4     type a card, then Enter; \"w+4 g\" names the colour,",
        "                       \"r8 g8\" plays a set, \"r7!\" says UNO with it",
        "  r g b y              name the colour when asked",
        "  d draw    p pass (after drawing)    t take the pending draw",
        "  c challenge a Wild Draw 4 (KPGUT: suspect it)",
        "  u say UNO            k catch a player who did not say it",
        "  s suspect a tactical draw (KPGUT \xc2\xa7" "14)    ! give up (KPGUT \xc2\xa7" "9)",
        "  n next game (--match)  ? this help (Up/Down scroll)  q quit",
        "",
        "The rules in force",
    };
    int nkeys = (int)(sizeof keys / sizeof keys[0]);
    size_t nopts;
    const UnoOptionInfo *opts = uno_rules_options(&nopts);
    int total = nkeys + (int)nopts, visible = LINES - 2;
    if (p->help_scroll > total - visible)
        p->help_scroll = total - visible;
    if (p->help_scroll < 0)
        p->help_scroll = 0;
    text_at(0, 0, A_BOLD | A_REVERSE, " UNO help: any other key returns to the game ");
    for (int i = p->help_scroll, y = 1; i < total && y < LINES - 1; i++, y++) {
        if (i < nkeys) {
            text_at(y, 1, i == 0 || i == nkeys - 1 ? A_BOLD : A_NORMAL, keys[i]);
            continue;
        }
        const UnoOptionInfo *o = &opts[i - nkeys];
        char value[32] = "?", line[256];
        uno_rules_get(&p->rules, o->name, value, sizeof value);
        snprintf(line, sizeof line, "  %-24s %-18s %s", o->name, value, o->meaning);
        text_at(y, 1, A_NORMAL, line);
    }
}

void play_draw(Play *p)
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
    if (p->help) {
        draw_help(p);
        refresh();
        return;
    }
    title(p);
    int y = draw_players(p, 1);
    y = draw_pile(p, y + 0);
    int per_row = (COLS - 2) / CELL, max_rows = 4;
    int hand_h = hand_height(p, per_row, max_rows);
    int hand_y = LINES - 2 - hand_h;
    for (int x = 0; x < COLS; x++)
        mvaddstr(y, x, utf8 ? "\xe2\x94\x80" : "-");
    if (p->view.phase == UNO_PHASE_OVER)
        draw_results(p, y + 1, hand_y - 1);
    else
        draw_log(p, y + 1, hand_y - 1);
    draw_hand(p, hand_y, per_row, max_rows);
    char hint[256];
    if (p->prompt == PROMPT_TYPING)
        snprintf(hint, sizeof hint, "Cards: %s_   (Enter play, Esc cancel)", p->typed);
    else if (p->prompt == PROMPT_COLOR)
        snprintf(hint, sizeof hint, "Which colour? r Red, g Green, b Blue, y Yellow (Esc cancel)");
    else if (p->prompt == PROMPT_QUIT)
        snprintf(hint, sizeof hint, "Quit the game? y/n");
    else if (p->prompt == PROMPT_GIVEUP)
        snprintf(hint, sizeof hint, "Give up this game (KPGUT \xc2\xa7" "9)? y/n");
    else
        play_text_hint(p, hint, sizeof hint);
    if (p->save_error[0])
        text_at(LINES - 2, 1, colors ? COLOR_PAIR(PAIR_WARN) : A_BOLD, p->save_error);
    else if (p->message[0] && p->now - p->message_at < MESSAGE_MS)
        text_at(LINES - 2, 1, colors ? COLOR_PAIR(PAIR_WARN) | A_BOLD : A_BOLD, p->message);
    text_at(LINES - 1, 1, A_BOLD, hint);
    refresh();
}
