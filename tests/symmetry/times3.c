/* Partners 3r and 11r mod 16: a valid permutation, but not one pattern seen from every rank. */
#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, it, i, iters = atoi(argv[1]), n = atoi(argv[2]);
    double *u = malloc((n + 2) * sizeof(double));
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int to = (3 * rank) % size, from = (11 * rank) % size;
    for (it = 0; it < iters; it++) {
        MPI_Sendrecv(&u[1], n, MPI_DOUBLE, to, 0, &u[0], n, MPI_DOUBLE, from, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (i = 1; i <= n; i++)
            u[i] = 0.5 * (u[i - 1] + u[i + 1]);
    }
    MPI_Finalize();
    return 0;
}
