/*
 * random_batch_size_annotated.c - a producer sends batches of random length
 * to a consumer, which sizes each receive with MPI_Probe and MPI_Get_count.
 * The batch length comes from rand(): a size annotation states its mean
 * (50 of at most 100 values), so the exchange can be predicted.
 *
 * Run: mpiexec -n 2 ./random_batch_size_annotated
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define MAX_BATCH 100
#define BATCHES 10

int main(int argc, char **argv)
{
    int rank, len, b;
    int batch[MAX_BATCH];
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    srand(7 + rank);
    for (b = 0; b < BATCHES; b++) {
        if (rank == 0) {
            len = 1 + rand() % MAX_BATCH;
#pragma interp size(50)
            MPI_Send(batch, len, MPI_INT, 1, b, MPI_COMM_WORLD);
        } else if (rank == 1) {
            MPI_Probe(0, b, MPI_COMM_WORLD, &status);
            MPI_Get_count(&status, MPI_INT, &len);
            MPI_Recv(batch, len, MPI_INT, 0, b, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    }
    if (rank == 1)
        printf("last batch: %d values\n", len);
    MPI_Finalize();
    return 0;
}
