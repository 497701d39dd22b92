"""Fortran 77 statement functions (frontends/fortran/stmt_functions.py): each reference is the
expression with the actual arguments for the dummies, as the standard evaluates it: the
expression's operations, no call, its value followed. They were refused ("statement function F is
not modelled (write it as a FUNCTION)").

iPSC/860 (sag/machines/ipsc860.yaml, paper 001 Table 1), 40 MHz, 1 clk = 25 ns, mid of ranges:
  S = S + F(DBLE(I)) with F(X) = X * X + 1.0D0 is S = S + (DBLE(I) * DBLE(I) + 1.0D0):
  3 fetches (S, I, I) 75 ns, 2 Int -> Real conversions (8-14 clk, mid 11) 550 ns, double mul
  (2-3 clk) 62.5 ns, 2 double adds 50 ns, 1 store (2 clk) 50 ns: 787.5 ns a pass, 1000 passes;
  the DO loop 11 clk = 275 ns an iteration and 5-10 clk (187.5 ns) once:
  1000 * (787.5 + 275) ns + 187.5 ns = 1062.6875 us; S = 0.0D0 before it, one store, 50 ns
  (MPI_INIT and MPI_FINALIZE: the machine gives them no cost).
"""
import json

import pytest

from frontends.fortran import load_fortran
from frontends.fortran.stmt_functions import substitute

REPRO = """\
      PROGRAM SF
      INCLUDE 'mpif.h'
      DOUBLE PRECISION F, X, S
      INTEGER I, IERR
      F(X) = X * X + 1.0D0
      CALL MPI_INIT(IERR)
      S = 0.0D0
      DO 10 I = 1, 1000
         S = S + F(DBLE(I))
   10 CONTINUE
      CALL MPI_FINALIZE(IERR)
      END
"""

# The same program with the reference written out, as the standard evaluates it.
WRITTEN_OUT = REPRO.replace("      F(X) = X * X + 1.0D0\n", "").replace(
    "S + F(DBLE(I))", "S + (DBLE(I) * DBLE(I) + 1.0D0)")

# NSTEP uses its dummy K, which is also a variable of the unit (K = 7): NSTEP(N) is N/2 + 1, not
# K/2 + 1. NT uses NSTEP and the PARAMETER M. IHALF is INTEGER of a REAL expression: its value
# is converted (INT(7.0 / 2.0) = 3, so J = 6, where 3.5 * 2 would give 7).
BOUNDS = """\
      PROGRAM LB
      INTEGER N, K, I, J, M, NSTEP, NT, IHALF
      REAL X
      DOUBLE PRECISION S
      PARAMETER (M = 3)
      NSTEP(K) = K/2 + 1
      NT(K) = NSTEP(K) * M
      IHALF(X) = X / 2.0
      READ (*, *) N
      K = 7
      S = 0.0D0
      DO I = 1, NSTEP(N)
         S = S + 1.0D0
      END DO
      DO I = 1, NT(K)
         S = S + 2.0D0
      END DO
      J = IHALF(7.0) * 2
      DO I = 1, J
         S = S + 3.0D0
      END DO
      PRINT *, S
      END
"""


def _file(tmp_path, text, name):
    p = tmp_path / name
    p.write_text(text)
    return p


def _run(cli, path, *args):
    r = cli("run", path, "--machine", "ipsc860", "-p", "1", *args, "--format", "json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def _executions(result, label):
    return next(a["executions"] for a in result["aaus"] if a["label"] == label)


def test_a_reference_costs_its_expression_written_out(cli, tmp_path):
    got = _run(cli, _file(tmp_path, REPRO, "sf.f"))
    plain = _run(cli, _file(tmp_path, WRITTEN_OUT, "plain.f"))
    assert got["total_seconds"] == plain["total_seconds"]
    assert got["total_seconds"] == pytest.approx(1000 * (787.5e-9 + 275e-9) + 187.5e-9 + 50e-9, rel=1e-12)
    body = next(a for a in got["aaus"] if a["class"] == "Seq" and a["lines"].endswith(":9"))
    assert body["executions"] == 1000
    assert body["mean"] == pytest.approx(787.5e-9, rel=1e-12)  # no call overhead
    assert not got["problems"]


@pytest.mark.parametrize("n, first", [(10, 6), (7, 4)])
def test_values_are_followed_in_loop_bounds(cli, tmp_path, n, first):
    result = _run(cli, _file(tmp_path, BOUNDS, "lb.f"), "-D", f"N={n}")
    assert _executions(result, "S = S + 1.0D0") == first  # NSTEP(N) = N/2 + 1: the dummy, not K = 7
    assert _executions(result, "S = S + 2.0D0") == 12  # NT(K) = (7/2 + 1) * 3
    assert _executions(result, "S = S + 3.0D0") == 6  # INT(7.0 / 2.0) * 2
    assert not result["problems"]


def test_an_array_element_assigned_first_is_no_statement_function(tmp_path):
    text = ("      PROGRAM AE\n      INTEGER N\n      DOUBLE PRECISION A(10), SQ, T\n"
            "      SQ(T) = T * T\n      A(N) = SQ(2.0D0)\n      END\n")
    aag = load_fortran(_file(tmp_path, text, "ae.f"))
    assert not aag.problems, [str(p) for p in aag.problems]
    labels = [a.label for fn in aag.functions.values() for a in fn.body]
    assert any("A(N) = (2.0D0 * 2.0D0)" in str(lab) for lab in labels), labels


@pytest.mark.parametrize("body, line, message", [
    ("      G(T) = T + 1.0\n      SQ(T) = SQ(T - 1.0) * T\n", 3, "SQ refers to itself"),
    ("      SQ(T) = H(T) * T\n      H(T) = T + 1.0\n", 2, "refers to statement function H, defined after it"),
    ("      SQ(T) = T * T\n      X = SQ(1.0, 2.0)\n", 3, "takes 1 argument(s), not 2"),
])
def test_what_cannot_be_expanded_is_refused_with_its_line(cli, tmp_path, body, line, message):
    p = _file(tmp_path, f"      PROGRAM R\n{body}      X = SQ(2.0)\n      PRINT *, X\n      END\n", "r.f")
    problems = load_fortran(p).problems
    assert any(pr.line == line and message in pr.message for pr in problems), [str(pr) for pr in problems]
    r = cli("run", p, "--machine", "ipsc860", "-p", "1")
    assert r.exit_code != 0 and f"r.f:{line}" in r.output and "Traceback" not in r.output


def test_substitution_is_on_whole_names_all_at_once():
    # swapped actuals are not substituted twice; strings, numbers, dotted operators, keywords and
    # components keep their spelling
    assert substitute("X - 2 * Y", {"x": "Y", "y": "X"}) == "Y - 2 * X"
    assert substitute("x .EQ. 'X' .AND. EQ", {"x": "(A + 1)", "eq": "B"}) == "(A + 1) .EQ. 'X' .AND. B"
    assert substitute("1.0D0 * D0 + E5 * 1.E5", {"d0": "P", "e5": "Q"}) == "1.0D0 * P + Q * 1.E5"
    assert substitute("REAL(K, KIND = K) + T%K", {"k": "N"}) == "REAL(N, KIND = N) + T%K"
    assert substitute("1.EQ.X", {"eq": "Z", "x": "W"}) == "1.EQ.W"


HOSTED = """\
program h
  implicit none
  integer :: i, n
  double precision :: f, x, c, s
  f(x) = c * x
  c = 2d0
  n = 10
  s = 0d0
  call sub(n)
contains
  subroutine sub(k)
    integer :: k, j
    double precision :: t
    t = 0d0
    do j = 1, k
      t = t + f(dble(j))
    end do
    print *, t
  end subroutine
end program
"""


def test_an_internal_subprogram_sees_its_hosts_statement_functions(tmp_path):
    aag = load_fortran(_file(tmp_path, HOSTED, "h.f90"))
    assert not aag.problems, [str(p) for p in aag.problems]
    labels = [str(a.label) for a in _all(aag.functions["sub"].body)]
    assert "t = t + (c * DBLE(j))" in labels, labels
    # a subprogram that declares the expression's C again would read its own C: refused
    shadowed = HOSTED.replace("double precision :: t\n", "double precision :: t, c\n")
    problems = load_fortran(_file(tmp_path, shadowed, "s.f90")).problems
    assert any(p.line == 16 and "uses C, which this subprogram declares again" in p.message
               for p in problems), [str(p) for p in problems]


def _all(body):
    for a in body:
        yield a
        yield from _all(getattr(a, "body", None) or [])
