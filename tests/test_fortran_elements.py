"""Whole-array assignments and initialisations of the small arrays MPI's Cartesian calls read
(frontends/fortran/elements.py), and derived-type components as message buffers and ALLOCATE
bounds: the Fortran ways of writing what C writes ``int dims[2] = {0, 0}`` and ``&p.n``.

Figures by hand from the manifest header's constants (tests/corpus/manifest.yaml, paper 001
Tables 1-3): a 4-byte message over one hop 70 + 0.42*4 + 11 = 82.68 us; MPI_Cart_create at P = 4
172.08 us (an MPICH-style allgather of 8 bytes, docs/model.md).
"""
from __future__ import annotations

import pytest

from interp.pipeline import predict

GRID = """program grid
  use mpi
  implicit none
  integer :: ierr, rank, comm2d, up, down, token, got
  integer :: status(MPI_STATUS_SIZE)
  DECLS
  call MPI_Init(ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, rank, ierr)
  SETS
  call MPI_Dims_create(rank, 2, dims, ierr)
  call MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, .false., comm2d, ierr)
  call MPI_Comm_rank(comm2d, rank, ierr)
  call MPI_Cart_shift(comm2d, 0, 1, up, down, ierr)
  token = rank
  call MPI_Sendrecv(token, 1, MPI_INTEGER, down, 0, got, 1, MPI_INTEGER, up, 0, comm2d, status, ierr)
  call MPI_Finalize(ierr)
end program grid
"""


def _total(tmp_path, decls, sets):
    path = tmp_path / "grid.f90"
    path.write_text(GRID.replace("DECLS", decls).replace("SETS", sets))
    return predict([str(path)], "ipsc860", 4, [], interactive=False).result.total


# A whole-array assignment runs as its loop (sections.py): two 2-trip loops, each 187.5 ns fixed
# + 2 x (275 ns loop + 25 fetch + 50 store) = 887.5 ns: 1.775 us; token = rank 75 ns.
LOOPS = 1.775e-6 + 0.075e-6


@pytest.mark.parametrize("decls,sets,compute", [
    ("integer :: dims(2)\n  logical :: periods(2)", "dims = 0\n  periods = .false.", LOOPS),
    ("integer :: dims(2)\n  logical :: periods(2)", "dims = (/ 0, 0 /)\n  periods = [.false., .false.]", LOOPS),
    ("integer :: dims(2) = 0\n  logical :: periods(2) = .false.", "", 0.075e-6),
    ("integer :: dims(2)\n  logical :: periods(2)", "dims(1) = 0\n  dims(2) = 0\n  periods(1) = .false.\n"
     "  periods(2) = .false.", 4 * 0.075e-6 + 0.075e-6),
], ids=["scalar", "constructor", "initialised", "element-by-element"])
def test_a_grid_set_as_a_whole_array_is_the_grid_set_element_by_element(tmp_path, decls, sets, compute):
    # MPI_Dims_create(4, 2, [0, 0]) = 2 x 2: ranks 0, 1 in row 0 send down to 2, 3 (one hop each,
    # both at once, different links): 172.08 (Cart_create) + 82.68 = 254.76 us, plus the
    # statements before them. Before elements.py, the first three were refused ("the Cartesian
    # dimensions depends on 'dims[0]', whose value on rank 0 is not known").
    assert _total(tmp_path, decls, sets) == pytest.approx(254.76e-6 + compute, rel=2e-4)


def test_the_values_of_a_constructor_decide_the_grid(tmp_path):
    # dims = (/ 1, 4 /): one row of four; the shift along dimension 0 has no neighbour (both
    # MPI_PROC_NULL), so no message: Cart_create's 172.08 us alone. Were the constructor's values
    # ignored, the 2 x 2 grid's message (254.76 us) would be predicted. The two loops: LOOPS.
    total = _total(tmp_path, "integer :: dims(2)\n  logical :: periods(2)",
                   "dims = (/ 1, 4 /)\n  periods = .false.")
    assert total == pytest.approx(172.08e-6 + LOOPS, rel=2e-4)


PARAMS = """module prm_mod
  type :: params_t
    integer :: n
    double precision :: w
  end type params_t
end module prm_mod

program params
  use mpi
  use prm_mod
  implicit none
  type(params_t) :: p
  integer :: ierr, rank, i
  double precision, allocatable :: v(:)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  if (rank == 0) p%n = 1000
  call MPI_Bcast(p%n, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  allocate(v(p%n))
  v = 0.0d0
  do i = 1, p%n
    v(i) = v(i) + 1.0d0
  end do
  call MPI_Finalize(ierr)
end program params
"""


def test_a_component_received_in_a_broadcast_bounds_the_receivers_loops(tmp_path):
    """p%n set on rank 0 only and broadcast: every rank's v = 0 (array syntax over v(p%n)) and
    DO loop run 1000 times. Refused before: 'array syntax (whole array v) is not modelled here
    (its loop form is not valid Fortran)', then 'depends on p.n, not known on rank 1'."""
    path = tmp_path / "params.f90"
    path.write_text(PARAMS)
    r = predict([str(path)], "ipsc860", 4, [], interactive=False).result
    execs = {s.loc.rsplit(":", 1)[1]: sorted(int(x) for x in [s.executions]) for s in r.aaus.values()
             if s.cls == "Seq" and s.loc.rsplit(":", 1)[1] in ("20", "22")}
    # 1000 executions of each statement on each of the 4 processes (AAU counts are per process)
    assert execs == {"20": [1000], "22": [1000]}, execs


def test_datatype_handles_in_a_constructor_are_their_sizes(tmp_path):
    """types = [MPI_INTEGER, MPI_DOUBLE_PRECISION] and blocklens = [1, 3] for
    MPI_TYPE_CREATE_STRUCT (tests/corpus/struct_type_f90.f90): a record of 4 + 3 x 8 = 28 B, ten
    broadcast: 280 B, dynamic, 2 rounds of 175 + 0.36 * 280 + 33 = 308.8 us: 617.6 us, after
    rank 0's fill of the records, which ends at 28.4 us (the manifest's derivation: cells(i)%val
    = dble(i) is a loop of 3 stores on the component of an element). Before, the handles in the
    constructor had no value and the count was refused ("depends on 'celltype'")."""
    r = predict(["tests/corpus/struct_type_f90.f90"], "ipsc860", 4, [], interactive=False).result
    assert r.total == pytest.approx(617.6e-6 + 28.4e-6, rel=0.002)


def test_query_outputs_into_array_elements_are_those_elements(tmp_path):
    """MPI_CART_SHIFT(comm2d, 0, 1, nbr(1), nbr(2), ierr): the partners are nbr(1), nbr(2) (C's
    &nbr[0]); the same grid and message as with scalars: 172.08 + 82.68 us plus the loops.
    Before, the outputs went to the array as a whole and nbr(2) had no value (refused: "the
    communication partner depends on 'nbr[1]'")."""
    text = GRID.replace("up, down, token, got", "nbr(2), token, got") \
        .replace("MPI_Cart_shift(comm2d, 0, 1, up, down, ierr)", "MPI_Cart_shift(comm2d, 0, 1, nbr(1), nbr(2), ierr)") \
        .replace("MPI_INTEGER, down, 0, got, 1, MPI_INTEGER, up, 0", "MPI_INTEGER, nbr(2), 0, got, 1, MPI_INTEGER, nbr(1), 0")
    path = tmp_path / "nbr.f90"
    path.write_text(text.replace("DECLS", "integer :: dims(2)\n  logical :: periods(2)")
                    .replace("SETS", "dims = 0\n  periods = .false."))
    total = predict([str(path)], "ipsc860", 4, [], interactive=False).result.total
    assert total == pytest.approx(254.76e-6 + LOOPS, rel=2e-4)
