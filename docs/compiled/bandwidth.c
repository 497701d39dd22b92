/* Main-memory streaming read and write bandwidth, fastest of 20 passes over 64 MB. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void){struct timespec a; clock_gettime(CLOCK_MONOTONIC,&a); return a.tv_sec+1e-9*a.tv_nsec;}
int main(void) { long n = 8000000; double *x = malloc(n * 8), br = 1e9, bw = 1e9, s[8] = {0};
    for (long i = 0; i < n; i++) x[i] = i;
    for (int k = 0; k < 20; k++) {
        double t = now();
        for (long i = 0; i < n; i += 8) for (int j = 0; j < 8; j++) { s[j] += x[i + j]; __asm__ volatile("" : "+x"(s[j])); }
        double t1 = now();
        for (long i = 0; i < n; i++) { x[i] = 1.5; __asm__ volatile("" :: "r"(x)); }
        double t2 = now();
        if (t1 - t < br) br = t1 - t; if (t2 - t1 < bw) bw = t2 - t1;
    }
    printf("read %.2f GB/s, write %.2f GB/s %g\n", n * 8 / br / 1e9, n * 8 / bw / 1e9, s[0]*0);
    return 0; }
