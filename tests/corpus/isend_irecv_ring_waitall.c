/*
 * isend_irecv_ring_waitall.c - nonblocking ring exchange: each rank posts
 * receives from both neighbours, sends to both, computes on its interior
 * (cost()) while the messages travel, and completes everything with
 * MPI_Waitall.
 *
 * Usage: mpiexec -n P ./isend_irecv_ring_waitall STEPS
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size, prev, next, steps, s;
    int out[2] = {0, 0}, in[2];
    MPI_Request reqs[4];
    MPI_Status stats[4];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    steps = atoi(argv[1]);
    prev = rank - 1;
    next = rank + 1;
    if (rank == 0)
        prev = size - 1;
    if (rank == size - 1)
        next = 0;

    for (s = 0; s < steps; s++) {
        MPI_Irecv(&in[0], 1, MPI_INT, prev, 1, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&in[1], 1, MPI_INT, next, 2, MPI_COMM_WORLD, &reqs[1]);
        MPI_Isend(&out[0], 1, MPI_INT, prev, 2, MPI_COMM_WORLD, &reqs[2]);
        MPI_Isend(&out[1], 1, MPI_INT, next, 1, MPI_COMM_WORLD, &reqs[3]);
#pragma interp cost(500 us)
        out[0] = out[1] = rank + s;
        MPI_Waitall(4, reqs, stats);
    }
    if (rank == 0)
        printf("done: %d %d\n", in[0], in[1]);
    MPI_Finalize();
    return 0;
}
