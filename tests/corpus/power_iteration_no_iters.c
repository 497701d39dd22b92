/*
 * power_iteration_no_iters.c - power iteration on a matrix read from a file:
 * repeat y = A x, normalise, until the eigenvalue estimate settles.  The
 * number of iterations depends on the matrix, and the loop carries no
 * iters() annotation, so this program cannot be predicted as written: the
 * tool must say which annotation to add and where.
 *
 * Usage: mpiexec -n P ./power_iteration_no_iters matrix.bin
 */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>

#define N 64

int main(int argc, char **argv)
{
    int rank, i, j, iters = 0;
    double a[N][N], x[N], y[N];
    double lambda = 0.0, previous = -1.0, norm;
    FILE *fp;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    fp = fopen(argv[1], "rb");
    fread(a, sizeof(double), N * N, fp);
    fclose(fp);
    for (i = 0; i < N; i++)
        x[i] = 1.0;

    while (fabs(lambda - previous) > 1e-10 * fabs(lambda)) {
        previous = lambda;
        norm = 0.0;
        for (i = 0; i < N; i++) {
            y[i] = 0.0;
            for (j = 0; j < N; j++)
                y[i] += a[i][j] * x[j];
            norm += y[i] * y[i];
        }
        norm = sqrt(norm);
        for (i = 0; i < N; i++)
            x[i] = y[i] / norm;
        lambda = norm;
        iters++;
    }
    MPI_Allreduce(MPI_IN_PLACE, &lambda, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0)
        printf("lambda = %g after %d iterations\n", lambda, iters);
    MPI_Finalize();
    return 0;
}
