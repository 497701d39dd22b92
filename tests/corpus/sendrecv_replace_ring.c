/*
 * sendrecv_replace_ring.c - systolic ring shift: every step each rank passes
 * its block of 8 doubles to the right neighbour and takes the left
 * neighbour's in the same buffer (MPI_Sendrecv_replace), P steps in all so
 * every block visits every rank (the skeleton of a ring all-pairs code).
 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, step, left, right;
    double block[8] = {0};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank - 1 + size) % size;

    for (step = 0; step < size; step++) {
        MPI_Sendrecv_replace(block, 8, MPI_DOUBLE, right, step, left, step,
                             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#pragma interp cost(200 us)
        block[0] += 1.0;
    }
    if (rank == 0)
        printf("block[0] = %g\n", block[0]);
    MPI_Finalize();
    return 0;
}
