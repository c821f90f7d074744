/*
 * test_extbot.c — the external-bot adapter (src/bots/extbot.h) on its link
 * to a program (src/protocol/extbot_link.h), with programs that behave and
 * programs that do not: the example bot, one that is slow, one that
 * crashes, one that prints garbage, one that answers illegal moves, one
 * that never reads its input. In every case each decision comes back
 * within its time limit as a legal move, and the game goes on to its end.
 *
 * Needs python3 (the example bot) and UNO_ROOT (scripts/run-tests.sh sets it).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cJSON.h>
#include <cmocka.h>

#include "bots/bots.h"
#include "bots/extbot.h"
#include "protocol/extbot_link.h"
#include "sim/sim.h"
#include "uno_view.h"
#include "uno.h"

/* ------------------------------------------------------------- helpers */

typedef struct Table {
    UnoGame *g;
    UnoRules rules;
    UnoHistory *seen; /* seat 0's record: what its program is sent */
    UnoRng rng;
} Table;

static UnoView view; /* large */

static void record(void *ctx, const UnoEvent *ev)
{
    Table *t = ctx;
    assert_int_equal(uno_history_add(t->seen, &t->rules, ev), UNO_OK);
}

static void table_open(Table *t, const char *rules, int n, uint64_t seed)
{
    char err[UNO_ERR_LEN];
    assert_int_equal(uno_rules_preset(rules, &t->rules, err, sizeof err), UNO_OK);
    UnoSetup s;
    sim_setup(&s, n, seed);
    t->seen = uno_history_new(0);
    s.emit = record;
    s.ctx = t;
    t->g = uno_game_new(&t->rules, &s, err, sizeof err);
    assert_non_null(t->g);
    uno_rng_seed(&t->rng, seed);
}

static void table_close(Table *t)
{
    uno_game_free(t->g);
    uno_history_free(t->seen);
}

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The program, with startup_ms more for its first answer (negative: the
 * default). */
static UnoExtBot *start_allowing(const char *command, int limit_ms, int startup_ms)
{
    char err[UNO_ERR_LEN * 2];
    UnoExtBot *b = proto_extbot_start(command, limit_ms, startup_ms, NULL, "test", NULL, err, sizeof err);
    if (!b)
        fail_msg("%s", err);
    bot_ext_new_game(b);
    return b;
}

/* The program, with no start-up time: every answer has limit_ms. */
static UnoExtBot *start(const char *command, int limit_ms) { return start_allowing(command, limit_ms, 0); }

/* One decision of seat 0's program, checked: within the limit (and a
 * margin for a loaded machine), and a legal move. */
static bool program_decides(Table *t, UnoExtBot *b, int limit_ms, UnoAction *a)
{
    uno_view_build(&view, t->g, 0, t->seen);
    int64_t t0 = now_ms();
    bool acts = bot_ext_choose(b, t->g, &view, t->seen, &t->rng, a);
    int64_t took = now_ms() - t0;
    if (took > limit_ms + 400)
        fail_msg("a decision took %lld ms; the limit is %d", (long long)took, limit_ms);
    if (bot_in_turn(&view) && view.nlegal > 0)
        assert_true(acts); /* in turn a move always comes */
    return acts;
}

/* The random policy plays the others until seat 0 is in turn. */
static void others_play(Table *t)
{
    char err[UNO_ERR_LEN];
    for (int turn; (turn = uno_game_turn(t->g)) != 0;) {
        assert_true(turn > 0);
        UnoAction a;
        uno_view_build(&view, t->g, turn, NULL);
        assert_true(bot_choose_action(UNO_BOT_RANDOM, NULL, &view, NULL, &t->rng, &a));
        assert_int_equal(uno_game_apply(t->g, &a, record, t, err, sizeof err), UNO_OK);
    }
}

/* Plays the game to its end: seat 0 is the program, the others random.
 * Every action must be accepted. Returns the program's decisions. */
static int play_out(Table *t, UnoExtBot *b, int limit_ms)
{
    int decisions = 0;
    char err[UNO_ERR_LEN];
    for (int actions = 0; uno_game_turn(t->g) >= 0; actions++) {
        assert_true(actions < 5000);
        UnoAction a;
        int turn = uno_game_turn(t->g);
        bool acts;
        if (turn == 0) {
            acts = program_decides(t, b, limit_ms, &a);
            decisions++;
        } else {
            uno_view_build(&view, t->g, turn, NULL);
            acts = bot_choose_action(UNO_BOT_RANDOM, NULL, &view, NULL, &t->rng, &a);
        }
        assert_true(acts);
        if (uno_game_apply(t->g, &a, record, t, err, sizeof err) != UNO_OK)
            fail_msg("seat %d's %s was refused: %s", a.seat, uno_action_name((UnoActionType)a.type), err);
    }
    return decisions;
}

static char *example_bot(char *buf, size_t len, const char *before)
{
    const char *root = getenv("UNO_ROOT");
    snprintf(buf, len, "%spython3 %s/examples/bots/simple_bot.py", before, root ? root : ".");
    return buf;
}

/* One of the misbehaving programs of tests/protocol/bots/ (the server's
 * tests run them too), with its argument in single quotes (NULL: none). */
static char *test_program(char *buf, size_t len, const char *script, const char *arg)
{
    const char *root = getenv("UNO_ROOT");
    snprintf(buf, len, "sh %s/tests/protocol/bots/%s%s%s%s", root ? root : ".", script, arg ? " '" : "",
             arg ? arg : "", arg ? "'" : "");
    return buf;
}

/* A whole game of `rules` against the program in seat 0 (limit_ms to
 * answer): its first decision's problem must contain `first` (NULL: there
 * is none). Returns how the program answered. */
static UnoExtBotStats game_with(const char *command, int limit_ms, const char *rules, uint64_t seed,
                                const char *first)
{
    Table t;
    table_open(&t, rules, 3, seed);
    UnoExtBot *b = start(command, limit_ms);
    UnoAction a;
    others_play(&t);
    program_decides(&t, b, limit_ms, &a);
    const char *problem = bot_ext_problem(b);
    if (first ? !problem || !strstr(problem, first) : problem != NULL)
        fail_msg("'%s': the first answer's problem is '%s', not '%s'", command, problem ? problem : "none",
                 first ? first : "none");
    char err[UNO_ERR_LEN];
    if (uno_game_apply(t.g, &a, record, &t, err, sizeof err) != UNO_OK)
        fail_msg("the first move was refused: %s", err);
    play_out(&t, b, limit_ms);
    UnoExtBotStats s;
    bot_ext_stats(b, &s);
    bot_ext_stop(b);
    table_close(&t);
    return s;
}

/* --------------------------------------------------------------- tests */

/* The example bot plays whole games of every rule set: every answer in
 * time and legal. */
static void test_well_behaved(void **state)
{
    (void)state;
    const char *sets[] = {"mattel", "classic", "kpgut"};
    char cmd[1024];
    for (int r = 0; r < 3; r++) {
        UnoExtBotStats s = game_with(example_bot(cmd, sizeof cmd, ""), 5000, sets[r], 11 + (uint64_t)r, NULL);
        assert_true(s.asked > 1);
        assert_int_equal(s.late + s.illegal + s.garbled, 0);
        assert_false(s.gone);
        assert_int_equal(s.answered, s.asked);
    }
}

/* What the program is sent carries no card its seat may not see: the
 * other hands are null, and nobody else's drawn cards are named. */
static void test_sent_only_the_view(void **state)
{
    (void)state;
    char path[] = "/tmp/uno-extbot-XXXXXX", cmd[1200], before[200];
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    snprintf(before, sizeof before, "tee %s | ", path);
    Table t;
    table_open(&t, "mattel", 4, 5);
    UnoExtBot *b = start(example_bot(cmd, sizeof cmd, before), 5000);
    play_out(&t, b, 5000);
    bot_ext_stop(b);
    table_close(&t);

    FILE *f = fdopen(fd, "r");
    static char line[1 << 20];
    int lines = 0, draws_seen = 0;
    while (fgets(line, sizeof line, f)) {
        cJSON *q = cJSON_Parse(line);
        assert_non_null(q);
        lines++;
        assert_int_equal(cJSON_GetObjectItem(q, "seat")->valueint, 0);
        const cJSON *hands = cJSON_GetObjectItem(cJSON_GetObjectItem(q, "view"), "hands");
        assert_int_equal(cJSON_GetArraySize(hands), 4);
        assert_true(cJSON_IsArray(cJSON_GetArrayItem(hands, 0)));
        for (int s = 1; s < 4; s++)
            assert_true(cJSON_IsNull(cJSON_GetArrayItem(hands, s)));
        const cJSON *ev;
        cJSON_ArrayForEach(ev, cJSON_GetObjectItem(q, "events"))
        {
            const cJSON *type = cJSON_GetObjectItem(ev, "type"), *seat = cJSON_GetObjectItem(ev, "seat");
            if (strcmp(type->valuestring, "draw") == 0 && seat->valueint != 0) {
                draws_seen++;
                assert_null(cJSON_GetObjectItem(ev, "cards"));
            }
        }
        cJSON_Delete(q);
    }
    fclose(f);
    unlink(path);
    assert_true(lines > 5);
    assert_true(draws_seen > 0);
}

/* A program that takes a second for every answer, with 100 ms allowed: each
 * decision is a default move on time; the late answers are dropped. */
static void test_slow(void **state)
{
    (void)state;
    Table t;
    table_open(&t, "mattel", 2, 3);
    char cmd[600];
    UnoExtBot *b = start(test_program(cmd, sizeof cmd, "slow.sh", NULL), 100);
    UnoAction a;
    others_play(&t);
    for (int i = 0; i < 3; i++) {
        program_decides(&t, b, 100, &a);
        assert_non_null(bot_ext_problem(b));
        assert_non_null(strstr(bot_ext_problem(b), "within 100 ms"));
    }
    UnoExtBotStats s;
    bot_ext_stats(b, &s);
    assert_true(s.late >= 1);
    assert_int_equal(s.illegal + s.garbled, 0);
    bot_ext_stop(b);
    table_close(&t);
}

/* A program that takes 2 s to start, longer than the 1 s an answer may
 * take: with the default start-up time its first answer is on time and its
 * own (no problem, not the default move); with none it is late. */
static void test_slow_start(void **state)
{
    (void)state;
    char cmd[1024];
    example_bot(cmd, sizeof cmd, "sleep 2; exec ");
    for (int allowed = 1; allowed >= 0; allowed--) {
        Table t;
        table_open(&t, "mattel", 2, 3);
        UnoExtBot *b = start_allowing(cmd, 1000, allowed ? -1 : 0);
        UnoAction a;
        others_play(&t);
        program_decides(&t, b, 1000 + (allowed ? UNO_BOT_STARTUP_MS : 0), &a);
        UnoExtBotStats s;
        bot_ext_stats(b, &s);
        if (allowed) {
            assert_null(bot_ext_problem(b));
            assert_int_equal(s.answered, 1);
            assert_int_equal(s.late, 0);
        } else {
            assert_non_null(bot_ext_problem(b));
            assert_non_null(strstr(bot_ext_problem(b), "no answer to 1 within 1000 ms"));
            assert_int_equal(s.late, 1);
        }
        bot_ext_stop(b);
        table_close(&t);
    }
}

/* Waits until the program has made its file `ready`: its start (slow on a
 * busy machine) is then no part of what is timed. */
static void wait_ready(const char *ready)
{
    for (int i = 0; i < 600 && access(ready, F_OK) != 0; i++)
        nanosleep(&(struct timespec){0, 50 * 1000000}, NULL);
    assert_int_equal(access(ready, F_OK), 0);
    unlink(ready);
}

/* Late once, then on time: the late answer arrives before the next one and
 * must not be taken for it, with or without an "id". */
static void test_late_answer_dropped(void **state)
{
    (void)state;
    const char *programs[] = {
        /* echoes the id: the first answer (id 1) is late and says "pass", illegal then */
        "python3 -c 'import sys, json, time\n"
        "open(\"%s\", \"w\").close()\n"
        "for i, l in enumerate(sys.stdin):\n"
        "    q = json.loads(l)\n"
        "    if i == 0:\n"
        "        time.sleep(0.5); print(json.dumps({\"op\": \"pass\", \"seat\": 0, \"id\": q[\"id\"]}), flush=True)\n"
        "    else:\n"
        "        print(json.dumps(dict(q[\"moves\"][0], id=q[\"id\"])), flush=True)'",
        /* no id: the adapter counts the answer it is owed */
        "python3 -c 'import sys, json, time\n"
        "open(\"%s\", \"w\").close()\n"
        "for i, l in enumerate(sys.stdin):\n"
        "    q = json.loads(l)\n"
        "    if i == 0:\n"
        "        time.sleep(0.5); print(json.dumps({\"op\": \"pass\", \"seat\": 0}), flush=True)\n"
        "    else:\n"
        "        print(json.dumps(q[\"moves\"][0]), flush=True)'",
    };
    for (int k = 0; k < 2; k++) {
        char ready[64], command[1024];
        snprintf(ready, sizeof ready, "/tmp/uno-extbot-ready-%d-%d", (int)getpid(), k);
        snprintf(command, sizeof command, programs[k], ready);
        Table t;
        table_open(&t, "mattel", 2, 3);
        UnoExtBot *b = start(command, 200);
        wait_ready(ready);
        UnoAction a;
        char err[UNO_ERR_LEN];
        others_play(&t);
        program_decides(&t, b, 200, &a);
        assert_non_null(bot_ext_problem(b));
        assert_int_equal(uno_game_apply(t.g, &a, record, &t, err, sizeof err), UNO_OK);
        nanosleep(&(struct timespec){0, 600 * 1000000}, NULL); /* the late answer is there now */
        others_play(&t);
        assert_true(program_decides(&t, b, 200, &a));
        assert_null(bot_ext_problem(b)); /* the answer to this question, not the late "pass" */
        assert_true(a.type == view.legal[0].type && a.ncards == view.legal[0].ncards);
        UnoExtBotStats s;
        bot_ext_stats(b, &s);
        assert_int_equal(s.late, 1);
        assert_int_equal(s.illegal + s.garbled, 0);
        assert_int_equal(s.answered, 1);
        bot_ext_stop(b);
        table_close(&t);
    }
}

/* A program that exits after its first question: told once, then never
 * asked again; the game goes on with default moves. */
static void test_crashing(void **state)
{
    (void)state;
    char cmd[600];
    UnoExtBotStats s = game_with(test_program(cmd, sizeof cmd, "crash.sh", NULL), 1000, "mattel", 7,
                                 "exited with status 3");
    assert_true(s.gone);
    assert_int_equal(s.asked, 1);
}

/* Garbage: not JSON, not an object, a line longer than any request. */
static void test_garbage(void **state)
{
    (void)state;
    char hello[600], array[600], longer[600];
    const char *programs[] = {
        test_program(hello, sizeof hello, "answers.sh", "hello there"),
        test_program(array, sizeof array, "answers.sh", "[1, 2]"),
        test_program(longer, sizeof longer, "long.sh", NULL),
    };
    const char *says[] = {"not a JSON object", "not a JSON object", "longer than"};
    for (int k = 0; k < 3; k++) {
        UnoExtBotStats s = game_with(programs[k], 2000, "mattel", 9, says[k]);
        assert_true(s.garbled > 1);
        assert_int_equal(s.answered, 0);
    }
}

/* Illegal answers: a card not in the deck, another seat's move, an unknown
 * op, "wait" in turn. */
static void test_illegal(void **state)
{
    (void)state;
    const char *answers[] = {
        "{\"op\":\"play\",\"seat\":0,\"cards\":[\"X\"]}",
        "{\"op\":\"draw\",\"seat\":1}",
        "{\"op\":\"fly\",\"seat\":0}",
        "{\"op\":\"wait\"}",
    };
    const char *says[] = {"not one of the legal moves", "not one of the legal moves", "unknown op",
                          "\"wait\" in turn"};
    for (int k = 0; k < 4; k++) {
        char cmd[600];
        UnoExtBotStats s = game_with(test_program(cmd, sizeof cmd, "answers.sh", answers[k]), 2000, "mattel", 13,
                                     says[k]);
        assert_true(s.illegal > 1);
        assert_int_equal(s.garbled, 0);
        assert_int_equal(s.answered, 0);
    }
}

/* A program that never reads: given up after 10 late answers in a row
 * (or when its input is full, were that first); stopping it kills it (no
 * wait for its 60 s). */
static void test_deaf(void **state)
{
    (void)state;
    int64_t t0 = now_ms();
    Table t;
    table_open(&t, "mattel", 2, 17);
    UnoExtBot *b = start("exec sleep 60", 50);
    others_play(&t);
    UnoAction a;
    for (int i = 0; i < 12; i++)
        program_decides(&t, b, 50, &a);
    UnoExtBotStats s;
    bot_ext_stats(b, &s);
    assert_true(s.gone);
    assert_int_equal(s.asked, 10);
    assert_int_equal(s.late, 10);
    bot_ext_stop(b);
    table_close(&t);
    assert_true(now_ms() - t0 < 10000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_well_behaved), cmocka_unit_test(test_sent_only_the_view),
        cmocka_unit_test(test_slow),         cmocka_unit_test(test_slow_start),
        cmocka_unit_test(test_late_answer_dropped),
        cmocka_unit_test(test_crashing),     cmocka_unit_test(test_garbage),
        cmocka_unit_test(test_illegal),      cmocka_unit_test(test_deaf),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
