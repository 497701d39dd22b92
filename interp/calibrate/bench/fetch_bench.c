/* fetch_bench.c - interp calibrate: the core's instruction-fetch window (x86-64 only).
 *
 * The same 17-byte loop (three independent adds, a counter add and a fused compare-and-branch:
 * about 1.25 cycles a pass on four ALUs) is placed four ways relative to aligned blocks of code:
 *   inside   within one 64-byte block                     [0, 17)
 *   cross16  across a 16-byte boundary that is not a 32   [8, 25)
 *   cross32  across a 32-byte boundary that is not a 64   [24, 41)
 *   cross64  across a 64-byte boundary                    [56, 73)
 * A core whose front end delivers one fetch window (an op-cache line, a decoded-uop cache way)
 * per cycle runs a loop that spans two windows at two windows a pass at least. The placement
 * that first slows the loop gives the window's size; its time per pass over 2 is the time of one
 * window (interp/calibrate/fit.py fetch_values, docs/calibrate.md).
 *
 * Usage: fetch_bench SCALE    prints "fetch_<placement> <seconds per pass>" lines (the fastest of
 * 15 interleaved runs of 2e7 passes each).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#if defined(__x86_64__)
#define LOOP(name, skip)                                                                         \
    __asm__(".text\n.p2align 6\n.globl " #name "\n.type " #name ",@function\n" #name ":\n"       \
            "  xor %ecx, %ecx\n  xor %edx, %edx\n  xor %esi, %esi\n  xor %r8d, %r8d\n"           \
            "  jmp 2f\n  .p2align 6\n" skip                                                     \
            "2:\n  add $1, %rdx\n  add $1, %rsi\n  add $1, %r8\n  add $1, %rcx\n"                \
            "  cmp %rdi, %rcx\n  jne 2b\n  mov %rdx, %rax\n  ret\n.size " #name ", .-" #name "\n");

LOOP(interp_fetch_inside, "")
LOOP(interp_fetch_cross16, "  .skip 8, 0x90\n")
LOOP(interp_fetch_cross32, "  .skip 24, 0x90\n")
LOOP(interp_fetch_cross64, "  .skip 56, 0x90\n")
long interp_fetch_inside(long), interp_fetch_cross16(long), interp_fetch_cross32(long),
    interp_fetch_cross64(long);

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* n passes of loop, in seconds a pass. */
static double per_pass(long (*loop)(long), long n)
{
    double t0 = now();
    volatile long sink = loop(n);
    (void) sink;
    return (now() - t0) / n;
}

int main(int argc, char **argv)
{
    double scale = argc > 1 ? atof(argv[1]) : 1.0;
    long n = (long) (2e7 * (scale < 1.0 ? 1.0 : scale)); /* about 10 ms a run: --quick does not shorten it */
    long (*loops[4])(long) = {interp_fetch_inside, interp_fetch_cross16, interp_fetch_cross32,
                              interp_fetch_cross64};
    const char *names[4] = {"inside", "cross16", "cross32", "cross64"};
    double best[4] = {1e30, 1e30, 1e30, 1e30};
    per_pass(interp_fetch_inside, n / 10); /* warm the clock up */
    /* The placements take turns, 15 rounds, and each keeps its fastest run: a burst of load from
     * other processes falls on all four alike instead of on one placement's runs. */
    for (int r = 0; r < 15; r++)
        for (int k = 0; k < 4; k++) {
            double t = per_pass(loops[k], n);
            if (t < best[k])
                best[k] = t;
        }
    for (int k = 0; k < 4; k++)
        printf("fetch_%s %.6e\n", names[k], best[k]);
    return 0;
}
#else
int main(void)
{
    return 0; /* no placement experiment for this instruction set: no fetch_* lines */
}
#endif
