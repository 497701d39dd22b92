/*
 * strided_sum.c - sums every STRIDE-th element of an array of N doubles, over all STRIDE
 * offsets (so every element once per pass), PASSES times.
 *
 * Usage: strided_sum N STRIDE PASSES
 *
 * Strided access: with STRIDE >= 8 every load touches a new 64-byte line, and the lines of
 * one offset are reused only by the next offset's sweep if they are still in a cache.
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s N STRIDE PASSES\n", argv[0]);
        return 1;
    }
    long n = atol(argv[1]);
    int stride = atoi(argv[2]);
    int passes = atoi(argv[3]);
    double *v = malloc(n * sizeof(double));
    for (long i = 0; i < n; i++)
        v[i] = (double) (i & 255);

    double sum = 0.0;
    for (int p = 0; p < passes; p++)
        for (int off = 0; off < stride; off++)
            for (long i = off; i < n; i += stride)
                sum += v[i];
    printf("strided sum (stride %d): %.1f\n", stride, sum);
    free(v);
    return 0;
}
