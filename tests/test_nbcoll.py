"""Non-blocking collectives (interp/engine/nonblocking.py) and persistent point-to-point requests
(interp/engine/persistent.py); docs/model.md, "Non-blocking collectives" and "Persistent requests".

iPSC/860 (sag/machines/ipsc860.yaml, paper 001 Table 3): a message of m <= 100 B uses static
buffers: startup 70 us, 0.42 us per byte, 11 us per hop; no receive overhead. Ranks r and r ^ 1,
r ^ 2 are one hop apart on the cube (e-cube routing). Table 1: a double add is 25 ns (one
combining step of MPI_SUM on one double). The blocking collectives' algorithms (docs/model.md):
allreduce by recursive doubling (log2 P exchanges), bcast by a binomial tree (log2 P rounds).
"""
import json

import pytest

STATIC = lambda m, h=1: (70 + 0.42 * m + 11 * h) * 1e-6  # noqa: E731  Table 3, m <= 100 B
REL = 1e-9


def _run(cli, path, procs, *args):
    r = cli("run", path, "--machine", "ipsc860", "-p", str(procs), *args, "--format", "json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def _error(cli, path, procs, *args) -> str:
    r = cli("run", path, "--machine", "ipsc860", "-p", str(procs), *args)
    assert r.exit_code != 0
    assert "Traceback" not in r.output
    return r.output


def _aau(report, label):
    return next(a for a in report["aaus"] if a["label"].upper().startswith(label.upper()))


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


HIDE_C = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    int rank;
    double x = 1.0, s = 0.0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Iallreduce(&x, &s, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req);
#pragma interp cost(WORK us)
    x = 2.0;
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""
HIDE_F = """program hide
  use mpi
  implicit none
  integer :: rank, ierr, req
  double precision :: x, s
  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_IALLREDUCE(x, s, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, req, ierr)
!$interp cost(WORK us)
  x = 2.0d0
  call MPI_WAIT(req, MPI_STATUS_IGNORE, ierr)
  call MPI_FINALIZE(ierr)
end program hide
"""
# One double on 4 processes: 2 exchanges of recursive doubling, each an 8-byte message over one
# hop (70 + 3.36 + 11 = 84.36 us; both partners send at once, the receive is posted at the
# isend's return, 70 us, and the message arrives at 84.36 us) and one double add (25 ns).
ALLREDUCE_4 = 2 * (STATIC(8) + 25e-9)  # 168.77 us


@pytest.mark.parametrize("name, text", [("h.c", HIDE_C), ("h.f90", HIDE_F)], ids=["c", "fortran"])
def test_a_long_enough_computation_hides_the_iallreduce(cli, tmp_path, name, text):
    report = _run(cli, _write(tmp_path, name, text.replace("WORK", "500")), 4)
    wait = _aau(report, "MPI_Wait")
    # 500 us of work > 168.77 us of collective: the wait returns at once on every process
    assert wait["total"] == 0.0 and wait["executions"] == 4
    for p in report["per_process"]:
        assert p["wait"] == 0.0 and p["xmit"] == 0.0 and p["ovh"] == 0.0
        # the call at t0 (the statements before it), then 500 us of work
        start = _aau(report, "MPI_IALLREDUCE")["first"]
        assert p["end"] == pytest.approx(start + 500e-6, rel=REL)


@pytest.mark.parametrize("name, text", [("h.c", HIDE_C), ("h.f90", HIDE_F)], ids=["c", "fortran"])
def test_a_short_computation_waits_for_the_rest_of_the_iallreduce(cli, tmp_path, name, text):
    report = _run(cli, _write(tmp_path, name, text.replace("WORK", "100")), 4)
    start = _aau(report, "MPI_IALLREDUCE")["first"]
    wait = _aau(report, "MPI_Wait")
    # the collective started at the call and completes at start + 168.77 us; the wait begins
    # after 100 us of work and lasts the remaining 68.77 us
    assert wait["mean"] == pytest.approx(ALLREDUCE_4 - 100e-6, rel=1e-9)
    # of which the messages' transmission (2 x (3.36 + 11) us = 28.72 us) is transmission
    assert wait["xmit"] / 4 == pytest.approx(2 * (0.42 * 8 + 11) * 1e-6, rel=REL)
    for p in report["per_process"]:
        assert p["end"] == pytest.approx(start + ALLREDUCE_4, rel=REL)


def test_an_iallreduce_waited_at_once_takes_the_blocking_allreduce_time(cli, tmp_path):
    nb = _run(cli, _write(tmp_path, "nb.c", HIDE_C.replace("WORK", "0")), 8)
    blocking = HIDE_C.replace("WORK", "0").replace(
        "MPI_Iallreduce(&x, &s, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req);",
        "MPI_Allreduce(&x, &s, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);").replace(
        "MPI_Wait(&req, MPI_STATUS_IGNORE);", "")
    b = _run(cli, _write(tmp_path, "b.c", blocking), 8)
    # 8 processes: 3 exchanges of 84.36 us + 25 ns each
    assert nb["total_seconds"] == pytest.approx(b["total_seconds"], rel=REL)
    assert nb["total_seconds"] == pytest.approx(_aau(nb, "MPI_IALLREDUCE")["first"] + 3 * (STATIC(8) + 25e-9),
                                                rel=REL)


IBCAST_C = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, n = 0, i;
    double x = 0.0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        n = 3;
    MPI_Ibcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
#pragma interp cost(100 us)
    x = 1.0;
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    for (i = 0; i < n; i++) {
#pragma interp cost(10 us)
        x = x + 1.0;
    }
    MPI_Finalize();
    return 0;
}
"""


def test_ibcast_from_the_root_delivers_its_value_at_the_wait(cli, tmp_path):
    report = _run(cli, _write(tmp_path, "b.c", IBCAST_C), 4)
    # binomial tree from rank 0 on 4 processes: two rounds of one 4-byte message over one hop,
    # each a blocking send of 70 + 1.68 + 11 = 82.68 us: every process has n at start + 165.36 us
    calls = [p["first"] for p in _aau(report, "MPI_Ibcast")["per_process"]]
    start = calls[0]  # the root's call: the tree starts when the root sends
    tree = 2 * STATIC(4)
    wait = _aau(report, "MPI_Wait")
    # the 100 us of work after each process's own call hide part of it: the root's wait lasts
    # 165.36 - 100 = 65.36 us; a process that called earlier (75 ns: the root's n = 3 is a taken
    # branch and a store) waits that much longer
    for p, called in zip(wait["per_process"], calls):
        assert p["total"] == pytest.approx(start + tree - (called + 100e-6), rel=1e-9)
    # every process then runs the loop n = 3 times (the root's n, broadcast)
    body = _aau(report, "x = x + 1.0")
    for p in body["per_process"]:
        assert p["executions"] == 3 and p["total"] == pytest.approx(30e-6, rel=REL)
    for p in report["per_process"]:
        assert p["end"] > start + tree + 30e-6


HALO_PERSISTENT = r"""#include <mpi.h>
#define N 64
int main(int argc, char **argv)
{
    int rank, size, step, left, right, i;
    double u[N + 2], unew[N + 2];
    MPI_Request reqs[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    left = (rank + size - 1) % size;
    right = (rank + 1) % size;
    INIT
    for (step = 0; step < STEPS; step++) {
        START
#pragma interp cost(WORK us)
        unew[2] = 0.5 * (u[1] + u[3]);
        MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
#pragma interp cost(5 us)
        unew[1] = 0.5 * (u[0] + u[2]);
    }
    FREE
    MPI_Finalize();
    return 0;
}
"""
_INIT = """MPI_Recv_init(&u[0], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Recv_init(&u[N + 1], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &reqs[1]);
    MPI_Send_init(&u[1], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &reqs[2]);
    MPI_Send_init(&u[N], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &reqs[3]);"""
_ISEND = """MPI_Irecv(&u[0], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&u[N + 1], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &reqs[1]);
        MPI_Isend(&u[1], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &reqs[2]);
        MPI_Isend(&u[N], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &reqs[3]);"""
_FREE = """MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);
    MPI_Request_free(&reqs[2]);
    MPI_Request_free(&reqs[3]);"""


def _halo(persistent: bool, steps=100, work=20) -> str:
    text = HALO_PERSISTENT.replace("STEPS", str(steps)).replace("WORK", str(work))
    if persistent:
        return text.replace("INIT", _INIT).replace("START", "MPI_Startall(4, reqs);").replace("FREE", _FREE)
    return text.replace("INIT", "").replace("START", _ISEND).replace("FREE", "")


def _figures(report):
    """Every figure of a run that does not name its source lines: the total, each process's
    split, and the loop's and the waitall's statistics."""
    keep = ("executions", "total", "mean", "min", "max", "comp", "ovh", "xmit", "wait")
    aaus = {label: {k: _aau(report, label)[k] for k in keep} for label in ("MPI_Waitall", "unew[2]", "unew[1]")}
    loop = next(a for a in report["aaus"] if a["class"].startswith("Iter"))
    aaus["loop"] = {k: loop[k] for k in keep}
    return report["total_seconds"], report["per_process"], aaus


def _same(a, b):
    """The same figures, up to the rounding of sums taken in another order (a start of four
    requests adds its overheads once, four isends one by one): 1e-12 relative."""
    (total_a, procs_a, aaus_a), (total_b, procs_b, aaus_b) = a, b
    assert total_a == pytest.approx(total_b, rel=1e-12)
    assert len(procs_a) == len(procs_b)
    for x, y in zip(procs_a, procs_b):
        for k in ("start", "end", "busy", "idle", "comp", "ovh", "xmit", "wait"):
            assert x[k] == pytest.approx(y[k], rel=1e-12, abs=1e-15), (x["process"], k)
    assert aaus_a.keys() == aaus_b.keys()
    for label, figures in aaus_b.items():
        for k, v in figures.items():
            assert aaus_a[label][k] == pytest.approx(v, rel=1e-12, abs=1e-15), (label, k)


@pytest.mark.parametrize("work", [20, 200])
def test_a_persistent_halo_exchange_equals_the_same_program_with_isend_and_irecv(cli, tmp_path, work):
    pers = _run(cli, _write(tmp_path, "p.c", _halo(True, work=work)), 4, "--exact")
    isend = _run(cli, _write(tmp_path, "i.c", _halo(False, work=work)), 4, "--exact")
    _same(_figures(pers), _figures(isend))
    # by hand, per step on every process: two isends of 70 us overhead each (the receives cost
    # nothing), the work, a waitall, then 5 us. Each 8-byte message leaves at 70 or 140 us and
    # arrives 3.36 + 11 h us later (h = 1 or 2 hops on the cube): before the waitall when the work
    # is 200 us, so nothing is waited; the computation is 100 x 205 us and the loop's overhead
    # (under 1 us per step).
    if work == 200:
        for p in pers["per_process"]:
            assert p["wait"] == 0.0 and p["xmit"] == 0.0
            assert p["ovh"] == pytest.approx(100 * 140e-6, rel=REL)
            assert 100 * 205e-6 < p["comp"] < 100 * 206e-6


def test_the_persistent_loop_extrapolated_equals_every_iteration_interpreted(cli, tmp_path):
    path = _write(tmp_path, "p.c", _halo(True, steps=300))
    steady = _run(cli, path, 4)
    exact = _run(cli, path, 4, "--exact")
    assert steady["extrapolated_events"] > 0 and exact["extrapolated_events"] == 0
    _same(_figures(steady), _figures(exact))


def test_rank_symmetry_gives_the_persistent_loop_every_process_would(cli, tmp_path):
    path = _write(tmp_path, "p.c", _halo(True, steps=50))
    sym = _run(cli, path, 8)
    full = _run(cli, path, 8, "--no-symmetry")
    assert sym["symmetric_events"] > 0 and full["symmetric_events"] == 0
    _same(_figures(sym), _figures(full))


NB_LOOP = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, it;
    double x = 1.0, s = 0.0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Iallreduce(&x, &s, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req);
    for (it = 0; it < 200; it++) {
#pragma interp cost(120 us)
        x = x + 1.0;
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Iallreduce(&x, &s, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req);
    }
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""


def test_an_iallreduce_in_flight_across_iterations_extrapolates_as_interpreted(cli, tmp_path):
    path = _write(tmp_path, "l.c", NB_LOOP)
    steady = _run(cli, path, 4)
    exact = _run(cli, path, 4, "--exact")
    # each iteration: 120 us of work, then the wait for the collective started 120 us before
    # (168.77 us long): 48.77 us; 200 iterations and the last wait of the same 48.77 + 120 us
    start = _aau(exact, "MPI_Iallreduce")["first"]
    assert exact["total_seconds"] == pytest.approx(start + 200 * ALLREDUCE_4 + ALLREDUCE_4, rel=1e-6)
    assert steady["total_seconds"] == pytest.approx(exact["total_seconds"], rel=1e-12)
    for a, b in zip(steady["per_process"], exact["per_process"]):
        for k in ("end", "comp", "xmit", "wait"):
            assert a[k] == pytest.approx(b[k], rel=1e-12, abs=1e-15)


POLL_IBARRIER = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, flag = 0;
    double x = 0.0;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 3) {
#pragma interp cost(300 us)
        x = 1.0;
    }
    MPI_Ibarrier(MPI_COMM_WORLD, &req);
    while (!flag) {
#pragma interp cost(10 us)
        x = x + 1.0;
        MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
"""


def test_an_ibarrier_polled_with_mpi_test_ends_after_the_last_arrival(cli, tmp_path):
    report = _run(cli, _write(tmp_path, "t.c", POLL_IBARRIER), 4)
    # the barrier releases at the last arrival (rank 3, after 300 us of work) + 67 us (Table 3's
    # sync overhead): 367.2 us (0.2 us of statements before). Every process polls every 10 us plus
    # the loop's own overhead (a fraction of a microsecond per iteration), so its flag is true at
    # its first test after 367.2 us: ranks 0-2, polling from 0.2 us, after 36 iterations of about
    # 10.3 us (the 35th ends before 367.2 us); rank 3, polling from 300.2 us, after 7
    body = _aau(report, "x = x + 1.0")
    counts = [p["executions"] for p in body["per_process"]]
    assert counts == [36, 36, 36, 7]
    release = 300.2e-6 + 67e-6
    for p in report["per_process"]:
        assert release <= p["end"] <= release + 10.5e-6


ERRORS = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, other;
    double a[4], b[4];
    MPI_Request req, rr[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    other = 1 - rank;
    BODY
    MPI_Finalize();
    return 0;
}
"""


@pytest.mark.parametrize("body, says", [
    ("MPI_Send_init(a, 4, MPI_DOUBLE, other, 0, MPI_COMM_WORLD, &req);\n"
     "    MPI_Recv_init(b, 4, MPI_DOUBLE, other, 0, MPI_COMM_WORLD, &rr[0]);\n"
     "    MPI_Start(&req); MPI_Start(&rr[0]); MPI_Start(&req);",
     "is started while still active"),
    ("MPI_Send_init(a, 4, MPI_DOUBLE, other, 0, MPI_COMM_WORLD, &req);\n"
     "    MPI_Recv_init(b, 4, MPI_DOUBLE, other, 0, MPI_COMM_WORLD, &rr[0]);\n"
     "    MPI_Start(&rr[0]); MPI_Start(&req); MPI_Request_free(&req);",
     "is freed while active"),
    ("MPI_Start(&req);", "was not initialized by MPI_Send_init or MPI_Recv_init"),
    ("MPI_Recv_init(b, 4, MPI_DOUBLE, other, 0, MPI_COMM_WORLD, &rr[0]);\n    MPI_Startall(2, rr);",
     "starts 2 requests of rr[], but only 1 were initialized"),
    ("MPI_Ibarrier(MPI_COMM_WORLD, &req);", "its request req is never completed"),
    ("if (rank == 1) { MPI_Ibarrier(MPI_COMM_WORLD, &req); MPI_Wait(&req, MPI_STATUS_IGNORE); }",
     "is in progress, waiting for barrier: 1 of 2 processes have arrived"),
    ("if (rank == 0) { MPI_Ibarrier(MPI_COMM_WORLD, &req); do { MPI_Test(&req, &other, MPI_STATUS_IGNORE); }"
     " while (!other); }", "check that every process calls the collective"),
])
def test_misuse_of_requests_is_one_clear_error(cli, tmp_path, body, says):
    out = _error(cli, _write(tmp_path, "e.c", ERRORS.replace("BODY", body)), 2)
    assert says in out


PROC_NULL_CHAIN = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, step, right;
    double a[4];
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = rank + 1 < size ? rank + 1 : MPI_PROC_NULL;
    MPI_Send_init(a, 4, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &req);
    for (step = 0; step < 10; step++) {
        MPI_Start(&req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        if (rank > 0)
            MPI_Recv(a, 4, MPI_DOUBLE, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Request_free(&req);
    MPI_Finalize();
    return 0;
}
"""


def test_a_persistent_request_to_mpi_proc_null_completes_at_its_start(cli, tmp_path):
    report = _run(cli, _write(tmp_path, "n.c", PROC_NULL_CHAIN), 4)
    # ranks 0-2 start 10 sends of 32 B (static: 70 us overhead each, 700 us); the last rank's
    # request names MPI_PROC_NULL: each start makes it active and complete, its wait returns at once
    procs = report["per_process"]
    for p in procs[:3]:
        assert p["ovh"] == pytest.approx(10 * 70e-6, rel=REL)
    assert procs[3]["ovh"] == 0.0
    wait = _aau(report, "MPI_Wait")["per_process"][3]
    assert wait["executions"] == 10 and wait["total"] == 0.0


COUNTED_REQUESTS = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, step, left, right, nreq = 0;
    double a[4], b[4], c[4], d[4];
    MPI_Request reqs[4];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    left = rank - 1;
    right = rank + 1;
    if (left >= 0) {
        MPI_Recv_init(a, 4, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &reqs[nreq++]);
        MPI_Send_init(b, 4, MPI_DOUBLE, left, 1, MPI_COMM_WORLD, &reqs[nreq++]);
    }
    if (right < size) {
        MPI_Recv_init(c, 4, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, &reqs[nreq++]);
        MPI_Send_init(d, 4, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &reqs[nreq++]);
    }
    for (step = 0; step < 20; step++) {
        MPI_Startall(nreq, reqs);
        MPI_Waitall(nreq, reqs, MPI_STATUSES_IGNORE);
    }
    for (step = 0; step < nreq; step++)
        MPI_Request_free(&reqs[step]);
    MPI_Finalize();
    return 0;
}
"""


def test_requests_counted_with_nreq_plus_plus_in_the_call_are_all_started(cli, tmp_path):
    report = _run(cli, _write(tmp_path, "c.c", COUNTED_REQUESTS), 4)
    # &reqs[nreq++] stores to element nreq, then nreq goes on: the end ranks set up 2 requests,
    # the interior ranks 4, and MPI_Startall(nreq, ...) starts them all. Each send is one message
    # of 32 B (static: 70 us overhead): 20 x 70 us for the end ranks, 20 x 140 us for the others
    ovh = [p["ovh"] for p in report["per_process"]]
    assert ovh == pytest.approx([20 * 70e-6, 20 * 140e-6, 20 * 140e-6, 20 * 70e-6], rel=REL)
    frees = _aau(report, "MPI_Request_free")["per_process"]
    assert [p["executions"] for p in frees] == [2, 4, 4, 2]


RING_HELPER = r"""#include <mpi.h>
static void exchange(double *u, int left, int right, MPI_Request *r)
{
    START_LEFT
    START_RIGHT
}
int main(int argc, char **argv)
{
    int rank, size, step, left, right;
    double u[4];
    MPI_Request reqs[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    left = (rank + size - 1) % size;
    right = (rank + 1) % size;
    SETUP
    for (step = 0; step < 10; step++) {
        STEP
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
"""
_CALL = "exchange(u, left, right, reqs);"


def _ring(kind: str) -> str:
    """The ring exchange three ways: MPI_Isend/MPI_Irecv inline in the loop, the same in a helper
    called every step, and persistent requests set up in a helper and started in main."""
    if kind == "inline":
        return RING_HELPER.replace("START_LEFT", "").replace("START_RIGHT", "").replace("SETUP", "").replace(
            "STEP", "MPI_Irecv(&u[0], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &reqs[0]);\n"
            "        MPI_Isend(&u[1], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &reqs[1]);")
    call = "Irecv" if kind == "helper" else "Recv_init"
    text = RING_HELPER.replace("START_LEFT", f"MPI_{call}(&u[0], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, &r[0]);")
    call = "Isend" if kind == "helper" else "Send_init"
    text = text.replace("START_RIGHT", f"MPI_{call}(&u[1], 1, MPI_DOUBLE, right, 0, MPI_COMM_WORLD, &r[1]);")
    if kind == "helper":
        return text.replace("SETUP", "").replace("STEP", _CALL)
    return text.replace("SETUP", _CALL).replace("STEP", "MPI_Startall(2, reqs);")


def test_requests_started_in_a_helper_are_completed_by_the_callers_waitall(cli, tmp_path):
    inline = _run(cli, _write(tmp_path, "i.c", _ring("inline")), 4, "--exact")
    # each step: one isend (70 us) and the left neighbour's 8-byte message, 1 hop or (3 -> 0) 2
    # hops: it arrives 70 + 3.36 + 11 h us after the step starts; the waitall waits for it
    for kind in ("helper", "persistent"):
        other = _run(cli, _write(tmp_path, f"{kind}.c", _ring(kind)), 4, "--exact")
        # the same time but for the helper's calls (37.5 ns each, Table 1, and their arguments)
        assert other["total_seconds"] == pytest.approx(inline["total_seconds"], abs=1e-6), kind
        for a, b in zip(other["per_process"], inline["per_process"]):
            # the same messages and waits, but for the helper's call and return between the isend
            # and the waitall (under 0.1 us a step)
            assert a["ovh"] == b["ovh"] == pytest.approx(10 * 70e-6, rel=REL)
            assert a["xmit"] + a["wait"] == pytest.approx(b["xmit"] + b["wait"], abs=1e-6), kind
            assert a["xmit"] + a["wait"] >= 10 * (3.36e-6 + 11e-6)


HELPER_F = """program helperf
  use mpi
  implicit none
  integer :: rank, nprocs, ierr, step, reqs(2)
  double precision :: u(4)
  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nprocs, ierr)
  call setup(u, mod(rank + nprocs - 1, nprocs), mod(rank + 1, nprocs), reqs)
  do step = 1, 10
    call MPI_STARTALL(2, reqs, ierr)
    call MPI_WAITALL(2, reqs, MPI_STATUSES_IGNORE, ierr)
  end do
  call MPI_FINALIZE(ierr)
contains
  subroutine setup(v, left, right, r)
    double precision :: v(4)
    integer :: left, right, r(2), ierr
    call MPI_RECV_INIT(v(1), 1, MPI_DOUBLE_PRECISION, left, 0, MPI_COMM_WORLD, r(1), ierr)
    call MPI_SEND_INIT(v(2), 1, MPI_DOUBLE_PRECISION, right, 0, MPI_COMM_WORLD, r(2), ierr)
  end subroutine setup
end program helperf
"""


def test_fortran_persistent_requests_set_up_in_a_subroutine(cli, tmp_path):
    fortran = _run(cli, _write(tmp_path, "h.f90", HELPER_F), 4, "--exact")
    c = _run(cli, _write(tmp_path, "p.c", _ring("persistent")), 4, "--exact")
    for a, b in zip(fortran["per_process"], c["per_process"]):
        for k in ("ovh", "xmit", "wait"):
            assert a[k] == pytest.approx(b[k], rel=1e-12, abs=1e-15), k


ELEMENT_PASSED = r"""#include <mpi.h>
static void post_recv(double *buf, int src, MPI_Request *r)
{
    MPI_Irecv(buf, 1, MPI_DOUBLE, src, 0, MPI_COMM_WORLD, &r[0]);
}
int main(int argc, char **argv)
{
    int rank, idx = -1;
    double a = 0.0, b = 0.0, x = 0.0;
    MPI_Request reqs[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        post_recv(&a, 2, &reqs[0]);
        post_recv(&b, 1, &reqs[1]);
        MPI_Waitany(2, reqs, &idx, MPI_STATUS_IGNORE);
        if (idx == 1) {
#pragma interp cost(100 us)
            x = 1.0;
        } else {
#pragma interp cost(1 us)
            x = 2.0;
        }
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    } else if (rank == 1) {
        MPI_Send(&x, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
    } else if (rank == 2) {
#pragma interp cost(500 us)
        x = 3.0;
        MPI_Send(&x, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
"""


def test_an_element_passed_to_a_helper_is_that_element_of_the_callers_array(cli, tmp_path):
    report = _run(cli, _write(tmp_path, "e.c", ELEMENT_PASSED), 4)
    # the helper's r[0] is the caller's reqs[1] for the second call: rank 1's message (sent at
    # once: 82.68 us for 8 B over one hop) completes first, so MPI_Waitany answers index 1 and
    # rank 0 takes the 100 us branch; rank 2's message (after 500 us) completes reqs[0] later
    taken = _aau(report, "x = 1.0")["per_process"][0]
    assert taken["executions"] == 1 and taken["total"] == pytest.approx(100e-6, rel=REL)
    assert not any(a["label"].startswith("x = 2.0") and a["executions"] for a in report["aaus"])


NOWAIT = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    int rank;
    double a[4];
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        MPI_Isend(a, 4, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &req);
    else if (rank == 1)
        MPI_Irecv(a, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &req);
    MPI_Finalize();
    return 0;
}
"""


def test_a_request_never_completed_stops_the_run_and_check_lists_it(cli, tmp_path):
    path = _write(tmp_path, "w.c", NOWAIT)
    out = _error(cli, path, 2)
    assert "w.c:10: MPI_Isend" in out and "its request req is never completed" in out
    r = cli("check", path, "--machine", "ipsc860", "-p", "2")
    assert r.exit_code == 1
    assert "w.c:10: unwaited-request" in r.output and "w.c:12: unwaited-request" in r.output
