/*
 * sim_report.h — what `uno sim` prints: the readable summary, the JSON
 * summary, the CSV rows, the SVG plot (docs/sim.md "Output").
 *
 * What stays true: every figure is computed from the summary's integers
 * only, so equal summaries print equal bytes (whatever the threads or MPI
 * ranks that made them); nothing here measures time.
 */
#ifndef UNO_CLI_SIM_REPORT_H
#define UNO_CLI_SIM_REPORT_H

#include <stdio.h>

#include "sim/sim.h"

void cli_sim_report_text(FILE *out, const UnoSimConfig *c, const UnoSimSummary *s);
void cli_sim_report_json(FILE *out, const UnoSimConfig *c, const UnoSimSummary *s);

void cli_sim_csv_header(FILE *out, int nplayers);
void cli_sim_csv_rows(FILE *out, const UnoSimRecord *rows, int n, int nplayers);

/* Writes the SVG (a histogram of game lengths, win rate per seat) to path.
 * 0, or -1 with a message. */
int cli_sim_plot_svg(const char *path, const UnoSimConfig *c, const UnoSimSummary *s, char *err,
                     size_t errlen);

#endif
