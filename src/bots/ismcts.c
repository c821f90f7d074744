/*
 * ismcts.c — the search bot (UNO_BOT_ISMCTS): information-set Monte Carlo
 * tree search (Cowling, Powley and Whitehouse, "Information Set Monte Carlo
 * Tree Search", IEEE TCIAIG 2012, the single-observer variant).
 *
 * What it knows: its view and its worlds (bots.h), nothing else. Each
 * iteration deals one world the seat cannot tell from the real game
 * (bot_worlds_sample), walks the tree of turn actions down it, adds one
 * node, plays the rest of the world out with a quick greedy policy on the
 * engine's trusted path (playout_step, uno_game_step), and credits every
 * node on the way with how well the seat that chose it finished
 * (bot_search_rewards: the share of the others it finished ahead of,
 * so that a reward spans 0 to 1 whatever the rules and the number of
 * players, and UCB1's exploration means the same). A node is a sequence of
 * actions from the decision: the same node in different worlds is one
 * information set as the searcher sees it. A child is
 * selected by UCB1 among the children whose action is legal in this world,
 * each counting the times it was available (the paper's "availability"
 * count), so that an action rare in the worlds is not starved.
 *
 * What it decides: in turn, every turn action of every rule set (plays and
 * sets with their colours, draw or keep, name a colour, take, continue a
 * chain, challenge); at the table, in and out of turn, what the heuristic
 * does (bot_table_action: catch, say UNO, side-slide or jump in, suspect), on the
 * same clock as people, since the caller asks it when it asks them.
 *
 * What stays true: the same view, worlds, parameters and generator state
 * give the same choice when the budget is in iterations (a budget in
 * milliseconds depends on the machine). What it returns is an entry of
 * v->legal (its uno flag set, forgetting at forget_uno).
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bots/bots.h"

/* UCB1's exploration constant for rewards in [0, 1]. */
#define EXPLORE 0.7
/* A playout longer than this counts as a draw between the seats. */
#define ROLLOUT_MAX 5000
/* Tree depth kept per iteration; deeper, the walk stops adding nodes. */
#define MAX_DEPTH 256
/* The budget when params give neither iterations nor time. */
#define DEFAULT_ITERATIONS 1000
/* The clock is read every this many iterations under a time budget. */
#define CLOCK_EVERY 16

typedef struct Node {
    UnoAction move;     /* the action that led here, by move.seat */
    int first_child, next_sibling;
    unsigned visits, avail;
    double reward;      /* summed over visits, for move.seat */
} Node;

typedef struct Search {
    const UnoBotParams *params;
    const UnoWorlds *worlds;
    UnoRng *rng;
    UnoGame *world;
    UnoRng rollout_rng;
    Node *nodes;
    int nnodes, cap;
    UnoAction moves[UNO_VIEW_MAX_LEGAL];
} Search;

static bool is_turn_move(UnoActionType type)
{
    return type == UNO_ACT_PLAY || type == UNO_ACT_DRAW || type == UNO_ACT_PASS ||
           type == UNO_ACT_COLOR || type == UNO_ACT_TAKE || type == UNO_ACT_CHALLENGE;
}

/* The same action by the same seat (a node's sequence can leave different
 * seats in turn in different worlds: a Mattel draw that turned up a playable
 * card in one world and not in another). */
static bool same_move(const UnoAction *a, const UnoAction *b)
{
    return a->type == b->type && a->seat == b->seat && a->color == b->color && a->target == b->target &&
           bot_same_cards(a, b);
}

/* The turn actions of the seat in turn of a world, UNO said with a play
 * that leaves one card. */
static int world_moves(const UnoGame *world, int seat, UnoAction *out)
{
    int total, n = uno_game_legal(world, seat, out, UNO_VIEW_MAX_LEGAL, &total), kept = 0;
    int hand = uno_game_hand_count(world, seat);
    for (int i = 0; i < n; i++)
        if (is_turn_move((UnoActionType)out[i].type)) {
            out[kept] = out[i];
            out[kept].uno = out[i].type == UNO_ACT_PLAY && hand - out[i].ncards == 1;
            kept++;
        }
    return kept;
}

static int add_node(Search *s, int parent, const UnoAction *move)
{
    if (s->nnodes == s->cap) {
        int cap = s->cap ? 2 * s->cap : 1024;
        Node *grown = realloc(s->nodes, (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        s->nodes = grown;
        s->cap = cap;
    }
    int i = s->nnodes++;
    Node *n = &s->nodes[i];
    memset(n, 0, sizeof *n);
    n->first_child = n->next_sibling = -1;
    if (move)
        n->move = *move;
    if (parent >= 0) {
        n->next_sibling = s->nodes[parent].first_child;
        s->nodes[parent].first_child = i;
    }
    return i;
}

static int find_child(const Search *s, int parent, const UnoAction *move)
{
    for (int c = s->nodes[parent].first_child; c >= 0; c = s->nodes[c].next_sibling)
        if (same_move(&s->nodes[c].move, move))
            return c;
    return -1;
}

static double ucb(const Node *n)
{
    return n->reward / n->visits + EXPLORE * sqrt(log((double)n->avail) / n->visits);
}

/* One step down from `node` in the world: an untried action (a new node,
 * *added set) or the best tried one by UCB1. -1 when nothing can be done. */
static int descend(Search *s, int node, int seat, bool *added)
{
    int n = world_moves(s->world, seat, s->moves);
    int untried[UNO_VIEW_MAX_LEGAL], nu = 0, best = -1;
    double best_value = -1;
    for (int i = 0; i < n; i++) {
        int c = find_child(s, node, &s->moves[i]);
        if (c < 0) {
            untried[nu++] = i;
            continue;
        }
        Node *child = &s->nodes[c];
        child->avail++;
        double value = ucb(child);
        if (value > best_value) {
            best_value = value;
            best = c;
        }
    }
    *added = nu > 0;
    if (nu > 0) {
        const UnoAction *move = &s->moves[untried[uno_rng_below(s->rng, (uint32_t)nu)]];
        best = add_node(s, node, move);
        if (best >= 0)
            s->nodes[best].avail = 1;
    }
    if (best >= 0)
        uno_game_step(s->world, &s->nodes[best].move);
    return best;
}

/* The colour the hand holds most of (ties: the lower colour). */
static int most_held_color(const uint8_t *kinds)
{
    int best = UNO_RED, best_n = -1;
    for (int c = 0; c < UNO_COLORS; c++) {
        int n = bot_color_count(kinds, c);
        if (n > best_n) {
            best = c;
            best_n = n;
        }
    }
    return best;
}

/* 7-0: the other seat still playing that holds the fewest cards (the first
 * such from seat 0 on a tie), the one a playout's 7 swaps with. */
static int fewest_cards_other(const UnoGame *g, int seat)
{
    int best = -1;
    for (int s = 0; s < uno_game_nplayers(g); s++)
        if (s != seat && uno_game_rank(g, s) == 0 &&
            (best < 0 || uno_game_hand_count(g, s) < uno_game_hand_count(g, best)))
            best = s;
    return best;
}

/* The playout policy, for the seat in turn of a world (every hand of which
 * the searcher dealt itself): a card of the colour held most, else any
 * coloured card, a Wild last (its colour: the one held most), one time in
 * RANDOM_PLAY a random playable card; nothing playable: draw or take; UNO
 * said with the play; a 7 under 7-0 swaps with the fewest cards. Greedier than the random bot, so that a playout looks
 * more like a game between players who try; still a few nanoseconds. */
#define RANDOM_PLAY 4
static void playout_step(const UnoGame *g, int seat, UnoRng *rng, UnoAction *out)
{
    const uint8_t *hand = uno_game_hand_kinds(g, seat);
    int color = most_held_color(hand);
    UnoPhase phase = uno_game_phase(g);
    if (phase == UNO_PHASE_COLOR) {
        uno_action_init(out, UNO_ACT_COLOR, seat);
        out->color = (int8_t)color;
        return;
    }
    uint64_t playable = uno_game_playable(g, seat);
    if (!playable) {
        uno_action_init(out, phase == UNO_PHASE_PENDING ? UNO_ACT_TAKE : UNO_ACT_DRAW, seat);
        return;
    }
    uint64_t colored = playable & ((1ULL << UNO_WILD) - 1);
    uint64_t in_color = colored & uno_card_color_kinds(color);
    uint64_t pick = uno_rng_below(rng, RANDOM_PLAY) == 0 ? playable : in_color ? in_color : colored ? colored : playable;
    int n = __builtin_popcountll(pick);
    for (uint32_t k = uno_rng_below(rng, (uint32_t)n); k > 0; k--)
        pick &= pick - 1;
    uno_action_init(out, UNO_ACT_PLAY, seat);
    out->ncards = 1;
    out->cards[0] = (UnoCard)__builtin_ctzll(pick);
    if (uno_card_is_wild(out->cards[0]))
        out->color = (int8_t)color;
    if (uno_rules_play_swaps(uno_game_rules(g), out->cards[0], uno_game_hand_count(g, seat) - 1))
        out->target = (int8_t)fewest_cards_other(g, seat);
    out->uno = uno_game_hand_count(g, seat) == 2;
}

static void playout(Search *s)
{
    for (int n = 0, seat; n < ROLLOUT_MAX && (seat = uno_game_turn(s->world)) >= 0; n++) {
        UnoAction a;
        playout_step(s->world, seat, &s->rollout_rng, &a);
        uno_game_step(s->world, &a);
    }
}

/* bots.h. Not (n - rank) / (n - 1): Mattel's losers share place 2, which
 * gave them 2/3 at four players, the rewards a third as wide as at two, and
 * the exploration three times as wide (docs/bots.md "Strength"). */
void bot_search_rewards(const UnoGame *world, double *r)
{
    int n = uno_game_nplayers(world), rank[UNO_MAX_PLAYERS];
    bool over = uno_game_over(world);
    for (int seat = 0; seat < n; seat++)
        rank[seat] = uno_game_rank(world, seat);
    for (int seat = 0; seat < n; seat++) {
        int behind = 0;
        for (int other = 0; other < n; other++)
            behind += rank[seat] > 0 && (rank[other] <= 0 || rank[other] > rank[seat]);
        r[seat] = over ? (double)behind / (n - 1) : 1.0 / n;
    }
}

/* One iteration; false when no world can be dealt (the search stops). */
static bool iterate(Search *s)
{
    if (bot_worlds_sample(s->worlds, uno_rng_next(s->rng), s->world) != UNO_OK)
        return false;
    int path[MAX_DEPTH], depth = 0, node = 0;
    bool added = false;
    for (int seat; !added && depth < MAX_DEPTH && (seat = uno_game_turn(s->world)) >= 0;) {
        int next = descend(s, node, seat, &added);
        if (next < 0)
            break;
        path[depth++] = node = next;
    }
    playout(s);
    double r[UNO_MAX_PLAYERS];
    bot_search_rewards(s->world, r);
    for (int i = 0; i < depth; i++) {
        Node *n = &s->nodes[path[i]];
        n->visits++;
        n->reward += r[n->move.seat];
    }
    return true;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Searches from the seat's decision; the root's most visited child, or -1. */
static int search(Search *s)
{
    const UnoBotParams *p = s->params;
    if (add_node(s, -1, NULL) < 0)
        return -1;
    double deadline = p->think_ms > 0 ? now_ms() + p->think_ms : 0;
    long limit = p->iterations > 0 ? p->iterations : deadline ? LONG_MAX : DEFAULT_ITERATIONS;
    for (long i = 0; i < limit; i++) {
        if (deadline && i % CLOCK_EVERY == 0 && now_ms() >= deadline)
            break;
        if (!iterate(s))
            break;
    }
    int best = -1;
    for (int c = s->nodes[0].first_child; c >= 0; c = s->nodes[c].next_sibling)
        if (best < 0 || s->nodes[c].visits > s->nodes[best].visits)
            best = c;
    return best;
}

/* The view's legal entry for a move, or -1. */
static int legal_entry(const UnoView *v, const UnoAction *move)
{
    for (int i = 0; i < v->nlegal; i++)
        if (same_move(&v->legal[i], move))
            return i;
    return -1;
}

static int turn_moves_in_view(const UnoView *v, int *only)
{
    int n = 0;
    for (int i = 0; i < v->nlegal; i++)
        if (is_turn_move((UnoActionType)v->legal[i].type)) {
            *only = i;
            n++;
        }
    return n;
}

/* The move to play of the root's children: the most visited (best), or,
 * with a guide, the heuristic's move h unless the search found best better
 * by more than `guide` standard errors of the two means (a reward's
 * variance is at most 1/4). -1: the heuristic's move, which the search
 * never tried. */
static int guided(const Search *s, int best, const UnoAction *h, double guide)
{
    int hc = find_child(s, 0, h);
    if (hc < 0 || s->nodes[hc].visits == 0)
        return -1;
    const Node *b = &s->nodes[best], *c = &s->nodes[hc];
    double gain = b->reward / b->visits - c->reward / c->visits;
    return gain > guide * sqrt(0.25 / b->visits + 0.25 / c->visits) ? best : hc;
}

bool bot_ismcts(const UnoBotParams *p, const UnoView *v, const UnoWorlds *worlds, UnoRng *rng,
                UnoAction *out)
{
    if (bot_table_action(p, v, rng, out))
        return true;
    if (!bot_in_turn(v))
        return false;
    int chosen = -1;
    if (turn_moves_in_view(v, &chosen) > 1) {
        Search s = {.params = p, .worlds = worlds, .rng = rng};
        uno_rng_seed(&s.rollout_rng, uno_rng_next(rng));
        s.world = malloc(bot_worlds_bytes(worlds));
        int best = s.world ? search(&s) : -1;
        UnoRng own = *rng; /* the heuristic's draws leave the search's stream as it is */
        UnoAction h;
        if (best >= 0 && p->guide > 0 && bot_heuristic(p, v, &own, &h))
            best = guided(&s, best, &h, p->guide);
        chosen = best >= 0 ? legal_entry(v, &s.nodes[best].move) : -1;
        free(s.world);
        free(s.nodes);
    }
    if (chosen < 0) /* no world could be searched, or the guide kept the heuristic's untried move */
        return bot_heuristic(p, v, rng, out);
    *out = v->legal[chosen];
    if (out->type == UNO_ACT_PLAY && bot_leaves_one(v, out))
        out->uno = bot_uniform(rng) >= p->forget_uno;
    return true;
}
