/*
 * send_helper_datatype_arg.c - thin wrappers around MPI_Send / MPI_Recv that
 * take the datatype and the communicator as arguments, as application codes
 * do to keep tags and error handling in one place.  Rank 0 ships three
 * blocks of different types to rank 1.
 */
#include <stdio.h>
#include <string.h>
#include <mpi.h>

#define BLOCK_TAG 42

static void post_block(const void *buf, int count, MPI_Datatype type, int to, MPI_Comm comm)
{
    MPI_Send(buf, count, type, to, BLOCK_TAG, comm);
}

static void fetch_block(void *buf, int count, MPI_Datatype type, int from, MPI_Comm comm)
{
    MPI_Status status;
    MPI_Recv(buf, count, type, from, BLOCK_TAG, comm, &status);
}

int main(int argc, char **argv)
{
    int rank;
    int ids[20];
    double coords[10];
    char label[100];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        memset(ids, 0, sizeof ids);
        memset(coords, 0, sizeof coords);
        strcpy(label, "mesh block 0");
        post_block(ids, 20, MPI_INT, 1, MPI_COMM_WORLD);         /* 80 bytes */
        post_block(coords, 10, MPI_DOUBLE, 1, MPI_COMM_WORLD);   /* 80 bytes */
        post_block(label, 100, MPI_CHAR, 1, MPI_COMM_WORLD);     /* 100 bytes */
    } else if (rank == 1) {
        fetch_block(ids, 20, MPI_INT, 0, MPI_COMM_WORLD);
        fetch_block(coords, 10, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        fetch_block(label, 100, MPI_CHAR, 0, MPI_COMM_WORLD);
        printf("got '%s'\n", label);
    }

    MPI_Finalize();
    return 0;
}
