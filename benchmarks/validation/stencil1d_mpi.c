/*
 * stencil1d_mpi.c - explicit 1-D diffusion v[i] = u[i] + a*(u[i-1] - 2u[i] + u[i+1]) on N
 * points split in blocks, one-point halos exchanged with MPI_Sendrecv every step, and the
 * residual sum |v - u| reduced with MPI_Allreduce every step.
 *
 * Usage: mpiexec -n P stencil1d_mpi N STEPS
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 3) {
        if (rank == 0)
            fprintf(stderr, "usage: %s N STEPS\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int n = atoi(argv[1]);
    int steps = atoi(argv[2]);
    int len = n / size;
    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;

    /* u[0] and u[len+1] are the halo points */
    double *u = malloc((len + 2) * sizeof(double));
    double *v = malloc((len + 2) * sizeof(double));
    for (int i = 0; i < len + 2; i++)
        u[i] = v[i] = 0.0;
    if (rank == 0)
        u[0] = v[0] = 1.0;   /* fixed hot end */
    const double a = 0.25;
    double res = 0.0;

    for (int s = 0; s < steps; s++) {
        MPI_Sendrecv(&u[len], 1, MPI_DOUBLE, right, 0, &u[0], 1, MPI_DOUBLE, left, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 1, &u[len + 1], 1, MPI_DOUBLE, right, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double local = 0.0;
        for (int i = 1; i <= len; i++) {
            v[i] = u[i] + a * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
            local += fabs(v[i] - u[i]);
        }
        MPI_Allreduce(&local, &res, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        double *t = u;
        u = v;
        v = t;
    }
    if (rank == 0)
        printf("residual after %d steps: %.6e\n", steps, res);
    free(u);
    free(v);
    MPI_Finalize();
    return 0;
}
