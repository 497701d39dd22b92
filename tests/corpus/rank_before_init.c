/*
 * rank_before_init.c - a classic beginner's slip: the rank is asked for
 * before MPI_Init.  The program compiles, and fails (or worse) at run time;
 * interp check must point at the call.
 */
#include <stdio.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);      /* too early */
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    printf("hello from %d of %d\n", rank, size);
    MPI_Finalize();
    return 0;
}
