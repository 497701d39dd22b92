/*
 * newton_sqrt_values_followed.c - Newton's iteration for sqrt(2) on every
 * rank, each from its own starting point (1 + rank), stopping when the
 * update is below 1e-12.  The start comes from the rank and constants only,
 * so the number of steps follows from the source: no annotation is needed.
 */
#include <stdio.h>
#include <math.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, it = 0;
    double x, step = 1.0, root;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    x = 1.0 + rank;
    while (fabs(step) > 1e-12) {
        step = (x * x - 2.0) / (2.0 * x);
        x -= step;
        it++;
    }
    MPI_Reduce(&x, &root, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("sqrt(2) = %.15f after %d steps\n", root, it);
    MPI_Finalize();
    return 0;
}
