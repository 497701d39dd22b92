/* Iterate until the residual is small or MAXITER passes: while (err > tol && iter < maxiter),
 * the residual from MPI_Allreduce each pass. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>

#define NLOC 500

int main(int argc, char **argv)
{
    int rank, size, iter = 0, maxiter = 40, i;
    double tol = 1e-6, err = 1.0, lerr, x[NLOC], xn[NLOC];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 0; i < NLOC; i++)
        x[i] = 1.0;
    while (err > tol && iter < maxiter) {
        lerr = 0.0;
        for (i = 0; i < NLOC; i++) {
            xn[i] = 0.5 * (x[i] + 2.0 / x[i]);
            lerr += fabs(xn[i] - x[i]);
            x[i] = xn[i];
        }
        MPI_Allreduce(&lerr, &err, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        iter++;
    }
    if (rank == 0)
        printf("%d iterations, err %g\n", iter, err);
    MPI_Finalize();
    return 0;
}
