/*
 * Imbalanced work followed by a non-blocking barrier.
 *
 * In the style of task-parallel codes that detect global completion without idling: each rank
 * processes its own share of work items (the shares are uneven: rank r gets 40 + 20 r items),
 * then enters MPI_Ibarrier and, until every rank has entered it, keeps doing cheap background
 * sweeps (here: smoothing a small local array) between MPI_Test calls. Ranks that finish early
 * do useful work instead of blocking in MPI_Barrier.
 */
#include <mpi.h>
#include <stdio.h>

#define M 64

static double item_result(int k)
{
    int j;
    double acc = 0.0;
    for (j = 0; j < 100; j++)
        acc += (double)(k * j) * 0.5;
    return acc;
}

int main(int argc, char **argv)
{
    int rank, size, nitems, k, i, done = 0, sweeps = 0;
    double total = 0.0, a[M + 2];
    MPI_Request barrier;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 0; i < M + 2; i++)
        a[i] = (double)i;

    nitems = 40 + 20 * rank;
    for (k = 0; k < nitems; k++)
        total += item_result(k);

    MPI_Ibarrier(MPI_COMM_WORLD, &barrier);
    while (!done) {
        for (i = 1; i <= M; i++)
            a[i] = 0.5 * a[i] + 0.25 * (a[i - 1] + a[i + 1]);
        sweeps++;
        MPI_Test(&barrier, &done, MPI_STATUS_IGNORE);
    }
    printf("rank %d: %d items, %d background sweeps, total %g\n", rank, nitems, sweeps, total);
    MPI_Finalize();
    return 0;
}
