/*
 * cannon_cart_shift.c - Cannon's matrix multiplication on a periodic
 * q x q process grid (q = sqrt(P)): the blocks of A and B are first
 * skewed by each process's row / column coordinate (MPI_Cart_shift with
 * a displacement that depends on the coordinates), then q steps of a
 * local block product (stated with cost()) each followed by shifting A
 * left and B up with MPI_Sendrecv_replace on the grid communicator.
 *
 * Usage: mpiexec -n 4 ./cannon_cart_shift
 */
#include <stdio.h>
#include <math.h>
#include <mpi.h>

#define N 16

static void block_multiply(int nl, const double *a, const double *b, double *c)
{
    int i, j, k;
    for (i = 0; i < nl; i++)
        for (j = 0; j < nl; j++)
            for (k = 0; k < nl; k++)
                c[i * nl + j] += a[i * nl + k] * b[k * nl + j];
}

int main(int argc, char **argv)
{
    int npes, my2d, step, nlocal;
    int dims[2], periods[2], coords[2];
    int left, right, up, down, src, dst;
    double a[N * N], b[N * N], c[N * N];
    MPI_Comm comm_2d;
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &npes);
    dims[0] = dims[1] = (int) sqrt((double) npes);
    periods[0] = periods[1] = 1;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 1, &comm_2d);
    MPI_Comm_rank(comm_2d, &my2d);
    MPI_Cart_coords(comm_2d, my2d, 2, coords);
    MPI_Cart_shift(comm_2d, 1, -1, &right, &left);
    MPI_Cart_shift(comm_2d, 0, -1, &down, &up);
    nlocal = N / dims[0];

    /* initial alignment: A's row i moves i to the left, B's column j moves j up */
    MPI_Cart_shift(comm_2d, 1, -coords[0], &src, &dst);
    MPI_Sendrecv_replace(a, nlocal * nlocal, MPI_DOUBLE, dst, 1, src, 1, comm_2d, &status);
    MPI_Cart_shift(comm_2d, 0, -coords[1], &src, &dst);
    MPI_Sendrecv_replace(b, nlocal * nlocal, MPI_DOUBLE, dst, 1, src, 1, comm_2d, &status);

    for (step = 0; step < dims[0]; step++) {
#pragma interp cost(250 us)
        block_multiply(nlocal, a, b, c);
        MPI_Sendrecv_replace(a, nlocal * nlocal, MPI_DOUBLE, left, 1, right, 1, comm_2d, &status);
        MPI_Sendrecv_replace(b, nlocal * nlocal, MPI_DOUBLE, up, 1, down, 1, comm_2d, &status);
    }
    if (my2d == 0)
        printf("c[0] = %g\n", c[0]);
    MPI_Comm_free(&comm_2d);
    MPI_Finalize();
    return 0;
}
