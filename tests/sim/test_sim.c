/*
 * test_sim.c — `uno sim` and its core (src/sim):
 *  - the fast random policy chooses exactly what the random bot (bots.h)
 *    chooses from a view, drawing the same numbers, under every rule set;
 *  - the cards drawn, reshuffles, turns and end reason a record derives
 *    without events agree with the engine's events;
 *  - a run's summary is the same for 1..4 threads, and for a run split in
 *    two ranges and merged (what MPI ranks do); rows come in index order;
 *  - the statistics (Wilson interval, quantiles) are right on known cases;
 *  - through the binary ($UNO_BIN): the JSON summary holds together, the CSV
 *    has one row per game that adds up to it, the SVG is a well-formed SVG,
 *    --threads does not change the output, --reference and --engine (the
 *    engine instead of the playout) do not either, bad arguments exit 2;
 *  - through the binary, uno sim and uno arena leave out the games in which
 *    a program failed and say so, and a program slow to start but within
 *    its allowance fails none (needs python3 and UNO_ROOT).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cJSON.h>
#include <cmocka.h>

#include "sim/sim.h"

/* ------------------------------------------------------------ helpers */

static void config(UnoSimConfig *c, const char *rules, const char *option, const char *value,
                   int players)
{
    char err[UNO_ERR_LEN];
    sim_config_default(c);
    if (uno_rules_preset(rules, &c->rules, err, sizeof err) != UNO_OK)
        fail_msg("%s", err);
    if (option && uno_rules_set(&c->rules, option, value, err, sizeof err) != UNO_OK)
        fail_msg("%s=%s: %s", option, value, err);
    c->nplayers = players;
    c->seed = 12345;
}

static void run(const UnoSimConfig *c, uint64_t begin, uint64_t end, int threads, UnoSimSummary *s)
{
    char err[UNO_ERR_LEN * 2];
    sim_summary_init(s);
    UnoSimRun r = {.config = c, .begin = begin, .end = end, .threads = threads};
    if (sim_run(&r, s, err, sizeof err) != UNO_OK)
        fail_msg("run: %s", err);
}

/* -------------------------------------------- fast path == random bot */

static bool same_action(const UnoAction *a, const UnoAction *b)
{
    return a->type == b->type && a->seat == b->seat && a->target == b->target &&
           a->color == b->color && a->uno == b->uno && a->ncards == b->ncards &&
           memcmp(a->cards, b->cards, a->ncards) == 0 && a->t == b->t;
}

/* The single cards the legal list's plays are made of (bit k: kind k). */
static uint64_t single_card_plays(const UnoView *v)
{
    uint64_t m = 0;
    for (int i = 0; i < v->nlegal; i++)
        if (v->legal[i].type == UNO_ACT_PLAY && v->legal[i].ncards == 1)
            m |= 1ULL << v->legal[i].cards[0];
    return m;
}

/* Whether the bot's action is an entry of the legal list (the UNO said with
 * a play aside). */
static bool is_listed(const UnoView *v, const UnoAction *a)
{
    UnoAction plain = *a;
    plain.uno = false;
    for (int i = 0; i < v->nlegal; i++)
        if (same_action(&v->legal[i], &plain) && v->legal[i].color == plain.color)
            return true;
    return false;
}

/* Plays games where every decision is taken both ways, from the seat's view
 * and from the game (a playout's way), and checks that the view's playable
 * kinds are the legal list's single cards; returns the number of decisions
 * that were plays of several cards (KPGUT sets). */
static long step_equals_view(const char *rules, const char *option, const char *value, int players,
                             int games)
{
    UnoSimConfig c;
    config(&c, rules, option, value, players);
    UnoBotParams p;
    bot_params_default(&p);
    p.uno_rate = 0.5; /* the UNO draw matters too */
    static UnoView view;
    char err[UNO_ERR_LEN];
    long sets = 0;
    for (int i = 0; i < games; i++) {
        UnoSetup s;
        sim_setup(&s, players, sim_game_seed(77, (uint64_t)i));
        UnoGame *g = uno_game_new(&c.rules, &s, err, sizeof err);
        if (!g)
            fail_msg("%s", err);
        UnoRng rng;
        uno_rng_seed(&rng, (uint64_t)i);
        for (int step = 0; !uno_game_over(g); step++) {
            if (step > 100000)
                fail_msg("%s game %d does not end", rules, i);
            int seat = uno_game_turn(g);
            UnoRng step_rng = rng, bot_rng = rng;
            UnoAction fast, bot;
            bot_random_step(&p, g, seat, &step_rng, &fast);
            uno_view_build(&view, g, seat, NULL);
            if (view.playable != single_card_plays(&view))
                fail_msg("%s game %d step %d: playable kinds %llx, legal single cards %llx", rules, i,
                         step, (unsigned long long)view.playable,
                         (unsigned long long)single_card_plays(&view));
            assert_true(bot_choose_action(UNO_BOT_RANDOM, &p, &view, NULL, &bot_rng, &bot));
            if (!same_action(&fast, &bot) || fast.color != bot.color || fast.uno != bot.uno)
                fail_msg("%s game %d step %d: step %s (%d cards) vs view %s (%d cards)", rules, i,
                         step, uno_action_name(fast.type), fast.ncards, uno_action_name(bot.type),
                         bot.ncards);
            if (!is_listed(&view, &bot))
                fail_msg("%s game %d step %d: %s is not in the legal list", rules, i, step,
                         uno_action_name(bot.type));
            assert_memory_equal(&step_rng, &bot_rng, sizeof step_rng);
            sets += bot.type == UNO_ACT_PLAY && bot.ncards > 1;
            rng = bot_rng;
            if (uno_game_apply(g, &bot, NULL, NULL, err, sizeof err) != UNO_OK)
                fail_msg("%s: %s", rules, err);
        }
        uno_game_free(g);
    }
    return sets;
}

static void test_random_bot_from_view_and_game(void **state)
{
    (void)state;
    assert_int_equal(step_equals_view("mattel", NULL, NULL, 4, 300), 0);
    step_equals_view("mattel", NULL, NULL, 2, 200);
    step_equals_view("mattel", "blanks", "4", 5, 100);
    step_equals_view("mattel", "stack_draw2", "true", 4, 100);
    step_equals_view("classic", NULL, NULL, 6, 100);
    long sets = step_equals_view("kpgut", NULL, NULL, 4, 150);
    sets += step_equals_view("kpgut", NULL, NULL, 2, 100);
    sets += step_equals_view("kpgut", NULL, NULL, 9, 30);
    sets += step_equals_view("kpgut", "hand_size", "20", 3, 30); /* big hands, many sets possible */
    /* the random policy (docs/bots.md): "a random playable card" — never a set */
    assert_int_equal(sets, 0);
}

/* --------------------------------------------- derived counts == events */

typedef struct Tally {
    uint64_t drawn, reshuffles, over_reason;
} Tally;

static void tally(void *ctx, const UnoEvent *ev)
{
    Tally *t = ctx;
    if (ev->type == UNO_EV_DRAW)
        t->drawn += (uint64_t)ev->count;
    else if (ev->type == UNO_EV_RESHUFFLE)
        t->reshuffles++;
    else if (ev->type == UNO_EV_OVER)
        t->over_reason = ev->reason;
}

/* Plays games 0..games-1 of c and compares each record with its events. */
static void counts_agree_config(const UnoSimConfig *config_in, int games)
{
    UnoSimConfig c = *config_in;
    const char *rules = c.rules.name;
    Tally t;
    c.emit = tally;
    c.emit_ctx = &t;
    char err[UNO_ERR_LEN * 2];
    UnoSimWorker *w = sim_worker_new(&c, err, sizeof err);
    assert_non_null(w);
    uint64_t reshuffled = 0, exhausted = 0;
    for (int i = 0; i < games; i++) {
        memset(&t, 0, sizeof t);
        UnoSimRecord r;
        if (sim_play(w, (uint64_t)i, &r, err, sizeof err) != UNO_OK)
            fail_msg("%s", err);
        if (r.drawn != t.drawn || r.reshuffles != t.reshuffles || (uint64_t)r.reason != t.over_reason)
            fail_msg("%s game %d: drawn %u/%llu reshuffles %u/%llu reason %d/%llu", rules, i, r.drawn,
                     (unsigned long long)t.drawn, r.reshuffles, (unsigned long long)t.reshuffles,
                     r.reason, (unsigned long long)t.over_reason);
        assert_true(r.turns > 0 && r.turns <= r.actions);
        reshuffled += r.reshuffles;
        exhausted += r.reason == UNO_R_EXHAUSTED;
    }
    if (strcmp(rules, "kpgut") == 0)
        assert_true(reshuffled > 0 || exhausted > 0);
    sim_worker_free(w);
}

static void counts_agree(const char *rules, int players, const char *bots, int games)
{
    UnoSimConfig c;
    config(&c, rules, NULL, NULL, players);
    for (int s = 0; s < players; s++)
        c.bots[s] = bots[s % (int)strlen(bots)] == 'h' ? UNO_BOT_HEURISTIC : UNO_BOT_RANDOM;
    counts_agree_config(&c, games);
}

static void test_counts_agree_with_events(void **state)
{
    (void)state;
    counts_agree("mattel", 4, "r", 500);
    counts_agree("mattel", 3, "hr", 200);
    counts_agree("classic", 10, "r", 100);
    counts_agree("kpgut", 4, "r", 300);
    counts_agree("kpgut", 6, "hrh", 100);
    counts_agree("kpgut", 15, "r", 20);
}

/* The house rule hand limit (docs/rules.md) puts hands out without a play,
 * into the played cards or the stock (giveup_into): the cards drawn and the
 * reshuffles a record works out from the piles are still those the events
 * tell. */
static void test_counts_agree_under_a_hand_limit(void **state)
{
    (void)state;
    UnoSimConfig c;
    config(&c, "mattel", "hand_limit", "12", 4);
    counts_agree_config(&c, 300);
    config(&c, "kpgut", "hand_limit", "14", 5);
    char err[UNO_ERR_LEN];
    assert_int_equal(uno_rules_set(&c.rules, "giveup_into", "stock", err, sizeof err), UNO_OK);
    counts_agree_config(&c, 200);
}

/* The house rule jump-in: `uno sim` asks a seat that can jump in before
 * the seat in turn (docs/sim.md), so heuristic bots jump in there; without
 * jump_in nobody plays out of turn. A play by a seat other than the one the
 * last `turn` or `pending` event named is a jump-in (the deal's events are
 * not told: until the first of them, the seat in turn is unknown). */
typedef struct Jumps {
    int turn;
    long jumps;
} Jumps;

static void count_jumps(void *ctx, const UnoEvent *ev)
{
    Jumps *j = ctx;
    if (ev->type == UNO_EV_TURN || ev->type == UNO_EV_PENDING)
        j->turn = ev->seat;
    else if (ev->type == UNO_EV_PLAY && j->turn >= 0 && ev->seat != j->turn)
        j->jumps++;
}

static long jumps_in(const char *rules, const char *jump_in, int games)
{
    UnoSimConfig c;
    config(&c, rules, "jump_in", jump_in, 4);
    for (int s = 0; s < 4; s++)
        c.bots[s] = UNO_BOT_HEURISTIC;
    Jumps j = {0};
    c.emit = count_jumps;
    c.emit_ctx = &j;
    char err[UNO_ERR_LEN * 2];
    UnoSimWorker *w = sim_worker_new(&c, err, sizeof err);
    assert_non_null(w);
    for (int i = 0; i < games; i++) {
        UnoSimRecord r;
        j.turn = -1;
        if (sim_play(w, (uint64_t)i, &r, err, sizeof err) != UNO_OK)
            fail_msg("%s", err);
    }
    sim_worker_free(w);
    return j.jumps;
}

static void test_bots_jump_in(void **state)
{
    (void)state;
    assert_int_equal(jumps_in("mattel", "false", 200), 0);
    assert_true(jumps_in("mattel", "true", 200) > 0);
    assert_true(jumps_in("kpgut", "true", 50) > 0);
}

/* KPGUT §5: when the piles can no longer make a stock the game ends
 * ("exhausted") and every player still in it is ranked as in §6. Fifteen
 * cards each to seven players leave 3 of the 108 in the stock, so it
 * happens often. */
static void test_exhausted_games_counted(void **state)
{
    (void)state;
    UnoSimConfig c;
    config(&c, "kpgut", "hand_size", "15", 7);
    static UnoSimSummary s;
    run(&c, 0, 300, 2, &s);
    assert_int_equal(s.sum.games, 300);
    assert_true(s.sum.reasons[UNO_R_EXHAUSTED] > 30);
    assert_int_equal(s.sum.reasons[UNO_R_EXHAUSTED] + s.sum.reasons[UNO_R_LAST_PLAYER], 300);
    for (int seat = 0; seat < c.nplayers; seat++) {
        assert_int_equal(s.sum.places[seat][0], 0); /* kpgut ranks everyone */
        uint64_t placed = 0;
        for (int r = 1; r <= c.nplayers; r++)
            placed += s.sum.places[seat][r];
        assert_int_equal(placed, 300);
    }
    counts_agree_config(&c, 100);
}

/* ------------------------------------------- threads, ranges, rows */

static void test_threads_do_not_change_the_summary(void **state)
{
    (void)state;
    static UnoSimSummary one, many;
    UnoSimConfig c;
    config(&c, "kpgut", NULL, NULL, 5);
    c.bots[1] = UNO_BOT_HEURISTIC;
    c.hash = true;
    run(&c, 0, 2500, 1, &one);
    for (int t = 2; t <= 4; t++) {
        run(&c, 0, 2500, t, &many);
        assert_memory_equal(&one, &many, sizeof one);
    }
    config(&c, "mattel", NULL, NULL, 4);
    run(&c, 0, 5000, 1, &one);
    run(&c, 0, 5000, 3, &many);
    assert_memory_equal(&one, &many, sizeof one);
}

static void test_ranges_merge_to_the_whole(void **state)
{
    (void)state;
    static UnoSimSummary whole, a, b;
    UnoSimConfig c;
    config(&c, "classic", NULL, NULL, 3);
    c.hash = true;
    run(&c, 0, 3000, 2, &whole);
    run(&c, 0, 1234, 1, &a);
    run(&c, 1234, 3000, 2, &b);
    sim_summary_merge(&a, &b);
    assert_memory_equal(&whole, &a, sizeof whole);
    assert_int_equal(whole.sum.games, 3000);
    uint64_t wins = 0;
    for (int s = 0; s < 3; s++)
        wins += whole.sum.wins[s];
    assert_int_equal(wins + whole.sum.reasons[UNO_R_EXHAUSTED], 3000); /* one winner a hand */
}

typedef struct Order {
    uint64_t next;
    bool ok;
} Order;

static void check_order(void *ctx, const UnoSimRecord *rows, int n)
{
    Order *o = ctx;
    for (int i = 0; i < n; i++)
        o->ok &= rows[i].index == o->next++;
}

static void test_rows_in_order(void **state)
{
    (void)state;
    UnoSimConfig c;
    config(&c, "mattel", NULL, NULL, 4);
    Order o = {.next = 100, .ok = true};
    static UnoSimSummary s;
    sim_summary_init(&s);
    char err[UNO_ERR_LEN * 2];
    UnoSimRun r = {.config = &c, .begin = 100, .end = 20100, .threads = 3, .rows = check_order,
                   .ctx = &o};
    assert_int_equal(sim_run(&r, &s, err, sizeof err), UNO_OK);
    assert_true(o.ok);
    assert_int_equal(o.next, 20100);
}

/* ---------------------------------------------------------- statistics */

static void test_statistics(void **state)
{
    (void)state;
    double lo, hi;
    sim_wilson(50, 100, &lo, &hi); /* Wilson (1927): 0.4038 .. 0.5962 */
    assert_true(lo > 0.4037 && lo < 0.4039 && hi > 0.5961 && hi < 0.5963);
    sim_wilson(0, 10, &lo, &hi); /* 0 .. 0.2775 */
    assert_true(lo == 0 && hi > 0.2774 && hi < 0.2776);
    uint64_t hist[10] = {0, 1, 1, 1, 1, 1, 1, 1, 1, 2}; /* values 1..8 once, 9 or more twice */
    assert_int_equal(sim_quantile(hist, 10, 0.5), 5);
    assert_int_equal(sim_quantile(hist, 10, 0.1), 1);
    assert_int_equal(sim_quantile(hist, 10, 1.0), 9);
}

/* ------------------------------------------------------- the binary */

static char *run_binary(const char *args, int *status)
{
    const char *bin = getenv("UNO_BIN");
    if (!bin)
        fail_msg("UNO_BIN is not set");
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' %s 2>/dev/null", bin, args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t cap = 1 << 16, len = 0;
    char *out = malloc(cap);
    size_t got;
    while ((got = fread(out + len, 1, cap - len - 1, p)) > 0) {
        len += got;
        if (len + 1 == cap)
            out = realloc(out, cap *= 2);
    }
    out[len] = '\0';
    int rc = pclose(p);
    *status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
    return out;
}

static double number(const cJSON *o, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    if (!cJSON_IsNumber(v))
        fail_msg("no number '%s'", name);
    return v->valuedouble;
}

static void test_cli_outputs(void **state)
{
    (void)state;
    char dir[] = "/tmp/uno-sim-testXXXXXX";
    assert_non_null(mkdtemp(dir));
    char args[1024];
    snprintf(args, sizeof args,
             "sim --rules kpgut --players 5 --games 3000 --seed 9 --threads 2 --json "
             "--bots heuristic,random --csv %s/g.csv --plot %s/p.svg", dir, dir);
    int status;
    char *json = run_binary(args, &status);
    assert_int_equal(status, 2); /* two bots for five players */
    free(json);
    snprintf(args, sizeof args,
             "sim --rules kpgut --players 5 --games 3000 --seed 9 --threads 2 --json "
             "--bots heuristic,random,random,random,random --csv %s/g.csv --plot %s/p.svg",
             dir, dir);
    json = run_binary(args, &status);
    assert_int_equal(status, 0);
    cJSON *root = cJSON_Parse(json);
    if (!root)
        fail_msg("not JSON: %.200s", json);
    assert_int_equal(number(root, "games"), 3000);
    const cJSON *seats = cJSON_GetObjectItemCaseSensitive(root, "seats");
    assert_int_equal(cJSON_GetArraySize(seats), 5);
    double wins = 0;
    for (int s = 0; s < 5; s++) {
        const cJSON *seat = cJSON_GetArrayItem(seats, s);
        wins += number(seat, "wins");
        const cJSON *ci = cJSON_GetObjectItemCaseSensitive(seat, "ci95");
        double rate = number(seat, "rate");
        assert_true(cJSON_GetArrayItem(ci, 0)->valuedouble <= rate &&
                    rate <= cJSON_GetArrayItem(ci, 1)->valuedouble);
        const cJSON *places = cJSON_GetObjectItemCaseSensitive(seat, "places");
        double sum = 0;
        for (int r = 0; r < 5; r++)
            sum += cJSON_GetArrayItem(places, r)->valuedouble;
        assert_int_equal(sum, 3000); /* kpgut ranks every player */
    }
    assert_true(wins >= 3000);
    const cJSON *turns = cJSON_GetObjectItemCaseSensitive(root, "turns");
    assert_true(number(turns, "p10") <= number(turns, "median") &&
                number(turns, "median") <= number(turns, "p90") &&
                number(turns, "p90") <= number(turns, "p99") &&
                number(turns, "p99") <= number(turns, "max"));
    const cJSON *dur = cJSON_GetObjectItemCaseSensitive(root, "duration");
    assert_int_equal(number(dur, "limit_min"), 60);

    /* the CSV: a header and one row per game, in order, adding up to the JSON */
    char path[512];
    snprintf(path, sizeof path, "%s/g.csv", dir);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[1024];
    assert_non_null(fgets(line, sizeof line, f));
    assert_true(strncmp(line, "game,seed,first,winner,turns,", 29) == 0);
    double turn_sum = 0;
    long rows = 0;
    while (fgets(line, sizeof line, f)) {
        long game;
        unsigned long long seed;
        int first, winner, turn_count;
        assert_int_equal(sscanf(line, "%ld,%llu,%d,%d,%d,", &game, &seed, &first, &winner, &turn_count), 5);
        assert_int_equal(game, rows);
        turn_sum += turn_count;
        rows++;
    }
    fclose(f);
    assert_int_equal(rows, 3000);
    assert_true(turn_sum / 3000 > number(turns, "mean") - 1e-3 &&
                turn_sum / 3000 < number(turns, "mean") + 1e-3);

    /* the SVG: a document with both charts */
    snprintf(path, sizeof path, "%s/p.svg", dir);
    f = fopen(path, "r");
    assert_non_null(f);
    static char svg[1 << 20];
    size_t n = fread(svg, 1, sizeof svg - 1, f);
    svg[n] = '\0';
    fclose(f);
    assert_true(strncmp(svg, "<?xml", 5) == 0);
    assert_non_null(strstr(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_non_null(strstr(svg, "Turns per game"));
    assert_non_null(strstr(svg, "Win rate per seat"));
    assert_true(n > 6 && strcmp(svg + n - 7, "</svg>\n") == 0);

    /* the same run on one thread prints the same summary */
    snprintf(args, sizeof args,
             "sim --rules kpgut --players 5 --games 3000 --seed 9 --threads 1 --json "
             "--bots heuristic,random,random,random,random");
    char *again = run_binary(args, &status);
    assert_int_equal(status, 0);
    assert_string_equal(json, again);
    free(again);
    cJSON_Delete(root);
    free(json);
    snprintf(args, sizeof args, "rm -rf '%s'", dir);
    assert_int_equal(system(args), 0);
}

/* playout.h: the fast playout of random bots, --reference (the engine's
 * checked path) and --engine (its trusted path) print the same summary. */
static void test_cli_reference_is_the_same(void **state)
{
    (void)state;
    static const char *const runs[] = {
        "sim --rules mattel --games 4000 --seed 3 --json",
        "sim --rules classic --players 6 --games 3000 --seed 4 --json",
        "sim --rules kpgut --players 7 --games 600 --seed 5 --json",
        "sim --rules mattel --players 3 --games 2000 --options stack_draw2=true,blanks=4 --json",
    };
    static const char *const other_paths[] = {"--reference", "--engine"};
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        int fast_status;
        char *fast = run_binary(runs[i], &fast_status);
        assert_int_equal(fast_status, 0);
        for (size_t p = 0; p < sizeof other_paths / sizeof other_paths[0]; p++) {
            char args[512];
            int status;
            snprintf(args, sizeof args, "%s %s", runs[i], other_paths[p]);
            char *other = run_binary(args, &status);
            assert_int_equal(status, 0);
            if (strcmp(fast, other) != 0)
                fail_msg("%s: %s prints another summary", runs[i], other_paths[p]);
            free(other);
        }
        free(fast);
    }
}

/* The speed line on standard error (docs/sim.md): games, turns and actions
 * per second, for every rule set; a game has at least one turn, and a turn
 * at least one action. */
static void test_cli_speed_line(void **state)
{
    (void)state;
    const char *bin = getenv("UNO_BIN");
    if (!bin)
        fail_msg("UNO_BIN is not set");
    const char *rules[] = {"mattel", "classic", "kpgut"};
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        char cmd[2048], line[512] = "";
        snprintf(cmd, sizeof cmd, "'%s' sim --rules %s --games 300 --threads 1 2>&1 >/dev/null", bin,
                 rules[i]);
        FILE *p = popen(cmd, "r");
        assert_non_null(p);
        while (fgets(line, sizeof line, p) && strncmp(line, "uno sim: 300 games", 18) != 0)
            ;
        assert_int_equal(pclose(p), 0);
        double games, turns, actions;
        const char *at = strstr(line, " s: ");
        assert_non_null(at);
        assert_int_equal(sscanf(at, " s: %lf games/s, %lf turns/s, %lf actions/s", &games, &turns, &actions), 3);
        assert_true(games > 0 && turns >= games && actions >= turns);
    }
}

static void test_cli_text_and_errors(void **state)
{
    (void)state;
    int status;
    char *text = run_binary("sim --games 2000 --threads 3 --action-ms play=3000,card=500", &status);
    assert_int_equal(status, 0);
    assert_non_null(strstr(text, "uno sim: mattel, 4 players, 2000 games, seed 1"));
    assert_non_null(strstr(text, "wins (rank 1)"));
    assert_non_null(strstr(text, "play=3000"));
    assert_null(strstr(text, "60-minute limit")); /* mattel has no time limit */
    char *again = run_binary("sim --games 2000 --threads 1 --action-ms play=3000,card=500", &status);
    assert_string_equal(text, again);
    free(again);
    free(text);
    static const char *const bad[] = {
        "sim --players 1", "sim --games 0", "sim --bots genius", "sim --action-ms play",
        "sim --action-ms nap=3", "sim --options nosuch=1", "sim --rules nosuch", "sim --frobnicate",
        "perft --depth x", "bench extra",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        free(run_binary(bad[i], &status));
        if (status != 2)
            fail_msg("'%s' exited %d, not 2", bad[i], status);
    }
    /* an output that cannot be written stops the run before its games:
     * no summary, exit status 1 */
    static const char *const unwritable[] = {
        "sim --games 1000 --plot /nonexistent-uno-dir/p.svg",
        "sim --games 1000 --csv /nonexistent-uno-dir/g.csv",
    };
    for (size_t i = 0; i < sizeof unwritable / sizeof unwritable[0]; i++) {
        char *out = run_binary(unwritable[i], &status);
        if (status != 1 || out[0] != '\0')
            fail_msg("'%s' exited %d after writing %zu bytes, not 1 before any", unwritable[i],
                     status, strlen(out));
        free(out);
    }
    /* a standard output that cannot be written (a full disk) is an error too */
    static const char *const full[] = {
        "--help >/dev/full", "rules >/dev/full", "rules kpgut >/dev/full",
        "sim --games 100 >/dev/full", "sim --games 100 --json >/dev/full", "perft --depth 2 --divide >/dev/full",
    };
    for (size_t i = 0; i < sizeof full / sizeof full[0]; i++) {
        free(run_binary(full[i], &status));
        if (status != 1)
            fail_msg("'%s' exited %d, not 1", full[i], status);
    }
}

/* What `uno ARGS` prints as JSON, parsed; it must exit 0. */
static cJSON *run_json(const char *args)
{
    int status;
    char *out = run_binary(args, &status);
    assert_int_equal(status, 0);
    cJSON *json = cJSON_Parse(out);
    if (!json)
        fail_msg("'%s' printed no JSON: %s", args, out);
    free(out);
    return json;
}

/* A program that fails in its second game (tests/protocol/bots/fails_in_game.py),
 * in uno sim and uno arena: that game is left out of every figure and
 * counted apart, in the text and the JSON; the stand-in's moves are not
 * credited to the program. */
static void test_cli_program_failures(void **state)
{
    (void)state;
    const char *root = getenv("UNO_ROOT");
    char bots[600], args[800];
    snprintf(bots, sizeof bots, "'medium,cmd:python3 %s/tests/protocol/bots/fails_in_game.py 2'", root ? root : ".");
    int status;
    snprintf(args, sizeof args, "sim --rules mattel --players 2 --games 4 --threads 1 --bots %s", bots);
    char *text = run_binary(args, &status);
    assert_int_equal(status, 0);
    assert_non_null(strstr(text, "uno sim: mattel, 2 players, 3 games, seed 1"));
    assert_non_null(strstr(text, "/tests/protocol/bots/fails_in_game.py 2) failed in 1 game (left out"));
    assert_non_null(strstr(text, "1 game left out in all: every figure below is of the other 3"));
    free(text);
    char csv[] = "/tmp/uno-sim-failedXXXXXX";
    int fd = mkstemp(csv);
    assert_true(fd >= 0);
    close(fd);
    snprintf(args, sizeof args, "sim --rules mattel --players 2 --games 4 --threads 1 --json --csv %s --bots %s", csv,
             bots);
    cJSON *root_json = run_json(args);
    assert_int_equal(number(root_json, "games"), 3);
    assert_int_equal(number(root_json, "games_left_out"), 1);
    const cJSON *seats = cJSON_GetObjectItem(root_json, "seats");
    assert_int_equal(number(cJSON_GetArrayItem(seats, 0), "failed_games"), 0);
    assert_int_equal(number(cJSON_GetArrayItem(seats, 1), "failed_games"), 1);
    assert_int_equal(number(cJSON_GetArrayItem(seats, 0), "of"), 3);
    assert_int_equal(number(cJSON_GetArrayItem(seats, 0), "wins") + number(cJSON_GetArrayItem(seats, 1), "wins"), 3);
    cJSON_Delete(root_json);
    FILE *f = fopen(csv, "r"); /* the CSV has every game, the one left out marked */
    assert_non_null(f);
    char line[256];
    assert_non_null(fgets(line, sizeof line, f));
    assert_non_null(strstr(line, ",rank_1,left_out\n"));
    for (int game = 0; game < 4; game++) {
        assert_non_null(fgets(line, sizeof line, f));
        assert_int_equal(line[strlen(line) - 2], game == 1 ? '1' : '0');
    }
    assert_null(fgets(line, sizeof line, f));
    fclose(f);
    unlink(csv);

    /* the arena: each rotation's process fails in its second deal */
    snprintf(args, sizeof args, "arena --rules mattel --players 2 --games 4 --threads 1 --bots %s", bots);
    text = run_binary(args, &status);
    assert_int_equal(status, 0);
    assert_non_null(strstr(text, "/tests/protocol/bots/fails_in_game.py 2 failed in 2 games (left out"));
    assert_non_null(strstr(text, "2 games left out in all: every figure above is of the other 6"));
    free(text);
    snprintf(args, sizeof args, "arena --rules mattel --players 2 --games 4 --threads 1 --json --bots %s", bots);
    root_json = run_json(args);
    assert_int_equal(number(root_json, "games"), 8);
    assert_int_equal(number(root_json, "games_left_out"), 2);
    const cJSON *entrants = cJSON_GetObjectItem(root_json, "bots");
    for (int i = 0; i < 2; i++) {
        const cJSON *e = cJSON_GetArrayItem(entrants, i);
        assert_int_equal(number(e, "seat_games"), 6);
        assert_int_equal(number(e, "failed_games"), i == 0 ? 0 : 2);
    }
    assert_int_equal(number(cJSON_GetArrayItem(entrants, 0), "wins") + number(cJSON_GetArrayItem(entrants, 1), "wins"),
                     6);
    cJSON_Delete(root_json);
}

/* A program that takes 2 s to start, longer than the 1 s an answer may
 * take but within the start-up allowance: no game is left out, so no move
 * of it was the stand-in's. */
static void test_cli_slow_start_counted(void **state)
{
    (void)state;
    const char *root = getenv("UNO_ROOT");
    char args[800];
    snprintf(args, sizeof args,
             "sim --rules mattel --players 2 --games 3 --threads 1 --json "
             "--bots 'medium,cmd:sleep 2; exec python3 %s/examples/bots/simple_bot.py'",
             root ? root : ".");
    cJSON *root_json = run_json(args);
    assert_int_equal(number(root_json, "games"), 3);
    assert_int_equal(number(root_json, "games_left_out"), 0);
    cJSON_Delete(root_json);
}

/* --json names the rule set as a JSON string, whatever its rules file calls it */
static void test_cli_json_rule_set_name(void **state)
{
    (void)state;
    char path[] = "/tmp/uno-sim-nameXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    static const char text[] = "base = mattel\nname = a\"b\\c<&>\n";
    assert_int_equal(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    close(fd);
    char args[256];
    snprintf(args, sizeof args, "sim --rules %s --games 100 --json", path);
    int status;
    char *json = run_binary(args, &status);
    unlink(path);
    assert_int_equal(status, 0);
    cJSON *root = cJSON_Parse(json);
    if (!root)
        fail_msg("not JSON: %.200s", json);
    const cJSON *rules = cJSON_GetObjectItemCaseSensitive(root, "rules");
    assert_true(cJSON_IsString(rules));
    assert_string_equal(rules->valuestring, "a\"b\\c<&>");
    cJSON_Delete(root);
    free(json);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_bot_from_view_and_game),
        cmocka_unit_test(test_counts_agree_with_events),
        cmocka_unit_test(test_counts_agree_under_a_hand_limit),
        cmocka_unit_test(test_bots_jump_in),
        cmocka_unit_test(test_exhausted_games_counted),
        cmocka_unit_test(test_threads_do_not_change_the_summary),
        cmocka_unit_test(test_ranges_merge_to_the_whole),
        cmocka_unit_test(test_rows_in_order),
        cmocka_unit_test(test_statistics),
        cmocka_unit_test(test_cli_outputs),
        cmocka_unit_test(test_cli_reference_is_the_same),
        cmocka_unit_test(test_cli_speed_line),
        cmocka_unit_test(test_cli_text_and_errors),
        cmocka_unit_test(test_cli_json_rule_set_name),
        cmocka_unit_test(test_cli_program_failures),
        cmocka_unit_test(test_cli_slow_start_counted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
