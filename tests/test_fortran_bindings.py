"""Type-bound procedure calls (frontends/fortran/bindings.py): ``call h%exchange(x)`` is the call
of the bound procedure with h passed, so its messages and loops are the procedure's. Before, the
call "was neither defined in the program nor a known library": cost 0, messages dropped. Counts
by hand, summed over processes."""
from __future__ import annotations

import pytest

from frontends.errors import FrontendError
from interp.pipeline import predict

HALO = """module hm
  use mpi
  implicit none
  type :: base_t
    integer :: left, right
  contains
    procedure :: exchange => exchange_impl
    procedure, nopass :: count_to
  end type base_t
  type, extends(base_t) :: halo_t
    integer :: steps
  end type halo_t
contains
  subroutine exchange_impl(self, x)
    class(base_t), intent(in) :: self
    real(8), intent(inout) :: x(0:11)
    integer :: ierr
    call MPI_Sendrecv(x(10), 1, MPI_DOUBLE_PRECISION, self%right, 0, &
                      x(0), 1, MPI_DOUBLE_PRECISION, self%left, 0, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  end subroutine exchange_impl
  subroutine count_to(n, s)
    integer, intent(in) :: n
    real(8), intent(inout) :: s
    integer :: i
    do i = 1, n
      s = s + i
    end do
  end subroutine count_to
end module hm
program p
  use hm
  implicit none
  type(halo_t) :: h
  integer :: ierr, rank, np, k
  real(8) :: x(0:11), s
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  h%left = mod(rank + np - 1, np)
  h%right = mod(rank + 1, np)
  h%steps = 10
  x = rank
  s = 0
  do k = 1, h%steps
    call h%exchange(x)
  end do
  call h%count_to(25, s)
  call MPI_Finalize(ierr)
end program p
"""


def test_a_bound_procedure_runs_with_its_object(tmp_path):
    path = tmp_path / "halo.f90"
    path.write_text(HALO)
    r = predict([str(path)], "ipsc860", 4, [], interactive=False).result
    # exchange => exchange_impl, inherited by halo_t: 10 Sendrecvs a process to rank + 1
    assert len([m for m in r.messages if not m.internal]) == 4 * 10
    execs = {s.loc.rsplit(":", 1)[1]: int(s.executions) for s in r.aau_totals()}
    assert execs["18-20"] == 40
    # NOPASS: count_to(25, s), its loop 25 times a process
    assert execs["27"] == 4 * 25


def test_an_array_element_object(tmp_path):
    """other(1)%count_to(2, s) in the step loop: the NOPASS binding of base_t through an element
    of an array of base_t, 2 passes a step on top of count_to(25, s)."""
    path = tmp_path / "el.f90"
    text = HALO.replace("  type(halo_t) :: h\n", "  type(halo_t) :: h\n  type(base_t) :: other(2)\n")
    path.write_text(text.replace("    call h%exchange(x)\n", "    call h%exchange(x)\n    call other(1)%count_to(2, s)\n"))
    r = predict([str(path)], "ipsc860", 4, [], interactive=False).result
    execs = {s.loc.rsplit(":", 1)[1]: int(s.executions) for s in r.aau_totals()}
    assert execs["27"] == 4 * (25 + 10 * 2)


OVERRIDE = HALO.replace("""  type, extends(base_t) :: halo_t
    integer :: steps
  end type halo_t""", """  type, extends(base_t) :: halo_t
    integer :: steps
  contains
    procedure :: exchange => exchange_halo
  end type halo_t""").replace("end module hm", """  subroutine exchange_halo(self, x)
    class(halo_t), intent(in) :: self
    real(8), intent(inout) :: x(0:11)
  end subroutine exchange_halo
end module hm""")


def test_an_overridden_binding_through_a_class_object_is_refused(tmp_path):
    """class(base_t) may hold a halo_t, whose exchange is another procedure: dynamic dispatch,
    refused at the call's line rather than guessed; through type(halo_t) it is exchange_halo."""
    text = OVERRIDE.replace("end module hm", """  subroutine run(b, x)
    class(base_t), intent(in) :: b
    real(8), intent(inout) :: x(0:11)
    call b%exchange(x)
  end subroutine run
end module hm""")
    path = tmp_path / "ov.f90"
    path.write_text(text)
    with pytest.raises(FrontendError, match=r"ov.f90:\d+: the type-bound call .*overrides exchange"):
        predict([str(path)], "ipsc860", 4, [], interactive=False)
    path.write_text(OVERRIDE)
    r = predict([str(path)], "ipsc860", 4, [], interactive=False).result
    assert [m for m in r.messages if not m.internal] == []   # exchange_halo sends nothing


def test_a_component_object_is_refused_with_its_line(tmp_path):
    text = HALO.replace("  type(halo_t) :: h\n", "  type(halo_t) :: h\n  type :: holder_t\n    type(halo_t) :: hh\n"
                        "  end type holder_t\n")
    text = text.replace("  type(halo_t) :: h\n  type :: holder_t", "  type :: holder_t")
    text = text.replace("  end type holder_t\n", "  end type holder_t\n  type(halo_t) :: h\n  type(holder_t) :: w\n")
    text = text.replace("  call h%count_to(25, s)\n", "  call w%hh%count_to(25, s)\n")
    path = tmp_path / "comp.f90"
    path.write_text(text)
    with pytest.raises(FrontendError, match=r"comp.f90:\d+: .*its object w % hh is not a variable or an array element"):
        predict([str(path)], "ipsc860", 4, [], interactive=False)
