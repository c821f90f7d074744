/*
 * test_fault.c — `uno table` when memory runs out, as SQLite's tests fail
 * the Nth malloc (docs/protocol.md "Errors", docs/embedding.md): the test
 * build's uno fails its Nth allocation when UNO_FAULT_ALLOC=N
 * (tests/fault/fault_alloc.c). A whole game is played once to learn every
 * request and answer, then again with the Nth allocation failing, for
 * every N up to FIRST_EVERY and a sample of the rest: each request is
 * answered exactly as in the first game, or with server_error "out of
 * memory" (never bad_request), and then, sent again, exactly as in the
 * first game; the last `state` (with its hash) is the first game's. So a
 * failure is reported as such and leaves the game as it was; the binary's
 * invariant checks (make SAN=1) run after every action besides.
 * A uno without the failing allocator (a release build) skips the test.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/table_client.h"

/* Every N up to here fails in turn; past it, SAMPLES of them spread evenly. */
#define FIRST_EVERY 150
#define SAMPLES 150
#define MAX_LINES 2000

typedef struct Script {
    char *request[MAX_LINES];
    char *answer[MAX_LINES]; /* as the game without failures answered */
    int n;
} Script;

static char *printed(const cJSON *j)
{
    char *s = cJSON_PrintUnformatted(j);
    assert_non_null(s);
    return s;
}

/* Sends line and returns the answer printed again (so that two answers
 * compare as text); NULL when the binary answered nothing. */
static char *exchange(TableClient *c, const char *line)
{
    char err[256];
    cJSON *r = table_client_send_text(c, line, err, sizeof err);
    char *text = r ? printed(r) : NULL;
    cJSON_Delete(r);
    return text;
}

static void add(Script *s, TableClient *c, const char *line)
{
    assert_true(s->n < MAX_LINES);
    s->request[s->n] = strdup(line);
    s->answer[s->n] = exchange(c, line);
    assert_non_null(s->answer[s->n]);
    s->n++;
}

/* A whole game of mattel for three: at each turn `legal` for the seat in
 * turn, then one of its moves (a play where there is one, so that the game
 * ends); `state` at the end. */
static void record(Script *s)
{
    char err[256];
    TableClient *c = table_client_start(NULL, err, sizeof err);
    assert_non_null(c);
    add(s, c, "{\"op\":\"new\",\"rules\":\"mattel\",\"seed\":7,\"players\":[{\"name\":\"Ann\",\"age\":40},"
              "{\"name\":\"Bob\",\"age\":30},{\"name\":\"Cy\",\"age\":20}]}");
    for (int step = 0;; step++) {
        assert_true(s->n < MAX_LINES - 3);
        cJSON *state = table_client_send_text(c, "{\"op\":\"state\"}", err, sizeof err);
        const cJSON *turn = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(state, "state"), "turn");
        int seat = cJSON_IsNumber(turn) ? turn->valueint : -1;
        cJSON_Delete(state);
        if (seat < 0)
            break; /* over */
        char line[64];
        snprintf(line, sizeof line, "{\"op\":\"legal\",\"seat\":%d}", seat);
        add(s, c, line);
        cJSON *legal = cJSON_Parse(s->answer[s->n - 1]);
        const cJSON *moves = cJSON_GetObjectItemCaseSensitive(legal, "moves");
        int n = cJSON_GetArraySize(moves);
        assert_true(n > 0);
        const cJSON *pick = cJSON_GetArrayItem(moves, (step * 7) % n);
        for (const cJSON *m = moves->child; m; m = m->next)
            if (strcmp(cJSON_GetObjectItemCaseSensitive(m, "op")->valuestring, "play") == 0)
                pick = m;
        char *move = printed(pick);
        add(s, c, move);
        free(move);
        cJSON_Delete(legal);
    }
    add(s, c, "{\"op\":\"state\"}");
    assert_int_equal(table_client_stop(c), 0);
}

/* The binary's allocations for the whole script (UNO_FAULT_ALLOC=count);
 * 0 when it has no failing allocator. */
static unsigned long count_allocations(const Script *s)
{
    char in[] = "/tmp/uno-fault-in-XXXXXX", out[] = "/tmp/uno-fault-err-XXXXXX";
    int fd_in = mkstemp(in), fd_out = mkstemp(out);
    assert_true(fd_in >= 0 && fd_out >= 0);
    FILE *f = fdopen(fd_in, "w");
    for (int i = 0; i < s->n; i++)
        fprintf(f, "%s\n", s->request[i]);
    fclose(f);
    close(fd_out);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "UNO_FAULT_ALLOC=count '%s' table < %s > /dev/null 2> %s", getenv("UNO_BIN"), in, out);
    assert_int_equal(system(cmd), 0);
    unsigned long n = 0;
    char line[256];
    f = fopen(out, "r");
    while (f && fgets(line, sizeof line, f))
        sscanf(line, "fault_alloc: %lu allocations", &n);
    if (f)
        fclose(f);
    unlink(in);
    unlink(out);
    return n;
}

static bool out_of_memory(const char *answer)
{
    return strstr(answer, "\"error\":\"server_error\"") && strstr(answer, "out of memory");
}

/* The script with allocation `fail_at` failing: true when the failure was
 * met in an answer (it may fall where no answer shows it, or at start). */
static bool run_failing(const Script *s, unsigned long fail_at)
{
    char value[32], err[256];
    snprintf(value, sizeof value, "%lu", fail_at);
    setenv("UNO_FAULT_ALLOC", value, 1);
    TableClient *c = table_client_start(NULL, err, sizeof err);
    unsetenv("UNO_FAULT_ALLOC");
    assert_non_null(c);
    bool met = false;
    for (int i = 0; i < s->n; i++) {
        char *answer = exchange(c, s->request[i]);
        if (!answer && i == 0) { /* before the first request: it said so and stopped */
            assert_int_equal(table_client_stop(c), 1);
            return true;
        }
        if (!answer)
            fail_msg("allocation %lu: no answer to request %d %s", fail_at, i, s->request[i]);
        if (strcmp(answer, s->answer[i]) != 0) {
            if (!out_of_memory(answer) || met)
                fail_msg("allocation %lu: request %d %s\n  answered %.300s\n  expected %.300s", fail_at, i,
                         s->request[i], answer, s->answer[i]);
            met = true;
            free(answer);
            answer = exchange(c, s->request[i]); /* the game is as it was: the same request again */
            if (!answer || strcmp(answer, s->answer[i]) != 0)
                fail_msg("allocation %lu: request %d again\n  answered %.300s\n  expected %.300s", fail_at, i,
                         answer ? answer : "(nothing)", s->answer[i]);
        }
        free(answer);
    }
    assert_int_equal(table_client_stop(c), 0);
    return met;
}

static void test_every_failure_reported_and_harmless(void **state)
{
    (void)state;
    Script s = {0};
    record(&s);
    unsigned long total = count_allocations(&s);
    if (total == 0) {
        for (int i = 0; i < s.n; i++)
            free(s.request[i]), free(s.answer[i]);
        skip(); /* a release build: no failing allocator */
    }
    unsigned long runs = 0, met = 0;
    for (unsigned long n = 1; n <= total; n++) {
        bool sampled = n <= FIRST_EVERY || (n - FIRST_EVERY) % ((total - FIRST_EVERY) / SAMPLES + 1) == 0 || n == total;
        if (!sampled)
            continue;
        runs++;
        met += run_failing(&s, n);
    }
    printf("fault: %d requests, %lu allocations; %lu of them failed in turn, %lu of those answered server_error\n",
           s.n, total, runs, met);
    assert_true(met > 0);
    for (int i = 0; i < s.n; i++)
        free(s.request[i]), free(s.answer[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_failure_reported_and_harmless),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
