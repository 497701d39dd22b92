"""EXIT / CYCLE naming an outer DO construct (frontends/fortran/named_exits.py), and equality
tests kept exact (frontends/aag/symexpr.as_number).

The nest searches 40 x 40 positions p = i + 40 (j - 1) for p = 100 (rank + 1): rank r stops at
pass 100 (r + 1) of the inner test (rank 0 at i = 20, j = 3: 40 + 40 + 20 = 100 passes). Before,
'EXIT outer' was refused; and the comparison, rewritten by sympy as rank = i/100 + 2j/5 - 7/5,
missed the equality in floating point on ranks 0 and 2 (C and Fortran alike): their loops ran
all 1600 passes.
"""
from __future__ import annotations

import pytest

from interp.pipeline import predict

FORTRAN = """program nest
  use mpi
  implicit none
  integer :: ierr, rank, i, j, found, hits
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  found = 0
  hits = 0
  outer: do j = 1, 40
    inner: do i = 1, 40
      if (i + 40 * (j - 1) == 100 * (rank + 1)) then
        found = i
        JUMP outer
      end if
      hits = hits + 1
    end do inner
    hits = hits + 1000
  end do outer
  call MPI_Finalize(ierr)
end program nest
"""

C = """#include <mpi.h>
int main(int argc, char **argv) {
    int rank, i, j, found = -1, n = 40;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (j = 1; j <= n; j++) {
        for (i = 1; i <= n; i++) {
            if (i + n * (j - 1) == 100 * (rank + 1)) { found = i; break; }
        }
        if (found >= 0) break;
    }
    MPI_Finalize();
    return 0;
}
"""


def _execs(tmp_path, name, text, line, cls=("CondtD", "Seq")):
    path = tmp_path / name
    path.write_text(text)
    r = predict([str(path)], "ipsc860", 4, [], interactive=False).result
    return {proc: s.executions for (proc, _), s in r.aaus.items() if s.loc.endswith(f":{line}")
            and s.cls in cls}


def test_exit_outer_leaves_both_loops_where_the_rank_finds_its_position(tmp_path):
    tests = _execs(tmp_path, "e.f90", FORTRAN.replace("JUMP", "exit"), "11-14")
    assert tests == {0: 100, 1: 200, 2: 300, 3: 400}
    # the statement after the inner loop runs for the rows finished before the exit: 2, 4, 7, 9
    after = _execs(tmp_path, "e.f90", FORTRAN.replace("JUMP", "exit"), "17")
    assert after == {0: 2, 1: 4, 2: 7, 3: 9}


def test_cycle_outer_goes_on_with_the_next_row(tmp_path):
    # CYCLE outer at p = 100 (r + 1): the rest of that row and its 'hits + 1000' are skipped,
    # the outer loop goes on: every row's 40 tests run except the rest of the found row
    tests = _execs(tmp_path, "c.f90", FORTRAN.replace("JUMP", "cycle"), "11-14")
    skipped = {0: 20, 1: 0, 2: 20, 3: 0}  # i = 20 on ranks 0, 2 (20 of 40 tests left), 40 on 1, 3
    assert tests == {r: 1600 - skipped[r] for r in range(4)}
    after = _execs(tmp_path, "c.f90", FORTRAN.replace("JUMP", "cycle"), "17")
    assert after == {0: 39, 1: 39, 2: 39, 3: 39}


def test_a_c_equality_on_the_rank_is_found_exactly(tmp_path):
    assert _execs(tmp_path, "e.c", C, 8, ("CondtD",)) == {0: 100, 1: 200, 2: 300, 3: 400}
