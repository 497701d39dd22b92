/* Dense matrix product in i-k-j order (issue 15, example 3). */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int rank, i, j, k;
    double *a, *b, *c;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    a = malloc(n * n * sizeof(double));
    b = malloc(n * n * sizeof(double));
    c = malloc(n * n * sizeof(double));
    for (i = 0; i < n * n; i++) {
        a[i] = 1.0;
        b[i] = 2.0;
        c[i] = 0.0;
    }
    for (i = 0; i < n; i++)
        for (k = 0; k < n; k++)
            for (j = 0; j < n; j++)
                c[i * n + j] += a[i * n + k] * b[k * n + j];
    if (rank == 0)
        printf("c[0] %g\n", c[0]);
    free(a);
    free(b);
    free(c);
    MPI_Finalize();
    return 0;
}
