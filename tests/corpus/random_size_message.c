/*
 * random_size_message.c - rank 0 sends a randomly sized batch to rank 1,
 * which learns the size with MPI_Probe and MPI_Get_count before receiving
 * (the dynamic-receive lesson of the common tutorials).  The size comes from
 * rand(), so it cannot be known before the run: interp must ask for a size
 * annotation on the send.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <mpi.h>

#define MAX_BATCH 100

int main(int argc, char **argv)
{
    int rank, amount;
    int batch[MAX_BATCH];
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        srand((unsigned) time(NULL));
        amount = 1 + rand() % MAX_BATCH;
        MPI_Send(batch, amount, MPI_INT, 1, 0, MPI_COMM_WORLD);
        printf("sent %d numbers\n", amount);
    } else if (rank == 1) {
        MPI_Probe(0, 0, MPI_COMM_WORLD, &status);
        MPI_Get_count(&status, MPI_INT, &amount);
        MPI_Recv(batch, amount, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("received %d numbers\n", amount);
    }
    MPI_Finalize();
    return 0;
}
