/*
 * test_table_client.c — the helpers the conformance scenarios rely on
 * (tests/common/table_client.h): the deal layout (docs/protocol.md "`new`": the
 * deal is one card at a time starting left of the dealer) and the subset
 * matcher. The line exchange itself is exercised by every scenario.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/table_client.h"

static cJSON *parse(const char *text)
{
    cJSON *j = cJSON_Parse(text);
    assert_non_null(j);
    return j;
}

static void assert_deck(const cJSON *req, const char *expected)
{
    cJSON *want = parse(expected);
    char why[512];
    const cJSON *deck = cJSON_GetObjectItemCaseSensitive(req, "deck");
    if (!json_subset_match(want, deck, why, sizeof why))
        fail_msg("%s", why);
    assert_null(cJSON_GetObjectItemCaseSensitive(req, "deal"));
    cJSON_Delete(want);
}

/* Dealer 2 of 3: seat 0 gets the first card, then seat 1, then seat 2. */
static void deal_starts_left_of_dealer(void **state)
{
    (void)state;
    char err[256];
    cJSON *req = parse("{\"op\":\"new\",\"rules\":\"mattel\",\"dealer\":2,\"options\":{\"hand_size\":2},"
                       "\"players\":[{\"name\":\"A\",\"age\":1},{\"name\":\"B\",\"age\":2},{\"name\":\"C\",\"age\":3}],"
                       "\"deal\":{\"hands\":[[\"R1\",\"R2\"],[\"G1\",\"G2\"],[\"B1\",\"B2\"]],\"then\":[\"Y5\",\"W\"]}}");
    assert_int_equal(deal_expand(req, err, sizeof err), 0);
    assert_deck(req, "[\"R1\",\"G1\",\"B1\",\"R2\",\"G2\",\"B2\",\"Y5\",\"W\"]");
    cJSON_Delete(req);
}

/* No dealer given: the oldest deals (KPGUT), ties to the earlier seat. */
static void deal_oldest_deals_by_default(void **state)
{
    (void)state;
    char err[256];
    cJSON *req = parse("{\"op\":\"new\",\"rules\":\"kpgut\",\"options\":{\"hand_size\":1},"
                       "\"players\":[{\"name\":\"A\",\"age\":9},{\"name\":\"B\",\"age\":50},{\"name\":\"C\",\"age\":50}],"
                       "\"deal\":{\"hands\":[[\"R1\"],[\"G1\"],[\"B1\"]]}}");
    assert_int_equal(deal_expand(req, err, sizeof err), 0);
    assert_deck(req, "[\"B1\",\"R1\",\"G1\"]");
    cJSON_Delete(req);
}

static void deal_checks_the_deck(void **state)
{
    (void)state;
    char err[256];
    const char *three_r5 =
        "{\"op\":\"new\",\"rules\":\"%s\",\"dealer\":0,\"options\":{\"hand_size\":3%s},"
        "\"players\":[{\"name\":\"A\",\"age\":1},{\"name\":\"B\",\"age\":2}],"
        "\"deal\":{\"hands\":[[\"R5\",\"R5\",\"R5\"],[\"G1\",\"G2\",\"X\"]]}}";
    char text[512];
    /* one 108-card deck: two red 5s, no blank */
    snprintf(text, sizeof text, three_r5, "mattel", "");
    cJSON *req = parse(text);
    assert_int_equal(deal_expand(req, err, sizeof err), -1);
    cJSON_Delete(req);
    /* blanks replacing two lost red 5s restore the two: still not three */
    snprintf(text, sizeof text, three_r5, "mattel", ",\"blanks\":4,\"lost_cards\":\"R5 R5\"");
    req = parse(text);
    assert_int_equal(deal_expand(req, err, sizeof err), -1);
    cJSON_Delete(req);
    /* a hand of the wrong size */
    req = parse("{\"op\":\"new\",\"rules\":\"mattel\",\"dealer\":0,"
                "\"players\":[{\"name\":\"A\",\"age\":1},{\"name\":\"B\",\"age\":2}],"
                "\"deal\":{\"hands\":[[\"R5\"],[\"G1\"]]}}");
    assert_int_equal(deal_expand(req, err, sizeof err), -1);
    cJSON_Delete(req);
    /* kpgut, 8 players: two decks, so four of a 0 card are fine */
    req = parse("{\"op\":\"new\",\"rules\":\"kpgut\",\"options\":{\"hand_size\":1},"
                "\"players\":[{\"name\":\"A\",\"age\":1},{\"name\":\"B\",\"age\":2},{\"name\":\"C\",\"age\":3},"
                "{\"name\":\"D\",\"age\":4},{\"name\":\"E\",\"age\":5},{\"name\":\"F\",\"age\":6},"
                "{\"name\":\"G\",\"age\":7},{\"name\":\"H\",\"age\":8}],"
                "\"deal\":{\"hands\":[[\"R0\"],[\"R0\"],[\"G1\"],[\"G1\"],[\"G1\"],[\"G1\"],[\"B2\"],[\"B3\"]]}}");
    assert_int_equal(deal_expand(req, err, sizeof err), 0);
    cJSON_Delete(req);
}

static bool matches(const char *expected, const char *actual)
{
    cJSON *e = parse(expected), *a = parse(actual);
    char why[512];
    bool ok = json_subset_match(e, a, why, sizeof why);
    cJSON_Delete(e);
    cJSON_Delete(a);
    return ok;
}

static void subset_match(void **state)
{
    (void)state;
    assert_true(matches("{\"a\":1}", "{\"a\":1,\"b\":2}"));
    assert_false(matches("{\"a\":1,\"c\":3}", "{\"a\":1,\"b\":2}"));
    assert_true(matches("{\"l\":[{\"x\":1},2]}", "{\"l\":[{\"x\":1,\"y\":0},2]}"));
    assert_false(matches("{\"l\":[1,2]}", "{\"l\":[1,2,3]}"));
    assert_true(matches("{\"t\":null}", "{\"t\":null}"));
    assert_false(matches("{\"t\":0}", "{\"t\":null}"));
}

static void events_are_a_subsequence(void **state)
{
    (void)state;
    const char *actual = "{\"events\":[{\"type\":\"a\",\"seat\":1},{\"type\":\"b\"},{\"type\":\"c\",\"seat\":2}]}";
    assert_true(matches("{\"events\":[{\"type\":\"a\"},{\"type\":\"c\",\"seat\":2}]}", actual));
    assert_false(matches("{\"events\":[{\"type\":\"c\"},{\"type\":\"a\"}]}", actual));
    assert_false(matches("{\"events\":[{\"type\":\"c\",\"seat\":1}]}", actual));
    assert_true(matches("{\"events\":{\"$none\":[{\"type\":\"d\"}]}}", actual));
    assert_false(matches("{\"events\":{\"$none\":[{\"type\":\"b\"}]}}", actual));
}

static void matchers(void **state)
{
    (void)state;
    assert_true(matches("{\"h\":{\"$unordered\":[\"R1\",\"G2\",\"R1\"]}}", "{\"h\":[\"R1\",\"R1\",\"G2\"]}"));
    assert_false(matches("{\"h\":{\"$unordered\":[\"R1\",\"G2\",\"G2\"]}}", "{\"h\":[\"R1\",\"R1\",\"G2\"]}"));
    assert_false(matches("{\"h\":{\"$unordered\":[\"R1\"]}}", "{\"h\":[\"R1\",\"G2\"]}"));
    assert_true(matches("{\"h\":{\"$contains\":[\"G2\"]}}", "{\"h\":[\"R1\",\"G2\"]}"));
    assert_true(matches("{\"h\":{\"$lacks\":[\"B2\"]}}", "{\"h\":[\"R1\",\"G2\"]}"));
    assert_true(matches("{\"h\":{\"$len\":2}}", "{\"h\":[\"R1\",\"G2\"]}"));
    assert_true(matches("{\"x\":{\"$absent\":true}}", "{\"y\":1}"));
    assert_true(matches("{\"x\":{\"$absent\":true}}", "{\"x\":null}"));
    assert_false(matches("{\"x\":{\"$absent\":true}}", "{\"x\":0}"));
    assert_false(matches("{\"x\":{\"$any\":true}}", "{\"y\":1}"));
    assert_true(matches("{\"x\":{\"$not\":3}}", "{\"x\":4}"));
    assert_true(matches("{\"x\":{\"$gte\":3}}", "{\"x\":3}"));
    assert_false(matches("{\"x\":{\"$lte\":3}}", "{\"x\":4}"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(deal_starts_left_of_dealer),
        cmocka_unit_test(deal_oldest_deals_by_default),
        cmocka_unit_test(deal_checks_the_deck),
        cmocka_unit_test(subset_match),
        cmocka_unit_test(events_are_a_subsequence),
        cmocka_unit_test(matchers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
