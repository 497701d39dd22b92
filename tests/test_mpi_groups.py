"""Groups and the communicators made from them (MPI 4.1 sections 7.3, 7.4.2): MPI_Comm_group,
MPI_Group_incl / excl / range_incl / range_excl with rank lists computed in a loop, union,
intersection and difference, MPI_Group_size / rank, MPI_Comm_create (MPI_COMM_NULL outside the
group) and MPI_Group_free; collectives on the new communicator run over its members only.

Hand derivations use the shipped iPSC/860 (sag/machines/ipsc860.yaml, paper 001 Table 3): a
message of m <= 100 bytes takes 70 us + 0.42 us/B * m + 11 us per hop; hops are the bits in which
two ranks differ. MPI_Comm_create is costed as every communicator creation (docs/model.md): an
allgather of 8 bytes per process over the parent, by recursive doubling: at P = 4,
84.36 + 87.72 = 172.08 us; at P = 8 a third exchange of 32 B (94.44 us): 266.52 us.
"""
import pytest

from interp.engine.communicators import Communicators
from interp.errors import InputError
from interp.pipeline import predict

US = 1e-6
CREATE_P4 = (84.36 + 87.72) * US
CREATE_P8 = (84.36 + 87.72 + 94.44) * US


def run(tmp_path, text, procs, name="g.c"):
    path = tmp_path / name
    path.write_text(text)
    return predict([str(path)], "ipsc860", procs, interactive=False).result


EVENS_C = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, i, ranks[64], nev = 0, sum, val, me;
    MPI_Group world, evens;
    MPI_Comm evcomm;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = 0; i < size; i += 2) ranks[nev++] = i;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, nev, ranks, &evens);
    MPI_Comm_create(MPI_COMM_WORLD, evens, &evcomm);
    val = rank;
    if (evcomm != MPI_COMM_NULL) {
        MPI_Comm_rank(evcomm, &me);
        MPI_Allreduce(&val, &sum, 1, MPI_INT, MPI_SUM, evcomm);
        MPI_Comm_free(&evcomm);
    }
    MPI_Group_free(&evens);
    MPI_Group_free(&world);
    MPI_Finalize();
    return 0;
}
"""


def test_group_incl_of_a_rank_list_filled_in_a_loop(tmp_path):
    r = run(tmp_path, EVENS_C, 8)
    # ranks = 0, 2, 4, 6 (nev = 4). The evens' Allreduce of one int: recursive doubling over
    # their communicator ranks 0..3, exchanges with rank ^ 1 (world 0 <-> 2, 4 <-> 6) and rank ^ 2
    # (world 0 <-> 4, 2 <-> 6), one hop each, 4 B: 2 x 82.68 = 165.36 us; the odds take no part.
    # After the creation (266.52 us): 431.88 us, plus rank 0's computation: the rank-list loop
    # (4 interpreted iterations with a store and two increments), the calls and one int combine,
    # 4.1 us: under 5 us.
    reduce = sorted((m.src, m.dst) for m in r.messages if m.internal and m.size == 4)
    assert reduce == [(0, 2), (0, 4), (2, 0), (2, 6), (4, 0), (4, 6), (6, 2), (6, 4)]
    assert r.total == pytest.approx(CREATE_P8 + 165.36 * US, abs=5 * US)
    assert r.total > CREATE_P8 + 165.36 * US


RANGES_C = r"""#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, grank, gsize, ranges[1][3], none[1];
    double x = 1.0, s;
    MPI_Group world, evens, all, odds;
    MPI_Comm sub;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    ranges[0][0] = 0;
    ranges[0][1] = size - 1;
    ranges[0][2] = 2;
    MPI_Group_range_incl(world, 1, ranges, &evens);
    MPI_Group_excl(world, 0, none, &all);
    MPI_Group_difference(all, evens, &odds);
    MPI_Group_size(odds, &gsize);
    MPI_Group_rank(odds, &grank);
    MPI_Comm_create(MPI_COMM_WORLD, gsize == size / 2 ? odds : evens, &sub);
    if (grank != MPI_UNDEFINED)
        MPI_Allreduce(&x, &s, 1, MPI_DOUBLE, MPI_SUM, sub);
    MPI_Finalize();
    return 0;
}
"""


def test_range_incl_difference_size_and_rank(tmp_path):
    r = run(tmp_path, RANGES_C, 8)
    # evens = 0, 2, 4, 6 (range 0..7 step 2); all = world (none excluded); odds = all - evens =
    # 1, 3, 5, 7, so gsize = 4 = size / 2 and the communicator is the odds'; grank is their rank in
    # it (MPI_UNDEFINED on the evens). The odds' Allreduce of 8 B: two one-hop exchanges
    # (1 <-> 3, 5 <-> 7, then 1 <-> 5, 3 <-> 7): 2 x 84.36 = 168.72 us after the creation.
    pairs = sorted((m.src, m.dst) for m in r.messages if m.internal and m.size == 8 and m.send_time > CREATE_P8)
    assert pairs == [(1, 3), (1, 5), (3, 1), (3, 7), (5, 1), (5, 7), (7, 3), (7, 5)]
    assert r.total == pytest.approx(CREATE_P8 + 168.72 * US, abs=3 * US)


def test_group_arithmetic_of_the_engine():
    comms = Communicators(6)
    f = comms.functions()
    world = f["GroupOf"](comms.world.handle, 0)
    assert comms.members_of(f["GroupIncl"](world, [4, 1])) == (4, 1)  # the list's order
    assert comms.members_of(f["GroupExcl"](world, [0, 5])) == (1, 2, 3, 4)
    assert comms.members_of(f["GroupRangeIncl"](world, [(5, 1, -2)])) == (5, 3, 1)
    assert comms.members_of(f["GroupRangeExcl"](world, [(0, 5, 3)])) == (1, 2, 4, 5)
    a, b = f["GroupIncl"](world, [0, 1, 2]), f["GroupIncl"](world, [2, 3])
    assert comms.members_of(f["GroupUnion"](a, b)) == (0, 1, 2, 3)
    assert comms.members_of(f["GroupIntersection"](a, b)) == (2,)
    assert f["GroupRank"](b, 3) == 1 and f["GroupRank"](b, 0) == -32766  # MPI_UNDEFINED
    assert f["GroupIncl"](world, [4, 1]) == f["GroupIncl"](world, [4, 1])  # one handle per group
    with pytest.raises(ValueError, match="not distinct ranks"):
        f["GroupIncl"](world, [1, 1])


def test_a_rank_outside_the_group_is_refused_with_the_line(tmp_path):
    text = EVENS_C.replace("ranks[nev++] = i;", "ranks[nev++] = i + 1;")  # 1, 3, 5, 7 at P = 7: 7 is out
    with pytest.raises(InputError) as err:
        run(tmp_path, text, 7)
    msg = str(err.value)
    # the Seq of lines 11-12 (MPI_Comm_group, MPI_Group_incl) makes the group
    assert "g.c:11" in msg and "MPI_Group_incl: ranks [1, 3, 5, 7] are not distinct ranks of a group of 7" in msg


def test_a_rank_list_the_parse_cannot_follow_is_refused(tmp_path):
    text = EVENS_C.replace("for (i = 0; i < size; i += 2) ranks[nev++] = i;",
                           "for (i = 0; i < size; i += 2) ranks[nev++] = rand() % size;")
    with pytest.raises(InputError) as err:
        run(tmp_path, text, 4)
    assert "g.c:13: MPI_Comm_create: the group is not known" in str(err.value)


FORTRAN = """\
program grp
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, i, nev, val, total, world, evens, evcomm, ranges(3, 1), odds, gsize
  integer :: ranks(64)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  nev = 0
  do i = 0, nprocs - 1, 2
     nev = nev + 1
     ranks(nev) = i
  end do
  call MPI_Comm_group(MPI_COMM_WORLD, world, ierr)
  call MPI_Group_incl(world, nev, ranks, evens, ierr)
  ranges(1, 1) = 1
  ranges(2, 1) = nprocs - 1
  ranges(3, 1) = 2
  call MPI_Group_range_incl(world, 1, ranges, odds, ierr)
  call MPI_Group_size(odds, gsize, ierr)
  call MPI_Comm_create(MPI_COMM_WORLD, odds, evcomm, ierr)
  val = rank
  if (evcomm /= MPI_COMM_NULL) then
     call MPI_Allreduce(val, total, 1, MPI_INTEGER, MPI_SUM, evcomm, ierr)
     call MPI_Comm_free(evcomm, ierr)
  end if
  call MPI_Group_free(evens, ierr)
  call MPI_Finalize(ierr)
end program grp
"""


def test_fortran_rank_list_in_a_do_loop_and_a_range_triplet(tmp_path):
    # ranks(1..nev) = 0, 2, 4, 6 (the evens); ranges(1:3, 1) = (1, 7, 2): the odds 1, 3, 5, 7,
    # whose communicator sums: exchanges of 4 B with rank ^ 1 (world 1 <-> 3, 5 <-> 7) and
    # rank ^ 2 (1 <-> 5, 3 <-> 7), one hop each: 2 x 82.68 = 165.36 us after the creation.
    r = run(tmp_path, FORTRAN, 8, name="g.f90")
    pairs = sorted((m.src, m.dst) for m in r.messages if m.internal and m.size == 4)
    assert pairs == [(1, 3), (1, 5), (3, 1), (3, 7), (5, 1), (5, 7), (7, 3), (7, 5)]
    assert r.total == pytest.approx(CREATE_P8 + 165.36 * US, abs=5 * US)
