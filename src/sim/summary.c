/*
 * summary.c — adding games to a summary, merging summaries, and the
 * statistics read from them (quantiles, Wilson intervals). Integers only
 * until a figure is printed (sim.h).
 */
#include <math.h>
#include <string.h>

#include "sim/sim.h"

void sim_summary_init(UnoSimSummary *s) { memset(s, 0, sizeof *s); }

static void bin(uint64_t *hist, int bins, uint64_t value)
{
    hist[value < (uint64_t)bins - 1 ? value : (uint64_t)bins - 1]++;
}

static void raise_max(uint64_t *max, uint64_t value)
{
    if (value > *max)
        *max = value;
}

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void sim_summary_add(UnoSimSummary *s, const UnoSimConfig *c, const UnoSimRecord *r)
{
    UnoSimCounts *n = &s->sum;
    if (r->failed) {
        n->games_failed++;
        for (int seat = 0; seat < c->nplayers; seat++)
            n->failed[seat] += r->failed >> seat & 1;
        return;
    }
    uint64_t ms = r->duration_ms > 0 ? (uint64_t)r->duration_ms : 0;
    n->games++;
    n->turns += r->turns;
    n->actions += r->actions;
    n->drawn += r->drawn;
    n->reshuffles += r->reshuffles;
    n->games_reshuffled += r->reshuffles > 0;
    n->duration_ms += ms;
    if (c->rules.time_limit_min > 0)
        n->limit_hits += ms >= (uint64_t)c->rules.time_limit_min * 60000;
    if (c->hash) /* a sum: the same whatever order the games are added in */
        n->signature += mix64(r->hash ^ mix64(r->index));
    n->reasons[r->reason >= 0 && r->reason < UNO_R_COUNT ? r->reason : UNO_R_NONE]++;
    for (int seat = 0; seat < c->nplayers; seat++) {
        int rank = r->ranks[seat] > 0 ? r->ranks[seat] : 0;
        n->places[seat][rank]++;
        n->bot_seats[c->bots[seat]]++;
        if (rank == 1) {
            n->wins[seat]++;
            n->wins_by_order[(seat - r->first + c->nplayers) % c->nplayers]++;
            n->bot_wins[c->bots[seat]]++;
        }
    }
    bin(n->turn_hist, UNO_SIM_TURN_BINS, r->turns);
    bin(n->drawn_hist, UNO_SIM_DRAWN_BINS, r->drawn);
    bin(n->duration_hist, UNO_SIM_DURATION_BINS, ms / UNO_SIM_DURATION_BIN_MS);
    raise_max(&s->max.turns, r->turns);
    raise_max(&s->max.actions, r->actions);
    raise_max(&s->max.drawn, r->drawn);
    raise_max(&s->max.duration_ms, ms);
}

void sim_summary_merge(UnoSimSummary *into, const UnoSimSummary *from)
{
    uint64_t *a = (uint64_t *)&into->sum;
    const uint64_t *b = (const uint64_t *)&from->sum;
    for (size_t i = 0; i < sizeof into->sum / sizeof(uint64_t); i++)
        a[i] += b[i];
    a = (uint64_t *)&into->max;
    b = (const uint64_t *)&from->max;
    for (size_t i = 0; i < sizeof into->max / sizeof(uint64_t); i++)
        raise_max(&a[i], b[i]);
}

uint64_t sim_quantile(const uint64_t *hist, int bins, double q)
{
    uint64_t total = 0;
    for (int i = 0; i < bins; i++)
        total += hist[i];
    if (total == 0)
        return 0;
    uint64_t need = (uint64_t)ceil(q * (double)total);
    if (need < 1)
        need = 1;
    uint64_t seen = 0;
    for (int i = 0; i < bins; i++) {
        seen += hist[i];
        if (seen >= need)
            return (uint64_t)i;
    }
    return (uint64_t)bins - 1;
}

void sim_wilson(uint64_t k, uint64_t n, double *lo, double *hi)
{
    if (n == 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    const double z = 1.959963984540054; /* the normal quantile of 0.975 */
    double p = (double)k / (double)n, nn = (double)n, z2 = z * z;
    double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
    double half = z / (1 + z2 / nn) * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}
