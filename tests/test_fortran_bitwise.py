"""Fortran bit intrinsics (frontends/fortran/bits.py): IEOR, IAND, IOR, NOT, ISHFT, IBSET, IBCLR
and BTEST have the values of C's ^ & | ~ << >> (frontends/aag/symexpr.py BXor, BAnd, BOr, Shl,
Shr), so partners, loop bounds and conditions computed with them are followed.

Partners, message counts and trip counts are derived by hand in the comments.
"""
from __future__ import annotations

from frontends.aag.bodies import flat
from frontends.load import load_programs
from interp.pipeline import predict

BUTTERFLY = """\
program bfly
  use mpi
  implicit none
  integer :: ierr, me, np, mask, partner, status(MPI_STATUS_SIZE)
  double precision :: x(4), y(4)
  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, me, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, np, ierr)
  x = me
  mask = 1
  do while (mask < np)
    partner = ieor(me, mask)
    call MPI_SENDRECV(x, 4, MPI_DOUBLE_PRECISION, partner, mask, y, 4, MPI_DOUBLE_PRECISION, &
                      partner, mask, MPI_COMM_WORLD, status, ierr)
    x = x + y
    mask = ishft(mask, 1)
  end do
  call MPI_FINALIZE(ierr)
end program bfly
"""

LOOPS = """\
program loops
  implicit none
  integer :: n, i, k
  double precision :: s
  read (*, *) n
  s = 0
  do i = 1, iand(n, 255)
    s = s + 1
  end do
  do i = 1, ior(n, 7)
    s = s + 2
  end do
  do i = 1, ieor(n, 1023)
    s = s + 3
  end do
  do i = 1, ishft(n, -2)
    s = s + 4
  end do
  do k = -3, 3
    do i = 1, ishft(8, k)
      s = s + 5
    end do
  end do
  do i = 1, iand(n, not(15))
    s = s + 6
  end do
  do i = ibclr(15, 0), ibset(n, 4)
    s = s + 7
  end do
  do i = 1, -not(n)
    s = s + 8
  end do
  print *, s
end program loops
"""

# A binomial-tree reduction to rank 0: a rank whose bit `mask` is set sends to ieor(me, mask) and
# leaves; the others receive from it if it exists (ior(me, mask) < np). BTEST counts set bits.
TREE = """\
program tree
  use mpi
  implicit none
  integer :: ierr, me, np, mask, k, status(MPI_STATUS_SIZE)
  logical :: odd
  double precision :: x, y, s
  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, me, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, np, ierr)
  x = me
  s = 0
  do k = 0, 2
    if (btest(me, k)) s = s + 1
  end do
  odd = btest(me, 0)
  if (odd) then
    s = s * 2
  end if
  mask = 1
  do while (mask < np)
    if (iand(me, mask) /= 0) then
      call MPI_SEND(x, 1, MPI_DOUBLE_PRECISION, ieor(me, mask), mask, MPI_COMM_WORLD, ierr)
      exit
    else if (ior(me, mask) < np) then
      call MPI_RECV(y, 1, MPI_DOUBLE_PRECISION, ieor(me, mask), mask, MPI_COMM_WORLD, status, ierr)
      x = x + y
    end if
    mask = ishft(mask, 1)
  end do
  call MPI_FINALIZE(ierr)
end program tree
"""

# The same tree in C, with C's operators.
TREE_C = """\
#include <mpi.h>
int main(int argc, char **argv)
{
    int me, np, mask;
    double x, y;
    MPI_Status status;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    x = me;
    mask = 1;
    while (mask < np) {
        if ((me & mask) != 0) {
            MPI_Send(&x, 1, MPI_DOUBLE, me ^ mask, mask, MPI_COMM_WORLD);
            break;
        } else if ((me | mask) < np) {
            MPI_Recv(&y, 1, MPI_DOUBLE, me ^ mask, mask, MPI_COMM_WORLD, &status);
            x = x + y;
        }
        mask = mask << 1;
    }
    MPI_Finalize();
    return 0;
}
"""

COUNTS = """\
program counts
  implicit none
  integer :: n, k, a, b, c, d, e
  logical :: t
  read (*, *) n, k
  a = ieor(n, k)
  b = ishft(n, 3)
  c = ishft(n, k)
  d = ibclr(n, k)
  t = btest(n, k)
  e = not(n)
  print *, a, b, c, d, e, t
end program counts
"""


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _per_rank(result, line, cls):
    """rank -> executions of the AAUs of class ``cls`` that start at ``line``."""
    out = {}
    for (rank, _), s in result.aaus.items():
        if s.cls == cls and s.loc.rsplit(":", 1)[1].split("-")[0] == str(line):
            out[rank] = out.get(rank, 0) + int(s.executions)
    return out


def test_butterfly_partners_are_ieor_of_the_rank(tmp_path):
    path = _write(tmp_path, "bfly.f90", BUTTERFLY)
    (aag,) = load_programs([path])
    assert not [p for p in aag.problems if p.kind == "unsupported"]
    for exact in (True, False):  # every process interpreted, and rank symmetry
        r = predict([path], "ipsc860", 8, interactive=False, exact=exact).result
        # mask = 1, 2, 4 (ISHFT(mask, 1) doubles it, 8 ends the loop): three exchanges per rank,
        # with rank XOR mask, tagged mask, 4 doubles (32 bytes) each way.
        partners = {0: (1, 2, 4), 1: (0, 3, 5), 2: (3, 0, 6), 3: (2, 1, 7),
                    4: (5, 6, 0), 5: (4, 7, 1), 6: (7, 4, 2), 7: (6, 5, 3)}
        expected = sorted((src, dst, mask, 32) for src, dsts in partners.items()
                          for mask, dst in zip((1, 2, 4), dsts))
        assert sorted((m.src, m.dst, m.tag, m.size) for m in r.messages) == expected
        assert _per_rank(r, 13, "Comm") == {rank: 3 for rank in range(8)}


def test_bit_values_are_loop_bounds(tmp_path):
    path = _write(tmp_path, "loops.f90", LOOPS)
    r = predict([path], "ipsc860", 1, ["n=1000"], interactive=False).result
    # n = 1000 = 0b11_1110_1000
    assert _per_rank(r, 8, "Seq") == {0: 232}    # iand(n, 255): 0b1110_1000
    assert _per_rank(r, 11, "Seq") == {0: 1007}  # ior(n, 7): 1000 + 7 (low bits clear)
    assert _per_rank(r, 14, "Seq") == {0: 23}    # ieor(n, 1023): 1023 - 1000
    assert _per_rank(r, 17, "Seq") == {0: 250}   # ishft(n, -2): 1000 / 4
    # ishft(8, k), k = -3 .. 3 (a count of either sign): 1 + 2 + 4 + 8 + 16 + 32 + 64
    assert _per_rank(r, 21, "Seq") == {0: 127}
    assert _per_rank(r, 25, "Seq") == {0: 992}   # iand(n, not(15)): 1000 with bits 0-3 cleared (8)
    # ibclr(15, 0) = 14 to ibset(n, 4) = 1000 + 16: 1016 - 14 + 1
    assert _per_rank(r, 28, "Seq") == {0: 1003}
    assert _per_rank(r, 31, "Seq") == {0: 1001}  # -not(n) = n + 1 (two's complement)


def test_bit_conditions_and_partners_of_a_reduction_tree(tmp_path):
    path = _write(tmp_path, "tree.f90", TREE)
    r = predict([path], "ipsc860", 6, interactive=False, exact=True).result
    # mask 1: 1 -> 0, 3 -> 2, 5 -> 4; mask 2: 2 -> 0 (6 = ior(4, 2) does not exist);
    # mask 4: 4 -> 0.
    assert sorted((m.src, m.dst, m.tag) for m in r.messages) == [(1, 0, 1), (2, 0, 2), (3, 2, 1), (4, 0, 4),
                                                                 (5, 4, 1)]
    assert _per_rank(r, 22, "Comm") == {1: 1, 2: 1, 3: 1, 4: 1, 5: 1}  # every rank but 0 sends once
    assert _per_rank(r, 25, "Comm") == {0: 3, 2: 1, 4: 1}
    # btest(me, k), k = 0..2: the bits set in me (rank 0 none: no execution)
    assert _per_rank(r, 13, "Seq") == {1: 1, 2: 1, 3: 2, 4: 1, 5: 2}
    assert _per_rank(r, 17, "Seq") == {1: 1, 3: 1, 5: 1}  # odd = btest(me, 0)


def test_the_same_messages_as_c_operators(tmp_path):
    fortran = _write(tmp_path, "tree.f90", TREE)
    c = _write(tmp_path, "tree.c", TREE_C)
    for procs in (5, 8):
        got = [sorted((m.src, m.dst, m.tag, m.size) for m in
                      predict([f], "ipsc860", procs, interactive=False).result.messages) for f in (fortran, c)]
        assert got[0] == got[1]
        assert len(got[0]) == procs - 1  # every rank but 0 sends once


def test_bit_intrinsics_are_counted_as_c_operators(tmp_path):
    path = _write(tmp_path, "counts.f90", COUNTS)
    (aag,) = load_programs([path], "statement")
    seqs = {a.loc.first: a.counts for fn in aag.functions.values() for a in flat(fn.body) if a.cls == "Seq"}
    # int adds: ^ one, << one, s >= 0 ? n << s : n >> -s 1 + 0.5 + 0.5 * 2, n & ~(1 << k) three,
    # (n >> k) & 1 two, ~n one; no library call
    for line, adds in ((6, 1), (7, 1), (8, 2.5), (9, 3), (10, 2), (11, 1)):
        assert seqs[line].ops == {"int_add": adds}, line
        assert seqs[line].calls == {}, line


def test_bit_intrinsics_are_elemental_in_array_syntax(tmp_path):
    path = _write(tmp_path, "elem.f90", """\
program elem
  implicit none
  integer :: a(100), b(100), i
  do i = 1, 100
    b(i) = i
  end do
  a = ieor(b, 1)
  a(1:50) = iand(a(51:100), b(1:50)) + ishft(b(1:50), -1)
  print *, a(1)
end program elem
""")
    r = predict([path], "ipsc860", 1, interactive=False).result
    assert _per_rank(r, 7, "Seq") == {0: 100}  # the whole of a
    assert _per_rank(r, 8, "Seq") == {0: 50}   # the section 1:50
