/*
 * trapezoid_getdata_bcast.c - the textbook parallel trapezoidal rule: rank 0
 * reads a, b and n, a Get_input routine shares them through pointers with
 * three broadcasts, each rank integrates its own sub-interval with a serial
 * Trap() routine, and MPI_Reduce adds the pieces.
 *
 * Usage: echo "0 1 1024" | mpiexec -n P ./trapezoid_getdata_bcast
 */
#include <stdio.h>
#include <mpi.h>

static double f(double x)
{
    return x * x;
}

static void Get_input(int my_rank, double *a_p, double *b_p, int *n_p)
{
    if (my_rank == 0) {
        printf("Enter a, b, and n\n");
        scanf("%lf %lf %d", a_p, b_p, n_p);
    }
    MPI_Bcast(a_p, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Bcast(b_p, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Bcast(n_p, 1, MPI_INT, 0, MPI_COMM_WORLD);
}

static double Trap(double left, double right, int count, double base)
{
    double estimate, x;
    int i;

    estimate = (f(left) + f(right)) / 2.0;
    for (i = 1; i <= count - 1; i++) {
        x = left + i * base;
        estimate += f(x);
    }
    return estimate * base;
}

int main(void)
{
    int my_rank, comm_sz, n, local_n;
    double a, b, h, local_a, local_b, local_int, total_int;

    MPI_Init(NULL, NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &comm_sz);

    Get_input(my_rank, &a, &b, &n);

    h = (b - a) / n;
    local_n = n / comm_sz;
    local_a = a + my_rank * local_n * h;
    local_b = local_a + local_n * h;
    local_int = Trap(local_a, local_b, local_n, h);

    MPI_Reduce(&local_int, &total_int, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (my_rank == 0)
        printf("With n = %d trapezoids, integral from %f to %f = %.15e\n", n, a, b, total_int);

    MPI_Finalize();
    return 0;
}
