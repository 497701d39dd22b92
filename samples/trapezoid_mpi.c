/*
 * trapezoid_mpi.c - the trapezoid-rule benchmark as an SPMD MPI program.
 *
 * Usage: mpiexec -n P trapezoid_mpi N R
 *   N  number of intervals the domain [0,1] is divided into
 *   R  number of repetitions of the broadcast/integrate/reduce step
 *
 * Integrates f(x) = 4/(1+x^2) over [0,1]; the exact value is pi.
 * Rank 0 plays the part of the NX/2 host: it owns the inputs, broadcasts
 * the parameters each repetition and collects the result.
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define PI 3.141592653589793238462643

static double f(double x)
{
    return 4.0 / (1.0 + x * x);
}

int main(int argc, char *argv[])
{
    int rank, size, n = 0, reps = 0;
    double params[3];          /* a, b, N: one broadcast per repetition */
    double integral = 0.0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        if (argc != 3) {
            fprintf(stderr, "usage: %s N R\n", argv[0]);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        n = atoi(argv[1]);
        reps = atoi(argv[2]);
        if (n < 1 || reps < 1) {
            fprintf(stderr, "N and R must be positive\n");
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    /* Every rank needs the repetition count to take part in each step. */
    MPI_Bcast(&reps, 1, MPI_INT, 0, MPI_COMM_WORLD);

    double t0 = MPI_Wtime();
    for (int rep = 0; rep < reps; rep++) {
        if (rank == 0) {
            params[0] = 0.0;
            params[1] = 1.0;
            params[2] = (double) n;
        }
        MPI_Bcast(params, 3, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        double a = params[0], b = params[1];
        int nint = (int) params[2];
        double h = (b - a) / nint;

        /* Cyclic distribution: balanced to within one interval for any
           N and P, with no start/end bookkeeping. */
        double local = 0.0;
        for (int i = rank; i < nint; i += size) {
            double x = a + i * h;
            local += 0.5 * (f(x) + f(x + h));
        }
        local *= h;

        MPI_Reduce(&local, &integral, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    }
    double t1 = MPI_Wtime();

    if (rank == 0) {
        printf("N = %d, R = %d, P = %d\n", n, reps, size);
        printf("integral = %.15f, error = %.3e\n", integral, integral - PI);
        printf("time = %.6f s total, %.6f s per repetition\n",
               t1 - t0, (t1 - t0) / reps);
    }

    MPI_Finalize();
    return 0;
}
