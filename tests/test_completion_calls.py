"""MPI_Test polling, MPI_Waitany, MPI_Testall and MPI_Waitsome, decided by the engine's clock
(interp/engine/completion.py; docs/model.md, "Completion calls").

iPSC/860 (sag/machines/ipsc860.yaml, paper 001 Table 3): a message of m <= 100 B uses static
buffers: startup 70 us, 0.42 us per byte, 11 us per hop; above 100 B dynamic buffers: 175 us,
0.36 us per byte, 33 us per hop. Ranks 0 and 1 (and 0 and 2) are one hop apart on the cube.
"""
import json
import math

import pytest

POLL_C = r"""#include <mpi.h>
int main(int argc, char **argv) {
    int rank, flag = 0;
    double a[10], x = 0.0;
    MPI_Request req;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
#pragma interp cost(100 us)
        x = 1.0;
        SEND
    } else if (rank == 1) {
        MPI_Irecv(a, 10, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &req);
        while (!flag) {
            MPI_Test(&req, &flag, &st);
#pragma interp cost(10 us)
            x = x + 1.0;
        }
    }
    MPI_Finalize();
    return 0;
}
"""
POLL_F = """program poll
  use mpi
  implicit none
  integer :: rank, ierr, req
  integer :: st(MPI_STATUS_SIZE)
  logical :: flag
  double precision :: a(10), x
  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  flag = .false.
  x = 0.0d0
  if (rank == 0) then
!$interp cost(100 us)
    x = 1.0d0
    call MPI_SEND(a, 10, MPI_DOUBLE_PRECISION, 1, 0, MPI_COMM_WORLD, ierr)
  else if (rank == 1) then
    call MPI_IRECV(a, 10, MPI_DOUBLE_PRECISION, 0, 0, MPI_COMM_WORLD, req, ierr)
    do while (.not. flag)
      call MPI_TEST(req, flag, st, ierr)
!$interp cost(10 us)
      x = x + 1.0d0
    end do
  end if
  call MPI_FINALIZE(ierr)
end program poll
"""


def _run(cli, path, procs, *args):
    r = cli("run", path, "--machine", "ipsc860", "-p", str(procs), *args, "--format", "json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def _aau(report, label):
    return next(a for a in report["aaus"] if a["label"].upper().startswith(label.upper()))


@pytest.mark.parametrize("name, text", [
    ("p.c", POLL_C.replace("SEND", "MPI_Send(a, 10, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);")),
    ("p.f90", POLL_F)], ids=["c", "fortran"])
def test_a_polling_loop_runs_until_the_clock_reaches_the_arrival(cli, tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    report = _run(cli, path, 2)
    send, test = _aau(report, "MPI_Send"), _aau(report, "MPI_Test")
    # The message (80 B: static buffers) arrives at send start + 70 + 80 x 0.42 + 11 us.
    arrival = send["first"] + 70e-6 + 80 * 0.42e-6 + 11e-6
    # Polls are one loop body apart: 10 us of cost() plus the loop's few clocks of overhead.
    period = (test["last"] - test["first"]) / (test["executions"] - 1)
    assert 10e-6 < period < 10.5e-6
    # The last poll is the first at or after the arrival: 1 + ceil((arrival - first) / period).
    assert test["executions"] == 1 + math.ceil((arrival - test["first"]) / period)
    assert test["last"] >= arrival > test["last"] - period
    # About 214.9 us / 10.3 us: 22 polls; rank 1 ends one body (10 us + overhead) after the last.
    assert test["executions"] == 22
    assert report["total_seconds"] == pytest.approx(test["last"] + 10e-6, abs=1e-6)


def test_a_poll_that_can_never_complete_is_an_error_not_a_hang(cli, tmp_path):
    path = tmp_path / "n.c"
    path.write_text(POLL_C.replace("SEND", ""))  # rank 0 never sends
    r = cli("run", path, "--machine", "ipsc860", "-p", "2", "--timeout", "60")
    assert r.exit_code != 0
    text = " ".join(r.output.split())
    assert "n.c:16" in text and "can never complete" in text and "Traceback" not in text


WAITANY_C = r"""#include <mpi.h>
int main(int argc, char **argv) {
    int rank, size, k, idx, outcount, done;
    int indices[8];
    double buf[8][400];
    MPI_Request reqs[8];
    MPI_Status st[8];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        for (k = 1; k < size; k++)
            MPI_Irecv(buf[k], 400, MPI_DOUBLE, k, 0, MPI_COMM_WORLD, &reqs[k - 1]);
        COMPLETE
    } else if (rank == 1) {
#pragma interp cost(1 ms)
        buf[0][0] = 1.0;
        MPI_Send(buf[0], 400, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
    } else {
        MPI_Send(buf[0], 400, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
"""
# One request completed, then 300 us of work on it, for every request (the master-worker idiom).
WAITANY = """for (k = 1; k < size; k++) {
            MPI_Waitany(size - 1, reqs, &idx, st);
#pragma interp cost(300 us)
            buf[idx][0] = 0.0;
        }"""
WAITALL = """MPI_Waitall(size - 1, reqs, st);
        for (k = 1; k < size; k++) {
#pragma interp cost(300 us)
            buf[k][0] = 0.0;
        }"""
WAITSOME = """done = 0;
        while (done < size - 1) {
            MPI_Waitsome(size - 1, reqs, &outcount, indices, st);
            for (k = 0; k < outcount; k++) {
#pragma interp cost(300 us)
                buf[indices[k]][0] = 0.0;
            }
            done += outcount;
        }"""


def test_waitany_overlaps_the_work_with_the_late_message(cli, tmp_path):
    """3 processes. 3,200 B (dynamic buffers), one hop: 175 + 3200 x 0.36 + 33 = 1,360 us of
    transmission. Rank 2's message arrives at about 1.36 ms; rank 1 computes 1 ms first, so its
    message arrives at about 2.36 ms.
    Waitany: the first request completes at 1.36 ms, its 300 us of work end at 1.66 ms, the
    second completes at 2.36 ms and its work ends at 2.66 ms.
    Waitall: both at 2.36 ms, then 2 x 300 us: 2.96 ms. The difference is the 300 us of work that
    Waitany overlaps with the wait for rank 1's message."""
    any_path, all_path = tmp_path / "any.c", tmp_path / "all.c"
    any_path.write_text(WAITANY_C.replace("COMPLETE", WAITANY))
    all_path.write_text(WAITANY_C.replace("COMPLETE", WAITALL))
    t_any, t_all = _run(cli, any_path, 3)["total_seconds"], _run(cli, all_path, 3)["total_seconds"]
    assert t_all - t_any == pytest.approx(300e-6, abs=1e-6)
    assert t_any == pytest.approx(1e-3 + 1360e-6 + 300e-6, abs=2e-6)
    report = _run(cli, any_path, 3)
    waitany = _aau(report, "MPI_Waitany")
    assert waitany["executions"] == 2
    # first completion at ~1.36 ms (rank 2's message), waited for from ~0; second at ~2.36 ms,
    # waited for after the first's 300 us of work: 1.36 + 0.7 = 2.06 ms in all
    assert waitany["total"] == pytest.approx(1360e-6 + (2360e-6 - 1660e-6), abs=2e-6)


def test_waitsome_completes_what_has_arrived_and_its_outcount_drives_the_loop(cli, tmp_path):
    """Waitsome returns with outcount 1 at 1.36 ms (rank 2's message), then 1 at 2.36 ms: the same
    times as Waitany; the while loop on done += outcount ends after two calls."""
    path = tmp_path / "some.c"
    path.write_text(WAITANY_C.replace("COMPLETE", WAITSOME))
    report = _run(cli, path, 3)
    assert _aau(report, "MPI_Waitsome")["executions"] == 2
    assert report["total_seconds"] == pytest.approx(1e-3 + 1360e-6 + 300e-6, abs=2e-6)


TESTALL = """done = 0;
        while (!done) {
            MPI_Testall(size - 1, reqs, &done, st);
#pragma interp cost(100 us)
            buf[1][0] += 1.0;
        }"""


def test_testall_polls_until_every_request_is_complete(cli, tmp_path):
    """The last message arrives at about 2.36 ms; polls k = 0, 1, ... are at about k x 100.x us
    (100 us of cost() plus the loop's overhead): the first at or after 2.36 ms is k = 24 (k = 23
    is at about 2.31 ms, still before the arrival), so 25 polls."""
    path = tmp_path / "all.c"
    path.write_text(WAITANY_C.replace("COMPLETE", TESTALL))
    report = _run(cli, path, 3)
    test = _aau(report, "MPI_Testall")
    assert test["executions"] == 25
    assert test["last"] >= 2.36e-3 - 1e-6


REPLY_C = r"""#include <mpi.h>
int main(int argc, char **argv) {
    int rank, k, idx;
    double x = 0.0, in[2];
    MPI_Request reqs[2];
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Irecv(&in[0], 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&in[1], 1, MPI_DOUBLE, 2, 0, MPI_COMM_WORLD, &reqs[1]);
        for (k = 0; k < 2; k++) {
            MPI_Waitany(2, reqs, &idx, &st);
            MPI_Send(&x, 1, MPI_DOUBLE, TO, 1, MPI_COMM_WORLD);
        }
    } else {
        if (rank == 1) {
#pragma interp cost(1 ms)
            x = 1.0;
        }
        MPI_Send(&x, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
        MPI_Recv(&x, 1, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, &st);
    }
    MPI_Finalize();
    return 0;
}
"""


@pytest.mark.parametrize("to", ["idx + 1", "st.MPI_SOURCE"])
def test_the_master_answers_the_worker_whose_message_completed(cli, tmp_path, to):
    """8 B messages, one hop (ranks 1 and 2 are both neighbours of 0): 70 + 3.36 + 11 = 84.36 us
    each way. Rank 2 sends at once: its message completes the first MPI_Waitany (idx = 1, the
    subscript of reqs[1]; its status's MPI_SOURCE = 2), and the answer reaches it at about
    2 x 84.36 = 168.7 us. Rank 1 computes 1 ms first: it is answered at about 1 ms + 168.7 us.
    A wrong index would answer rank 1 first and leave rank 2 waiting for the second answer."""
    path = tmp_path / "r.c"
    path.write_text(REPLY_C.replace("TO", to))
    ends = {p["process"]: p["end"] for p in _run(cli, path, 3)["per_process"]}
    assert ends["rank 2"] == pytest.approx(2 * 84.36e-6, abs=1e-6)
    assert ends["rank 1"] == pytest.approx(1e-3 + 2 * 84.36e-6, abs=1e-6)


def test_a_wait_on_a_request_a_test_completed_returns_at_once(cli, tmp_path):
    """MPI_Test completes the request (it becomes MPI_REQUEST_NULL): the MPI_Wait after it
    returns at once. The message (80 B: 70 + 33.6 + 11 = 114.6 us) arrived long
    before the 500 us of cost(): rank 1 ends at 500 us plus a few statements."""
    path = tmp_path / "w.c"
    path.write_text(POLL_C.replace("SEND", "MPI_Send(a, 10, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);")
                    .replace("        while (!flag) {\n            MPI_Test(&req, &flag, &st);\n"
                             "#pragma interp cost(10 us)\n            x = x + 1.0;\n        }",
                             "#pragma interp cost(500 us)\n        x = 1.0;\n"
                             "        MPI_Test(&req, &flag, &st);\n        MPI_Wait(&req, &st);"))
    report = _run(cli, path, 2)
    assert _aau(report, "MPI_Wait(")["total"] == 0
    assert report["total_seconds"] == pytest.approx(500e-6, abs=1e-6)
