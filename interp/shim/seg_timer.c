/*
 * seg_timer.c - link into a program instrumented by interp extrapolate
 * (interp/studies/instrument.py) to time its segments (seed 000, section 2.2).
 *
 * interp_seg_add(K, seconds) accumulates the time and the executions of
 * segment K. At exit each process writes "K seconds executions" lines to
 * $INTERP_SEG_DIR/seg.PID (one file per process: the MPI ranks of a run are
 * told apart without calling MPI after MPI_Finalize).
 */
/* section(".text.interp_shim"): the destructor's code goes after the program's, not into
 * .text.startup/.text.exit, which the linker places before every file's .text. Linking this shim
 * must not move the program's loops: the compiled model reads their placement from the executable
 * linked without it (interp/models/code_layout.py). */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define INTERP_SEGS 65536

static double interp_seg_seconds[INTERP_SEGS];
static long interp_seg_count[INTERP_SEGS];
static int interp_seg_last = -1;

double interp_seg_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

void interp_seg_add(int k, double seconds)
{
    if (k < 0 || k >= INTERP_SEGS)
        return;
    interp_seg_seconds[k] += seconds;
    interp_seg_count[k] += 1;
    if (k > interp_seg_last)
        interp_seg_last = k;
}

__attribute__((destructor, section(".text.interp_shim"))) static void interp_seg_write(void)
{
    const char *dir = getenv("INTERP_SEG_DIR");
    char path[4096];
    FILE *f;
    int k;
    if (!dir)
        return;
    snprintf(path, sizeof path, "%s/seg.%ld", dir, (long) getpid());
    f = fopen(path, "w");
    if (!f)
        return;
    for (k = 0; k <= interp_seg_last; k++)
        if (interp_seg_count[k] > 0)
            fprintf(f, "%d %.9e %ld\n", k, interp_seg_seconds[k], interp_seg_count[k]);
    fclose(f);
}
