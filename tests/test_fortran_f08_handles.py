"""``use mpi_f08``: TYPE(MPI_Datatype), TYPE(MPI_Comm), ... hold what the INTEGER handles of ``use
mpi`` hold (frontends/fortran/derived.py F08_HANDLES). A derived datatype declared that way was
refused ("neither a predefined datatype nor a variable holding one")."""
from __future__ import annotations

import pytest

from interp.pipeline import predict

F08 = """program p
  use mpi_f08
  implicit none
  type(MPI_Datatype) :: rowtype
  type(MPI_Comm) :: ring
  integer :: me, np
  real(8) :: a(100), b(100)
  call MPI_Init()
  call MPI_Comm_dup(MPI_COMM_WORLD, ring)
  call MPI_Comm_rank(ring, me)
  call MPI_Comm_size(ring, np)
  call MPI_Type_contiguous(100, MPI_DOUBLE_PRECISION, rowtype)
  call MPI_Type_commit(rowtype)
  call MPI_Sendrecv(a, 1, rowtype, mod(me+1, np), 0, b, 1, rowtype, mod(me+np-1, np), 0, &
                    ring, MPI_STATUS_IGNORE)
  call MPI_Finalize()
end program p
"""

OLD = """program p
  use mpi
  implicit none
  integer :: rowtype, ring, ierr
  integer :: me, np
  real(8) :: a(100), b(100)
  call MPI_Init(ierr)
  call MPI_Comm_dup(MPI_COMM_WORLD, ring, ierr)
  call MPI_Comm_rank(ring, me, ierr)
  call MPI_Comm_size(ring, np, ierr)
  call MPI_Type_contiguous(100, MPI_DOUBLE_PRECISION, rowtype, ierr)
  call MPI_Type_commit(rowtype, ierr)
  call MPI_Sendrecv(a, 1, rowtype, mod(me+1, np), 0, b, 1, rowtype, mod(me+np-1, np), 0, &
                    ring, MPI_STATUS_IGNORE, ierr)
  call MPI_Finalize(ierr)
end program p
"""


def _run(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return predict([str(path)], "ipsc860", 4, [], interactive=False).result


def test_f08_handles_are_the_integer_handles(tmp_path):
    f08, old = _run(tmp_path, "f08.f90", F08), _run(tmp_path, "old.f90", OLD)
    assert f08.total == pytest.approx(old.total, rel=1e-12)
    # the sendrecv: one 800-byte message a process (100 doubles of the contiguous type)
    assert sum(1 for m in f08.messages if m.size == 800) == 4
