/*
 * halo_ring_identical_ranks.c - periodic 1-D domain decomposition: every
 * rank owns the same number of cells and exchanges one ghost row of NX
 * doubles with each neighbour per step (MPI_Sendrecv), then updates its
 * block (cost()).  All ranks do identical work.
 *
 * Usage: mpiexec -n P ./halo_ring_identical_ranks STEPS
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define NX 64
#define ROWS 8

int main(int argc, char **argv)
{
    int rank, size, up, down, it, steps;
    double *u;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    steps = atoi(argv[1]);

    u = calloc((ROWS + 2) * NX, sizeof(double));
    up = (rank - 1 + size) % size;
    down = (rank + 1) % size;

    for (it = 0; it < steps; it++) {
        /* first owned row goes up, ghost row below comes from down */
        MPI_Sendrecv(u + NX, NX, MPI_DOUBLE, up, 0,
                     u + (ROWS + 1) * NX, NX, MPI_DOUBLE, down, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        /* last owned row goes down, ghost row above comes from up */
        MPI_Sendrecv(u + ROWS * NX, NX, MPI_DOUBLE, down, 1,
                     u, NX, MPI_DOUBLE, up, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#pragma interp cost(1 ms)
        u[NX] = 0.25 * (u[0] + u[2 * NX]);
    }
    free(u);
    MPI_Finalize();
    return 0;
}
