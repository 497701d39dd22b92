/* Row sums of an n x n matrix held as a C99 variable-length array, combined with
 * MPI_Reduce_scatter_block so every rank gets n / P of the column totals. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, n = 64, i, j;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc > 1)
        n = atoi(argv[1]);
    if (n % size) {
        if (rank == 0) printf("n must be a multiple of P\n");
        MPI_Finalize();
        return 1;
    }
    double a[n][n];
    double colsum[n], mine[n / size];
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            a[i][j] = rank + i * 0.5 + j;
    for (j = 0; j < n; j++) {
        colsum[j] = 0.0;
        for (i = 0; i < n; i++)
            colsum[j] += a[i][j];
    }
    MPI_Reduce_scatter_block(colsum, mine, n / size, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    printf("rank %d: first total %f\n", rank, mine[0]);
    MPI_Finalize();
    return 0;
}
