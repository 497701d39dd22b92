/* A hand-written hypercube allreduce: log2(P) exchange steps with partner rank ^ mask, then a
 * check against MPI_Allreduce. P must be a power of two. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#define LEN 64

static int is_power_of_two(int x)
{
    return x > 0 && (x & (x - 1)) == 0;
}

static void cube_sum(double *v, double *tmp, int n, int rank, int size)
{
    int mask, i, partner;
    for (mask = 1; mask < size; mask <<= 1) {
        partner = rank ^ mask;
        MPI_Sendrecv(v, n, MPI_DOUBLE, partner, mask, tmp, n, MPI_DOUBLE, partner, mask,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (i = 0; i < n; i++)
            v[i] += tmp[i];
    }
}

int main(int argc, char **argv)
{
    int rank, size, i;
    double v[LEN], tmp[LEN], ref[LEN];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (!is_power_of_two(size)) {
        if (rank == 0)
            fprintf(stderr, "need a power of two processes\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (i = 0; i < LEN; i++)
        v[i] = rank + i;
    MPI_Allreduce(v, ref, LEN, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    cube_sum(v, tmp, LEN, rank, size);
    for (i = 0; i < LEN; i++)
        if (v[i] != ref[i]) {
            printf("rank %d: mismatch at %d\n", rank, i);
            break;
        }
    MPI_Finalize();
    return 0;
}
