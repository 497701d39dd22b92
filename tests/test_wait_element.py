"""MPI_Wait(&reqs[k]) and MPI_Test(&reqs[k]) complete element k of the request array, not its
oldest pending request (interp/engine/network.request_position).

iPSC/860 (sag/machines/ipsc860.yaml, paper 001 Table 3): one int (4 B <= 100 B, static buffers)
costs 70 us startup + 0.42 us x 4 B + 11 us per hop = 82.68 us over one hop; ranks 1 and 2 are one
hop from rank 0 on the cube.
"""
import json

import pytest

PROG = r"""#include <mpi.h>
int main(int argc, char **argv) {
    int rank, a = 0, b = 0, k;
    double x = 0.0;
    MPI_Request reqs[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Irecv(&a, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&b, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &reqs[1]);
        COMPLETE
    } else if (rank == 1) {
#pragma interp cost(1 ms)
        x = 1.0;
        MPI_Send(&a, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    } else if (rank == 2) {
        MPI_Send(&b, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
"""
# reqs[1] (rank 2's message, at 82.68 us) first, 2 ms of work, then reqs[0] (rank 1's, at
# 1 ms + 82.68 us, long arrived): rank 0 ends at 82.68 us + 2 ms = 2.0827 ms. Taking the oldest
# request first (the old matching) waited for rank 1's message: 1.0827 + 2 = 3.0827 ms.
WAIT_REVERSED = """MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);
#pragma interp cost(2 ms)
        x = 2.0;
        MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);"""
# The same order from a loop index: k = 1, then k = 0.
WAIT_LOOP = """for (k = 1; k >= 0; k--) {
            MPI_Wait(&reqs[k], MPI_STATUS_IGNORE);
            if (k == 1) {
#pragma interp cost(2 ms)
                x = 2.0;
            }
        }"""
# A second wait on reqs[1] waits on MPI_REQUEST_NULL and returns at once: the same 2.0827 ms,
# not a wait for reqs[0].
WAIT_TWICE = """MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);
        MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);
#pragma interp cost(2 ms)
        x = 2.0;
        MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);"""


def _total(cli, tmp_path, body):
    path = tmp_path / "w.c"
    path.write_text(PROG.replace("COMPLETE", body))
    r = cli("run", path, "--machine", "ipsc860", "-p", "3", "--format", "json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)["total_seconds"]


@pytest.mark.parametrize("body", [WAIT_REVERSED, WAIT_LOOP, WAIT_TWICE], ids=["literal", "loop", "null"])
def test_wait_on_an_element_completes_that_element(cli, tmp_path, body):
    # 82.68 us + 2 ms, plus a few hundred ns of control
    assert _total(cli, tmp_path, body) == pytest.approx(82.68e-6 + 2e-3, abs=2e-6)


def test_test_on_an_element_polls_that_element(cli, tmp_path):
    # MPI_Test(&reqs[1]) polled until rank 2's message is in (82.68 us, one poll ~ 10 us apart),
    # then 2 ms of work and a wait for reqs[0], which arrived at 1.0827 ms: about 2.09 ms. Polling
    # reqs[0] instead would end at 1.0827 + 2 = 3.08 ms.
    body = """while (!a) {
            MPI_Test(&reqs[1], &a, MPI_STATUS_IGNORE);
#pragma interp cost(10 us)
            x = x + 1.0;
        }
#pragma interp cost(2 ms)
        x = 2.0;
        MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);"""
    total = _total(cli, tmp_path, body)
    assert 82.68e-6 + 2e-3 <= total <= 82.68e-6 + 2e-3 + 11e-6
