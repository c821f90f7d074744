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
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <curses.h>

#include "cli/cli_options.h"
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

/* --name: a name a table shows. */
static int set_name(void *args, const char *value, char *err, size_t errlen)
{
    if (!value[0] || strlen(value) >= UNO_NAME_LEN) {
        snprintf(err, errlen, "--name: '%.60s' is empty or too long (at most %d bytes)", value, UNO_NAME_LEN - 1);
        return 1;
    }
    ((PlayConfig *)args)->name = value;
    return 0;
}

/* --bot: the bots' policy and its parameters. */
static int set_bot(void *args, const char *value, char *err, size_t errlen)
{
    PlayConfig *c = args;
    char why[UNO_ERR_LEN];
    if (bot_parse(value, &c->bot, &c->bot_params, why, sizeof why) == UNO_OK)
        return 0;
    snprintf(err, errlen, "--bot: %s", why);
    return 1;
}

/* The rows of the table, by name: the options of a new game (the save file
 * of --resume has them) and those that mean a match are judged after. */
enum {
    OPT_RULES, OPT_PRESETS, OPT_PLAYERS, OPT_NAME, OPT_AGE, OPT_SEED, OPT_OPTIONS, OPT_PACE, OPT_FORGET, OPT_BLUFF, OPT_BOT,
    OPT_MATCH, OPT_TARGET, OPT_GAMES, OPT_SAVE, OPT_NO_SAVE, OPT_AUTOPLAY, OPT_DEMO, OPT_QUIT_AT_END, OPT_ASCII,
    OPT_RESUME,
};
static const uint64_t new_game_options = CLI_BIT(OPT_RULES) | CLI_BIT(OPT_PRESETS) | CLI_BIT(OPT_OPTIONS) | CLI_BIT(OPT_PLAYERS) |
                                         CLI_BIT(OPT_NAME) | CLI_BIT(OPT_AGE) | CLI_BIT(OPT_SEED) |
                                         CLI_BIT(OPT_MATCH) | CLI_BIT(OPT_TARGET) | CLI_BIT(OPT_GAMES) |
                                         CLI_BIT(OPT_SAVE) | CLI_BIT(OPT_NO_SAVE);

static const CliOption play_options[] = {
    [OPT_RULES] = CLI_TEXT("rules", "R", PlayConfig, rules,
                           "a rule set (mattel, classic, kpgut) or a rules file [mattel]"),
    [OPT_PRESETS] = CLI_TEXT("presets", "P,..", PlayConfig, presets,
                             "house rules by preset, in order (uno rules lists them): stack_everything, ..."),
    [OPT_PLAYERS] = CLI_INT("players", "N", PlayConfig, players, 2, UNO_MAX_PLAYERS,
                            "players, you included, 2..30 (the rules may allow fewer) [4]"),
    [OPT_NAME] = CLI_CALL("name", "NAME", set_name, "your name [$USER]"),
    [OPT_AGE] = CLI_INT("age", "A", PlayConfig, age, 0, 200,
                        "your age in years [30] (KPGUT: the oldest deals, the youngest opens)"),
    [OPT_SEED] = CLI_U64("seed", "S", PlayConfig, seed, 0, UINT64_MAX, "the deal's seed [from the clock]"),
    [OPT_OPTIONS] = CLI_TEXT("options", "k=v,..", PlayConfig, options,
                             "change options of the rule set (uno rules NAME lists them)"),
    [OPT_PACE] = CLI_INT("pace", "MS", PlayConfig, pace_ms, 0, 60000, "the bots' pace in milliseconds [700]"),
    [OPT_FORGET] = CLI_RATE("forget", "R", PlayConfig, forget, "how often the bots forget to say UNO, 0..1 [0.1]"),
    [OPT_BLUFF] = CLI_RATE("bluff", "R", PlayConfig, bluff,
                           "how often the bots dare a Wild Draw 4 bluff, 0..1 [0.05]"),
    [OPT_BOT] = CLI_CALL("bot", "LEVEL", set_bot,
                         "the bots' level [medium]: easy, medium, hard, expert (docs/bots.md), or random, "
                         "heuristic, ismcts, ismcts:ITERATIONS, ismcts:MSms, or a program: cmd:COMMAND, "
                         "cmd:MSms:COMMAND, cmd:MSms+Sms:COMMAND (MS per answer, 1000; S more for the first, to start, "
                         "5000; docs/bots-external.md)"),
    [OPT_MATCH] = CLI_FLAG("match", PlayConfig, match,
                           "a whole match (Mattel: to 500 over several hands; KPGUT: a session)"),
    [OPT_TARGET] = CLI_INT("target", "N", PlayConfig, target, 1, 100000,
                           "the match's target score [the rule set's: 500]; implies --match"),
    [OPT_GAMES] = CLI_INT("games", "N", PlayConfig, games, 0, 1000,
                          "the session's games [0: until you quit]; implies --match"),
    [OPT_SAVE] = CLI_TEXT("save", "FILE", PlayConfig, save_path,
                          "save the game to FILE [~/.local/state/uno/games/STAMP-SEED.jsonl]"),
    [OPT_NO_SAVE] = CLI_FLAG("no-save", PlayConfig, no_save, "do not save"),
    [OPT_AUTOPLAY] = CLI_FLAG("autoplay", PlayConfig, autoplay, "a bot plays your seat too (a demo)"),
    [OPT_DEMO] = CLI_FLAG("demo", PlayConfig, autoplay, "the same as --autoplay"),
    [OPT_QUIT_AT_END] = CLI_FLAG("quit-at-end", PlayConfig, quit_at_end,
                                 "with --autoplay: leave when the game (or match) is over"),
    [OPT_ASCII] = CLI_FLAG("ascii", PlayConfig, ascii, "no UTF-8 symbols"),
    [OPT_RESUME] = CLI_TEXT("resume", "FILE", PlayConfig, resume,
                            "go on with the game saved in FILE (after a quit, a crash): its rules, players and "
                            "seed are the file's, you are seat 0, new moves are added to FILE; only --pace, "
                            "--forget, --bluff, --bot, --autoplay, --quit-at-end and --ascii go with it"),
};

static const CliCommand play_command = {
    .name = "uno play",
    .synopsis = "usage: uno play [OPTIONS]\n"
                "       uno play --resume FILE [OPTIONS]\n",
    .about = "Play UNO in the terminal against bots: you are seat 0. docs/play.md tells the\n"
             "keys; press ? in the game for them and for the rules in force.\n",
    CLI_OPTIONS(play_options),
    .operands_note = "uno play takes options only",
    .notes = "The save file holds the `uno table` requests of the game: `uno replay FILE`\n"
             "re-runs it, `uno play --resume FILE` goes on with it. NO_COLOR set (and not\n"
             "empty) draws the table without colours.\n",
};

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

/* CLI_PARSED, CLI_HELP_SHOWN or CLI_BAD (said). */
static int parse_args(int argc, char **argv, PlayConfig *c)
{
    memset(c, 0, sizeof *c);
    c->rules = "mattel";
    c->players = 4;
    c->name = getenv("USER") && getenv("USER")[0] ? getenv("USER") : "Player";
    c->age = 30;
    c->pace_ms = 700;
    c->forget = 0.1;
    c->bluff = 0.05;
    c->bot = UNO_BOT_HEURISTIC;
    bot_params_default(&c->bot_params);
    CliParsed parsed;
    int rc = cli_parse(&play_command, argc, argv, c, &parsed);
    if (rc != CLI_PARSED)
        return rc;
    if (c->resume && (parsed.given & new_game_options))
        return cli_bad_usage(&play_command, "--%s goes without --resume: the save file has the game",
                             cli_first_given(&play_command, parsed.given & new_game_options));
    /* a target or a number of games is a match's */
    if (parsed.given & (CLI_BIT(OPT_TARGET) | CLI_BIT(OPT_GAMES)))
        c->match = true;
    c->seed_given = parsed.given & CLI_BIT(OPT_SEED);
    if (!c->seed_given)
        c->seed = clock_seed();
    return CLI_PARSED;
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
        printf("%s (%d game%s)\n", verdict, games, cli_s(games));
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
    printf("hash: %016" PRIx64 "\n", proto_state_hash(g, p->match));
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
    if (rc != CLI_PARSED)
        return cli_exit_status(rc);
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
