#include <stdlib.h>
#include <mpi.h>

int main(int argc, char **argv)
{
    int N, gens, g, i, j, nb;
    char *cur, *nxt, *tmp;
    MPI_Init(&argc, &argv);
    N = atoi(argv[1]);
    gens = atoi(argv[2]);
    cur = calloc((N + 2) * N, 1);
    nxt = calloc((N + 2) * N, 1);
    for (g = 0; g < gens; g++) {
        for (i = 1; i <= N; i++) {
            for (j = 0; j < N; j++) {
                nb = cur[(i-1)*N + j] + cur[(i+1)*N + j];
                if (cur[i*N + j])
                    nxt[i*N + j] = (nb == 2 || nb == 3);
                else
                    nxt[i*N + j] = (nb == 3);
            }
        }
        tmp = cur; cur = nxt; nxt = tmp;
    }
    MPI_Finalize();
    return 0;
}
