/* Triangular nest s += x[i]*x[j], j < i: bound by the add chain through s (issue 15, example 2). */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int rank, i, j;
    double s = 0.0, total;
    double *x;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    x = malloc(n * sizeof(double));
    for (i = 0; i < n; i++)
        x[i] = 1.0 / (i + 1);
    for (i = 0; i < n; i++)
        for (j = 0; j < i; j++)
            s += x[i] * x[j];
    MPI_Reduce(&s, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("s %g\n", total);
    free(x);
    MPI_Finalize();
    return 0;
}
