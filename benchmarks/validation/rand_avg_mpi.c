/*
 * rand_avg_mpi.c - every rank draws N/P random numbers in [0, 1) with rand(), sums them, and
 * rank 0 gets the average by MPI_Reduce; repeated ROUNDS times with fresh numbers.
 *
 * Usage: mpiexec -n P rand_avg_mpi N ROUNDS
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static void fill_random(double *v, int len)
{
    for (int i = 0; i < len; i++)
        v[i] = (double) rand() / RAND_MAX;
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 3) {
        if (rank == 0)
            fprintf(stderr, "usage: %s N ROUNDS\n", argv[0]);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int n = atoi(argv[1]);
    int rounds = atoi(argv[2]);
    int per_rank = n / size;
    double *nums = malloc(per_rank * sizeof(double));
    srand(rank + 1);

    double avg = 0.0;
    for (int r = 0; r < rounds; r++) {
        fill_random(nums, per_rank);
        double local = 0.0;
        for (int i = 0; i < per_rank; i++)
            local += nums[i];
        double global = 0.0;
        MPI_Reduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        if (rank == 0)
            avg += global / (per_rank * size);
    }
    if (rank == 0)
        printf("mean of the averages: %.6f\n", avg / rounds);
    free(nums);
    MPI_Finalize();
    return 0;
}
