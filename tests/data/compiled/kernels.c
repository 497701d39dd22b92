/* Small loops for the compiled node model's tests (tests/test_compiled_model.py): a rand() fill
   (a library call the generated loop keeps) and the triangular nest s += x[i]*x[j], whose add
   chain through s bounds the inner loop. kernels.s: gcc 12.2 -O2 -g -S of this file. */
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int i, j;
    double s = 0.0;
    double *x = malloc(n * sizeof(double));
    for (i = 0; i < n; i++)
        x[i] = (double)rand() / RAND_MAX;
    for (i = 0; i < n; i++)
        for (j = 0; j < i; j++)
            s += x[i] * x[j];
    free(x);
    return s > 0.0;
}
