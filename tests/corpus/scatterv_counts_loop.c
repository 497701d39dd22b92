/* Uneven block distribution in the style of course exercises: the counts and displacements
 * are computed in a loop on every rank (n / size + (i < n % size)), the root scatters the
 * blocks with MPI_Scatterv, each rank scales its block and the root gathers them back with
 * MPI_Gatherv. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, i, n = 1003;
    int *counts, *displs;
    double *all = NULL, *mine;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    counts = malloc(size * sizeof(int));
    displs = malloc(size * sizeof(int));
    for (i = 0; i < size; i++) {
        counts[i] = n / size + (i < n % size ? 1 : 0);
        displs[i] = i == 0 ? 0 : displs[i - 1] + counts[i - 1];
    }
    mine = malloc(counts[rank] * sizeof(double));
    if (rank == 0)
        all = malloc(n * sizeof(double));

    MPI_Scatterv(all, counts, displs, MPI_DOUBLE, mine, counts[rank], MPI_DOUBLE, 0, MPI_COMM_WORLD);
    for (i = 0; i < counts[rank]; i++) {
#pragma interp cost(10 us)
        mine[i] = 2.0 * mine[i];
    }
    MPI_Gatherv(mine, counts[rank], MPI_DOUBLE, all, counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD);

    if (rank == 0)
        printf("gathered %d values\n", n);
    free(mine);
    free(counts);
    free(displs);
    MPI_Finalize();
    return 0;
}
