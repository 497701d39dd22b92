/* Gather-by-hand: rank 0 posts one MPI_Irecv per worker into reqs[w - 1], then completes them
 * from the last worker down with MPI_Wait(&reqs[w - 1]) and adds each result as it comes.
 * Worker w works longer the smaller its rank, so the last worker's result is in first. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define MAXP 16
#define BASE 2000

static double relax(int n)
{
    double s = 0.0;
    int i;
    for (i = 0; i < n; i++)
        s = s * 0.5 + 1.0;
    return s;
}

int main(int argc, char **argv)
{
    int rank, size, w;
    double result[MAXP], mine, total = 0.0;
    MPI_Request reqs[MAXP];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size > MAXP) {
        if (rank == 0)
            fprintf(stderr, "at most %d processes\n", MAXP);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (rank == 0) {
        for (w = 1; w < size; w++)
            MPI_Irecv(&result[w], 1, MPI_DOUBLE, w, 0, MPI_COMM_WORLD, &reqs[w - 1]);
        for (w = size - 1; w >= 1; w--) {
            MPI_Wait(&reqs[w - 1], MPI_STATUS_IGNORE);
            total += relax(BASE) * result[w];
        }
        printf("total %f\n", total);
    } else {
        mine = relax(BASE * (size - rank));
        MPI_Send(&mine, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
