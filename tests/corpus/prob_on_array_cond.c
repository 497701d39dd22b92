/*
 * prob_on_array_cond.c - each rank scans its slice of a data array and runs
 * an expensive refinement only on the cells above a threshold.  How many
 * cells pass depends on the data, so the branch carries a probability
 * annotation (a quarter of the cells, from a profile of typical inputs).
 *
 * Usage: mpiexec -n P ./prob_on_array_cond NLOCAL
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static void refine(double *cell)
{
    *cell = 0.5 * (*cell + 1.0);
}

int main(int argc, char **argv)
{
    int rank, i, nlocal, flagged = 0, all_flagged = 0;
    double *x;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    nlocal = atoi(argv[1]);

    x = malloc(nlocal * sizeof(double));
    for (i = 0; i < nlocal; i++)
        x[i] = (double) ((i * 7919 + rank) % 1000) / 1000.0;

    for (i = 0; i < nlocal; i++) {
#pragma interp prob(0.25)
        if (x[i] > 0.75) {
#pragma interp cost(40 us)
            refine(&x[i]);
            flagged++;
        }
    }
    MPI_Allreduce(&flagged, &all_flagged, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%d cells refined\n", all_flagged);

    free(x);
    MPI_Finalize();
    return 0;
}
