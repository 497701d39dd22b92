"""Issue 13, defect 2: MPI_Abort, exit(), abort() and Fortran STOP end processes.

Before, a usage guard `if (size != 2) MPI_Abort(...)` was interpreted as a call that returns, so
at the wrong process count the ranks went on into unmatched messages and a predicted hang, and
`check` reported phantom unmatched receives.

Hand derivations on the shipped iPSC/860 (sag/machines/ipsc860.yaml, paper 001 Tables 1-3):
clock 40 MHz (1 clk = 25 ns); a Condt costs per_condition (1 clk) per condition tested plus its
operations (the int comparison, 1 clk) and the fetch of its variable (1 clk); a blocking send of
m <= 100 bytes over h hops costs startup 70 us (overhead) + 0.42 us * m + 11 us * h (transmission).
"""
import json

import pytest

from interp.pipeline import load_program
from interp.studies.check import check

CLK = 25e-9

GUARD = r"""
#include <stdio.h>
#include <mpi.h>
int main(int argc, char **argv) {
    int rank, size;
    double x = 1.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 2) {
        if (rank == 0) fprintf(stderr, "needs 2 processes\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (rank == 0) MPI_Send(&x, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    else MPI_Recv(&x, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""


def _json(cli, *args):
    r = cli("run", *args, "--format", "json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_guard_not_taken_costs_its_condition_only(cli, tmp_path):
    prog = tmp_path / "guard.c"
    prog.write_text(GUARD)
    plain = tmp_path / "plain.c"
    plain.write_text(GUARD.replace("    if (size != 2) {", "    {").replace(
        '        if (rank == 0) fprintf(stderr, "needs 2 processes\\n");\n', "").replace(
        "        MPI_Abort(MPI_COMM_WORLD, 1);\n", ""))
    g, p = _json(cli, prog, "--procs", 2), _json(cli, plain, "--procs", 2)
    # The guard adds one condition tested and not taken: per_condition + compare + fetch = 3 clk.
    assert g["total_seconds"] - p["total_seconds"] == pytest.approx(3 * CLK, rel=1e-9)
    # The message: 8 bytes over 1 hop.
    assert g["per_process"][0]["ovh"] == pytest.approx(70e-6)
    assert g["per_process"][0]["xmit"] == pytest.approx(0.42e-6 * 8 + 11e-6)


def test_abort_ends_every_process(cli, tmp_path):
    prog = tmp_path / "guard.c"
    prog.write_text(GUARD)
    d = _json(cli, prog, "--procs", 4)
    # Every process ends at the abort, before any message is sent (under one startup of 70 us).
    assert 0 < d["total_seconds"] < 70e-6
    assert {p["end"] for p in d["per_process"]} == {d["total_seconds"]}
    assert any("MPI_Abort at guard.c:12" in n and "every process ends there" in n for n in d["notes"])


def test_check_reports_the_abort_not_phantom_messages(tmp_path):
    prog = tmp_path / "guard.c"
    prog.write_text(GUARD)
    (f,) = check([load_program(str(prog))], "ipsc860", 4)
    assert (f.kind, f.line) == ("aborts", 12)
    assert "for 4 processes" in f.message
    assert check([load_program(str(prog))], "ipsc860", 2) == []


EXIT_EARLY = r"""
#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv) {
    int rank;
    double x = 1.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) exit(1);
    if (rank == 0) MPI_Recv(&x, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""


def test_exit_ends_one_process_and_the_hang_names_it(cli, tmp_path):
    prog = tmp_path / "early.c"
    prog.write_text(EXIT_EARLY)
    r = cli("run", prog, "--procs", 2)
    assert r.exit_code == 1
    assert "rank 1: ended early by an ending call at" in r.stderr and "early.c:9" in r.stderr
    kinds = {(f.kind, f.line, tuple(f.ranks)) for f in check([load_program(str(prog))], "ipsc860", 2)}
    assert ("ends-early", 9, (1,)) in kinds
    assert not any(k[0] == "unmatched-recv" for k in kinds)


HELPER = r"""
#include <stdio.h>
#include <stdlib.h>
#include <mpi.h>
static void usage(const char *prog) {
    fprintf(stderr, "usage: %s N\n", prog);
    MPI_Abort(MPI_COMM_WORLD, 2);
}
int main(int argc, char **argv) {
    int rank, i, n;
    double s = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc < 2) usage(argv[0]);
    n = atoi(argv[1]);
    for (i = 0; i < n; i++) s = s + i;
    MPI_Finalize();
    return 0;
}
"""


def test_an_ending_helper_function_is_interpreted_not_closed_formed(cli, tmp_path):
    prog = tmp_path / "helper.c"
    prog.write_text(HELPER)
    ok = _json(cli, prog, "--procs", 2, "-D", "argc=2", "-D", "n=10")
    assert not any("MPI_Abort" in n for n in ok["notes"])
    aborted = _json(cli, prog, "--procs", 2, "-D", "argc=1", "-D", "n=10")
    assert any("MPI_Abort at helper.c:7" in n for n in aborted["notes"])
    assert aborted["total_seconds"] < ok["total_seconds"]


FORTRAN_STOP = """\
      program early
      include 'mpif.h'
      integer rank, ierr
      double precision x
      call MPI_INIT(ierr)
      call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
      if (rank .eq. 1) call quit()
      if (rank .eq. 0) then
         call MPI_RECV(x, 1, MPI_DOUBLE_PRECISION, 1, 0, MPI_COMM_WORLD,
     &                 MPI_STATUS_IGNORE, ierr)
      end if
      call MPI_FINALIZE(ierr)
      end

      subroutine quit()
      stop
      end
"""


def test_fortran_stop_in_a_subroutine_ends_the_process(cli, tmp_path):
    prog = tmp_path / "early.f"
    prog.write_text(FORTRAN_STOP)
    r = cli("run", prog, "--procs", 2)
    assert r.exit_code == 1
    assert "rank 1: ended early by an ending call at" in r.stderr and "early.f:16" in r.stderr
