/*
 * abort_guard_pingpong.c - two ranks hand a counter back and forth until it
 * reaches LIMIT, in the style of the introductory ping-pong exercise.  The
 * program refuses to run on anything but two processes: every rank checks
 * the communicator size and calls MPI_Abort otherwise.
 *
 * Build: mpicc -o abort_guard_pingpong abort_guard_pingpong.c
 * Run:   mpiexec -n 2 ./abort_guard_pingpong
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define LIMIT 10

int main(int argc, char **argv)
{
    int me, nprocs, peer;
    int counter = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);

    /* The exchange below is written for exactly one pair of processes. */
    if (nprocs != 2) {
        if (me == 0)
            fprintf(stderr, "abort_guard_pingpong: needs 2 processes, got %d\n", nprocs);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    peer = (me + 1) % 2;
    while (counter < LIMIT) {
        if (me == counter % 2) {
            /* My turn: bump the counter and hand it to the other rank. */
            counter++;
            MPI_Send(&counter, 1, MPI_INT, peer, 0, MPI_COMM_WORLD);
        } else {
            MPI_Recv(&counter, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    }
    printf("rank %d: counter reached %d\n", me, counter);

    MPI_Finalize();
    return 0;
}
