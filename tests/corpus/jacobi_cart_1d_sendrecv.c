/* 1-D heat/Jacobi: a periodic-free Cartesian line of ranks, halo exchange with Sendrecv on the
 * neighbours MPI_Cart_shift gives, residual by Allreduce every CHECK iterations. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <mpi.h>

#define NLOCAL 100
#define ITERS 50
#define CHECK 10

static double sweep(const double *u, double *unew, int n)
{
    double diff = 0.0;
    int i;
    for (i = 1; i <= n; i++) {
        unew[i] = 0.5 * (u[i - 1] + u[i + 1]);
        diff += (unew[i] - u[i]) * (unew[i] - u[i]);
    }
    return diff;
}

int main(int argc, char **argv)
{
    int rank, size, left, right, it, dims[1] = {0}, periods[1] = {0};
    double *u, *unew, *tmp, local, global = 0.0;
    MPI_Comm line;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 1, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 1, &line);
    MPI_Comm_rank(line, &rank);
    MPI_Cart_shift(line, 0, 1, &left, &right);

    u = calloc(NLOCAL + 2, sizeof(double));
    unew = calloc(NLOCAL + 2, sizeof(double));
    if (rank == 0)
        u[0] = unew[0] = 1.0;   /* hot left wall */

    for (it = 1; it <= ITERS; it++) {
        MPI_Sendrecv(&u[NLOCAL], 1, MPI_DOUBLE, right, 0, &u[0], 1, MPI_DOUBLE, left, 0,
                     line, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 1, &u[NLOCAL + 1], 1, MPI_DOUBLE, right, 1,
                     line, MPI_STATUS_IGNORE);
        local = sweep(u, unew, NLOCAL);
        tmp = u; u = unew; unew = tmp;
        if (it % CHECK == 0) {
            MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, line);
            if (rank == 0)
                printf("iter %d residual %g\n", it, sqrt(global));
        }
    }
    free(u);
    free(unew);
    MPI_Comm_free(&line);
    MPI_Finalize();
    return 0;
}
