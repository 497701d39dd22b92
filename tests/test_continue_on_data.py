"""``if (data) continue;`` / ``IF (data) CYCLE`` in a loop body is weighed like ``if (!data) { rest
of the body }`` (docs/model.md, "A continue on data"). It was refused ("a branch on data leaves its
loop or function") whenever the loop was interpreted iteration by iteration.

iPSC/860 (sag/machines/ipsc860.yaml, paper 001 Table 1), clock 40 MHz = 25 ns:
  Condt overhead t1 = 1 clk = 25 ns per condition tested; branch taken t2 = 1 clk = 25 ns.
Algorithm 3 on ``if (!c) { rest }`` with P(c) = p (so P(!c) = 1 - p), per iteration:
  (1 - p) (t1 + t2 + tested + rest) + p (t1 + tested)
so against p = 1 the time grows by (1 - p)(t2 + rest) per iteration; with rest = cost(10 us):
  T(p) - T(1) = n (1 - p) (25 ns + 10 us).
"""
import json

import pytest

CLOCK = 25e-9

C_LOOP = r"""#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv) {
    int i, n;
    double s = 0.0, a[1001];
    MPI_Init(&argc, &argv);
    n = atoi(argv[1]);
    for (i = 0; i < 1001; i++)
        a[i] = (double) rand() / RAND_MAX;
    i = 0;
    HEAD {
        NEXT
PRAGMA
        BRANCH
#pragma interp cost(10 us)
        s += a[i];
    }
    MPI_Finalize();
    return 0;
}
"""
WHILE = ("while (i < n)", "i++;")
FOR = ("for (i = 0; i < n; i++)", "")
CONTINUE = "if (a[i] > 0.5) continue;"


def _c(tmp_path, name, loop, pragma, branch=CONTINUE, tail=""):
    head, nxt = loop
    text = C_LOOP.replace("HEAD", head).replace("NEXT", nxt).replace("PRAGMA", pragma).replace("BRANCH", branch)
    if tail:  # the rest of the body inside the negated if, as a user would write it
        text = text.replace("        s += a[i];\n    }", "        s += a[i];\n        }\n    }")
    p = tmp_path / name
    p.write_text(text)
    return p


def _total(cli, path, *args):
    r = cli("run", path, "--machine", "ipsc860", "-p", "1", *args, "--format", "json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)["total_seconds"]


@pytest.mark.parametrize("loop", [WHILE, FOR], ids=["while-interpreted", "for-closed-form"])
def test_continue_on_data_is_weighed_as_the_negated_if(cli, tmp_path, loop):
    quarter = _total(cli, _c(tmp_path, "q.c", loop, "#pragma interp prob(0.25)"), "-D", "n=100")
    always = _total(cli, _c(tmp_path, "a.c", loop, "#pragma interp prob(1)"), "-D", "n=100")
    # n (1 - p)(t2 + 10 us) = 100 x 0.75 x 10.025 us = 751.875 us
    assert quarter - always == pytest.approx(100 * 0.75 * (CLOCK + 10e-6), rel=1e-9)
    # ... and exactly what the same loop costs written as if (!c) { rest } with prob(0.75)
    negated = _c(tmp_path, "n.c", loop, "#pragma interp prob(0.75)", branch="if (!(a[i] > 0.5)) {", tail="}")
    assert _total(cli, negated, "-D", "n=100") == pytest.approx(quarter, rel=1e-12)


def test_without_prob_the_default_half_is_stated(cli, tmp_path):
    r = cli("run", _c(tmp_path, "d.c", WHILE, ""), "--machine", "ipsc860", "-p", "1", "-D", "n=10")
    assert r.exit_code == 0, r.output
    assert "condition depends on data; taken with probability 0.5" in " ".join(r.stdout.split())


def test_a_branch_that_works_before_its_continue_is_an_else_of_the_rest(cli, tmp_path):
    # if (c) { A; continue; } rest  ->  if (c) { A } else { rest }: per iteration
    #   p (t1 + t2 + tested + A) + (1 - p) (2 t1 + t2 + tested + rest)
    # so T(p) - T(0) = n p (A - rest - t1) = 100 x 0.25 x (5 us - 10 us - 25 ns) = -125.625 us.
    branch = "if (a[i] > 0.5) {\n#pragma interp cost(5 us)\n s = 0.0;\n continue;\n }"
    quarter = _total(cli, _c(tmp_path, "q.c", WHILE, "#pragma interp prob(0.25)", branch=branch), "-D", "n=100")
    never = _total(cli, _c(tmp_path, "z.c", WHILE, "#pragma interp prob(0)", branch=branch), "-D", "n=100")
    assert quarter - never == pytest.approx(100 * 0.25 * (5e-6 - 10e-6 - CLOCK), rel=1e-9)


def test_break_on_data_in_a_while_loop_is_still_refused(cli, tmp_path):
    # A break changes the trip count; the early-exit rule (tests/test_early_exit.py) needs the
    # count a counted loop has when it starts: a while loop has none.
    p = _c(tmp_path, "b.c", WHILE, "", branch="if (a[i] > 0.5) break;")
    r = cli("run", p, "--machine", "ipsc860", "-p", "1", "-D", "n=10")
    assert r.exit_code != 0
    assert "a branch on data leaves its loop or function" in r.output


F_LOOP = """program cyc
  use mpi
  implicit none
  integer :: ierr, i, n
  double precision :: s, a(1000)
  call MPI_Init(ierr)
  call random_number(a)
  n = 100
  s = 0d0
  i = 0
  do while (i < n)
    i = i + 1
PRAGMA
    BRANCH
!$interp cost(10 us)
    s = s + a(i)
  end do
  call MPI_Finalize(ierr)
end program cyc
"""


def _f(tmp_path, name, pragma, branch="if (a(i) > 0.5d0) cycle"):
    p = tmp_path / name
    p.write_text(F_LOOP.replace("PRAGMA", pragma).replace("BRANCH", branch))
    return p


def test_fortran_cycle_on_data_is_weighed_as_the_negated_if(cli, tmp_path):
    quarter = _total(cli, _f(tmp_path, "q.f90", "!$interp prob(0.25)"))
    always = _total(cli, _f(tmp_path, "a.f90", "!$interp prob(1)"))
    # the same derivation as C's: 100 x 0.75 x (25 ns + 10 us) = 751.875 us
    assert quarter - always == pytest.approx(100 * 0.75 * (CLOCK + 10e-6), rel=1e-9)
    construct = "if (a(i) > 0.5d0) then\n!$interp cost(5 us)\n      s = 0d0\n      cycle\n    end if"
    q2 = _total(cli, _f(tmp_path, "c.f90", "!$interp prob(0.25)", branch=construct))
    z2 = _total(cli, _f(tmp_path, "z.f90", "!$interp prob(0)", branch=construct))
    # IF (c) THEN; A; CYCLE; END IF; rest -> IF (c) THEN; A; ELSE; rest: n p (A - rest - t1)
    assert q2 - z2 == pytest.approx(100 * 0.25 * (5e-6 - 10e-6 - CLOCK), rel=1e-9)
