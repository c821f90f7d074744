/*
 * sim_dist.c — one process, or MPI ranks (sim_dist.h). The MPI half is
 * compiled only into the uno-mpi variant (make uno-mpi, -DUNO_MPI).
 */
#include <stdlib.h>

#include "cli/sim_dist.h"

#ifdef UNO_MPI
#include <mpi.h>
#endif

void cli_dist_range(const UnoDist *d, uint64_t games, uint64_t *begin, uint64_t *end)
{
    /* games * r / size without overflow for any 64-bit count */
    uint64_t q = games / (uint64_t)d->size, rem = games % (uint64_t)d->size;
    *begin = q * (uint64_t)d->rank + rem * (uint64_t)d->rank / (uint64_t)d->size;
    uint64_t next = (uint64_t)d->rank + 1;
    *end = q * next + rem * next / (uint64_t)d->size;
}

#ifdef UNO_MPI

void cli_dist_init(UnoDist *d)
{
    int ready = 0;
    MPI_Initialized(&ready);
    if (!ready)
        MPI_Init(NULL, NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, &d->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &d->size);
}

/* In place on rank 0, a send buffer elsewhere. */
static void reduce(const UnoDist *d, uint64_t *data, int count, MPI_Op op)
{
    if (d->rank == 0)
        MPI_Reduce(MPI_IN_PLACE, data, count, MPI_UINT64_T, op, 0, MPI_COMM_WORLD);
    else
        MPI_Reduce(data, NULL, count, MPI_UINT64_T, op, 0, MPI_COMM_WORLD);
}

void cli_dist_reduce(const UnoDist *d, UnoSimSummary *s)
{
    reduce(d, (uint64_t *)&s->sum, (int)(sizeof s->sum / sizeof(uint64_t)), MPI_SUM);
    reduce(d, (uint64_t *)&s->max, (int)(sizeof s->max / sizeof(uint64_t)), MPI_MAX);
}

void cli_dist_barrier(const UnoDist *d)
{
    (void)d;
    MPI_Barrier(MPI_COMM_WORLD);
}

void cli_dist_abort(const UnoDist *d, int status)
{
    if (d->size > 1)
        MPI_Abort(MPI_COMM_WORLD, status);
}

void cli_dist_finish(const UnoDist *d)
{
    (void)d;
    MPI_Finalize();
}

#else

void cli_dist_init(UnoDist *d)
{
    d->rank = 0;
    d->size = 1;
}

void cli_dist_reduce(const UnoDist *d, UnoSimSummary *s) { (void)d, (void)s; }
void cli_dist_barrier(const UnoDist *d) { (void)d; }
void cli_dist_abort(const UnoDist *d, int status) { (void)d, (void)status; }
void cli_dist_finish(const UnoDist *d) { (void)d; }

#endif
