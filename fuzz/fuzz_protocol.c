/*
 * fuzz_protocol.c — libFuzzer target for the table protocol (protocol.h):
 * the input is split on '\n' into request lines for one UnoTable.
 *
 * Besides not crashing (ASan, UBSan, and the engine's invariant checks of
 * UNO_DEBUG builds), it checks what protocol.h promises:
 *  - every answer is one line of JSON, an object whose "ok" is a boolean;
 *  - the log is a save file: a second table fed only the logged lines
 *    accepts each of them and holds a game with the same hash after every
 *    request.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "protocol/protocol.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool replay_in_shadow(void *shadow, const char *line, uint64_t hash)
{
    char *answer = proto_table_handle(shadow, line, strlen(line));
    if (!answer || !proto_table_response_ok(answer)) {
        fprintf(stderr, "a logged request does not replay:\n  %s\n  -> %s\n", line,
                answer ? answer : "(null)");
        abort();
    }
    if (proto_table_hash(shadow) != hash) {
        fprintf(stderr, "a logged request replays to another state:\n  %s\n", line);
        abort();
    }
    free(answer);
    return true;
}

static void check_answer(const char *answer)
{
    cJSON *j = strchr(answer, '\n') ? NULL : cJSON_Parse(answer);
    if (!cJSON_IsObject(j) || !cJSON_IsBool(cJSON_GetObjectItemCaseSensitive(j, "ok"))) {
        fprintf(stderr, "not a one-line answer: %s\n", answer);
        abort();
    }
    cJSON_Delete(j);
}

static void check_same_game(const UnoTable *t, const UnoTable *shadow)
{
    const UnoGame *a = proto_table_game(t), *b = proto_table_game(shadow);
    if ((a == NULL) != (b == NULL) || (a && uno_game_hash(a) != uno_game_hash(b))) {
        fprintf(stderr, "the replayed log holds another game\n");
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    UnoTable *t = proto_table_new(), *shadow = proto_table_new();
    if (!t || !shadow)
        abort();
    proto_table_set_log(t, replay_in_shadow, shadow);
    const char *p = (const char *)data, *end = p + size;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = (size_t)((nl ? nl : end) - p);
        char *answer = proto_table_handle(t, p, len);
        if (!answer)
            abort(); /* out of memory does not happen at these sizes */
        check_answer(answer);
        free(answer);
        check_same_game(t, shadow);
        p += len + 1;
    }
    proto_table_free(shadow);
    proto_table_free(t);
    return 0;
}
