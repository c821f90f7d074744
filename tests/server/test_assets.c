/*
 * test_assets.c — the web client's files as the server holds them
 * (src/server/assets.h, docs/server.md "The web client's files"): only the
 * regular, visible files directly in the folder, found by name (never as a
 * path); an ETag that follows the bytes and another for the gzip form; a
 * gzip form that inflates back to the file, and none where it would be no
 * smaller; a missing folder refused with why. (tests/server/assets.test.mjs
 * checks the answers over HTTP.)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <zlib.h>

#include "server/assets.h"

static char dir[64];

static void write_file(const char *name, const char *bytes, size_t len)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, len, f), len);
    fclose(f);
}

static int make_folder(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/uno-assets-XXXXXX");
    assert_non_null(mkdtemp(dir));
    static const char page[] = "<!doctype html><title>UNO</title><p>UNO UNO UNO UNO UNO UNO UNO UNO</p>\n";
    write_file("index.html", page, sizeof page - 1);
    write_file("app.js", "let a = 1; let b = 1; let c = 1; let d = 1; let e = 1;\n", 55);
    write_file(".hidden", "secret", 6);
    char noise[256];
    for (size_t i = 0; i < sizeof noise; i++)
        noise[i] = (char)((i * 2654435761u) >> 13);
    write_file("noise.bin", noise, sizeof noise);
    char sub[128];
    snprintf(sub, sizeof sub, "%s/sub", dir);
    assert_int_equal(mkdir(sub, 0700), 0);
    return 0;
}

static int remove_folder(void **state)
{
    (void)state;
    static const char *const made[] = {"index.html", "app.js", ".hidden", "noise.bin", "sub"};
    char path[128];
    for (size_t i = 0; i < sizeof made / sizeof made[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, made[i]);
        remove(path);
    }
    return remove(dir);
}

static void test_found_by_name_only(void **state)
{
    (void)state;
    char err[256];
    SrvAssets *a = srv_assets_load(dir, err, sizeof err);
    assert_non_null(a);
    assert_string_equal(srv_assets_find(a, "/")->name, "index.html");
    assert_string_equal(srv_assets_find(a, "")->name, "index.html");
    assert_string_equal(srv_assets_find(a, "/app.js")->name, "app.js");
    const char *never[] = {"/.hidden", "/sub", "/sub/", "/../app.js", "/./app.js", "/app.js/", "app", "/nothing"};
    for (size_t i = 0; i < sizeof never / sizeof never[0]; i++)
        assert_null(srv_assets_find(a, never[i]));
    srv_assets_free(a);
}

static void test_tags_and_gzip(void **state)
{
    (void)state;
    char err[256];
    SrvAssets *a = srv_assets_load(dir, err, sizeof err);
    assert_non_null(a);
    const SrvAsset *page = srv_assets_find(a, "/index.html"), *app = srv_assets_find(a, "/app.js");
    assert_string_not_equal(page->etag, app->etag);
    assert_string_not_equal(page->etag, page->gzip_etag);
    assert_int_equal(page->etag[0], '"');
    assert_int_equal(page->etag[strlen(page->etag) - 1], '"');
    /* the gzip form inflates to the file */
    assert_non_null(page->gzip);
    assert_true(page->gzip_len < page->len);
    char back[512];
    z_stream z = {0};
    assert_int_equal(inflateInit2(&z, 15 + 16), Z_OK);
    z.next_in = (Bytef *)page->gzip;
    z.avail_in = (uInt)page->gzip_len;
    z.next_out = (Bytef *)back;
    z.avail_out = sizeof back;
    assert_int_equal(inflate(&z, Z_FINISH), Z_STREAM_END);
    assert_int_equal(z.total_out, page->len);
    assert_memory_equal(back, page->body, page->len);
    inflateEnd(&z);
    /* bytes that do not compress are sent as they are */
    assert_null(srv_assets_find(a, "/noise.bin")->gzip);
    srv_assets_free(a);
}

static void test_same_bytes_same_tag(void **state)
{
    (void)state;
    char err[256];
    SrvAssets *a = srv_assets_load(dir, err, sizeof err), *b = srv_assets_load(dir, err, sizeof err);
    assert_string_equal(srv_assets_find(a, "/app.js")->etag, srv_assets_find(b, "/app.js")->etag);
    srv_assets_free(b);
    write_file("app.js", "let a = 2; let b = 1; let c = 1; let d = 1; let e = 1;\n", 55);
    b = srv_assets_load(dir, err, sizeof err);
    assert_string_not_equal(srv_assets_find(a, "/app.js")->etag, srv_assets_find(b, "/app.js")->etag);
    srv_assets_free(a);
    srv_assets_free(b);
}

static void test_missing_folder(void **state)
{
    (void)state;
    char err[256] = "";
    assert_null(srv_assets_load("/nonexistent/uno-web", err, sizeof err));
    assert_non_null(strstr(err, "/nonexistent/uno-web"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_found_by_name_only),
        cmocka_unit_test(test_tags_and_gzip),
        cmocka_unit_test(test_same_bytes_same_tag),
        cmocka_unit_test(test_missing_folder),
    };
    return cmocka_run_group_tests(tests, make_folder, remove_folder);
}
