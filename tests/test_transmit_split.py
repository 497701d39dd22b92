"""Issue 13, defect 15: ranks doing identical work get the same split of their time.

A process blocked until its own non-blocking send (an MPI_Isend, the send half of an MPI_Sendrecv)
is off the wire is transmitting its message, not waiting: the wait on the send's request counts the
time the message is on the wire as transmission (it counted it all as waiting, so in a ring on a
hypercube the ranks whose outgoing message had the longer route showed less transmission and more
waiting than the others; docs/model.md, "How a process's time is split").

iPSC/860 (sag/machines/ipsc860.yaml, paper 001 Table 3): a message of m <= 100 B costs the sender
a startup of 70 us, then 0.42 us/B + 11 us/hop on the wire. 4 nodes of the hypercube, e-cube
routes: 0-1 and 2-3 are 1 hop, 1-2 and 3-0 are 2 hops.
"""
import json

import pytest

RING = r"""#include <mpi.h>
int main(int argc, char **argv) {
    int rank, size, next, prev;
    double out = 1.0, in;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    next = (rank + 1) % size;
    prev = (rank + size - 1) % size;
    MPI_Sendrecv(&out, 1, MPI_DOUBLE, next, 0, &in, 1, MPI_DOUBLE, prev, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""


def test_a_ring_of_identical_ranks_has_one_split(cli, tmp_path):
    p = tmp_path / "ring.c"
    p.write_text(RING)
    r = cli("run", p, "-p", 4, "--format", "json")
    assert r.exit_code == 0, r.output
    procs = json.loads(r.stdout)["per_process"]
    # Every rank sends one double (8 B) and receives one; one of the two messages has a 2-hop route:
    # rank 0 receives over 2 hops (3 -> 0) and sends over 1, rank 1 sends over 2 (1 -> 2) and
    # receives over 1. Each is busy for the startup (70 us) and then while the 2-hop message is on
    # the wire: 0.42 x 8 + 2 x 11 = 25.36 us of transmission, and nothing is waiting.
    for q in procs:
        assert q["ovh"] == pytest.approx(70e-6)
        assert q["xmit"] == pytest.approx(25.36e-6)
        assert q["wait"] == pytest.approx(0.0, abs=1e-12)
