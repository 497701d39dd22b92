/*
 * idle_ranks_return_early.c - a bandwidth probe between ranks 0 and 1.  Any
 * further ranks have nothing to do: they leave main() right after MPI_Init
 * (after a matching MPI_Finalize), the way many course exercises keep extra
 * processes out of a two-party test.
 *
 * Usage: mpiexec -n P ./idle_ranks_return_early REPS     (P >= 2)
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define NDOUBLES 32

int main(int argc, char *argv[])
{
    int rank, nranks, other, reps, r;
    double payload[NDOUBLES];
    double start, stop;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);

    if (rank >= 2) {
        /* Spectators: nothing to measure here. */
        MPI_Finalize();
        return 0;
    }

    reps = (int) strtol(argv[1], NULL, 10);
    other = 1 - rank;
    for (r = 0; r < NDOUBLES; r++)
        payload[r] = r;

    start = MPI_Wtime();
    for (r = 0; r < reps; r++) {
        if (rank == 0) {
            MPI_Send(payload, NDOUBLES, MPI_DOUBLE, other, 10, MPI_COMM_WORLD);
            MPI_Recv(payload, NDOUBLES, MPI_DOUBLE, other, 20, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(payload, NDOUBLES, MPI_DOUBLE, other, 10, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(payload, NDOUBLES, MPI_DOUBLE, other, 20, MPI_COMM_WORLD);
        }
    }
    stop = MPI_Wtime();
    if (rank == 0)
        printf("%d round trips of %d bytes: %.2f us each\n", reps,
               (int) (NDOUBLES * sizeof(double)), 1e6 * (stop - start) / reps);

    MPI_Finalize();
    return 0;
}
