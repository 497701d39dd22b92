/* Each rank keeps the values above a threshold (a count known only at run time), rank 0
 * gathers the counts, builds the displacements and gathers the values with MPI_Gatherv. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define NLOC 200

int main(int argc, char **argv)
{
    int rank, size, i, n = 0, total = 0;
    double vals[NLOC], kept[NLOC], *all = NULL;
    int *counts = NULL, *displs = NULL;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    srand(rank + 7);
    for (i = 0; i < NLOC; i++) {
        vals[i] = (double)rand() / RAND_MAX;
        if (vals[i] > 0.5)
            kept[n++] = vals[i];
    }
    if (rank == 0) {
        counts = malloc(size * sizeof(int));
        displs = malloc(size * sizeof(int));
    }
    MPI_Gather(&n, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (i = 0; i < size; i++) {
            displs[i] = total;
            total += counts[i];
        }
        all = malloc(total * sizeof(double));
    }
    MPI_Gatherv(kept, n, MPI_DOUBLE, all, counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%d values kept\n", total);
    MPI_Finalize();
    return 0;
}
