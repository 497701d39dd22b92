"""Reductions in a value read once: an IF's test (``if (maxval(abs(r)) < tol) exit``) and an item
of PRINT / WRITE (``print *, sum(r)``) are computed by their loops first, into a scalar of their
own (read_once.py), as the compiler evaluates them. Before, PRINT *, SUM(r) was
refused ("array intrinsic SUM is not modelled") and an IF's MAXVAL cost nothing (its loop over
r was left out)."""
from __future__ import annotations

import pytest

from interp.pipeline import predict

PROGRAM = """program t
  implicit none
  double precision :: r(100), tol
  integer :: it
  r = 1.0d0
  tol = 1.0d-3
  do it = 1, 10
    r = 0.5d0 * r
    if (maxval(abs(r)) < tol) exit
  end do
  print *, sum(r), it
end program t
"""


def test_reductions_in_an_if_test_and_in_print_run_their_loops(tmp_path):
    path = tmp_path / "t.f90"
    path.write_text(PROGRAM)
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    seqs = {}
    for s in r.aaus.values():
        if s.cls == "Seq":
            seqs.setdefault(s.loc.rsplit(":", 1)[1], []).append(s.executions)
    # the loop exits on data: E = (10 + 1) / 2 = 5.5 passes (the early-exit rule); each pass
    # scales r (100 stores, line 8) and runs MAXVAL's loop over r (100 elements, line 9)
    assert sorted(seqs["8"]) == pytest.approx([550])
    assert 550 in [pytest.approx(x) for x in seqs["9"]]
    # PRINT's SUM: one loop of 100 elements (line 11)
    assert 100 in seqs["11"]


WHILE = """program w
  implicit none
  double precision :: r(100), tol
  integer :: it
  r = 1.0d0
  tol = 1.0d-3
  it = 0
!$interp iters(10)
  do while (maxval(abs(r)) > tol)
    r = 0.5d0 * r
    it = it + 1
  end do
  print *, it
end program w
"""


def test_a_do_while_test_with_a_reduction_runs_its_loop_before_every_test(tmp_path):
    # 10 passes (iters): the test runs 11 times, before the loop and after each pass: 11 MAXVAL
    # loops of 100 elements at the DO WHILE's line 9 (before, none: the test cost nothing)
    path = tmp_path / "w.f90"
    path.write_text(WHILE)
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    at9 = sum(s.executions for s in r.aaus.values() if s.cls == "Seq" and s.loc.endswith("w.f90:9")
              and s.executions >= 100)
    assert at9 == 1100
