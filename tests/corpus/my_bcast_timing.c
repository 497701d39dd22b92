/* A broadcast written by hand with MPI_Send/MPI_Recv (mpitutorial style), timed against
 * MPI_Bcast over NTRIALS trials of NUM_ELEMENTS ints. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define NUM_ELEMENTS 1000
#define NTRIALS 5

void my_bcast(void *data, int count, MPI_Datatype datatype, int root, MPI_Comm communicator)
{
    int world_rank, world_size, i;
    MPI_Comm_rank(communicator, &world_rank);
    MPI_Comm_size(communicator, &world_size);
    if (world_rank == root) {
        for (i = 0; i < world_size; i++) {
            if (i != root)
                MPI_Send(data, count, datatype, i, 0, communicator);
        }
    } else {
        MPI_Recv(data, count, datatype, root, 0, communicator, MPI_STATUS_IGNORE);
    }
}

int main(int argc, char **argv)
{
    int world_rank, i;
    double total_my_bcast_time = 0.0, total_mpi_bcast_time = 0.0;
    int *data = (int *)malloc(sizeof(int) * NUM_ELEMENTS);

    MPI_Init(NULL, NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    for (i = 0; i < NTRIALS; i++) {
        MPI_Barrier(MPI_COMM_WORLD);
        total_my_bcast_time -= MPI_Wtime();
        my_bcast(data, NUM_ELEMENTS, MPI_INT, 0, MPI_COMM_WORLD);
        MPI_Barrier(MPI_COMM_WORLD);
        total_my_bcast_time += MPI_Wtime();

        MPI_Barrier(MPI_COMM_WORLD);
        total_mpi_bcast_time -= MPI_Wtime();
        MPI_Bcast(data, NUM_ELEMENTS, MPI_INT, 0, MPI_COMM_WORLD);
        MPI_Barrier(MPI_COMM_WORLD);
        total_mpi_bcast_time += MPI_Wtime();
    }
    if (world_rank == 0) {
        printf("Avg my_bcast time = %lf\n", total_my_bcast_time / NTRIALS);
        printf("Avg MPI_Bcast time = %lf\n", total_mpi_bcast_time / NTRIALS);
    }
    free(data);
    MPI_Finalize();
    return 0;
}
