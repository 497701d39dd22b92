/*
 * harmonic_mpi.c - the sample of interp extrapolate (seed 000): one loop, cyclically
 * distributed, summing 1/(1+i) for i < n, and a reduction. Usage: mpiexec -n P harmonic_mpi N
 */
#include <stdlib.h>
#include <stdio.h>
#include <mpi.h>
int main(int argc, char *argv[])
{
    int rank, size, n;
    double s = 0.0, t = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    n = atoi(argv[1]);
    for (int i = rank; i < n; i += size)
        s += 1.0 / (1.0 + i);
    MPI_Reduce(&s, &t, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%g\n", t);
    MPI_Finalize();
    return 0;
}
