/*
 * wtime_busy_wait.c - a load-imbalance demo: each rank "works" by spinning
 * on MPI_Wtime for rank * 10 ms, then everybody meets in a barrier and
 * rank 0 prints how long the slowest rank kept the others waiting.
 * Seen in many teaching examples of load imbalance.
 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, spins = 0;
    double t0, t1;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    t0 = MPI_Wtime();
    while (MPI_Wtime() - t0 < 0.01 * rank)
        spins++;
    MPI_Barrier(MPI_COMM_WORLD);
    t1 = MPI_Wtime();

    if (rank == 0)
        printf("waited %.3f s (%d spins)\n", t1 - t0, spins);
    MPI_Finalize();
    return 0;
}
