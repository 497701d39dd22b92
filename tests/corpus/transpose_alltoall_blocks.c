/* Distributed transpose of an N x N matrix stored by block rows: pack the P blocks of my rows,
 * MPI_Alltoall, and transpose each received block locally. */
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>

#ifndef N
#define N 32
#endif

int main(int argc, char **argv)
{
    int rank, size, nb, p, i, j;
    double *a, *sendbuf, *recvbuf, *at;
    double t0, t1;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (N % size) {
        if (rank == 0) fprintf(stderr, "N must be a multiple of the process count\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    nb = N / size;
    a = malloc(nb * N * sizeof(double));
    at = malloc(nb * N * sizeof(double));
    sendbuf = malloc(nb * N * sizeof(double));
    recvbuf = malloc(nb * N * sizeof(double));
    for (i = 0; i < nb; i++)
        for (j = 0; j < N; j++)
            a[i * N + j] = (rank * nb + i) * N + j;
    t0 = MPI_Wtime();
    for (p = 0; p < size; p++)
        for (i = 0; i < nb; i++)
            for (j = 0; j < nb; j++)
                sendbuf[p * nb * nb + i * nb + j] = a[i * N + p * nb + j];
    MPI_Alltoall(sendbuf, nb * nb, MPI_DOUBLE, recvbuf, nb * nb, MPI_DOUBLE, MPI_COMM_WORLD);
    for (p = 0; p < size; p++)
        for (i = 0; i < nb; i++)
            for (j = 0; j < nb; j++)
                at[j * N + p * nb + i] = recvbuf[p * nb * nb + i * nb + j];
    t1 = MPI_Wtime();
    if (rank == 0)
        printf("transpose of %dx%d in %f s, at[0][1] = %f\n", N, N, t1 - t0, at[1]);
    free(a); free(at); free(sendbuf); free(recvbuf);
    MPI_Finalize();
    return 0;
}
