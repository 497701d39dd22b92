/* 1-D explicit diffusion with a residual sum (issue 15, example 1). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int steps = atoi(argv[2]);
    int rank, t, i;
    double a = 0.25, r = 0.0, total;
    double *u, *v, *w;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    u = malloc((n + 2) * sizeof(double));
    v = malloc((n + 2) * sizeof(double));
    for (i = 0; i < n + 2; i++) {
        u[i] = (double)(i % 17);
        v[i] = 0.0;
    }
    for (t = 0; t < steps; t++) {
        r = 0.0;
        for (i = 1; i <= n; i++) {
            v[i] = u[i] + a * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
            r += fabs(v[i] - u[i]);
        }
        w = u; u = v; v = w;
    }
    MPI_Reduce(&r, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("residual %g\n", total);
    free(u);
    free(v);
    MPI_Finalize();
    return 0;
}
