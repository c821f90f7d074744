/*
 * sim_report.c — the readable and JSON summaries of `uno sim`, and its CSV
 * rows (sim_report.h). docs/sim.md "Output" describes every field.
 */
#include <inttypes.h>
#include <string.h>

#include <cJSON.h>

#include "cli/cli_util.h"
#include "cli/sim_report.h"

/* ------------------------------------------------------------ figures */

typedef struct Spread {
    double mean;
    uint64_t p10, median, p90, p99, max;
} Spread;

static Spread spread_of(const uint64_t *hist, int bins, uint64_t sum, uint64_t games, uint64_t max)
{
    Spread s = {
        .mean = games ? (double)sum / (double)games : 0,
        .p10 = sim_quantile(hist, bins, 0.10),
        .median = sim_quantile(hist, bins, 0.50),
        .p90 = sim_quantile(hist, bins, 0.90),
        .p99 = sim_quantile(hist, bins, 0.99),
        .max = max,
    };
    return s;
}

static double rate(uint64_t k, uint64_t n) { return n ? (double)k / (double)n : 0; }

static double minutes(uint64_t ms) { return (double)ms / 60000.0; }

static double mean_minutes(const UnoSimCounts *n)
{
    return n->games ? (double)n->duration_ms / (double)n->games / 60000.0 : 0;
}

/* Duration quantiles are bins of UNO_SIM_DURATION_BIN_MS: reported as the
 * bin's upper edge in minutes. */
static double duration_q(const UnoSimCounts *n, double q)
{
    uint64_t b = sim_quantile(n->duration_hist, UNO_SIM_DURATION_BINS, q);
    return minutes((b + 1) * UNO_SIM_DURATION_BIN_MS);
}

static bool has_limit(const UnoSimConfig *c) { return c->rules.time_limit_min > 0; }

/* Ranks that occur (1..nplayers), and whether some seat had none. */
static int ranks_used(const UnoSimConfig *c, const UnoSimCounts *n, bool *unranked)
{
    int top = 1;
    *unranked = false;
    for (int s = 0; s < c->nplayers; s++) {
        for (int r = 1; r <= c->nplayers; r++)
            if (n->places[s][r] && r > top)
                top = r;
        *unranked |= n->places[s][0] > 0;
    }
    return top;
}

static bool bot_used(const UnoSimCounts *n, int kind) { return n->bot_seats[kind] > 0; }

/* ----------------------------------------------------------- the text */

static void text_rate_line(FILE *out, const char *label, uint64_t k, uint64_t n)
{
    double lo, hi;
    sim_wilson(k, n, &lo, &hi);
    fprintf(out, "  %-18s %10" PRIu64 " %10" PRIu64 " %8.2f%%  [%6.2f%%, %6.2f%%]\n", label, k, n,
            100 * rate(k, n), 100 * lo, 100 * hi);
}

static void text_wins(FILE *out, const UnoSimConfig *c, const UnoSimCounts *n)
{
    char label[64];
    fprintf(out, "\nwins (rank 1), with 95%% Wilson intervals\n");
    fprintf(out, "  %-18s %10s %10s %9s  %s\n", "seat", "wins", "of", "rate", "95% interval");
    for (int s = 0; s < c->nplayers; s++) {
        snprintf(label, sizeof label, "seat %d (%s)", s, bot_kind_name(c->bots[s]));
        text_rate_line(out, label, n->wins[s], n->games);
    }
    fprintf(out, "  %-18s\n", "by order of play");
    for (int k = 0; k < c->nplayers; k++) {
        snprintf(label, sizeof label, "%d%s to act", k + 1,
                 k == 0 ? "st" : k == 1 ? "nd" : k == 2 ? "rd" : "th");
        text_rate_line(out, label, n->wins_by_order[k], n->games);
    }
    fprintf(out, "  %-18s\n", "by bot (per seat)");
    for (int b = 0; b < UNO_BOT_KINDS; b++)
        if (bot_used(n, b))
            text_rate_line(out, bot_kind_name((UnoBotKind)b), n->bot_wins[b], n->bot_seats[b]);
}

static void text_places(FILE *out, const UnoSimConfig *c, const UnoSimCounts *n)
{
    bool unranked;
    int top = ranks_used(c, n, &unranked);
    fprintf(out, "\nfinishing places (%% of games)\n  %-8s", "seat");
    for (int r = 1; r <= top; r++)
        fprintf(out, " %6d", r);
    if (unranked)
        fprintf(out, " %6s", "none");
    fprintf(out, "\n");
    for (int s = 0; s < c->nplayers; s++) {
        fprintf(out, "  %-8d", s);
        for (int r = 1; r <= top; r++)
            fprintf(out, " %6.2f", 100 * rate(n->places[s][r], n->games));
        if (unranked)
            fprintf(out, " %6.2f", 100 * rate(n->places[s][0], n->games));
        fprintf(out, "\n");
    }
}

static void text_spread(FILE *out, const char *label, Spread s)
{
    fprintf(out, "  %-18s mean %.2f  median %" PRIu64 "  p10 %" PRIu64 "  p90 %" PRIu64
                 "  p99 %" PRIu64 "  max %" PRIu64 "\n",
            label, s.mean, s.median, s.p10, s.p90, s.p99, s.max);
}

static void text_duration(FILE *out, const UnoSimConfig *c, const UnoSimSummary *s)
{
    const UnoSimCounts *n = &s->sum;
    fprintf(out, "\nestimated duration (time model, ms:");
    for (int i = 0; i < UNO_SIM_T_COUNT; i++)
        fprintf(out, " %s=%d", sim_time_names[i], c->time_ms[i]);
    fprintf(out, ")\n");
    fprintf(out, "  %-18s mean %.1f  median %.1f  p10 %.1f  p90 %.1f  p99 %.1f  max %.1f\n",
            "minutes", mean_minutes(n), duration_q(n, 0.5),
            duration_q(n, 0.1), duration_q(n, 0.9), duration_q(n, 0.99), minutes(s->max.duration_ms));
    if (has_limit(c)) {
        char label[64];
        snprintf(label, sizeof label, "%d-minute limit", c->rules.time_limit_min);
        text_rate_line(out, label, n->limit_hits, n->games);
    }
}

/* The programs that failed, and the games left out for them (sim.h). */
static void text_failures(FILE *out, const UnoSimConfig *c, const UnoSimCounts *n)
{
    for (int s = 0; s < c->nplayers; s++)
        if (n->failed[s])
            fprintf(out, "bot seat %d (cmd:%s) failed in %" PRIu64 " game%s (left out: the default move stood in "
                         "for it)\n",
                    s, c->params[s].command, n->failed[s], cli_s((long long)n->failed[s]));
    if (n->games_failed)
        fprintf(out, "%" PRIu64 " game%s left out in all: every figure below is of the other %" PRIu64 "\n",
                n->games_failed, cli_s((long long)n->games_failed), n->games);
}

void cli_sim_report_text(FILE *out, const UnoSimConfig *c, const UnoSimSummary *s)
{
    const UnoSimCounts *n = &s->sum;
    fprintf(out, "uno sim: %s, %d players, %" PRIu64 " game%s, seed %" PRIu64 "\n", c->rules.name,
            c->nplayers, n->games, cli_s((long long)n->games), c->seed);
    text_failures(out, c, n);
    text_wins(out, c, n);
    text_places(out, c, n);
    fprintf(out, "\nper game\n");
    text_spread(out, "turns", spread_of(n->turn_hist, UNO_SIM_TURN_BINS, n->turns, n->games, s->max.turns));
    fprintf(out, "  %-18s mean %.2f  max %" PRIu64 "\n", "actions", rate(n->actions, n->games),
            s->max.actions);
    text_spread(out, "cards drawn",
                spread_of(n->drawn_hist, UNO_SIM_DRAWN_BINS, n->drawn, n->games, s->max.drawn));
    fprintf(out, "  %-18s mean %.3f  games with one or more: %.2f%%\n", "reshuffles",
            rate(n->reshuffles, n->games), 100 * rate(n->games_reshuffled, n->games));
    fprintf(out, "\nhow games ended (exhausted: KPGUT §5, or nobody could move)\n");
    for (int r = 0; r < UNO_R_COUNT; r++)
        if (n->reasons[r])
            text_rate_line(out, uno_reason_name((UnoReason)r), n->reasons[r], n->games);
    text_duration(out, c, s);
}

/* ----------------------------------------------------------- the JSON */

static void json_rate(FILE *out, uint64_t k, uint64_t n)
{
    double lo, hi;
    sim_wilson(k, n, &lo, &hi);
    fprintf(out, "\"wins\": %" PRIu64 ", \"of\": %" PRIu64 ", \"rate\": %.6f, \"ci95\": [%.6f, %.6f]",
            k, n, rate(k, n), lo, hi);
}

static void json_spread(FILE *out, const char *name, Spread s)
{
    fprintf(out, "  \"%s\": {\"mean\": %.4f, \"median\": %" PRIu64 ", \"p10\": %" PRIu64
                 ", \"p90\": %" PRIu64 ", \"p99\": %" PRIu64 ", \"max\": %" PRIu64 "},\n",
            name, s.mean, s.median, s.p10, s.p90, s.p99, s.max);
}

void cli_sim_report_json(FILE *out, const UnoSimConfig *c, const UnoSimSummary *s)
{
    const UnoSimCounts *n = &s->sum;
    fprintf(out, "{\n  \"rules\": ");
    cli_json_string(out, c->rules.name);
    fprintf(out, ",\n  \"players\": %d,\n  \"games\": %" PRIu64 ",\n  \"games_left_out\": %" PRIu64
                 ",\n  \"seed\": %" PRIu64 ",\n  \"bots\": [",
            c->nplayers, n->games, n->games_failed, c->seed);
    for (int seat = 0; seat < c->nplayers; seat++)
        fprintf(out, "%s\"%s\"", seat ? ", " : "", bot_kind_name(c->bots[seat]));
    fprintf(out, "],\n  \"seats\": [\n");
    for (int seat = 0; seat < c->nplayers; seat++) {
        fprintf(out, "    {\"seat\": %d, \"bot\": \"%s\", ", seat, bot_kind_name(c->bots[seat]));
        json_rate(out, n->wins[seat], n->games);
        fprintf(out, ", \"places\": [");
        for (int r = 1; r <= c->nplayers; r++)
            fprintf(out, "%s%" PRIu64, r > 1 ? ", " : "", n->places[seat][r]);
        fprintf(out, "], \"unranked\": %" PRIu64 ", \"failed_games\": %" PRIu64 "}%s\n", n->places[seat][0],
                n->failed[seat], seat + 1 < c->nplayers ? "," : "");
    }
    fprintf(out, "  ],\n  \"by_order\": [\n");
    for (int k = 0; k < c->nplayers; k++) {
        fprintf(out, "    {\"order\": %d, ", k + 1);
        json_rate(out, n->wins_by_order[k], n->games);
        fprintf(out, "}%s\n", k + 1 < c->nplayers ? "," : "");
    }
    fprintf(out, "  ],\n  \"by_bot\": {");
    bool first = true;
    for (int b = 0; b < UNO_BOT_KINDS; b++) {
        if (!bot_used(n, b))
            continue;
        fprintf(out, "%s\n    \"%s\": {", first ? "" : ",", bot_kind_name((UnoBotKind)b));
        json_rate(out, n->bot_wins[b], n->bot_seats[b]);
        fprintf(out, "}");
        first = false;
    }
    fprintf(out, "\n  },\n");
    json_spread(out, "turns", spread_of(n->turn_hist, UNO_SIM_TURN_BINS, n->turns, n->games, s->max.turns));
    fprintf(out, "  \"actions\": {\"mean\": %.4f, \"max\": %" PRIu64 "},\n", rate(n->actions, n->games),
            s->max.actions);
    json_spread(out, "cards_drawn",
                spread_of(n->drawn_hist, UNO_SIM_DRAWN_BINS, n->drawn, n->games, s->max.drawn));
    fprintf(out, "  \"reshuffles\": {\"mean\": %.6f, \"games_with\": %" PRIu64 ", \"rate\": %.6f},\n",
            rate(n->reshuffles, n->games), n->games_reshuffled, rate(n->games_reshuffled, n->games));
    fprintf(out, "  \"ended\": {");
    first = true;
    for (int r = 0; r < UNO_R_COUNT; r++) {
        if (!n->reasons[r])
            continue;
        fprintf(out, "%s\"%s\": %" PRIu64, first ? "" : ", ", uno_reason_name((UnoReason)r),
                n->reasons[r]);
        first = false;
    }
    fprintf(out, "},\n  \"exhausted_rate\": %.6f,\n", rate(n->reasons[UNO_R_EXHAUSTED], n->games));
    fprintf(out, "  \"duration\": {\n    \"model_ms\": {");
    for (int i = 0; i < UNO_SIM_T_COUNT; i++)
        fprintf(out, "%s\"%s\": %d", i ? ", " : "", sim_time_names[i], c->time_ms[i]);
    fprintf(out, "},\n    \"mean_min\": %.4f, \"median_min\": %.4f, \"p10_min\": %.4f, "
                 "\"p90_min\": %.4f, \"p99_min\": %.4f, \"max_min\": %.4f",
            mean_minutes(n), duration_q(n, 0.5), duration_q(n, 0.1),
            duration_q(n, 0.9), duration_q(n, 0.99), minutes(s->max.duration_ms));
    if (has_limit(c)) {
        fprintf(out, ",\n    \"limit_min\": %d, \"limit\": {", c->rules.time_limit_min);
        json_rate(out, n->limit_hits, n->games);
        fprintf(out, "}");
    }
    fprintf(out, "\n  }\n}\n");
}

/* ------------------------------------------------------------ the CSV */

void cli_sim_csv_header(FILE *out, int nplayers)
{
    fprintf(out, "game,seed,first,winner,turns,actions,cards_drawn,reshuffles,ended,duration_ms");
    for (int s = 0; s < nplayers; s++)
        fprintf(out, ",rank_%d", s);
    fprintf(out, ",left_out\n");
}

void cli_sim_csv_rows(FILE *out, const UnoSimRecord *rows, int n, int nplayers)
{
    for (int i = 0; i < n; i++) {
        const UnoSimRecord *r = &rows[i];
        fprintf(out, "%" PRIu64 ",%" PRIu64 ",%d,%d,%" PRIu32 ",%" PRIu32 ",%" PRIu32 ",%" PRIu32
                     ",%s,%" PRId64,
                r->index, r->seed, r->first, r->winner, r->turns, r->actions, r->drawn,
                r->reshuffles, uno_reason_name((UnoReason)r->reason), r->duration_ms);
        for (int s = 0; s < nplayers; s++)
            fprintf(out, ",%d", r->ranks[s]);
        fprintf(out, ",%d\n", r->failed != 0);
    }
}
