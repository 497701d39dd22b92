/* A 1-D stencil whose size and step count come from getopt; rank 0 reports the time. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <mpi.h>

static void usage(const char *prog)
{
    fprintf(stderr, "usage: %s [-n cells] [-s steps] [-v]\n", prog);
}

int main(int argc, char **argv)
{
    int rank, size, opt, verbose = 0, n = 4000, steps = 20, local, s, i, left, right;
    double *u, *v, t0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    while ((opt = getopt(argc, argv, "n:s:v")) != -1) {
        switch (opt) {
        case 'n':
            n = atoi(optarg);
            break;
        case 's':
            steps = atoi(optarg);
            break;
        case 'v':
            verbose = 1;
            break;
        default:
            if (rank == 0)
                usage(argv[0]);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    local = n / size;
    left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    u = calloc(local + 2, sizeof(double));
    v = calloc(local + 2, sizeof(double));
    t0 = MPI_Wtime();
    for (s = 0; s < steps; s++) {
        MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[local + 1], 1, MPI_DOUBLE, right, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[local], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (i = 1; i <= local; i++)
            v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
        double *t = u; u = v; v = t;
        if (verbose && rank == 0)
            printf("step %d\n", s);
    }
    if (rank == 0)
        printf("%d cells, %d steps: %f s\n", n, steps, MPI_Wtime() - t0);
    free(u); free(v);
    MPI_Finalize();
    return 0;
}
