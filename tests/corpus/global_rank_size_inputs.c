/*
 * global_rank_size_inputs.c - rank and size kept in file-scope globals, set
 * by MPI_Comm_rank / MPI_Comm_size in main (older codes and many course
 * solutions do this so that every function can see them).  Block sum of
 * 1..N with an MPI_Allreduce.
 *
 * Usage: mpiexec -n P ./global_rank_size_inputs N
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int rank, size;
long n;

static long my_share(void)
{
    long lo = rank * (n / size), hi = lo + n / size, k, s = 0;
    for (k = lo; k < hi; k++) {
#pragma interp cost(2 us)
        s += k + 1;
    }
    return s;
}

int main(int argc, char **argv)
{
    long mine, total;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    n = atol(argv[1]);

    mine = my_share();
    MPI_Allreduce(&mine, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("sum 1..%ld = %ld\n", n, total);
    MPI_Finalize();
    return 0;
}
