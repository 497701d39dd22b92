/*
 * heat2d_residual.c - Jacobi iterations of the 2-D Laplace equation on an N x N grid with a hot
 * top edge, the 5-point stencil into a second grid, the squared residual summed every sweep,
 * and the two grids swapped by pointer.
 *
 * Usage: heat2d_residual N SWEEPS
 */
#include <stdio.h>
#include <stdlib.h>

#define AT(g, i, j) ((g)[(i) * n + (j)])

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s N SWEEPS\n", argv[0]);
        return 1;
    }
    int n = atoi(argv[1]);
    int sweeps = atoi(argv[2]);
    double *old = calloc((size_t) n * n, sizeof(double));
    double *new = calloc((size_t) n * n, sizeof(double));
    for (int j = 0; j < n; j++)
        AT(old, 0, j) = AT(new, 0, j) = 100.0;

    double res = 0.0;
    for (int it = 0; it < sweeps; it++) {
        res = 0.0;
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++) {
                double val = 0.25 * (AT(old, i - 1, j) + AT(old, i + 1, j) + AT(old, i, j - 1) + AT(old, i, j + 1));
                double d = val - AT(old, i, j);
                AT(new, i, j) = val;
                res += d * d;
            }
        double *t = old;
        old = new;
        new = t;
    }
    printf("squared residual after %d sweeps: %.6e\n", sweeps, res);
    free(old);
    free(new);
    return 0;
}
