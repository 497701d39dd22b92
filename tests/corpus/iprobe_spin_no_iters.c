/*
 * iprobe_spin_no_iters.c - a worker spins on MPI_Iprobe until the master's
 * message is there, counting how often it looked: how many polls happen
 * depends on timing, which the source does not show.
 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, ready = 0, polls = 0;
    double work[16];
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Send(work, 16, MPI_DOUBLE, 1, 7, MPI_COMM_WORLD);
    } else if (rank == 1) {
        do {
            polls++;
            MPI_Iprobe(0, 7, MPI_COMM_WORLD, &ready, &st);
        } while (!ready);
        MPI_Recv(work, 16, MPI_DOUBLE, 0, 7, MPI_COMM_WORLD, &st);
        printf("%d polls\n", polls);
    }
    MPI_Finalize();
    return 0;
}
