/*
 * two_file_solver.c - numerical routines of the two-file program whose
 * main() is in two_file_main.c.  No main() here.
 */
#include <mpi.h>

void local_update(double *v, int n)
{
    int i;
#pragma interp cost(300 us)
    for (i = 0; i < n; i++)
        v[i] = 0.25 * v[i] + 1.0;
}

double global_dot(const double *a, const double *b, int n, MPI_Comm comm)
{
    int i;
    double mine = 0.0, all = 0.0;
#pragma interp cost(50 us)
    for (i = 0; i < n; i++)
        mine += a[i] * b[i];
    MPI_Allreduce(&mine, &all, 1, MPI_DOUBLE, MPI_SUM, comm);
    return all;
}
