/*
 * sim_plot.c — `uno sim --plot FILE.svg`: a hand-written SVG with two
 * charts, the distribution of game lengths (turns per game) and the win rate
 * per seat with its 95% Wilson interval against the fair share 1/N. Plain
 * SVG 1.1: any browser shows it, nothing else is needed.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli_util.h"
#include "cli/sim_report.h"

enum { WIDTH = 960, HEIGHT = 780, LEFT = 80, RIGHT = 30, BARS_MAX = 60 };

typedef struct Panel {
    double x, y, w, h; /* the plotting area */
} Panel;

static void axes(FILE *f, const Panel *p, const char *title, const char *xlabel, const char *ylabel)
{
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"title\">", p->x, p->y - 14);
    cli_xml_text(f, title);
    fprintf(f, "</text>\n");
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"axis\"/>\n", p->x,
            p->y + p->h, p->x + p->w, p->y + p->h);
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"axis\"/>\n", p->x, p->y,
            p->x, p->y + p->h);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", p->x + p->w / 2,
            p->y + p->h + 46, xlabel);
    fprintf(f,
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
            "transform=\"rotate(-90 %.1f %.1f)\">%s</text>\n",
            p->x - 55, p->y + p->h / 2, p->x - 55, p->y + p->h / 2, ylabel);
}

/* Horizontal grid lines and labels for 0..top (a share, printed as %). */
static void y_ticks(FILE *f, const Panel *p, double top)
{
    for (int i = 0; i <= 4; i++) {
        double v = top * i / 4, y = p->y + p->h - p->h * i / 4;
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>\n", p->x,
                y, p->x + p->w, y);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.*f%%</text>\n", p->x - 6,
                y + 4, top * 100 < 10 ? 2 : 1, 100 * v);
    }
}

static void lengths(FILE *f, const Panel *p, const UnoSimSummary *s)
{
    const UnoSimCounts *n = &s->sum;
    uint64_t lo = sim_quantile(n->turn_hist, UNO_SIM_TURN_BINS, 0.001);
    uint64_t hi = sim_quantile(n->turn_hist, UNO_SIM_TURN_BINS, 0.999);
    uint64_t width = (hi - lo) / BARS_MAX + 1;
    int bars = (int)((hi - lo) / width) + 1;
    uint64_t counts[BARS_MAX + 1] = {0}, most = 1;
    for (int b = 0; b < bars; b++) {
        for (uint64_t t = lo + (uint64_t)b * width; t < lo + (uint64_t)(b + 1) * width; t++)
            counts[b] += t < UNO_SIM_TURN_BINS ? n->turn_hist[t] : 0;
        if (counts[b] > most)
            most = counts[b];
    }
    double top = n->games ? (double)most / (double)n->games : 1;
    y_ticks(f, p, top);
    double bw = p->w / bars;
    for (int b = 0; b < bars; b++) {
        double h = p->h * (double)counts[b] / (double)most;
        fprintf(f,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" class=\"bar\">"
                "<title>%" PRIu64 "-%" PRIu64 " turns: %" PRIu64 " games</title></rect>\n",
                p->x + b * bw + 0.5, p->y + p->h - h, bw > 2 ? bw - 1 : bw, h,
                lo + (uint64_t)b * width, lo + (uint64_t)(b + 1) * width - 1, counts[b]);
    }
    for (int i = 0; i <= 5; i++) {
        int b = (bars - 1) * i / 5;
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%" PRIu64 "</text>\n",
                p->x + (b + 0.5) * bw, p->y + p->h + 16, lo + (uint64_t)b * width);
    }
}

static void seats(FILE *f, const Panel *p, const UnoSimConfig *c, const UnoSimSummary *s)
{
    const UnoSimCounts *n = &s->sum;
    double lo[UNO_MAX_PLAYERS], hi[UNO_MAX_PLAYERS], top = 1.0 / c->nplayers;
    for (int seat = 0; seat < c->nplayers; seat++) {
        sim_wilson(n->wins[seat], n->games, &lo[seat], &hi[seat]);
        if (hi[seat] > top)
            top = hi[seat];
    }
    top = top * 1.15 > 1 ? 1 : top * 1.15;
    y_ticks(f, p, top);
    double bw = p->w / c->nplayers;
    for (int seat = 0; seat < c->nplayers; seat++) {
        double r = n->games ? (double)n->wins[seat] / (double)n->games : 0;
        double x = p->x + seat * bw, h = p->h * r / top, mid = x + bw / 2;
        fprintf(f,
                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" class=\"bar\">"
                "<title>seat %d (%s): %.2f%% [%.2f%%, %.2f%%]</title></rect>\n",
                x + bw * 0.15, p->y + p->h - h, bw * 0.7, h, seat, bot_kind_name(c->bots[seat]),
                100 * r, 100 * lo[seat], 100 * hi[seat]);
        double ylo = p->y + p->h - p->h * lo[seat] / top, yhi = p->y + p->h - p->h * hi[seat] / top;
        fprintf(f, "<path d=\"M%.1f %.1fV%.1fM%.1f %.1fH%.1fM%.1f %.1fH%.1f\" class=\"ci\"/>\n", mid,
                ylo, yhi, mid - 6, ylo, mid + 6, mid - 6, yhi, mid + 6);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%d</text>\n", mid,
                p->y + p->h + 16, seat);
        if (c->nplayers <= 12)
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" class=\"small\">%s</text>\n",
                    mid, p->y + p->h + 28, bot_kind_name(c->bots[seat]));
    }
    double fair = p->y + p->h - p->h * (1.0 / c->nplayers) / top;
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"fair\"/>\n", p->x, fair,
            p->x + p->w, fair);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" class=\"small\">fair share 1/%d</text>\n",
            p->x + p->w, fair - 4, c->nplayers);
}

int cli_sim_plot_svg(const char *path, const UnoSimConfig *c, const UnoSimSummary *s, char *err,
                     size_t errlen)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "%s: cannot write", path);
        return -1;
    }
    fprintf(f,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n"
            "<style>.title{font-size:15px;font-weight:bold}.axis{stroke:#333}"
            ".grid{stroke:#ddd}.bar{fill:#3b6ea5}.ci{stroke:#c0392b;stroke-width:2;fill:none}"
            ".fair{stroke:#888;stroke-dasharray:6 4}.small{font-size:10px;fill:#555}</style>\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            WIDTH, HEIGHT, WIDTH, HEIGHT);
    char title[200];
    snprintf(title, sizeof title, "Turns per game: %s, %d players, %" PRIu64 " game%s, seed %" PRIu64,
             c->rules.name, c->nplayers, s->sum.games, cli_s((long long)s->sum.games), c->seed);
    Panel top = {LEFT, 50, WIDTH - LEFT - RIGHT, 270};
    axes(f, &top, title, "turns", "share of games");
    lengths(f, &top, s);
    Panel bottom = {LEFT, 430, WIDTH - LEFT - RIGHT, 270};
    axes(f, &bottom, "Win rate per seat (rank 1), with 95% Wilson intervals", "seat", "win rate");
    seats(f, &bottom, c, s);
    fprintf(f, "</svg>\n");
    if (fclose(f) != 0) {
        snprintf(err, errlen, "%s: write failed", path);
        return -1;
    }
    return 0;
}
