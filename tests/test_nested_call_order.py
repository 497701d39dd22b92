"""Calls run in C's order: the calls in a call's arguments first (frontends/c/tree.py
``calls_in_order``, callstmts.py ``_calls_first``).

In ``r = consume(produce(x))`` the outer call's AAU ran before its argument's call: with produce()
sending to rank+1 and consume() receiving from rank-1, interp reported a hang on 4 processes and
`interp check` unmatched receives, while the real program ends at once. The same for a message-
passing call passed to a function in a return statement (``return check(MPI_Send(..))``: the send
was dropped) and for the program's functions called in a message-passing call's arguments
(``MPI_Send(.., right_of(rank), ..)``: never called).

iPSC/860 (paper 001 Table 3): a send costs 70 us of overhead, 8 bytes 0.42 us each, 11 us a hop;
on the 4-node hypercube rank r sends to r+1 over 1 hop (0->1, 2->3) or 2 (1->2, 3->0).
"""
import json

import pytest

RING = """#include <mpi.h>
static int rank, size;
static double produce(double x)
{
    MPI_Send(&x, 1, MPI_DOUBLE, (rank + 1) % size, 0, MPI_COMM_WORLD);
    return x;
}
static double consume(double mine)
{
    double got;
    MPI_Recv(&got, 1, MPI_DOUBLE, (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return mine + got;
}
int main(int argc, char **argv)
{
    double r = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    STATEMENT
    MPI_Finalize();
    return (int) r;
}
"""

SPLIT = "double p = produce(1.0 * rank); r = consume(p);"
NESTED = [
    "r = consume(produce(1.0 * rank));",
    "r = 1.0 + consume(2.0 * produce(1.0 * rank));",
    "if (consume(produce(1.0 * rank)) > 0.0) r = 1.0;",
    "for (int k = 0; k < 1; k++) r += consume(produce(1.0 * rank));",
]

LOOSE = 1.5e-6  # a store, a test or a one-pass loop more or less than the split version


def _run(cli, tmp_path, statement, procs=4):
    path = tmp_path / "ring.c"
    path.write_text(RING.replace("STATEMENT", statement))
    r = cli("run", path, "--procs", procs, "--format", "json")
    assert r.exit_code == 0, r.output
    return path, json.loads(r.stdout)


def _first(report, label_start):
    return next(a for a in report["aaus"] if a["label"].startswith(label_start))


@pytest.mark.parametrize("statement", NESTED)
def test_the_argument_call_sends_before_the_outer_call_receives(cli, tmp_path, statement):
    path, got = _run(cli, tmp_path, statement)
    _, split = _run(cli, tmp_path, SPLIT)
    send, recv = _first(got, "MPI_Send"), _first(got, "MPI_Recv")
    assert send["executions"] == recv["executions"] == 4
    for s, r in zip(send["per_process"], recv["per_process"]):
        assert s["first"] < r["first"], (s, r)  # every rank sends, then receives
    # the last message to arrive travels 2 hops: 70 + 8 * 0.42 + 2 * 11 us after the start, plus
    # under 2 us of computation and loop control; the same as the split version
    assert 95.36e-6 < got["total_seconds"] < 95.36e-6 + 2e-6
    assert got["total_seconds"] == pytest.approx(split["total_seconds"], abs=LOOSE)
    r = cli("check", path, "--procs", 4)
    assert r.exit_code == 0 and "unmatched" not in r.output, r.output


HELPERS = """#include <mpi.h>
static int rank, calls;
static int check(int rc) { calls++; return rc; }
static int send_it(double x) { return check(MPI_Send(&x, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD)); }
static int right_of(int r) { return (r + 1) % 2; }
int main(int argc, char **argv)
{
    double x = 1.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) send_it(x);
    else MPI_Recv(&x, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&x, 1, MPI_DOUBLE, right_of(rank), 1, MPI_COMM_WORLD);
    MPI_Recv(&x, 1, MPI_DOUBLE, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""


def test_a_send_in_a_return_and_a_call_in_a_sends_arguments(cli, tmp_path):
    path = tmp_path / "h.c"
    path.write_text(HELPERS)
    r = cli("run", path, "--procs", 2, "--format", "json")
    assert r.exit_code == 0, r.output  # the send in send_it's return was dropped: rank 1 hung
    report = json.loads(r.stdout)
    inner = next(a for a in report["aaus"] if a["lines"] == "h.c:4" and a["class"] == "Comm")
    assert inner["executions"] == 1  # the send, on rank 0
    call_check = next(a for a in report["aaus"] if a["label"].startswith("check("))
    assert call_check["executions"] == 1 and call_check["first"] > inner["first"]
    right_of = next(a for a in report["aaus"] if a["label"].startswith("right_of("))
    send = next(a for a in report["aaus"] if a["lines"] == "h.c:13")
    assert right_of["executions"] == 2  # called by both ranks, before the send it gives a partner
    for c, s in zip(right_of["per_process"], send["per_process"]):
        assert c["first"] < s["first"]
    # two messages of 8 bytes over 1 hop one after the other (the second sent when the first has
    # arrived): 2 * (70 + 3.36 + 11) us, plus under 3 us of computation
    assert report["total_seconds"] == pytest.approx(2 * 84.36e-6, abs=3e-6)
