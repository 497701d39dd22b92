/*
 * montecarlo_pi_rand.c - estimate pi by throwing random darts at the unit
 * square and counting those inside the quarter circle; every rank throws
 * its own darts (seeded by rank) and MPI_Reduce adds the hits.
 *
 * Usage: mpiexec -n P ./montecarlo_pi_rand DARTS_PER_RANK
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, nprocs, i, darts;
    long hits = 0, all_hits = 0;
    double x, y;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    darts = atoi(argv[1]);

    srand(1234 + 17 * rank);
    for (i = 0; i < darts; i++) {
        x = (double) rand() / RAND_MAX;
        y = (double) rand() / RAND_MAX;
        if (x * x + y * y <= 1.0)
            hits++;
    }
    MPI_Reduce(&hits, &all_hits, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("pi is about %.6f\n", 4.0 * all_hits / ((double) darts * nprocs));

    MPI_Finalize();
    return 0;
}
