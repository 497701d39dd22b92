/* Array assignment in the LLNL tutorial style: the master initialises an array, sends each
 * worker its offset and a chunk, everyone updates its chunk, and the partial sums are reduced. */
#include "mpi.h"
#include <stdio.h>
#include <stdlib.h>

#define ARRAYSIZE 160000
#define MASTER 0

float data[ARRAYSIZE];

static float update(int myoffset, int chunk, int myid)
{
    int i;
    float mysum = 0.0;
    for (i = myoffset; i < myoffset + chunk; i++) {
        data[i] = data[i] + i * 1.0;
        mysum = mysum + data[i];
    }
    printf("Task %d mysum = %e\n", myid, mysum);
    return mysum;
}

int main(int argc, char *argv[])
{
    int numtasks, taskid, rc, dest, offset, i, tag1, tag2, source, chunksize;
    float mysum, sum;
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &numtasks);
    if (numtasks % 4 != 0) {
        printf("Quitting. Number of MPI tasks must be divisible by 4.\n");
        MPI_Abort(MPI_COMM_WORLD, rc);
        exit(0);
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &taskid);
    chunksize = (ARRAYSIZE / numtasks);
    tag2 = 1;
    tag1 = 2;

    if (taskid == MASTER) {
        sum = 0;
        for (i = 0; i < ARRAYSIZE; i++) {
            data[i] = i * 1.0;
            sum = sum + data[i];
        }
        printf("Initialized array sum = %e\n", sum);
        offset = chunksize;
        for (dest = 1; dest < numtasks; dest++) {
            MPI_Send(&offset, 1, MPI_INT, dest, tag1, MPI_COMM_WORLD);
            MPI_Send(&data[offset], chunksize, MPI_FLOAT, dest, tag2, MPI_COMM_WORLD);
            offset = offset + chunksize;
        }
        offset = 0;
        mysum = update(offset, chunksize, taskid);
        for (i = 1; i < numtasks; i++) {
            source = i;
            MPI_Recv(&offset, 1, MPI_INT, source, tag1, MPI_COMM_WORLD, &status);
            MPI_Recv(&data[offset], chunksize, MPI_FLOAT, source, tag2, MPI_COMM_WORLD, &status);
        }
        MPI_Reduce(&mysum, &sum, 1, MPI_FLOAT, MPI_SUM, MASTER, MPI_COMM_WORLD);
        printf("*** Final sum= %e ***\n", sum);
    }
    if (taskid > MASTER) {
        source = MASTER;
        MPI_Recv(&offset, 1, MPI_INT, source, tag1, MPI_COMM_WORLD, &status);
        MPI_Recv(&data[offset], chunksize, MPI_FLOAT, source, tag2, MPI_COMM_WORLD, &status);
        mysum = update(offset, chunksize, taskid);
        dest = MASTER;
        MPI_Send(&offset, 1, MPI_INT, dest, tag1, MPI_COMM_WORLD);
        MPI_Send(&data[offset], chunksize, MPI_FLOAT, MASTER, tag2, MPI_COMM_WORLD);
        MPI_Reduce(&mysum, &sum, 1, MPI_FLOAT, MPI_SUM, MASTER, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
