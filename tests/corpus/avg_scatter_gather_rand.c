/* Average of random numbers (mpitutorial style): rank 0 creates the numbers, scatters equal
 * parts, every rank averages its part, rank 0 gathers the partial averages. */
#include <stdio.h>
#include <stdlib.h>
#include <assert.h>
#include <mpi.h>

float *create_rand_nums(int num_elements)
{
    float *rand_nums = (float *)malloc(sizeof(float) * num_elements);
    int i;
    assert(rand_nums != NULL);
    for (i = 0; i < num_elements; i++)
        rand_nums[i] = (rand() / (float)RAND_MAX);
    return rand_nums;
}

float compute_avg(float *array, int num_elements)
{
    float sum = 0.f;
    int i;
    for (i = 0; i < num_elements; i++)
        sum += array[i];
    return sum / num_elements;
}

int main(int argc, char **argv)
{
    int world_rank, world_size, num_elements_per_proc;
    float *rand_nums = NULL, *sub_rand_nums, *sub_avgs = NULL;
    float sub_avg;

    if (argc != 2) {
        fprintf(stderr, "Usage: avg num_elements_per_proc\n");
        exit(1);
    }
    num_elements_per_proc = atoi(argv[1]);
    srand(time(NULL));
    MPI_Init(NULL, NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &world_size);
    if (world_rank == 0)
        rand_nums = create_rand_nums(num_elements_per_proc * world_size);
    sub_rand_nums = (float *)malloc(sizeof(float) * num_elements_per_proc);
    assert(sub_rand_nums != NULL);
    MPI_Scatter(rand_nums, num_elements_per_proc, MPI_FLOAT, sub_rand_nums,
                num_elements_per_proc, MPI_FLOAT, 0, MPI_COMM_WORLD);
    sub_avg = compute_avg(sub_rand_nums, num_elements_per_proc);
    if (world_rank == 0) {
        sub_avgs = (float *)malloc(sizeof(float) * world_size);
        assert(sub_avgs != NULL);
    }
    MPI_Gather(&sub_avg, 1, MPI_FLOAT, sub_avgs, 1, MPI_FLOAT, 0, MPI_COMM_WORLD);
    if (world_rank == 0) {
        float avg = compute_avg(sub_avgs, world_size);
        printf("Avg of all elements is %f\n", avg);
    }
    if (world_rank == 0) {
        free(rand_nums);
        free(sub_avgs);
    }
    free(sub_rand_nums);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
