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


LEVELS = """\
module levels
  implicit none
  type level_t
    integer :: n
    real(8) :: h
  end type level_t
contains
  subroutine setup(lev, nl, base)
    integer, intent(in) :: nl, base
    type(level_t), intent(inout) :: lev(nl)
    integer :: l
    do l = 1, nl
      lev(l)%n = base * l
      lev(l)%h = 1.0d0 / lev(l)%n
    end do
  end subroutine setup
  subroutine smooth(lev, nl, s)
    integer, intent(in) :: nl
    type(level_t), intent(in) :: lev(nl)
    real(8), intent(inout) :: s
    integer :: l, i
    do l = 1, nl
      do i = 1, lev(l)%n
        s = s + lev(l)%h * i
      end do
    end do
  end subroutine smooth
end module levels

program main
  use levels
  implicit none
  type(level_t) :: lev(3), top(0:1)
  real(8) :: s
  integer :: i, k
  s = 0.0d0
  call setup(lev, 3, 100)
  call smooth(lev, 3, s)
  top(0)%n = 7
  top(1)%n = 2 * lev(2)%n
  do k = 0, 1
    do i = 1, top(k)%n
      s = s + i
    end do
  end do
  print *, s
end program main
"""


def test_components_of_an_array_of_derived_type_bound_loops(tmp_path):
    """``do i = 1, lev(l)%n``: the components n of lev's elements are followed as an array of
    their own ("lev.n", as C's ``lev[l].n``), stored in one subroutine through the dummy lev and
    read in another."""
    path = tmp_path / "levels.f90"
    path.write_text(LEVELS)
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    # smooth: lev(l)%n = 100 l for l = 1..3: 100 + 200 + 300 = 600 passes of line 24, three
    # executions of the inner loop (an IterD each: its trip count known when it starts)
    assert _execs(r, "levels.f90:24") == [600]
    assert _execs(r, "levels.f90:23-25", "IterD") == [3]
    # main: top indexed from 0, top(0)%n = 7 and top(1)%n = 2 x lev(2)%n = 400: 407 passes
    assert _execs(r, "levels.f90:43") == [407]


def test_a_component_of_a_component_of_an_element_is_followed(tmp_path):
    path = tmp_path / "nest.f90"
    path.write_text("""\
program nest
  implicit none
  type dims_t
    integer :: n
  end type dims_t
  type level_t
    type(dims_t) :: g
  end type level_t
  type(level_t) :: lev(3)
  integer :: l, i
  real(8) :: s
  do l = 1, 3
    lev(l)%g%n = 10 * l
  end do
  s = 0
  do l = 1, 3
    do i = 1, lev(l)%g%n
      s = s + i
    end do
  end do
  print *, s
end program nest
""")
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    assert _execs(r, "nest.f90:18") == [60]   # 10 + 20 + 30: the array "lev.g.n"


def test_a_two_dimensional_array_of_derived_type_is_refused_at_its_loop(tmp_path):
    """``c(i, j)%n`` is not followed (one subscript only, as C's): the loop it bounds is refused
    with its line and the iters annotation to give, never predicted with a guessed count."""
    import pytest

    from interp.errors import InputError
    path = tmp_path / "cells.f90"
    path.write_text("""\
program cells
  implicit none
  type cell_t
    integer :: n
  end type cell_t
  type(cell_t) :: c(2, 2)
  integer :: i, j, k
  real(8) :: s
  do j = 1, 2
    do i = 1, 2
      c(i, j)%n = 10 * i + j
    end do
  end do
  s = 0
  do j = 1, 2
    do i = 1, 2
      do k = 1, c(i, j)%n
        s = s + k
      end do
    end do
  end do
  print *, s
end program cells
""")
    with pytest.raises(InputError, match=r"cells.f90:17-19: the trip count of this loop cannot be known.*iters\(N\)"):
        predict([str(path)], "ipsc860", 1, [], interactive=False)
