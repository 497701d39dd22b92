/* y = A x: rank 0 builds A (ROWS x COLS) and x; rows are scattered, x broadcast, y gathered. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define ROWS 64
#define COLS 64

double **alloc_matrix(int rows, int cols)
{
    double **m = malloc(rows * sizeof(double *));
    double *data = malloc(rows * cols * sizeof(double));
    int i;
    for (i = 0; i < rows; i++)
        m[i] = &data[i * cols];
    return m;
}

int main(int argc, char **argv)
{
    int rank, size, i, j, local_rows;
    double **A = NULL, **local_A, *x, *local_y, *y = NULL;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (ROWS % size != 0) {
        if (rank == 0)
            fprintf(stderr, "ROWS=%d not divisible by %d\n", ROWS, size);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    local_rows = ROWS / size;
    x = malloc(COLS * sizeof(double));
    local_A = alloc_matrix(local_rows, COLS);
    local_y = malloc(local_rows * sizeof(double));
    if (rank == 0) {
        A = alloc_matrix(ROWS, COLS);
        y = malloc(ROWS * sizeof(double));
        for (i = 0; i < ROWS; i++)
            for (j = 0; j < COLS; j++)
                A[i][j] = (i == j) ? 2.0 : 1.0 / (1.0 + i + j);
        for (j = 0; j < COLS; j++)
            x[j] = 1.0;
    }
    MPI_Scatter(rank == 0 ? A[0] : NULL, local_rows * COLS, MPI_DOUBLE,
                local_A[0], local_rows * COLS, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Bcast(x, COLS, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    for (i = 0; i < local_rows; i++) {
        local_y[i] = 0.0;
        for (j = 0; j < COLS; j++)
            local_y[i] += local_A[i][j] * x[j];
    }
    MPI_Gather(local_y, local_rows, MPI_DOUBLE, y, local_rows, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("y[0] = %f, y[%d] = %f\n", y[0], ROWS - 1, y[ROWS - 1]);
        free(A[0]);
        free(A);
        free(y);
    }
    free(x);
    free(local_y);
    MPI_Finalize();
    return 0;
}
