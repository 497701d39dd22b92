/*
 * triangle_dot.c - the strictly lower triangle of the outer product x x^T, summed:
 * s = sum over j < i of x[i] * x[j]. A triangular nest whose inner trip count is the outer index.
 *
 * Usage: triangle_dot N
 *
 * The single accumulator s carries a dependence from one inner iteration to the next (gcc -O2
 * does not reassociate floating-point adds), so the nest runs at the latency of one add per pair.
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char *argv[])
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s N\n", argv[0]);
        return 1;
    }
    int n = atoi(argv[1]);
    double *x = (double *) malloc(n * sizeof(double));
    if (x == NULL)
        return 1;
    for (int i = 0; i < n; i++)
        x[i] = 1.0 + (i % 7) * 0.125;

    double s = 0.0;
    for (int i = 1; i < n; i++)
        for (int j = 0; j < i; j++)
            s += x[i] * x[j];

    printf("n = %d  sum_{j<i} x_i x_j = %.10e\n", n, s);
    free(x);
    return 0;
}
