/*
 * match.c — a match (uno_match.h): dealing each game (who sits where, who
 * deals, its seed), acting on it, and the end of the match.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/match.h"

void uno_match_options_init(UnoMatchOptions *o) { memset(o, 0, sizeof *o); }

/* Game k's seed: game 0 is dealt with the match's seed as given (so that it
 * is the game uno_game_new() deals); later ones with a splitmix64 mix of it
 * and k. */
static uint64_t game_seed(uint64_t seed, int k)
{
    if (k == 0)
        return seed;
    uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (uint64_t)k;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

int match_joins(const UnoMatch *m)
{
    int held = uno_game_nplayers(m->game) - m->nseated;
    return held < m->njoins ? held : m->njoins;
}

int match_seating(const UnoMatch *m, int8_t players[UNO_MAX_PLAYERS])
{
    int n = m->nseated;
    memcpy(players, m->seat_player, (size_t)n);
    int joins = match_joins(m);
    for (int j = 0; j < joins; j++) { /* KPGUT §13: later seats move up one */
        int seat = m->join_seat[j];
        memmove(players + seat + 1, players + seat, (size_t)(n - seat));
        players[seat] = (int8_t)(m->nbase + j);
        n++;
    }
    for (int s = n; s < uno_game_nplayers(m->game); s++)
        players[s] = -1; /* joined behind the match's back */
    return uno_game_nplayers(m->game);
}

/* Who plays the next game, and at which table: the tournament's schedule,
 * else the current seating without the disqualified (KPGUT "Scoring": ejected
 * players do not play the rest of the session). Returns the seat count, or
 * -1 when no game can be seated. */
static int next_seating(const UnoMatch *m, int8_t players[UNO_MAX_PLAYERS], int *table)
{
    int n = 0;
    *table = 0;
    if (m->kind == UNO_MATCH_TOURNAMENT) {
        UnoMatchSlot slot;
        if (uno_match_schedule(m, m->number + 1, &slot) != UNO_OK)
            return -1;
        *table = slot.table;
        for (int s = 0; s < 4; s++)
            players[n++] = (int8_t)slot.players[s];
    } else {
        int8_t now[UNO_MAX_PLAYERS];
        int seats = match_seating(m, now);
        for (int s = 0; s < seats; s++)
            if (now[s] >= 0)
                players[n++] = now[s];
    }
    int kept = 0;
    for (int s = 0; s < n; s++)
        if (!uno_match_disqualified(m, players[s]))
            players[kept++] = players[s];
    if (kept != n && (m->rules.partners || m->kind == UNO_MATCH_TOURNAMENT))
        return -1; /* partners need all four */
    return kept >= m->rules.min_players ? kept : -1;
}

/* The next game's dealer (a seat of `players`), or -1: the rule set picks
 * (the oldest, KPGUT "Ending the Game"; or the high card, MyUNO "Setup" 1).
 * Where the players at the table go on from the last game there, the deal
 * passes to the left (docs/rules.md, 'who deals'; classic "GOING OUT"; reading
 * 11), or stays with a high-card dealer when it does not rotate. */
static int next_dealer(const UnoMatch *m, const int8_t *players, int n, int table)
{
    const MatchTable *t = &m->tables[table];
    bool goes_on = t->nseats > 0;
    if (m->kind == UNO_MATCH_TOURNAMENT) {
        UnoMatchSlot slot;
        uno_match_schedule(m, m->number + 1, &slot);
        goes_on = slot.hand > 0; /* a new round seats new partners */
    }
    if (!goes_on || (!m->rules.deal_rotates && m->rules.dealer == UNO_DEALER_OLDEST))
        return -1;
    int at = 0;
    while (at < t->nseats && t->players[at] != t->dealer)
        at++;
    for (int step = m->rules.deal_rotates ? 1 : 0; step <= t->nseats; step++) {
        int p = t->players[(at + step) % t->nseats];
        for (int s = 0; s < n; s++)
            if (players[s] == p)
                return s;
    }
    return -1;
}

/* Deals game `number` to `players` into *out; nothing in m changes. Game 0
 * comes from the first setup as given (its emit included), a later one from
 * its own seed and dealer, its deal's events going to emit. */
static int deal_game(const UnoMatch *m, int number, const int8_t *players, int n, int dealer,
                     const UnoSetup *first, int64_t t, UnoEventFn emit, void *ctx, UnoGame **out,
                     char *err, size_t errlen)
{
    UnoSetup *setup = malloc(sizeof *setup);
    if (!setup)
        return fail(err, errlen, UNO_E_NOMEM, "out of memory");
    if (first) {
        *setup = *first;
    } else {
        uno_setup_init(setup);
        setup->seed = game_seed(m->seed, number);
        setup->dealer = dealer;
        setup->t = t < 0 ? 0 : t;
        setup->emit = emit;
        setup->ctx = ctx;
        setup->room_newcomers = m->room_newcomers;
        setup->room_spectators = m->room_spectators;
    }
    setup->nplayers = n;
    for (int s = 0; s < n; s++)
        setup->players[s] = m->players[players[s]];
    int st = uno_game_create(&m->rules, setup, out, err, errlen);
    free(setup);
    return st;
}

static void seat(UnoMatch *m, UnoGame *g, const int8_t *players, int n)
{
    m->game = g;
    m->nseated = n;
    memcpy(m->seat_player, players, (size_t)n);
    m->njoins = 0;
}

static int check_options(const UnoRules *rules, const UnoSetup *first, const UnoMatchOptions *o,
                         char *err, size_t errlen)
{
    if (rules->scoring == UNO_SCORING_NONE)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "a match needs scores: these rules have scoring = none");
    if (o->target < 0 || o->games < 0 || o->cycles < 0)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "match: target, games and cycles cannot be negative");
    if (first->nplayers < 1 || first->nplayers > UNO_MAX_PLAYERS)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "players must be 1..%d", UNO_MAX_PLAYERS);
    if (o->tournament) {
        if (rules->scoring == UNO_SCORING_SESSION)
            return fail(err, errlen, UNO_E_BAD_REQUEST, "a tournament is played in hands: scoring must be winner or tally");
        if (first->nplayers != 4 && first->nplayers != 8)
            return fail(err, errlen, UNO_E_BAD_REQUEST, "a tournament is for 4 or 8 players, not %d", first->nplayers);
    }
    if ((o->tournament || rules->partners) && rules->join)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "partners sit as dealt: join (KPGUT §13) must be off");
    if (rules->scoring != UNO_SCORING_SESSION && !o->tournament && o->target == 0 && rules->target <= 0)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "a match to a target needs target > 0");
    return UNO_OK;
}

UnoStatus uno_match_create(const UnoRules *rules, const UnoSetup *first, const UnoMatchOptions *opts, UnoMatch **out,
                     char *err, size_t errlen)
{
    UnoMatchOptions o;
    if (opts)
        o = *opts;
    else
        uno_match_options_init(&o);
    *out = NULL;
    int st = check_options(rules, first, &o, err, errlen);
    if (st != UNO_OK)
        return st;
    UnoMatch *m = calloc(1, sizeof *m);
    if (!m)
        return fail(err, errlen, UNO_E_NOMEM, "out of memory");
    m->rules = *rules;
    m->kind = o.tournament ? UNO_MATCH_TOURNAMENT
              : rules->scoring == UNO_SCORING_SESSION ? UNO_MATCH_SESSION
                                                       : UNO_MATCH_TARGET;
    if (m->kind == UNO_MATCH_TOURNAMENT) {
        /* booklet "Multi-table tournaments": every hand is played "with each of
         * the other three players as your partner" ("Rules for partners") */
        m->rules.partners = true;
        if (o.cycles == 0)
            o.cycles = 1;
    }
    if (m->kind == UNO_MATCH_TARGET && o.target == 0)
        o.target = rules->target;
    m->opts = o;
    m->seed = first->seed;
    m->room_newcomers = first->room_newcomers;
    m->room_spectators = first->room_spectators;
    m->nbase = first->nplayers;
    for (int p = 0; p < first->nplayers; p++) {
        m->players[p] = first->players[p];
        m->players[p].name[UNO_NAME_LEN - 1] = '\0';
    }
    int8_t players[UNO_MAX_PLAYERS];
    int n = first->nplayers;
    if (m->kind == UNO_MATCH_TOURNAMENT) {
        UnoMatchSlot slot;
        match_schedule_slot(n, 0, &slot);
        n = 4;
        for (int s = 0; s < n; s++)
            players[s] = (int8_t)slot.players[s];
    } else {
        for (int s = 0; s < n; s++)
            players[s] = (int8_t)s;
    }
    UnoGame *g;
    if ((st = deal_game(m, 0, players, n, -1, first, 0, NULL, NULL, &g, err, errlen)) != UNO_OK) {
        free(m);
        return st;
    }
    seat(m, g, players, n);
    *out = m;
    return UNO_OK;
}

UnoMatch *uno_match_new(const UnoRules *rules, const UnoSetup *first, const UnoMatchOptions *opts,
                        char *err, size_t errlen)
{
    UnoMatch *m;
    uno_match_create(rules, first, opts, &m, err, errlen);
    return m;
}

void uno_match_free(UnoMatch *m)
{
    if (!m)
        return;
    uno_game_free(m->game);
    free(m->pad);
    free(m);
}

UnoMatch *uno_match_clone(const UnoMatch *m)
{
    UnoMatch *c = malloc(sizeof *c);
    UnoGame *g = malloc(uno_game_bytes(m->game));
    size_t pad_bytes = (size_t)m->pad_games * UNO_MATCH_MAX_PLAYERS * sizeof *m->pad;
    int16_t *pad = pad_bytes ? malloc(pad_bytes) : NULL;
    if (!c || !g || (pad_bytes && !pad)) {
        free(c);
        free(g);
        free(pad);
        return NULL;
    }
    *c = *m;
    uno_game_copy(g, m->game);
    c->game = g;
    if (pad_bytes)
        memcpy(pad, m->pad, pad_bytes);
    c->pad = pad;
    return c;
}

UnoMatchKind uno_match_kind(const UnoMatch *m) { return m->kind; }
const UnoMatchOptions *uno_match_options(const UnoMatch *m) { return &m->opts; }
const UnoRules *uno_match_rules(const UnoMatch *m) { return &m->rules; }
int uno_match_target(const UnoMatch *m) { return m->kind == UNO_MATCH_TARGET ? m->opts.target : 0; }
UnoGame *uno_match_game(const UnoMatch *m) { return m->game; }
int uno_match_game_number(const UnoMatch *m) { return m->number; }

int uno_match_games_planned(const UnoMatch *m)
{
    if (m->kind == UNO_MATCH_TOURNAMENT)
        return uno_match_schedule_len(m);
    return m->kind == UNO_MATCH_SESSION ? m->opts.games : 0;
}

UnoStatus uno_match_apply(UnoMatch *m, const UnoAction *a, UnoEventFn emit, void *ctx, char *err,
                    size_t errlen)
{
    m->njoins = match_joins(m); /* joins undone with the game are forgotten */
    bool joining = a->type == UNO_ACT_JOIN;
    if (joining && m->nbase + m->njoins >= UNO_MATCH_MAX_PLAYERS)
        return fail(err, errlen, UNO_E_ILLEGAL, "the match has had %d players: no room for more",
                    UNO_MATCH_MAX_PLAYERS);
    int n = uno_game_nplayers(m->game);
    int st = uno_game_apply(m->game, a, emit, ctx, err, errlen);
    if (st == UNO_OK && joining && uno_game_nplayers(m->game) > n) {
        m->join_seat[m->njoins] = a->target;
        m->players[m->nbase + m->njoins] = *uno_game_player(m->game, a->target);
        m->njoins++;
    }
    return st;
}

/* Booklet "Rules for partners" / tournaments, MyUNO "Winning the game" and
 * "Alternative scoring and winning", classic "OBJECT", KPGUT "Scoring". */
bool uno_match_over(const UnoMatch *m)
{
    if (!uno_game_over(m->game))
        return false;
    if (m->stopped)
        return true;
    switch (m->kind) {
    case UNO_MATCH_TARGET:
        /* "the first player to reach 500 points wins"; tally: "When one
         * player reaches 500 points, the player with the lowest points is the
         * winner" */
        for (int p = 0; p < uno_match_nplayers(m); p++)
            if (uno_match_total(m, p) >= m->opts.target)
                return true;
        break;
    case UNO_MATCH_TOURNAMENT:
    case UNO_MATCH_SESSION:
        if (uno_match_games_planned(m) > 0 && m->number + 1 >= uno_match_games_planned(m))
            return true;
        break;
    }
    int8_t players[UNO_MAX_PLAYERS];
    int table;
    return next_seating(m, players, &table) < 0;
}

UnoStatus uno_match_stop(UnoMatch *m, char *err, size_t errlen)
{
    if (uno_match_over(m))
        return fail(err, errlen, UNO_E_OVER, "the match is over");
    if (!uno_game_over(m->game))
        return fail(err, errlen, UNO_E_ILLEGAL, "game %d is not over", m->number + 1);
    m->stopped = true;
    return UNO_OK;
}

/* Remembers who sat where in the game that ends, and who dealt it. */
static void note_table(UnoMatch *m, int table)
{
    MatchTable *t = &m->tables[table];
    t->nseats = match_seating(m, t->players);
    t->dealer = t->players[uno_game_dealer(m->game)];
}

UnoStatus uno_match_next(UnoMatch *m, int64_t t, UnoEventFn emit, void *ctx, char *err, size_t errlen)
{
    if (uno_match_over(m))
        return fail(err, errlen, UNO_E_OVER, "the match is over");
    if (!uno_game_over(m->game))
        return fail(err, errlen, UNO_E_ILLEGAL, "game %d is not over", m->number + 1);
    int8_t seated[UNO_MAX_PLAYERS];
    if (match_joins(m) < uno_game_nplayers(m->game) - m->nseated)
        return fail(err, errlen, UNO_E_BAD_REQUEST, "a player joined without uno_match_apply()");
    int table, done_table = 0;
    if (m->kind == UNO_MATCH_TOURNAMENT) {
        UnoMatchSlot slot;
        uno_match_schedule(m, m->number, &slot);
        done_table = slot.table;
    }
    int n = next_seating(m, seated, &table);
    MatchTable saved = m->tables[done_table];
    note_table(m, done_table);
    UnoGame *g;
    int dealer = next_dealer(m, seated, n, table);
    int st = deal_game(m, m->number + 1, seated, n, dealer, NULL, t, emit, ctx, &g, err, errlen);
    if (st == UNO_OK && match_settle(m) != 0) {
        uno_game_free(g);
        st = fail(err, errlen, UNO_E_NOMEM, "out of memory");
    }
    if (st != UNO_OK) {
        m->tables[done_table] = saved;
        return st;
    }
    uno_game_free(m->game);
    m->number++;
    seat(m, g, seated, n);
    return UNO_OK;
}

/* --------------------------------------------------------------- players */

int uno_match_nplayers(const UnoMatch *m) { return m->nbase + match_joins(m); }
const UnoPlayerInfo *uno_match_player(const UnoMatch *m, int player) { return &m->players[player]; }

int uno_match_seat_player(const UnoMatch *m, int seat)
{
    int8_t players[UNO_MAX_PLAYERS];
    int n = match_seating(m, players);
    return seat >= 0 && seat < n ? players[seat] : -1;
}

int uno_match_player_seat(const UnoMatch *m, int player)
{
    int8_t players[UNO_MAX_PLAYERS];
    int n = match_seating(m, players);
    for (int s = 0; s < n; s++)
        if (players[s] == player)
            return s;
    return -1;
}

/* ----------------------------------------------------------- tournaments */

int uno_match_schedule_len(const UnoMatch *m)
{
    return m->kind == UNO_MATCH_TOURNAMENT ? match_schedule_len(m->nbase, m->opts.cycles) : 0;
}

UnoStatus uno_match_schedule(const UnoMatch *m, int game, UnoMatchSlot *out)
{
    if (game < 0 || game >= uno_match_schedule_len(m))
        return UNO_E_BAD_REQUEST;
    match_schedule_slot(m->nbase, game, out);
    return UNO_OK;
}
