"""MPI queries whose outputs are array elements (2026-11-25).

``MPI_Cart_shift(cart, d, 1, &lo[d], &hi[d])`` in a loop over the dimensions (Fortran's
``call MPI_Cart_shift(cart, d-1, 1, lo(d), hi(d), ierr)``), the same unrolled with constant
indices, ``MPI_Comm_rank(cart, &me[1])`` and ``MPI_Cart_coords(cart, me[1], 2, &c[0])``: each
output is the element it addresses, stored as ``hi[d] = ...`` is (frontends/comms.py ``_output``).
Before, every one of them defined the array's own name, so ``MPI_Sendrecv(..., hi[0], ...)``
read an element never assigned and was refused as "depends on data".

Hand derivation: at P = 8, MPI_Dims_create gives a 4 x 2 grid (rank = 2 * row + column),
not periodic. Along dimension 0 rank r's upper neighbour is r + 2 (none past row 3); along
dimension 1 it is r + 1 for the even ranks (column 0) and MPI_PROC_NULL for the odd ones. The
programs send 10 doubles (80 B) along dimension 0, 5 (40 B) along dimension 1, and 3 (24 B) from
column 0 to column 1 on the coordinates' branch.
"""
import pytest

from interp.pipeline import predict

LOOP_C = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    int dims[2] = {0, 0}, per[2] = {0, 0}, lo[2], hi[2], me[2], c[2], np, d;
    double a[10], b[10];
    MPI_Comm cart;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    MPI_Dims_create(np, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, per, 0, &cart);
    MPI_Comm_rank(cart, &me[1]);
    MPI_Cart_coords(cart, me[1], 2, &c[0]);
    for (d = 0; d < 2; d++)
        MPI_Cart_shift(cart, d, 1, &lo[d], &hi[d]);
    for (d = 0; d < 2; d++)
        MPI_Sendrecv(a, 10 - 5 * d, MPI_DOUBLE, hi[d], d, b, 10 - 5 * d, MPI_DOUBLE, lo[d], d, cart,
                     MPI_STATUS_IGNORE);
    if (c[1] == 0)
        MPI_Send(a, 3, MPI_DOUBLE, hi[1], 7, cart);
    else
        MPI_Recv(b, 3, MPI_DOUBLE, lo[1], 7, cart, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""

UNROLLED_C = LOOP_C.replace("""    for (d = 0; d < 2; d++)
        MPI_Cart_shift(cart, d, 1, &lo[d], &hi[d]);
    for (d = 0; d < 2; d++)
        MPI_Sendrecv(a, 10 - 5 * d, MPI_DOUBLE, hi[d], d, b, 10 - 5 * d, MPI_DOUBLE, lo[d], d, cart,
                     MPI_STATUS_IGNORE);
""", """    MPI_Cart_shift(cart, 0, 1, &lo[0], &hi[0]);
    MPI_Cart_shift(cart, 1, 1, &lo[1], &hi[1]);
    MPI_Sendrecv(a, 10, MPI_DOUBLE, hi[0], 0, b, 10, MPI_DOUBLE, lo[0], 0, cart, MPI_STATUS_IGNORE);
    MPI_Sendrecv(a, 5, MPI_DOUBLE, hi[1], 1, b, 5, MPI_DOUBLE, lo[1], 1, cart, MPI_STATUS_IGNORE);
""")

# Fortran, with the neighbours declared from 0 (lo(0:1)): lo(d) is element d - 0 of the array,
# the coordinates from 1 (c(1) is element 0).
LOOP_F = """\
program shifts
  use mpi
  implicit none
  integer :: ierr, np, cart, d, dims(2), lo(0:1), hi(0:1), me(2), c(2)
  logical :: per(2)
  double precision :: a(10), b(10)
  call MPI_Init(ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  dims = 0
  per = .false.
  call MPI_Dims_create(np, 2, dims, ierr)
  call MPI_Cart_create(MPI_COMM_WORLD, 2, dims, per, .false., cart, ierr)
  call MPI_Comm_rank(cart, me(2), ierr)
  call MPI_Cart_coords(cart, me(2), 2, c(1), ierr)
  do d = 0, 1
     call MPI_Cart_shift(cart, d, 1, lo(d), hi(d), ierr)
  end do
  do d = 0, 1
     call MPI_Sendrecv(a, 10 - 5 * d, MPI_DOUBLE_PRECISION, hi(d), d, b, 10 - 5 * d, &
                       MPI_DOUBLE_PRECISION, lo(d), d, cart, MPI_STATUS_IGNORE, ierr)
  end do
  if (c(2) == 0) then
     call MPI_Send(a, 3, MPI_DOUBLE_PRECISION, hi(1), 7, cart, ierr)
  else
     call MPI_Recv(b, 3, MPI_DOUBLE_PRECISION, lo(1), 7, cart, MPI_STATUS_IGNORE, ierr)
  end if
  call MPI_Finalize(ierr)
end program shifts
"""

# rank r -> r + 2 (80 B) for r < 6; even r -> r + 1 (40 B, then 24 B)
EXPECTED = sorted([(r, r + 2, 80) for r in range(6)] + [(r, r + 1, 40) for r in (0, 2, 4, 6)]
                  + [(r, r + 1, 24) for r in (0, 2, 4, 6)])


@pytest.mark.parametrize("name, text", [("loop.c", LOOP_C), ("unrolled.c", UNROLLED_C), ("loop.f90", LOOP_F)],
                         ids=["c-loop", "c-unrolled", "fortran-loop"])
def test_query_outputs_into_array_elements_define_those_elements(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    r = predict([str(path)], "ipsc860", 8, interactive=False).result
    assert sorted((m.src, m.dst, m.size) for m in r.messages if not m.internal) == EXPECTED
