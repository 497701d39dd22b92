/*
 * scanf_string_atoi.c - rank 0 reads the problem size as a word from
 * standard input and converts it with atoi (so a typo gives 0 rather than a
 * stuck scanf), then broadcasts it; the ranks share the items cyclically.
 *
 * Usage: echo 4000 | mpiexec -n P ./scanf_string_atoi
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    char word[32];
    int rank, nprocs, n = 0, i;
    double part = 0.0, whole = 0.0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);

    if (rank == 0) {
        printf("problem size? ");
        fflush(stdout);
        if (scanf("%31s", word) == 1)
            n = atoi(word);
    }
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);

    for (i = rank; i < n; i += nprocs) {
#pragma interp cost(5 us)
        part += 1.0 / ((double) i + 1.0);
    }
    MPI_Reduce(&part, &whole, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("H(%d) = %f\n", n, whole);
    MPI_Finalize();
    return 0;
}
