"""Blank lines and comments before a Fortran construct (frontends/fortran/fparse.py
``hoist_comments``): fparser puts them inside the construct, ahead of its opening statement, so a
SELECT CASE lost its cases (predicted without its loop, 338 us where it takes 676 us), a FORALL
gave an internal error and an ASSOCIATE lost its names. Counts by hand, summed over processes."""
from __future__ import annotations

import pytest

from interp.pipeline import predict

SELECT = """program p
  use mpi
  implicit none
  integer :: ierr, rank, k
  real(8) :: acc
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  acc = 0
BEFORE
  select case (rank)
  case (0)
    do k = 1, 1000
      acc = acc + k
    end do
  case default
    acc = 1
  end select
  print *, acc
  call MPI_Finalize(ierr)
end program p
"""


def _execs(path, procs=1):
    r = predict([str(path)], "ipsc860", procs, [], interactive=False).result
    out = {}
    for s in r.aau_totals():
        out.setdefault(s.loc.rsplit(":", 1)[1], []).append(int(s.executions))
    return out


@pytest.mark.parametrize("before", ["", "  ! rank 0 does the work", "\n  ! two lines\n"])
def test_select_case_after_a_blank_line_or_comment_keeps_its_cases(tmp_path, before):
    path = tmp_path / "sel.f90"
    path.write_text(SELECT.replace("BEFORE", before))
    execs = _execs(path, 4)
    shift = before.count("\n")
    assert execs[f"{13 + shift}"] == [1000]          # the loop's body on rank 0 only
    assert execs[f"{16 + shift}"] == [3]             # case default on ranks 1-3


def test_forall_and_associate_after_a_blank_line(tmp_path):
    path = tmp_path / "fa.f90"
    path.write_text("""program p
  implicit none
  integer :: k, n
  real(8) :: a(10), acc
  a(1) = 1.0d0
  n = 10

  forall (k = 1:10)
    a(k) = 0.0d0
  end forall
  acc = 0

  associate (m => n)
    do k = 1, m
      acc = acc + k
    end do
  end associate
  print *, acc, a(1)
end program p
""")
    execs = _execs(path)
    assert sorted(execs["8-10"]) == [1, 10] and execs["15"] == [10]   # FORALL: a loop of 10 stores


def test_a_declaration_after_an_executable_statement_is_refused(tmp_path):
    """Not Fortran (gfortran refuses it); fparser took it as a second specification part and the
    unit's loop after it was lost: predicted 0.36 us without a word."""
    from frontends.errors import FrontendError

    path = tmp_path / "late.f90"
    path.write_text("""program p
  implicit none
  call work(100)
contains
  subroutine work(n)
    integer, intent(in) :: n
    real(8) :: acc
    acc = 0
    integer :: k
    do k = 1, n
      acc = acc + k
    end do
    print *, acc
  end subroutine work
end program p
""")
    with pytest.raises(FrontendError, match=r"late.f90:9: a declaration after an executable statement"):
        predict([str(path)], "ipsc860", 1, [], interactive=False)
