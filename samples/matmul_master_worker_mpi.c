/*
 * matmul_master_worker_mpi.c - C = A * B for N x N matrices, master/worker.
 *
 * Usage: mpiexec -n P matmul_master_worker_mpi N      (P >= 2)
 *   N  matrix order (N >= P - 1, so every worker gets at least one row)
 *
 * Rank 0 only distributes and collects: it sends all of B and a block of
 * rows of A to each of the P-1 workers, which return their rows of C.
 * A[i][k] = i + k and B[k][j] = k - j, so every C[i][j] has a closed form
 * and the master checks the result without multiplying again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mpi.h>

enum { TAG_B = 1, TAG_A = 2, TAG_C = 3 };

/* Rows [*first, *first + *count) of the N rows belong to worker w (1..P-1);
   the first N % (P-1) workers take one extra row. Both sides compute it,
   so no counts need to be sent. */
static void block(int n, int nworkers, int w, int *first, int *count)
{
    int base = n / nworkers, extra = n % nworkers;
    *count = base + (w - 1 < extra ? 1 : 0);
    *first = (w - 1) * base + (w - 1 < extra ? w - 1 : extra);
}

int main(int argc, char *argv[])
{
    int rank, size, n = 0, first, count;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        if (argc != 2 || size < 2) {
            fprintf(stderr, "usage: mpiexec -n P %s N   (P >= 2)\n", argv[0]);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        n = atoi(argv[1]);
        if (n < size - 1) {
            fprintf(stderr, "need N >= P - 1\n");
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    int nworkers = size - 1;

    /* Workers hold only their own rows of A and C; the master holds all. */
    int myrows = n;
    if (rank != 0)
        block(n, nworkers, rank, &first, &myrows);
    double *b = malloc((size_t) n * n * sizeof(double));
    double *a = malloc((size_t) myrows * n * sizeof(double));
    double *c = malloc((size_t) myrows * n * sizeof(double));
    if (a == NULL || b == NULL || c == NULL) {
        fprintf(stderr, "rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    double t0 = MPI_Wtime();
    if (rank == 0) {
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                a[i * n + j] = i + j;
                b[i * n + j] = i - j;
            }
        for (int w = 1; w <= nworkers; w++) {
            block(n, nworkers, w, &first, &count);
            MPI_Send(b, n * n, MPI_DOUBLE, w, TAG_B, MPI_COMM_WORLD);
            MPI_Send(&a[first * n], count * n, MPI_DOUBLE, w, TAG_A,
                     MPI_COMM_WORLD);
        }
        for (int w = 1; w <= nworkers; w++) {
            block(n, nworkers, w, &first, &count);
            MPI_Recv(&c[first * n], count * n, MPI_DOUBLE, w, TAG_C,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    } else {
        MPI_Recv(b, n * n, MPI_DOUBLE, 0, TAG_B, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        MPI_Recv(a, myrows * n, MPI_DOUBLE, 0, TAG_A, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        /* i-k-j order walks B and C along rows, which the caches favour. */
        for (int i = 0; i < myrows; i++) {
            for (int j = 0; j < n; j++)
                c[i * n + j] = 0.0;
            for (int k = 0; k < n; k++)
                for (int j = 0; j < n; j++)
                    c[i * n + j] += a[i * n + k] * b[k * n + j];
        }
        MPI_Send(c, myrows * n, MPI_DOUBLE, 0, TAG_C, MPI_COMM_WORLD);
    }
    double t1 = MPI_Wtime();

    if (rank == 0) {
        /* sum_k (i+k)(k-j) = S2 + (i-j) S1 - i j N, S1 = sum k, S2 = sum k^2 */
        double s1 = 0.5 * n * (n - 1.0), s2 = (n - 1.0) * n * (2.0 * n - 1.0) / 6.0;
        double maxerr = 0.0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double exact = s2 + (i - j) * s1 - (double) i * j * n;
                maxerr = fmax(maxerr, fabs(c[i * n + j] - exact));
            }
        printf("N = %d, P = %d (%d workers)\n", n, size, nworkers);
        printf("C[0][0] = %.1f, C[N-1][N-1] = %.1f, max error = %.3e\n",
               c[0], c[(n - 1) * n + n - 1], maxerr);
        printf("time = %.6f s\n", t1 - t0);
    }

    free(a);
    free(b);
    free(c);
    MPI_Finalize();
    return 0;
}
