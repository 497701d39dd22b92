/*
 * daxpy_mpi.c - y = alpha*x + y over a block-distributed vector of N doubles, REPS times, then
 * the norm of y by MPI_Allreduce.
 *
 * Usage: mpiexec -n P daxpy_mpi N REPS
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static void daxpy(int n, double alpha, const double *x, double *y)
{
    for (int i = 0; i < n; i++)
        y[i] += alpha * x[i];
}

int main(int argc, char **argv)
{
    int me, np;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (argc < 3) {
        if (me == 0)
            fprintf(stderr, "usage: %s N REPS\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int n = atoi(argv[1]);
    int reps = atoi(argv[2]);
    int lo = (int) ((long) me * n / np), hi = (int) ((long) (me + 1) * n / np);
    int len = hi - lo;

    double *x = malloc(len * sizeof(double));
    double *y = malloc(len * sizeof(double));
    for (int i = 0; i < len; i++) {
        x[i] = 1.0 / (lo + i + 1);
        y[i] = 0.0;
    }
    for (int r = 0; r < reps; r++)
        daxpy(len, 0.5, x, y);

    double part = 0.0, norm2 = 0.0;
    for (int i = 0; i < len; i++)
        part += y[i] * y[i];
    MPI_Allreduce(&part, &norm2, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        printf("||y|| = %.10f\n", sqrt(norm2));
    free(x);
    free(y);
    MPI_Finalize();
    return 0;
}
