/*
 * play_session.c — the game behind `uno play` (play.h): rules and players
 * from the arguments, or a saved game rebuilt (--resume); the person's view
 * at the time of the monotonic clock, actions with their events in words,
 * the bots at their pace, and the save file.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cJSON.h>

#include "cli/cli_util.h"
#include "cli/play.h"
#include "cli/replay.h"
#include "cli/sim_args.h"
#include "protocol/match_ops.h"
#include "protocol/render.h"
#include "protocol/request.h"

/* The bots' names and ages (KPGUT: ages decide who deals and who opens). */
static const char *const bot_names[] = {"Ada", "Bert", "Cleo", "Dag", "Eeva", "Fred", "Gus", "Hilla",
                                        "Iris", "Jussi", "Kai", "Lotta", "Mika", "Nea"};
enum { NBOT_NAMES = sizeof bot_names / sizeof bot_names[0] };

/* The longest a catch stays open to the person before a bot takes it, at
 * a human pace (MyUNO "Going Out": before the next player begins a turn). */
enum { CATCH_MS = 1500 };

static int64_t monotonic_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ------------------------------------------------------------------ log */

void play_log_add(PlayLog *log, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(log->lines[log->count % PLAY_LOG_LINES], PLAY_LOG_WIDTH, fmt, ap);
    va_end(ap);
    log->count++;
}

const char *play_log_line(const PlayLog *log, int i)
{
    if (i < 0 || i >= log->count || i >= PLAY_LOG_LINES)
        return NULL;
    return log->lines[(log->count - 1 - i) % PLAY_LOG_LINES];
}

void play_say(Play *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->message, sizeof p->message, fmt, ap);
    va_end(ap);
    p->message_at = p->now;
    p->message_turn = p->view.turn;
}

bool play_may_play_again(const Play *p)
{
    return !p->cfg.resume && (!p->match || play_match_over(p));
}

/* ---------------------------------------------------------------- setup */

/* Every seat's record of the game (uno.h, UnoHistory), which the views
 * carry: a deal begins them again. */
static void remember(Play *p, const UnoEvent *ev)
{
    for (int s = 0; s < UNO_MAX_PLAYERS; s++) {
        if (ev->type == UNO_EV_DEAL) {
            uno_history_free(p->seen[s]);
            p->seen[s] = uno_history_new(s);
        }
        if (p->seen[s])
            uno_history_add(p->seen[s], &p->rules, ev);
    }
}

static void remember_deal(void *ctx, const UnoEvent *ev)
{
    remember(ctx, ev);
}

static void make_setup(Play *p)
{
    const PlayConfig *c = &p->cfg;
    uno_setup_init(&p->setup);
    p->setup.emit = remember_deal;
    p->setup.ctx = p;
    p->setup.nplayers = c->players;
    p->setup.seed = c->seed;
    snprintf(p->setup.players[0].name, UNO_NAME_LEN, "%s", c->name);
    p->setup.players[0].age = c->age;
    for (int s = 1; s < c->players; s++) {
        UnoPlayerInfo *pi = &p->setup.players[s];
        if (s <= NBOT_NAMES)
            snprintf(pi->name, UNO_NAME_LEN, "%s", bot_names[s - 1]);
        else
            snprintf(pi->name, UNO_NAME_LEN, "Bot %d", s);
        pi->age = 12 + (s * 17) % 60;
    }
}

/* mkdir -p */
static int make_dirs(char *path)
{
    for (char *s = path + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        int rc = mkdir(path, 0700);
        *s = '/';
        if (rc != 0 && errno != EEXIST)
            return -1;
    }
    return mkdir(path, 0700) == 0 || errno == EEXIST ? 0 : -1;
}

/* $XDG_STATE_HOME/uno/games/YYYYmmdd-HHMMSS-SEED.jsonl, or under
 * ~/.local/state when XDG_STATE_HOME is not set. */
static int default_save_path(Play *p, char *err, size_t errlen)
{
    const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
    char dir[3000];
    if (state && state[0] == '/')
        snprintf(dir, sizeof dir, "%s/uno/games", state);
    else if (home && home[0])
        snprintf(dir, sizeof dir, "%s/.local/state/uno/games", home);
    else {
        snprintf(err, errlen, "no HOME to save in (use --save FILE or --no-save)");
        return -1;
    }
    if (make_dirs(dir) != 0) {
        snprintf(err, errlen, "cannot create %.200s: %s", dir, strerror(errno));
        return -1;
    }
    time_t now = time(NULL);
    struct tm tm;
    char stamp[32];
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime_r(&now, &tm));
    snprintf(p->save_path, sizeof p->save_path, "%s/%s-%llu.jsonl", dir, stamp,
             (unsigned long long)p->cfg.seed);
    return 0;
}

/* Appends one request to the save file; a failure stops saving and says so. */
static void save_json(Play *p, cJSON *req)
{
    if (!p->saving)
        return;
    char *line = req ? cJSON_PrintUnformatted(req) : NULL;
    cJSON_Delete(req);
    if (!line || !proto_save_append(&p->save, line, proto_state_hash(play_game(p), p->match))) {
        snprintf(p->save_error, sizeof p->save_error, "saving stopped: %s",
                 line ? strerror(p->save.error) : "out of memory");
        p->saving = false;
    }
    free(line);
}

/* Where the game is saved: --save FILE, or the default. */
static int choose_save_path(Play *p, char *err, size_t errlen)
{
    if (p->cfg.no_save)
        return 0;
    if (!p->cfg.save_path)
        return default_save_path(p, err, errlen);
    snprintf(p->save_path, sizeof p->save_path, "%s", p->cfg.save_path);
    return 0;
}

/* Opens the save file for appending, under its lock: a new game's file must
 * be empty; a resumed game's must still hold the `records` requests it was
 * rebuilt from (savefile.h reads it again, to the byte where the next goes). */
static int open_save(Play *p, bool resume, long records, char *err, size_t errlen)
{
    if (p->cfg.no_save)
        return 0;
    char why[700];
    UnoTable *t = proto_table_new();
    int rc = !t ? -1 : proto_save_open(&p->save, p->save_path, true, why, sizeof why);
    if (t && rc == 0) {
        proto_table_set_rules_loader(t, cli_load_request_rules);
        rc = proto_save_replay(&p->save, t, NULL, NULL, why, sizeof why);
    }
    proto_table_free(t);
    if (!t)
        snprintf(why, sizeof why, "out of memory");
    else if (rc == 0 && p->save.records != (resume ? records : 0)) {
        snprintf(why, sizeof why, resume ? "%s changed while it was read" : "%s already holds a game: resume it "
                 "with uno play --resume %s, or save to another file", p->save_path, p->save_path);
        rc = -1;
    }
    if (rc != 0) {
        proto_save_close(&p->save);
        snprintf(err, errlen, "%s", why);
        return -1;
    }
    p->saving = true;
    return 0;
}

UnoGame *play_game(Play *p)
{
    return p->match ? uno_match_game(p->match) : p->own;
}

PlayVoice play_voice(const Play *p)
{
    return (PlayVoice){play_game((Play *)p), p->human, p->human};
}

/* The request that begins the current game in the save file: the `new`
 * (with the match's options) for the first, `next` for the others. */
static cJSON *game_request(const Play *p, bool first)
{
    if (!first)
        return proto_match_op_json("next", -1); /* the new game's clock begins at 0 */
    cJSON *req = proto_new_json(&p->rules, &p->setup, -1);
    bool ok = req != NULL;
    if (ok && p->match)
        proto_match_put_options(req, p->match, &ok);
    if (!ok) {
        cJSON_Delete(req);
        return NULL;
    }
    return req;
}

/* The person's seat: player 0's (in a match, the seat of the current game). */
static int person_seat(const UnoMatch *m)
{
    return m ? uno_match_player_seat(m, 0) : 0;
}

/* The current game is played from now on, its clock going on from `clock`
 * ms: the scratch copy, the person's seat, a fresh screen. */
static int show_game(Play *p, int64_t clock, char *err, size_t errlen)
{
    free(p->scratch);
    p->scratch = malloc(uno_game_bytes(play_game(p)));
    if (!p->scratch) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    p->human = person_seat(p->match);
    p->t0 = monotonic_ms() - clock;
    p->now = clock;
    p->next_bot = clock;
    p->cursor = 0;
    p->nsel = 0;
    p->hand_sig = 0;
    p->offer_sig = 0;
    p->prompt = PROMPT_NONE;
    p->has_pending_play = false;
    return 0;
}

/* The bots' settings, and their generator seeded from the deal's seed and
 * the requests saved before (0 for a new game). */
static void bots_init(Play *p, uint64_t seed, long requests)
{
    p->params = p->cfg.bot_params;
    p->params.forget_uno = p->cfg.forget;
    p->params.bluff_rate = p->cfg.bluff;
    uno_rng_seed(&p->rng, (seed ^ 0x5bd1e995u) + (uint64_t)requests);
}

/* Where the programs of --bot cmd:... write their standard error: beside
 * the save file (the screen is the game's). */
static void programs_log_path(const Play *p, char *path, size_t len)
{
    if (!p->cfg.no_save)
        snprintf(path, len, "%s.bots.log", p->save_path);
    else
        snprintf(path, len, "/dev/null");
}

/* "Ada's program (cmd:./bot): it could not be started: ..." */
static void program_failed(const Play *p, int seat, const char *why, char *err, size_t errlen)
{
    PlayVoice voice = play_voice(p);
    snprintf(err, errlen, "%s's program (cmd:%s): %s", play_seat_name(&voice, seat), p->params.command, why);
}

/* With --bot cmd:..., the programs of the bot seats that have none yet are
 * started (the shell is given a moment to fail). A program that cannot be
 * started is an error: no stand-in plays for it. */
static int start_programs(Play *p, char *err, size_t errlen)
{
    enum { START_MS = 250 }; /* a command the shell cannot run fails at once */
    if (p->cfg.bot != UNO_BOT_EXTERNAL)
        return 0;
    char log[sizeof p->save_path + 16];
    programs_log_path(p, log, sizeof log);
    PlayVoice voice = play_voice(p);
    int64_t deadline = monotonic_ms() + START_MS;
    bool started[UNO_MAX_PLAYERS] = {false}; /* now */
    for (int s = 0; s < uno_game_nplayers(play_game(p)); s++) {
        if (p->programs[s] || (s == p->human && !p->cfg.autoplay))
            continue;
        started[s] = true;
        char label[UNO_BOT_COMMAND_LEN + 64], why[UNO_ERR_LEN + UNO_BOT_COMMAND_LEN];
        snprintf(label, sizeof label, "%s (cmd:%s)", play_seat_name(&voice, s), p->params.command);
        p->programs[s] = proto_extbot_start(p->params.command, p->params.think_ms, p->params.startup_ms, log, label,
                                            NULL, why, sizeof why);
        if (!p->programs[s]) {
            program_failed(p, s, why, err, errlen);
            return -1;
        }
    }
    for (int s = 0; s < UNO_MAX_PLAYERS; s++) {
        if (!started[s])
            continue;
        int64_t left = deadline - monotonic_ms();
        if (!bot_ext_started(p->programs[s], left > 0 ? (int)left : 0)) {
            program_failed(p, s, bot_ext_problem(p->programs[s]), err, errlen);
            return -1;
        }
    }
    return 0;
}

/* A game begins: the programs are told. */
static void programs_new_game(Play *p)
{
    for (int s = 0; s < UNO_MAX_PLAYERS; s++)
        if (p->programs[s])
            bot_ext_new_game(p->programs[s]);
}

/* The current game begins now: the clock, the scratch copy, the request. */
static int begin_game(Play *p, bool first, char *err, size_t errlen)
{
    UnoGame *g = play_game(p);
    if (show_game(p, 0, err, errlen) != 0 || start_programs(p, err, errlen) != 0)
        return -1;
    programs_new_game(p);
    save_json(p, game_request(p, first));
    PlayVoice v = play_voice(p);
    if (p->match)
        play_log_add(&p->log, "Game %d of the match.", uno_match_game_number(p->match) + 1);
    play_log_add(&p->log, "A new game of %s: %d players. %s %s.", uno_game_rules(g)->name,
                 uno_game_nplayers(g), play_seat_name(&v, uno_game_dealer(g)),
                 uno_game_dealer(g) == p->human ? "deal" : "deals");
    if (uno_game_top(g) != UNO_NO_CARD)
        play_log_add(&p->log, "The first card is %s, colour %s. %s %s first.", uno_card_name(uno_game_top(g)),
                     play_color_word(uno_game_color(g)), play_seat_name(&v, uno_game_turn(g)),
                     uno_game_turn(g) == p->human ? "play" : "plays");
    else
        play_log_add(&p->log, "%s %s the first card.", play_seat_name(&v, uno_game_turn(g)),
                     uno_game_turn(g) == p->human ? "play" : "plays");
    play_refresh(p);
    return 0;
}

/* A new game (or match) from the arguments, in memory. */
static int prepare_new(Play *p, const PlayConfig *cfg, char *err, size_t errlen)
{
    char why[300];
    if (cli_args_rules(cfg->rules, cfg->presets, cfg->options, cfg->players, &p->rules, err, errlen) != 0)
        return -1;
    make_setup(p);
    p->human = 0;
    bots_init(p, cfg->seed, 0);
    if (cfg->match) {
        UnoMatchOptions opts;
        uno_match_options_init(&opts);
        opts.games = cfg->games;
        opts.target = cfg->target;
        p->match = uno_match_new(&p->rules, &p->setup, &opts, why, sizeof why);
        if (!p->match) {
            snprintf(err, errlen, "%s", why);
            return -1;
        }
    } else {
        p->own = uno_game_new(&p->rules, &p->setup, why, sizeof why);
        if (!p->own) {
            snprintf(err, errlen, "%s", why);
            return -1;
        }
    }
    return 0;
}

void play_finish(Play *p)
{
    if (p->saving || p->save.fd >= 0)
        proto_save_close(&p->save);
    p->saving = false;
    for (int s = 0; s < UNO_MAX_PLAYERS; s++) {
        uno_history_free(p->seen[s]);
        p->seen[s] = NULL;
    }
    bot_worlds_free(p->worlds);
    p->worlds = NULL;
    for (int s = 0; s < UNO_MAX_PLAYERS; s++) {
        bot_ext_stop(p->programs[s]);
        p->programs[s] = NULL;
    }
    uno_match_free(p->match);
    uno_game_free(p->own);
    free(p->scratch);
    p->match = NULL;
    p->own = NULL;
    p->scratch = NULL;
}

/* -------------------------------------------------------------- actions */

/* An event of game g in the log, in the person's words. */
static void tell(Play *p, const UnoGame *g, const UnoEvent *ev)
{
    remember(p, ev);
    /* the screen marks whose turn it is; the log tells the person only theirs */
    if (ev->type == UNO_EV_TURN && (ev->seat != p->human || p->cfg.autoplay))
        return;
    PlayVoice v = {g, p->human, p->human};
    char line[PLAY_LOG_WIDTH];
    if (play_text_event(&v, ev, line, sizeof line))
        play_log_add(&p->log, "%s", line);
}

static void on_event(void *ctx, const UnoEvent *ev)
{
    Play *p = ctx;
    tell(p, play_game(p), ev);
}

static int apply_to_game(Play *p, const UnoAction *a, char *err, size_t errlen)
{
    if (p->match)
        return uno_match_apply(p->match, a, on_event, p, err, errlen);
    return uno_game_apply(p->own, a, on_event, p, err, errlen);
}

int play_apply(Play *p, UnoAction *a, char *err, size_t errlen)
{
    a->t = p->now;
    int rc = apply_to_game(p, a, err, errlen);
    if (rc != UNO_OK)
        return rc;
    save_json(p, proto_action_json(a));
    p->next_bot = p->now + p->cfg.pace_ms;
    play_refresh(p);
    return UNO_OK;
}

static void count_event(void *ctx, const UnoEvent *ev)
{
    (void)ev;
    ++*(int *)ctx;
}

void play_refresh(Play *p)
{
    p->now = monotonic_ms() - p->t0;
    UnoGame *g = play_game(p);
    if (p->now < uno_game_clock(g))
        p->now = uno_game_clock(g);
    UnoAction tick;
    uno_action_init(&tick, UNO_ACT_TICK, -1);
    tick.t = p->now;
    char err[UNO_ERR_LEN];
    int fired = 0;
    uno_game_copy(p->scratch, g);
    if (uno_game_apply(p->scratch, &tick, count_event, &fired, err, sizeof err) == UNO_OK && fired) {
        /* a timer fired (KPGUT §8 away, the one-hour limit): it happens to
         * the game itself, and goes into the save file */
        if (apply_to_game(p, &tick, err, sizeof err) == UNO_OK)
            save_json(p, proto_action_json(&tick));
        uno_game_copy(p->scratch, g);
    }
    uno_view_build(&p->view, p->scratch, p->human, p->seen[p->human]);
}

/* ----------------------------------------------------------------- bots */

static bool person_may_catch(const Play *p)
{
    return !p->cfg.autoplay && bot_find(&p->view, UNO_ACT_CATCH) >= 0;
}

/* What the bot of seat v->seat does now; false: nothing. */
static bool bot_choose(Play *p, const UnoGame *g, const UnoView *v, UnoAction *a)
{
    int seat = v->seat;
    UnoExtBot *program = p->programs[seat];
    if (!program) {
        bot_worlds_set(p->worlds, g, seat, p->seen[seat]);
        return bot_choose_action(p->cfg.bot, &p->params, v, p->seen[seat] ? p->worlds : NULL, &p->rng, a);
    }
    bool acts = bot_ext_choose(program, g, v, p->seen[seat], &p->rng, a);
    UnoExtBotStats stats;
    bot_ext_stats(program, &stats);
    if (stats.unstartable) { /* no stand-in plays for it: uno play stops */
        program_failed(p, seat, bot_ext_problem(program), p->failure, sizeof p->failure);
        p->quit = true;
        return false;
    }
    if (bot_ext_problem(program)) {
        PlayVoice voice = play_voice(p);
        play_log_add(&p->log, "(%s's program: %s; %s)", play_seat_name(&voice, seat), bot_ext_problem(program),
                     acts ? "a default move" : "nothing done");
    }
    return acts;
}

bool play_bots(Play *p)
{
    if (p->now < p->next_bot)
        return false;
    /* the person gets a fair chance to catch a bot who forgot UNO */
    int64_t catch_ms = p->cfg.pace_ms > 0 ? (p->cfg.pace_ms * 2 > CATCH_MS ? p->cfg.pace_ms * 2 : CATCH_MS) : 0;
    if (person_may_catch(p) && p->now < p->next_bot - p->cfg.pace_ms + catch_ms)
        return false;
    const UnoGame *g = p->scratch;
    int n = uno_game_nplayers(g), first = uno_game_turn(g);
    if (first < 0)
        return false;
    /* out-of-turn actions first (a catch, a KPGUT §7 side slide or a jump-in, a late UNO
     * within the §1 grace): at a table they come as soon as someone sees
     * the chance; the player in turn acts last */
    static UnoView v;
    if (!p->worlds && !(p->worlds = bot_worlds_new()))
        return false;
    for (int k = 1; k <= n; k++) {
        int seat = (first + k) % n;
        if (seat == p->human && !p->cfg.autoplay)
            continue;
        uno_view_build(&v, g, seat, p->seen[seat]);
        UnoAction a;
        if (!bot_choose(p, g, &v, &a))
            continue;
        char err[UNO_ERR_LEN];
        if (play_apply(p, &a, err, sizeof err) != UNO_OK) {
            PlayVoice voice = play_voice(p);
            play_log_add(&p->log, "(bot %s: %s)", play_seat_name(&voice, seat), err);
            p->next_bot = p->now + p->cfg.pace_ms;
            return false;
        }
        return true;
    }
    return false;
}

/* ---------------------------------------------------------------- match */

bool play_match_over(const Play *p)
{
    return !p->match || uno_match_over(p->match);
}

bool play_next_game(Play *p, char *err, size_t errlen)
{
    if (play_match_over(p) || !uno_game_over(play_game(p)))
        return false;
    if (uno_match_disqualified(p->match, 0)) {
        snprintf(err, errlen, "You are out of the rest of the session (KPGUT \xc2\xa7" "15)");
        return false;
    }
    char why[UNO_ERR_LEN];
    if (uno_match_next(p->match, -1, remember_deal, p, why, sizeof why) != UNO_OK) {
        snprintf(err, errlen, "%s", why);
        return false;
    }
    return begin_game(p, false, err, errlen) == 0;
}

void play_stop_match(Play *p)
{
    char err[UNO_ERR_LEN];
    if (play_match_over(p) || !uno_game_over(play_game(p)))
        return;
    if (uno_match_stop(p->match, err, sizeof err) == UNO_OK)
        save_json(p, proto_match_op_json("stop", -1));
}

/* --------------------------------------------------------------- resume */

/* The log of a resumed game: the save file's events in words, as the
 * person saw them. */
typedef struct Retelling {
    Play *p;
    const Replay *r;
} Retelling;

static void retell(void *ctx, const UnoEvent *ev)
{
    Retelling *rt = ctx;
    rt->p->human = person_seat(replay_match(rt->r));
    tell(rt->p, replay_game(rt->r), ev);
}

/* Rebuilds the game from the save file (replay.h): the log told again, the
 * state checked against the one `uno replay FILE` prints; refuses a game or
 * match that is over. */
static int rebuild(Play *p, Replay *r, const char *path, char *err, size_t errlen)
{
    char why[600];
    if (replay_open(r, path, why, sizeof why) != 0) {
        snprintf(err, errlen, "cannot resume %s: %s", path, why);
        return -1;
    }
    /* the state `uno replay FILE` prints (replay_open() checked it) */
    uint64_t saved = proto_state_hash(replay_game(r), replay_match(r));
    Retelling rt = {p, r};
    if (replay_seek(r, 0, NULL, NULL, why, sizeof why) != 0 ||
        replay_seek(r, r->nsteps, retell, &rt, why, sizeof why) != 0) {
        snprintf(err, errlen, "cannot resume %s: %s", path, why);
        return -1;
    }
    if (proto_state_hash(replay_game(r), replay_match(r)) != saved) {
        snprintf(err, errlen, "cannot resume %s: the game rebuilt is not the one saved", path);
        return -1;
    }
    if (r->match ? uno_match_over(r->match) : uno_game_over(r->own)) {
        snprintf(err, errlen, "the %s in %s is over: watch it with uno replay %s --watch",
                 r->match ? "match" : "game", path, path);
        return -1;
    }
    if ((r->match && uno_match_kind(r->match) == UNO_MATCH_TOURNAMENT) || person_seat(r->match) < 0) {
        snprintf(err, errlen, "cannot resume %s: uno play seats you, player 0, in every game, and this "
                 "match does not", path);
        return -1;
    }
    return 0;
}

/* The game saved in cfg->resume, rebuilt in memory. */
static int prepare_resume(Play *p, const PlayConfig *cfg, char *err, size_t errlen)
{
    p->cfg.save_path = cfg->resume;
    Replay r;
    if (rebuild(p, &r, cfg->resume, err, errlen) != 0) {
        replay_close(&r);
        return -1;
    }
    /* the game (or match) is the session's now */
    p->match = r.match;
    p->own = r.own;
    r.match = NULL;
    r.own = NULL;
    p->resumed = r.nsteps;
    p->cfg.seed = r.seed;
    replay_close(&r);
    p->rules = *uno_game_rules(play_game(p));
    bots_init(p, p->cfg.seed, p->resumed);
    return 0;
}

int play_prepare(Play *p, const PlayConfig *cfg, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    p->cfg = *cfg;
    p->save.fd = -1;
    return (cfg->resume ? prepare_resume : prepare_new)(p, cfg, err, errlen);
}

int play_begin(Play *p, char *err, size_t errlen)
{
    /* the programs before the save file: one that cannot start leaves no
     * game file behind (its words are in FILE.bots.log) */
    if (choose_save_path(p, err, errlen) != 0)
        return -1;
    if (!p->cfg.resume) {
        if (start_programs(p, err, errlen) != 0 || open_save(p, false, 0, err, errlen) != 0)
            return -1;
        return begin_game(p, true, err, errlen);
    }
    if (show_game(p, uno_game_clock(play_game(p)), err, errlen) != 0 || start_programs(p, err, errlen) != 0 ||
        open_save(p, true, p->resumed, err, errlen) != 0)
        return -1;
    programs_new_game(p);
    play_log_add(&p->log, "Resumed from the save file (%ld request%s).", p->resumed, cli_s(p->resumed));
    play_refresh(p);
    return 0;
}

/* ----------------------------------------------------------------- hand */

int play_hand(Play *p, UnoCard *out, int max)
{
    int n = 0;
    for (int place = 0; place < UNO_KINDS; place++) {
        UnoCard k = uno_card_in_deck_order(place);
        for (int i = 0; i < p->view.hand[k] && n < max; i++)
            out[n++] = k;
    }
    return n;
}
