/* Cyclic distribution with a skip rule: a helper counts the items a rank owns (every size-th
 * index from the rank, except those whose index % 7 == 3, which are reserved), the count bounds
 * the work loop and sizes the message each rank sends to rank 0. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

static long count_mine(long n, int rank, int size)
{
    long i, c = 0;
    for (i = rank; i < n; i += size)
        if (i % 7 != 3)
            c++;
    return c;
}

int main(int argc, char **argv)
{
    int rank, size, p;
    long n = 1000, mine, k, theirs;
    double *buf, t0;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc > 1)
        n = strtol(argv[1], NULL, 10);
    t0 = MPI_Wtime();
    mine = count_mine(n, rank, size);
    buf = malloc((mine + 1) * sizeof(double));
    for (k = 0; k < mine; k++)
        buf[k] = 0.5 * k;
    if (rank != 0) {
        MPI_Send(buf, (int)mine, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD);
    } else {
        for (p = 1; p < size; p++) {
            theirs = count_mine(n, p, size);
            buf = realloc(buf, (theirs + 1) * sizeof(double));
            MPI_Recv(buf, (int)theirs, MPI_DOUBLE, p, 1, MPI_COMM_WORLD, &st);
        }
        printf("n=%ld: rank 0 owns %ld, %.6f s\n", n, mine, MPI_Wtime() - t0);
    }
    free(buf);
    MPI_Finalize();
    return 0;
}
