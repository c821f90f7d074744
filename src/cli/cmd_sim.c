/*
 * cmd_sim.c — `uno sim`: plays many games between bots on all cores (and,
 * in the uno-mpi variant, on MPI ranks) and prints what happened: win rates
 * per seat and per bot, finishing places, game lengths, cards drawn,
 * reshuffles, how games ended, estimated durations. docs/sim.md.
 *
 * Standard output carries only the summary (text or --json), identical for
 * any number of threads or ranks; the speed and the progress bar go to
 * standard error.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli_options.h"
#include "cli/cli_util.h"
#include "cli/commands.h"
#include "cli/sim_args.h"
#include "cli/sim_dist.h"
#include "cli/sim_report.h"
#include "sim/sim.h"

typedef struct SimArgs {
    const char *rules, *presets, *options, *bots, *action_ms, *csv, *plot;
    uint64_t players, games, seed, threads;
    bool json, reference, engine;
} SimArgs;

static const CliOption sim_options[] = {
    CLI_TEXT("rules", "R", SimArgs, rules, "mattel, classic, kpgut, or a rules file; mattel"),
    CLI_U64("players", "N", SimArgs, players, 2, UNO_MAX_PLAYERS, "players, 4"),
    CLI_U64("games", "G", SimArgs, games, 1, UINT64_MAX / 2, "games, 10000"),
    CLI_TEXT("bots", "LIST", SimArgs, bots,
             "one bot for every seat, or one per seat, comma-separated: easy, medium, hard, expert, random, "
             "heuristic, ismcts, ismcts:ITERATIONS, ismcts:MSms (e.g. hard,random,random,random), or a program: "
             "cmd:COMMAND, cmd:MSms:COMMAND, cmd:MSms+Sms:COMMAND (MS per answer, 1000; S more for the first, to "
             "start, 5000), with no comma in COMMAND (docs/bots-external.md); random"),
    CLI_U64("seed", "S", SimArgs, seed, 0, UINT64_MAX, "the run's seed, 1"),
    CLI_U64("threads", "T", SimArgs, threads, 1, 1024, "threads, all cores"),
    CLI_FLAG("json", SimArgs, json, "print the summary as JSON"),
    CLI_TEXT("csv", "FILE", SimArgs, csv, "write one row per game to FILE"),
    CLI_TEXT("plot", "FILE.svg", SimArgs, plot, "draw game lengths and win rates per seat as SVG"),
    CLI_TEXT("presets", "P,..", SimArgs, presets, "house rules by preset, in order (uno rules lists them)"),
    CLI_TEXT("options", "L", SimArgs, options, "options changed from the rule set, e.g. stack_draw2=true"),
    CLI_FLAG("reference", SimArgs, reference,
             "play every game through the engine's checked apply, not the fast playout of random bots: the "
             "same output, slower"),
    CLI_FLAG("engine", SimArgs, engine,
             "play games between random bots on the engine's trusted path, not the playout: the same output, "
             "slower"),
    CLI_TEXT("action-ms", "L", SimArgs, action_ms,
             "the time model in ms, e.g. play=4000,draw=3000; its keys and their defaults are below"),
};

/* The keys of --action-ms and their defaults. */
static void action_ms_keys(FILE *out)
{
    int ms[UNO_SIM_T_COUNT];
    sim_time_default(ms);
    fprintf(out, "The keys of --action-ms and their defaults in ms:\n");
    for (int i = 0; i < UNO_SIM_T_COUNT; i++)
        fprintf(out, "%s%s=%d", i == 0 ? "  " : i % 5 == 0 ? "\n  " : " ", sim_time_names[i], ms[i]);
    fprintf(out, "\n");
}

static const CliCommand sim_command = {
    .name = "uno sim",
    .synopsis = "usage: uno sim [--rules R] [--players N] [--games G] [--bots LIST] [--seed S]\n"
                "               [--threads T] [--json] [--csv FILE] [--plot FILE.svg]\n"
                "               [--presets P,...] [--options k=v,...] [--action-ms k=ms,...]\n"
                "               [--reference]\n"
                "               [--engine]\n",
    .about = "Plays G games between bots and prints a summary: wins per seat, per order of\n"
             "play and per bot with 95% Wilson intervals, finishing places, turns and\n"
             "cards drawn per game, reshuffles, how games ended, and each game's duration\n"
             "estimated from a time per action. Game i is dealt from a hash of (S, i), so\n"
             "the summary is the same for any number of threads (or MPI ranks: mpirun -np\n"
             "K uno-mpi sim ...). A game in which a program (cmd:) failed, so that the\n"
             "default move stood in for it (a late, illegal or garbled answer, or the\n"
             "program gone), is left out of the summary and counted apart: \"bot seat S\n"
             "(cmd:...) failed in N games (left out...)\". See docs/sim.md.\n",
    CLI_OPTIONS(sim_options),
    .operands_note = "uno sim takes options only",
    .after = action_ms_keys,
};

/* CLI_PARSED, CLI_HELP_SHOWN or CLI_BAD (said on stderr). */
static int parse(int argc, char **argv, SimArgs *a)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    *a = (SimArgs){.rules = "mattel", .players = 4, .games = 10000, .seed = 1,
                   .threads = cores > 0 ? (uint64_t)cores : 1};
    return cli_parse(&sim_command, argc, argv, a, NULL);
}

static int set_time(void *ctx, const char *key, const char *value, char *err, size_t errlen)
{
    int *ms = ctx;
    for (int i = 0; i < UNO_SIM_T_COUNT; i++) {
        if (strcmp(key, sim_time_names[i]) != 0)
            continue;
        uint64_t v;
        if (cli_number(key, value, 0, 86400000, &v, err, errlen) != 0)
            return 1;
        ms[i] = (int)v;
        return 0;
    }
    snprintf(err, errlen, "unknown key '%s' (play, draw, card, pass, take, color, challenge, "
                          "call, shuffle, deal)", key);
    return 1;
}

static int configure(const SimArgs *a, UnoSimConfig *c, char *err, size_t errlen)
{
    sim_config_default(c);
    c->nplayers = (int)a->players;
    c->seed = a->seed;
    c->reference = a->reference;
    c->engine = a->engine;
    if (cli_args_rules(a->rules, a->presets, a->options, c->nplayers, &c->rules, err, errlen) != 0)
        return 1;
    if (a->bots && cli_args_bots(a->bots, c->nplayers, c->bots, c->params, err, errlen) != 0)
        return 1;
    if (a->action_ms &&
        cli_args_pairs("--action-ms", a->action_ms, set_time, c->time_ms, err, errlen) != 0)
        return 1;
    return 0;
}

/* ------------------------------------------------------------ progress */

typedef struct Output {
    const UnoSimConfig *config;
    FILE *csv;
    struct timespec start;
    bool bar;               /* stderr is a terminal */
    const UnoDist *dist;
} Output;

static double since(const struct timespec *t0)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t0->tv_sec) + (double)(now.tv_nsec - t0->tv_nsec) / 1e9;
}

static void progress(void *ctx, uint64_t done, uint64_t total)
{
    Output *o = ctx;
    if (!o->bar)
        return;
    double secs = since(&o->start);
    char speed[32];
    snprintf(speed, sizeof speed, "%.0f games/s  ", secs > 0 ? (double)done / secs : 0);
    cli_progress(o->dist->size > 1 ? "rank 0 " : "", done, total, secs, speed);
}

static void rows(void *ctx, const UnoSimRecord *r, int n)
{
    Output *o = ctx;
    cli_sim_csv_rows(o->csv, r, n, o->config->nplayers);
}

/* ----------------------------------------------------------------- CSV */

/* One process writes FILE; rank r of several writes FILE.partR, and rank 0
 * joins the parts in rank order once all are written (docs/sim.md "MPI"). */
static void csv_part_path(const char *path, const UnoDist *d, int rank, char *buf, size_t len)
{
    if (d->size == 1)
        snprintf(buf, len, "%s", path);
    else
        snprintf(buf, len, "%s.part%d", path, rank);
}

static int csv_join(const char *path, const UnoDist *d)
{
    FILE *out = fopen(path, "w");
    if (!out) {
        perror(path);
        return 1;
    }
    int rc = 0;
    for (int r = 0; r < d->size && !rc; r++) {
        char part[4096];
        csv_part_path(path, d, r, part, sizeof part);
        FILE *in = fopen(part, "r");
        if (!in) {
            fprintf(stderr, "uno sim: %s: not readable here; the parts stay as they are\n", part);
            rc = 1;
            break;
        }
        char buf[65536];
        size_t got;
        while ((got = fread(buf, 1, sizeof buf, in)) > 0)
            if (fwrite(buf, 1, got, out) != got)
                rc = 1;
        fclose(in);
    }
    if (fclose(out) != 0)
        rc = 1;
    for (int r = 0; r < d->size && !rc; r++) {
        char part[4096];
        csv_part_path(path, d, r, part, sizeof part);
        remove(part);
    }
    return rc;
}

/* ---------------------------------------------------------------- main */

/* Whether the chart can be written where the user asked: checked before the
 * games, not after hours of them. A file made only for the check is
 * removed; an existing one is left as it is until the chart replaces it. */
static bool can_write(const char *path)
{
    bool existed = access(path, F_OK) == 0;
    FILE *f = fopen(path, "a");
    if (!f)
        return false;
    fclose(f);
    if (!existed)
        remove(path);
    return true;
}

/* An output that cannot be written stops the run before its games; under
 * MPI, every rank. */
static int cannot_write(const UnoDist *d, const char *path)
{
    fprintf(stderr, "uno sim: %s: %s\n", path, strerror(errno));
    cli_dist_abort(d, 1);
    return 1;
}

static int run(const SimArgs *a, const UnoSimConfig *c, const UnoDist *d)
{
    Output o = {.config = c, .bar = d->rank == 0 && isatty(STDERR_FILENO), .dist = d};
    char err[512], part[4096];
    if (a->plot && d->rank == 0 && !can_write(a->plot))
        return cannot_write(d, a->plot);
    if (a->csv) {
        csv_part_path(a->csv, d, d->rank, part, sizeof part);
        if (!(o.csv = fopen(part, "w")))
            return cannot_write(d, part);
        if (d->rank == 0)
            cli_sim_csv_header(o.csv, c->nplayers);
    }
    static UnoSimSummary summary;
    sim_summary_init(&summary);
    UnoSimRun r = {.config = c, .threads = (int)a->threads, .rows = o.csv ? rows : NULL,
                   .progress = progress, .ctx = &o};
    cli_dist_range(d, a->games, &r.begin, &r.end);
    clock_gettime(CLOCK_MONOTONIC, &o.start);
    int rc = sim_run(&r, &summary, err, sizeof err);
    double secs = since(&o.start);
    if (o.csv && fclose(o.csv) != 0 && rc == UNO_OK)
        snprintf(err, sizeof err, "%.400s: write failed", part), rc = UNO_E_BAD_REQUEST;
    if (rc != UNO_OK) {
        fprintf(stderr, "uno sim: %s\n", err);
        cli_dist_abort(d, 1);
        return 1;
    }
    cli_dist_reduce(d, &summary);
    if (a->csv && d->size > 1)
        cli_dist_barrier(d); /* every part is written */
    if (d->rank != 0)
        return 0;
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double cpu = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                 (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
    int threads = sim_threads_for(r.end - r.begin, r.threads); /* rank 0's */
    fprintf(stderr, "uno sim: %" PRIu64 " games in %.3f s: %.0f games/s, %.0f turns/s, "
                    "%.0f actions/s (%d rank%s x %d thread%s); rank 0: cpu %.3f s, max rss %ld KiB\n",
            summary.sum.games + summary.sum.games_failed, secs,
            (double)(summary.sum.games + summary.sum.games_failed) / secs,
            (double)summary.sum.turns / secs, (double)summary.sum.actions / secs, d->size,
            d->size > 1 ? "s" : "", threads,
            threads > 1 ? "s" : "", cpu, ru.ru_maxrss);
    if (a->json)
        cli_sim_report_json(stdout, c, &summary);
    else
        cli_sim_report_text(stdout, c, &summary);
    int status = fflush(stdout) == 0 ? 0 : 1;
    if (a->plot && cli_sim_plot_svg(a->plot, c, &summary, err, sizeof err) != 0) {
        fprintf(stderr, "uno sim: %s\n", err);
        status = 1;
    }
    if (a->csv && d->size > 1 && csv_join(a->csv, d) != 0)
        status = 1;
    return status;
}

int cmd_sim(int argc, char **argv)
{
    SimArgs a;
    int rc = parse(argc, argv, &a);
    if (rc != CLI_PARSED)
        return cli_exit_status(rc);
    static UnoSimConfig c;
    char err[512];
    if (configure(&a, &c, err, sizeof err) != 0) {
        fprintf(stderr, "uno sim: %s\n", err);
        return 2;
    }
    UnoDist d;
    cli_dist_init(&d);
    int status = run(&a, &c, &d);
    cli_dist_finish(&d);
    return status;
}
