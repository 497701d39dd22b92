#include <mpi.h>
typedef struct { double x, y, vx, vy; } particle;
#define NP 1000
int main(int argc, char **argv)
{
    int rank, i, step;
    static particle p[NP];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (step = 0; step < 10; step++) {
        for (i = 0; i < NP; i++) {
            p[i].x += 0.1 * p[i].vx;
            p[i].y += 0.1 * p[i].vy;
        }
        MPI_Allreduce(MPI_IN_PLACE, &p[0].x, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
