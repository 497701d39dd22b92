/*
 * iters_on_for_loop.c - a sparse matrix-vector product in CSR form, rows in
 * blocks per rank.  The inner loop runs from row_ptr[i] to row_ptr[i+1],
 * values read from the matrix, so its trip count is given with an iters()
 * annotation (5 non-zeros per row: a 1-D Laplacian plus couplings).
 *
 * Usage: mpiexec -n P ./iters_on_for_loop ROWS_PER_RANK
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, rows, i, k;
    int *row_ptr, *col;
    double *val, *x, *y, local = 0.0, norm2 = 0.0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    rows = atoi(argv[1]);

    row_ptr = malloc((rows + 1) * sizeof(int));
    col = malloc(5 * rows * sizeof(int));
    val = malloc(5 * rows * sizeof(double));
    x = malloc(rows * sizeof(double));
    y = malloc(rows * sizeof(double));
    /* (matrix assembly left out: read from a file in the real code) */

    for (i = 0; i < rows; i++) {
        double s = 0.0;
#pragma interp iters(5)
        for (k = row_ptr[i]; k < row_ptr[i + 1]; k++)
            s += val[k] * x[col[k]];
        y[i] = s;
        local += s * s;
    }
    MPI_Allreduce(&local, &norm2, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("|Ax|^2 = %g\n", norm2);

    MPI_Finalize();
    return 0;
}
