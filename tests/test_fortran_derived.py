"""Fortran derived types (frontends/fortran/derived.py): scalar components are values followed
like C's struct members, through dummy arguments (by reference) and module variables; array
components take the shape their ALLOCATE gives them, so array syntax on them is a loop.

Execution counts are derived by hand from the loop bounds.
"""
from __future__ import annotations

from frontends.load import load_programs
from interp.pipeline import predict

FIELDS = """\
module fields
  implicit none
  type :: field_t
    integer :: n
    double precision, allocatable :: v(:)
  end type field_t
  type(field_t) :: shared
contains
  subroutine init(f, n)
    type(field_t), intent(out) :: f
    integer, intent(in) :: n
    f%n = n
    allocate(f%v(n))
    f%v = 0.0d0
  end subroutine init
end module fields

program main
  use fields
  implicit none
  type(field_t) :: f
  integer :: i, n
  read *, n
  call init(f, n)
  do i = 1, f%n
    f%v(i) = f%v(i) + 1.0d0
  end do
  shared%n = 2 * f%n
  call twice()
end program main

subroutine twice()
  use fields
  implicit none
  integer :: i
  double precision :: s
  s = 0
  do i = 1, shared%n
    s = s + i
  end do
  print *, s
end subroutine twice
"""


def _execs(result, suffix, cls="Seq"):
    return sorted(int(s.executions) for s in result.aaus.values() if s.loc.endswith(suffix) and s.cls == cls)


def test_components_set_in_a_callee_bound_the_callers_loops(tmp_path):
    path = tmp_path / "fields.f90"
    path.write_text(FIELDS)
    (aag,) = load_programs([str(path)])
    assert set(aag.inputs) == {"n"}
    assert aag.functions["init"].body and not aag.problems, [str(p) for p in aag.problems]
    r = predict([str(path)], "ipsc860", 1, ["n=700"], interactive=False).result
    # init: f%v = 0 over the allocated f%v(n): 700 stores (array syntax on a component)
    assert _execs(r, "fields.f90:14") == [700]
    # main: do i = 1, f%n with f%n = n set through the dummy f: 700 iterations, a closed form
    loop = [s for s in r.aaus.values() if s.loc.endswith("fields.f90:25-27")]
    assert [s.cls for s in loop] == ["IterD"] and _execs(r, "fields.f90:26") == [700]
    # twice(): the module variable shared%n = 2 x 700 set in main, read in another unit
    assert _execs(r, "fields.f90:39") == [1400]
