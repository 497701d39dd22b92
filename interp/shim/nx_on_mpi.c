/*
 * nx_on_mpi.c - enough of Intel NX/2 on MPI to run a host-node program here.
 *
 * One executable holds both programs: the host's source is compiled with
 * -Dmain=nx_host_main and the node's with -Dmain=nx_node_main. Run it on
 * P+1 MPI ranks: ranks 0..P-1 are nodes 0..P-1, rank P is the host. The
 * node program is running from the start, so load() does nothing, and the
 * timed span (as pmpi_timer.c: from a common start after MPI_Init to the
 * end, slowest rank) covers the host's load onwards, as interp predicts it.
 *
 *   csend(type, buf, len, node, pid)  MPI_Send, tag = type; node -1 = every
 *                                     node but the sender; node = myhost()
 *                                     = the host rank
 *   crecv(typesel, ...)               MPI_Recv from anyone, typesel -1 = any
 *   isend/irecv/msgwait/msgdone       MPI_Isend/MPI_Irecv/MPI_Wait/MPI_Test
 *   gdsum/gisum/gssum/g*high/g*low    MPI_Allreduce among the nodes only
 *   gsync                             MPI_Barrier among the nodes only
 *   dclock                            MPI_Wtime
 *
 * The host waits by polling with short sleeps: it is one process more than
 * there are nodes, and a busy-waiting host would take a core from them.
 */
#define _POSIX_C_SOURCE 199309L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int nx_host_main(int argc, char **argv);
int nx_node_main(int argc, char **argv);

static int world_rank, world_size, is_host;
static MPI_Comm nodes_comm;
static MPI_Status last;

#define MAXREQ 1024
static MPI_Request reqs[MAXREQ];

long mynode(void) { return is_host ? world_size - 1 : world_rank; }
long numnodes(void) { return world_size - 1; }
long mypid(void) { return 0; }
long myhost(void) { return world_size - 1; }
double dclock(void) { return MPI_Wtime(); }
void load(char *filename, long node, long pid) { (void) filename; (void) node; (void) pid; }
void killcube(long node, long pid) { (void) node; (void) pid; }

static int tag_of(long typesel) { return typesel < 0 ? MPI_ANY_TAG : (int) typesel; }

static void wait_req(MPI_Request *r, MPI_Status *st)
{
    if (!is_host) {
        MPI_Wait(r, st);
        return;
    }
    /* The pause grows with the time waited, to 1% of it: polling then adds at most about 1%
     * (plus 20 us) to a wait, and a host that waits long for the nodes wakes up rarely. With a
     * fixed 20 us pause the wake-ups took about a quarter of a core from the nodes when host and
     * nodes shared the cores (trapezoid host-node, P = 2 on 2 cores: 25% slower). */
    int done = 0;
    double start = MPI_Wtime();
    for (;;) {
        MPI_Test(r, &done, st);
        if (done) return;
        double pause = (MPI_Wtime() - start) / 100;
        if (pause < 20e-6) pause = 20e-6;
        struct timespec ts = {(time_t) pause, (long) ((pause - (time_t) pause) * 1e9)};
        nanosleep(&ts, NULL);
    }
}

void csend(long type, char *buf, long len, long node, long pid)
{
    (void) pid;
    if (node == -1) {
        for (int r = 0; r < world_size - 1; r++)
            if (r != world_rank) MPI_Send(buf, (int) len, MPI_BYTE, r, (int) type, MPI_COMM_WORLD);
        return;
    }
    MPI_Request r;
    MPI_Isend(buf, (int) len, MPI_BYTE, (int) node, (int) type, MPI_COMM_WORLD, &r);
    wait_req(&r, MPI_STATUS_IGNORE);
}

void crecv(long typesel, char *buf, long len)
{
    MPI_Request r;
    MPI_Irecv(buf, (int) len, MPI_BYTE, MPI_ANY_SOURCE, tag_of(typesel), MPI_COMM_WORLD, &r);
    wait_req(&r, &last);
}

static long new_req(void)
{
    for (long i = 0; i < MAXREQ; i++)
        if (reqs[i] == MPI_REQUEST_NULL) return i;
    fprintf(stderr, "nx_on_mpi: more than %d pending isend/irecv\n", MAXREQ);
    MPI_Abort(MPI_COMM_WORLD, 2);
    return -1;
}

long isend(long type, char *buf, long len, long node, long pid)
{
    (void) pid;
    long id = new_req();
    MPI_Isend(buf, (int) len, MPI_BYTE, (int) node, (int) type, MPI_COMM_WORLD, &reqs[id]);
    return id;
}

long irecv(long typesel, char *buf, long len)
{
    long id = new_req();
    MPI_Irecv(buf, (int) len, MPI_BYTE, MPI_ANY_SOURCE, tag_of(typesel), MPI_COMM_WORLD, &reqs[id]);
    return id;
}

void msgwait(long mid) { wait_req(&reqs[mid], &last); }
long msgdone(long mid)
{
    int done = 0;
    MPI_Test(&reqs[mid], &done, &last);
    return done;
}
void msgcancel(long mid) { MPI_Cancel(&reqs[mid]); MPI_Request_free(&reqs[mid]); }

long cprobe(long typesel) { MPI_Probe(MPI_ANY_SOURCE, tag_of(typesel), MPI_COMM_WORLD, &last); return 1; }
long iprobe(long typesel)
{
    int flag = 0;
    MPI_Iprobe(MPI_ANY_SOURCE, tag_of(typesel), MPI_COMM_WORLD, &flag, &last);
    return flag;
}
long infocount(void) { int n = 0; MPI_Get_count(&last, MPI_BYTE, &n); return n; }
long infonode(void) { return last.MPI_SOURCE; }
long infotype(void) { return last.MPI_TAG; }
long infopid(void) { return 0; }

void gsync(void) { MPI_Barrier(nodes_comm); }

#define GOP(name, T, MT, OP)                                                  \
    void name(T x[], long n, T work[])                                        \
    {                                                                         \
        (void) work;                                                          \
        MPI_Allreduce(MPI_IN_PLACE, x, (int) n, MT, OP, nodes_comm);          \
    }
GOP(gdsum, double, MPI_DOUBLE, MPI_SUM)
GOP(gisum, long, MPI_LONG, MPI_SUM)
GOP(gssum, float, MPI_FLOAT, MPI_SUM)
GOP(gdhigh, double, MPI_DOUBLE, MPI_MAX)
GOP(gdlow, double, MPI_DOUBLE, MPI_MIN)
GOP(gihigh, long, MPI_LONG, MPI_MAX)
GOP(gilow, long, MPI_LONG, MPI_MIN)

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &world_size);
    if (world_size < 2) {
        fprintf(stderr, "nx_on_mpi: run on P+1 ranks (P nodes and the host)\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    for (int i = 0; i < MAXREQ; i++) reqs[i] = MPI_REQUEST_NULL;
    is_host = world_rank == world_size - 1;
    MPI_Comm_split(MPI_COMM_WORLD, is_host, world_rank, &nodes_comm);
    /* The span starts together on every rank (pmpi_timer.c, linked in, does the timing). */
    int rc = is_host ? nx_host_main(argc, argv) : nx_node_main(argc, argv);
    MPI_Finalize();
    return rc;
}
