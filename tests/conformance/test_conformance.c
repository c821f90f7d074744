/*
 * test_conformance.c — the rule-book conformance suite: one cmocka test per
 * scenario file tests/conformance/<book>/<clause>.jsonl (under env UNO_ROOT),
 * each run through the real `uno table` binary (env UNO_BIN).
 *
 * A scenario is JSON Lines; each line is one of
 *   {"comment": "..."}                      the book's sentence under test
 *   {"send": REQUEST}                       must answer ok:true
 *   {"send": REQUEST, "expect": SUBSET}     the answer must match SUBSET
 *                                           (json_subset_match; "ok":true is
 *                                           implied unless SUBSET names "ok")
 *   {"send": REQUEST, "expect_error": CODE} must answer ok:false, error CODE
 * and any of them may add "reject_events": [EVENT SUBSETS] (no event of the
 * answer may match one of them). A `new` request may carry "deal" (see
 * deal_expand in tests/common/table_client.h), expanded into "deck".
 *   {"mark": true}                          starts collecting events
 *   ..., "since_mark": [EVENT SUBSETS]      after this line's answer, the
 *                                           events of all answers since the
 *                                           mark hold these, in order
 * (for consequences the books place at no exact request: e.g. whether a
 * reshuffle happens as the last card is drawn or at the next draw).
 * docs/conformance.md maps every clause to its scenario.
 *
 * Env CONFORMANCE_FILTER=substring runs only the scenarios whose name
 * (book/clause) contains it; CONFORMANCE_VERBOSE=1 prints every request and
 * answer. A failing test prints file:line, the request, the
 * answer and why.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "common/table_client.h"

typedef struct Scenario {
    char *path; /* full path of the file */
    char *name; /* book/clause */
} Scenario;

typedef struct ScenarioList {
    Scenario *items;
    size_t count, cap;
} ScenarioList;

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int add_scenario(ScenarioList *list, const char *path, const char *name)
{
    if (list->count == list->cap) {
        size_t cap = list->cap ? list->cap * 2 : 128;
        Scenario *s = realloc(list->items, cap * sizeof *s);
        if (!s)
            return -1;
        list->items = s;
        list->cap = cap;
    }
    list->items[list->count].path = strdup(path);
    list->items[list->count].name = strdup(name);
    list->count++;
    return 0;
}

/* Collects every *.jsonl under dir; `prefix` is the name so far. */
static void scan(ScenarioList *list, const char *dir, const char *prefix, const char *filter)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[4096], name[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        snprintf(name, sizeof name, "%s%s%s", prefix, prefix[0] ? "/" : "", e->d_name);
        struct stat st;
        if (stat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            scan(list, path, name, filter);
        } else if (ends_with(e->d_name, ".jsonl")) {
            name[strlen(name) - strlen(".jsonl")] = '\0';
            if (!filter || strstr(name, filter))
                add_scenario(list, path, name);
        }
    }
    closedir(d);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const Scenario *)a)->name, ((const Scenario *)b)->name);
}

static char *show(const cJSON *j)
{
    char *s = j ? cJSON_PrintUnformatted(j) : NULL;
    return s ? s : strdup("(none)");
}

/* Checks one answer against the line's expectations. */
static bool check_answer(const cJSON *line, const cJSON *answer, char *why, size_t whylen)
{
    const cJSON *expect = cJSON_GetObjectItemCaseSensitive(line, "expect");
    const cJSON *expect_error = cJSON_GetObjectItemCaseSensitive(line, "expect_error");
    const cJSON *reject = cJSON_GetObjectItemCaseSensitive(line, "reject_events");
    const cJSON *ok = cJSON_GetObjectItemCaseSensitive(answer, "ok");
    if (expect_error) {
        const cJSON *code = cJSON_GetObjectItemCaseSensitive(answer, "error");
        if (!cJSON_IsFalse(ok) || !cJSON_IsString(code) || !cJSON_IsString(expect_error) ||
            strcmp(code->valuestring, expect_error->valuestring) != 0) {
            snprintf(why, whylen, "expected error \"%s\"",
                     cJSON_IsString(expect_error) ? expect_error->valuestring : "?");
            return false;
        }
    } else if (!expect || !cJSON_GetObjectItemCaseSensitive(expect, "ok")) {
        if (!cJSON_IsTrue(ok)) {
            snprintf(why, whylen, "expected ok:true");
            return false;
        }
    }
    if (expect && !json_subset_match(expect, answer, why, whylen))
        return false;
    if (reject) {
        const cJSON *events = cJSON_GetObjectItemCaseSensitive(answer, "events");
        for (const cJSON *r = reject->child; r; r = r->next)
            for (const cJSON *ev = events ? events->child : NULL; ev; ev = ev->next) {
                char scratch[16];
                if (json_subset_match(r, ev, scratch, sizeof scratch)) {
                    char *s = show(ev);
                    snprintf(why, whylen, "event %s must not happen here", s);
                    free(s);
                    return false;
                }
            }
    }
    return true;
}

/* Appends the answer's events to the collected ones. */
static void collect_events(cJSON *collected, const cJSON *answer)
{
    const cJSON *events = cJSON_GetObjectItemCaseSensitive(answer, "events");
    for (const cJSON *ev = events ? events->child : NULL; ev; ev = ev->next)
        cJSON_AddItemToArray(collected, cJSON_Duplicate(ev, 1));
}

static void run_scenario(void **state)
{
    const Scenario *sc = *state;
    const char *v = getenv("CONFORMANCE_VERBOSE");
    bool verbose = v && *v && strcmp(v, "0") != 0;
    char err[2048];
    int *linenos = NULL;
    cJSON *lines = jsonl_read_file(sc->path, &linenos, err, sizeof err);
    if (!lines)
        fail_msg("%s", err);
    TableClient *c = table_client_start(NULL, err, sizeof err);
    if (!c) {
        cJSON_Delete(lines);
        free(linenos);
        fail_msg("%s", err);
    }
    int i = 0, sent = 0;
    bool failed = false;
    char report[16384];
    cJSON *collected = cJSON_CreateArray();
    for (const cJSON *line = lines->child; line && !failed; line = line->next, i++) {
        const cJSON *send = cJSON_GetObjectItemCaseSensitive(line, "send");
        if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(line, "mark"))) {
            cJSON_Delete(collected);
            collected = cJSON_CreateArray();
        }
        if (!send)
            continue; /* a comment or a mark */
        cJSON *req = cJSON_Duplicate(send, 1);
        const cJSON *op = cJSON_GetObjectItemCaseSensitive(req, "op");
        if (cJSON_IsString(op) && strcmp(op->valuestring, "new") == 0 &&
            deal_expand(req, err, sizeof err) != 0) {
            snprintf(report, sizeof report, "%.1000s:%d: %.2000s", sc->path, linenos[i], err);
            failed = true;
            cJSON_Delete(req);
            break;
        }
        cJSON *answer = table_client_send(c, req, err, sizeof err);
        sent++;
        if (verbose) {
            char *rq = show(req), *an = show(answer);
            print_message("%d> %s\n%d< %s\n", linenos[i], rq, linenos[i], an);
            free(rq);
            free(an);
        }
        char why[4096];
        if (!answer) {
            snprintf(why, sizeof why, "%s", err);
            failed = true;
        } else if (!check_answer(line, answer, why, sizeof why)) {
            failed = true;
        } else {
            collect_events(collected, answer);
            const cJSON *since = cJSON_GetObjectItemCaseSensitive(line, "since_mark");
            if (since) {
                cJSON *want = cJSON_CreateObject(), *have = cJSON_CreateObject();
                cJSON_AddItemToObject(want, "events", cJSON_Duplicate(since, 1));
                cJSON_AddItemReferenceToObject(have, "events", collected);
                if (!json_subset_match(want, have, why, sizeof why)) {
                    size_t n = strlen(why);
                    snprintf(why + n, sizeof why - n, " (events since the mark)");
                    failed = true;
                }
                cJSON_Delete(want);
                cJSON_Delete(have);
            }
        }
        if (failed) {
            char *rq = show(req), *an = show(answer);
            snprintf(report, sizeof report, "%.1000s:%d:\n  why:     %.4000s\n  request: %.1500s\n  answer:  %.3000s",
                     sc->path, linenos[i], why, rq, an);
            free(rq);
            free(an);
        }
        cJSON_Delete(answer);
        cJSON_Delete(req);
    }
    cJSON_Delete(collected);
    int status = table_client_stop(c);
    if (!failed && status != 0) {
        snprintf(report, sizeof report, "%.1000s: uno table exited with status %d after %d requests",
                 sc->path, status, sent);
        failed = true;
    }
    cJSON_Delete(lines);
    free(linenos);
    if (failed) {
        print_error("%s\n", report);
        fail();
    }
}

int main(void)
{
    const char *root = getenv("UNO_ROOT");
    const char *filter = getenv("CONFORMANCE_FILTER");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/tests/conformance", root && *root ? root : ".");
    ScenarioList list = {0};
    scan(&list, dir, "", filter && *filter ? filter : NULL);
    if (list.count == 0) {
        fprintf(stderr, "no scenarios under %s (set UNO_ROOT to the repository root)\n", dir);
        return 1;
    }
    qsort(list.items, list.count, sizeof *list.items, by_name);
    struct CMUnitTest *tests = calloc(list.count, sizeof *tests);
    if (!tests)
        return 1;
    for (size_t i = 0; i < list.count; i++) {
        tests[i].name = list.items[i].name;
        tests[i].test_func = run_scenario;
        tests[i].initial_state = &list.items[i];
    }
    int rc = _cmocka_run_group_tests("conformance", tests, list.count, NULL, NULL);
    for (size_t i = 0; i < list.count; i++) {
        free(list.items[i].path);
        free(list.items[i].name);
    }
    free(list.items);
    free(tests);
    return rc;
}
