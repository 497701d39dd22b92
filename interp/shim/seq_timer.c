/*
 * seq_timer.c - times the whole of main() of a sequential program.
 *
 * The program is compiled with -Dmain=interp_user_main; this main starts the
 * clock, runs it, and an atexit handler writes the span (so exit() inside
 * the program is timed too) to $INTERP_TIME_FILE, or to stderr.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int interp_user_main(int argc, char **argv);

static struct timespec interp_t0;

static void interp_report(void)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double span = (t1.tv_sec - interp_t0.tv_sec) + 1e-9 * (t1.tv_nsec - interp_t0.tv_nsec);
    const char *path = getenv("INTERP_TIME_FILE");
    FILE *f = path ? fopen(path, "w") : NULL;
    if (f) {
        fprintf(f, "%.9e\n", span);
        fclose(f);
    } else {
        fprintf(stderr, "interp-time: %.9e\n", span);
    }
}

int main(int argc, char **argv)
{
    atexit(interp_report);
    clock_gettime(CLOCK_MONOTONIC, &interp_t0);
    return interp_user_main(argc, argv);
}
