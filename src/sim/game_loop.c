/*
 * game_loop.c — one game of a run, from the deal to its end, between the
 * configured bots; what it cost in turns, cards and (by the time model)
 * minutes. sim.h says what stays true.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots/extbot.h"
#include "protocol/extbot_link.h"
#include "sim/playout.h"
#include "sim/sim.h"

const char *const sim_time_names[UNO_SIM_T_COUNT] = {
    "play", "draw", "card", "pass", "take", "color", "challenge", "call", "shuffle", "deal",
};

/* docs/sim.md "The time model": a person's pace at a physical table. */
void sim_time_default(int ms[UNO_SIM_T_COUNT])
{
    static const int defaults[UNO_SIM_T_COUNT] = {
        [UNO_SIM_T_PLAY] = 4000,  [UNO_SIM_T_DRAW] = 2000,       [UNO_SIM_T_CARD] = 1000,
        [UNO_SIM_T_PASS] = 1500,  [UNO_SIM_T_TAKE] = 2000,       [UNO_SIM_T_COLOR] = 2000,
        [UNO_SIM_T_CHALLENGE] = 15000, [UNO_SIM_T_CALL] = 2000,  [UNO_SIM_T_SHUFFLE] = 30000,
        [UNO_SIM_T_DEAL] = 500,
    };
    memcpy(ms, defaults, sizeof defaults);
}

void sim_config_default(UnoSimConfig *c)
{
    memset(c, 0, sizeof *c);
    c->nplayers = 4;
    for (int s = 0; s < UNO_MAX_PLAYERS; s++) {
        c->bots[s] = UNO_BOT_RANDOM;
        bot_params_default(&c->params[s]);
    }
    sim_time_default(c->time_ms);
    c->max_actions = 10000000;
}

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t sim_game_seed(uint64_t seed, uint64_t index)
{
    return mix64(seed + 0x9e3779b97f4a7c15ULL * (index + 1));
}

void sim_setup(UnoSetup *s, int nplayers, uint64_t seed)
{
    uno_setup_init(s);
    s->nplayers = nplayers;
    s->seed = seed;
    for (int seat = 0; seat < nplayers; seat++) {
        snprintf(s->players[seat].name, UNO_NAME_LEN, "seat%d", seat);
        s->players[seat].age = 20 + seat;
    }
}

/* The bots' generators are seeded apart from the deal's. */
#define BOT_SALT 0xb075b075b075b075ULL

void sim_seed_bots(UnoRng *bots, int nplayers, uint64_t game_seed)
{
    for (int s = 0; s < nplayers; s++)
        uno_rng_seed(&bots[s], sim_game_seed(game_seed ^ BOT_SALT, (uint64_t)s));
}

int64_t sim_duration(const UnoSimConfig *c, const uint32_t tally[UNO_SIM_T_COUNT])
{
    int64_t ms = (int64_t)c->rules.hand_size * c->nplayers * c->time_ms[UNO_SIM_T_DEAL];
    for (int k = 0; k < UNO_SIM_T_COUNT; k++)
        if (k != UNO_SIM_T_DEAL)
            ms += (int64_t)tally[k] * c->time_ms[k];
    return ms;
}

void sim_record_ranks(UnoSimRecord *r, const int8_t *ranks, int nplayers)
{
    r->winner = -1;
    for (int s = 0; s < nplayers; s++) {
        r->ranks[s] = ranks[s];
        if (ranks[s] == 1 && r->winner < 0)
            r->winner = (int8_t)s;
    }
}

uint64_t sim_end_digest(const UnoRng *game, const UnoRng *bots, int nplayers,
                        const int *hand_counts, int stock_n, int discard_n)
{
    uint64_t h = mix64((uint64_t)stock_n << 32 | (uint32_t)discard_n);
    for (int i = 0; i < 4; i++)
        h = mix64(h ^ game->s[i]);
    for (int s = 0; s < nplayers; s++)
        h = mix64(h ^ bots[s].s[0] ^ bots[s].s[3] ^ (uint64_t)hand_counts[s] << 48);
    return h;
}

struct UnoSimWorker {
    UnoSimConfig c;
    UnoPlayout *playout;           /* all seats random: the fast path (playout.h) */
    UnoSetup setup;
    UnoGame *g;                    /* the engine's game, when the playout does not fit */
    UnoGame *prepared;             /* ... every game is dealt from (uno_game_deal) */
    UnoRng rng[UNO_MAX_PLAYERS];   /* per seat */
    bool all_random;               /* nobody acts out of turn */
    UnoView view;                  /* for the bots that need one */
    UnoHistory *seen[UNO_MAX_PLAYERS]; /* the records of the seats that need one */
    bool recording;                /* some seat needs a record (keeps_history) */
    UnoWorlds *worlds;             /* non-NULL when a seat searches (ISMCTS) */
    UnoExtBot *ext[UNO_MAX_PLAYERS]; /* the programs of the external seats */
    uint64_t defaulted[UNO_MAX_PLAYERS]; /* their default moves before this game */
};

/* Bots that are given the seat's record of the game: the search samples
 * from it, a program gets its events. */
static bool keeps_history(UnoBotKind kind)
{
    return kind == UNO_BOT_ISMCTS || kind == UNO_BOT_EXTERNAL;
}

/* The programs of the external seats, started. */
static int start_programs(UnoSimWorker *w, char *err, size_t errlen)
{
    for (int s = 0; s < w->c.nplayers; s++) {
        const UnoBotParams *p = &w->c.params[s];
        char label[UNO_BOT_COMMAND_LEN + 16];
        snprintf(label, sizeof label, "seat %d (cmd:%s)", s, p->command);
        if (w->c.bots[s] == UNO_BOT_EXTERNAL &&
            !(w->ext[s] = proto_extbot_start(p->command, p->think_ms, p->startup_ms, NULL, label, stderr, err,
                                             errlen)))
            return UNO_E_BAD_REQUEST;
    }
    return UNO_OK;
}

UnoSimWorker *sim_worker_new(const UnoSimConfig *c, char *err, size_t errlen)
{
    if (uno_rules_validate(&c->rules, c->nplayers, err, errlen) != UNO_OK)
        return NULL;
    UnoSimWorker *w = calloc(1, sizeof *w);
    if (w) { /* the playout plays every game, or the engine does (sim_play) */
        w->c = *c;
        sim_setup(&w->setup, c->nplayers, 0);
        if (sim_playout_fits(c)) {
            w->playout = sim_playout_new(c);
        } else {
            w->g = malloc(uno_game_size(&c->rules, &w->setup));
            w->prepared = malloc(uno_game_size(&c->rules, &w->setup));
        }
    }
    if (!w || (!w->playout && (!w->g || !w->prepared))) {
        snprintf(err, errlen, "out of memory");
        sim_worker_free(w);
        return NULL;
    }
    if (w->prepared && uno_game_prepare(w->prepared, &c->rules, &w->setup, err, errlen) != UNO_OK) {
        sim_worker_free(w);
        return NULL;
    }
    w->all_random = true;
    bool searching = false;
    for (int s = 0; s < c->nplayers; s++) {
        w->all_random &= c->bots[s] == UNO_BOT_RANDOM;
        searching |= c->bots[s] == UNO_BOT_ISMCTS;
        w->recording |= keeps_history(c->bots[s]);
    }
    if (searching && !(w->worlds = bot_worlds_new())) {
        snprintf(err, errlen, "out of memory");
        sim_worker_free(w);
        return NULL;
    }
    if (start_programs(w, err, errlen) != UNO_OK) {
        sim_worker_free(w);
        return NULL;
    }
    return w;
}

static void forget_histories(UnoSimWorker *w)
{
    for (int s = 0; s < UNO_MAX_PLAYERS; s++) {
        uno_history_free(w->seen[s]);
        w->seen[s] = NULL;
    }
}

void sim_worker_free(UnoSimWorker *w)
{
    if (w) {
        free(w->g);
        free(w->prepared);
        sim_playout_free(w->playout);
        forget_histories(w);
        bot_worlds_free(w->worlds);
        for (int s = 0; s < UNO_MAX_PLAYERS; s++)
            bot_ext_stop(w->ext[s]);
    }
    free(w);
}

/* Every event of a game with seats that keep a history: into their
 * histories, and on to the run's own receiver. */
static void record_event(void *ctx, const UnoEvent *ev)
{
    UnoSimWorker *w = ctx;
    for (int s = 0; s < w->c.nplayers; s++)
        if (w->seen[s])
            uno_history_add(w->seen[s], &w->c.rules, ev);
    if (w->c.emit)
        w->c.emit(w->c.emit_ctx, ev);
}

/* The default moves made for a program so far. */
static uint64_t defaulted(const UnoExtBot *b)
{
    UnoExtBotStats st;
    bot_ext_stats(b, &st);
    return st.defaulted;
}

/* A new game's histories, one per seat that keeps one; the programs hear
 * that a game begins. */
static int new_histories(UnoSimWorker *w, char *err, size_t errlen)
{
    forget_histories(w);
    for (int s = 0; s < w->c.nplayers; s++) {
        if (keeps_history(w->c.bots[s]) && !(w->seen[s] = uno_history_new(s))) {
            snprintf(err, errlen, "out of memory");
            return UNO_E_BAD_REQUEST;
        }
        if (w->ext[s]) {
            bot_ext_new_game(w->ext[s]);
            w->defaulted[s] = defaulted(w->ext[s]);
        }
    }
    return UNO_OK;
}

/* The seats whose program failed in this game: the default move stood in
 * for it at least once (sim.h: UnoSimRecord.failed). */
static uint32_t failed_programs(const UnoSimWorker *w)
{
    uint32_t failed = 0;
    for (int s = 0; s < w->c.nplayers; s++)
        if (w->ext[s] && defaulted(w->ext[s]) != w->defaulted[s])
            failed |= 1u << s;
    return failed;
}

/* What `seat` does now; false: nothing. */
static bool ask(UnoSimWorker *w, int seat, int turn, UnoAction *a)
{
    UnoBotKind kind = w->c.bots[seat];
    if (kind == UNO_BOT_RANDOM) {
        if (seat != turn) /* bots.h: out of turn the random bot does nothing */
            return false;
        bot_random_step(&w->c.params[seat], w->g, seat, &w->rng[seat], a);
        return true;
    }
    uno_view_build(&w->view, w->g, seat, w->seen[seat]);
    if (w->ext[seat])
        return bot_ext_choose(w->ext[seat], w->g, &w->view, w->seen[seat], &w->rng[seat], a);
    bool searching = kind == UNO_BOT_ISMCTS;
    if (searching)
        bot_worlds_set(w->worlds, w->g, seat, w->seen[seat]);
    return bot_choose_action(kind, &w->c.params[seat], &w->view, searching ? w->worlds : NULL, &w->rng[seat], a);
}

/* KPGUT §7's side slide and the house rule jump-in: a seat (not an
 * external program, asked once an action) that can play out of turn is
 * asked before the seat in turn, as a card identical to the top is played
 * on it as it lands; only that play is taken (what else it would do, it is
 * asked again for in the order of play). Returns the seat that plays, -1
 * when none does. */
static int out_of_turn_first(UnoSimWorker *w, int turn, UnoAction *a)
{
    int n = w->c.nplayers;
    int dir = uno_game_direction(w->g);
    for (int k = 1; k < n; k++) {
        int seat = ((turn + dir * k) % n + n) % n;
        if (!w->ext[seat] && uno_game_playable(w->g, seat) && ask(w, seat, turn, a) && a->type == UNO_ACT_PLAY)
            return seat;
    }
    return -1;
}

/* The next action: a side slide or jump-in first, where the rules have
 * them; then the seat in turn, then the others in the order of play.
 * Returns the seat that acts, -1 when nobody does. */
static inline int next_action(UnoSimWorker *w, int turn, bool all_random, UnoAction *a)
{
    if (all_random) { /* bots.h: the random bot acts in its turn only */
        bot_random_step(&w->c.params[turn], w->g, turn, &w->rng[turn], a);
        return turn;
    }
    int first = w->c.rules.jump_in || w->c.rules.side_slide ? out_of_turn_first(w, turn, a) : -1;
    if (first >= 0)
        return first;
    int n = w->c.nplayers;
    int dir = uno_game_direction(w->g);
    for (int k = 0; k < n; k++) {
        int seat = ((turn + dir * k) % n + n) % n;
        if (ask(w, seat, turn, a))
            return seat;
    }
    return -1;
}

/* How the simulator counts each type of action: its time in the model;
 * whether, by the seat in turn, it makes (or goes on with) a turn, and
 * whether that turn then goes on (after a draw, a colour, a challenge). */
static const struct {
    uint8_t time; /* UnoSimTime */
    bool turn, goes_on;
} counted[UNO_ACT_COUNT] = {
    [UNO_ACT_PLAY] = {UNO_SIM_T_PLAY, true, false},
    [UNO_ACT_DRAW] = {UNO_SIM_T_DRAW, true, true},
    [UNO_ACT_PASS] = {UNO_SIM_T_PASS, true, false},
    [UNO_ACT_TAKE] = {UNO_SIM_T_TAKE, true, false},
    [UNO_ACT_COLOR] = {UNO_SIM_T_COLOR, true, true},
    [UNO_ACT_CHALLENGE] = {UNO_SIM_T_CHALLENGE, true, true},
    [UNO_ACT_SUSPECT] = {UNO_SIM_T_CHALLENGE, false, false},
    [UNO_ACT_WARN] = {UNO_SIM_T_CALL},
    [UNO_ACT_GIVEUP] = {UNO_SIM_T_CALL},
    [UNO_ACT_UNO] = {UNO_SIM_T_CALL},     [UNO_ACT_CATCH] = {UNO_SIM_T_CALL},
    [UNO_ACT_JOIN] = {UNO_SIM_T_CALL},    [UNO_ACT_VOTE] = {UNO_SIM_T_CALL},
    [UNO_ACT_TICK] = {UNO_SIM_T_CALL},    [UNO_ACT_DISPUTE] = {UNO_SIM_T_CALL},
    [UNO_ACT_SPECTATE] = {UNO_SIM_T_CALL}, [UNO_ACT_HELP] = {UNO_SIM_T_CALL},
    [UNO_ACT_SPECTATOR_HELP] = {UNO_SIM_T_CALL}, [UNO_ACT_ALLOW_HELP] = {UNO_SIM_T_CALL},
};

/* Cards drawn and reshuffles, from the piles' sizes (events are off). A
 * play of p cards adds them to the played cards; a hand that leaves the table
 * without a play (KPGUT §9, §15, the hand limit: b cards, counted by the
 * engine, uno_game_set_aside) goes to the played cards or the stock (option
 * giveup_into); a reshuffle moves r cards from the played cards to the
 * stock; drawing takes from the stock. Per action:
 *     discard' = discard + p + b_pile - r        (so r is known),
 * and over the game the stock's changes add up:
 *     drawn = stock(start) - stock(end) + sum r + sum b_stock. */
typedef struct Flow {
    int stock0, discard;           /* the stock at the start; the pile now */
    int set_aside;                 /* uno_game_set_aside before the action */
    int64_t reshuffled, to_stock;  /* sum r, sum b_stock */
} Flow;

/* After action a: whether the pile became a new stock during it; hands
 * are set aside only where `set_asides` says they may be. */
static inline __attribute__((always_inline)) bool flow_step(const UnoGame *g, const UnoAction *a, bool set_asides,
                                                            Flow *f)
{
    int played = a->type == UNO_ACT_PLAY ? a->ncards : 0, to_pile = 0;
    int left = set_asides ? uno_game_set_aside(g) - f->set_aside : 0;
    if (left) {
        f->set_aside += left;
        if (uno_game_rules(g)->giveup_into == UNO_PILE_STOCK)
            f->to_stock += left;
        else
            to_pile = left;
    }
    int discard = uno_game_discard_count(g);
    int reshuffled = f->discard + played + to_pile - discard;
    f->discard = discard;
    f->reshuffled += reshuffled;
    return reshuffled > 0;
}

static void finish_record(const UnoSimWorker *w, UnoSimRecord *r)
{
    const UnoGame *g = w->g;
    r->reason = (int8_t)uno_game_over_reason(g);
    int8_t ranks[UNO_MAX_PLAYERS];
    for (int s = 0; s < w->c.nplayers; s++)
        ranks[s] = (int8_t)uno_game_rank(g, s);
    sim_record_ranks(r, ranks, w->c.nplayers);
    r->failed = failed_programs(w);
    if (w->c.hash) {
        int hands[UNO_MAX_PLAYERS];
        for (int s = 0; s < w->c.nplayers; s++)
            hands[s] = uno_game_hand_count(g, s);
        r->hash = sim_end_digest(uno_game_rng(g), w->rng, w->c.nplayers, hands,
                                 uno_game_stock_count(g), uno_game_discard_count(g));
    }
}

/* Nobody acts, the seat in turn included: its program could not be started
 * (extbot.h: it makes no move), or a bot failed. */
static int nobody_acts(const UnoSimWorker *w, const UnoSimRecord *r, int turn, char *err, size_t errlen)
{
    UnoExtBotStats st = {0};
    if (w->ext[turn])
        bot_ext_stats(w->ext[turn], &st);
    if (st.unstartable) {
        snprintf(err, errlen, "seat %d's program (cmd:%s): %s", turn, w->c.params[turn].command,
                 bot_ext_problem(w->ext[turn]));
        return UNO_E_BAD_REQUEST;
    }
    snprintf(err, errlen, "game %llu (seed %llu): seat %d in turn has nothing to do", (unsigned long long)r->index,
             (unsigned long long)r->seed, turn);
    return UNO_E_ILLEGAL;
}

/* Game `index`, through uno_game_step or (--reference, events) the checked
 * uno_game_apply. Inline in sim_play, which compiles it apart for games
 * between random bots on the trusted path (`random_trusted`: nobody acts
 * out of turn, no events), the most
 * frequent run, without the tests of the others. */
static inline __attribute__((always_inline)) int play_game(UnoSimWorker *w, UnoSimRecord *r, bool random_trusted,
                                                            char *err, size_t errlen)
{
    const UnoSimConfig *c = &w->c;
    uint64_t index = r->index, seed = r->seed;
    w->setup.seed = seed;
    char why[UNO_ERR_LEN];
    if (w->recording && new_histories(w, err, errlen) != UNO_OK)
        return UNO_E_BAD_REQUEST;
    UnoEventFn emit = w->recording ? record_event : c->emit;
    void *emit_ctx = w->recording ? (void *)w : c->emit_ctx;
    if (w->recording) { /* the records begin with the deal's events */
        w->setup.emit = record_event;
        w->setup.ctx = w;
        if (uno_game_init(w->g, &c->rules, &w->setup, why, sizeof why) != UNO_OK) {
            snprintf(err, errlen, "game %llu: %s", (unsigned long long)index, why);
            return UNO_E_BAD_REQUEST;
        }
    } else {
        uno_game_deal(w->g, w->prepared, seed);
    }
    sim_seed_bots(w->rng, c->nplayers, seed);
    r->first = (int8_t)uno_game_turn(w->g);
    uint32_t tally[UNO_SIM_T_COUNT] = {0};
    Flow flow = {.stock0 = uno_game_stock_count(w->g), .discard = uno_game_discard_count(w->g)};
    int continuing = -1; /* the seat whose turn goes on (after a draw, a colour, a challenge) */
    /* counted in locals, not through r: a card is a byte, and every store
     * of one into the game could change *r for all the compiler knows */
    uint32_t actions = 0, turns = 0, reshuffles = 0;
    const uint64_t max_actions = c->max_actions;
    const bool trusted = random_trusted || (!c->reference && !emit);
    const bool all_random = random_trusted || w->all_random;
    /* random bots never give up: only the hand limit sets their hands aside */
    const bool set_asides = !random_trusted || c->rules.hand_limit;
    UnoAction a;
    for (int turn; (turn = uno_game_turn(w->g)) >= 0;) {
        if (actions >= max_actions) {
            snprintf(err, errlen, "game %llu (seed %llu) did not end after %llu actions",
                     (unsigned long long)index, (unsigned long long)seed,
                     (unsigned long long)c->max_actions);
            return UNO_E_ILLEGAL;
        }
        if (continuing != turn)
            continuing = -1; /* the turn passed */
        int seat = next_action(w, turn, all_random, &a);
        if (seat < 0)
            return nobody_acts(w, r, turn, err, errlen);
        if (trusted)
            uno_game_step(w->g, &a);
        else if (uno_game_apply(w->g, &a, emit, emit_ctx, why, sizeof why) != UNO_OK) {
            snprintf(err, errlen, "game %llu (seed %llu): the %s bot's %s by seat %d was refused: %s",
                     (unsigned long long)index, (unsigned long long)seed,
                     bot_kind_name(c->bots[seat]), uno_action_name((UnoActionType)a.type), seat,
                     why);
            return UNO_E_ILLEGAL;
        }
        actions++;
        tally[counted[a.type].time]++;
        reshuffles += flow_step(w->g, &a, set_asides, &flow);
        /* a jump-in is a turn of the jumper's (a side slide none) */
        bool in_turn = seat == turn || (a.type == UNO_ACT_PLAY && c->rules.jump_in);
        if (in_turn && counted[a.type].turn) {
            turns += continuing != seat;
            continuing = counted[a.type].goes_on ? seat : -1;
        }
    }
    r->actions = actions;
    r->turns = turns;
    r->reshuffles = reshuffles;
    r->drawn = (uint32_t)(flow.stock0 - uno_game_stock_count(w->g) + flow.reshuffled + flow.to_stock);
    tally[UNO_SIM_T_CARD] = r->drawn;
    tally[UNO_SIM_T_SHUFFLE] = r->reshuffles;
    r->duration_ms = sim_duration(c, tally);
    finish_record(w, r);
    return UNO_OK;
}

int sim_play(UnoSimWorker *w, uint64_t index, UnoSimRecord *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    r->index = index;
    r->seed = sim_game_seed(w->c.seed, index);
    if (w->playout)
        return sim_playout_play(w->playout, r, err, errlen);
    if (w->all_random && !w->recording && !w->c.reference && !w->c.emit)
        return play_game(w, r, true, err, errlen);
    return play_game(w, r, false, err, errlen);
}
