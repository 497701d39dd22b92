/* The usual timing idiom: barrier, MPI_Wtime, work, elapsed time reduced with MPI_MAX; the
 * work is an uneven triangular loop nest (rank r does rows r, r + P, ...). */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#ifndef N
#define N 400
#endif

int main(int argc, char **argv)
{
    int rank, size, i, j;
    double local_start, local_elapsed, elapsed, s = 0.0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Barrier(MPI_COMM_WORLD);
    local_start = MPI_Wtime();
    for (i = rank; i < N; i += size)
        for (j = 0; j <= i; j++)
            s += (double)i * j;
    local_elapsed = MPI_Wtime() - local_start;
    MPI_Reduce(&local_elapsed, &elapsed, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("elapsed %e s (s = %f)\n", elapsed, s);
    MPI_Finalize();
    return 0;
}
