/*
 * test_soak.c — random play at scale: for every rule set, alone and with
 * every house rule on (docs/rules.md "House rules and presets"), games of 2 to 10
 * players (15 under kpgut) where the player in turn picks uniformly among
 * the legal actions and the others act out of turn at random (catches, side
 * slides, suspicions, warnings, give-ups, votes, joins, spectators), while
 * the clock runs. After every action the invariants hold (uno_game_check),
 * and every rejected action — random garbage included — leaves the state's
 * hash unchanged. Every game must end.
 *
 * What each may see: for every event of every game and every viewer (each
 * seat, a spectator, with spectators_see_hands on or off at random), the
 * engine's uno_event_visible agrees with an oracle written apart from it from
 * docs/protocol.md's table; in one game in VIEW_EVERY, every event rendered
 * for every viewer, and every seat's and spectator's view after one action
 * in VIEW_STEP, carry no card that viewer may not see.
 *
 * In one game in TWIN_EVERY, every legal action is also applied to a copy
 * through the trusted path (uno_game_step): the two games must be equal.
 * It and every tick are applied to another copy through
 * uno_game_apply_listed too, which must leave the same game and hand over
 * the same events, in the same order; and, but for ticks, to another
 * through uno_game_step_listed, which must leave the same game and hand
 * over the same events of the types asked for (all of them, or a mix that
 * changes from action to action); and every seat's listed actions are
 * of the types uno_game_legal_types gives, no more, no fewer, which
 * uno_game_out_of_turn_types gives every seat not in turn at once.
 *
 * With every house rule on, players jump in (jump-in, Wilds too) at random
 * out of turn, and the twin's trusted path plays their jump-ins too.
 *
 * Mattel and KPGUT are soaked again with the house rule 7-0 on alone: after
 * every swap and rotation the cards are still all there, the views show each
 * seat its own new hand only, and the two paths agree.
 *
 * UNO_SOAK_GAMES sets the games per rule set (default 50000; an eighth of
 * them with 7-0 alone and with every house rule; CI runs the default under
 * ASan and UBSan), UNO_SHARD=i/k the i-th of k equal runs of
 * them that this process plays.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "protocol/render.h"
#include "sim/sim.h"
#include "uno.h"

#define MAX_ACTIONS 20000
#define MOVES 4096
#define VIEW_EVERY 64 /* games whose events and views are rendered and checked */
#define VIEW_STEP 16  /* ... the views after one action in this many */
#define TWIN_EVERY 64 /* games whose legal actions are also stepped (uno_game_step, _apply_listed, _step_listed) */

typedef struct Soak {
    UnoRng rng;
    UnoAction moves[MOVES];
    long actions, rejected;
    const UnoGame *game;   /* the game being played */
    bool render;           /* ... is one whose renderings are checked */
    bool twin;             /* ... is one where every legal action is also stepped */
    UnoGame *stepped;      /* the twin: the game before the action, then stepped */
    UnoGame *listed;       /* ... and another, applied through uno_game_apply_listed */
    UnoGame *step_listed;  /* ... and another, stepped through uno_game_step_listed */
    size_t stepped_room;
    uint64_t events_hash, listed_events_hash; /* the events of the action, each path's */
    uint64_t step_events;  /* the event types uno_game_step_listed is asked for */
    uint64_t events_of_types_hash, step_listed_events_hash; /* those events, the checked path's and its */
    long steps_compared, types_compared;
    long events, rendered; /* events checked, renderings checked */
    long put_out;          /* players put out by the hand limit (house rules) */
    long jumped_in;        /* plays out of turn under the house rule jump-in */
} Soak;

/* Whose eyes an event's cards are for (docs/protocol.md, "as"), by type;
 * anything not named here is for the referee's only. */
typedef enum Audience { REFEREE_ONLY = 0, EVERYBODY, DRAWER, SHOWN_TO } Audience;
static const Audience audience[UNO_EV_COUNT] = {
    [UNO_EV_PLAY] = EVERYBODY, [UNO_EV_SLIDE] = EVERYBODY, [UNO_EV_FIRST] = EVERYBODY,
    [UNO_EV_CUT] = EVERYBODY,  [UNO_EV_CHEAT] = EVERYBODY, [UNO_EV_DRAW] = DRAWER,
    [UNO_EV_REVEAL] = SHOWN_TO,
};

/* The oracle: whether viewer may see ev's cards. */
static bool oracle(const UnoRules *r, const UnoEvent *ev, int viewer)
{
    bool sees_hands = viewer == UNO_VIEWER_SPECTATOR && r->spectators_see_hands;
    if (viewer == UNO_VIEWER_REFEREE)
        return true;
    switch (audience[ev->type]) {
    case EVERYBODY: return true;
    case DRAWER: return viewer == ev->seat || sees_hands;
    case SHOWN_TO: return ev->target < 0 || viewer == ev->target || viewer == ev->seat || sees_hands;
    default: return false;
    }
}

/* Folds an event, every field and card of it, into a hash. */
static uint64_t fold_event(uint64_t h, const UnoEvent *ev)
{
    const int fields[] = {ev->type, ev->reason, ev->seat, ev->target, ev->color, ev->count, ev->ncards};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        h = (h ^ (uint64_t)(fields[i] + 1000)) * 0x100000001b3ULL;
    for (int i = 0; i < ev->ncards; i++)
        h = (h ^ ev->cards[i]) * 0x100000001b3ULL;
    return h;
}

static void fold_listed_event(void *ctx, const UnoEvent *ev)
{
    Soak *s = ctx;
    s->listed_events_hash = fold_event(s->listed_events_hash, ev);
}

static void fold_step_listed_event(void *ctx, const UnoEvent *ev)
{
    Soak *s = ctx;
    if (!(s->step_events >> ev->type & 1))
        fail_msg("uno_game_step_listed handed over a %s event, not asked for", uno_event_name((UnoEventType)ev->type));
    s->step_listed_events_hash = fold_event(s->step_listed_events_hash, ev);
}

static void check_event(void *ctx, const UnoEvent *ev)
{
    Soak *s = ctx;
    const UnoRules *r = uno_game_rules(s->game);
    s->events++;
    s->events_hash = fold_event(s->events_hash, ev);
    if (s->step_events >> ev->type & 1)
        s->events_of_types_hash = fold_event(s->events_of_types_hash, ev);
    s->put_out += ev->type == UNO_EV_GIVEUP && ev->reason == UNO_R_MERCY;
    for (int v = UNO_VIEWER_SPECTATOR; v < UNO_MAX_PLAYERS; v++) {
        bool may = oracle(r, ev, v);
        if (uno_event_visible(r, ev, v) != may)
            fail_msg("%s event of seat %d: uno_event_visible says %d for viewer %d, the oracle %d",
                     uno_event_name((UnoEventType)ev->type), ev->seat, !may, v, may);
        if (!s->render || v >= uno_game_nplayers(s->game) || v == UNO_VIEWER_REFEREE)
            continue;
        cJSON *o = proto_event_json(r, ev, v);
        assert_non_null(o);
        if (ev->ncards > 0 && !may && cJSON_HasObjectItem(o, "cards"))
            fail_msg("a %s event shows its cards to viewer %d", uno_event_name((UnoEventType)ev->type), v);
        cJSON_Delete(o);
        s->rendered++;
    }
}

/* Every seat's and a spectator's view show no hand but those they may see. */
static void check_views(Soak *s, const UnoGame *g)
{
    int n = uno_game_nplayers(g);
    for (int v = UNO_VIEWER_SPECTATOR; v < n; v++) {
        if (v == UNO_VIEWER_REFEREE)
            continue;
        cJSON *view = proto_state_json(g, v);
        assert_non_null(view);
        const cJSON *hands = cJSON_GetObjectItem(view, "hands");
        for (int seat = 0; seat < n; seat++) {
            bool shown = !cJSON_IsNull(cJSON_GetArrayItem(hands, seat));
            bool may = v == seat || (v == UNO_VIEWER_SPECTATOR && uno_game_rules(g)->spectators_see_hands);
            if (shown && !may)
                fail_msg("viewer %d's view shows seat %d's hand", v, seat);
        }
        if (cJSON_HasObjectItem(view, "hash") || cJSON_HasObjectItem(view, "drawn"))
            fail_msg("viewer %d's view carries the hash or the drawn card", v);
        cJSON_Delete(view);
        s->rendered++;
    }
}

static bool chance(Soak *s, int percent) { return (int)uno_rng_below(&s->rng, 100) < percent; }

static void check(const UnoGame *g, const char *after)
{
    char why[UNO_ERR_LEN];
    if (uno_game_check(g, why, sizeof why) != UNO_OK)
        fail_msg("invariant broken after %s: %s", after, why);
}

/* A legal action through the trusted path (uno_game_step) on a copy of the
 * game; compared with the checked path after it. */
static void step_twin(Soak *s, const UnoGame *g, const UnoAction *a)
{
    if (s->stepped_room < uno_game_bytes(g)) {
        s->stepped_room = uno_game_bytes(g);
        s->stepped = realloc(s->stepped, s->stepped_room);
        s->listed = realloc(s->listed, s->stepped_room);
        s->step_listed = realloc(s->step_listed, s->stepped_room);
        assert_non_null(s->stepped);
        assert_non_null(s->listed);
        assert_non_null(s->step_listed);
    }
    s->listed_events_hash = s->events_hash = s->step_listed_events_hash = s->events_of_types_hash = 0;
    /* every event, or a mix of types that changes from one action to the next */
    s->step_events = s->steps_compared % 2 ? UNO_EVENTS_ALL
                                           : 0x9e3779b97f4a7c15ULL * (uint64_t)(s->steps_compared + 1) & UNO_EVENTS_ALL;
    uno_game_copy(s->stepped, g);
    uno_game_copy(s->step_listed, g);
    if (a->type != UNO_ACT_TICK) { /* the trusted path runs no clock */
        uno_game_step(s->stepped, a);
        uno_game_step_listed(s->step_listed, a, s->step_events, fold_step_listed_event, s);
    }
    char err[UNO_ERR_LEN];
    uno_game_copy(s->listed, g);
    if (uno_game_apply_listed(s->listed, a, fold_listed_event, s, err, sizeof err) != UNO_OK)
        fail_msg("uno_game_apply_listed refused a legal %s: %s", uno_action_name(a->type), err);
}

/* uno_game_out_of_turn_types gives every seat not in turn the types
 * uno_game_legal_types gives it, the seat in turn none, and the seats with
 * any. */
static void check_out_of_turn_types(const UnoGame *g)
{
    uint32_t types[UNO_MAX_PLAYERS], seats = 0;
    uint32_t with_any = uno_game_out_of_turn_types(g, types);
    for (int seat = 0; seat < uno_game_nplayers(g); seat++) {
        uint32_t expected = seat == uno_game_turn(g) ? 0 : uno_game_legal_types(g, seat);
        if (types[seat] != expected)
            fail_msg("seat %d: uno_game_out_of_turn_types gives %#x, uno_game_legal_types %#x", seat,
                     types[seat], expected);
        seats |= (uint32_t)(expected != 0) << seat;
    }
    if (with_any != seats)
        fail_msg("uno_game_out_of_turn_types says seats %#x have a type, not %#x", with_any, seats);
}

/* In a twin game, the types of seat's listed actions are the types
 * uno_game_legal_types gives, and so are every seat's out of turn. */
static void check_types(Soak *s, const UnoGame *g, int seat, const UnoAction *moves, int n)
{
    if (!s->twin)
        return;
    uint32_t listed = 0;
    for (int i = 0; i < n; i++)
        listed |= 1u << moves[i].type;
    if (uno_game_legal_types(g, seat) != listed)
        fail_msg("seat %d: uno_game_legal_types gives %#x, the list has %#x", seat,
                 uno_game_legal_types(g, seat), listed);
    check_out_of_turn_types(g);
    s->types_compared++;
}

/* Applies a; a rejected action must change nothing (hashing costs, so only
 * actions that may be rejected are hashed). A legal action in a twin game
 * leaves the game as the trusted path does. */
static int apply(Soak *s, UnoGame *g, const UnoAction *a, bool may_fail)
{
    uint64_t before = may_fail ? uno_game_hash(g) : 0;
    bool twin = s->twin && !may_fail;
    if (twin)
        step_twin(s, g, a);
    char err[UNO_ERR_LEN];
    s->game = g;
    int rc = uno_game_apply(g, a, check_event, s, err, sizeof err);
    if (rc == UNO_OK && s->render && s->actions % VIEW_STEP == 0)
        check_views(s, g);
    if (rc != UNO_OK) {
        s->rejected++;
        if (may_fail && uno_game_hash(g) != before)
            fail_msg("rejected %s (%s) changed the game", uno_action_name(a->type), err);
    } else {
        s->actions++;
    }
    if (twin && rc == UNO_OK) {
        if (a->type != UNO_ACT_TICK && uno_game_hash(s->stepped) != uno_game_hash(g))
            fail_msg("the trusted path left another game after %s by seat %d",
                     uno_action_name(a->type), a->seat);
        if (uno_game_hash(s->listed) != uno_game_hash(g) || s->listed_events_hash != s->events_hash)
            fail_msg("uno_game_apply_listed left another game or other events after %s by seat %d",
                     uno_action_name(a->type), a->seat);
        if (a->type != UNO_ACT_TICK &&
            (uno_game_hash(s->step_listed) != uno_game_hash(g) || s->step_listed_events_hash != s->events_of_types_hash))
            fail_msg("uno_game_step_listed left another game or other events after %s by seat %d",
                     uno_action_name(a->type), a->seat);
        s->steps_compared++;
    }
#ifndef UNO_DEBUG /* UNO_DEBUG builds (make SAN=1) check inside uno_game_apply, and abort */
    check(g, uno_action_name(a->type));
#endif
    return rc;
}

static bool is_turn_action(UnoActionType t)
{
    return t == UNO_ACT_PLAY || t == UNO_ACT_DRAW || t == UNO_ACT_PASS || t == UNO_ACT_COLOR ||
           t == UNO_ACT_TAKE || t == UNO_ACT_CHALLENGE || t == UNO_ACT_UNO;
}

/* Rare table actions would end every game early; keep them rare. */
static bool too_rare(Soak *s, UnoActionType t)
{
    return (t == UNO_ACT_GIVEUP && !chance(s, 2)) || (t == UNO_ACT_WARN && !chance(s, 5));
}

/* Moves from the legal list are applied at the clock they were listed at. */
static void turn_move(Soak *s, UnoGame *g)
{
    int seat = uno_game_turn(g);
    int total, n = uno_game_legal(g, seat, s->moves, MOVES, &total);
    assert_true(total > 0);
    check_types(s, g, seat, s->moves, n);
    /* mostly a play when there is one (games of sane length), else anything */
    int picks[MOVES], np = 0;
    bool play = chance(s, 90);
    for (int pass = 0; pass < 2 && np == 0; pass++, play = false)
        for (int i = 0; i < n; i++)
            if (is_turn_action(s->moves[i].type) && (!play || s->moves[i].type == UNO_ACT_PLAY))
                picks[np++] = i;
    assert_true(np > 0);
    UnoAction a = s->moves[picks[uno_rng_below(&s->rng, (uint32_t)np)]];
    if (a.type == UNO_ACT_PLAY && chance(s, 70))
        a.uno = true;
    if (apply(s, g, &a, false) != UNO_OK)
        fail_msg("a legal %s was refused", uno_action_name(a.type));
}

static void table_move(Soak *s, UnoGame *g)
{
    int seat = (int)uno_rng_below(&s->rng, (uint32_t)uno_game_nplayers(g));
    int total, n = uno_game_legal(g, seat, s->moves, MOVES, &total);
    check_types(s, g, seat, s->moves, n);
    int picks[MOVES], np = 0;
    for (int i = 0; i < n; i++)
        if (!is_turn_action(s->moves[i].type) || seat != uno_game_turn(g))
            picks[np++] = i;
    if (np == 0)
        return;
    UnoAction a = s->moves[picks[uno_rng_below(&s->rng, (uint32_t)np)]];
    if (too_rare(s, a.type))
        return;
    bool jumps_in = a.type == UNO_ACT_PLAY && seat != uno_game_turn(g) && uno_game_rules(g)->jump_in;
    if (apply(s, g, &a, false) != UNO_OK)
        fail_msg("a legal %s by seat %d was refused", uno_action_name(a.type), seat);
    s->jumped_in += jumps_in;
}

/* Something random, most often wrong: a random card, seat, target, colour. */
static void garbage_move(Soak *s, UnoGame *g, int64_t t)
{
    UnoAction a;
    uno_action_init(&a, (UnoActionType)uno_rng_below(&s->rng, UNO_ACT_COUNT),
                    (int)uno_rng_below(&s->rng, 40) - 5);
    a.target = (int8_t)((int)uno_rng_below(&s->rng, 40) - 5);
    a.color = (int8_t)((int)uno_rng_below(&s->rng, 6) - 1);
    a.spectator = (int8_t)((int)uno_rng_below(&s->rng, 12) - 2);
    a.uno = chance(s, 50);
    a.ncards = (uint8_t)uno_rng_below(&s->rng, 4);
    for (int i = 0; i < a.ncards; i++)
        a.cards[i] = (UnoCard)uno_rng_below(&s->rng, 60);
    a.t = chance(s, 10) ? t - 1000 : t;
    a.age = 20;
    if (a.type == UNO_ACT_JOIN && !chance(s, 3))
        return;
    if (a.type == UNO_ACT_JOIN || a.type == UNO_ACT_SPECTATE)
        snprintf(a.name, sizeof a.name, "guest%d", (int)uno_rng_below(&s->rng, 100));
    apply(s, g, &a, true);
}

static void play_one(Soak *s, const UnoRules *preset, int nplayers, uint64_t seed)
{
    UnoRules own = *preset, *rules = &own;
    own.spectators_see_hands = chance(s, 50); /* an online host may hide the hands */
    UnoSetup setup;
    sim_setup(&setup, nplayers, seed);
    for (int p = 0; p < nplayers; p++)
        setup.players[p].age = 10 + (int)uno_rng_below(&s->rng, 60);
    /* room for a few newcomers and spectators, or none: joins past it are refused */
    setup.room_newcomers = (int)uno_rng_below(&s->rng, 4);
    setup.room_spectators = (int)uno_rng_below(&s->rng, 3);
    char err[UNO_ERR_LEN];
    UnoGame *g = uno_game_new(rules, &setup, err, sizeof err);
    if (!g)
        fail_msg("new game: %s", err);
    check(g, "the deal");
    int64_t t = 0;
    int steps = 0;
    for (; !uno_game_over(g) && steps < MAX_ACTIONS; steps++) {
        int r = (int)uno_rng_below(&s->rng, 100);
        if (r < 75) {
            turn_move(s, g);
        } else if (r < 87) {
            table_move(s, g);
        } else if (r < 95) {
            garbage_move(s, g, t);
        } else {
            UnoAction tick;
            uno_action_init(&tick, UNO_ACT_TICK, -1);
            tick.t = t += uno_rng_below(&s->rng, 30000);
            apply(s, g, &tick, false);
        }
    }
    if (!uno_game_over(g))
        fail_msg("%s game with %d players, seed %llu, did not end in %d actions", rules->name,
                 nplayers, (unsigned long long)seed, MAX_ACTIONS);
    UnoAction late;
    uno_action_init(&late, UNO_ACT_DRAW, 0);
    assert_int_equal(uno_game_apply(g, &late, NULL, NULL, err, sizeof err), UNO_E_OVER);
    uno_game_free(g);
}

static long games_per_rule_set(void)
{
    const char *env = getenv("UNO_SOAK_GAMES");
    return env ? atol(env) : 50000;
}

/* The games [*first, *end) of this process: all of them, or the i-th of k
 * equal runs of them under UNO_SHARD=i/k (scripts/run-tests.sh). */
static void shard_games(long games, long *first, long *end)
{
    const char *env = getenv("UNO_SHARD");
    long i = 0, k = 1;
    if (env && *env && (sscanf(env, "%ld/%ld", &i, &k) != 2 || k < 1 || i < 0 || i >= k))
        fail_msg("UNO_SHARD=%s: expected i/k with 0 <= i < k", env);
    *first = games * i / k;
    *end = games * (i + 1) / k;
}

/* Which house rules a soak turns on. */
typedef enum { BOOKS_ONLY, SEVEN_O, EVERY_HOUSE_RULE } HouseRules;

/* Every house rule on (docs/rules.md "House rules and presets"): the
 * presets that hold them all, 7-0 and jump-in (with Wilds), and a hand
 * limit low enough to be reached often. */
static void house_rules_on(UnoRules *rules)
{
    char err[UNO_ERR_LEN];
    static const char *const all[] = {"mercy", "strict", "seven_o_jump_in"};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (uno_rules_apply_preset(rules, all[i], err, sizeof err) != UNO_OK)
            fail_msg("%s", err);
    rules->jump_in_wilds = true;
    rules->hand_limit = rules->hand_size + 8;
}

static void soak(const char *name, int max_players, HouseRules house)
{
    UnoRules rules;
    char err[UNO_ERR_LEN];
    if (uno_rules_preset(name, &rules, err, sizeof err) != UNO_OK)
        fail_msg("%s", err);
    if (house == EVERY_HOUSE_RULE)
        house_rules_on(&rules);
    /* the out-of-turn situations the soak must reach */
    rules.honour = true;
    if (house == SEVEN_O)
        rules.seven_o = true; /* house rule 7-0: hands swapped and passed on */
    long first, end;
    /* the house rules' games: an eighth as many each, as they add five runs
     * to the suite (12,500 games a run by default) */
    shard_games(games_per_rule_set() / (house == BOOKS_ONLY ? 1 : 8), &first, &end);
    Soak *s = calloc(1, sizeof *s);
    for (long i = first; i < end; i++) {
        int n = 2 + (int)(i % (max_players - 1));
        s->render = i % VIEW_EVERY == 0;
        s->twin = i % TWIN_EVERY == 0;
        uno_rng_seed(&s->rng, 0x50a4 + (uint64_t)i); /* a game is the same in any shard */
        play_one(s, &rules, n, (uint64_t)i * 7919 + 1);
    }
    static const char *const house_label[] = {"", " with 7-0", " with every house rule"};
    printf("soak %s%s: %ld games (from %ld), %ld actions, %ld rejected; %ld events checked for every "
           "viewer, %ld events and views rendered and checked; %ld legal actions stepped the same; "
           "%ld legal lists of the types given; %ld jump-ins\n",
           name, house_label[house], end - first, first, s->actions, s->rejected, s->events, s->rendered,
           s->steps_compared, s->types_compared, s->jumped_in);
    assert_true(s->steps_compared > 0);
    assert_true(s->types_compared > 0);
    if (house == EVERY_HOUSE_RULE) {
        assert_true(s->put_out > 0); /* the hand limit was reached, not only allowed */
        assert_true(s->jumped_in > 0); /* and jump-ins made */
    }
    free(s->stepped);
    free(s->listed);
    free(s->step_listed);
    free(s);
}

static void soak_mattel(void **state) { (void)state; soak("mattel", 10, BOOKS_ONLY); }
static void soak_classic(void **state) { (void)state; soak("classic", 10, BOOKS_ONLY); }
static void soak_kpgut(void **state) { (void)state; soak("kpgut", 15, BOOKS_ONLY); }
static void soak_mattel_seven_o(void **state) { (void)state; soak("mattel", 10, SEVEN_O); }
static void soak_kpgut_seven_o(void **state) { (void)state; soak("kpgut", 15, SEVEN_O); }
static void soak_mattel_house(void **state) { (void)state; soak("mattel", 10, EVERY_HOUSE_RULE); }
static void soak_classic_house(void **state) { (void)state; soak("classic", 10, EVERY_HOUSE_RULE); }
static void soak_kpgut_house(void **state) { (void)state; soak("kpgut", 15, EVERY_HOUSE_RULE); }

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(soak_mattel),
        cmocka_unit_test(soak_classic),
        cmocka_unit_test(soak_kpgut),
        cmocka_unit_test(soak_mattel_seven_o),
        cmocka_unit_test(soak_kpgut_seven_o),
        cmocka_unit_test(soak_mattel_house),
        cmocka_unit_test(soak_classic_house),
        cmocka_unit_test(soak_kpgut_house),
    };
    return cmocka_run_group_tests_name("soak", tests, NULL, NULL);
}
