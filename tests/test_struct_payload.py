"""A struct received in a message carries its members' values (a job record's ``job.size``): the
receiver's loop on a member runs the count the sender stored (interp/engine/chain_comm.payload,
algorithm._receives_critical). Before, the worker's loop was refused: "the loop trip count depends
on '*job.size' ... it depends on data".

iPSC/860 (paper 001 Table 3): a message of 8 B (two ints, static buffers) over one hop costs
70 + 0.42 x 8 + 11 = 84.36 us.
"""
import json

import pytest

PROG = r"""#include <mpi.h>
typedef struct { int id; int size; } job_t;
static void do_job(const job_t *job)
{
    int i;
    for (i = 0; i < job->size; i++) {
#pragma interp cost(10 us)
        ;
    }
}
int main(int argc, char **argv)
{
    int rank;
    job_t job;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        job.id = 7;
        job.size = SIZE;
        MPI_Send(&job, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&job, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        do_job(&job);
    }
    MPI_Finalize();
    return 0;
}
"""


@pytest.mark.parametrize("size", [100, 300])
def test_a_received_member_bounds_the_loop(cli, tmp_path, size):
    path = tmp_path / "job.c"
    path.write_text(PROG.replace("SIZE", str(size)))
    r = cli("run", path, "--machine", "ipsc860", "-p", "2", "--format", "json")
    assert r.exit_code == 0, r.output
    total = json.loads(r.stdout)["total_seconds"]
    # 84.36 us for the message, then size x (10 us + 275 ns of loop overhead) on rank 1, plus a
    # few hundred ns of calls and fetches: 100 -> 1.1118 ms, 300 -> 3.1259 ms
    assert total == pytest.approx(84.36e-6 + size * 10.275e-6, abs=1e-6)
