/*
 * fuzz_savefile.c — libFuzzer target for save files (savefile.h): the input
 * is a save file, read as `uno replay`, `uno table --save` and
 * `uno play --resume` read one.
 *
 * Besides not crashing (ASan, UBSan, the engine's invariant checks), it
 * checks that a save file cannot lie: when a file is accepted, writing its
 * requests again through a fresh table gives back exactly its bytes, so an
 * accepted file is one the table wrote, and it loads the game it wrote.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "protocol/savefile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The requests of the accepted records, in order. */
typedef struct Requests {
    char **line;
    int n, cap;
} Requests;

static void keep(void *ctx, long line, const char *request, const char *response)
{
    (void)line;
    (void)response;
    Requests *r = ctx;
    if (r->n == r->cap) {
        r->cap = r->cap ? r->cap * 2 : 64;
        r->line = realloc(r->line, (size_t)r->cap * sizeof *r->line);
        if (!r->line)
            abort();
    }
    if (!(r->line[r->n++] = strdup(request)))
        abort();
}

/* Two files of the run's own: the input, and the one written again. */
static char input_path[64], again_path[64];

static void remove_files(void)
{
    unlink(input_path);
    unlink(again_path);
}

static void write_file(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
}

/* Writes the requests through a fresh table saving to again_path, and
 * compares that file with the input. */
static void write_again(const Requests *r, const uint8_t *data, size_t size)
{
    unlink(again_path);
    UnoSaveFile out;
    char err[UNO_ERR_LEN];
    UnoTable *t = proto_table_new();
    if (!t || proto_save_open(&out, again_path, true, err, sizeof err) != 0)
        abort();
    proto_table_set_log(t, proto_save_append, &out);
    for (int i = 0; i < r->n; i++) {
        char *answer = proto_table_handle(t, r->line[i], strlen(r->line[i]));
        if (!answer || !proto_table_response_ok(answer)) {
            fprintf(stderr, "an accepted record does not replay: %s\n", r->line[i]);
            abort();
        }
        free(answer);
    }
    proto_save_close(&out);
    proto_table_free(t);
    FILE *f = fopen(again_path, "rb");
    uint8_t *back = malloc(size + 2);
    size_t n = f && back ? fread(back, 1, size + 1, f) : 0;
    if (f)
        fclose(f);
    if (n != size || (size && memcmp(back, data, size) != 0)) {
        fprintf(stderr, "an accepted save file is not what the table writes for its requests\n");
        abort();
    }
    free(back);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!input_path[0]) {
        snprintf(input_path, sizeof input_path, "/tmp/fuzz-savefile-%d.in", (int)getpid());
        snprintf(again_path, sizeof again_path, "/tmp/fuzz-savefile-%d.again", (int)getpid());
        atexit(remove_files);
    }
    write_file(input_path, data, size);
    UnoSaveFile in;
    char err[700];
    if (proto_save_open(&in, input_path, false, err, sizeof err) != 0)
        abort();
    UnoTable *t = proto_table_new();
    Requests r = {NULL, 0, 0};
    int rc = proto_save_replay(&in, t, keep, &r, err, sizeof err);
    proto_save_close(&in);
    proto_table_free(t);
    if (rc == 0)
        write_again(&r, data, size);
    else if (strncmp(err, "line ", 5) != 0) { /* a refusal names its line */
        fprintf(stderr, "refused without naming the line: %s\n", err);
        abort();
    }
    for (int i = 0; i < r.n; i++)
        free(r.line[i]);
    free(r.line);
    return 0;
}
