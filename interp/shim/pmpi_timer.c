/*
 * pmpi_timer.c - link into an MPI program to time the span interp predicts:
 * from the end of MPI_Init to the start of MPI_Finalize (the slowest rank).
 *
 * MPI_Init ends with a barrier so every rank starts its clock together, as
 * interp starts every process at time 0. MPI_Finalize takes the maximum of
 * the ranks' spans and rank 0 writes it, in seconds, to the file named by
 * $INTERP_TIME_FILE (or to stderr as "interp-time: S" when it is not set).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static double interp_t0;

static void interp_start(void)
{
    PMPI_Barrier(MPI_COMM_WORLD);
    interp_t0 = PMPI_Wtime();
}

int MPI_Init(int *argc, char ***argv)
{
    int rc = PMPI_Init(argc, argv);
    interp_start();
    return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    int rc = PMPI_Init_thread(argc, argv, required, provided);
    interp_start();
    return rc;
}

int MPI_Finalize(void)
{
    double span = PMPI_Wtime() - interp_t0, worst = 0.0;
    int rank = 0;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    PMPI_Reduce(&span, &worst, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        const char *path = getenv("INTERP_TIME_FILE");
        FILE *f = path ? fopen(path, "w") : NULL;
        if (f) {
            fprintf(f, "%.9e\n", worst);
            fclose(f);
        } else {
            fprintf(stderr, "interp-time: %.9e\n", worst);
        }
    }
    return PMPI_Finalize();
}
