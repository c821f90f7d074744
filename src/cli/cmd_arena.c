/*
 * cmd_arena.c — `uno arena`: bots against bots on duplicate deals, with win
 * rates, finishing places and ratings with 95% intervals (src/sim/arena.h),
 * as text or JSON, per-game CSV rows and an SVG of the ratings.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli_options.h"
#include "cli/cli_util.h"
#include "cli/commands.h"
#include "cli/sim_args.h"
#include "sim/arena.h"

typedef struct ArenaArgs {
    const char *rules, *presets, *options, *bots, *csv, *svg;
    uint64_t players, games, seed, threads; /* players 0: the lineup's length */
    bool json;
} ArenaArgs;

static const CliOption arena_options[] = {
    CLI_TEXT("bots", "LIST", ArenaArgs, bots,
             "one bot per seat, comma-separated, two different at least: easy, medium, hard, expert, random, "
             "heuristic, ismcts, ismcts:ITERATIONS, ismcts:MSms (e.g. expert,medium,medium,medium), or a "
             "program: cmd:COMMAND, cmd:MSms:COMMAND, cmd:MSms+Sms:COMMAND (MS per answer, 1000; S more for the "
             "first, to start, 5000), with no comma in COMMAND (docs/bots-external.md)"),
    CLI_TEXT("rules", "R", ArenaArgs, rules, "mattel, classic, kpgut, or a rules file; mattel"),
    CLI_TEXT("presets", "P,..", ArenaArgs, presets, "house rules by preset, in order (uno rules lists them)"),
    CLI_TEXT("options", "k=v,..", ArenaArgs, options, "change options of the rule set"),
    CLI_U64("players", "N", ArenaArgs, players, 2, UNO_MAX_PLAYERS, "players; the lineup's length"),
    CLI_U64("games", "G", ArenaArgs, games, 1, 10000000, "deals, each played once per seat; 1000"),
    CLI_U64("seed", "S", ArenaArgs, seed, 0, UINT64_MAX, "the run's seed, 1"),
    CLI_U64("threads", "T", ArenaArgs, threads, 1, 1024, "threads, all cores"),
    CLI_FLAG("json", ArenaArgs, json, "print the results as JSON"),
    CLI_TEXT("csv", "FILE", ArenaArgs, csv,
             "one row per seat of every game: deal, rotation, seat, bot, place, left_out (1: a program failed)"),
    CLI_TEXT("svg", "FILE", ArenaArgs, svg, "draw the ratings with their intervals"),
};

static const CliCommand arena_command = {
    .name = "uno arena",
    .synopsis = "usage: uno arena --bots LIST [--rules R] [--players N] [--games G] [--seed S]\n"
                "                 [--threads T] [--json] [--csv FILE] [--svg FILE]\n",
    .about = "Bots against bots on duplicate deals: every deal is played once per seat,\n"
             "the lineup rotated by one seat each time, so every bot gets the same cards\n"
             "from every seat. Prints per bot its wins and mean finishing place with 95%\n"
             "intervals, and a rating (Elo scale, mean 1500) with a bootstrap interval.\n",
    CLI_OPTIONS(arena_options),
    .operands_note = "uno arena takes options only",
    .notes = "The same seed, lineup and budgets in iterations give the same table, whatever\n"
             "the threads (a budget in milliseconds depends on the machine). docs/bots.md\n"
             "says how places, intervals and ratings are worked out. A game in which a\n"
             "program (cmd:) failed, so that the default move stood in for it (a late,\n"
             "illegal or garbled answer, or the program gone), is left out of every figure\n"
             "and counted apart: \"bot X failed in N games (left out...)\".\n",
};

/* CLI_PARSED, CLI_HELP_SHOWN or CLI_BAD (said on stderr). */
static int parse(int argc, char **argv, ArenaArgs *a)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    *a = (ArenaArgs){.rules = "mattel", .games = 1000, .seed = 1, .threads = cores > 0 ? (uint64_t)cores : 1};
    int rc = cli_parse(&arena_command, argc, argv, a, NULL);
    if (rc == CLI_PARSED && !a->bots)
        return cli_bad_usage(&arena_command, "--bots is needed");
    return rc;
}

/* The lineup's names, one per seat; their number. */
static int lineup_names(const char *list, UnoArenaConfig *c)
{
    int n = 0;
    for (const char *p = list; *p && n < UNO_MAX_PLAYERS; n++) {
        size_t len = strcspn(p, ",");
        snprintf(c->names[n], UNO_ARENA_NAME_LEN, "%.*s", (int)len, p);
        p += len + (p[len] == ',');
    }
    return n;
}

static int configure(const ArenaArgs *a, UnoArenaConfig *c, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    sim_config_default(&c->sim);
    int seats = lineup_names(a->bots, c);
    c->sim.nplayers = a->players ? (int)a->players : seats;
    c->sim.seed = a->seed;
    c->deals = a->games;
    c->threads = (int)a->threads;
    if (cli_args_rules(a->rules, a->presets, a->options, c->sim.nplayers, &c->sim.rules, err, errlen) != 0)
        return 1;
    if (seats != c->sim.nplayers) {
        snprintf(err, errlen, "--bots: %d bots for %d players (one per seat)", seats, c->sim.nplayers);
        return 1;
    }
    return cli_args_bots(a->bots, c->sim.nplayers, c->sim.bots, c->sim.params, err, errlen);
}

typedef struct Progress {
    struct timespec start;
} Progress;

static void progress(void *ctx, uint64_t done, uint64_t total)
{
    Progress *p = ctx;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double secs = (double)(now.tv_sec - p->start.tv_sec) + (double)(now.tv_nsec - p->start.tv_nsec) / 1e9;
    cli_progress("", done, total, secs, "");
}

/* The width of the bot column: the longest name, at least "bot"'s 16. */
static int name_width(const UnoArenaResult *r)
{
    int w = 16;
    for (int i = 0; i < r->nentrants; i++) {
        int len = (int)strlen(r->entrants[i].name);
        w = len > w ? len : w;
    }
    return w;
}

/* Its wins per seat-game counted, 0 when none was (every game left out). */
static double win_rate(const UnoArenaEntrant *e)
{
    return e->seat_games ? (double)e->wins / (double)e->seat_games : 0;
}

static void print_text(const UnoArenaConfig *c, const UnoArenaResult *r)
{
    printf("uno arena: %s, %d players, %" PRIu64 " deal%s x %d seatings = %" PRIu64 " games, seed %" PRIu64
           " (%.1f s)\n\n",
           c->sim.rules.name, r->nplayers, r->deals, cli_s((long long)r->deals), r->nplayers,
           r->deals * (uint64_t)r->nplayers, c->sim.seed, r->seconds);
    int w = name_width(r);
    printf("%-*s %5s %10s %8s %8s  %-17s %6s  %-14s %6s  %s\n", w, "bot", "seats", "seat-games", "wins",
           "win rate", "95% interval", "place", "95% interval", "rating", "95% interval");
    for (int i = 0; i < r->nentrants; i++) {
        const UnoArenaEntrant *e = &r->entrants[i];
        printf("%-*s %5d %10" PRIu64 " %8" PRIu64 " %7.2f%%  [%5.2f%%, %5.2f%%] %6.3f  [%5.3f, %5.3f] %6.0f  [%.0f, %.0f]\n",
               w, e->name, e->seats, e->seat_games, e->wins, 100.0 * win_rate(e),
               100 * e->win_lo, 100 * e->win_hi, e->place, e->place_lo, e->place_hi, e->rating, e->rating_lo,
               e->rating_hi);
    }
    if (r->games_left_out)
        printf("\n");
    for (int i = 0; i < r->nentrants; i++)
        if (r->entrants[i].failed_games)
            printf("bot %s failed in %" PRIu64 " game%s (left out: the default move stood in for it)\n",
                   r->entrants[i].name, r->entrants[i].failed_games, cli_s((long long)r->entrants[i].failed_games));
    if (r->games_left_out)
        printf("%" PRIu64 " game%s left out in all: every figure above is of the other %" PRIu64 "\n",
               r->games_left_out, cli_s((long long)r->games_left_out),
               r->deals * (uint64_t)r->nplayers - r->games_left_out);
    printf("\nparity: a bot wins %.2f%% of its seat-games and finishes %.2f on average when all are equal\n",
           100.0 / r->nplayers, (r->nplayers + 1) / 2.0);
}

static void print_json(const UnoArenaConfig *c, const UnoArenaResult *r)
{
    printf("{\n  \"rules\": ");
    cli_json_string(stdout, c->sim.rules.name);
    printf(", \"players\": %d, \"deals\": %" PRIu64 ", \"games\": %" PRIu64 ", \"games_left_out\": %" PRIu64
           ", \"seed\": %" PRIu64 ", \"seconds\": %.3f,\n  \"lineup\": [",
           r->nplayers, r->deals, r->deals * (uint64_t)r->nplayers, r->games_left_out, c->sim.seed, r->seconds);
    for (int pos = 0; pos < r->nplayers; pos++) {
        printf("%s", pos ? ", " : "");
        cli_json_string(stdout, c->names[pos]);
    }
    printf("],\n  \"bots\": [\n");
    for (int i = 0; i < r->nentrants; i++) {
        const UnoArenaEntrant *e = &r->entrants[i];
        printf("    {\"bot\": ");
        cli_json_string(stdout, e->name);
        printf(", \"seats\": %d, \"seat_games\": %" PRIu64 ", \"failed_games\": %" PRIu64 ", \"wins\": %" PRIu64
               ", \"win_rate\": %.6f, \"win_interval\": [%.6f, %.6f], \"place\": %.6f, \"place_interval\": [%.6f, %.6f], "
               "\"rating\": %.2f, \"rating_interval\": [%.2f, %.2f]}%s\n",
               e->seats, e->seat_games, e->failed_games, e->wins, win_rate(e), e->win_lo,
               e->win_hi, e->place, e->place_lo, e->place_hi, e->rating, e->rating_lo, e->rating_hi,
               i + 1 < r->nentrants ? "," : "");
    }
    printf("  ]\n}\n");
}

static int write_csv(const char *path, const UnoArenaConfig *c, const UnoArenaResult *r)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return 1;
    }
    int n = r->nplayers;
    fprintf(f, "deal,rotation,seat,bot,place,left_out\n");
    for (uint64_t d = 0; d < r->deals; d++)
        for (int rot = 0; rot < n; rot++)
            for (int seat = 0; seat < n; seat++) {
                uint16_t p2 = r->places2[(d * (uint64_t)n + (uint64_t)rot) * (uint64_t)n + (uint64_t)seat];
                fprintf(f, "%" PRIu64 ",%d,%d,", d, rot, seat);
                cli_csv_field(f, c->names[sim_arena_position(n, rot, seat)]);
                fprintf(f, ",%g,%d\n", p2 / 2.0, r->failed[d * (uint64_t)n + (uint64_t)rot] != 0);
            }
    int rc = fclose(f) == 0 ? 0 : 1;
    if (rc)
        perror(path);
    return rc;
}

/* The ratings as dots with their intervals, one row per bot. */
static int write_svg(const char *path, const UnoArenaConfig *c, const UnoArenaResult *r)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return 1;
    }
    double lo = 1e9, hi = -1e9;
    for (int i = 0; i < r->nentrants; i++) {
        lo = r->entrants[i].rating_lo < lo ? r->entrants[i].rating_lo : lo;
        hi = r->entrants[i].rating_hi > hi ? r->entrants[i].rating_hi : hi;
    }
    lo = 50 * floor(lo / 50 - 0.5);
    hi = 50 * ceil(hi / 50 + 0.5);
    int left = 20 + 7 * name_width(r) + 10, width = left + 550, right = 30, row = 36, top = 60, height = top + row * r->nentrants + 50;
    double scale = (width - left - right) / (hi - lo);
#define X(v) (left + ((v) - lo) * scale)
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" "
               "font-size=\"13\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            width, height);
    fprintf(f, "<text x=\"%d\" y=\"24\" font-size=\"15\">Ratings (Elo scale, mean 1500) with 95%% bootstrap "
               "intervals</text>\n<text x=\"%d\" y=\"44\" fill=\"#555\">",
            20, 20);
    cli_xml_text(f, c->sim.rules.name);
    fprintf(f, ", %d players, %" PRIu64 " duplicate deal%s, seed %" PRIu64 "</text>\n", r->nplayers, r->deals,
            cli_s((long long)r->deals), c->sim.seed);
    for (double v = lo; v <= hi + 1e-9; v += 50) {
        fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>\n", X(v), top - 6, X(v),
                height - 40);
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">%.0f</text>\n", X(v),
                height - 22, v);
    }
    for (int i = 0; i < r->nentrants; i++) {
        const UnoArenaEntrant *e = &r->entrants[i];
        int y = top + row * i + row / 2;
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", left - 10, y + 4);
        cli_xml_text(f, e->name);
        fprintf(f, "</text>\n");
        fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#1f77b4\" stroke-width=\"3\"/>\n",
                X(e->rating_lo), y, X(e->rating_hi), y);
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%d\" r=\"6\" fill=\"#d62728\"/>\n", X(e->rating), y);
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-size=\"11\">%.0f</text>\n", X(e->rating),
                y - 10, e->rating);
    }
#undef X
    fprintf(f, "</svg>\n");
    int rc = fclose(f) == 0 ? 0 : 1;
    if (rc)
        perror(path);
    return rc;
}

int cmd_arena(int argc, char **argv)
{
    ArenaArgs a;
    int rc = parse(argc, argv, &a);
    if (rc != CLI_PARSED)
        return cli_exit_status(rc);
    UnoArenaConfig c;
    char err[UNO_ERR_LEN * 2];
    if (configure(&a, &c, err, sizeof err) != 0) {
        fprintf(stderr, "uno arena: %s\n", err);
        return 2;
    }
    Progress p;
    clock_gettime(CLOCK_MONOTONIC, &p.start);
    if (isatty(STDERR_FILENO)) {
        c.progress = progress;
        c.progress_ctx = &p;
    }
    UnoArenaResult r;
    if (sim_arena_run(&c, &r, err, sizeof err) != UNO_OK) {
        fprintf(stderr, "uno arena: %s\n", err);
        sim_arena_result_free(&r);
        return 1;
    }
    if (a.json)
        print_json(&c, &r);
    else
        print_text(&c, &r);
    rc = (a.csv && write_csv(a.csv, &c, &r)) || (a.svg && write_svg(a.svg, &c, &r));
    sim_arena_result_free(&r);
    return rc;
}
