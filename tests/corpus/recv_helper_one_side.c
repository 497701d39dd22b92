/*
 * recv_helper_one_side.c - only the receiving side goes through a helper
 * (which takes the MPI_Datatype as a parameter); the sender calls MPI_Send
 * directly.  Rank 1 then acknowledges with one double.
 */
#include <stdio.h>
#include <mpi.h>

static void receive_into(void *dst, int n, MPI_Datatype type, int src, int tag)
{
    MPI_Status st;
    MPI_Recv(dst, n, type, src, tag, MPI_COMM_WORLD, &st);
}

int main(int argc, char **argv)
{
    int rank;
    double field[10], ack = 1.0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        MPI_Send(field, 10, MPI_DOUBLE, 1, 5, MPI_COMM_WORLD);
        MPI_Recv(&ack, 1, MPI_DOUBLE, 1, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        receive_into(field, 10, MPI_DOUBLE, 0, 5);
        MPI_Send(&ack, 1, MPI_DOUBLE, 0, 6, MPI_COMM_WORLD);
    }

    MPI_Finalize();
    return 0;
}
