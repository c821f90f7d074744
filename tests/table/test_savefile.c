/*
 * test_savefile.c — save files that cannot lie (docs/protocol.md "Save
 * files"), through the binary (env UNO_BIN): a save file written by
 * `uno table --save` is damaged in every way a disk, an editor or a crash can
 * damage it, and `uno replay` must refuse it, naming the line, or load the
 * very game that was written; never another one. Then the lock, the files
 * that are not regular, and --repair. And the save files of an earlier
 * release (tests/table/old-saves) replay to the very states they recorded.
 */
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/table_client.h"

static const char *uno_bin(void)
{
    const char *bin = getenv("UNO_BIN");
    assert_non_null(bin);
    return bin;
}

/* A folder of its own for the test's files. */
static char dir[64];

static void path_in_dir(char *out, size_t len, const char *name) { snprintf(out, len, "%s/%s", dir, name); }

/* Runs "sh -c CMD"; its output (stdout and stderr) in out, its exit status
 * returned. */
static int run(char *out, size_t len, const char *fmt, ...)
{
    char cmd[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    strncat(cmd, " 2>&1", sizeof cmd - strlen(cmd) - 1);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, len - 1, p);
    out[n] = '\0';
    while (fgetc(p) != EOF)
        continue;
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *buf = malloc(1 << 20);
    assert_non_null(buf);
    *len = fread(buf, 1, (1 << 20) - 1, f);
    buf[*len] = '\0';
    fclose(f);
    return buf;
}

static void write_all(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    fclose(f);
}

/* Plays a game of random legal moves under `uno table --save path`. */
static void write_game(const char *path, const char *rules, uint64_t seed)
{
    char wrapper[128], err[512], q[600];
    path_in_dir(wrapper, sizeof wrapper, "uno-save");
    FILE *f = fopen(wrapper, "w");
    assert_non_null(f);
    fprintf(f, "#!/bin/sh\nexec '%s' \"$@\" --save '%s'\n", uno_bin(), path);
    fclose(f);
    assert_int_equal(chmod(wrapper, 0755), 0);
    TableClient *c = table_client_start(wrapper, err, sizeof err);
    if (!c)
        fail_msg("%s", err);
    snprintf(q, sizeof q,
             "{\"op\":\"new\",\"rules\":\"%s\",\"seed\":%llu,\"players\":[{\"name\":\"Ann\",\"age\":40},"
             "{\"name\":\"Bob\",\"age\":30},{\"name\":\"Cy\",\"age\":20}],\"match\":{\"target\":200}}",
             rules, (unsigned long long)seed);
    cJSON_Delete(table_client_send_text(c, q, err, sizeof err));
    uint64_t x = seed;
    for (int step = 0; step < 40; step++) {
        cJSON *all = cJSON_CreateArray();
        for (int s = 0; s < 3; s++) {
            snprintf(q, sizeof q, "{\"op\":\"legal\",\"seat\":%d}", s);
            cJSON *r = table_client_send_text(c, q, err, sizeof err);
            assert_non_null(r);
            cJSON *m;
            cJSON_ArrayForEach(m, cJSON_GetObjectItem(r, "moves"))
                cJSON_AddItemToArray(all, cJSON_Duplicate(m, true));
            cJSON_Delete(r);
        }
        int n = cJSON_GetArraySize(all);
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        if (n > 0)
            cJSON_Delete(table_client_send(c, cJSON_GetArrayItem(all, (int)((x >> 33) % (uint64_t)n)), err,
                                           sizeof err));
        cJSON_Delete(all);
    }
    assert_int_equal(table_client_stop(c), 0);
}

/* What `uno replay FILE` says of a file: 0 and the end state and hash, or
 * its exit status and message. */
static int replay(const char *path, char *out, size_t len)
{
    return run(out, len, "'%s' replay '%s'", uno_bin(), path);
}

/* A damaged copy must be refused naming a line ("line N: ") or replay to the
 * very state of the original. */
static int judge(const char *damaged, size_t len, const char *want, const char *what)
{
    char path[128], out[1 << 16];
    path_in_dir(path, sizeof path, "damaged.jsonl");
    write_all(path, damaged, len);
    int status = replay(path, out, sizeof out);
    if (status == 0 && strcmp(out, want) != 0)
        fail_msg("%s loads another game:\n%.600s", what, out);
    if (status != 0 && (!strstr(out, ": line ") && !(len == 0 && strstr(out, "no game in it"))))
        fail_msg("%s is refused without naming the line:\n%.600s", what, out);
    return status == 0;
}

static void setup_dir(void)
{
    snprintf(dir, sizeof dir, "/tmp/uno-test-save-XXXXXX");
    assert_non_null(mkdtemp(dir));
}

static void remove_dir(void)
{
    char out[256];
    assert_int_equal(run(out, sizeof out, "rm -rf '%s'", dir), 0);
}

/* Cuts at hundreds of offsets (every line end among them) and flips bytes
 * at hundreds more, under each rule set. */
static void test_damaged_files(void **state)
{
    (void)state;
    setup_dir();
    static const char *const rule_sets[] = {"mattel", "kpgut"};
    for (int r = 0; r < 2; r++) {
        char path[128], want[1 << 16];
        path_in_dir(path, sizeof path, "game.jsonl");
        unlink(path);
        write_game(path, rule_sets[r], 11 + (uint64_t)r);
        assert_int_equal(replay(path, want, sizeof want), 0);
        size_t len;
        char *file = read_all(path, &len);
        char *copy = malloc(len + 1);
        assert_non_null(copy);
        int cuts = 0, flips = 0, loaded = 0;
        for (size_t cut = 0; cut < len; cut++) {
            bool line_end = cut > 0 && file[cut - 1] == '\n';
            if (!line_end && cut % (len / 150 + 1) != 0)
                continue;
            char what[64];
            snprintf(what, sizeof what, "%s cut to %zu bytes", rule_sets[r], cut);
            loaded += judge(file, cut, want, what);
            cuts++;
        }
        static const unsigned char masks[] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80};
        for (size_t at = 3; at < len; at += len / 200 + 1) {
            memcpy(copy, file, len);
            unsigned char mask = masks[at % 8];
            copy[at] = (char)((unsigned char)copy[at] ^ mask);
            char what[80];
            snprintf(what, sizeof what, "%s with byte %zu xor 0x%02x", rule_sets[r], at, mask);
            loaded += judge(copy, len, want, what);
            flips++;
        }
        printf("%s: %zu bytes, %d cuts and %d flipped bytes: %d refused naming the line, %d the same game\n",
               rule_sets[r], len, cuts, flips, cuts + flips - loaded, loaded);
        assert_true(cuts + flips >= 300);
        free(copy);
        free(file);
    }
    remove_dir();
}

/* Line 1 holds the rules, options, players and match: changing any of them
 * (a rule, the match's target, a name) changes the state's hash, and the
 * file is refused; so is a member the table does not write. */
static void test_edited_files(void **state)
{
    (void)state;
    setup_dir();
    char path[128], want[1 << 16], out[1 << 16];
    path_in_dir(path, sizeof path, "game.jsonl");
    write_game(path, "mattel", 5);
    assert_int_equal(replay(path, want, sizeof want), 0);
    size_t len;
    char *file = read_all(path, &len);
    static const char *const edits[][3] = {
        {"\"uno_penalty\":2", "\"uno_penalty\":4", "line 1: it makes a state"},
        {"\"target\":200", "\"target\":300", "line 1: it makes a state"},
        {"\"name\":\"Bob\"", "\"name\":\"Bib\"", "line 1: it makes a state"},
        {"\"seed\":5,", "\"seed\":5,\"x\":1,", "line 1: the request is not in the form it was saved in"},
        {"\"seq\":2,", "\"seq\":3,", "line 2: record 3 where record 2 was due"},
    };
    for (size_t i = 0; i < sizeof edits / sizeof *edits; i++) {
        char *at = strstr(file, edits[i][0]);
        assert_non_null(at);
        char *edited = malloc(len + 64);
        size_t head = (size_t)(at - file), old = strlen(edits[i][0]), new = strlen(edits[i][1]);
        memcpy(edited, file, head);
        memcpy(edited + head, edits[i][1], new);
        memcpy(edited + head + new, at + old, len - head - old);
        char damaged[128];
        path_in_dir(damaged, sizeof damaged, "edited.jsonl");
        write_all(damaged, edited, len - old + new);
        free(edited);
        if (replay(damaged, out, sizeof out) != 1 || !strstr(out, edits[i][2]))
            fail_msg("%s -> %s: expected \"%s\", got:\n%.600s", edits[i][0], edits[i][1], edits[i][2], out);
    }
    free(file);
    remove_dir();
}

/* One writer at a time; no FIFO, device or folder; --repair keeps a backup
 * and what replays. */
static void test_lock_regular_repair(void **state)
{
    (void)state;
    setup_dir();
    char path[128], out[4096], fifo[128];
    path_in_dir(path, sizeof path, "game.jsonl");
    write_game(path, "mattel", 8);
    /* a writer holds the file, its input open until "stop" exists, while a
     * second one tries.  The second waits for the first's "restored" line,
     * which it prints once it holds the lock: probing with flock(1) instead
     * would hold the lock for a moment and could turn the first away. */
    char stop[128], first_log[128];
    path_in_dir(stop, sizeof stop, "stop");
    path_in_dir(first_log, sizeof first_log, "first.log");
    assert_int_equal(run(out, sizeof out,
                         "(while [ ! -e '%s' ]; do sleep 0.05; done | '%s' table --save '%s' >/dev/null 2>'%s' &) ;"
                         " for i in $(seq 1200); do grep -q restored '%s' 2>/dev/null && break; sleep 0.05; done;"
                         " '%s' table --save '%s' </dev/null",
                         stop, uno_bin(), path, first_log, first_log, uno_bin(), path),
                     1);
    if (!strstr(out, "in use: another uno is writing to it"))
        fail_msg("a second writer was not refused:\n%s", out);
    /* once its input ends the first writer lets go of the file */
    assert_int_equal(run(out, sizeof out,
                         "touch '%s'; for i in $(seq 1200); do flock -n '%s' true && exit 0; sleep 0.05; done; exit 1",
                         stop, path),
                     0);
    path_in_dir(fifo, sizeof fifo, "fifo");
    assert_int_equal(mkfifo(fifo, 0600), 0);
    const char *odd[] = {fifo, "/dev/zero", dir};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(run(out, sizeof out, "'%s' table --save '%s' </dev/null", uno_bin(), odd[i]), 1);
        assert_non_null(strstr(out, "not a regular file"));
        assert_int_equal(run(out, sizeof out, "'%s' replay '%s'", uno_bin(), odd[i]), 1);
        assert_non_null(strstr(out, "not a regular file"));
    }
    /* a record cut short where the end mark was: refused, then repaired */
    char want[1 << 16];
    assert_int_equal(replay(path, want, sizeof want), 0);
    size_t len;
    char *file = read_all(path, &len);
    char *end = strstr(file, "{\"end\":");
    assert_non_null(end);
    size_t keep = (size_t)(end - file);
    memcpy(end, "{\"op\":\"dr", 9);
    write_all(path, file, keep + 9);
    assert_int_equal(replay(path, out, sizeof out), 1);
    assert_non_null(strstr(out, "cut short"));
    assert_int_equal(run(out, sizeof out, "'%s' table --save '%s' --repair </dev/null", uno_bin(), path), 0);
    assert_non_null(strstr(out, ".bak"));
    char again[1 << 16];
    assert_int_equal(replay(path, again, sizeof again), 0);
    assert_string_equal(want, again);
    char backup[160];
    snprintf(backup, sizeof backup, "%s.bak", path);
    size_t blen;
    char *saved = read_all(backup, &blen);
    assert_int_equal(blen, keep + 9);
    free(saved);
    free(file);
    remove_dir();
}

/* Save files made by an earlier release (commit 99272bcd; made by
 * tests/table/old-saves/make.mjs with that binary, kept as they came out):
 * every record's state hash must come out again, the last one printed. A
 * change to the engine that deals or plays otherwise must refuse them with
 * a message, never load another game. */
static void test_old_release_saves(void **state)
{
    (void)state;
    const char *root = getenv("UNO_ROOT");
    static const char *const rules[] = {"mattel", "classic", "kpgut"};
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        char path[4096], out[65536], last[64];
        snprintf(path, sizeof path, "%s/tests/table/old-saves/%s.save", root && *root ? root : ".", rules[i]);
        FILE *f = fopen(path, "r");
        if (!f)
            fail_msg("%s: not found (set UNO_ROOT to the repository root)", path);
        char line[65536], hash[17] = "";
        while (fgets(line, sizeof line, f)) { /* the last record's hash */
            const char *at = strstr(line, "\"hash\":\"");
            if (at)
                snprintf(hash, sizeof hash, "%s", at + 8);
        }
        fclose(f);
        assert_int_equal(strlen(hash), 16);
        if (replay(path, out, sizeof out) != 0)
            fail_msg("%s: refused: %s", rules[i], out);
        snprintf(last, sizeof last, "hash: %s", hash);
        if (!strstr(out, last))
            fail_msg("%s: replayed to another state than the one saved (%s)", rules[i], last);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_damaged_files),
        cmocka_unit_test(test_edited_files),
        cmocka_unit_test(test_lock_regular_repair),
        cmocka_unit_test(test_old_release_saves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
