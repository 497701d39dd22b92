/*
 * bsend_buffer_attach.c - buffered sends: rank 0 attaches a buffer sized
 * with MPI_Pack_size plus MPI_BSEND_OVERHEAD, posts MSGS buffered sends of
 * 10 ints to rank 1 without waiting, then detaches (which waits until the
 * buffer is drained).
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define MSGS 4

int main(int argc, char **argv)
{
    int rank, i, pack_bytes, buf_bytes;
    int data[10] = {0};
    void *buffer;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        MPI_Pack_size(10, MPI_INT, MPI_COMM_WORLD, &pack_bytes);
        buf_bytes = MSGS * (pack_bytes + MPI_BSEND_OVERHEAD);
        buffer = malloc(buf_bytes);
        MPI_Buffer_attach(buffer, buf_bytes);
        for (i = 0; i < MSGS; i++)
            MPI_Bsend(data, 10, MPI_INT, 1, i, MPI_COMM_WORLD);
        MPI_Buffer_detach(&buffer, &buf_bytes);
        free(buffer);
    } else if (rank == 1) {
        for (i = 0; i < MSGS; i++)
            MPI_Recv(data, 10, MPI_INT, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("got %d messages\n", MSGS);
    }
    MPI_Finalize();
    return 0;
}
