/* Monte Carlo: the fraction of random points under y = x^2 on [0,1]; every rank throws
 * `trials` points (from -t or the default), rank 0 sums the hits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

static long count_hits(long trials, unsigned int seed)
{
    long hits = 0, t;
    srand(seed);
    for (t = 0; t < trials; t++) {
        double x = (double)rand() / RAND_MAX;
        double y = (double)rand() / RAND_MAX;
        if (y <= x * x)
            hits++;
    }
    return hits;
}

int main(int argc, char **argv)
{
    int rank, size, a;
    long trials = 20000, hits, total;
    char *end;
    double t0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "-t") && a + 1 < argc) {
            trials = strtol(argv[++a], &end, 10);
            if (*end != '\0' || trials <= 0) {
                if (rank == 0) fprintf(stderr, "bad trial count %s\n", argv[a]);
                MPI_Abort(MPI_COMM_WORLD, 1);
            }
        }
    }
    t0 = MPI_Wtime();
    hits = count_hits(trials, 1234u + rank);
    MPI_Reduce(&hits, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("area ~ %f (%ld points, %.3f s)\n", (double)total / (trials * size), trials * size,
               MPI_Wtime() - t0);
    MPI_Finalize();
    return 0;
}
