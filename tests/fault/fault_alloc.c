/*
 * fault_alloc.c — the test build's failing allocator, as SQLite's tests
 * fail the Nth malloc. `make SAN=1` links it into build-san/uno with ld's
 * --wrap, so that every malloc, calloc, realloc and strdup of the
 * project's own code (and cJSON's, through the hooks main() gives it:
 * proto_json_track_memory) comes here; the
 * release build has none of it. Under ASan no LD_PRELOAD shim would work.
 *
 *   UNO_FAULT_ALLOC=N      the Nth allocation (1, 2, ...) fails, once; the
 *                          program goes on and the later ones succeed
 *   UNO_FAULT_ALLOC=count  none fails; at exit, how many there were
 *
 * Either way it says on standard error what it did ("fault_alloc: ..."),
 * which is also how a test knows the binary has it.
 */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
char *__real_strdup(const char *s);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
char *__wrap_strdup(const char *s);

static unsigned long fail_at;     /* the allocation that fails; 0: none */
static bool counting;             /* UNO_FAULT_ALLOC=count */
static atomic_ulong allocations;  /* so far (the server's workers allocate too) */

/* Whether this allocation is the one to fail. */
static bool fails(void)
{
    unsigned long n = atomic_fetch_add(&allocations, 1) + 1;
    if (!fail_at || n != fail_at)
        return false;
    fprintf(stderr, "fault_alloc: allocation %lu failed\n", n);
    return true;
}

void *__wrap_malloc(size_t size) { return fails() ? NULL : __real_malloc(size); }
void *__wrap_calloc(size_t n, size_t size) { return fails() ? NULL : __real_calloc(n, size); }
void *__wrap_realloc(void *p, size_t size) { return fails() ? NULL : __real_realloc(p, size); }
char *__wrap_strdup(const char *s) { return fails() ? NULL : __real_strdup(s); }

static void report(void)
{
    fprintf(stderr, "fault_alloc: %lu allocations\n", (unsigned long)atomic_load(&allocations));
}

__attribute__((constructor)) static void fault_alloc_init(void)
{
    const char *v = getenv("UNO_FAULT_ALLOC");
    if (!v)
        return;
    counting = strcmp(v, "count") == 0;
    fail_at = counting ? 0 : strtoul(v, NULL, 10);
    if (counting)
        atexit(report);
}
