/* pi by the midpoint rule: each rank sums a contiguous block of the intervals. The block bounds
 * come from a helper; the partial sum from a helper that loops. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>

static double f(double x)
{
    return 4.0 / (1.0 + x * x);
}

static double partial_sum(long lo, long hi, double h)
{
    double s = 0.0;
    long i;
    for (i = lo; i < hi; i++) {
        double x = h * ((double)i + 0.5);
        s += f(x);
    }
    return s;
}

int main(int argc, char **argv)
{
    int rank, size;
    long n = 100000, lo, hi, chunk;
    double h, mine, pi = 0.0, t0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc > 1)
        n = atol(argv[1]);
    t0 = MPI_Wtime();
    MPI_Bcast(&n, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    h = 1.0 / (double)n;
    chunk = n / size;
    lo = rank * chunk;
    hi = (rank == size - 1) ? n : lo + chunk;
    mine = partial_sum(lo, hi, h) * h;
    MPI_Reduce(&mine, &pi, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("pi ~ %.12f, error %.3e, %f s\n", pi, fabs(pi - M_PI), MPI_Wtime() - t0);
    MPI_Finalize();
    return 0;
}
