/*
 * test_table_parsed.c — a table handed its requests parsed
 * (proto_table_request) or its actions as they are (proto_table_act), as the
 * server hands them (protocol.h), keeps and answers what the same request
 * as a line would have made it keep and answer: the same log lines, the
 * same hashes, the same answers and refusals.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>
#include <cmocka.h>

#include "protocol/protocol.h"
#include "protocol/render.h"
#include "uno.h"

#define NEW_KPGUT                                                                                             \
    "{\"op\":\"new\",\"rules\":\"kpgut\",\"seed\":7,\"players\":[{\"name\":\"Ann\",\"age\":30},"             \
    "{\"name\":\"Bob\",\"age\":40},{\"name\":\"Cy\",\"age\":50}]}"

/* What a table's log hook was handed: its last line and hash. */
typedef struct Kept {
    char line[4096];
    uint64_t hash;
    int count;
} Kept;

static bool keep(void *ctx, const char *line, uint64_t hash)
{
    Kept *k = ctx;
    snprintf(k->line, sizeof k->line, "%s", line);
    k->hash = hash;
    k->count++;
    return true;
}

static UnoTable *table(Kept *kept)
{
    UnoTable *t = proto_table_new();
    assert_non_null(t);
    proto_table_set_log(t, keep, kept);
    return t;
}

/* The answer to `line` as a line, parsed for comparing. */
static cJSON *as_line(UnoTable *t, const char *line)
{
    char *text = proto_table_handle(t, line, strlen(line));
    assert_non_null(text);
    cJSON *answer = cJSON_Parse(text);
    free(text);
    assert_non_null(answer);
    return answer;
}

/* The answer to `line` handed over parsed. */
static cJSON *as_parsed(UnoTable *t, const char *line)
{
    cJSON *req = cJSON_Parse(line);
    assert_non_null(req);
    cJSON *answer = proto_table_request(t, req);
    cJSON_Delete(req);
    assert_non_null(answer);
    return answer;
}

static void assert_same_json(const cJSON *a, const cJSON *b)
{
    char *ta = cJSON_PrintUnformatted(a), *tb = cJSON_PrintUnformatted(b);
    assert_string_equal(ta, tb);
    free(ta);
    free(tb);
}

static void assert_same_kept(const Kept *a, const Kept *b)
{
    assert_int_equal(a->count, b->count);
    assert_string_equal(a->line, b->line);
    assert_int_equal(a->hash, b->hash);
}

/* The same request, as a line to one table and parsed to another: the same
 * answer, and the same line kept with the same hash. */
static void check_both(UnoTable *lined, Kept *lk, UnoTable *parsed, Kept *pk, const char *line)
{
    cJSON *a = as_line(lined, line), *b = as_parsed(parsed, line);
    assert_same_json(a, b);
    assert_same_kept(lk, pk);
    cJSON_Delete(a);
    cJSON_Delete(b);
}

static void parsed_requests_answer_as_lines(void **state)
{
    (void)state;
    Kept lk = {0}, pk = {0};
    UnoTable *lined = table(&lk), *parsed = table(&pk);
    check_both(lined, &lk, parsed, &pk, "{\"op\":\"draw\",\"seat\":0}"); /* no game yet */
    check_both(lined, &lk, parsed, &pk, NEW_KPGUT);
    assert_int_equal(pk.count, 1);
    check_both(lined, &lk, parsed, &pk, "{\"op\":\"frobnicate\"}");
    check_both(lined, &lk, parsed, &pk, "{\"op\":\"view\",\"seat\":1}");
    check_both(lined, &lk, parsed, &pk, "{\"op\":\"legal\",\"seat\":0}");
    check_both(lined, &lk, parsed, &pk, "{\"op\":\"join\",\"seat\":1,\"name\":\"Dee\",\"age\":20,\"t\":5}");
    check_both(lined, &lk, parsed, &pk, "{\"op\":\"tick\",\"t\":4}"); /* the clock went backwards */
    assert_int_equal(pk.count, 2);
    assert_int_equal(proto_table_hash(parsed), proto_table_hash(lined));
    proto_table_free(lined);
    proto_table_free(parsed);
}

/* The table's actions from its own legal moves, to the end of the game:
 * acted on one table, sent as their request lines to the other. */
static void acted_actions_keep_what_their_lines_keep(void **state)
{
    (void)state;
    Kept lk = {0}, pk = {0};
    UnoTable *lined = table(&lk), *acted = table(&pk);
    cJSON_Delete(as_line(lined, NEW_KPGUT));
    cJSON_Delete(as_line(acted, NEW_KPGUT));
    for (int step = 0; step < 2000 && !uno_game_over(proto_table_game(acted)); step++) {
        const UnoGame *g = proto_table_game(acted);
        UnoAction a;
        int total;
        assert_int_equal(uno_game_legal(g, uno_game_turn(g), &a, 1, &total), 1);
        a.t = 10 * step;
        cJSON *answer = proto_table_act(acted, &a);
        assert_non_null(answer);
        assert_true(cJSON_IsTrue(cJSON_GetObjectItem(answer, "ok")));
        cJSON_Delete(answer);
        cJSON *req = proto_action_json(&a);
        char *line = cJSON_PrintUnformatted(req);
        cJSON_Delete(req);
        cJSON_Delete(as_line(lined, line));
        free(line);
        assert_same_kept(&lk, &pk);
    }
    assert_true(uno_game_over(proto_table_game(acted)));
    proto_table_free(lined);
    proto_table_free(acted);
}

/* An action before any game, or refused by the engine, is answered as its
 * request would be, and nothing is kept. */
static void acted_refusals_change_nothing(void **state)
{
    (void)state;
    Kept pk = {0};
    UnoTable *t = table(&pk);
    UnoAction draw;
    uno_action_init(&draw, UNO_ACT_DRAW, 0);
    cJSON *answer = proto_table_act(t, &draw);
    assert_string_equal(cJSON_GetObjectItem(answer, "error")->valuestring, "no_game");
    cJSON_Delete(answer);
    cJSON_Delete(as_line(t, NEW_KPGUT));
    uint64_t hash = proto_table_hash(t);
    int turn = uno_game_turn(proto_table_game(t));
    uno_action_init(&draw, UNO_ACT_DRAW, (turn + 1) % 3);
    answer = proto_table_act(t, &draw);
    assert_string_equal(cJSON_GetObjectItem(answer, "error")->valuestring, "not_your_turn");
    cJSON_Delete(answer);
    assert_int_equal(proto_table_hash(t), hash);
    assert_int_equal(pk.count, 1);
    proto_table_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parsed_requests_answer_as_lines),
        cmocka_unit_test(acted_actions_keep_what_their_lines_keep),
        cmocka_unit_test(acted_refusals_change_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
