/*
 * dot_allreduce_mpi.c - the dot products of an iterative solver: ITERS times, every rank takes
 * the dot product of its blocks of two vectors of N doubles in all (a vectorizable stream of
 * two loads per element), and the partial products are summed with MPI_Allreduce; one vector
 * is then scaled by the result.
 *
 * Usage: mpiexec -n P dot_allreduce_mpi N ITERS
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static double dot(const double *x, const double *y, int n)
{
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i] * y[i];
    return s;
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 3) {
        if (rank == 0)
            fprintf(stderr, "usage: %s N ITERS\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int n = atoi(argv[1]);
    int iters = atoi(argv[2]);
    int len = n / size;
    double *x = malloc(len * sizeof(double));
    double *y = malloc(len * sizeof(double));
    for (int i = 0; i < len; i++) {
        x[i] = 1.0;
        y[i] = 1.0 / (i + 1);
    }
    double rho = 0.0;
    for (int it = 0; it < iters; it++) {
        double part = dot(x, y, len);
        MPI_Allreduce(&part, &rho, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        x[it % len] *= 1.0 + 1e-9 * rho;
    }
    if (rank == 0)
        printf("rho = %.9e\n", rho);
    free(x);
    free(y);
    MPI_Finalize();
    return 0;
}
