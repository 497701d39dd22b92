/*
 * while_converge_iters.c - a 1-D Jacobi solver that iterates until the
 * global change drops below a tolerance.  The number of sweeps depends on
 * the data, so the loop carries an iters() annotation (40 sweeps for the
 * production grid); the sweep kernel's time is stated with cost().
 * Halo cells travel with MPI_Sendrecv, MPI_PROC_NULL at the ends.
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define NLOC 1000

static double sweep(double *u, double *unew, int n)
{
    int i;
    double d = 0.0;
    for (i = 1; i <= n; i++) {
        unew[i] = 0.5 * (u[i - 1] + u[i + 1]);
        d += (unew[i] - u[i]) * (unew[i] - u[i]);
    }
    for (i = 1; i <= n; i++)
        u[i] = unew[i];
    return d;
}

int main(int argc, char **argv)
{
    int rank, size, left, right, sweeps = 0;
    double u[NLOC + 2], unew[NLOC + 2];
    double diff = 1.0, gdiff = 1.0, tol = 1e-8;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    left = (rank > 0) ? rank - 1 : MPI_PROC_NULL;
    right = (rank < size - 1) ? rank + 1 : MPI_PROC_NULL;

#pragma interp iters(40)
    while (gdiff > tol) {
        MPI_Sendrecv(&u[NLOC], 1, MPI_DOUBLE, right, 0, &u[0], 1, MPI_DOUBLE, left, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 1, &u[NLOC + 1], 1, MPI_DOUBLE, right, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#pragma interp cost(500 us)
        diff = sweep(u, unew, NLOC);
        MPI_Allreduce(&diff, &gdiff, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        sweeps++;
    }
    if (rank == 0)
        printf("converged after %d sweeps\n", sweeps);
    MPI_Finalize();
    return 0;
}
