/*
 * cmd_play.c — `uno play`: one person against bots in the terminal. Parses
 * the arguments, runs the main loop (input with a timeout, so that time
 * runs: KPGUT's UNO grace, catch windows, the bots' pace) and says at the
 * end where the game was saved and, when it is not over, how to resume it.
 * The modules are listed in play.h.
 */
#define _GNU_SOURCE /* program_invocation_name: the end names uno as it was started */
#include <errno.h>
#include <inttypes.h>
#include <locale.h>
#include <stddef.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <curses.h>

#include "cli/cli_util.h"
#include "cli/commands.h"
#include "cli/play.h"

enum { INPUT_WAIT_MS = 50, MESSAGE_MS = 6000 };

/* Ctrl-C, a hang-up or a kill: the game is saved after every action, so
 * the person leaves as with q, with the same words at the end. */
static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* Before the screen starts: ncurses leaves a handler it finds in place. */
static void catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: uno play [OPTIONS]\n"
            "       uno play --resume FILE [OPTIONS]\n"
            "\n"
            "Play UNO in the terminal against bots: you are seat 0. docs/play.md tells the\n"
            "keys; press ? in the game for them and for the rules in force.\n"
            "\n"
            "  --rules R        a rule set (mattel, classic, kpgut) or a rules file [mattel]\n"
            "  --players N      players, you included, 2..30 (the rules may allow fewer) [4]\n"
            "  --name NAME      your name [$USER]\n"
            "  --age A          your age in years [30] (KPGUT: the oldest deals, the\n"
            "                   youngest opens)\n"
            "  --seed S         the deal's seed [from the clock]\n"
            "  --options k=v,.. change options of the rule set (uno rules NAME lists them)\n"
            "  --pace MS        the bots' pace in milliseconds [700]\n"
            "  --forget R       how often the bots forget to say UNO, 0..1 [0.1]\n"
            "  --bluff R        how often the bots dare a Wild Draw 4 bluff, 0..1 [0.05]\n"
            "  --bot LEVEL      the bots' level [medium]: easy, medium, hard, expert\n"
            "                   (docs/bots.md), or random, heuristic, ismcts,\n"
            "                   ismcts:ITERATIONS, ismcts:MSms, or a program: cmd:COMMAND,\n"
            "                   cmd:MSms:COMMAND (docs/bots-external.md)\n"
            "  --match          a whole match (Mattel: to 500 over several hands; KPGUT: a\n"
            "                   session)\n"
            "  --target N       the match's target score [the rule set's: 500]; implies\n"
            "                   --match\n"
            "  --games N        the session's games [0: until you quit]; implies --match\n"
            "  --save FILE      save the game to FILE\n"
            "                   [~/.local/state/uno/games/STAMP-SEED.jsonl]\n"
            "  --no-save        do not save\n"
            "  --autoplay       a bot plays your seat too (a demo)\n"
            "  --quit-at-end    with --autoplay: leave when the game (or match) is over\n"
            "  --ascii          no UTF-8 symbols\n"
            "  --resume FILE    go on with the game saved in FILE (after a quit, a crash):\n"
            "                   its rules, players and seed are the file's, you are seat 0,\n"
            "                   new moves are added to FILE; only --pace, --forget, --bluff,\n"
            "                   --bot, --autoplay, --quit-at-end and --ascii go with it\n"
            "  --help           show this help\n"
            "\n"
            "The save file holds the `uno table` requests of the game: `uno replay FILE`\n"
            "re-runs it, `uno play --resume FILE` goes on with it. NO_COLOR set (and not\n"
            "empty) draws the table without colours.\n");
}

static int bad_usage(const char *fmt, const char *arg)
{
    fprintf(stderr, "uno play: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(uno play --help for the options)\n");
    return 2;
}

/* A deal's seed from the clock, that a JSON number carries exactly. */
static uint64_t clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t seed = ((uint64_t)ts.tv_sec * 1000003u) ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
    return seed & ((1ULL << 53) - 1);
}

/* The save files of the games played before the last (play again). */
enum { EARLIER_MAX = 32 };
static char earlier[EARLIER_MAX][4096];
static int nearlier;

static void remember_save(const char *path)
{
    if (nearlier < EARLIER_MAX)
        snprintf(earlier[nearlier++], sizeof earlier[0], "%s", path);
}

/* The options of a new game: with --resume, the save file has them. */
static bool new_game_option(const char *a)
{
    static const char *const names[] = {"--rules", "--options", "--players", "--name",  "--age",  "--seed",
                                        "--match", "--target",  "--games",   "--save",  "--no-save"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(a, names[i]) == 0)
            return true;
    return false;
}

/* The number options, their ranges, and where they go. */
typedef struct NumberOption {
    const char *name;
    long min, max;
    size_t offset;
    const char *what;
} NumberOption;

static const NumberOption number_options[] = {
    {"--players", 2, UNO_MAX_PLAYERS, offsetof(PlayConfig, players), "players, you included"},
    {"--age", 0, 200, offsetof(PlayConfig, age), "years"},
    {"--pace", 0, 60000, offsetof(PlayConfig, pace_ms), "milliseconds"},
    {"--games", 0, 1000, offsetof(PlayConfig, games), "games in the session; 0: until you stop"},
    {"--target", 1, 100000, offsetof(PlayConfig, target), "points"},
};

static const NumberOption *number_option(const char *name)
{
    for (size_t i = 0; i < sizeof number_options / sizeof number_options[0]; i++)
        if (strcmp(name, number_options[i].name) == 0)
            return &number_options[i];
    return NULL;
}

/* 0 done, 1 --help shown, 2 bad usage. */
static int parse_args(int argc, char **argv, PlayConfig *c)
{
    const char *new_game = NULL; /* the first option of a new game given */
    memset(c, 0, sizeof *c);
    c->rules = "mattel";
    c->players = 4;
    c->name = getenv("USER") && getenv("USER")[0] ? getenv("USER") : "Player";
    c->age = 30;
    c->pace_ms = 700;
    c->forget = 0.1;
    c->bluff = 0.05;
    c->bot = UNO_BOT_HEURISTIC;
    uno_bot_params_default(&c->bot_params);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        long n;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 1;
        }
        if (!new_game && new_game_option(a))
            new_game = a;
        bool flag = true;
        if (strcmp(a, "--match") == 0)
            c->match = true;
        else if (strcmp(a, "--no-save") == 0)
            c->no_save = true;
        else if (strcmp(a, "--autoplay") == 0 || strcmp(a, "--demo") == 0)
            c->autoplay = true;
        else if (strcmp(a, "--quit-at-end") == 0)
            c->quit_at_end = true;
        else if (strcmp(a, "--ascii") == 0)
            c->ascii = true;
        else
            flag = false;
        if (flag)
            continue;
        if (!val)
            return bad_usage("'%s' needs a value, or is unknown", a);
        i++;
        if (strcmp(a, "--rules") == 0)
            c->rules = val;
        else if (strcmp(a, "--options") == 0)
            c->options = val;
        else if (strcmp(a, "--name") == 0 && val[0] && strlen(val) < UNO_NAME_LEN)
            c->name = val;
        else if (strcmp(a, "--bot") == 0) {
            char why[UNO_ERR_LEN];
            if (uno_bot_parse(val, &c->bot, &c->bot_params, why, sizeof why) != UNO_OK)
                return bad_usage("--bot: %s", why);
        }
        else if (strcmp(a, "--save") == 0)
            c->save_path = val;
        else if (strcmp(a, "--resume") == 0)
            c->resume = val;
        else if (strcmp(a, "--players") == 0 || strcmp(a, "--age") == 0 || strcmp(a, "--pace") == 0 ||
                 strcmp(a, "--games") == 0 || strcmp(a, "--target") == 0) {
            const NumberOption *o = number_option(a);
            if (!uno_cli_parse_long(val, o->min, o->max, &n)) {
                fprintf(stderr, "uno play: %s: '%s' is not a number from %ld to %ld (%s)\n", a, val, o->min,
                        o->max, o->what);
                fprintf(stderr, "(uno play --help for the options)\n");
                return 2;
            }
            *(int *)((char *)c + o->offset) = (int)n;
            /* a target or a number of games is a match's: they imply --match */
            if (strcmp(a, "--games") == 0 || strcmp(a, "--target") == 0)
                c->match = true;
        } else if (strcmp(a, "--name") == 0)
            return bad_usage("--name: '%s' is empty or too long (at most 31 bytes)", val);
        else if (strcmp(a, "--bot") == 0)
            return bad_usage("--bot: '%s' is not a bot (heuristic, random)", val);
        else if (strcmp(a, "--seed") == 0 && val[0] >= '0' && val[0] <= '9') {
            char *end;
            c->seed = strtoull(val, &end, 10);
            if (*end)
                return bad_usage("--seed: '%s' is not a number", val);
            c->seed_given = true;
        } else if (strcmp(a, "--forget") == 0 || strcmp(a, "--bluff") == 0) {
            char *end;
            double rate = strtod(val, &end);
            if (*end || !(rate >= 0 && rate <= 1)) {
                fprintf(stderr, "uno play: %s: '%s' is not a number from 0 to 1\n(uno play --help for the options)\n",
                        a, val);
                return 2;
            }
            *(strcmp(a, "--forget") == 0 ? &c->forget : &c->bluff) = rate;
        } else if (strcmp(a, "--seed") == 0)
            return bad_usage("--seed: '%s' is not a number from 0 to 2^64-1", val);
        else
            return bad_usage("'%s' is not an option of uno play", a);
    }
    if (c->resume && new_game)
        return bad_usage("%s goes without --resume: the save file has the game", new_game);
    if (!c->seed_given)
        c->seed = clock_seed();
    return 0;
}

static bool finished(const Play *p)
{
    return p->view.phase == UNO_PHASE_OVER && play_match_over(p);
}

/* Autoplay goes on to the next game of a match by itself, after a pause. */
static bool autoplay_next(Play *p)
{
    char err[UNO_ERR_LEN];
    return p->cfg.autoplay && p->view.phase == UNO_PHASE_OVER && !play_match_over(p) &&
           p->now >= p->next_bot + 2 * p->cfg.pace_ms && play_next_game(p, err, sizeof err);
}

/* The person's screen: their seat's view, their hand with the cursor. */
static void draw(Play *p)
{
    char hint[256];
    play_hint(p, hint, sizeof hint);
    const char *message = NULL;
    if (p->save_error[0])
        message = p->save_error;
    else if (p->message[0] && p->now - p->message_at < MESSAGE_MS && p->view.turn == p->message_turn)
        message = p->message;
    PlayTable t = {
        .game = p->scratch,
        .match = p->match,
        .view = &p->view,
        .seat = p->human,
        .you = p->human,
        .now = p->now,
        .log = &p->log,
        .log_marked = 1,
        .log_scroll = &p->log_scroll,
        .cursor = p->cfg.autoplay ? -1 : p->cursor,
        .sel = p->sel,
        .nsel = p->nsel,
        .message = message,
        .hint = hint,
        .keys = play_keys_help,
        .help = p->help,
        .help_scroll = &p->help_scroll,
    };
    play_draw_table(&t);
}

static void run(Play *p)
{
    while (!p->quit && !interrupted) {
        play_refresh(p);
        bool acted = play_bots(p) || autoplay_next(p);
        play_sync_cursor(p);
        draw(p);
        if (p->cfg.quit_at_end && finished(p))
            break;
        timeout(acted ? 0 : INPUT_WAIT_MS);
        int key = getch();
        if (key != ERR) {
            play_refresh(p);
            play_key(p, key);
        }
    }
}

/* What is left on the terminal after the game. The commands it names call
 * uno as it was started (uno, build/uno, ./build/uno from scripts/play), so
 * that they work pasted where it was started. */
static void report(Play *p)
{
    const char *uno = program_invocation_name;
    UnoGame *g = play_game(p);
    int rank = uno_game_rank(g, p->human);
    if (p->match && uno_match_over(p->match)) {
        char verdict[256];
        play_match_verdict(p->match, 0, verdict, sizeof verdict);
        int games = uno_match_game_number(p->match) + 1;
        printf("%s (%d game%s)\n", verdict, games, uno_cli_s(games));
    } else if (uno_game_over(g) && rank == 1) {
        printf("The game is over: you won.\n");
    } else if (uno_game_over(g)) {
        printf("The game is over: you %s.\n", rank > 1 ? "did not win" : "were out of it");
    } else {
        printf("You left the game.\n");
    }
    for (int i = 0; i < nearlier; i++)
        printf("An earlier game was saved to %s\n", earlier[i]);
    if (p->saving || p->save_path[0]) {
        printf("Saved to %s\n(%s replay %s re-runs it)\n", p->save_path, uno, p->save_path);
        if (p->save_error[0])
            printf("but %s\n", p->save_error);
        if (!finished(p))
            printf("continue with: %s play --resume %s\n", uno, p->save_path);
    }
    printf("hash: %016" PRIx64 "\n", uno_state_hash(g, p->match));
}

/* The game is over and the person chose to play again: the same rules and
 * players, the same deal or a new one, in a new save file. The finished
 * game's file is told at the end with the others. */
static int play_again(Play *p, PlayConfig *cfg, char *err, size_t errlen)
{
    if (p->saving || p->save_path[0])
        remember_save(p->save_path);
    if (p->again == AGAIN_NEW_DEAL)
        cfg->seed = clock_seed();
    cfg->save_path = NULL;
    play_finish(p);
    err[0] = '\0';
    if (play_prepare(p, cfg, err, errlen) != 0 || play_begin(p, err, errlen) != 0)
        return -1;
    return 0;
}

/* uno play cannot go on: why, and the exit status. */
static int refuse(Play *p, const char *why, int status)
{
    fprintf(stderr, "uno play: %s\n", why);
    play_finish(p);
    return status;
}

int cmd_play(int argc, char **argv)
{
    PlayConfig cfg;
    int rc = parse_args(argc, argv, &cfg);
    if (rc)
        return rc == 1 ? 0 : 2;
    setlocale(LC_ALL, "");
    static Play p;
    char err[400];
    /* the rules, options and save file of the arguments first: their
     * errors come before any about the terminal (status 2 for rules and
     * options, as a bad argument; 1 for a file that cannot be resumed) */
    if (play_prepare(&p, &cfg, err, sizeof err) != 0)
        return refuse(&p, err, cfg.resume ? 1 : 2);
    if (!isatty(STDIN_FILENO))
        return refuse(&p, "needs a terminal (try uno table for scripts)", 1);
    catch_signals();
    if (play_begin(&p, err, sizeof err) != 0 || play_draw_init(cfg.ascii, err, sizeof err) != 0)
        return refuse(&p, err, 1);
    run(&p);
    while (p.again != AGAIN_NO && !interrupted && play_again(&p, &cfg, err, sizeof err) == 0)
        run(&p);
    play_draw_end();
    report(&p);
    play_finish(&p);
    if (p.failure[0]) {
        fprintf(stderr, "uno play: %s\n", p.failure);
        return 1;
    }
    if (err[0] && p.again != AGAIN_NO) {
        fprintf(stderr, "uno play: cannot play again: %s\n", err);
        return 1;
    }
    return 0;
}
