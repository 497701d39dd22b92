/*
 * no_init_at_all.c - MPI calls with no MPI_Init anywhere (the call was lost
 * when the code was split into functions).  interp check must say so.
 */
#include <stdio.h>
#include <mpi.h>

static double reduce_all(double v)
{
    double s = 0.0;
    MPI_Allreduce(&v, &s, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    return s;
}

int main(int argc, char **argv)
{
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    printf("%d: total %g\n", rank, reduce_all(1.0 + rank));
    MPI_Finalize();
    return 0;
}
