"""Calls of Fortran procedures with keyword and OPTIONAL arguments, PRESENT(), and MODULO: the
values the callee's loops are bounded by, counted by hand from the loop bounds.

Before: keywords were dropped and the values taken by position (``call work(b=10, a=3)`` gave a
the value 10: a silent miscount), an OPTIONAL dummy tested with PRESENT() had no value (refused:
"the loop trip count depends on 'ns'"), and MODULO had no value (refused as a partner).
"""
from __future__ import annotations

import pytest

from interp.pipeline import predict

PROGRAM = """module m
  implicit none
contains
  subroutine work(a, b, c)
    integer, intent(in) :: a
    integer, intent(in), optional :: b, c
    integer :: i, nb, nc
    double precision :: s
    nb = 1
    nc = 1
    if (present(b)) nb = b
    if (present(c)) nc = c
    s = 0
    do i = 1, a * 100 + nb * 10 + nc
      s = s + i
    end do
    print *, s
  end subroutine work
end module m

program p
  use mpi
  use m
  implicit none
  integer :: ierr, rank, nprocs, i
  double precision :: t
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  CALLS
  t = 0
  do i = 1, modulo(rank - 1, nprocs)
    t = t + 1
  end do
  call MPI_Finalize(ierr)
end program p
"""


def _counts(tmp_path, calls, procs=1):
    path = tmp_path / "p.f90"
    path.write_text(PROGRAM.replace("CALLS", calls))
    r = predict([str(path)], "ipsc860", procs, [], interactive=False).result
    body = sorted(int(s.executions) for (proc, _), s in r.aaus.items()
                  if proc == 0 and s.cls == "Seq" and s.loc.endswith("p.f90:15"))
    ring = sorted(int(s.executions) for (proc, _), s in r.aaus.items()
                  if proc == 0 and s.cls == "Seq" and s.loc.endswith("p.f90:33"))
    return body, ring


@pytest.mark.parametrize("calls,iterations", [
    ("call work(3)", 3 * 100 + 1 * 10 + 1),                   # b, c absent: 311
    ("call work(3, 4)", 3 * 100 + 4 * 10 + 1),                # c absent: 341
    ("call work(3, 4, 5)", 3 * 100 + 4 * 10 + 5),             # 345
    ("call work(3, c=5)", 3 * 100 + 1 * 10 + 5),              # b skipped, c by keyword: 315
    ("call work(c=5, b=4, a=3)", 3 * 100 + 4 * 10 + 5),       # all by keyword, any order: 345
    ("call work(b=2, a=7)", 7 * 100 + 2 * 10 + 1),            # 721 (by position, 2 * 100 + ...)
], ids=["a", "a-b", "a-b-c", "a-c-keyword", "keywords-reordered", "keywords-swapped"])
def test_keyword_and_optional_arguments_reach_their_dummies(tmp_path, calls, iterations):
    body, _ = _counts(tmp_path, calls)
    assert body == [iterations]


def test_modulo_takes_the_divisors_sign(tmp_path):
    # rank 0 of 4: modulo(-1, 4) = 3 passes (MOD(-1, 4) would be -1: none)
    _, ring = _counts(tmp_path, "call work(1)", procs=4)
    assert ring == [3]
