/*
 * cost_input_only.c - a performance skeleton: the kernel is not written yet,
 * its time per step is a command-line parameter that only the cost()
 * annotation uses.  Steps are separated by barriers.
 *
 * Usage: mpiexec -n P ./cost_input_only KERNEL_US
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define STEPS 100

static void kernel(void)
{
    /* placeholder for the real stencil */
}

int main(int argc, char **argv)
{
    int rank, step, kernel_us;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    kernel_us = atoi(argv[1]);

    for (step = 0; step < STEPS; step++) {
#pragma interp cost(kernel_us * 1e-6)
        kernel();
        MPI_Barrier(MPI_COMM_WORLD);
    }
    if (rank == 0)
        printf("%d steps done\n", STEPS);
    MPI_Finalize();
    return 0;
}
