"""Allocatable arrays of a module allocated in another unit (frontends/fortran/module_arrays.py):
whole-array syntax on them is the loop over the shape the ALLOCATE gives, in the unit of the
ALLOCATE (in its own variables) and, when the shape reads only module variables, in every unit.

Execution counts are derived by hand from the ALLOCATE bounds.
"""
from __future__ import annotations

import pytest

from interp.errors import InputError
from interp.pipeline import predict

# A module procedure allocates the module's arrays with its dummy's value (u) and with a module
# variable (v: nloc, set from the dummy before); the main program and another subroutine use
# them whole.
GRID = """\
module grid
  implicit none
  integer :: nloc
  double precision, allocatable :: u(:), v(:, :)
contains
  subroutine setup(n)
    integer, intent(in) :: n
    nloc = n / 4
    allocate(u(0:n+1), v(nloc, 0:nloc+1))
    u = 0.0d0
    v = 1.0d0
  end subroutine setup
end module grid

subroutine clear()
  use grid
  implicit none
  v = 0.0d0
end subroutine clear

program main
  use grid
  implicit none
  integer :: n, i
  double precision :: s
  read (*, *) n
  call setup(n)
  v = 2.0d0
  call clear()
  s = 0
  do i = 1, size(v)
    s = s + 1
  end do
  print *, s
end program main
"""


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _execs(result, line, cls="Seq"):
    return sorted(int(s.executions) for s in result.aaus.values()
                  if s.cls == cls and s.loc.rsplit(":", 1)[1].split("-")[0] == str(line))


def test_a_module_array_allocated_in_a_module_procedure(tmp_path):
    path = _write(tmp_path, "grid.f90", GRID)
    r = predict([path], "ipsc860", 1, ["n=1000"], interactive=False).result
    assert _execs(r, 10) == [1002]           # u(0:n+1) in setup, n = 1000
    assert _execs(r, 11) == [250 * 252]      # v(nloc, 0:nloc+1), nloc = 1000 / 4 = 250
    assert _execs(r, 18) == [250 * 252]      # v in clear(), which only USEs the module
    assert _execs(r, 28) == [250 * 252]      # v in the main program
    assert _execs(r, 32) == [250 * 252]      # do i = 1, size(v)


def test_another_input_gives_another_shape_on_every_process(tmp_path):
    path = _write(tmp_path, "grid.f90", GRID)
    r = predict([path], "ipsc860", 2, ["n=40"], interactive=False).result
    assert _execs(r, 10) == [42, 42]          # u(0:41)
    assert _execs(r, 18) == [10 * 12, 10 * 12]  # v(10, 0:11)


HALO = """\
module field
  use mpi
  implicit none
  double precision, allocatable :: a(:), b(:)
  integer :: nloc, me, np
contains
  subroutine init(nglobal)
    integer, intent(in) :: nglobal
    integer :: ierr
    call MPI_COMM_RANK(MPI_COMM_WORLD, me, ierr)
    call MPI_COMM_SIZE(MPI_COMM_WORLD, np, ierr)
    nloc = nglobal / np
    allocate(a(0:nloc+1), b(0:nloc+1))
    a = 0.0d0
  end subroutine init
end module field

program halo
  use field
  implicit none
  integer :: ierr, step, nglobal
  call MPI_INIT(ierr)
  nglobal = 1200
  call init(nglobal)
  do step = 1, 3
    b = a
    a(1:nloc) = 0.5d0 * (b(0:nloc-1) + b(2:nloc+1))
    call MPI_BARRIER(MPI_COMM_WORLD, ierr)
  end do
  call MPI_FINALIZE(ierr)
end program halo
"""


def test_a_module_array_sized_by_the_number_of_processes(tmp_path):
    path = _write(tmp_path, "halo.f90", HALO)
    r = predict([path], "ipsc860", 4, interactive=False).result
    # nloc = 1200 / 4 = 300: a(0:301) is 302 elements; b = a in main, 3 steps of 302
    assert _execs(r, 14) == [302] * 4
    assert _execs(r, 26) == [3 * 302] * 4
    assert _execs(r, 27) == [3 * 300] * 4


def test_the_main_program_allocating_a_module_array(tmp_path):
    path = _write(tmp_path, "m.f90", """\
module store
  implicit none
  real, allocatable :: w(:)
end module store

program p
  use store
  implicit none
  integer :: m
  read (*, *) m
  allocate(w(2 * m))
  w = 1.0
  print *, w(1)
end program p
""")
    r = predict([path], "ipsc860", 1, ["m=70"], interactive=False).result
    assert _execs(r, 12) == [140]


def _refusal(tmp_path, text, defines=()) -> str:
    path = _write(tmp_path, "r.f90", text)
    with pytest.raises(InputError) as err:
        predict([path], "ipsc860", 1, list(defines), interactive=False)
    return str(err.value)


def test_a_shape_of_another_units_variables_is_refused_where_it_is_not_known(tmp_path):
    message = _refusal(tmp_path, """\
module m
  implicit none
  double precision, allocatable :: u(:)
contains
  subroutine setup(n)
    integer, intent(in) :: n
    allocate(u(n))
    u = 0.0d0
  end subroutine setup
end module m

program p
  use m
  implicit none
  integer :: n
  read (*, *) n
  call setup(n)
  u = 1.0d0
end program p
""", ["n=10"])
    # setup's u = 0.0d0 (line 8) is modelled; main's (line 18) cannot know setup's n
    assert "r.f90:8:" not in message
    assert ("r.f90:18: array syntax (whole array u) is not modelled here (the extent of u is not known from "
            "the declarations; u is allocated in setup with bounds that read variables of that unit, not "
            "module variables)") in message


def test_two_shapes_are_refused_where_neither_is_known(tmp_path):
    message = _refusal(tmp_path, """\
module m
  implicit none
  integer :: n
  double precision, allocatable :: u(:)
contains
  subroutine small()
    allocate(u(n))
  end subroutine small
  subroutine large()
    allocate(u(2 * n))
  end subroutine large
end module m

program p
  use m
  implicit none
  n = 10
  call small()
  u = 1.0d0
end program p
""")
    assert "r.f90:19:" in message
    assert "u is allocated with different shapes in large and small" in message


def test_a_unit_with_its_own_variable_named_as_the_bound_does_not_take_the_shape(tmp_path):
    # clear() has its own nloc: the module's u(nloc) would read it there
    message = _refusal(tmp_path, """\
module m
  implicit none
  integer :: nloc
  double precision, allocatable :: u(:)
contains
  subroutine setup()
    nloc = 8
    allocate(u(nloc))
  end subroutine setup
end module m

subroutine clear()
  use m, only: u
  implicit none
  integer :: nloc
  nloc = 3
  u = 0.0d0
end subroutine clear

program p
  use m
  implicit none
  call setup()
  call clear()
  u = 1.0d0
end program p
""")
    assert "r.f90:17: array syntax (whole array u)" in message
    assert "r.f90:25:" not in message  # the main program sees the module's nloc
