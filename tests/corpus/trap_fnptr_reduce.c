/*
 * trap_fnptr_reduce.c - the trapezoidal rule of an MPI course, with the integrand passed to the
 * integration routine as a function pointer: each rank integrates its slice of [a, b] for two
 * integrands in turn and rank 0 receives the sums by MPI_Reduce.
 *
 * Usage: mpiexec -n P ./trap_fnptr_reduce    (n = 1024 trapezoids on [0, 2]; P divides n)
 */
#include <stdio.h>
#include <mpi.h>

static double parabola(double x) { return x * x; }
static double cubic(double x) { return x * x * x; }

/* the trapezoidal rule on [left, right] with count trapezoids of width base */
static double trap(double left, double right, int count, double base, double (*f)(double))
{
    double estimate = (f(left) + f(right)) / 2.0;
    for (int i = 1; i <= count - 1; i++) {
        double x = left + i * base;
        estimate += f(x);
    }
    return estimate * base;
}

int main(int argc, char *argv[])
{
    int rank, size, n = 1024, local_n;
    double a = 0.0, b = 2.0, h, local_a, local_b, local_int, total_int;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    h = (b - a) / n;
    local_n = n / size;
    local_a = a + rank * local_n * h;
    local_b = local_a + local_n * h;

    local_int = trap(local_a, local_b, local_n, h, parabola);
    MPI_Reduce(&local_int, &total_int, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("x^2 on [%g, %g] with %d trapezoids: %.12f\n", a, b, n, total_int);

    local_int = trap(local_a, local_b, local_n, h, cubic);
    MPI_Reduce(&local_int, &total_int, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("x^3 on [%g, %g] with %d trapezoids: %.12f\n", a, b, n, total_int);

    MPI_Finalize();
    return 0;
}
