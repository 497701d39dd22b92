/* The stencil sweep with residual of stencil1d.c at three sizes: ns and cycles per point (fastest
   of 40 sweeps, against a dependent int add chain timed between them). */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
static double now(void){struct timespec a; clock_gettime(CLOCK_MONOTONIC,&a); return a.tv_sec+1e-9*a.tv_nsec;}
static double addchain(long reps) { long v = 0; double t = now();
    for (long r = 0; r < reps; r++) __asm__ volatile(".rept 100\n\taddq $1, %0\n\t.endr" : "+r"(v));
    return (now() - t) / (reps * 100.0); }
__attribute__((noinline)) double sweep(double *restrict v, const double *restrict u, int n, double a) {
    double r = 0; int i;
    for (i = 1; i <= n; i++) { v[i] = u[i] + a * (u[i-1] - 2.0 * u[i] + u[i+1]); r += fabs(v[i] - u[i]); }
    return r; }
int main(int argc, char **argv) {
    int sizes[] = {2000, 100000, 4000000};
    for (int s = 0; s < 3; s++) {
        int n = sizes[s], reps = 4000000 / n; double best = 1e9, add = 1e9, sink = 0;
        double *u = malloc((n + 2) * 8), *v = malloc((n + 2) * 8);
        for (int i = 0; i < n + 2; i++) { u[i] = i % 17; v[i] = 0; }
        for (int k = 0; k < 40; k++) {
            double c = addchain(200), t = now();
            for (int r = 0; r < reps; r++) { sink += sweep(v, u, n, 0.25); double *w = u; u = v; v = w; }
            double per = (now() - t) / ((double)reps * n);
            if (per < best) best = per; if (c < add) add = c;
        }
        printf("n=%d (%.0f KiB): %.3f ns/point, %.2f cycles (add %.3f ns) %g\n", n, 16.0*n/1024, best*1e9, best/add, add*1e9, sink*0);
        free(u); free(v);
    }
    return 0; }
