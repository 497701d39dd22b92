/*
 * continue_rank_condition.c - cyclic distribution of N independent items
 * written with "continue": every rank runs the whole loop and skips the
 * items that are not its own.  Each item's work is given by a cost
 * annotation (a kernel not written yet).
 *
 * Usage: mpiexec -n P ./continue_rank_condition N
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static double process_item(int i)
{
    return 1.0 / (1.0 + i);
}

int main(int argc, char **argv)
{
    int me, np, n, i;
    double acc = 0.0, sum = 0.0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    n = atoi(argv[1]);

    for (i = 0; i < n; i++) {
        if (i % np != me)
            continue;        /* somebody else's item */
#pragma interp cost(20 us)
        acc += process_item(i);
    }
    MPI_Reduce(&acc, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0)
        printf("sum = %.10f\n", sum);
    MPI_Finalize();
    return 0;
}
