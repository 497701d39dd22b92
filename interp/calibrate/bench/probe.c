/* interp's speed probe (docs/calibrate.md, "Speed probe").
 *
 * A fixed piece of work, timed: independent double adds (the core's issue rate) and a streaming
 * read of a buffer that lives in L2 (the cache bandwidth). `interp calibrate` runs it between its
 * benchmark runs and records its time; `interp validate` runs it around every measured run. The
 * ratio of the two is how fast the machine is now against when it was calibrated: on a shared or
 * virtual machine that drifts by tens of percent from minute to minute.
 *
 * Usage: probe [scale]   prints "probe <seconds>", the best of 3 repetitions of the work.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define BUF_DOUBLES 32768 /* 256 KiB: inside L2 on current cores, beyond L1 */

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static double buf[BUF_DOUBLES];

int main(int argc, char **argv)
{
    double scale = argc > 1 ? atof(argv[1]) : 1.0;
    long adds = (long)(2e6 * scale), sweeps = (long)(60 * scale);
    double y = 1e-9, sink = 0, best = 1e30;
    if (adds < 1) adds = 1;
    if (sweeps < 1) sweeps = 1;
    for (int i = 0; i < BUF_DOUBLES; i++)
        buf[i] = i;
    for (int rep = 0; rep < 3; rep++) {
        double a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0;
        double t0 = now();
        for (long i = 0; i < adds; i++) {
            a0 += y; a1 += y; a2 += y; a3 += y; a4 += y; a5 += y; a6 += y; a7 += y;
            /* keeps the eight chains in registers and stops gcc folding them */
            __asm__ volatile("" : "+x"(a0), "+x"(a1), "+x"(a2), "+x"(a3), "+x"(a4), "+x"(a5),
                             "+x"(a6), "+x"(a7));
        }
        for (long s = 0; s < sweeps; s++) {
            double b0 = 0, b1 = 0, b2 = 0, b3 = 0, b4 = 0, b5 = 0, b6 = 0, b7 = 0;
            for (int i = 0; i < BUF_DOUBLES; i += 8) {
                b0 += buf[i]; b1 += buf[i + 1]; b2 += buf[i + 2]; b3 += buf[i + 3];
                b4 += buf[i + 4]; b5 += buf[i + 5]; b6 += buf[i + 6]; b7 += buf[i + 7];
                __asm__ volatile("" : "+x"(b0), "+x"(b1), "+x"(b2), "+x"(b3), "+x"(b4), "+x"(b5),
                                 "+x"(b6), "+x"(b7));
            }
            sink += b0 + b1 + b2 + b3 + b4 + b5 + b6 + b7;
        }
        double t = now() - t0;
        sink += a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;
        if (t < best)
            best = t;
    }
    printf("probe %.9g\n", best);
    return sink == 42.0; /* never true; uses the sums */
}
