"""Array syntax on derived-type component arrays (frontends/fortran/sections.py, derived.py):
``maxval(abs(f%v(1:f%n) - f%u(1:f%n)))``, ``sum(f%v(2:))``, ``f%w = f%u + f%v`` are the loops
plain arrays get, over the component's allocated extents (``allocate(f%v(n))``) or the section's
bounds; where neither gives an extent, the refusal says which component's extent is not known.

Execution counts are derived by hand from the sections' bounds.
"""
from __future__ import annotations

import pytest

from frontends.fortran import load_fortran
from interp.pipeline import predict

HEAD = """\
module m
  implicit none
  type :: field_t
     integer :: n
     real(kind=8), allocatable :: u(:), v(:), w(:), a(:,:)
  end type field_t
end module m
program p
  use mpi
  use m
  implicit none
  integer :: ierr, n, i, j, c, rank
  type(field_t) :: f
  real(kind=8) :: d, s, acc, col(4)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  read(*, *) n
  f%n = n
  allocate(f%u(n), f%v(n), f%w(n), f%a(n, 4))
"""
TAIL = """\
  call MPI_Allreduce(MPI_IN_PLACE, d, 1, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
end program p
"""

# The reproducer's residual, in array syntax and with the loop written out as the rewrite writes it.
MAXVAL_SECTIONS = HEAD + """\
  f%u = 1.0d0
  f%v = 2.0d0
  d = maxval(abs(f%v(1:f%n) - f%u(1:f%n)))
""" + TAIL
MAXVAL_LOOPS = HEAD + """\
  do i = 1, n
    f%u(i) = 1.0d0
  end do
  do i = 1, n
    f%v(i) = 2.0d0
  end do
  acc = -huge(acc)
  do i = 1, f%n
    acc = max(acc, (abs(f%v(i) - f%u(i))))
  end do
  d = acc
""" + TAIL


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _per_process(result, line: int, cls: str = "Seq") -> list[int]:
    """Executions per process of the AAUs of class ``cls`` at exactly source line ``line``."""
    procs = len(result.procs)
    return sorted(int(s.executions) // procs for s in result.aau_totals()
                  if s.cls == cls and s.loc.endswith(f".f90:{line}"))


def test_maxval_of_component_sections_is_its_loop(tmp_path):
    sec = _write(tmp_path, "s.f90", MAXVAL_SECTIONS)
    loops = _write(tmp_path, "l.f90", MAXVAL_LOOPS)
    assert not load_fortran(sec).problems
    for n in (1000, 2500):
        a = predict([sec], "ipsc860", 4, [f"n={n}"], interactive=False).result
        b = predict([loops], "ipsc860", 4, [f"n={n}"], interactive=False).result
        assert a.total == pytest.approx(b.total, rel=1e-9)
        # line 22: the maxval's element statement runs f%n = n times on each of the 4 processes
        assert n in _per_process(a, 22)
        assert _per_process(a, 22, "IterD") == [1]


def test_sections_with_a_lower_bound_and_elemental_expressions(tmp_path):
    path = _write(tmp_path, "b.f90", HEAD + """\
  f%v = 2.0d0
  s = sum(f%v(2:n-1))
  s = s + sum(f%v(2:))
  f%w(2:n-1) = 0.5d0 * (f%v(1:n-2) + f%v(3:n))
  f%w = f%u + 2.0d0 * sqrt(f%v)
  d = dot_product(f%u, f%v) + product(f%u(1:10)) + minval(f%v(3:n:2)) + norm2(f%u(2:n))
  c = count(f%v > 0.5d0)
  col = sum(f%a, dim=1)
""" + TAIL)
    assert not load_fortran(path).problems
    n = 1000
    r = predict([path], "ipsc860", 2, [f"n={n}"], interactive=False).result
    assert n - 2 in _per_process(r, 21)         # sum over f%v(2:n-1)
    assert n - 1 in _per_process(r, 22)         # f%v(2:) runs to the allocated upper bound n
    assert _per_process(r, 23) == [n - 2]       # f%w(2:n-1) = ... element stores
    assert _per_process(r, 24) == [n]           # whole f%w from the ALLOCATE's extent
    counts = _per_process(r, 25)
    for trips in (n, 10, (n - 3) // 2 + 1, n - 1):  # dot_product, product(1:10), minval(3:n:2), norm2
        assert trips in counts
    assert n in _per_process(r, 26)             # count over the whole f%v
    assert 4 * n in _per_process(r, 27)         # sum(f%a, dim=1): n x 4 elements


def test_component_arrays_in_messages(tmp_path):
    path = _write(tmp_path, "c.f90", HEAD + """\
  f%v = 2.0d0
  if (rank == 0) then
    call MPI_Send(f%v, n, MPI_DOUBLE_PRECISION, 1, 0, MPI_COMM_WORLD, ierr)
    call MPI_Send(f%v(1:10), 10, MPI_DOUBLE_PRECISION, 1, 1, MPI_COMM_WORLD, ierr)
  else if (rank == 1) then
    call MPI_Recv(f%w, n, MPI_DOUBLE_PRECISION, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call MPI_Recv(f%w(1:10), 10, MPI_DOUBLE_PRECISION, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  end if
""" + TAIL)
    assert not load_fortran(path).problems
    small = predict([path], "ipsc860", 2, ["n=1000"], interactive=False).result
    large = predict([path], "ipsc860", 2, ["n=4000"], interactive=False).result
    comms = sorted(s.loc.rsplit(":", 1)[1] for s in small.aau_totals() if s.cls == "Comm" and s.executions == 1)
    assert comms == ["22", "23", "25", "26"]
    assert large.total > small.total            # the message of f%v is n doubles


def test_an_extent_not_known_is_refused_naming_the_component(tmp_path):
    path = _write(tmp_path, "u.f90", """\
module m
  implicit none
  type :: field_t
     integer :: n
     real(kind=8), allocatable :: u(:), v(:)
  end type field_t
contains
  subroutine resid(f, d)
    type(field_t), intent(in) :: f
    real(kind=8), intent(out) :: d
    d = maxval(abs(f%v(1:f%n) - f%u(1:f%n)))
    d = d + sum(f%v(2:))
  end subroutine resid
end module m
program p
  use m
  implicit none
  integer :: n
  type(field_t) :: f
  real(kind=8) :: d
  read(*, *) n
  f%n = n
  allocate(f%u(n), f%v(n))
  call resid(f, d)
  print *, d
end program p
""")
    problems = [p for p in load_fortran(path).problems if p.kind == "unsupported"]
    # line 11 bounds its sections (1:f%n): rewritten; line 12's f%v(2:) needs f%v's upper bound,
    # which the ALLOCATE in the main program gives and resid does not see
    assert [p.line for p in problems] == [12], [str(p) for p in problems]
    message = problems[0].message
    assert "the extent of the component array f%v" in message and "no ALLOCATE of f%v" in message
    assert "no array in it" not in message
