/*
 * mpi_bench.c - communication micro-benchmarks for `interp calibrate` (run on 2+ ranks).
 *
 * Usage: mpiexec -n 2 mpi_bench SCALE
 *        mpiexec -n P mpi_bench SCALE coll
 * Prints "pingpong BYTES one_way_seconds", "barrier 0 seconds",
 * "bcast BYTES seconds" and "allreduce BYTES seconds" lines (rank 0 only), and
 * "wtime 0 seconds_per_call", "dclock 0 seconds_per_call", "wtick 0 seconds".
 * The second form measures only the collectives, on P ranks: the calibration runs it
 * for every process count up to the cores available.
 * Each figure is the minimum over REPS batches of the batch mean: the
 * minimum is the run least disturbed by other jobs on the machine.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REPS 5

static int rank, size;

/* Round trips per batch: many for small messages, fewer for large ones. */
static int trips(long bytes, double scale)
{
    long t = (long) (scale * 2000.0 / (1.0 + bytes / 16384.0));
    return t < 4 ? 4 : (int) t;
}

static double pingpong(char *buf, long bytes, double scale)
{
    int n = trips(bytes, scale);
    double best = 1e9;
    for (int r = 0; r < REPS; r++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t = MPI_Wtime();
        for (int i = 0; i < n; i++) {
            if (rank == 0) {
                MPI_Send(buf, (int) bytes, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
                MPI_Recv(buf, (int) bytes, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else if (rank == 1) {
                MPI_Recv(buf, (int) bytes, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(buf, (int) bytes, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
            }
        }
        t = (MPI_Wtime() - t) / (2.0 * n);
        if (t < best) best = t;
    }
    return best;
}

/* The NX/2-on-MPI shim's dclock (interp/shim/nx_on_mpi.c), a separate function as it is there. */
__attribute__((noinline)) static double nx_dclock(void) { return MPI_Wtime(); }

/* Time per call of MPI_Wtime (kind 0) or of the shim's dclock (kind 1): a loop of calls minus
 * the empty loop, each the minimum over REPS batches. Every rank measures at once (one per core). */
static double timer_call(int kind, double scale)
{
    long n = (long) (scale * 100000.0) + 1000;
    double best = 1e9, base = 1e9;
    for (int r = 0; r < REPS; r++) {
        double t = MPI_Wtime();
        for (long i = 0; i < n; i++) __asm__ volatile("");
        t = MPI_Wtime() - t;
        if (t < base) base = t;
        t = MPI_Wtime();
        if (kind == 0)
            for (long i = 0; i < n; i++) (void) MPI_Wtime();
        else
            for (long i = 0; i < n; i++) (void) nx_dclock();
        t = MPI_Wtime() - t;
        if (t < best) best = t;
    }
    return best > base ? (best - base) / n : 0.0;
}

/* A collective's time: the slowest rank's mean per call (max-reduced). */
static double collective(int kind, char *buf, char *out, long bytes, double scale)
{
    int n = trips(bytes, scale);
    double best = 1e9;
    for (int r = 0; r < REPS; r++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t = MPI_Wtime();
        for (int i = 0; i < n; i++) {
            if (kind == 0) MPI_Barrier(MPI_COMM_WORLD);
            else if (kind == 1) MPI_Bcast(buf, (int) bytes, MPI_BYTE, 0, MPI_COMM_WORLD);
            else MPI_Allreduce(buf, out, (int) (bytes / 8), MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        }
        t = (MPI_Wtime() - t) / n, MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        if (t < best) best = t;
    }
    return best;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double scale = argc > 1 ? atof(argv[1]) : 1.0;
    long maxb = 4L << 20;
    char *buf = calloc(maxb, 1), *out = calloc(maxb, 1);
    if (size < 2) {
        fprintf(stderr, "mpi_bench: needs at least 2 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int coll_only = argc > 2 && strcmp(argv[2], "coll") == 0;
    if (!coll_only) {
        double tw = timer_call(0, scale), td = timer_call(1, scale);
        if (rank == 0) printf("wtime 0 %.6e\ndclock 0 %.6e\nwtick 0 %.6e\n", tw, td, MPI_Wtick());
        /* Sizes: 0, then powers of two with a midpoint, to see the eager/rendezvous switch. */
        for (long b = 0; b <= maxb; b = b ? (b * 3 / 2 == b ? b * 2 : (b & (b - 1)) ? b / 3 * 4 : b * 3 / 2) : 8) {
            double t = pingpong(buf, b, scale);
            if (rank == 0) printf("pingpong %ld %.6e\n", b, t);
        }
    }
    double tb = collective(0, buf, out, 0, scale);
    if (rank == 0) printf("barrier 0 %.6e\n", tb);
    for (long b = 8; b <= (2L << 20); b *= 8) { /* 8 B .. 2 MiB: large collectives leave the caches */
        double t1 = collective(1, buf, out, b, scale), t2 = collective(2, buf, out, b, scale);
        if (rank == 0) printf("bcast %ld %.6e\nallreduce %ld %.6e\n", b, t1, b, t2);
    }
    free(buf); free(out);
    MPI_Finalize();
    return 0;
}
