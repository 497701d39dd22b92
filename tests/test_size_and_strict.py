"""Issue 13, defects 9 and 14, and --strict.

- ``#pragma interp size(N)`` (``!$interp size(N)``) states the count of the message call on the next
  line when it comes from data (rand(), RANDOM_NUMBER): without it the refusal names the annotation
  for that line; with it the message costs what that count costs.
- ``--strict`` (run, check, sweep) turns every default into an error naming its annotation: a
  branch on data weighted 0.5, a loop sampled because its body has no closed form, a call interp
  does not model costed 0. Machine parameters a machine file does not give stay notes (a fact of
  the machine description, not an assumption about the program; docs/annotations.md).

iPSC/860 messages (sag/machines/ipsc860.yaml, paper 001 Table 3): up to the 100-byte static buffer,
startup 70 us + 0.42 us/B + 11 us/hop; above it startup 175 us + 0.36 us/B + 33 us/hop.
"""
import json
from pathlib import Path

import pytest

CORPUS = Path(__file__).resolve().parent / "corpus"

RANDOM_SIZE = r"""#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv) {
    int rank, amount;
    int batch[100];
    MPI_Status status;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        amount = 1 + rand() % 100;
SIZE
        MPI_Send(batch, amount, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Probe(0, 0, MPI_COMM_WORLD, &status);
        MPI_Get_count(&status, MPI_INT, &amount);
        MPI_Recv(batch, amount, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
"""


def _write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return p


def _json(cli, *args):
    r = cli("run", *args, "--format", "json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_a_size_from_rand_is_refused_naming_size_for_its_line(cli, tmp_path):
    p = _write(tmp_path, "rs.c", RANDOM_SIZE.replace("SIZE\n", ""))
    r = cli("run", p, "-p", 2)
    assert r.exit_code != 0
    assert "rs.c:11:" in r.output and "'#pragma interp size(N)' above line 11" in r.output
    assert "Traceback" not in r.output


def test_size_states_the_count_and_get_count_passes_it_on(cli, tmp_path):
    p = _write(tmp_path, "rs.c", RANDOM_SIZE.replace("SIZE", "#pragma interp size(50)"))
    assert "send size=200 B" in cli("show", p).stdout  # 50 MPI_INTs of 4 bytes
    d = _json(cli, p, "-p", 2)
    rank0, rank1 = d["per_process"]
    # 200 B > 100 B: dynamic. Overhead 175 us; transmission 0.36 x 200 + 33 x 1 hop = 105 us.
    assert rank0["ovh"] == pytest.approx(175e-6)
    assert rank0["xmit"] == pytest.approx(105e-6)
    # rank 1 probes, learns the count (MPI_Get_count: 50) and receives: it ends after the message.
    assert rank1["end"] >= 280e-6


FORTRAN = """program randsize
  use mpi
  implicit none
  integer :: rank, ierr, n
  real :: r
  double precision :: buf(100)
  integer :: status(MPI_STATUS_SIZE)
  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  if (rank == 0) then
    call RANDOM_NUMBER(r)
    n = 1 + int(r * 99.0)
@SIZE@
    call MPI_SEND(buf, n, MPI_DOUBLE_PRECISION, 1, 0, MPI_COMM_WORLD, ierr)
  else if (rank == 1) then
    call MPI_RECV(buf, 100, MPI_DOUBLE_PRECISION, 0, 0, MPI_COMM_WORLD, status, ierr)
  end if
  call MPI_FINALIZE(ierr)
end program randsize
"""


def test_fortran_random_number_size(cli, tmp_path):
    bare = _write(tmp_path, "rf.f90", FORTRAN.replace("@SIZE@\n", ""))
    r = cli("run", bare, "-p", 2)
    assert r.exit_code != 0 and "'!$interp size(N)' above line 13" in r.output
    p = _write(tmp_path, "rf2.f90", FORTRAN.replace("@SIZE@", "!$interp size(10)"))
    rank0 = _json(cli, p, "-p", 2)["per_process"][0]
    # 10 DOUBLE PRECISION = 80 B, static: overhead 70 us, transmission 0.42 x 80 + 11 = 44.6 us.
    assert rank0["ovh"] == pytest.approx(70e-6)
    assert rank0["xmit"] == pytest.approx(44.6e-6)


@pytest.mark.parametrize("where, line", [("before the if", 9), ("before an assignment", 10)])
def test_size_above_no_message_call_is_an_error_with_its_line(cli, tmp_path, where, line):
    text = RANDOM_SIZE.replace("SIZE\n", "")
    if line == 9:
        text = text.replace("    if (rank == 0) {", "#pragma interp size(50)\n    if (rank == 0) {")
    else:
        text = text.replace("        amount = 1 +", "#pragma interp size(50)\n        amount = 1 +")
    r = cli("run", _write(tmp_path, "bad.c", text), "-p", 2)
    assert r.exit_code != 0
    assert f"bad.c:{line}" in r.output and "size(" in r.output


DARTS = r"""#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv) {
    int i, hits = 0;
    double x;
    MPI_Init(&argc, &argv);
    for (i = 0; i < 100; i++) {
        x = (double) rand() / RAND_MAX;
PRAGMA
        if (x < 0.25) hits++;
    }
    MPI_Finalize();
    return 0;
}
"""


def test_strict_refuses_the_default_probability_and_accepts_a_stated_one(cli, tmp_path):
    bare = _write(tmp_path, "d.c", DARTS.replace("PRAGMA\n", ""))
    assert cli("run", bare).exit_code == 0  # the default applies, stated in the report
    r = cli("run", bare, "--strict")
    assert r.exit_code != 0
    assert "--strict" in r.output and "'#pragma interp prob(0.5)' above line 9" in r.output
    stated = _write(tmp_path, "s.c", DARTS.replace("PRAGMA", "#pragma interp prob(0.25)"))
    assert _json(cli, stated, "--strict")["total_seconds"] == _json(cli, stated)["total_seconds"]


def test_strict_check_reports_defaults(cli, tmp_path):
    bare = _write(tmp_path, "d.c", DARTS.replace("PRAGMA\n", ""))
    plain = cli("check", bare, "-p", 1)
    assert plain.exit_code == 0
    r = cli("check", bare, "-p", 1, "--strict")
    assert r.exit_code == 1
    assert "d.c:9: default:" in r.output and "prob(0.5)' above line 9" in r.output


RUNTIME_DATA = r"""#include <string.h>
#include <mpi.h>
int main(int argc, char **argv) {
    int n;
    char buf[64];
    MPI_Init(&argc, &argv);
    n = strlen(buf);
    if (n > 3) {
#pragma interp cost(1 ms)
        n = 0;
    }
    MPI_Finalize();
    return 0;
}
"""


def test_strict_refuses_a_branch_weighted_at_run_time(cli, tmp_path):
    """strlen(buf) has no value: the branch is weighted when it is reached (engine.weighted)."""
    p = _write(tmp_path, "w.c", RUNTIME_DATA)
    # The default: 0.5 x (cost 1 ms + t2 25 ns) + t1 25 ns + ... : about 0.5 ms.
    assert _json(cli, p)["total_seconds"] == pytest.approx(0.5e-3, rel=0.01)
    r = cli("run", p, "--strict")
    assert r.exit_code != 0 and "'#pragma interp prob(0.5)' above line 8" in r.output
    c = cli("check", p, "-p", 1, "--strict")
    assert c.exit_code == 1 and "w.c:8: default:" in c.output


def test_strict_refuses_a_sampled_loop(cli):
    # 25,000 iterations a rank: above chain.EXACT_UP_TO (20,000), so sampled
    prog = CORPUS / "prime_count_early_return.c"
    assert cli("run", prog, "-p", 4, "-D", "n=100000").exit_code == 0
    r = cli("run", prog, "-p", 4, "-D", "n=100000", "--strict")
    assert r.exit_code != 0
    assert "--strict" in r.output and "sampled" in r.output
    assert "'#pragma interp cost(EXPR)' above line 37" in r.output and "--exact" in r.output


def test_strict_refuses_an_unmodelled_call_and_sweep_has_strict(cli, tmp_path):
    p = _write(tmp_path, "u.c", "#include <mpi.h>\nint main(int argc, char **argv) {\n"
               "    MPI_Init(&argc, &argv);\n    do_work();\n    MPI_Finalize();\n    return 0;\n}\n")
    assert cli("run", p).exit_code == 0
    r = cli("run", p, "--strict")
    assert r.exit_code != 0 and "'#pragma interp cost(EXPR)' above line 4" in r.output
    s = cli("sweep", p, "-p", "1,2", "--strict")
    assert s.exit_code != 0 and "'#pragma interp cost(EXPR)' above line 4" in s.output


RECURSIVE = "int f(int k) {\n    if (k > 0)\n        return f(k - 1);\n    return 0;\n}\n"


@pytest.mark.parametrize("helper, body, line, annotation", [
    # a loop whose limit is data (rand()): iters, above the loop
    ("", "    int n = rand() % 100, i;\n    double s = 0;\n    for (i = 0; i < n; i++) s += i;\n", 5, "iters(N)"),
    # a while whose condition reads data: iters, above the while
    ("", "    double e = (double) rand() / RAND_MAX;\n    while (e > 0.001) e = e * 0.5;\n", 4, "iters(N)"),
    # a recursive function: cost, above the recursive call (line 4 of the file)
    (RECURSIVE, "    int k = f(3);\n", 4, "cost(EXPR)"),
])
def test_every_refusal_names_the_annotation_for_its_line(cli, tmp_path, helper, body, line, annotation):
    """Issue 13, defect 14: each "state it with an annotation" names it, filled in for the line."""
    p = _write(tmp_path, "r.c", f"#include <stdlib.h>\n{helper}int main(void) {{\n{body}    return 0;\n}}\n")
    r = cli("run", p)
    assert r.exit_code != 0
    assert f"'#pragma interp {annotation}' above line {line}" in r.output, r.output
