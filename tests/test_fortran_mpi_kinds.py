"""The kind parameters of the mpi module and mpif.h (frontends/fortran/calls.py MPI_CONSTANTS):
MPI_ADDRESS_KIND, MPI_OFFSET_KIND and MPI_COUNT_KIND are 8 (64-bit MPICH / Open MPI),
MPI_INTEGER_KIND 4. Before, ``int(n, MPI_ADDRESS_KIND)`` under IMPLICIT NONE was refused: "has no
type (IMPLICIT NONE is in force and it is not declared)".

By hand: nbytes = 100 * 8 = 800, so the loop runs 800 / 100 + 8 + 4 = 20 times.
"""
from __future__ import annotations

import pytest

from interp.pipeline import predict

FREE = """program kinds
  use mpi
  implicit none
  integer :: ierr, n, i
  integer(kind=MPI_ADDRESS_KIND) :: nbytes, lb
  call MPI_Init(ierr)
  n = 100
  lb = 0
  nbytes = int(n, MPI_ADDRESS_KIND) * 8
  do i = 1, int(nbytes) / 100 + MPI_COUNT_KIND + MPI_INTEGER_KIND
    lb = lb + 1
  end do
  call MPI_Finalize(ierr)
end program kinds
"""

FIXED = """      PROGRAM KINDS
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      INTEGER IERR, N, I
      INTEGER(KIND=MPI_OFFSET_KIND) NBYTES, LB
      CALL MPI_INIT(IERR)
      N = 100
      LB = 0
      NBYTES = INT(N, MPI_OFFSET_KIND) * 8
      DO I = 1, INT(NBYTES) / 100 + MPI_ADDRESS_KIND + MPI_INTEGER_KIND
         LB = LB + 1
      END DO
      CALL MPI_FINALIZE(IERR)
      END
"""


@pytest.mark.parametrize("name, text, line", [("k.f90", FREE, "11"), ("k.f", FIXED, "11")], ids=["use-mpi", "mpif.h"])
def test_mpi_kind_constants_have_their_values(tmp_path, name, text, line):
    path = tmp_path / name
    path.write_text(text)
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    body = next(s for (proc, _), s in r.aaus.items() if s.cls == "Seq" and s.loc.endswith(f":{line}"))
    assert body.executions == 20
