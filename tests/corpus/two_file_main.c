/*
 * two_file_main.c - driver of a two-file program (the other file,
 * two_file_solver.c, holds the numerical routines), built as
 *     mpicc -o solver two_file_main.c two_file_solver.c
 * Rank 0 broadcasts the number of steps; every step does a local update and
 * a global dot product.
 *
 * Usage: mpiexec -n P ./solver STEPS
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

/* from two_file_solver.c */
void local_update(double *v, int n);
double global_dot(const double *a, const double *b, int n, MPI_Comm comm);

#define NLOC 256

int main(int argc, char **argv)
{
    int rank, steps = 0, s;
    double v[NLOC] = {0}, w[NLOC] = {0}, dot = 0.0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        steps = atoi(argv[1]);
    MPI_Bcast(&steps, 1, MPI_INT, 0, MPI_COMM_WORLD);

    for (s = 0; s < steps; s++) {
        local_update(v, NLOC);
        dot = global_dot(v, w, NLOC, MPI_COMM_WORLD);
    }
    if (rank == 0)
        printf("dot = %g\n", dot);
    MPI_Finalize();
    return 0;
}
