/* SUMMA-like outer products on a q x q process grid: row and column communicators from
 * MPI_Comm_split; at step k the owners broadcast their blocks along rows and columns. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>

#define NB 16

static void local_gemm(const double *a, const double *b, double *c, int n)
{
    int i, j, k;
    for (i = 0; i < n; i++)
        for (k = 0; k < n; k++)
            for (j = 0; j < n; j++)
                c[i * n + j] += a[i * n + k] * b[k * n + j];
}

int main(int argc, char **argv)
{
    int rank, size, q, myrow, mycol, k, i;
    double a[NB * NB], b[NB * NB], c[NB * NB], abuf[NB * NB], bbuf[NB * NB];
    MPI_Comm rowcomm, colcomm;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    q = (int)sqrt((double)size);
    if (q * q != size) {
        if (rank == 0) fprintf(stderr, "P must be a square\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    myrow = rank / q;
    mycol = rank % q;
    MPI_Comm_split(MPI_COMM_WORLD, myrow, mycol, &rowcomm);
    MPI_Comm_split(MPI_COMM_WORLD, mycol, myrow, &colcomm);
    for (i = 0; i < NB * NB; i++) {
        a[i] = rank + 1.0;
        b[i] = 1.0 / (rank + 1.0);
        c[i] = 0.0;
    }
    for (k = 0; k < q; k++) {
        if (mycol == k)
            for (i = 0; i < NB * NB; i++) abuf[i] = a[i];
        if (myrow == k)
            for (i = 0; i < NB * NB; i++) bbuf[i] = b[i];
        MPI_Bcast(abuf, NB * NB, MPI_DOUBLE, k, rowcomm);
        MPI_Bcast(bbuf, NB * NB, MPI_DOUBLE, k, colcomm);
        local_gemm(abuf, bbuf, c, NB);
    }
    if (rank == 0)
        printf("c[0] = %f\n", c[0]);
    MPI_Comm_free(&rowcomm);
    MPI_Comm_free(&colcomm);
    MPI_Finalize();
    return 0;
}
