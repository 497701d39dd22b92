"""Fortran modules (frontends/fortran/modules.py): module variables are the program's globals,
USE (ONLY, renames) makes them visible, module procedures are the program's subprograms, and a
unit's own variable named as a module variable stays its own.

Counts are derived by hand from the loop bounds; times on the shipped iPSC/860 (paper 001 Tables
1-3, mid of each range): a loop of `i++` costs 187.5 ns + 275 ns per iteration besides its body.
"""
from __future__ import annotations

import pytest

from frontends.errors import FrontendError
from frontends.load import load_programs
from interp.errors import InputError
from interp.pipeline import predict

GRID = """\
module grid
  implicit none
  integer :: nx, steps
  integer, parameter :: halo = 1
contains
  subroutine setup()
    nx = 400
    steps = 3
  end subroutine setup
end module grid
"""

SOLVER = """\
module solver
  use grid, only: halo, m => nx
  implicit none
contains
  subroutine sweep(a)
    double precision, intent(inout) :: a(:)
    integer :: i
    do i = 1 + halo, m
      a(i) = 0.5d0 * (a(i) + a(i-1))
    end do
  end subroutine sweep
end module solver
"""

MAIN = """\
program main
  use mpi
  use grid
  use solver
  implicit none
  integer :: ierr, it
  double precision :: u(1000)
  call MPI_Init(ierr)
  call setup()
  do it = 1, steps
    call sweep(u)
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end do
  call MPI_Finalize(ierr)
end program main
"""


def _files(tmp_path, **texts):
    out = []
    for name, text in texts.items():
        (tmp_path / f"{name}.f90").write_text(text)
        out.append(str(tmp_path / f"{name}.f90"))
    return out


def _execs(result, suffix):
    return sorted(int(s.executions) for s in result.aaus.values() if s.loc.endswith(suffix))


def test_modules_in_three_files_any_order(tmp_path):
    # main first, the modules after it and solver before grid, which it uses: modules are
    # declared in dependency order whatever the order of the files.
    files = _files(tmp_path, main=MAIN, solver=SOLVER, grid=GRID)
    r = predict(files, "ipsc860", 2, interactive=False).result
    # setup() sets the module variables: steps = 3 sweeps per process, each over i = 1 + halo ..
    # m (m => nx = 400): 399 iterations; 2 processes.
    assert _execs(r, "solver.f90:9") == [3 * 399, 3 * 399]
    assert _execs(r, "main.f90:12") == [3, 3]  # the barrier, once per step
    (aag,) = load_programs(files)
    assert aag.inputs == {} and {"nx", "steps"} <= set(aag.global_inits)


def test_module_in_the_same_file_and_its_variable_as_an_input(tmp_path):
    text = """\
module cfg
  implicit none
  integer :: n
end module cfg

program p
  use cfg
  implicit none
  integer :: i
  double precision :: s
  s = 0
  do i = 1, n
    s = s + i
  end do
  print *, s
end program p
"""
    files = _files(tmp_path, p=text)
    (aag,) = load_programs(files)
    # never assigned, read as a loop bound: an external input, as C's uninitialised global
    assert set(aag.inputs) == {"n"} and aag.inputs["n"].line == 1
    small = predict(files, "ipsc860", 1, ["n=1000"], interactive=False).result
    assert _execs(small, "p.f90:13") == [1000]


def test_a_local_named_as_a_module_variable_is_its_own(tmp_path):
    text = """\
module cfg
  implicit none
  integer :: n
end module cfg

subroutine other()
  use mpi
  implicit none
  integer :: n, i, ierr
  n = 5
  do i = 1, n
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end do
end subroutine other

program p
  use mpi
  use cfg
  implicit none
  integer :: i, ierr
  call MPI_Init(ierr)
  n = 100
  call other()
  do i = 1, n
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
  end do
  call MPI_Finalize(ierr)
end program p
"""
    files = _files(tmp_path, p=text)
    (aag,) = load_programs(files)
    assert aag.functions["other"].shadows == ["n"] and aag.functions["p"].shadows == []
    r = predict(files, "ipsc860", 2, interactive=False).result
    assert _execs(r, "p.f90:12") == [5, 5]       # other's own n
    assert _execs(r, "p.f90:25") == [100, 100]   # the module's n, set by main before the call


def test_a_module_not_in_the_files_is_reported_at_its_use(tmp_path):
    files = _files(tmp_path, main=MAIN, solver=SOLVER)  # grid.f90 not given
    with pytest.raises(InputError) as err:
        predict(files, "ipsc860", 2, interactive=False)
    assert "USE grid: module grid is in none of the program's files (give its source file too)" in str(err.value)


def test_a_module_defined_twice_is_an_error(tmp_path):
    files = _files(tmp_path, main=MAIN, solver=SOLVER, grid=GRID, grid2=GRID)
    with pytest.raises(FrontendError) as err:
        load_programs(files)
    assert "module grid is defined twice" in str(err.value)
