/*
 * store.c — every srv_store_* call (store.h), once for both databases, on
 * the few operations of a backend (store_backend.h): SQLite's
 * (store_sqlite.c) for a file, PostgreSQL's (store_pg.c) for a
 * postgresql:// URL.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/store_backend.h"

const char *const srv_store_sql[Q_COUNT] = {
    [Q_ADD_TABLE] = "INSERT INTO tables(code, config, host, watch) VALUES (?1, ?2, ?3, ?4)",
    [Q_ADD_SEAT] = "INSERT INTO seats(code, seat, name, age, token) VALUES (?1, ?2, ?3, ?4, ?5)",
    [Q_ADD_JOIN] = "INSERT INTO joins(code, seat, name, age, token) VALUES (?1, ?2, ?3, ?4, ?5)",
    [Q_LOG] = "INSERT INTO actions(code, n, line, hash) VALUES (?1, ?2, ?3, ?4)",
    [Q_TABLES] = "SELECT code, config, host, watch FROM tables "
                 "WHERE code NOT IN (SELECT code FROM expired WHERE kind = 'table') ORDER BY rowid",
    [Q_SEATS] = "SELECT seat, name, age, token FROM seats WHERE code = ?1 ORDER BY seat",
    [Q_JOINS] = "SELECT seat, name, age, token FROM joins WHERE code = ?1 ORDER BY rowid",
    [Q_ACTIONS] = "SELECT n, line, hash FROM actions WHERE code = ?1 ORDER BY n",
    [Q_ADD_KEEPER] = "INSERT INTO keepers(code, config, host, clock) VALUES (?1, ?2, ?3, ?4)",
    [Q_KEEPER_LOG] = "INSERT INTO keeper_log(code, n, line) VALUES (?1, ?2, ?3)",
    [Q_KEEPERS] = "SELECT code, config, host, clock FROM keepers "
                  "WHERE code NOT IN (SELECT code FROM expired WHERE kind = 'keeper') ORDER BY rowid",
    [Q_KEEPER_LINES] = "SELECT n, line FROM keeper_log WHERE code = ?1 ORDER BY n",
    [Q_KEEPER] = "SELECT code, config, host, clock FROM keepers WHERE code = ?1",
    /* a table that expires: kept, marked, where it has a log; else its rows go */
    [Q_EXPIRE_TABLE] = "INSERT INTO expired(kind, code) "
                       "SELECT 'table', ?1 WHERE EXISTS (SELECT 1 FROM actions WHERE code = ?1)",
    [Q_DROP_SEATS] = "DELETE FROM seats WHERE code = ?1 AND NOT EXISTS (SELECT 1 FROM actions WHERE code = ?1)",
    [Q_DROP_JOINS] = "DELETE FROM joins WHERE code = ?1 AND NOT EXISTS (SELECT 1 FROM actions WHERE code = ?1)",
    [Q_DROP_TABLE] = "DELETE FROM tables WHERE code = ?1 AND NOT EXISTS (SELECT 1 FROM actions WHERE code = ?1)",
    [Q_EXPIRE_KEEPER] = "INSERT INTO expired(kind, code) "
                        "SELECT 'keeper', ?1 WHERE EXISTS (SELECT 1 FROM keeper_log WHERE code = ?1)",
    [Q_DROP_KEEPER] = "DELETE FROM keepers WHERE code = ?1 AND NOT EXISTS (SELECT 1 FROM keeper_log WHERE code = ?1)",
    [Q_EXPIRED] = "SELECT 1 FROM expired WHERE kind = ?1 AND code = ?2",
    [Q_TABLE] = "SELECT code, config, host, watch FROM tables "
                "WHERE code = ?1 AND code NOT IN (SELECT code FROM expired WHERE kind = 'table')",
};

/* The URLs that name a PostgreSQL database (libpq's connection URIs). */
static bool is_postgres(const char *db)
{
    return strncmp(db, "postgresql://", 13) == 0 || strncmp(db, "postgres://", 11) == 0;
}

SrvStore *srv_store_open(const char *db, SrvStoreMode mode, char *err, size_t errlen)
{
    return is_postgres(db) ? srv_store_open_pg(db, mode, err, errlen) : srv_store_open_sqlite(db, mode, err, errlen);
}

void srv_store_close(SrvStore *st)
{
    if (st)
        st->ops->close(st);
}

const char *srv_store_error(const SrvStore *st) { return st->ops->error(st); }
const SrvHistogram *srv_store_write_times(const SrvStore *st) { return &st->writes; }
uint64_t srv_store_actions(const SrvStore *st) { return st->actions; }

/* ---------------------------------------------------- several servers */

bool srv_store_shared(const SrvStore *st) { return st->ops->owner != NULL; }

SrvOwn srv_store_own(SrvStore *st, const char *code)
{
    return st->ops->owner ? st->ops->owner->own(st, code) : SRV_OWN_YES;
}

void srv_store_disown(SrvStore *st, const char *code)
{
    if (st->ops->owner)
        st->ops->owner->disown(st, code);
}

bool srv_store_ask_handoff(SrvStore *st, const char *code)
{
    return st->ops->owner && st->ops->owner->ask_handoff(st, code);
}

void srv_store_each_handoff(SrvStore *st, void (*fn)(void *ctx, const char *code), void *ctx)
{
    if (st->ops->owner)
        st->ops->owner->each_handoff(st, fn, ctx);
}

bool srv_store_session_lost(SrvStore *st) { return st->ops->owner && st->ops->owner->session_lost(st); }

/* ------------------------------------------------------------ writes */

/* A write, timed. */
static bool timed_write(SrvStore *st, SrvQuery q, const char *const *params, int n)
{
    double start = srv_seconds();
    bool ok = st->ops->write(st, q, params, n);
    srv_histogram_add(&st->writes, srv_seconds() - start);
    return ok;
}

/* The end of a transaction, timed: where its writes reach the disk. */
static bool timed_end(SrvStore *st, bool commit)
{
    double start = srv_seconds();
    bool ok = st->ops->end(st, commit);
    srv_histogram_add(&st->writes, srv_seconds() - start);
    return ok;
}

#define WRITE(st, q, ...) \
    timed_write((st), (q), (const char *const[]){__VA_ARGS__}, \
                (int)(sizeof (const char *const[]){__VA_ARGS__} / sizeof(const char *)))

/* A number as a parameter's text. */
typedef struct Num {
    char text[24];
} Num;

static Num num(int64_t v)
{
    Num n;
    snprintf(n.text, sizeof n.text, "%" PRId64, v);
    return n;
}

bool srv_store_add_table(SrvStore *st, const char *code, const char *config, const char *host, const char *watch)
{
    return WRITE(st, Q_ADD_TABLE, code, config, host, watch);
}

bool srv_store_add_seat(SrvStore *st, const char *code, int seat, const char *name, int age, const char *token)
{
    return WRITE(st, Q_ADD_SEAT, code, num(seat).text, name, num(age).text, token);
}

bool srv_store_add_join(SrvStore *st, const char *code, int seat, const char *name, int age, const char *token)
{
    return WRITE(st, Q_ADD_JOIN, code, num(seat).text, name, num(age).text, token);
}

bool srv_store_log(SrvStore *st, const char *code, int64_t n, const char *line, const char *hash)
{
    bool ok = WRITE(st, Q_LOG, code, num(n).text, line, hash);
    st->actions += ok;
    return ok;
}

bool srv_store_add_keeper(SrvStore *st, const char *code, const char *config, const char *host, const char *clock)
{
    return WRITE(st, Q_ADD_KEEPER, code, config, host, clock);
}

bool srv_store_keeper_log(SrvStore *st, const char *code, int64_t n, const char *line)
{
    return WRITE(st, Q_KEEPER_LOG, code, num(n).text, line);
}

/* A table's code given to each of n writes, done together or not at all. */
static bool write_together(SrvStore *st, const SrvQuery *qs, int n, const char *code)
{
    if (!st->ops->begin(st))
        return false;
    bool ok = true;
    for (int i = 0; ok && i < n; i++)
        ok = WRITE(st, qs[i], code);
    return timed_end(st, ok) && ok;
}

bool srv_store_expire_table(SrvStore *st, const char *code)
{
    static const SrvQuery qs[] = {Q_EXPIRE_TABLE, Q_DROP_SEATS, Q_DROP_JOINS, Q_DROP_TABLE};
    return write_together(st, qs, sizeof qs / sizeof qs[0], code);
}

bool srv_store_expire_keeper(SrvStore *st, const char *code)
{
    static const SrvQuery qs[] = {Q_EXPIRE_KEEPER, Q_DROP_KEEPER};
    return write_together(st, qs, sizeof qs / sizeof qs[0], code);
}

/* ------------------------------------------------------------- reads */

#define READ(st, q, row, ctx, ...) \
    ((st)->ops->read((st), (q), (const char *const[]){__VA_ARGS__}, \
                     (int)(sizeof (const char *const[]){__VA_ARGS__} / sizeof(const char *)), (row), (ctx)))

static int64_t number(const char *text) { return strtoll(text, NULL, 10); }

static bool found_row(void *ctx, const char *const *cols)
{
    (void)cols;
    *(bool *)ctx = true;
    return false;
}

bool srv_store_expired(SrvStore *st, const char *code, bool keeper)
{
    bool found = false;
    READ(st, Q_EXPIRED, found_row, &found, keeper ? "keeper" : "table", code);
    return found;
}

/* A table made (a card table, a scorekeeper's): code, config, the two secrets. */
typedef struct Made {
    void (*fn)(void *ctx, const char *code, const char *config, const char *a, const char *b);
    void *ctx;
} Made;

static bool made_row(void *ctx, const char *const *cols)
{
    Made *m = ctx;
    m->fn(m->ctx, cols[0], cols[1], cols[2], cols[3]);
    return true;
}

bool srv_store_each_table(SrvStore *st, void (*fn)(void *, const char *, const char *, const char *, const char *),
                          void *ctx)
{
    Made m = {fn, ctx};
    return st->ops->read(st, Q_TABLES, NULL, 0, made_row, &m);
}

bool srv_store_find_table(SrvStore *st, const char *code,
                          void (*fn)(void *, const char *, const char *, const char *, const char *), void *ctx)
{
    Made m = {fn, ctx};
    return READ(st, Q_TABLE, made_row, &m, code);
}

bool srv_store_each_keeper(SrvStore *st, void (*fn)(void *, const char *, const char *, const char *, const char *),
                           void *ctx)
{
    Made m = {fn, ctx};
    return st->ops->read(st, Q_KEEPERS, NULL, 0, made_row, &m);
}

bool srv_store_find_keeper(SrvStore *st, const char *code,
                           void (*fn)(void *, const char *, const char *, const char *, const char *), void *ctx)
{
    Made m = {fn, ctx};
    return READ(st, Q_KEEPER, made_row, &m, code);
}

/* A person in a seat: fn until it says false (kept: whether it went on). */
typedef struct People {
    SrvPersonFn fn;
    void *ctx;
    bool kept;
} People;

static bool person_row(void *ctx, const char *const *cols)
{
    People *p = ctx;
    return p->kept = p->fn(p->ctx, (int)number(cols[0]), cols[1], (int)number(cols[2]), cols[3]);
}

/* The people a query lists, until fn says false (then false). */
static bool each_person(SrvStore *st, SrvQuery q, const char *code, SrvPersonFn fn, void *ctx)
{
    People p = {fn, ctx, true};
    return READ(st, q, person_row, &p, code) && p.kept;
}

bool srv_store_each_seat(SrvStore *st, const char *code, SrvPersonFn fn, void *ctx)
{
    return each_person(st, Q_SEATS, code, fn, ctx);
}

bool srv_store_each_join(SrvStore *st, const char *code, SrvPersonFn fn, void *ctx)
{
    return each_person(st, Q_JOINS, code, fn, ctx);
}

/* A log's lines: fn(ctx, n, line, and the hash where the log has one). */
typedef struct Lines {
    bool (*action)(void *ctx, int64_t n, const char *line, const char *hash);
    bool (*keeper)(void *ctx, int64_t n, const char *line);
    void *ctx;
} Lines;

static bool line_row(void *ctx, const char *const *cols)
{
    Lines *l = ctx;
    int64_t n = number(cols[0]);
    return l->action ? l->action(l->ctx, n, cols[1], cols[2]) : l->keeper(l->ctx, n, cols[1]);
}

bool srv_store_each_action(SrvStore *st, const char *code,
                           bool (*fn)(void *, int64_t, const char *, const char *), void *ctx)
{
    Lines l = {.action = fn, .ctx = ctx};
    return READ(st, Q_ACTIONS, line_row, &l, code);
}

bool srv_store_each_keeper_line(SrvStore *st, const char *code, bool (*fn)(void *ctx, int64_t n, const char *line),
                                void *ctx)
{
    Lines l = {.keeper = fn, .ctx = ctx};
    return READ(st, Q_KEEPER_LINES, line_row, &l, code);
}
