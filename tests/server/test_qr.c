/*
 * test_qr.c — a table's link as a QR code (src/server/qr.h, docs/server.md
 * "The table's QR code"): the hosts a link may name, and the SVG drawn
 * from libqrencode's matrix: its size, its quiet zone, the three finder
 * patterns where the standard puts them, and the bound on the text.
 * (tests/server/around.test.mjs reads the codes back with a QR decoder.)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "server/qr.h"

static void test_hosts(void **state)
{
    (void)state;
    const char *good[] = {"localhost", "uno.example", "uno.example:8080", "192.0.2.7", "192.0.2.7:80", "[::1]",
                          "[2001:db8::7]:8443", "a-b.c"};
    const char *bad[] = {"", "a b", "uno.example/", "uno.example?x", "uno.example:", "uno.example:123456",
                         "uno.example:80x", "[::1", "[]", "[::g]", ".uno", "-uno", "uno@evil", "uno#x",
                         "uno.example:80:80", "\"uno\""};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        assert_true(srv_qr_host_ok(good[i]));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_false(srv_qr_host_ok(bad[i]));
}

/* Whether the SVG has a dark run of n modules at (x, y). */
static bool run_at(const char *svg, int x, int y, int n)
{
    char run[48];
    snprintf(run, sizeof run, "M%d %dh%dv1h-%dz", x, y, n, n);
    return strstr(svg, run) != NULL;
}

static void test_svg_of_a_known_link(void **state)
{
    (void)state;
    /* 27 bytes at level M: version 2, 25 modules, 33 with the quiet zone */
    char *svg = srv_qr_svg("http://uno.example/#/t/ABC");
    assert_non_null(svg);
    assert_non_null(strstr(svg, "viewBox=\"0 0 33 33\""));
    assert_non_null(strstr(svg, "<rect width=\"33\" height=\"33\" fill=\"#fff\"/>"));
    /* the finder patterns' top rows: 7 dark modules at the top left, the
     * top right, the bottom left, 4 modules in from the edge */
    assert_true(run_at(svg, 4, 4, 7));
    assert_true(run_at(svg, 4 + 25 - 7, 4, 7));
    assert_true(run_at(svg, 4, 4 + 25 - 7, 7));
    /* ... and their rings: dark, light, 3 dark, light, dark */
    assert_true(run_at(svg, 4, 6, 1) && run_at(svg, 6, 6, 3) && run_at(svg, 10, 6, 1));
    assert_null(strstr(svg, "M3 ")); /* nothing in the quiet zone */
    free(svg);
}

static void test_text_bounded(void **state)
{
    (void)state;
    char text[SRV_QR_MAX_TEXT + 2];
    memset(text, 'a', sizeof text - 1);
    text[sizeof text - 1] = '\0';
    assert_null(srv_qr_svg(text));
    text[SRV_QR_MAX_TEXT] = '\0';
    char *svg = srv_qr_svg(text);
    assert_non_null(svg);
    free(svg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hosts),
        cmocka_unit_test(test_svg_of_a_known_link),
        cmocka_unit_test(test_text_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
