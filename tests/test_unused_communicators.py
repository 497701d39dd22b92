"""A communicator the program creates but never uses (frontends/critical.py message_call): the
engine still builds it (a collective over the parent), so what it is made of (dims, periods,
color, key) decides control whether or not anything reads the new handle. Before, the values were
not followed for an unused communicator and literal constants were refused as "depends on data"
("the Cartesian dimensions depends on 'dims[0]'", "the color and key of MPI_Comm_split depends
on 'color'").

By hand (tests/test_mpi_subset.py): a creation at P = 4 is an allgather of 8 B per process by
recursive doubling, (70 + 3.36 + 11) + (70 + 6.72 + 11) = 172.08 us; two creations 344.16 us, plus
the programs' few statements (under 3 us).
"""
from __future__ import annotations

import pytest

from interp.pipeline import predict

US = 1e-6
CREATE_P4 = (84.36 + 87.72) * US

FORTRAN = """program unused_comms
  use mpi
  implicit none
  integer :: ierr, me, dims(2), grid, half, color
  logical :: per(2)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, me, ierr)
  dims(1) = 2
  dims(2) = 2
  per = .true.
  call MPI_Cart_create(MPI_COMM_WORLD, 2, dims, per, .true., grid, ierr)
  color = mod(me, 2)
  call MPI_Comm_split(MPI_COMM_WORLD, color, me, half, ierr)
  call MPI_Finalize(ierr)
end program unused_comms
"""

C = """#include <mpi.h>
int main(int argc, char **argv) {
    int me, dims[2], periods[2] = {1, 1}, color;
    MPI_Comm grid, half;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    dims[0] = 2; dims[1] = 2;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 1, &grid);
    color = me % 2;
    MPI_Comm_split(MPI_COMM_WORLD, color, me, &half);
    MPI_Finalize();
    return 0;
}
"""


@pytest.mark.parametrize("name, text", [("u.f90", FORTRAN), ("u.c", C)], ids=["fortran", "c"])
def test_unused_communicators_are_built_from_their_constants(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    r = predict([str(path)], "ipsc860", 4, [], interactive=False).result
    assert 2 * CREATE_P4 <= r.total <= 2 * CREATE_P4 + 3 * US
