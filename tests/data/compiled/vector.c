/* A loop gcc vectorizes (vector.s: gcc 12.2 -O3 -mavx2 -g -S): the main body adds 4 doubles per
   pass in ymm registers, then a scalar remainder; tests/test_compiled_model.py. */
void add(double *restrict a, const double *restrict b, const double *restrict c, int n)
{
    int i;
    for (i = 0; i < n; i++)
        a[i] = b[i] + c[i];
}

#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double)), *c = malloc(n * sizeof(double));
    add(a, b, c, n);
    return a[0] > 0.0;
}
