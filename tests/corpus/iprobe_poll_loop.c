/*
 * iprobe_poll_loop.c - overlap by polling: rank 1 works in chunks and checks
 * with MPI_Iprobe between chunks whether rank 0's update has arrived; once
 * it has, rank 1 receives it.  The number of chunks done before the message
 * shows up is a property of the run, stated with iters() (5 chunks).
 */
#include <stdio.h>
#include <mpi.h>

static void work_chunk(double *acc)
{
    *acc += 1.0;
}

int main(int argc, char **argv)
{
    int rank, arrived = 0, chunks = 0;
    double update[4] = {0}, acc = 0.0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
#pragma interp cost(450 us)
        work_chunk(&acc);
        MPI_Send(update, 4, MPI_DOUBLE, 1, 99, MPI_COMM_WORLD);
    } else if (rank == 1) {
#pragma interp iters(5)
        while (!arrived) {
#pragma interp cost(100 us)
            work_chunk(&acc);
            chunks++;
            MPI_Iprobe(0, 99, MPI_COMM_WORLD, &arrived, MPI_STATUS_IGNORE);
        }
        MPI_Recv(update, 4, MPI_DOUBLE, 0, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("update arrived after %d chunks\n", chunks);
    }
    MPI_Finalize();
    return 0;
}
