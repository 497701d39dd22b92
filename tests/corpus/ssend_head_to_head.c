/*
 * ssend_head_to_head.c - both ranks of a pair send first with a synchronous
 * send and receive afterwards: each MPI_Ssend waits for a receive that is
 * never posted, so the program deadlocks.  A prediction must report the
 * hang (which ranks, which lines), never a time.
 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, partner;
    double mine[32] = {0}, theirs[32];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    partner = rank ^ 1;

    MPI_Ssend(mine, 32, MPI_DOUBLE, partner, 0, MPI_COMM_WORLD);
    MPI_Recv(theirs, 32, MPI_DOUBLE, partner, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    MPI_Finalize();
    return 0;
}
