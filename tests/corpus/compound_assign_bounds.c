/*
 * compound_assign_bounds.c - block bounds computed with compound assignments
 * (/=, +=) and the remainder given to the last rank, a frequent hand-written
 * decomposition in course solutions.  Each item's work is stated with a cost
 * annotation.
 *
 * Usage: mpiexec -n P ./compound_assign_bounds N
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int me, np, n, chunk, lo, hi, i;
    long local = 0, total = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    n = atoi(argv[1]);

    chunk = n;
    chunk /= np;
    lo = me * chunk;
    hi = lo;
    hi += chunk;
    if (me == np - 1)
        hi += n % np;          /* the last rank takes the leftovers */

    for (i = lo; i < hi; i++) {
#pragma interp cost(5 us)
        local += (long) i * i;
    }
    MPI_Reduce(&local, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0)
        printf("sum of squares below %d: %ld\n", n, total);

    MPI_Finalize();
    return 0;
}
