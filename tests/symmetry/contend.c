/* Two messages per rank and iteration on a hypercube (e-cube routes): to rank XOR 3 (two hops:
   dimension 0, then 1) and, for the odd ranks below `half`, to rank XOR 2 (one hop, dimension 1):
   the link that the second hop of rank XOR 1's first message takes. tests/test_symmetry_xor.py */
#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, it, i, iters = atoi(argv[1]), n = atoi(argv[2]), half = atoi(argv[3]), m = atoi(argv[4]);
    double *u = malloc((n + 2) * sizeof(double)), *v = malloc(m * sizeof(double)), *w = malloc(m * sizeof(double));
    MPI_Request req[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int a = rank ^ 3;
    int b = rank % 2 == 1 && rank < half ? rank ^ 2 : MPI_PROC_NULL;
    for (it = 0; it < iters; it++) {
        MPI_Isend(v, m, MPI_DOUBLE, a, 0, MPI_COMM_WORLD, &req[0]);
        MPI_Isend(v, m, MPI_DOUBLE, b, 1, MPI_COMM_WORLD, &req[1]);
        MPI_Irecv(w, m, MPI_DOUBLE, a, 0, MPI_COMM_WORLD, &req[2]);
        MPI_Irecv(w, m, MPI_DOUBLE, b, 1, MPI_COMM_WORLD, &req[3]);
        MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
        for (i = 1; i <= n; i++)
            u[i] = 0.5 * (u[i - 1] + u[i + 1]);
    }
    MPI_Finalize();
    return 0;
}
