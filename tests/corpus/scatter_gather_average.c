/*
 * scatter_gather_average.c - rank 0 makes an array of random numbers,
 * MPI_Scatter deals out equal pieces, every rank averages its piece, and
 * MPI_Gather brings the partial averages back for the final average.
 *
 * Usage: mpiexec -n P ./scatter_gather_average PER_RANK
 */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static float *make_numbers(int count)
{
    float *nums = malloc(count * sizeof(float));
    int i;
    for (i = 0; i < count; i++)
        nums[i] = rand() / (float) RAND_MAX;
    return nums;
}

static float average(const float *v, int count)
{
    float sum = 0.f;
    int i;
    for (i = 0; i < count; i++)
        sum += v[i];
    return sum / count;
}

int main(int argc, char **argv)
{
    int rank, size, per_rank;
    float *all = NULL, *mine, *partials = NULL, local_avg;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    per_rank = atoi(argv[1]);

    if (rank == 0) {
        all = make_numbers(per_rank * size);
        partials = malloc(size * sizeof(float));
    }
    mine = malloc(per_rank * sizeof(float));
    MPI_Scatter(all, per_rank, MPI_FLOAT, mine, per_rank, MPI_FLOAT, 0, MPI_COMM_WORLD);

    local_avg = average(mine, per_rank);
    MPI_Gather(&local_avg, 1, MPI_FLOAT, partials, 1, MPI_FLOAT, 0, MPI_COMM_WORLD);

    if (rank == 0) {
        printf("average of all numbers: %f\n", average(partials, size));
        free(all);
        free(partials);
    }
    free(mine);
    MPI_Finalize();
    return 0;
}
