"""A worker loop on the tag of the last message, ``while (status.MPI_TAG != 0) { ...;
MPI_Recv(.., &status); }`` (the self-scheduling workers of Gropp, Lusk and Skjellum): the receive
writes the status the condition reads (frontends/aag/bodies.cond_fixed). It was stopped as
"this loop never ends as written: ... nothing in its body changes status.MPI_TAG".

iPSC/860 (paper 001 Table 3): one int over one hop, 70 + 0.42 x 4 + 11 = 82.68 us; rank 0's
blocking sends go one after another.
"""
import json

import pytest

PROG = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, x = 0, t;
    MPI_Status status;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (t = 1; t <= 3; t++)
            MPI_Send(&x, 1, MPI_INT, 1, t, MPI_COMM_WORLD);
        MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&x, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        while (status.MPI_TAG != 0) {
#pragma interp cost(100 us)
            x = x + 1;
            MPI_Recv(&x, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        }
    }
    MPI_Finalize();
    return 0;
}
"""


def test_the_loop_ends_at_the_stop_tag(cli, tmp_path):
    path = tmp_path / "w.c"
    path.write_text(PROG)
    r = cli("run", path, "-p", "2", "--format", "json")
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    # messages arrive at 82.68, 165.36, 248.04 and 330.72 us; the worker gets the first at 82.68,
    # works 100 us per tagged message (3 of them), each next one already there: 382.68 us, plus
    # each pass's control (275 ns of loop, the tag's fetch, compare and condition: about 0.6 us)
    assert report["total_seconds"] == pytest.approx(382.68e-6 + 3 * 0.6e-6, abs=0.3e-6)
    cost = next(a for a in report["aaus"] if a["label"].startswith("x = x + 1"))
    assert cost["executions"] == 3


SAME_TAGS = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, x = 0, t;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (t = 0; t < 4; t++)
            MPI_Send(&x, 1, MPI_INT, 1, 10, MPI_COMM_WORLD);
        MPI_Send(&x, 1, MPI_INT, 1, 11, MPI_COMM_WORLD);
    } else {
        do {
            MPI_Recv(&x, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        } while (st.MPI_TAG != 11);
    }
    MPI_Finalize();
    return 0;
}
"""


def test_messages_with_the_same_tag_do_not_make_the_loop_endless(cli, tmp_path):
    # Iterations 2 and 3 start with the same variables (every data message has tag 10), yet the
    # fifth message's tag 11 ends the loop: the repeated state is no proof of an endless loop when
    # a receive writes the status the condition reads (engine.stall_visible). 5 messages of one
    # int, blocking, one after another: 5 x 82.68 = 413.4 us, plus the loop's control.
    path = tmp_path / "s.c"
    path.write_text(SAME_TAGS)
    r = cli("run", path, "-p", "2", "--format", "json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["total_seconds"] == pytest.approx(5 * 82.68e-6, abs=2e-6)
