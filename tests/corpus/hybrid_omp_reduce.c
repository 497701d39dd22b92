/* Hybrid MPI + OpenMP harmonic sum in the style of hybrid-programming tutorials: MPI_Init_thread
 * with MPI_THREAD_FUNNELED, an OpenMP parallel loop with a reduction on each process, then an
 * MPI_Reduce of the partial sums to rank 0. */
#include <stdio.h>
#include <mpi.h>
#include <omp.h>

int main(int argc, char **argv)
{
    int provided, rank, size, i, n = 4000, lo, hi;
    double s = 0.0, tot = 0.0;

    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    if (provided < MPI_THREAD_FUNNELED) {
        fprintf(stderr, "no MPI_THREAD_FUNNELED\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    lo = rank * (n / size);
    hi = lo + n / size;

#pragma omp parallel for reduction(+:s)
    for (i = lo; i < hi; i++)
        s += 1.0 / (i + 1.0);

    MPI_Reduce(&s, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%d threads on rank 0, sum %f\n", omp_get_max_threads(), tot);
    MPI_Finalize();
    return 0;
}
