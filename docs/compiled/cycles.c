/* Cycles per iteration of the inner loops, in L1, against a chain of dependent int adds
   (1 cycle each) timed right before and after: the ratio does not depend on the clock. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
static double now(void){struct timespec a; clock_gettime(CLOCK_MONOTONIC,&a); return a.tv_sec+1e-9*a.tv_nsec;}
#define N 1000
double x[N+2], y[N+2], b[N], c[N];
static double addchain(long reps) {  /* seconds per add */
    long v = 0; double t = now();
    for (long r = 0; r < reps; r++) {
        __asm__ volatile(".rept 100\n\taddq $1, %0\n\t.endr" : "+r"(v));
    }
    return (now() - t) / (reps * 100.0) + 0*v;
}
__attribute__((noinline)) double tri(int i) { double s = 0; int j; for (j = 0; j < i; j++) s += x[i] * x[j]; return s; }
__attribute__((noinline)) void ikj(double *cc, double a, const double *bb, int n) { int j; for (j = 0; j < n; j++) cc[j] += a * bb[j]; }
__attribute__((noinline)) double sten(int n, double a) { double r = 0; int i;
    for (i = 1; i <= n; i++) { y[i] = x[i] + a * (x[i-1] - 2.0 * x[i] + x[i+1]); r += fabs(y[i] - x[i]); } return r; }
__attribute__((noinline)) double sum(const double *v, int n) { double s = 0; int i; for (i = 0; i < n; i++) s += v[i]; return s; }
int main(void) {
    for (int i = 0; i < N+2; i++) { x[i] = 1.0 / (i + 1); y[i] = 0; }
    for (int i = 0; i < N; i++) { b[i] = 1; c[i] = 2; }
    const char *names[] = {"triangle s+=x[i]*x[j]", "matmul ikj row", "stencil1d+residual", "sum"};
    for (int k = 0; k < 4; k++) {
        double best = 1e9, add = 1e9, sink = 0;
        for (int chunk = 0; chunk < 400; chunk++) {  /* short chunks: the fastest is unloaded */
            double a = addchain(200), t = now();
            for (int r = 0; r < 50; r++) {
                if (k == 0) sink += tri(N);
                else if (k == 1) ikj(c, 1.0001, b, N);
                else if (k == 2) sink += sten(N, 0.25);
                else sink += sum(x, N);
            }
            double per = (now() - t) / (50.0 * N);
            if (per < best) best = per;
            if (a < add) add = a;
        }
        printf("%-24s %.2f cycles/iter (%.3f ns/iter, add %.3f ns) %g\n", names[k], best / add, best*1e9, add*1e9, sink*0);
    }
    return 0;
}
