"""Datatypes and packing added 2026-11-25: MPI_Type_create_subarray (with MPI_ORDER_C /
MPI_ORDER_FORTRAN), MPI_Type_create_hvector, MPI_Type_create_hindexed, MPI_Pack / MPI_Unpack
with a message of MPI_PACKED of the position's bytes. Before, each was refused as "not an MPI
call interp models ... check its spelling" (and MPI_ORDER_C as an undeclared identifier).

Sizes by hand (MPI 4.1 5.1.3, 5.2): a subarray carries the product of its subsizes of the old
type (4 x 4 doubles: 128 B); an hvector count x blocklength old elements (10 x 1 rows of 10
doubles: 800 B); a pack moves the position on by count x the type's size (one int and 1000
doubles: 4 + 8000 = 8004 B).
"""
import pytest

from interp.pipeline import predict


def run(tmp_path, name, text, procs=2):
    path = tmp_path / name
    path.write_text(text)
    return predict([str(path)], "ipsc860", procs, interactive=False).result


def sizes(r):
    return sorted((m.src, m.dst, m.size) for m in r.messages if not m.internal)


SUBARRAY_C = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    double f[8][8];
    int rank, sizes[2] = {8, 8}, subs[2] = {4, 4}, starts[2] = {2, 2};
    MPI_Datatype sub;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_create_subarray(2, sizes, subs, starts, MPI_ORDER_C, MPI_DOUBLE, &sub);
    MPI_Type_commit(&sub);
    if (rank == 0) MPI_Send(f, 2, sub, 1, 0, MPI_COMM_WORLD);
    if (rank == 1) MPI_Recv(f, 2, sub, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Type_free(&sub);
    MPI_Finalize();
    return 0;
}
"""

SUBARRAY_F = """\
program sub
  use mpi
  implicit none
  integer :: ierr, rank, subt, sizes(3), subs(3), starts(3)
  real :: f(8, 8, 8)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  sizes = (/ 8, 8, 8 /)
  subs = (/ 1, 8, 5 /)
  starts = 0
  call MPI_Type_create_subarray(3, sizes, subs, starts, MPI_ORDER_FORTRAN, MPI_REAL, subt, ierr)
  call MPI_Type_commit(subt, ierr)
  if (rank == 0) call MPI_Send(f, 1, subt, 1, 0, MPI_COMM_WORLD, ierr)
  if (rank == 1) call MPI_Recv(f, 1, subt, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call MPI_Finalize(ierr)
end program sub
"""


def test_subarray_carries_the_product_of_its_subsizes(tmp_path):
    assert sizes(run(tmp_path, "sub.c", SUBARRAY_C)) == [(0, 1, 2 * 4 * 4 * 8)]  # 2 subarrays: 256 B
    assert sizes(run(tmp_path, "sub.f90", SUBARRAY_F)) == [(0, 1, 1 * 8 * 5 * 4)]  # 40 REALs: 160 B


HVECTOR_F = """\
program hv
  use mpi
  implicit none
  integer :: ierr, rank, line, face
  integer(kind=MPI_ADDRESS_KIND) :: stride
  double precision :: u(10, 10, 10)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  stride = 800
  call MPI_Type_vector(10, 1, 10, MPI_DOUBLE_PRECISION, line, ierr)
  call MPI_Type_create_hvector(10, 1, stride, line, face, ierr)
  call MPI_Type_commit(face, ierr)
  if (rank == 0) call MPI_Send(u, 1, face, 1, 0, MPI_COMM_WORLD, ierr)
  if (rank == 1) call MPI_Recv(u, 1, face, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call MPI_Finalize(ierr)
end program hv
"""

HINDEXED_C = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    double a[100];
    int rank, blens[3] = {2, 5, 7};
    MPI_Aint disps[3] = {0, 160, 480};
    MPI_Datatype t;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_create_hindexed(3, blens, disps, MPI_DOUBLE, &t);
    MPI_Type_commit(&t);
    if (rank == 0) MPI_Send(a, 1, t, 1, 0, MPI_COMM_WORLD);
    if (rank == 1) MPI_Recv(a, 1, t, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""


def test_create_hvector_and_hindexed(tmp_path):
    assert sizes(run(tmp_path, "hv.f90", HVECTOR_F)) == [(0, 1, 10 * 10 * 8)]  # 800 B
    assert sizes(run(tmp_path, "hi.c", HINDEXED_C)) == [(0, 1, (2 + 5 + 7) * 8)]  # 112 B


PACK_C = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, n = 1000, pos = 0;
    double x[1000];
    char buf[16384];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Pack(&n, 1, MPI_INT, buf, 16384, &pos, MPI_COMM_WORLD);
        MPI_Pack(x, n, MPI_DOUBLE, buf, 16384, &pos, MPI_COMM_WORLD);
        MPI_Send(buf, pos, MPI_PACKED, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(buf, 16384, MPI_PACKED, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Unpack(buf, 16384, &pos, &n, 1, MPI_INT, MPI_COMM_WORLD);
        MPI_Unpack(buf, 16384, &pos, x, n, MPI_DOUBLE, MPI_COMM_WORLD);
        MPI_Send(buf, pos, MPI_PACKED, 0, 1, MPI_COMM_WORLD);
    }
    if (rank == 0)
        MPI_Recv(buf, 16384, MPI_PACKED, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""

PACK_F = """\
program pk
  use mpi
  implicit none
  integer :: ierr, rank, n, pos
  double precision :: x(1000)
  character :: buf(16384)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  n = 1000
  pos = 0
  if (rank == 0) then
     call MPI_Pack(n, 1, MPI_INTEGER, buf, 16384, pos, MPI_COMM_WORLD, ierr)
     call MPI_Pack(x, n, MPI_DOUBLE_PRECISION, buf, 16384, pos, MPI_COMM_WORLD, ierr)
     call MPI_Send(buf, pos, MPI_PACKED, 1, 0, MPI_COMM_WORLD, ierr)
  else if (rank == 1) then
     call MPI_Recv(buf, 16384, MPI_PACKED, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
     call MPI_Unpack(buf, 16384, pos, n, 1, MPI_INTEGER, MPI_COMM_WORLD, ierr)
  end if
  call MPI_Finalize(ierr)
end program pk
"""


def test_pack_moves_the_position_by_the_bytes_packed_and_costs_their_copy(tmp_path):
    r = run(tmp_path, "pack.c", PACK_C)
    # rank 0 packs 4 + 8000 B and sends pos = 8004; rank 1 unpacks from 0 to 8004 and sends that back
    assert sizes(r) == [(0, 1, 8004), (1, 0, 8004)]
    # each copy is the memcpy of its bytes through the char buffer, 8 bytes an iteration: the
    # 1000 doubles' 1000 iterations, the int's 4 // 8 = 0 (line 10 and 15 run no iteration)
    execs = {s.loc.rsplit(":", 1)[1]: s.executions for s in r.aaus.values() if s.cls == "Seq"
             and s.loc.rsplit(":", 1)[1] in ("11", "16") and s.executions > 1}
    assert execs == {"11": 1000, "16": 1000}


def test_fortran_pack_moves_the_position_and_says_how_it_is_costed(tmp_path):
    path = tmp_path / "pack.f90"
    path.write_text(PACK_F)
    p = predict([str(path)], "ipsc860", 2, interactive=False)
    assert sizes(p.result) == [(0, 1, 8004)]
    notes = {(n.line, n.message.split(" is costed")[0]) for n in p.programs[0].problems if n.kind == "assumption"}
    assert notes == {(12, "MPI_PACK"), (13, "MPI_PACK"), (17, "MPI_UNPACK")}


def test_c_pack_says_it_is_costed_as_a_memcpy(tmp_path):
    path = tmp_path / "pack.c"
    path.write_text(PACK_C)
    p = predict([str(path)], "ipsc860", 2, interactive=False)
    notes = sorted(n.line for n in p.programs[0].problems if "costed as the memcpy of its bytes" in n.message)
    assert notes == [10, 11, 15, 16]


NESTED_C = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    double u[1000];
    int rank;
    MPI_Datatype line, face;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_vector(10, 1, 10, MPI_DOUBLE, &line);
    MPI_Type_create_hvector(10, 1, 800, line, &face);
    MPI_Type_commit(&face);
    if (rank == 0) MPI_Send(u, 1, face, 1, 0, MPI_COMM_WORLD);
    if (rank == 1) MPI_Recv(u, 1, face, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""


def test_a_datatype_built_from_a_derived_one(tmp_path):
    # 10 rows of (10 x 1 doubles): 800 B, 175 + 0.36 * 800 + 33 = 496 us on one hop (Table 3)
    r = run(tmp_path, "nest.c", NESTED_C)
    assert sizes(r) == [(0, 1, 800)]
    assert r.total == pytest.approx(496e-6, rel=2e-3)


# -- block lengths filled in a loop (2026-11-25: refused as data before) ---------------------------

INDEXED_LOOP_C = r"""#include <mpi.h>
#define NY 48
int main(int argc, char **argv)
{
    double field[64][NY];
    int rank, i, blens[4], disps[4];
    MPI_Datatype diag_t;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < 4; i++) { blens[i] = 4 * (i + 1); disps[i] = i * (NY + 1) * 4; }
    MPI_Type_indexed(4, blens, disps, MPI_DOUBLE, &diag_t);
    MPI_Type_commit(&diag_t);
    if (rank == 0) MPI_Send(field, 1, diag_t, 1, 2, MPI_COMM_WORLD);
    else if (rank == 1) MPI_Recv(field, 1, diag_t, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
"""

INDEXED_LOOP_F = """\
program idx
  use mpi
  implicit none
  integer :: ierr, rank, i, t, blens(4), disps(4)
  double precision :: field(64, 48)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  do i = 1, 4
     blens(i) = 4 * i
     disps(i) = (i - 1) * 49 * 4
  end do
  call MPI_Type_indexed(4, blens, disps, MPI_DOUBLE_PRECISION, t, ierr)
  call MPI_Type_commit(t, ierr)
  if (rank == 0) call MPI_Send(field, 1, t, 1, 2, MPI_COMM_WORLD, ierr)
  if (rank == 1) call MPI_Recv(field, 1, t, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call MPI_Finalize(ierr)
end program idx
"""


@pytest.mark.parametrize("name, text", [("idx.c", INDEXED_LOOP_C), ("idx.f90", INDEXED_LOOP_F)], ids=["c", "fortran"])
def test_indexed_block_lengths_filled_in_a_loop(tmp_path, name, text):
    # blocks of 4, 8, 12, 16 doubles: 40 x 8 = 320 B, 175 + 0.36 * 320 + 33 = 323.2 us (Table 3)
    r = run(tmp_path, name, text)
    assert sizes(r) == [(0, 1, 320)]
    send = [m for m in r.messages if not m.internal][0]
    assert send.arrival - send.send_time == pytest.approx(323.2e-6, rel=1e-6)
