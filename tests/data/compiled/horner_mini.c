/* Horner's rule (tests/test_compiled_model.py): p = p*x + c[k], a chain of a multiply and an add
   whose add reads c[k] from memory (gcc folds the load into addsd). */
double horner(const double *c, int n, double x)
{
    double p = c[0];
    for (int k = 1; k <= n; k++)
        p = p * x + c[k];
    return p;
}
