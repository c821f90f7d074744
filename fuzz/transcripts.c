/*
 * transcripts.c — seeds for the fuzzers: whole games, played through the
 * table protocol by random legal moves, under every rule set.
 *
 *   transcripts PROTOCOL_DIR SAVEFILE_DIR
 *
 * writes, for each game, the requests that moved it (not the `legal` and
 * `state` queries that chose them) to PROTOCOL_DIR/game-N, the corpus of
 * fuzz_protocol,
 * and the save file the table wrote to SAVEFILE_DIR/game-N, the corpus of
 * fuzz_savefile. `make fuzz-corpus` runs it; `make test-fuzz` starts from them.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "protocol/savefile.h"

/* One table, its save file and the transcript of what was sent to it. */
typedef struct Game {
    UnoTable *table;
    FILE *transcript;
    uint64_t rng;
} Game;

static uint64_t next_random(uint64_t *x)
{
    *x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
    return *x >> 33;
}

/* Sends a request (written to the transcript when it moves the game);
 * returns the answer. */
static cJSON *ask(Game *g, const char *request, bool moves)
{
    if (moves)
        fprintf(g->transcript, "%s\n", request);
    char *answer = proto_table_handle(g->table, request, strlen(request));
    cJSON *j = answer ? cJSON_Parse(answer) : NULL;
    free(answer);
    if (!j) {
        fprintf(stderr, "transcripts: no answer to %s\n", request);
        exit(1);
    }
    return j;
}

/* Every seat's legal moves; one of them at random, or a tick. Returns false
 * once the game is over. */
static bool step(Game *g, int players, int64_t *clock)
{
    cJSON *state = ask(g, "{\"op\":\"state\"}", false);
    bool over = cJSON_IsTrue(cJSON_GetObjectItem(cJSON_GetObjectItem(state, "state"), "over"));
    cJSON_Delete(state);
    if (over)
        return false;
    cJSON *all = cJSON_CreateArray();
    for (int s = 0; s < players; s++) {
        char q[64];
        snprintf(q, sizeof q, "{\"op\":\"legal\",\"seat\":%d}", s);
        cJSON *r = ask(g, q, false), *m;
        cJSON_ArrayForEach(m, cJSON_GetObjectItem(r, "moves"))
            cJSON_AddItemToArray(all, cJSON_Duplicate(m, true));
        cJSON_Delete(r);
    }
    *clock += (int64_t)(next_random(&g->rng) % 1500);
    int n = cJSON_GetArraySize(all);
    cJSON *move = n ? cJSON_GetArrayItem(all, (int)(next_random(&g->rng) % (uint64_t)n)) : NULL;
    if (move)
        cJSON_AddNumberToObject(move, "t", (double)*clock);
    char *text = move ? cJSON_PrintUnformatted(move) : NULL;
    char tick[64];
    snprintf(tick, sizeof tick, "{\"op\":\"tick\",\"t\":%lld}", (long long)*clock);
    cJSON_Delete(ask(g, text ? text : tick, true));
    free(text);
    cJSON_Delete(all);
    return true;
}

static void play(const char *protocol_path, const char *save_path, const char *rules, int players, uint64_t seed)
{
    Game g = {proto_table_new(), fopen(protocol_path, "w"), seed * 2654435761u + 1};
    UnoSaveFile save;
    char err[700], q[512];
    remove(save_path);
    if (!g.table || !g.transcript || proto_save_open(&save, save_path, true, err, sizeof err) != 0) {
        fprintf(stderr, "transcripts: %s: %s\n", protocol_path, err);
        exit(1);
    }
    proto_table_set_log(g.table, proto_save_append, &save);
    int n = snprintf(q, sizeof q, "{\"op\":\"new\",\"rules\":\"%s\",\"seed\":%llu,\"players\":[", rules,
                     (unsigned long long)seed);
    for (int s = 0; s < players; s++)
        n += snprintf(q + n, sizeof q - (size_t)n, "%s{\"name\":\"P%d\",\"age\":%d}", s ? "," : "", s, 20 + s);
    snprintf(q + n, sizeof q - (size_t)n, "],\"options\":{\"away_ms\":%d}}", seed % 2 ? 0 : 4000);
    cJSON_Delete(ask(&g, q, true));
    int64_t clock = 0;
    for (int i = 0; i < 400 && step(&g, players, &clock); i++)
        continue;
    proto_save_close(&save);
    proto_table_free(g.table);
    fclose(g.transcript);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: transcripts PROTOCOL_DIR SAVEFILE_DIR\n");
        return 2;
    }
    static const char *const rule_sets[] = {"mattel", "classic", "kpgut"};
    int game = 0;
    for (int r = 0; r < 3; r++)
        for (uint64_t seed = 1; seed <= 4; seed++) {
            char protocol_path[4200], save_path[4200];
            snprintf(protocol_path, sizeof protocol_path, "%s/game-%d", argv[1], game);
            snprintf(save_path, sizeof save_path, "%s/game-%d", argv[2], game++);
            play(protocol_path, save_path, rule_sets[r], 2 + (int)seed % 3, seed);
        }
    return 0;
}
