/*
 * triad_mpi.c - the STREAM triad a = b + q*c on every rank's block of three arrays of N doubles
 * in all, repeated REPS times; a checksum is reduced at the end.
 *
 * Usage: mpiexec -n P triad_mpi N REPS
 *
 * A vectorizable stream: two loads and a store per element, no dependence between iterations.
 * N decides which cache level (or main memory) holds the three arrays.
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, nprocs;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    if (argc != 3) {
        if (rank == 0)
            fprintf(stderr, "usage: %s N REPS\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    long n = atol(argv[1]);
    int reps = atoi(argv[2]);
    long len = n / nprocs;

    double *a = malloc(len * sizeof(double));
    double *b = malloc(len * sizeof(double));
    double *c = malloc(len * sizeof(double));
    for (long i = 0; i < len; i++) {
        a[i] = 0.0;
        b[i] = 1.0;
        c[i] = 2.0;
    }
    const double q = 3.0;
    for (int r = 0; r < reps; r++) {
        for (long i = 0; i < len; i++)
            a[i] = b[i] + q * c[i];
        b[r % len] += 1e-3;   /* keep the repetitions from being merged */
    }
    double local = 0.0, total = 0.0;
    for (long i = 0; i < len; i++)
        local += a[i];
    MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("triad: n = %ld, reps = %d, sum(a) = %.6f\n", n, reps, total);
    free(a);
    free(b);
    free(c);
    MPI_Finalize();
    return 0;
}
