/*
 * test_play_tmux.c — `uno play` driven as a person would, through a real
 * terminal: the binary ($UNO_BIN) runs inside tmux (a private server per
 * test, `tmux -L`), keys go in with send-keys, the screen comes back with
 * capture-pane. To know what the person may play, the test replays the
 * game's save file through `uno table` (the save file is that protocol's
 * request log) and asks for seat 0's legal moves: the test never guesses
 * the deal.
 *
 * What is covered: typing a card to play it; drawing; saying UNO with two
 * cards (not caught) and forgetting it (caught by the next bot: MyUNO
 * "Going Out"); the help screen with the rules in force; a resize redraws
 * at the new size (and asks for 80x24 below it); a whole game played by
 * bots to its end (--autoplay --pace 0) whose save file `uno replay` runs
 * to the same hash; a KPGUT session of two games. Watching a saved game
 * (docs/play.md): `uno replay --text` tells one line per event the table
 * answers (`--events`), from the deal to the end, for one game and for a
 * session with `next`; seen from a seat it counts the others' draws and
 * keeps hands shown to others hidden; `--watch` steps forward and back
 * (Space, Left), plays to the end (p) and quits (q); `--watch --seat 1`
 * shows seat 1's hand and none of seat 2's cards, which the referee's view
 * does show. Resuming (docs/play.md "Resuming a game"): a game left with q,
 * and one whose uno play was killed (kill -9), go on with --resume: the
 * hand on the screen is the one `uno replay FILE` ends with, new moves are
 * added to the same file, which replays to the printed hash with a clock
 * that never goes back; a game that is over, a file with a failing line and
 * a new game's option with --resume are refused. The details of the
 * terminal game: Enter alone plays what the hint offers (the cursor on a
 * playable card at a turn's start and after a draw, Mattel and KPGUT);
 * PgUp/PgDn (vt100: < >) move a page of the log; NO_COLOR leaves no colour
 * codes on the screen; a partners match names the winning team, and its
 * title keeps off the clock at 80 columns; a cmd: bot that cannot start
 * stops uno play; a UNO said before the play is told once; a chain of two
 * Draw 2s is drawn as "two Draw 2s". UNO_TEST=NAME runs the tests whose
 * name matches.
 *
 * Every wait is bounded; a test cleans its tmux server up even when it fails.
 */
#include <ctype.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/table_client.h"
#include "uno.h"

enum { SCREEN_MAX = 16384 };

typedef struct Term {
    char socket[64];
    char socket_path[512]; /* the server's socket file */
    long pane_pid;      /* the pane's process group: uno play and its shell */
    char save[256];     /* the game's save file */
    char out[256];      /* what uno play printed to its standard output */
    char screen[SCREEN_MAX];
} Term;

static int serial;
/* The names of the test's terminal, for the teardown to clean it up when the
 * test failed (its Term is gone with its stack frame). */
static struct {
    bool on;
    Term t; /* its names (the screen is not used) */
} running;

static const char *uno_bin(void)
{
    const char *bin = getenv("UNO_BIN");
    return bin ? bin : "build/uno";
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static int tmux(const Term *t, const char *fmt, ...)
{
    char args[1024], cmd[1200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    snprintf(cmd, sizeof cmd, "tmux -L %s %s >/dev/null 2>&1", t->socket, args);
    return system(cmd);
}

static bool alive(const Term *t)
{
    return tmux(t, "has-session") == 0;
}

/* The screen, into t->screen; escapes: with its attributes as SGR escapes
 * (capture-pane -e). */
static const char *capture_as(Term *t, bool escapes)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "tmux -L %s capture-pane -p%s 2>/dev/null", t->socket, escapes ? " -e" : "");
    FILE *f = popen(cmd, "r");
    size_t n = f ? fread(t->screen, 1, SCREEN_MAX - 1, f) : 0;
    t->screen[n] = '\0';
    if (f)
        pclose(f);
    return t->screen;
}

static const char *capture(Term *t)
{
    return capture_as(t, false);
}

static const char *capture_escapes(Term *t)
{
    return capture_as(t, true);
}

/* The bound of a wait for what the game shows or does at once: a wait ends
 * when it comes, so a bound generous enough for a loaded machine under the
 * sanitizers costs a passing run nothing (docs/testing.md "Waiting in
 * tests"). Longer waits (a whole game of bots) name their own. */
enum { SCREEN_MS = 30000 };

/* Waits up to ms for text on the screen; true when it came. */
static bool wait_for(Term *t, const char *text, int ms)
{
    for (int waited = 0; waited <= ms; waited += 50) {
        if (strstr(capture(t), text))
            return true;
        sleep_ms(50);
    }
    return false;
}

static void must_see(Term *t, const char *text, int ms)
{
    if (!wait_for(t, text, ms))
        fail_msg("waited %d ms for \"%s\"; the screen:\n%s", ms, text, t->screen);
}

/* One line of `tmux display-message -p FORMAT`. */
static void display(const Term *t, const char *format, char *out, size_t len)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "tmux -L %s display-message -p '%s' 2>/dev/null", t->socket, format);
    FILE *f = popen(cmd, "r");
    out[0] = '\0';
    if (f && fgets(out, (int)len, f))
        out[strcspn(out, "\n")] = '\0';
    if (f)
        pclose(f);
}

/* Runs "$UNO_BIN ARGS" in a terminal of a new tmux server; what it prints
 * goes to t->out, then "exit status N". Each launch names a server of its
 * own: the server of a game that just ended may still be shutting down, and
 * a new session on its socket would fail. */
static void launch_env(Term *t, int cols, int lines, const char *env, const char *args)
{
    snprintf(t->socket, sizeof t->socket, "unoplay-%d-%d", (int)getpid(), ++serial);
    int rc = tmux(t, "new-session -d -x %d -y %d \"env LANG=C.UTF-8 LC_ALL=C.UTF-8 %s %s %s > %s 2>&1;"
                  " echo exit status \\$? >> %s\"",
                  cols, lines, env, uno_bin(), args, t->out, t->out);
    assert_int_equal(rc, 0);
    char pid[32];
    display(t, "#{pane_pid}", pid, sizeof pid);
    t->pane_pid = atol(pid);
    display(t, "#{socket_path}", t->socket_path, sizeof t->socket_path);
    running.on = true;
    running.t = *t;
}

static void launch(Term *t, int cols, int lines, const char *args)
{
    launch_env(t, cols, lines, "", args);
}

/* `ENV uno play --save t->save ARGS` in a new terminal (ENV: "NAME=value ..."). */
static void start_env(Term *t, int cols, int lines, const char *env, const char *args)
{
    memset(t, 0, sizeof *t);
    snprintf(t->save, sizeof t->save, "/tmp/unoplay-%d-%d.jsonl", (int)getpid(), serial + 1);
    snprintf(t->out, sizeof t->out, "/tmp/unoplay-%d-%d.out", (int)getpid(), serial + 1);
    unlink(t->save);
    char all[512];
    snprintf(all, sizeof all, "play --save %s %s", t->save, args);
    launch_env(t, cols, lines, env, all);
}

static void start(Term *t, int cols, int lines, const char *args)
{
    start_env(t, cols, lines, "", args);
}

/* Ends the terminal and what runs in it, and removes its files. */
static void stop(Term *t)
{
    for (int i = 0; i < 20 && alive(t); i++) {
        tmux(t, "kill-server");
        sleep_ms(50);
    }
    if (alive(t) && t->pane_pid > 0) /* the server would not go: end the game we started */
        kill((pid_t)-t->pane_pid, SIGKILL);
    if (t->socket_path[0])
        unlink(t->socket_path);
    unlink(t->save);
    unlink(t->out);
    running.on = false;
}

static int teardown(void **state)
{
    (void)state;
    if (running.on)
        stop(&running.t);
    return 0;
}

/* Waits for uno play to exit (the session ends with it). */
static void wait_exit(Term *t, int ms)
{
    for (int waited = 0; alive(t); waited += 100) {
        if (waited > ms)
            fail_msg("uno did not exit within %d ms; the screen:\n%s", ms, capture(t));
        sleep_ms(100);
    }
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    static char buf[65536];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* ------------------------------------------- the game behind the screen */

/* Whether every request has its op (a file read whole). */
static bool all_have_ops(const cJSON *reqs)
{
    const cJSON *r;
    cJSON_ArrayForEach(r, reqs)
    {
        if (!cJSON_IsString(cJSON_GetObjectItem(r, "op")))
            return false;
    }
    return true;
}

/* The requests of a save file. uno play may be writing it (a record, then
 * the end mark over the old one): a file caught in the middle of a write is
 * read again, for a second at most. */
static cJSON *save_requests(const char *save)
{
    char err[512];
    for (int waited = 0; waited <= 1000; waited += 20) {
        cJSON *reqs = save_file_requests(save, err, sizeof err);
        if (reqs && all_have_ops(reqs))
            return reqs;
        if (reqs)
            snprintf(err, sizeof err, "a request without its op");
        cJSON_Delete(reqs);
        sleep_ms(20);
    }
    fail_msg("save file: %s", err);
    return NULL;
}

/* Replays the save file through `uno table` and sends one more request;
 * returns its answer (the caller deletes it). */
static cJSON *ask_table(const Term *t, const char *request)
{
    char err[512];
    cJSON *reqs = save_requests(t->save);
    TableClient *c = table_client_start(NULL, err, sizeof err);
    if (!c)
        fail_msg("uno table: %s", err);
    cJSON *req;
    cJSON_ArrayForEach(req, reqs)
    {
        cJSON *r = table_client_send(c, req, err, sizeof err);
        if (!r || !cJSON_IsTrue(cJSON_GetObjectItem(r, "ok")))
            fail_msg("replaying the save file: %s", r ? cJSON_PrintUnformatted(r) : err);
        cJSON_Delete(r);
    }
    cJSON *answer = table_client_send_text(c, request, err, sizeof err);
    if (!answer)
        fail_msg("uno table: %s", err);
    cJSON_Delete(reqs);
    table_client_stop(c);
    return answer;
}

/* The first of seat 0's legal plays (ncards cards at least, or exactly one
 * when sets is false), typed as the person would type it: "r7", "w+4 g",
 * "r8 g8". false when there is none. */
static bool find_play(const Term *t, bool sets, char *typed, size_t len)
{
    cJSON *legal = ask_table(t, "{\"op\":\"legal\",\"seat\":0}");
    cJSON *moves = cJSON_GetObjectItem(legal, "moves"), *m;
    bool found = false;
    cJSON_ArrayForEach(m, moves)
    {
        if (strcmp(cJSON_GetObjectItem(m, "op")->valuestring, "play") != 0)
            continue;
        cJSON *cards = cJSON_GetObjectItem(m, "cards"), *color = cJSON_GetObjectItem(m, "color");
        if ((cJSON_GetArraySize(cards) > 1) != sets)
            continue;
        size_t used = 0;
        cJSON *c;
        cJSON_ArrayForEach(c, cards)
            used += (size_t)snprintf(typed + used, len - used, "%s%s", used ? " " : "", c->valuestring);
        if (cJSON_IsString(color))
            snprintf(typed + used, len - used, " %s", color->valuestring);
        found = true;
        break;
    }
    cJSON_Delete(legal);
    return found;
}

static int hand_count(const Term *t)
{
    cJSON *state = ask_table(t, "{\"op\":\"state\"}");
    cJSON *hands = cJSON_GetObjectItem(cJSON_GetObjectItem(state, "state"), "hands");
    int n = cJSON_GetArraySize(cJSON_GetArrayItem(hands, 0));
    cJSON_Delete(state);
    return n;
}

/* The requests in the save file so far of seat (any: -1) and of type op
 * (any: NULL). */
static int requests_of(const Term *t, int seat, const char *op)
{
    cJSON *reqs = save_requests(t->save), *r;
    int n = 0;
    cJSON_ArrayForEach(r, reqs)
    {
        cJSON *by = cJSON_GetObjectItem(r, "seat");
        bool seat_matches = seat < 0 || (cJSON_IsNumber(by) && by->valueint == seat);
        n += seat_matches && (!op || strcmp(cJSON_GetObjectItem(r, "op")->valuestring, op) == 0);
    }
    cJSON_Delete(reqs);
    return n;
}

/* After seat 0's d, of which it had made `before`: waits for the draw in
 * the save file, then asks the table whether seat 0 may play the card drawn
 * (phase drawn; KPGUT's draw until playable: must_play). false too when no
 * draw came within 10 s: the turn had gone before the key (a bot's KPGUT
 * side slide). */
static bool drew_playable(const Term *t, int before)
{
    for (int waited = 0; requests_of(t, 0, "draw") == before; waited += 100) {
        if (waited > 10000)
            return false;
        sleep_ms(100);
    }
    cJSON *st = ask_table(t, "{\"op\":\"state\"}");
    cJSON *state = cJSON_GetObjectItem(st, "state");
    const char *phase = cJSON_GetStringValue(cJSON_GetObjectItem(state, "phase"));
    cJSON *turn = cJSON_GetObjectItem(state, "turn");
    bool playable = cJSON_IsNumber(turn) && turn->valueint == 0 && phase &&
                    (strcmp(phase, "drawn") == 0 || strcmp(phase, "must_play") == 0);
    cJSON_Delete(st);
    return playable;
}

/* Types text as keys (tmux send-keys -l sends it literally), then Enter. */
static void type_line(Term *t, const char *text)
{
    tmux(t, "send-keys -l '%s'", text);
    tmux(t, "send-keys Enter");
}

static void lower(char *s)
{
    for (; *s; s++)
        if (*s >= 'A' && *s <= 'Z')
            *s = (char)(*s - 'A' + 'a');
}

/* Waits for seat 0's turn in a normal turn (the hint line says so). */
static void wait_my_turn(Term *t)
{
    must_see(t, "Your turn: Enter play", SCREEN_MS);
}

/* Waits up to ms for seat 0's normal turn, as wait_my_turn; false as soon
 * as the game asks seat 0 something else (a pending draw, a colour) or is
 * over, which no wait would change. */
static bool my_turn_comes(Term *t, int ms)
{
    static const char *const instead[] = {"You face ", "Name the colour", "Right suspicion", " over: "};
    for (int waited = 0; waited <= ms; waited += 50) {
        const char *screen = capture(t);
        if (strstr(screen, "Your turn: Enter play"))
            return true;
        for (size_t i = 0; i < sizeof instead / sizeof *instead; i++)
            if (strstr(screen, instead[i]))
                return false;
        sleep_ms(50);
    }
    return false;
}

/* d draws, and the log tells it; a playable card drawn may be kept: p
 * passes (docs/rules.md reading 14). */
static void draw_and_keep(Term *t)
{
    int draws = requests_of(t, 0, "draw");
    tmux(t, "send-keys d");
    must_see(t, "You draw ", SCREEN_MS);
    if (drew_playable(t, draws)) {
        must_see(t, "You drew a playable card", SCREEN_MS);
        tmux(t, "send-keys p");
        must_see(t, "'s turn.", SCREEN_MS);
    }
}

/* ---------------------------------------------------------------- tests */

/* Typing a card plays it; the log says so in words; with nothing to type,
 * d draws (MyUNO "Let's Play": draw a card). */
static void test_type_a_card_and_draw(void **state)
{
    (void)state;
    Term t;
    start(&t, 80, 24, "--rules mattel --seed 5 --pace 150 --name Tess");
    bool played = false, drew = false;
    for (int turn = 0; turn < 12 && !(played && drew); turn++) {
        wait_my_turn(&t);
        char typed[64], expect[96];
        if (!played && find_play(&t, false, typed, sizeof typed)) {
            char first[8];
            sscanf(typed, "%7s", first);
            snprintf(expect, sizeof expect, "You play %s", first);
            lower(typed);
            type_line(&t, typed);
            must_see(&t, expect, SCREEN_MS);
            played = true;
        } else {
            int before = hand_count(&t);
            draw_and_keep(&t);
            assert_true(hand_count(&t) >= before);
            drew = true;
        }
    }
    assert_true(played);
    /* q asks, y quits; the report names the save file */
    tmux(&t, "send-keys q");
    must_see(&t, "Quit the game? y/n", SCREEN_MS);
    tmux(&t, "send-keys y");
    wait_exit(&t, SCREEN_MS);
    const char *out = read_text(t.out);
    assert_non_null(out);
    assert_non_null(strstr(out, "You left the game."));
    assert_non_null(strstr(out, t.save));
    stop(&t);
}

/* A card not in the hand is refused in words; the turn stays. */
static void test_refused_card(void **state)
{
    (void)state;
    Term t;
    start(&t, 80, 24, "--rules mattel --seed 8 --pace 150");
    wait_my_turn(&t);
    cJSON *st = ask_table(&t, "{\"op\":\"state\"}");
    cJSON *hand = cJSON_GetArrayItem(cJSON_GetObjectItem(cJSON_GetObjectItem(st, "state"), "hands"), 0);
    /* a number card the person does not hold */
    const char *colors = "RGBY";
    char missing[3] = "";
    for (int c = 0; c < 4 && !missing[0]; c++)
        for (int v = 0; v < 10 && !missing[0]; v++) {
            char name[3] = {colors[c], (char)('0' + v), '\0'};
            bool held = false;
            cJSON *card;
            cJSON_ArrayForEach(card, hand) held = held || strcmp(card->valuestring, name) == 0;
            if (!held)
                memcpy(missing, name, sizeof name);
        }
    cJSON_Delete(st);
    char expect[32];
    snprintf(expect, sizeof expect, "You have no %s", missing);
    lower(missing);
    type_line(&t, missing);
    must_see(&t, expect, SCREEN_MS);
    must_see(&t, "Your turn: Enter play", SCREEN_MS);
    stop(&t);
}

/* Two cards each: the person plays one of them. Said UNO first (u): not
 * caught, and the log says it once. Forgot: the next player catches them, and they draw 2 (MyUNO
 * "Going Out"). */
static void uno_call(bool say)
{
    for (int seed = 1; seed < 40; seed++) {
        Term t;
        char args[160];
        snprintf(args, sizeof args, "--rules mattel --seed %d --pace 150 --forget 0 --options hand_size=2", seed);
        start(&t, 80, 24, args);
        if (!my_turn_comes(&t, 8000) || hand_count(&t) != 2) {
            stop(&t); /* the game went another way: try another deal */
            continue;
        }
        char typed[64];
        if (!find_play(&t, false, typed, sizeof typed)) {
            stop(&t);
            continue;
        }
        if (say) {
            tmux(&t, "send-keys u");
            must_see(&t, "You say UNO!", SCREEN_MS);
        }
        int others = requests_of(&t, -1, NULL) - requests_of(&t, 0, NULL);
        lower(typed);
        type_line(&t, typed);
        must_see(&t, "You play", SCREEN_MS);
        if (say) {
            /* a catch comes before the next player's move or not at all (MyUNO "Going Out") */
            for (int waited = 0; requests_of(&t, -1, NULL) - requests_of(&t, 0, NULL) == others; waited += 100) {
                if (waited > SCREEN_MS)
                    fail_msg("the next player did not move within %d ms:\n%s", SCREEN_MS, capture(&t));
                sleep_ms(100);
            }
            assert_int_equal(requests_of(&t, -1, "catch"), 0);
            assert_null(strstr(capture(&t), "without UNO"));
            const char *once = strstr(t.screen, "You say UNO!"); /* said before the play: told once */
            if (!once || strstr(once + 1, "You say UNO!"))
                fail_msg("\"You say UNO!\" is not there once:\n%s", t.screen);
        } else {
            must_see(&t, "catches you without UNO!", SCREEN_MS);
            must_see(&t, "(no UNO!)", SCREEN_MS);
        }
        stop(&t);
        return;
    }
    fail_msg("no deal in 40 seeds gave seat 0 a playable card with two cards in hand");
}

static void test_say_uno(void **state)
{
    (void)state;
    uno_call(true);
}

static void test_forget_uno_and_get_caught(void **state)
{
    (void)state;
    uno_call(false);
}

/* ? shows the keys and the rules in force with their values; any key
 * returns; --options changes show there. */
static void test_help_screen(void **state)
{
    (void)state;
    Term t;
    start(&t, 80, 24, "--rules mattel --seed 3 --pace 150 --options uno_penalty=4");
    must_see(&t, "Your hand", SCREEN_MS);
    tmux(&t, "send-keys '?'"); /* quoted: sh would glob a bare ? */
    /* it begins with how these rules play, wrapped at 80 columns, not cut */
    must_see(&t, "How mattel plays", SCREEN_MS);
    must_see(&t, "or draw 4 if caught", SCREEN_MS);
    must_see(&t, "first to 500 wins the match.", SCREEN_MS);
    must_see(&t, "d draw", SCREEN_MS);
    for (int i = 0; i < 80 && !strstr(capture(&t), "uno_penalty"); i++) {
        tmux(&t, "send-keys NPage"); /* a page less a line: every line is seen on some page */
        if (strstr(t.screen, "blank_draw")) /* no blank cards in this deck: their options are left out */
            fail_msg("the help lists blank cards' options without blanks:\n%s", t.screen);
    }
    const char *line = strstr(t.screen, "uno_penalty");
    assert_non_null(line);
    char value[16] = "";
    sscanf(line, "uno_penalty %15s", value);
    assert_string_equal(value, "4");
    tmux(&t, "send-keys x");
    must_see(&t, "Your hand", SCREEN_MS);
    stop(&t);
}

/* The last row of the screen that holds text. */
static int last_text_row(const char *screen)
{
    int row = 0, last = -1;
    for (const char *line = screen; *line; row++) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        if (strspn(line, " ") < len)
            last = row;
        if (!end)
            break;
        line = end + 1;
    }
    return last;
}

/* A resize redraws: the hint stays on the last row, the title reaches the
 * right edge; below 80x24 the game asks for room, and comes back. */
static void test_resize(void **state)
{
    (void)state;
    Term t;
    start(&t, 80, 24, "--rules mattel --seed 4 --pace 150");
    must_see(&t, "Your hand", SCREEN_MS);
    assert_int_equal(last_text_row(capture(&t)), 23);
    tmux(&t, "resize-window -x 120 -y 40");
    for (int i = 0; i < 40 && last_text_row(capture(&t)) != 39; i++)
        sleep_ms(50);
    assert_int_equal(last_text_row(t.screen), 39);
    /* the title line's "q quit" sits at the new right edge */
    const char *nl = strchr(t.screen, '\n'), *quit = strstr(t.screen, "q quit");
    assert_non_null(nl);
    assert_true(quit && quit < nl && quit - t.screen >= 120 - 8);
    must_see(&t, "Your hand", SCREEN_MS);
    tmux(&t, "resize-window -x 60 -y 20");
    must_see(&t, "UNO needs 80x24", SCREEN_MS);
    tmux(&t, "resize-window -x 80 -y 24");
    must_see(&t, "Your hand", SCREEN_MS);
    assert_int_equal(last_text_row(capture(&t)), 23);
    stop(&t);
}

/* Runs `uno replay FILE`, which must succeed: the hash it prints goes to
 * hash; returns the end state it prints (the caller deletes it). */
static cJSON *replay_end(const char *save, char *hash, size_t len)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s replay %s", uno_bin(), save);
    FILE *f = popen(cmd, "r");
    assert_non_null(f);
    static char line[1 << 20];
    cJSON *state = NULL;
    hash[0] = '\0';
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "hash: ", 6) == 0)
            snprintf(hash, len, "%.16s", line + 6);
        else if (!state)
            state = cJSON_Parse(line);
    assert_int_equal(pclose(f), 0);
    assert_non_null(state);
    return state;
}

/* A whole game (or match) played by bots to its end, saved in t->save;
 * returns what uno play printed. */
static const char *saved_game(Term *t, const char *args)
{
    char all[256];
    snprintf(all, sizeof all, "%s --autoplay --pace 0 --quit-at-end", args);
    start(t, 80, 24, all);
    wait_exit(t, 60000);
    const char *out = read_text(t->out);
    assert_non_null(out);
    return out;
}

/* A whole game to its end with a bot in seat 0 too; the save file replays
 * to the same state. */
static void whole_game(const char *args, const char *over)
{
    Term t;
    const char *out = saved_game(&t, args);
    if (!strstr(out, over) || !strstr(out, "exit status 0"))
        fail_msg("expected \"%s\" and exit status 0 in:\n%s", over, out);
    const char *h = strstr(out, "hash: ");
    assert_non_null(h);
    char printed[17], replayed[17];
    snprintf(printed, sizeof printed, "%.16s", h + 6);
    cJSON_Delete(replay_end(t.save, replayed, sizeof replayed));
    assert_string_equal(printed, replayed);
    stop(&t);
}

static void test_whole_game_mattel(void **state)
{
    (void)state;
    whole_game("--rules mattel --seed 21", "The game is over");
}

static void test_whole_session_kpgut(void **state)
{
    (void)state;
    /* autoplay at pace 0: everybody finishes within the first minute, so
     * everybody scores 0 minutes (KPGUT "Scoring"): a tie, not a win */
    whole_game("--rules kpgut --players 4 --seed 22 --match --games 2",
               "The match is over: a tie between you, Ada, Bert and Cleo. (2 games)");
}

/* KPGUT: a set typed as "r8 g8" is played as a set (KPGUT "Basic Gameplay"). */
static void test_kpgut_set(void **state)
{
    (void)state;
    for (int seed = 1; seed < 40; seed++) {
        Term t;
        char args[160];
        snprintf(args, sizeof args, "--rules kpgut --players 3 --seed %d --pace 150 --options hand_size=12", seed);
        start(&t, 80, 24, args);
        char typed[96];
        if (!my_turn_comes(&t, 8000) || !find_play(&t, true, typed, sizeof typed)) {
            stop(&t);
            continue;
        }
        char expect[120];
        snprintf(expect, sizeof expect, "You play %s", typed);
        if (strchr(typed, 'W')) /* "You play W W, colour Red" */
            *strrchr(expect, ' ') = '\0';
        lower(typed);
        type_line(&t, typed);
        must_see(&t, expect, SCREEN_MS);
        stop(&t);
        return;
    }
    fail_msg("no deal in 40 seeds gave seat 0 a set to play");
}

/* ------------------------------------------------- watching a saved game */

enum { MAX_LINES = 20000 };

/* The lines a command prints (newlines cut); the command must succeed. */
static int command_lines(const char *cmd, char **lines, int max)
{
    FILE *f = popen(cmd, "r");
    assert_non_null(f);
    int n = 0;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, f)) >= 0) {
        if (n == max)
            fail_msg("%s: more than %d lines", cmd, max);
        line[strcspn(line, "\n")] = '\0';
        lines[n++] = strdup(line);
    }
    free(line);
    if (pclose(f) != 0)
        fail_msg("%s failed", cmd);
    return n;
}

static void free_lines(char **lines, int n)
{
    for (int i = 0; i < n; i++)
        free(lines[i]);
}

/* `uno replay FILE --text [--seat N]` (seat < 0: the referee's view). */
static int replay_text(const char *save, int seat, char **lines)
{
    char cmd[512];
    if (seat >= 0)
        snprintf(cmd, sizeof cmd, "%s replay %s --text --seat %d", uno_bin(), save, seat);
    else
        snprintf(cmd, sizeof cmd, "%s replay %s --text", uno_bin(), save);
    return command_lines(cmd, lines, MAX_LINES);
}

/* Every event the table answers to the requests of the file, in order
 * (`uno replay FILE --events`), as one JSON array. */
static cJSON *replay_events(const char *save)
{
    char cmd[512], *lines[MAX_LINES];
    snprintf(cmd, sizeof cmd, "%s replay %s --events", uno_bin(), save);
    int n = command_lines(cmd, lines, MAX_LINES);
    cJSON *all = cJSON_CreateArray();
    for (int i = 0; i < n; i++) {
        cJSON *answer = cJSON_Parse(lines[i]), *ev;
        cJSON_ArrayForEach(ev, cJSON_GetObjectItem(answer, "events"))
            cJSON_AddItemToArray(all, cJSON_Duplicate(ev, true));
        cJSON_Delete(answer);
    }
    free_lines(lines, n);
    return all;
}

/* The requests of the save file. */

/* "12 1:05 Bert plays R7.": the action number, the clock, the sentence. */
static const char *sentence(const char *line, int *action)
{
    int m, ss, used = 0;
    if (sscanf(line, "%d %d:%2d %n", action, &m, &ss, &used) != 3 || used == 0)
        fail_msg("not \"ACTION M:SS sentence\": %s", line);
    return line + used;
}

/* --text tells each event of the file in one line, in the order the table
 * answers them: first the cards drawn for the deal (MyUNO Setup 1), then the
 * line that names the dealer; the last line the end. */
static void text_narrates(const char *args, int games)
{
    Term t;
    saved_game(&t, args);
    char *lines[MAX_LINES];
    int n = replay_text(t.save, -1, lines);
    cJSON *events = replay_events(t.save), *reqs = save_requests(t.save);
    assert_int_equal(n, cJSON_GetArraySize(events));
    /* who deals (the dealer of the first game, by name), after the cut */
    int first_deal = 0;
    while (strcmp(cJSON_GetObjectItem(cJSON_GetArrayItem(events, first_deal), "type")->valuestring,
                  "deal") != 0)
        first_deal++;
    for (int i = 0; i < first_deal; i++)
        assert_non_null(strstr(lines[i], " for the deal."));
    int dealer = cJSON_GetObjectItem(cJSON_GetArrayItem(events, first_deal), "seat")->valueint;
    const char *name = cJSON_GetObjectItem(
        cJSON_GetArrayItem(cJSON_GetObjectItem(cJSON_GetArrayItem(reqs, 0), "players"), dealer), "name")->valuestring;
    char expect[96];
    snprintf(expect, sizeof expect, "0 0:00 %s deals.", name);
    assert_string_equal(lines[first_deal], expect);
    /* one deal a game; actions numbered in order, the last request's last */
    int deals = 0, last = 0;
    for (int i = 0; i < n; i++) {
        int action;
        const char *said = sentence(lines[i], &action);
        assert_true(action >= last);
        last = action;
        deals += strstr(said, " deals.") != NULL;
    }
    assert_int_equal(deals, games);
    assert_non_null(strstr(lines[n - 1], "The game is over"));
    int requests = cJSON_GetArraySize(reqs);
    const char *op = cJSON_GetObjectItem(cJSON_GetArrayItem(reqs, requests - 1), "op")->valuestring;
    assert_int_equal(last, strcmp(op, "stop") == 0 ? requests - 2 : requests - 1);
    free_lines(lines, n);
    cJSON_Delete(events);
    cJSON_Delete(reqs);
    stop(&t);
}

static void test_replay_text(void **state)
{
    (void)state;
    text_narrates("--rules mattel --seed 21 --name Tess", 1);
}

static void test_replay_text_session(void **state)
{
    (void)state;
    text_narrates("--rules kpgut --players 4 --seed 22 --match --games 2 --name Tess", 2);
}

/* Seen from seat 1, the words keep the others' cards hidden: their draws
 * are counted, a hand shown to another seat is not written out; seat 1's
 * own draws are named. Line i tells event i in both views. */
static void test_replay_text_seat_hides(void **state)
{
    (void)state;
    Term t;
    saved_game(&t, "--rules mattel --seed 24 --name Tess");
    char *all[MAX_LINES], *mine[MAX_LINES];
    int n = replay_text(t.save, -1, all), m = replay_text(t.save, 1, mine);
    cJSON *events = replay_events(t.save);
    assert_int_equal(n, m);
    assert_int_equal(n, cJSON_GetArraySize(events));
    int hidden = 0, own = 0;
    for (int i = 0; i < n; i++) {
        cJSON *ev = cJSON_GetArrayItem(events, i);
        const char *type = cJSON_GetObjectItem(ev, "type")->valuestring;
        int seat = cJSON_GetObjectItem(ev, "seat") ? cJSON_GetObjectItem(ev, "seat")->valueint : -1;
        cJSON *target = cJSON_GetObjectItem(ev, "target");
        int action;
        const char *said = sentence(mine[i], &action);
        if (strcmp(type, "draw") == 0) {
            const char *after = strstr(said, " draws ");
            assert_non_null(after);
            bool counted = after[7] >= '0' && after[7] <= '9';
            if (seat == 1) {
                assert_false(counted);
                own++;
            } else {
                if (!counted)
                    fail_msg("seat 1 sees another seat's draw: %s", mine[i]);
                hidden++;
            }
        } else if (strcmp(type, "reveal") == 0 && seat != 1 && cJSON_IsNumber(target) && target->valueint >= 0 &&
                   target->valueint != 1) {
            assert_non_null(strstr(said, "shows a hand to"));
            hidden++;
        } else {
            assert_string_equal(mine[i], all[i]); /* nothing hidden: the same words */
        }
    }
    assert_true(hidden > 0);
    free_lines(all, n);
    free_lines(mine, m);
    cJSON_Delete(events);
    stop(&t);
}

/* --watch: Space shows the first action in the log, Left takes it back, p
 * plays to the end, q quits. */
static void test_replay_watch_steps(void **state)
{
    (void)state;
    Term t;
    saved_game(&t, "--rules mattel --seed 21 --name Tess");
    char *lines[MAX_LINES], first[160] = "";
    int n = replay_text(t.save, -1, lines), last = 0;
    for (int i = 0; i < n; i++) {
        const char *said = sentence(lines[i], &last);
        if (last == 1 && !first[0] && !strstr(said, "'s turn."))
            snprintf(first, sizeof first, "%s", said);
    }
    free_lines(lines, n);
    assert_true(first[0] != '\0');
    char args[512], end[32];
    snprintf(args, sizeof args, "replay %s --watch --pace 10", t.save);
    launch(&t, 80, 24, args);
    must_see(&t, "action 0/", SCREEN_MS);
    must_see(&t, "Every hand", SCREEN_MS);
    assert_null(strstr(capture(&t), first));
    tmux(&t, "send-keys Space");
    must_see(&t, "action 1/", SCREEN_MS);
    must_see(&t, first, SCREEN_MS);
    tmux(&t, "send-keys Left");
    must_see(&t, "action 0/", SCREEN_MS);
    assert_null(strstr(capture(&t), first));
    snprintf(end, sizeof end, "action %d/%d", last, last);
    tmux(&t, "send-keys p");
    must_see(&t, end, SCREEN_MS);
    must_see(&t, "Results", SCREEN_MS);
    tmux(&t, "send-keys q");
    wait_exit(&t, SCREEN_MS);
    assert_non_null(strstr(read_text(t.out), "exit status 0"));
    stop(&t);
}

/* Whether a card's name stands on the screen as a word of its own. */
static bool shows_card(const char *screen, const char *card)
{
    size_t len = strlen(card);
    for (const char *at = strstr(screen, card); at; at = strstr(at + 1, card)) {
        bool before = at == screen || !(isalnum((unsigned char)at[-1]) || at[-1] == '+');
        bool after = !(isalnum((unsigned char)at[len]) || at[len] == '+');
        if (before && after)
            return true;
    }
    return false;
}

static bool in_list(const cJSON *cards, const char *card)
{
    const cJSON *c;
    cJSON_ArrayForEach(c, cards)
        if (strcmp(c->valuestring, card) == 0)
            return true;
    return false;
}

/* --watch --seat 1: seat 1's hand face up, never seat 2's cards (the deal's
 * hands from `uno table`'s state); the referee's view shows them. */
static void test_replay_watch_seat_hides(void **state)
{
    (void)state;
    Term t;
    saved_game(&t, "--rules mattel --seed 21 --name Tess");
    cJSON *reqs = save_requests(t.save);
    char err[512];
    TableClient *c = table_client_start(NULL, err, sizeof err);
    if (!c)
        fail_msg("uno table: %s", err);
    cJSON *dealt = table_client_send(c, cJSON_GetArrayItem(reqs, 0), err, sizeof err);
    cJSON *st = table_client_send_text(c, "{\"op\":\"state\"}", err, sizeof err);
    assert_non_null(st);
    table_client_stop(c);
    cJSON *s = cJSON_GetObjectItem(st, "state");
    cJSON *hands = cJSON_GetObjectItem(s, "hands");
    cJSON *own = cJSON_GetArrayItem(hands, 1), *other = cJSON_GetArrayItem(hands, 2), *card;
    const char *top = cJSON_GetObjectItem(s, "top")->valuestring;
    /* the cards drawn to choose the dealer are public (MyUNO Setup 1) */
    cJSON *cut = cJSON_CreateArray(), *ev;
    cJSON_ArrayForEach(ev, cJSON_GetObjectItem(dealt, "events"))
        if (strcmp(cJSON_GetObjectItem(ev, "type")->valuestring, "cut") == 0)
            cJSON_AddItemToArray(cut, cJSON_Duplicate(cJSON_GetArrayItem(cJSON_GetObjectItem(ev, "cards"), 0), 1));
    /* seat 2's cards that nothing else on the screen could name */
    const char *secret[32];
    int nsecret = 0;
    cJSON_ArrayForEach(card, other)
        if (!in_list(own, card->valuestring) && !in_list(cut, card->valuestring) &&
            strcmp(card->valuestring, top) != 0 && nsecret < 32)
            secret[nsecret++] = card->valuestring;
    assert_true(nsecret > 0);
    char args[512];
    snprintf(args, sizeof args, "replay %s --watch --seat 1", t.save);
    launch(&t, 80, 24, args);
    must_see(&t, "seat 1", SCREEN_MS);
    capture(&t);
    cJSON_ArrayForEach(card, own)
        if (!shows_card(t.screen, card->valuestring))
            fail_msg("seat 1's %s is not face up:\n%s", card->valuestring, t.screen);
    for (int i = 0; i < nsecret; i++)
        if (shows_card(t.screen, secret[i]))
            fail_msg("seat 2's %s shows from seat 1:\n%s", secret[i], t.screen);
    tmux(&t, "send-keys q");
    wait_exit(&t, SCREEN_MS);
    /* the referee sees them: the check above would catch a leak */
    snprintf(args, sizeof args, "replay %s --watch", t.save);
    launch(&t, 80, 24, args);
    must_see(&t, "Every hand", SCREEN_MS);
    capture(&t);
    for (int i = 0; i < nsecret; i++)
        if (!shows_card(t.screen, secret[i]))
            fail_msg("the referee does not see seat 2's %s:\n%s", secret[i], t.screen);
    tmux(&t, "send-keys q");
    wait_exit(&t, SCREEN_MS);
    cJSON_Delete(cut);
    cJSON_Delete(dealt);
    cJSON_Delete(st);
    cJSON_Delete(reqs);
    stop(&t);
}

/* ------------------------------------------------------ resuming a game */

/* Seat 0's hand in a `state` answer, as "R3 G9 W" (sorted, as on screen). */
static void state_hand(const cJSON *state, char *out, size_t len)
{
    cJSON *hands = cJSON_GetObjectItem(cJSON_GetObjectItem(state, "state"), "hands"), *c;
    size_t used = 0;
    out[0] = '\0';
    cJSON_ArrayForEach(c, cJSON_GetArrayItem(hands, 0))
        used += (size_t)snprintf(out + used, len - used, "%s%s", used ? " " : "", c->valuestring);
}

/* The hand on the screen: the cards after "Your hand (N cards)", as "R3 G9 W". */
static void screen_hand(const char *screen, char *out, size_t len)
{
    const char *label = strstr(screen, "Your hand (");
    int n = 0;
    if (!label || sscanf(label, "Your hand (%d", &n) != 1)
        fail_msg("no hand on the screen:\n%s", screen);
    char rest[SCREEN_MAX];
    snprintf(rest, sizeof rest, "%s", strchr(label, '\n') ? strchr(label, '\n') : "");
    size_t used = 0;
    out[0] = '\0';
    char *save = NULL;
    for (char *tok = strtok_r(rest, " \n[]", &save); tok && n > 0; tok = strtok_r(NULL, " \n[]", &save)) {
        UnoCard card;
        if (uno_card_parse(tok, &card) != UNO_OK)
            continue;
        used += (size_t)snprintf(out + used, len - used, "%s%s", used ? " " : "", uno_card_name(card));
        n--;
    }
}

/* The pid of uno play: the child of the pane's shell. */
static long uno_pid(const Term *t)
{
    char cmd[64];
    snprintf(cmd, sizeof cmd, "pgrep -P %ld", t->pane_pid);
    FILE *f = popen(cmd, "r");
    long pid = 0;
    if (f && fscanf(f, "%ld", &pid) != 1)
        pid = 0;
    if (f)
        pclose(f);
    return pid;
}

/* Seat 0's first legal play if there is one (typed), else a draw; waits
 * for the log to tell it. */
static void play_or_draw(Term *t)
{
    char typed[64];
    if (find_play(t, false, typed, sizeof typed)) {
        lower(typed);
        type_line(t, typed);
        must_see(t, "You play", SCREEN_MS);
    } else {
        draw_and_keep(t);
    }
}

/* `uno play --resume t->save ARGS` in a new terminal of t's server. */
static void resume(Term *t, const char *args)
{
    char all[512];
    snprintf(all, sizeof all, "play --resume %s %s", t->save, args);
    launch(t, 80, 24, all);
}

/* q, y: uno play leaves; its report says how to go on, and the hash. */
static void quit_game(Term *t, char *hash, size_t len)
{
    tmux(t, "send-keys q");
    must_see(t, "Quit the game? y/n", SCREEN_MS);
    tmux(t, "send-keys y");
    wait_exit(t, SCREEN_MS);
    const char *out = read_text(t->out), *h = out ? strstr(out, "hash: ") : NULL;
    char hint[512];
    snprintf(hint, sizeof hint, "continue with: %s play --resume %s\n", uno_bin(), t->save);
    if (!h || !strstr(out, hint) || !strstr(out, "exit status 0"))
        fail_msg("expected \"%s\", the hash and exit status 0 in:\n%s", hint, out ? out : "(nothing)");
    snprintf(hash, len, "%.16s", h + 6);
}

/* The game resumed from its save file of `requests` requests: the log says
 * so, seat 0's hand on the screen is the one `uno replay FILE` ends with
 * (in its turn, when the bots wait). d draws; q quits. The file then has
 * more requests, replays to the hash uno play printed, and its clock `t`
 * goes on from the last saved one, never back. */
static void go_on(Term *t, int requests)
{
    char resumed[64], hash[17], printed[17], mine[512], shown[512];
    snprintf(resumed, sizeof resumed, "Resumed from the save file (%d requests)", requests);
    must_see(t, resumed, SCREEN_MS);
    wait_my_turn(t);
    cJSON *end = replay_end(t->save, hash, sizeof hash);
    state_hand(end, mine, sizeof mine);
    cJSON_Delete(end);
    screen_hand(capture(t), shown, sizeof shown);
    assert_string_equal(shown, mine);
    tmux(t, "send-keys d");
    must_see(t, "You draw ", SCREEN_MS);
    quit_game(t, printed, sizeof printed);
    cJSON *reqs = save_requests(t->save);
    assert_true(cJSON_GetArraySize(reqs) > requests);
    double last = 0, saved = 0;
    for (int i = 0; i < cJSON_GetArraySize(reqs); i++) {
        cJSON *clock = cJSON_GetObjectItem(cJSON_GetArrayItem(reqs, i), "t");
        if (!cJSON_IsNumber(clock))
            continue;
        if (clock->valuedouble < last)
            fail_msg("t goes back from %.0f to %.0f", last, clock->valuedouble);
        last = clock->valuedouble;
        if (i < requests)
            saved = last;
    }
    /* the clock went on from the last saved t while the person looked */
    assert_true(last > saved);
    cJSON_Delete(reqs);
    cJSON_Delete(replay_end(t->save, hash, sizeof hash));
    assert_string_equal(hash, printed);
}

/* A game left with q goes on with --resume: the same hand, the same file. */
static void test_resume_after_quit(void **state)
{
    (void)state;
    Term t;
    start(&t, 80, 24, "--rules mattel --seed 5 --pace 150");
    wait_my_turn(&t);
    play_or_draw(&t);
    wait_my_turn(&t);
    char printed[17], replayed[17];
    quit_game(&t, printed, sizeof printed);
    cJSON_Delete(replay_end(t.save, replayed, sizeof replayed));
    assert_string_equal(printed, replayed);
    cJSON *reqs = save_requests(t.save);
    int requests = cJSON_GetArraySize(reqs);
    cJSON_Delete(reqs);
    /* the bots wait: the screen stays on the person's turn */
    resume(&t, "--pace 60000");
    go_on(&t, requests);
    stop(&t);
}

/* uno play killed (kill -9) mid-game, in the bots' turn: --resume goes on
 * from the last request saved, the bots play on to the person's turn. */
static void test_resume_after_kill(void **state)
{
    (void)state;
    Term t;
    start(&t, 80, 24, "--rules mattel --seed 7 --pace 150");
    wait_my_turn(&t);
    play_or_draw(&t);
    long pid = uno_pid(&t);
    assert_true(pid > 0);
    assert_int_equal(kill((pid_t)pid, SIGKILL), 0);
    wait_exit(&t, SCREEN_MS);
    assert_non_null(strstr(read_text(t.out), "exit status 137"));
    cJSON *reqs = save_requests(t.save);
    int requests = cJSON_GetArraySize(reqs);
    cJSON_Delete(reqs);
    resume(&t, "--pace 150");
    go_on(&t, requests);
    stop(&t);
}

/* Refused: a game that is over (exit 1, pointing at uno replay --watch), a
 * file with a line that fails (exit 1, naming the line), and a new game's
 * option with --resume (exit 2). */
static void test_resume_refused(void **state)
{
    (void)state;
    Term t;
    saved_game(&t, "--rules mattel --seed 21");
    resume(&t, "");
    wait_exit(&t, SCREEN_MS);
    const char *out = read_text(t.out);
    char expect[512];
    snprintf(expect, sizeof expect, "is over: watch it with uno replay %s --watch", t.save);
    if (!strstr(out, expect) || !strstr(out, "exit status 1"))
        fail_msg("expected \"%s\" and exit status 1 in:\n%s", expect, out);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "%s play --resume %s --seed 3 >/dev/null 2>&1", uno_bin(), t.save);
    int rc = system(cmd);
    assert_true(WIFEXITED(rc));
    assert_int_equal(WEXITSTATUS(rc), 2);
    cJSON *reqs = save_requests(t.save);
    int lines = cJSON_GetArraySize(reqs);
    cJSON_Delete(reqs);
    FILE *f = fopen(t.save, "a");
    assert_non_null(f);
    fputs("{\"op\":\"fly\"}\n", f);
    fclose(f);
    resume(&t, "");
    wait_exit(&t, SCREEN_MS);
    out = read_text(t.out);
    /* the requests, the end mark, then the line added */
    snprintf(expect, sizeof expect, "cannot resume %s: line %d: a line after the end mark", t.save, lines + 2);
    if (!strstr(out, expect) || !strstr(out, "exit status 1"))
        fail_msg("expected \"%s\" and exit status 1 in:\n%s", expect, out);
    stop(&t);
}


/* ----------------------------------------------- the table as people use it */

/* The rows of the log: between the rule under the pile and the hand's label. */
static int log_rows(const char *screen)
{
    const char *rule = strstr(screen, "\xe2\x94\x80\xe2\x94\x80"), *hand = strstr(screen, "Your hand");
    if (!rule || !hand || hand < rule)
        return -1;
    int rows = -1; /* the rule's own line ends first */
    for (const char *c = rule; c < hand; c++)
        rows += *c == '\n';
    return rows;
}

/* Waits up to ms for the log to hold pages of its rows (a line at least for
 * each play in the save file); returns its rows. */
static int log_pages_played(Term *t, int pages, int ms)
{
    int rows = log_rows(capture(t));
    for (int waited = 0; requests_of(t, -1, "play") < pages * rows; waited += 100) {
        if (waited > ms)
            fail_msg("the log did not reach %d pages of %d rows within %d ms:\n%s", pages, rows, ms, t->screen);
        sleep_ms(100);
        rows = log_rows(capture(t));
    }
    return rows;
}

/* KPGUT with 10 players at 80x24: the log keeps at least 4 rows; PgUp
 * scrolls it back (a marker says how far), PgDn comes back to the newest. */
static void test_log_ten_players(void **state)
{
    (void)state;
    Term t;
    start(&t, 80, 24, "--rules kpgut --players 10 --seed 8 --autoplay --pace 40");
    must_see(&t, "Your hand", SCREEN_MS);
    int rows = log_pages_played(&t, 2, 20000);
    if (rows < 4)
        fail_msg("the log has %d rows at 80x24 with 10 players:\n%s", rows, t.screen);
    tmux(&t, "send-keys PPage");
    must_see(&t, "lines back: PgDn or > for newer", SCREEN_MS);
    tmux(&t, "send-keys NPage NPage NPage NPage NPage NPage");
    for (int i = 0; i < 40 && strstr(capture(&t), "lines back"); i++)
        sleep_ms(50);
    if (strstr(t.screen, "lines back"))
        fail_msg("PgDn did not come back to the newest lines:\n%s", t.screen);
    stop(&t);
}

/* Without colours (TERM=vt100) the playable cards of the hand are marked:
 * bold and underlined, exactly the cards seat 0 may play. */
static void test_vt100_marks_playable(void **state)
{
    (void)state;
    Term t;
    start_env(&t, 80, 24, "TERM=vt100", "--rules mattel --seed 11 --pace 150");
    wait_my_turn(&t);
    sleep_ms(300);
    static char screen[SCREEN_MAX];
    snprintf(screen, sizeof screen, "%s", capture_escapes(&t));
    /* the underlined cards on the screen, "[R7]" after an SGR with 4 in it */
    char marked[256] = "";
    for (const char *c = screen; (c = strstr(c, "\x1b[")); c++) {
        const char *m = c + 2, *end = m + strspn(m, "0123456789;");
        if (*end != 'm' || end[1] != '[')
            continue;
        bool underline = false;
        for (const char *d = m; d < end; d++)
            if (*d == '4' && (d == m || d[-1] == ';') && (d + 1 == end || d[1] == ';'))
                underline = true;
        if (underline) {
            char card[8] = "";
            sscanf(end + 2, "%7[^]]", card);
            strncat(marked, card, sizeof marked - strlen(marked) - 2);
            strcat(marked, " ");
        }
    }
    /* what seat 0 may play now */
    cJSON *legal = ask_table(&t, "{\"op\":\"legal\",\"seat\":0}"), *m;
    char want[256] = "";
    cJSON_ArrayForEach(m, cJSON_GetObjectItem(legal, "moves"))
    {
        const char *op = cJSON_GetStringValue(cJSON_GetObjectItem(m, "op"));
        cJSON *cards = cJSON_GetObjectItem(m, "cards");
        if (!op || strcmp(op, "play") != 0 || !cards)
            continue;
        const char *first = cJSON_GetStringValue(cJSON_GetArrayItem(cards, 0));
        char needle[16];
        snprintf(needle, sizeof needle, "%s ", first);
        if (!strstr(want, needle))
            strncat(want, needle, sizeof want - strlen(want) - 1);
    }
    cJSON_Delete(legal);
    /* every playable kind is marked, and nothing else */
    for (char *w = strtok(want, " "); w; w = strtok(NULL, " ")) {
        char needle[16];
        snprintf(needle, sizeof needle, "%s ", w);
        if (!strstr(marked, needle))
            fail_msg("playable %s is not marked (marked: %s)", w, marked);
    }
    cJSON *again = ask_table(&t, "{\"op\":\"legal\",\"seat\":0}");
    for (char *c = strtok(marked, " "); c; c = strtok(NULL, " ")) {
        char needle[32];
        snprintf(needle, sizeof needle, "\"%s\"", c);
        char *text = cJSON_PrintUnformatted(again);
        bool ok = strstr(text, needle) != NULL;
        free(text);
        if (!ok)
            fail_msg("%s is marked but cannot be played", c);
    }
    cJSON_Delete(again);
    stop(&t);
}

/* TERM=dumb cannot move the cursor: uno play says so and stops (status 1)
 * instead of a blank screen. */
static void test_dumb_terminal_refused(void **state)
{
    (void)state;
    Term t;
    start_env(&t, 80, 24, "TERM=dumb", "--rules mattel --seed 3");
    wait_exit(&t, SCREEN_MS);
    const char *out = read_text(t.out);
    if (!out || !strstr(out, "uno play: this terminal (TERM=dumb) cannot move the cursor") ||
        !strstr(out, "exit status 1"))
        fail_msg("expected the refusal and exit status 1 in:\n%s", out ? out : "(nothing)");
    stop(&t);
}

/* Ctrl-C leaves as q does: the game is saved, the same words at the end. */
static void test_ctrl_c_saves(void **state)
{
    (void)state;
    Term t;
    start(&t, 80, 24, "--rules mattel --seed 5 --pace 150");
    wait_my_turn(&t);
    tmux(&t, "send-keys C-c");
    wait_exit(&t, SCREEN_MS);
    const char *out = read_text(t.out);
    char hint[512];
    snprintf(hint, sizeof hint, "continue with: %s play --resume %s\n", uno_bin(), t.save);
    if (!out || !strstr(out, "You left the game.") || !strstr(out, hint) || !strstr(out, "exit status 0"))
        fail_msg("expected \"%s\" and exit status 0 in:\n%s", hint, out ? out : "(nothing)");
    cJSON *reqs = save_requests(t.save); /* the file is whole */
    assert_true(cJSON_GetArraySize(reqs) >= 1);
    cJSON_Delete(reqs);
    stop(&t);
}

/* The seed of a save file's `new` request. */
static double save_seed(const char *path)
{
    cJSON *reqs = save_requests(path);
    double seed = cJSON_GetNumberValue(cJSON_GetObjectItem(cJSON_GetArrayItem(reqs, 0), "seed"));
    cJSON_Delete(reqs);
    return seed;
}

/* A game over offers to play again: r the same deal (the same seed, in a
 * new save file), a a new deal; q then tells every game's file. */
static void test_play_again(void **state)
{
    (void)state;
    Term t;
    char env[300], dir[256];
    snprintf(dir, sizeof dir, "/tmp/unoplay-%d-state", (int)getpid());
    snprintf(env, sizeof env, "XDG_STATE_HOME=%s", dir);
    start_env(&t, 80, 24, env, "--rules mattel --seed 21 --autoplay --pace 0");
    must_see(&t, "a play again (a new deal), r the same deal again", SCREEN_MS);
    tmux(&t, "send-keys r");
    sleep_ms(500);
    must_see(&t, "a play again (a new deal), r the same deal again", SCREEN_MS);
    tmux(&t, "send-keys a");
    sleep_ms(500);
    must_see(&t, "a play again (a new deal), r the same deal again", SCREEN_MS);
    tmux(&t, "send-keys q");
    wait_exit(&t, SCREEN_MS);
    const char *out = read_text(t.out);
    char first[512];
    snprintf(first, sizeof first, "An earlier game was saved to %s\n", t.save);
    if (!out || !strstr(out, first) || !strstr(out, "exit status 0"))
        fail_msg("expected \"%s\" in:\n%s", first, out ? out : "(nothing)");
    /* the second game's file (the same deal), then the third's (a new one) */
    char second[512] = "", third[512] = "";
    const char *c = strstr(out, first) + strlen(first);
    sscanf(c, "An earlier game was saved to %511s", second);
    const char *last = strstr(out, "Saved to ");
    assert_non_null(last);
    sscanf(last, "Saved to %511s", third);
    assert_true(second[0] && third[0]);
    assert_true(save_seed(second) == save_seed(t.save));
    assert_true(save_seed(third) != save_seed(t.save));
    unlink(second);
    unlink(third);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
    stop(&t);
}

/* ------------------------------ Enter, paging, colours, titles, calls */

/* Enter, and the colour if it asks for one (a Wild): true when seat 0
 * played within 3 s. */
static bool enter_played(Term *t)
{
    int before = requests_of(t, 0, "play");
    tmux(t, "send-keys Enter");
    bool named = false;
    for (int waited = 0; waited <= 3000; waited += 50) {
        if (requests_of(t, 0, "play") > before)
            return true;
        if (!named && strstr(capture(t), "Which colour?")) {
            tmux(t, "send-keys r");
            named = true;
        }
        sleep_ms(50);
    }
    return false;
}

/* d draws; when the hint then offers the card drawn (after_draw), Enter
 * plays it. false: the card drawn does not play. */
static bool draw_and_enter(Term *t, const char *after_draw)
{
    int draws = requests_of(t, 0, "draw");
    tmux(t, "send-keys d");
    if (!drew_playable(t, draws))
        return false;
    must_see(t, after_draw, SCREEN_MS);
    if (!enter_played(t))
        fail_msg("Enter after \"%s\" did not play:\n%s", after_draw, capture(t));
    return true;
}

/* Enter alone plays what the hint offers: at the start of each turn the
 * cursor is on a playable card, and after a draw that brings one (Mattel:
 * the card drawn; KPGUT: the draw until playable, "Play a card now") on
 * that card. Deals are played until both have happened. */
static void enter_plays(const char *rules, const char *after_draw)
{
    int turns = 0, drawn = 0;
    for (int seed = 1; seed <= 20 && (turns < 2 || drawn < 1); seed++) {
        Term t;
        char args[160];
        snprintf(args, sizeof args, "--rules %s --players 3 --seed %d --pace 60", rules, seed);
        start(&t, 80, 24, args);
        for (int turn = 0; turn < 30 && (turns < 2 || drawn < 1); turn++) {
            if (!my_turn_comes(&t, 15000))
                break; /* the game is over, or went another way */
            char typed[64];
            if (!find_play(&t, false, typed, sizeof typed)) {
                drawn += draw_and_enter(&t, after_draw);
                continue;
            }
            if (!enter_played(&t))
                fail_msg("Enter at the start of a turn did not play (%s was playable):\n%s", typed, capture(&t));
            turns++;
        }
        stop(&t);
    }
    if (turns < 2 || drawn < 1)
        fail_msg("%s: %d turns began with Enter, %d draws brought a card Enter played", rules, turns, drawn);
}

static void test_enter_plays_what_the_hint_offers(void **state)
{
    (void)state;
    enter_plays("mattel", "You drew a playable card: Enter play it");
    enter_plays("kpgut", "Play a card now (Enter)");
}

/* "-- N lines back" on the screen, or 0. */
static int lines_back(Term *t)
{
    const char *mark = strstr(capture(t), "-- ");
    int n = 0;
    while (mark && sscanf(mark, "-- %d line", &n) != 1)
        mark = strstr(mark + 3, "-- ");
    return mark ? n : 0;
}

/* PgUp moves the log a page back (the log's rows, less the marker's), PgDn
 * a page forth; under TERM=vt100, which has no such keys, < and > do. */
static void log_pages(const char *env, const char *back, const char *forth)
{
    Term t;
    start_env(&t, 80, 24, env, "--rules mattel --seed 9 --autoplay --pace 60 --options hand_size=15");
    must_see(&t, "Your hand", SCREEN_MS);
    int rows = log_pages_played(&t, 3, 20000); /* a log longer than two pages */
    tmux(&t, "send-keys %s", back);
    must_see(&t, "lines back: PgDn or > for newer", SCREEN_MS);
    assert_int_equal(lines_back(&t), rows - 1);
    tmux(&t, "send-keys %s", back);
    for (int i = 0; i < 40 && lines_back(&t) != 2 * (rows - 1); i++)
        sleep_ms(50);
    assert_int_equal(lines_back(&t), 2 * (rows - 1));
    tmux(&t, "send-keys %s", forth);
    for (int i = 0; i < 40 && lines_back(&t) != rows - 1; i++)
        sleep_ms(50);
    assert_int_equal(lines_back(&t), rows - 1);
    tmux(&t, "send-keys %s", forth);
    for (int i = 0; i < 40 && lines_back(&t) != 0; i++)
        sleep_ms(50);
    if (lines_back(&t) != 0)
        fail_msg("%s did not come back to the newest lines:\n%s", forth, t.screen);
    stop(&t);
}

static void test_log_pages(void **state)
{
    (void)state;
    log_pages("", "PPage", "NPage");
    log_pages("TERM=vt100", "'<'", "'>'");
}

/* The SGR colour parameters in a screen captured with -e: 30-38, 40-48,
 * 90-97, 100-107 (39 and 49, the default colours, are none). */
static int colour_codes(const char *screen)
{
    int found = 0;
    for (const char *c = screen; (c = strstr(c, "\x1b[")); c++) {
        const char *m = c + 2, *end = m + strspn(m, "0123456789;");
        if (*end != 'm')
            continue;
        for (const char *p = m; p < end;) {
            int v = atoi(p);
            found += (v >= 30 && v <= 38) || (v >= 40 && v <= 48) || (v >= 90 && v <= 97) || (v >= 100 && v <= 107);
            p += strcspn(p, ";");
            p += *p == ';';
            if (v == 38 || v == 48) /* 38;5;N or 38;2;R;G;B: the rest is the colour */
                break;
        }
    }
    return found;
}

/* NO_COLOR set and not empty (https://no-color.org): no colour at all, the
 * cards written as [R7]; without it the same table has colours. */
static void test_no_color(void **state)
{
    (void)state;
    Term t;
    start(&t, 80, 24, "--rules mattel --seed 11 --pace 150");
    wait_my_turn(&t);
    if (colour_codes(capture_escapes(&t)) == 0)
        fail_msg("the table has no colours without NO_COLOR:\n%s", t.screen);
    stop(&t);
    start_env(&t, 80, 24, "NO_COLOR=1", "--rules mattel --seed 11 --pace 150");
    wait_my_turn(&t);
    must_see(&t, "Top: [", SCREEN_MS);
    if (colour_codes(capture_escapes(&t)) != 0)
        fail_msg("colours under NO_COLOR=1:\n%s", t.screen);
    stop(&t);
}

/* The first line of the screen: the title. */
static void title_line(Term *t, char *out, size_t len)
{
    const char *screen = capture(t);
    snprintf(out, len, "%.*s", (int)strcspn(screen, "\n"), screen);
}

/* The title's left part never runs into the clock: two spaces at least
 * before "MM:SS   ? help  q quit". */
static void clock_apart(const char *title)
{
    const char *keys = strstr(title, "   ? help  q quit");
    if (!keys)
        fail_msg("no clock and keys on the title line: '%s'", title);
    const char *clock = keys;
    while (clock > title && (isdigit((unsigned char)clock[-1]) || clock[-1] == ':'))
        clock--;
    if (keys - clock < 5 || clock - title < 2 || clock[-1] != ' ' || clock[-2] != ' ')
        fail_msg("the title runs into the clock: '%s'", title);
}

/* A partners match (booklet "Rules for partners") played to its end by the
 * bots: the winning team's two players are named as the winners, not as a
 * tie; at 80 columns the title (a long rules name, the teams' totals)
 * keeps off the clock. */
static void test_partners_match(void **state)
{
    (void)state;
    char rules[128];
    snprintf(rules, sizeof rules, "/tmp/unoplay-%d-partners.rules", (int)getpid());
    FILE *f = fopen(rules, "w");
    assert_non_null(f);
    fputs("base = mattel\nname = our-long-house-rules-name\npartners = true\n", f);
    fclose(f);
    Term t;
    char args[256];
    snprintf(args, sizeof args, "--rules %s --match --seed 31 --autoplay --pace 0", rules);
    start(&t, 80, 24, args);
    must_see(&t, "your team 0, theirs 0", SCREEN_MS);
    char title[256];
    title_line(&t, title, sizeof title);
    clock_apart(title);
    must_see(&t, "The match is over:", 120000);
    title_line(&t, title, sizeof title);
    clock_apart(title);
    assert_non_null(strstr(title, "your team "));
    if (!strstr(t.screen, "The match is over: you and Bert won.") &&
        !strstr(t.screen, "The match is over: Ada and Cleo won."))
        fail_msg("expected the winning team's players as the winners:\n%s", t.screen);
    assert_null(strstr(t.screen, "a tie between"));
    tmux(&t, "send-keys q");
    wait_exit(&t, SCREEN_MS);
    const char *out = read_text(t.out);
    if (!out || !strstr(out, " won. (") || !strstr(out, "exit status 0"))
        fail_msg("expected the verdict and exit status 0 in:\n%s", out ? out : "(nothing)");
    unlink(rules);
    stop(&t);
}

/* A cmd: bot whose program cannot be started: uno play says so and stops
 * with status 1, and leaves no game file (docs/bots-external.md). */
static void test_unstartable_bot(void **state)
{
    (void)state;
    Term t;
    start(&t, 80, 24, "--rules mattel --seed 3 --bot cmd:/nonexistent/bot");
    wait_exit(&t, SCREEN_MS);
    const char *out = read_text(t.out);
    if (!out || !strstr(out, "uno play: Ada's program (cmd:/nonexistent/bot): it could not be started") ||
        !strstr(out, "exit status 1"))
        fail_msg("expected the program's failure and exit status 1 in:\n%s", out ? out : "(nothing)");
    assert_int_not_equal(access(t.save, F_OK), 0);
    char log[300];
    snprintf(log, sizeof log, "%s.bots.log", t.save);
    unlink(log);
    stop(&t);
}

/* Runs `uno table --save FILE` on requests (one per line); the file is a
 * save file `uno replay` reads. */
static void table_save(const char *save, const char *requests)
{
    char cmd[600];
    unlink(save);
    snprintf(cmd, sizeof cmd, "%s table --save %s >/dev/null", uno_bin(), save);
    FILE *f = popen(cmd, "w");
    assert_non_null(f);
    fputs(requests, f);
    assert_int_equal(pclose(f), 0);
}

/* The words of a draw agree with its count and say why: a chain of two
 * Draw 2s is "two Draw 2s" (booklet "Let's play!": stacking); a UNO said
 * before the play is said once. */
static void test_words_agree(void **state)
{
    (void)state;
    char save[128];
    snprintf(save, sizeof save, "/tmp/unoplay-%d-words.jsonl", (int)getpid());
    table_save(save,
               "{\"op\":\"new\",\"rules\":\"mattel\",\"seed\":1,\"dealer\":0,"
               "\"options\":{\"hand_size\":3,\"stack_draw2\":true},"
               "\"players\":[{\"name\":\"Ada\",\"age\":40},{\"name\":\"Bert\",\"age\":30},{\"name\":\"Cleo\","
               "\"age\":20}],"
               /* dealt one at a time from Bert's seat: Bert R+2 G4 B5, Cleo G+2 Y3 Y4, Ada G5 R1 Y9; R7 up */
               "\"deck\":[\"R+2\",\"G+2\",\"G5\",\"G4\",\"Y3\",\"R1\",\"B5\",\"Y4\",\"Y9\",\"R7\",\"B1\",\"B2\","
               "\"B3\",\"B6\",\"B7\",\"B8\",\"B9\"]}\n"
               "{\"op\":\"play\",\"seat\":1,\"cards\":[\"R+2\"]}\n"
               "{\"op\":\"play\",\"seat\":2,\"cards\":[\"G+2\"]}\n" /* Ada cannot go on: she draws 4 */
               "{\"op\":\"uno\",\"seat\":1}\n"
               "{\"op\":\"play\",\"seat\":1,\"cards\":[\"G4\"]}\n");
    char *lines[MAX_LINES];
    int n = replay_text(save, -1, lines), unos = 0;
    bool chain = false;
    for (int i = 0; i < n; i++) {
        chain |= strstr(lines[i], "Ada draws B1 B2 B3 B6 (two Draw 2s).") != NULL;
        unos += strstr(lines[i], "Bert says UNO!") != NULL;
    }
    if (!chain || unos != 1) {
        for (int i = 0; i < n; i++)
            fprintf(stderr, "%s\n", lines[i]);
        fail_msg("expected \"Ada draws B1 B2 B3 B6 (two Draw 2s).\" and \"Bert says UNO!\" once");
    }
    free_lines(lines, n);
    unlink(save);
}

int main(void)
{
    if (system("tmux -V >/dev/null 2>&1") != 0) {
        fprintf(stderr, "test_play_tmux: tmux is not installed\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_type_a_card_and_draw, teardown),
        cmocka_unit_test_teardown(test_refused_card, teardown),
        cmocka_unit_test_teardown(test_say_uno, teardown),
        cmocka_unit_test_teardown(test_forget_uno_and_get_caught, teardown),
        cmocka_unit_test_teardown(test_help_screen, teardown),
        cmocka_unit_test_teardown(test_resize, teardown),
        cmocka_unit_test_teardown(test_kpgut_set, teardown),
        cmocka_unit_test_teardown(test_whole_game_mattel, teardown),
        cmocka_unit_test_teardown(test_whole_session_kpgut, teardown),
        cmocka_unit_test_teardown(test_replay_text, teardown),
        cmocka_unit_test_teardown(test_replay_text_session, teardown),
        cmocka_unit_test_teardown(test_replay_text_seat_hides, teardown),
        cmocka_unit_test_teardown(test_replay_watch_steps, teardown),
        cmocka_unit_test_teardown(test_replay_watch_seat_hides, teardown),
        cmocka_unit_test_teardown(test_resume_after_quit, teardown),
        cmocka_unit_test_teardown(test_resume_after_kill, teardown),
        cmocka_unit_test_teardown(test_resume_refused, teardown),
        cmocka_unit_test_teardown(test_log_ten_players, teardown),
        cmocka_unit_test_teardown(test_vt100_marks_playable, teardown),
        cmocka_unit_test_teardown(test_dumb_terminal_refused, teardown),
        cmocka_unit_test_teardown(test_ctrl_c_saves, teardown),
        cmocka_unit_test_teardown(test_play_again, teardown),
        cmocka_unit_test_teardown(test_enter_plays_what_the_hint_offers, teardown),
        cmocka_unit_test_teardown(test_log_pages, teardown),
        cmocka_unit_test_teardown(test_no_color, teardown),
        cmocka_unit_test_teardown(test_partners_match, teardown),
        cmocka_unit_test_teardown(test_unstartable_bot, teardown),
        cmocka_unit_test_teardown(test_words_agree, teardown),
    };
    /* UNO_TEST=NAME runs the tests whose name matches (cmocka's pattern) */
    if (getenv("UNO_TEST"))
        cmocka_set_test_filter(getenv("UNO_TEST"));
    return cmocka_run_group_tests(tests, NULL, NULL);
}
