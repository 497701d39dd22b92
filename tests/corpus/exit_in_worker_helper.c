/*
 * exit_in_worker_helper.c - workers run a service loop in a helper that
 * never returns: on the stop message it finalizes MPI and calls exit(0).
 * Rank 0 sends every worker NJOBS jobs and then a stop message.
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define NJOBS 3
#define JOB_TAG 1
#define STOP_TAG 2

static void serve(void)
{
    int job, i;
    for (i = 0; i < NJOBS; i++) {
        MPI_Recv(&job, 1, MPI_INT, 0, JOB_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#pragma interp cost(200 us)
        job = job * 2;
    }
    MPI_Recv(&job, 1, MPI_INT, 0, STOP_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    exit(0);
}

int main(int argc, char **argv)
{
    int rank, size, w, j, job = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank != 0)
        serve();

    for (j = 0; j < NJOBS; j++)
        for (w = 1; w < size; w++)
            MPI_Send(&job, 1, MPI_INT, w, JOB_TAG, MPI_COMM_WORLD);
    for (w = 1; w < size; w++)
        MPI_Send(&job, 1, MPI_INT, w, STOP_TAG, MPI_COMM_WORLD);

    /* only the master gets here */
    printf("all jobs handed out\n");
    MPI_Finalize();
    return 0;
}
