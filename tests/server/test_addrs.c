/*
 * test_addrs.c — the server's table of client addresses (src/server/addrs.h,
 * docs/server.md "Limits per address"): what an address is (an IPv4
 * address, an IPv6 /64, IPv4 mapped into IPv6 as IPv4), the token buckets'
 * burst and refill, and a table that never grows past its capacity nor
 * forgets an address with a connection open.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "server/addrs.h"

static void test_what_an_address_is(void **state)
{
    (void)state;
    unsigned char k1[SRV_ADDR_KEY_LEN], k2[SRV_ADDR_KEY_LEN];
    assert_true(srv_addr_parse("203.0.113.7", k1));
    assert_true(srv_addr_parse("::ffff:203.0.113.7", k2));
    assert_memory_equal(k1, k2, SRV_ADDR_KEY_LEN); /* mapped IPv4 is IPv4 */
    assert_true(srv_addr_parse("203.0.113.8", k2));
    assert_memory_not_equal(k1, k2, SRV_ADDR_KEY_LEN);

    assert_true(srv_addr_parse("2001:db8:1:2::5", k1));
    assert_true(srv_addr_parse("2001:db8:1:2:ffff:ffff:ffff:ffff", k2));
    assert_memory_equal(k1, k2, SRV_ADDR_KEY_LEN); /* one /64 */
    assert_true(srv_addr_parse("2001:db8:1:3::5", k2));
    assert_memory_not_equal(k1, k2, SRV_ADDR_KEY_LEN);

    static const char *const junk[] = {"", "unknown", "203.0.113", "203.0.113.7 ", "2001:db8::1::2", "::ffff:1.2.3"};
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++)
        assert_false(srv_addr_parse(junk[i], k1));
}

static void test_a_bucket_has_its_burst_then_refills(void **state)
{
    (void)state;
    SrvRate rate = {2 / 1000.0, 3}; /* 2 a second, 3 at once */
    SrvBucket b = {0};
    int64_t t = 5000;
    for (int i = 0; i < 3; i++)
        assert_true(srv_bucket_take(&b, &rate, t));
    assert_false(srv_bucket_take(&b, &rate, t));
    assert_int_equal(srv_bucket_wait(&b, &rate, t), 501); /* one more in half a second */
    assert_false(srv_bucket_take(&b, &rate, t + 499));
    assert_true(srv_bucket_take(&b, &rate, t + 500));
    assert_false(srv_bucket_take(&b, &rate, t + 500));
    srv_bucket_give_back(&b);
    assert_true(srv_bucket_take(&b, &rate, t + 500));
    /* an hour later it is full again, never more */
    for (int i = 0; i < 3; i++)
        assert_true(srv_bucket_take(&b, &rate, t + 3600000));
    assert_false(srv_bucket_take(&b, &rate, t + 3600000));
}

static void test_the_table_stays_within_its_capacity(void **state)
{
    (void)state;
    SrvAddrs *t = srv_addrs_new(4);
    assert_non_null(t);
    SrvAddr *a = srv_addrs_get(t, "198.51.100.1");
    assert_non_null(a);
    assert_ptr_equal(srv_addrs_get(t, "::ffff:198.51.100.1"), a);
    assert_null(srv_addrs_get(t, "not an address"));
    a->conns = 1; /* a connection open: never forgotten */
    a->creates.spent = 2;
    char text[32];
    for (int i = 2; i <= 4; i++) {
        snprintf(text, sizeof text, "198.51.100.%d", i);
        assert_non_null(srv_addrs_get(t, text));
    }
    assert_int_equal(srv_addrs_count(t), 4);
    /* full: a new address makes the table forget those with no connection */
    SrvAddr *e = srv_addrs_get(t, "198.51.100.5");
    assert_non_null(e);
    assert_int_equal(srv_addrs_count(t), 2);
    assert_ptr_equal(srv_addrs_get(t, "198.51.100.1"), a);
    assert_true(a->creates.spent == 2);
    /* a flood of addresses, each with a connection: refused past the capacity */
    e->conns = 1;
    for (int i = 6; i <= 7; i++) {
        snprintf(text, sizeof text, "198.51.100.%d", i);
        SrvAddr *n = srv_addrs_get(t, text);
        assert_non_null(n);
        n->conns = 1;
    }
    assert_null(srv_addrs_get(t, "198.51.100.8"));
    assert_int_equal(srv_addrs_count(t), 4);
    srv_addrs_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_what_an_address_is),
        cmocka_unit_test(test_a_bucket_has_its_burst_then_refills),
        cmocka_unit_test(test_the_table_stays_within_its_capacity),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
