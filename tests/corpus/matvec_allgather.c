/*
 * matvec_allgather.c - dense matrix-vector product with the rows in blocks:
 * each step every rank gathers the whole vector with MPI_Allgather and
 * multiplies its rows (the multiply stated with work(): 2 flops per matrix
 * entry).
 *
 * Usage: mpiexec -n P ./matvec_allgather N STEPS    (P divides N)
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static void local_matvec(const double *a, const double *x, double *y, int rows, int n)
{
    int i, j;
    for (i = 0; i < rows; i++) {
        y[i] = 0.0;
        for (j = 0; j < n; j++)
            y[i] += a[i * n + j] * x[j];
    }
}

int main(int argc, char **argv)
{
    int rank, size, n, rows, steps, s;
    double *a, *x, *xloc, *y;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    n = atoi(argv[1]);
    steps = atoi(argv[2]);
    rows = n / size;

    a = calloc((size_t) rows * n, sizeof(double));
    x = calloc(n, sizeof(double));
    xloc = calloc(rows, sizeof(double));
    y = calloc(rows, sizeof(double));

    for (s = 0; s < steps; s++) {
        MPI_Allgather(xloc, rows, MPI_DOUBLE, x, rows, MPI_DOUBLE, MPI_COMM_WORLD);
#pragma interp work(flops=2.0*rows*n, loads=rows*n)
        local_matvec(a, x, y, rows, n);
        xloc[0] = y[0];
    }
    if (rank == 0)
        printf("y[0] = %g\n", y[0]);
    MPI_Finalize();
    return 0;
}
