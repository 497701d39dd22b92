/* The trapezoid loop (4.0 / (1.0 + x*x)) in cycles per iteration, fastest of 400 chunks against a
   dependent int add chain (docs/model.md: the divider). */
#include <stdio.h>
#include <time.h>
static double now(void){struct timespec a; clock_gettime(CLOCK_MONOTONIC,&a); return a.tv_sec+1e-9*a.tv_nsec;}
static double addchain(long reps) { long v = 0; double t = now();
    for (long r = 0; r < reps; r++) __asm__ volatile(".rept 100\n\taddq $1, %0\n\t.endr" : "+r"(v));
    return (now() - t) / (reps * 100.0); }
static double f(double x) { return 4.0 / (1.0 + x * x); }
__attribute__((noinline)) double trap(int n) { double s = 0; int i; for (i = 0; i < n; i++) s = s + f(i * 0.001); return s; }
int main(void) { double best = 1e9, add = 1e9, sink = 0;
    for (int k = 0; k < 400; k++) { double a = addchain(200), t = now(); sink += trap(20000); double per = (now() - t) / 20000; if (per < best) best = per; if (a < add) add = a; }
    printf("trapezoid loop: %.2f cycles/iter (%.3f ns) %g\n", best / add, best * 1e9, sink * 0); return 0; }
