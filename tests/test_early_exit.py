"""A counted loop left early by a branch on data (``if (data) break;``, ``IF (data) EXIT``, a
``return`` out of the loop) is weighed by a stated rule, not refused (interp/engine/early_exit.py;
docs/model.md, "An early exit on data").

The loop ``for (i = 0; i < n; i++) { A; if (c) { B; break; } C; }`` with A, B and C cost()
statements. Differences of predictions that change one cost by 10 us cancel every overhead:
  T(A + 10 us) - T(A) = 10 us x E          (A runs once per iteration)
  T(B + 10 us) - T(B) = 10 us x E q        (B runs when the exit is taken)
  T(C + 10 us) - T(C) = 10 us x E (1 - q)  (C runs in the iterations that go on)
Without prob(): E = (n + 1) / 2 (the exit equally likely at any iteration), q = 1 / E, so B runs
once and C (n - 1) / 2 times; --bound best: E = 1; --bound worst: E = n.
With prob(p): E = (1 - (1 - p)^n) / p, q = p.
"""
import json

import pytest

US = 1e-6

C_SEARCH = r"""#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv) {
    int i, n, found = -1;
    double s = 0.0, a[1001];
    MPI_Init(&argc, &argv);
    n = atoi(argv[1]);
    for (i = 0; i < 1001; i++)
        a[i] = (double) rand() / RAND_MAX;
    for (i = 0; i < n; i++) {
#pragma interp cost(A us)
        s += a[i];
PRAGMA
        if (a[i] > 0.99) {
#pragma interp cost(B us)
            found = i;
            break;
        }
#pragma interp cost(C us)
        s = s * 0.5;
    }
    MPI_Finalize();
    return found;
}
"""

F_SEARCH = """program search
  implicit none
  integer :: i, n, found
  double precision :: s, a(1000)
  read (*, *) n
  call random_number(a)
  found = -1
  s = 0.0d0
  do i = 1, n
!$interp cost(A us)
    s = s + a(i)
PRAGMA
    if (a(i) > 0.99d0) then
!$interp cost(B us)
      found = i
      exit
    end if
!$interp cost(C us)
    s = s * 0.5d0
  end do
  print *, found, s
end program search
"""


def _total(cli, tmp_path, text, costs, pragma="", *args, name="s.c"):
    a, b, c = costs
    path = tmp_path / name
    path.write_text(text.replace("A us", f"{a} us").replace("B us", f"{b} us").replace("C us", f"{c} us")
                    .replace("PRAGMA", pragma))
    r = cli("run", path, "--machine", "ipsc860", "-p", "1", "-D", "n=100", *args, "--format", "json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def _diffs(cli, tmp_path, text, pragma="", *args, name="s.c"):
    base = _total(cli, tmp_path, text, (10, 3, 5), pragma, *args, name=name)["total_seconds"]
    return [_total(cli, tmp_path, text, costs, pragma, *args, name=name)["total_seconds"] - base
            for costs in ((20, 3, 5), (10, 13, 5), (10, 3, 15))]


def test_without_prob_the_exit_is_equally_likely_at_any_iteration(cli, tmp_path):
    # n = 100: E = 101 / 2 = 50.5 iterations; B once; C 49.5 times
    da, db, dc = _diffs(cli, tmp_path, C_SEARCH)
    assert da == pytest.approx(10 * US * 50.5, rel=1e-9)
    assert db == pytest.approx(10 * US * 1, rel=1e-9)
    assert dc == pytest.approx(10 * US * 49.5, rel=1e-9)


def test_the_note_names_the_loop_the_rule_and_the_pragma(cli, tmp_path):
    path = tmp_path / "s.c"
    path.write_text(C_SEARCH.replace("A us", "1 us").replace("B us", "1 us").replace("C us", "1 us")
                    .replace("PRAGMA", ""))
    r = cli("run", path, "--machine", "ipsc860", "-p", "1", "-D", "n=100")
    assert r.exit_code == 0, r.output
    text = " ".join(r.stdout.split())
    assert "s.c:10-20: the loop breaks early on data (line 17)" in text  # the break's line
    assert "(n + 1) / 2 = 50.5" in text and "'#pragma interp prob(p)' above the if at line 14" in text
    assert "taken with probability 0.5" not in text  # the rule, not Algorithm 3's default, weighs it


def test_prob_gives_the_exit_probability_per_iteration(cli, tmp_path):
    # p = 0.1, n = 100: E = (1 - 0.9^100) / 0.1 = 9.99973...; B runs 1 - 0.9^100; C runs 0.9 E
    e = (1 - 0.9 ** 100) / 0.1
    da, db, dc = _diffs(cli, tmp_path, C_SEARCH, "#pragma interp prob(0.1)")
    assert da == pytest.approx(10 * US * e, rel=1e-9)
    assert db == pytest.approx(10 * US * (1 - 0.9 ** 100), rel=1e-9)
    assert dc == pytest.approx(10 * US * 0.9 * e, rel=1e-9)


@pytest.mark.parametrize("bound, iters", [("best", 1), ("worst", 100)])
def test_the_bounds_take_the_ends(cli, tmp_path, bound, iters):
    da, db, dc = _diffs(cli, tmp_path, C_SEARCH, "", "--bound", bound)
    assert da == pytest.approx(10 * US * iters, rel=1e-9)
    assert db == pytest.approx(10 * US, rel=1e-9)
    assert dc == pytest.approx(10 * US * (iters - 1), abs=1e-12)


def test_fortran_exit_is_weighed_the_same(cli, tmp_path):
    da, db, dc = _diffs(cli, tmp_path, F_SEARCH, name="s.f90")
    assert da == pytest.approx(10 * US * 50.5, rel=1e-9)
    assert db == pytest.approx(10 * US, rel=1e-9)
    assert dc == pytest.approx(10 * US * 49.5, rel=1e-9)


C_RETURN = r"""#include <stdlib.h>
int find(double *a, int n) {
    int i;
    for (i = 0; i < n; i++) {
#pragma interp cost(A us)
        a[i] = a[i] * 2.0;
        if (a[i] > 1.98)
            return i;
    }
#pragma interp cost(C us)
    a[0] = 0.0;
    return -1;
}
int main(int argc, char **argv) {
    int i, n, k;
    double a[1001];
    n = atoi(argv[1]);
    for (i = 0; i < 1001; i++)
        a[i] = (double) rand() / RAND_MAX;
    k = find(a, n);
    return k > 0;
}
"""


def test_a_return_out_of_the_loop_ends_the_function(cli, tmp_path):
    # E = 50.5 iterations of A; the statement after the loop (cost C) is not run: the default's
    # search always finds what it looks for, so find() returns from inside the loop.
    da, _, dc = _diffs(cli, tmp_path, C_RETURN.replace("PRAGMA", ""))
    assert da == pytest.approx(10 * US * 50.5, rel=1e-9)
    assert dc == 0


# The loop communicates (a barrier after C): it is interpreted iteration by iteration, where an
# exit on data cannot be weighed; the break is taken as never taken (a convergence test on an
# MPI_Allreduce'd residual: every process agrees), so the loop runs its count: A and C 100 times,
# B never; '#pragma interp iters(40)' above the loop states 40 iterations.
C_BARRIER = C_SEARCH.replace("        s = s * 0.5;\n", "        s = s * 0.5;\n        MPI_Barrier(MPI_COMM_WORLD);\n")


@pytest.mark.parametrize("loop_pragma, n", [("", 100), ("#pragma interp iters(40)\n", 40)], ids=["count", "iters"])
def test_a_loop_that_communicates_runs_its_count_or_the_stated_iters(cli, tmp_path, loop_pragma, n):
    text = C_BARRIER.replace("    for (i = 0; i < n; i++) {", loop_pragma + "    for (i = 0; i < n; i++) {")
    da, db, dc = _diffs(cli, tmp_path, text)
    assert da == pytest.approx(10 * US * n, rel=1e-9)
    assert db == 0
    assert dc == pytest.approx(10 * US * n, rel=1e-9)
    report = _total(cli, tmp_path, text, (1, 1, 1))
    notes = " ".join(" ".join(str(x) for x in report["notes"]).split())
    assert ("predicted for its whole count" in notes) == (loop_pragma == "")
    assert "probability 0.5" not in notes


def test_an_exit_on_data_from_an_endless_loop_that_communicates_stays_refused(cli, tmp_path):
    # while (1) has no count to run: the exit's iteration is data, and the error names iters(N)
    path = tmp_path / "m.c"
    path.write_text(C_BARRIER.replace("A us", "1 us").replace("B us", "1 us").replace("C us", "1 us")
                    .replace("PRAGMA", "").replace("for (i = 0; i < n; i++) {", "i = 0;\n    while (1) {")
                    .replace("        MPI_Barrier(MPI_COMM_WORLD);\n", "        MPI_Barrier(MPI_COMM_WORLD);\n        i++;\n"))
    r = cli("run", path, "--machine", "ipsc860", "-p", "1")
    assert r.exit_code != 0
    text = " ".join(r.output.split())
    assert "a branch on data leaves its loop or function" in text and "iters(N)" in text


def test_strict_refuses_the_default_and_names_the_pragma(cli, tmp_path):
    path = tmp_path / "s.c"
    path.write_text(C_SEARCH.replace("A us", "1 us").replace("B us", "1 us").replace("C us", "1 us")
                    .replace("PRAGMA", ""))
    r = cli("run", path, "--machine", "ipsc860", "-p", "1", "-D", "n=100", "--strict")
    assert r.exit_code != 0
    text = " ".join(r.output.split())
    assert "--strict" in text and "'#pragma interp prob(p)' above line 14" in text
    stated = tmp_path / "t.c"
    stated.write_text(path.read_text().replace("        if (a[i] > 0.99)", "#pragma interp prob(0.1)\n        if (a[i] > 0.99)"))
    assert cli("run", stated, "--machine", "ipsc860", "-p", "1", "-D", "n=100", "--strict").exit_code == 0


HANG_FROM_DEFAULT = r"""#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, i, k;
    double v = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (k = 0; k < 3; k++) {
            v = (double)rand() / RAND_MAX;
            MPI_Send(&v, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
        }
        v = -1.0;
        MPI_Send(&v, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        for (i = 0; i < 100; i++) {
            MPI_Recv(&v, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (v < 0.0)
                break;
        }
    }
    MPI_Finalize();
    return 0;
}
"""


def test_a_hang_that_comes_from_the_full_count_default_says_so(cli, tmp_path):
    # rank 1 stops at the sender's -1.0 (data: v is also random), which the default takes as never
    # happening: it waits for a fifth message that never comes, and the hang names the assumption
    path = tmp_path / "h.c"
    path.write_text(HANG_FROM_DEFAULT)
    r = cli("run", path, "-p", "2")
    assert r.exit_code != 0
    text = " ".join(r.output.split())
    assert "the program hangs" in text and "it assumed:" in text and "iters(N)" in text and "h.c:18" in text


F_CONVERGE = """program converge
  use mpi
  implicit none
  integer :: ierr, it
  double precision :: d, g
  call MPI_Init(ierr)
  d = 1.0d0
PRAGMA
  do it = 1, 100
    call MPI_Allreduce(d, g, 1, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD, ierr)
    if (g < 1.0d-6) exit
    d = 0.5d0 * d
  end do
  call MPI_Finalize(ierr)
end program converge
"""


def _converge(cli, tmp_path, pragma, name):
    path = tmp_path / name
    path.write_text(F_CONVERGE.replace("PRAGMA", pragma))
    r = cli("run", path, "--machine", "ipsc860", "-p", "2", "--format", "json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_a_loop_that_communicates_runs_the_passes_iters_states_and_its_exit_is_not_taken(cli, tmp_path):
    """A convergence loop (MPI_Allreduce, then EXIT on the reduced value): iters(N) above it states
    the passes it makes. By hand at P = 2: the Allreduce is one exchange of 8 B over one hop,
    70 + 0.42*8 + 11 = 84.36 us (static message, manifest header), so 7 passes take 590.5 us and
    8 passes 84.36 us more; the rest (d = 0.5 d, the test, loop control) is about 0.5 us a pass."""
    seven = _converge(cli, tmp_path, "!$interp iters(7)", "a.f90")
    eight = _converge(cli, tmp_path, "!$interp iters(8)", "b.f90")
    assert seven["total_seconds"] == pytest.approx(7 * 84.36e-6, rel=0.01)
    assert eight["total_seconds"] - seven["total_seconds"] == pytest.approx(84.36e-6, rel=0.01)
    notes = " ".join(json.dumps(seven).split())
    assert "weighted with probability 0.5" not in notes  # the stated count decides, not Algorithm 3


def test_without_iters_the_loop_that_communicates_runs_its_count_and_says_so(cli, tmp_path):
    """Without iters(N) the exit on the reduced value is taken as never taken: the loop's 100
    passes (docs/model.md, 'An early exit on data'), 100 x 84.36 us of Allreduce and about 0.5 us
    of the rest a pass; the note names the annotation that states the real count."""
    out = _converge(cli, tmp_path, "", "c.f90")
    assert out["total_seconds"] == pytest.approx(100 * 84.36e-6, rel=0.01)
    notes = " ".join(json.dumps(out).split())
    assert "predicted for its whole count" in notes and "iters(N)" in notes


C_HELPER_CONVERGE = """#include <mpi.h>
static double gmax(double v)
{
    double r;
    MPI_Allreduce(&v, &r, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return r;
}
int main(int argc, char **argv)
{
    int it = 0;
    double d = 1.0, g = 1.0;
    MPI_Init(&argc, &argv);
PRAGMA
LOOP
    MPI_Finalize();
    return 0;
}
"""
FOR_BREAK = """    for (it = 0; it < 100; it++) {
        g = gmax(d);
        if (g < 1e-6)
            break;
        d = 0.5 * d;
    }"""
WHILE_AND = """    while (g > 1e-6 && it < 100) {
        g = gmax(d);
        d = 0.5 * d;
        it++;
    }"""


@pytest.mark.parametrize("loop", [FOR_BREAK, WHILE_AND], ids=["for-break", "while-and"])
def test_a_convergence_test_on_a_value_a_communicating_helper_returns(cli, tmp_path, loop):
    """The residual comes back from a helper that wraps the MPI_Allreduce (g = gmax(d)): the loop
    communicates through the call, so its exit on the reduced value is taken as never taken, as
    with the Allreduce written inline (it was refused: 'weighs such an exit only in a counted
    loop', and iters(N) did not help). By hand at P = 2 as above: 100 passes of 84.36 us of
    Allreduce, plus the call and the rest (about 1 us a pass); iters(7) states 7 passes."""
    path = tmp_path / "h.c"
    for pragma, passes in (("", 100), ("#pragma interp iters(7)", 7)):
        path.write_text(C_HELPER_CONVERGE.replace("PRAGMA", pragma).replace("LOOP", loop))
        r = cli("run", path, "--machine", "ipsc860", "-p", "2", "--format", "json")
        assert r.exit_code == 0, r.output
        out = json.loads(r.stdout)
        assert out["total_seconds"] == pytest.approx(passes * 84.36e-6, rel=0.015)
        notes = " ".join(json.dumps(out).split())
        assert ("iters(N)" in notes) == (pragma == "")
