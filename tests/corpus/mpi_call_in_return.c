/*
 * mpi_call_in_return.c - a thin communication layer whose functions return
 * the MPI call's result directly ("return MPI_Send(...);"), called as plain
 * statements.  Rank 0 scatters a block of 8 ints to every other rank by hand
 * and collects one int back from each.
 */
#include <stdio.h>
#include <mpi.h>

static int send_block(const int *buf, int n, int to)
{
    return MPI_Send(buf, n, MPI_INT, to, 0, MPI_COMM_WORLD);
}

static int recv_block(int *buf, int n, int from)
{
    return MPI_Recv(buf, n, MPI_INT, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv)
{
    int rank, size, p;
    int block[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    int reply = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        for (p = 1; p < size; p++)
            send_block(block, 8, p);
        for (p = 1; p < size; p++)
            recv_block(&reply, 1, p);
        printf("last reply: %d\n", reply);
    } else {
        recv_block(block, 8, 0);
        reply = block[rank % 8];
        send_block(&reply, 1, 0);
    }

    MPI_Finalize();
    return 0;
}
