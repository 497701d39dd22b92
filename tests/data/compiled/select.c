/* A loop whose if gcc -O2 turns into a select (tests/test_compiled_model.py): the largest
   element and how many are positive. select.s: gcc 12.2 -O2 -g -S of this file. */
#include <stdlib.h>
double largest(const double *x, int n, int *positive)
{
    double m = x[0];
    int count = 0;
    for (int i = 0; i < n; i++) {
        if (x[i] > m)
            m = x[i];
        if (x[i] > 0.0)
            count++;
    }
    *positive = count;
    return m;
}

int main(int argc, char **argv)
{
    int n = atoi(argv[1]), positive;
    double *x = calloc(n, sizeof(double));
    return largest(x, n, &positive) > 0.0;
}
