/*
 * horner_chain_mpi.c - a dependence-bound reduction: every rank evaluates a polynomial of
 * degree N by Horner's rule at REPS points of its share of [0, 1), and the values are summed
 * with MPI_Reduce.
 *
 * Usage: mpiexec -n P horner_chain_mpi N REPS
 *
 * Each step p = p * x + c[k] needs the p of the step before: the loop runs at the latency of a
 * multiply plus an add per coefficient, whatever the core's throughput.
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 3) {
        if (rank == 0)
            fprintf(stderr, "usage: %s N REPS\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int n = atoi(argv[1]);
    int reps = atoi(argv[2]);

    double *c = malloc((n + 1) * sizeof(double));
    for (int k = 0; k <= n; k++)
        c[k] = 1.0 / (k + 1);

    /* this rank's evaluation points: a block of the REPS points */
    int first = rank * reps / size;
    int last = (rank + 1) * reps / size;
    double local = 0.0;
    for (int r = first; r < last; r++) {
        double x = (double) r / reps;
        double p = c[0];
        for (int k = 1; k <= n; k++)
            p = p * x + c[k];
        local += p;
    }
    double total = 0.0;
    MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("sum of p(x) over %d points: %.12e\n", reps, total);
    free(c);
    MPI_Finalize();
    return 0;
}
