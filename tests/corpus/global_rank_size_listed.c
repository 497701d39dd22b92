/*
 * global_rank_size_listed.c - rank and size as file-scope globals filled by
 * MPI_Comm_rank / MPI_Comm_size in main, used directly in main's loop
 * bounds: the cyclic sum of N terms of the harmonic series.
 *
 * Usage: mpiexec -n P ./global_rank_size_listed N
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int rank, size;

int main(int argc, char **argv)
{
    int n, i;
    double part = 0.0, sum = 0.0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    n = atoi(argv[1]);

    for (i = rank; i < n; i += size) {
#pragma interp cost(4 us)
        part += 1.0 / (i + 1);
    }
    MPI_Reduce(&part, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("H(%d) = %.12f\n", n, sum);
    MPI_Finalize();
    return 0;
}
