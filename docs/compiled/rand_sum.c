/* rand() fill, sum, reduce (issue 15, example 4). */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int rank, i;
    double sum = 0.0, total;
    double *x;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    x = malloc(n * sizeof(double));
    srand(rank + 1);
    for (i = 0; i < n; i++)
        x[i] = (double)rand() / RAND_MAX;
    for (i = 0; i < n; i++)
        sum += x[i];
    MPI_Reduce(&sum, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("average %g\n", total / n);
    free(x);
    MPI_Finalize();
    return 0;
}
