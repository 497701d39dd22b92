/*
 * matmul_ikj_mpi.c - C = A * B for N x N matrices, every rank a block of rows of C, the loops
 * in i-k-j order so that the innermost loop streams a row of B and a row of C (unit stride,
 * vectorizable). The trace of C is reduced to check the result.
 *
 * Usage: mpiexec -n P matmul_ikj_mpi N
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 2) {
        if (rank == 0)
            fprintf(stderr, "usage: %s N\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int n = atoi(argv[1]);
    int r0 = rank * n / size, r1 = (rank + 1) * n / size;

    double *a = malloc((size_t) n * n * sizeof(double));
    double *b = malloc((size_t) n * n * sizeof(double));
    double *c = malloc((size_t) n * n * sizeof(double));
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            a[i * n + j] = (double) (i + j) / n;
            b[i * n + j] = (double) (i - j) / n;
            c[i * n + j] = 0.0;
        }

    for (int i = r0; i < r1; i++)
        for (int k = 0; k < n; k++) {
            double aik = a[i * n + k];
            for (int j = 0; j < n; j++)
                c[i * n + j] += aik * b[k * n + j];
        }

    double tr = 0.0, trace = 0.0;
    for (int i = r0; i < r1; i++)
        tr += c[i * n + i];
    MPI_Reduce(&tr, &trace, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("trace(AB) = %.6f\n", trace);
    free(a);
    free(b);
    free(c);
    MPI_Finalize();
    return 0;
}
