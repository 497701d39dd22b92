/* The rand() fill and the sum of rand_sum.c timed apart (docs/model.md: page faults). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void){struct timespec a; clock_gettime(CLOCK_MONOTONIC,&a); return a.tv_sec+1e-9*a.tv_nsec;}
int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int i;
    double sum = 0.0, t0, t1, t2;
    double *x;
    x = malloc(n * sizeof(double));
    srand(1);
    t0 = now();
    for (i = 0; i < n; i++)
        x[i] = (double)rand() / RAND_MAX;
    t1 = now();
    for (i = 0; i < n; i++)
        sum += x[i];
    t2 = now();
    printf("fill %.1f ms (%.1f ns/it), sum %.1f ms (%.2f ns/it) %g\n", (t1-t0)*1e3, (t1-t0)*1e9/n, (t2-t1)*1e3, (t2-t1)*1e9/n, sum);
    free(x);
    return 0;
}
