"""Recursion is refused only where the program can run it (frontends/level1_common.py
_check_functions, frontends/aag/bodies.py reachable_functions), and a recursive routine that
communicates is refused naming the recursion. Before:
- a module's recursive function that the program never calls refused the whole program
  ("recursive call of fact() cannot be interpreted without an annotation");
- a Fortran subroutine that CALLs itself was taken for an unknown routine (costed 0), so the
  recursive tree sum that sends messages was refused for a branch "depending on data" on a dummy
  argument the unknown call might have changed, and one that does not communicate was predicted
  with its recursive calls left out.

By hand: the main loop runs 1000 times on each of the 4 ranks: 4,000 executions of its body.
"""
from __future__ import annotations

import pytest

from interp.errors import InputError
from interp.pipeline import predict

FACT = """module util
contains
  recursive function fact(n) result(r)
    integer, intent(in) :: n
    integer :: r
    if (n <= 1) then
       r = 1
    else
       r = n * fact(n - 1)
    end if
  end function fact
end module util
"""

MAIN = """program p
  use mpi
  use util
  implicit none
  integer :: ierr, i
  double precision :: s
  call MPI_Init(ierr)
  s = 0.0d0
  do i = 1, 1000
     s = s + dble(i)
  end do
  call MPI_Finalize(ierr)
end program p
"""

C_UNUSED = """#include <mpi.h>
static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
int main(int argc, char **argv) {
    int i; double s = 0.0;
    MPI_Init(&argc, &argv);
    for (i = 0; i < 1000; i++)
        s += i;
    MPI_Finalize();
    return 0;
}
"""

TREE_SUM = """module r
  use mpi
contains
  recursive subroutine tsum(v, lo, hi, me)
    double precision :: v, o
    integer :: lo, hi, me, mid, ierr
    if (hi - lo < 1) return
    mid = (lo + hi + 1) / 2
    if (me < mid) then
       call tsum(v, lo, mid - 1, me)
       if (me == lo) call MPI_Recv(o, 1, MPI_DOUBLE_PRECISION, mid, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    else
       call tsum(v, mid, hi, me)
       if (me == mid) call MPI_Send(v, 1, MPI_DOUBLE_PRECISION, lo, 7, MPI_COMM_WORLD, ierr)
    end if
  end subroutine tsum
end module r
program p
  use r
  integer :: ierr, me, np
  double precision :: v
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, me, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  v = 1.0d0
  call tsum(v, 0, np - 1, me)
  call MPI_Finalize(ierr)
end program p
"""

HALVE = """module h
contains
  recursive subroutine halve(n, depth)
    integer :: n, depth
    if (n > 1) then
       depth = depth + 1
       call halve(n / 2, depth)
    end if
  end subroutine halve
end module h
program p
  use h
  integer :: d
  d = 0
  CALL_ANNOTATION
  call halve(64, d)
end program p
"""


def _predict(tmp_path, files, procs=4):
    paths = []
    for name, text in files:
        (tmp_path / name).write_text(text)
        paths.append(str(tmp_path / name))
    return predict(paths, "ipsc860", procs, [], interactive=False).result


def _body_executions(r, line):
    return sum(s.executions for (_, _), s in r.aaus.items() if s.cls == "Seq" and s.loc.endswith(f":{line}"))


@pytest.mark.parametrize("order", ["module first", "main first"])
def test_an_unused_recursive_fortran_function_does_not_refuse_the_program(tmp_path, order):
    files = [("util.f90", FACT), ("main.f90", MAIN)]
    r = _predict(tmp_path, files if order == "module first" else files[::-1])
    assert _body_executions(r, 10) == 4000


def test_an_unused_recursive_c_function_does_not_refuse_the_program(tmp_path):
    r = _predict(tmp_path, [("unused.c", C_UNUSED)])
    assert _body_executions(r, 7) == 4000


def test_a_used_recursive_function_is_still_refused(tmp_path):
    used = MAIN.replace("     s = s + dble(i)\n", "     s = s + dble(fact(3))\n")
    with pytest.raises(InputError, match=r"main.f90:10: recursive call of fact\(\) cannot be interpreted"):
        _predict(tmp_path, [("util.f90", FACT), ("main.f90", used)])


def test_a_recursive_subroutine_that_communicates_is_refused_naming_the_recursion(tmp_path):
    with pytest.raises(InputError) as e:
        _predict(tmp_path, [("tree.f90", TREE_SUM)])
    text = str(e.value)
    for line in (10, 13, 26):  # the two recursive calls and main's call
        assert f"tree.f90:{line}: recursive call of tsum(), which communicates (MPI_Recv at line 11)" in text
    assert "write the recursion as a loop" in text
    assert "depends on data" not in text and "TSUM is not modelled" not in text


def test_a_subroutine_calling_itself_is_recursion(tmp_path):
    # Unannotated, its recursive CALL needs cost() (it was an unknown routine costed 0).
    with pytest.raises(InputError, match=r"rec.f90:7: recursive call of halve\(\) cannot be interpreted"):
        _predict(tmp_path, [("rec.f90", HALVE.replace("  CALL_ANNOTATION\n", ""))], procs=1)
    # main's call with its time stated: halve's body is never interpreted, so its own recursive
    # call needs nothing; the call costs what cost() says, 10 us.
    r = _predict(tmp_path, [("rec.f90", HALVE.replace("CALL_ANNOTATION", "!$interp cost(1.0e-5)"))], procs=1)
    call = next(s for (_, _), s in r.aaus.items() if s.cls == "Call" and s.loc.endswith(":16"))
    assert call.total == pytest.approx(1.0e-5, rel=1e-12)
