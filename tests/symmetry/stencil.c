/* Issue 16's stencil (benchmarks/stencil_steady.py): two halo MPI_Sendrecv a step, an MPI_Allreduce every 10. */

#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, step, i, n = atoi(argv[1]), steps = atoi(argv[2]);
    double *u, *v, local = 0.0, global;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int m = n / size;
    u = malloc((m + 2) * sizeof(double));
    v = malloc((m + 2) * sizeof(double));
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    for (step = 0; step < steps; step++) {
        MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[m + 1], 1, MPI_DOUBLE, right, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[m], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (i = 1; i <= m; i++)
            v[i] = 0.5 * (u[i - 1] + u[i + 1]);
        if (step % 10 == 0)
            MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
