/*
 * sim_dist.h — spreading a run of `uno sim` over processes. Built with Open
 * MPI (the Makefile's uno-mpi variant, -DUNO_MPI) the games are split over
 * MPI ranks and the summaries are reduced to rank 0; built without it, there
 * is one process and every call is trivial.
 *
 * What stays true: rank r plays the contiguous range of game indices
 * [games * r / size, games * (r + 1) / size); the reduced summary is the sum
 * (and maxima) of the ranks' summaries, so rank 0 prints exactly what one
 * process prints for the same seed (sim.h).
 */
#ifndef UNO_CLI_SIM_DIST_H
#define UNO_CLI_SIM_DIST_H

#include <stdint.h>

#include "sim/sim.h"

typedef struct UnoDist {
    int rank, size;
} UnoDist;

/* Joins the MPI job (rank 0 of 1 without MPI). */
void cli_dist_init(UnoDist *d);
/* This rank's game indices. */
void cli_dist_range(const UnoDist *d, uint64_t games, uint64_t *begin, uint64_t *end);
/* Sums the summaries into rank 0's (other ranks' are left undefined). */
void cli_dist_reduce(const UnoDist *d, UnoSimSummary *s);
/* Waits for every rank. */
void cli_dist_barrier(const UnoDist *d);
/* A failure on one rank ends the whole job with `status`. */
void cli_dist_abort(const UnoDist *d, int status);
/* Leaves the MPI job. */
void cli_dist_finish(const UnoDist *d);

#endif
