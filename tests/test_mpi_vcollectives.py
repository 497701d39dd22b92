"""MPI_Scatterv, MPI_Gatherv, MPI_Allgatherv and MPI_Alltoallv: blocks of a size per rank, from
counts computed in a loop (``counts[i] = n / size + (i < n % size)``), the common style.

Hand derivations use the shipped iPSC/860 (sag/machines/ipsc860.yaml, paper 001 Table 3): a
message of m > 100 bytes (dynamic buffers) takes 175 us + 0.36 us/B * m + 33 us per hop, one of
m <= 100 bytes 70 us + 0.42 us/B * m + 11 us per hop; a blocking send keeps the sender until its
message has arrived; hops on the hypercube are the bits in which the ranks differ (e-cube: the
lowest first), and a message holds every link of its route while it is transmitted (circuit
switching), after its 175 us start-up.

n = 1003 doubles over 4 ranks: counts = 251, 251, 251, 250, blocks of 2008, 2008, 2008, 2000 B.
  1 hop, 2008 B: 175 + 722.88 + 33 = 930.88 us;  2 hops, 2008 B: 963.88 us
  1 hop, 2000 B: 175 + 720 + 33 = 928 us;        2 hops, 2000 B: 961 us
"""
import pytest

from interp.errors import InputError
from interp.pipeline import predict

US = 1e-6

PROGRAM = r"""#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, i, n = 1003;
    int *counts, *displs;
    double *all, *mine;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    counts = malloc(size * sizeof(int));
    displs = malloc(size * sizeof(int));
    for (i = 0; i < size; i++) {
        counts[i] = FILL;
        displs[i] = i == 0 ? 0 : displs[i-1] + counts[i-1];
    }
    all = malloc(n * sizeof(double));
    mine = malloc(counts[rank] * sizeof(double));
    MPI_Barrier(MPI_COMM_WORLD);
    CALLS
    MPI_Finalize();
    return 0;
}
"""
FILL = "n / size + (i < n % size ? 1 : 0)"


def run(tmp_path, calls, fill=FILL, procs=4):
    path = tmp_path / "v.c"
    path.write_text(PROGRAM.replace("CALLS", calls).replace("FILL", fill))
    return predict([str(path)], "ipsc860", procs, interactive=False).result


def messages(r):
    return [(m.src, m.dst, m.size) for m in r.messages if m.internal and m.size > 100]


def test_scatterv_then_gatherv_are_linear_with_each_rank_s_block(tmp_path):
    r = run(tmp_path, "MPI_Scatterv(all, counts, displs, MPI_DOUBLE, mine, counts[rank], MPI_DOUBLE, 0, "
                      "MPI_COMM_WORLD);\n"
                      "    MPI_Gatherv(mine, counts[rank], MPI_DOUBLE, all, counts, displs, MPI_DOUBLE, 0, "
                      "MPI_COMM_WORLD);")
    # The root sends each rank its own block, in rank order; each rank sends its block back.
    assert sorted(messages(r)) == sorted([(0, 1, 2008), (0, 2, 2008), (0, 3, 2000),
                                          (1, 0, 2008), (2, 0, 2008), (3, 0, 2000)])
    t0 = min(m.send_time for m in r.messages if m.size > 100)  # after the barrier
    # Scatterv: 930.88 (0 -> 1) + 930.88 (0 -> 2) + 961 (0 -> 3, 2 hops) = 2822.76 us. Ranks 1
    # and 2 send their blocks back as soon as they have them (over 1 -> 0 and 2 -> 0, links
    # the root's sends do not use); rank 3 gets its block last and sends 2000 B over 2 hops
    # (961 us): the root's last receive ends at 2822.76 + 961 = 3783.76 us.
    assert r.total - t0 == pytest.approx(3783.76 * US, rel=1e-6)


def test_gatherv_in_place_at_the_root_and_null_counts_elsewhere(tmp_path):
    r = run(tmp_path, "if (rank == 0) MPI_Gatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, counts, displs, "
                      "MPI_DOUBLE, 0, MPI_COMM_WORLD);\n"
                      "    else MPI_Gatherv(mine, counts[rank], MPI_DOUBLE, NULL, NULL, NULL, MPI_DOUBLE, 0, "
                      "MPI_COMM_WORLD);")
    assert sorted(messages(r)) == [(1, 0, 2008), (2, 0, 2008), (3, 0, 2000)]
    t0 = min(m.send_time for m in r.messages if m.size > 100)
    # Ranks 1, 2, 3 send at once. 2 -> 0 holds link 2 -> 0 from its start-up's end (175 us) to its
    # arrival (930.88 us); 3 -> 0 (e-cube 3 -> 2 -> 0) needs that link too, so its transmission
    # (0.36 x 2000 + 2 x 33 = 786 us) starts at 930.88: it arrives at 1716.88 us, the end.
    assert r.total - t0 == pytest.approx(1716.88 * US, rel=1e-6)


def test_allgatherv_in_place_is_a_ring(tmp_path):
    r = run(tmp_path, "MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, counts, displs, MPI_DOUBLE, "
                      "MPI_COMM_WORLD);")
    # 3 steps; in step s rank r sends block r - s to r + 1. Routes: 0 -> 1 and 2 -> 3 one hop,
    # 1 -> 2 and 3 -> 0 two hops, no directed link shared. Each rank leaves a step when its send
    # has arrived and the block from its left has arrived:
    #   step 0: 0 sends b0 (930.88), gets b3 over 2 hops (961): 961; 1: 963.88; 2: 963.88; 3: 961
    #   step 1: 0 sends b3 1 hop from 961 (-> 1891), gets b2 from 3 (961 + 963.88 = 1924.88);
    #           1 sends b0 2 hops from 963.88 (-> 1927.76); 2: 1927.76; 3: 1924.88
    #   step 2: 0 sends b2 from 1924.88 (-> 2855.76), gets b1 from 3: 1924.88 + 963.88 = 2888.76;
    #           1 sends b3 2 hops from 1927.76: 2888.76; 2 gets it then: 2888.76; 3: 2888.76
    blocks = sorted(messages(r))
    assert blocks == sorted([(r_, (r_ + 1) % 4, b) for r_ in range(4)
                             for b in [[2008, 2000, 2008], [2008, 2008, 2000], [2008, 2008, 2008],
                                       [2000, 2008, 2008]][r_]])
    t0 = min(m.send_time for m in r.messages if m.size > 100)
    assert r.total - t0 == pytest.approx(2888.76 * US, rel=1e-6)


def test_alltoallv_sends_each_destination_its_count(tmp_path):
    # sendcounts[j] = 10 (j + 1) ints: rank r sends 40 (j + 1) bytes to every j != r, in the
    # pairwise order (r + 1, r + 2, r + 3)
    r = run(tmp_path, "MPI_Alltoallv(mine, counts, displs, MPI_INT, all, counts, displs, MPI_INT, "
                      "MPI_COMM_WORLD);", fill="10 * (i + 1)")
    got = sorted((m.src, m.dst, m.size) for m in r.messages if m.internal and m.size != 0)
    assert got == sorted((s, d, 40.0 * (d + 1)) for s in range(4) for d in range(4) if s != d)


def test_counts_from_data_are_refused_at_the_call(tmp_path):
    with pytest.raises(InputError) as err:
        run(tmp_path, "MPI_Scatterv(all, counts, displs, MPI_DOUBLE, mine, 10, MPI_DOUBLE, 0, MPI_COMM_WORLD);",
            fill="rand() % 10")
    msg = str(err.value)
    assert "v.c:20" in msg and "counts[0]" in msg and "rank 0" in msg


FORTRAN = """\
program vv
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, i, n
  integer :: counts(64), displs(64)
  double precision :: all(1003), mine(1003)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  n = 1003
  do i = 1, nprocs
     counts(i) = n / nprocs
     if (i - 1 < mod(n, nprocs)) counts(i) = counts(i) + 1
  end do
  displs(1) = 0
  do i = 2, nprocs
     displs(i) = displs(i - 1) + counts(i - 1)
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Scatterv(all, counts, displs, MPI_DOUBLE_PRECISION, mine, counts(rank + 1), &
                    MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  call MPI_Gatherv(mine, counts(rank + 1), MPI_DOUBLE_PRECISION, all, counts, displs, &
                   MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
end program vv
"""


def test_fortran_counts_indexed_from_one(tmp_path):
    # counts(i) for i = 1..4 are the C program's counts[0..3]: 251, 251, 251, 250 (the remainder
    # added in a branch); counts(rank + 1) is the own count. The same messages and the same
    # 3783.76 us after the barrier as the C program's (test above).
    path = tmp_path / "vv.f90"
    path.write_text(FORTRAN)
    r = predict([str(path)], "ipsc860", 4, interactive=False).result
    assert sorted(messages(r)) == sorted([(0, 1, 2008), (0, 2, 2008), (0, 3, 2000),
                                          (1, 0, 2008), (2, 0, 2008), (3, 0, 2000)])
    t0 = min(m.send_time for m in r.messages if m.size > 100)
    assert r.total - t0 == pytest.approx(3783.76 * US, rel=1e-6)


def test_allgather_in_place_takes_the_receive_side_s_block(tmp_path):
    # MPI_IN_PLACE with a send count of 0 and MPI_DATATYPE_NULL: each process's block is the
    # receive side's 10 doubles (80 B). Recursive doubling at P = 4: 80 B over one hop (static:
    # 70 + 33.6 + 11 = 114.6 us), then 160 B (dynamic: 175 + 57.6 + 33 = 265.6 us): 380.2 us.
    r = run(tmp_path, "MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, 10, MPI_DOUBLE, MPI_COMM_WORLD);")
    steps = sorted({m.size for m in r.messages if m.internal and m.size > 8})
    assert steps == [80, 160]
    t0 = min(m.send_time for m in r.messages if m.internal and m.size == 80)
    assert r.total - t0 == pytest.approx(380.2 * US, rel=1e-6)


CLOSED = r"""#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, i, j, n = 1003, nz = 0;
    int *counts, *displs;
    double *all, *mine, x = 0.0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    counts = malloc(size * sizeof(int));
    displs = malloc(size * sizeof(int));
    for (i = 0; i < size; i++)
        counts[i] = n / size + (i < n % size ? 1 : 0);
    for (i = 0; i < size; i++) {
        if (counts[i] > 250) x = x + 1.0;
        for (j = 0; j < counts[i]; j++) x = x * 0.5;
    }
    all = malloc(n * sizeof(double));
    mine = malloc(counts[rank] * sizeof(double));
    MPI_Scatterv(all, counts, displs, MPI_DOUBLE, mine, counts[rank], MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
"""


def test_elements_in_a_closed_form_loop_and_its_condition(tmp_path):
    # The loops read counts[i] as a trip count and in a condition: summed term by term with the
    # elements looked up (not refused, no internal error). Inner iterations: 251 + 251 + 251 + 250
    # = 1003 of x = x * 0.5 (fetch 25 + mul 62.5 + store 50 ns) and the loop's 275 ns: 413.74 us;
    # then the Scatterv of 2822.76 us; plus the counts loop, the conditions and the setup
    # (about 15 us): 3251 us.
    path = tmp_path / "closed.c"
    path.write_text(CLOSED)
    r = predict([str(path)], "ipsc860", 4, interactive=False).result
    assert r.total == pytest.approx((413.74 + 2822.76 + 15) * US, abs=5 * US)


HELPERS = r"""#include <stdlib.h>
#include <mpi.h>
static void block_counts(int n, int size, int *c, int *d)
{
    int i;
    for (i = 0; i < size; i++) {
        c[i] = n / size + (i < n % size ? 1 : 0);
        d[i] = i == 0 ? 0 : d[i - 1] + c[i - 1];
    }
}
static void distribute(double *all, double *mine, int *cnt, int *dsp, int rank)
{
    MPI_Scatterv(all, cnt, dsp, MPI_DOUBLE, mine, cnt[rank], MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Gatherv(mine, cnt[rank], MPI_DOUBLE, all, cnt, dsp, MPI_DOUBLE, 0, MPI_COMM_WORLD);
}
int main(int argc, char **argv)
{
    int rank, size, n = 1003, counts[64], displs[64];
    double *all, *mine;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    all = malloc(n * sizeof(double));
    mine = malloc(n * sizeof(double));
    block_counts(n, size, counts, displs);
    MPI_Barrier(MPI_COMM_WORLD);
    distribute(all, mine, counts, displs, rank);
    MPI_Finalize();
    return 0;
}
"""


def test_counts_filled_and_read_by_helpers_that_take_the_array(tmp_path):
    # block_counts(n, size, counts, displs) fills the caller's array through its int *c, and
    # distribute(..., counts, ...) reads it through its int *cnt: the same blocks and times as the
    # counts computed in main (test above): the last block reaches the root 3783.76 us after the
    # root's first send.
    path = tmp_path / "helpers.c"
    path.write_text(HELPERS)
    r = predict([str(path)], "ipsc860", 4, interactive=False).result
    assert sorted(messages(r)) == sorted([(0, 1, 2008), (0, 2, 2008), (0, 3, 2000),
                                          (1, 0, 2008), (2, 0, 2008), (3, 0, 2000)])
    blocks = [m for m in r.messages if m.size > 100]
    t0 = min(m.send_time for m in blocks)
    assert max(m.arrival for m in blocks) - t0 == pytest.approx(3783.76 * US, rel=1e-6)


ALLTOALLV_DATA = r"""#include <stdlib.h>
#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, i, n = 1000, *keys, *sc, *rc, *sd, *rd, *out;
    unsigned int seed = 1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    keys = malloc(n * sizeof(int)); out = malloc(4 * n * sizeof(int));
    sc = calloc(size, sizeof(int)); rc = calloc(size, sizeof(int));
    sd = calloc(size, sizeof(int)); rd = calloc(size, sizeof(int));
    for (i = 0; i < n; i++) { keys[i] = rand_r(&seed) % size; sc[keys[i]]++; }
    for (i = 1; i < size; i++) sd[i] = sd[i - 1] + sc[i - 1];
    MPI_Alltoall(sc, 1, MPI_INT, rc, 1, MPI_INT, MPI_COMM_WORLD);
    for (i = 1; i < size; i++) rd[i] = rd[i - 1] + rc[i - 1];
SIZE
    MPI_Alltoallv(keys, sc, sd, MPI_INT, out, rc, rd, MPI_INT, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
"""


def test_size_above_a_v_collective_states_every_block(tmp_path):
    """A bucket sort's counts come from data: without size() the Alltoallv is refused naming its
    counts array; ``size(n / size)`` makes every block 250 ints (1000 B) to each of the 3 other
    ranks. Until 2026-11-25 the annotation was accepted and silently ignored."""
    path = tmp_path / "buckets.c"
    path.write_text(ALLTOALLV_DATA.replace("SIZE", ""))
    with pytest.raises(InputError, match="reads its counts array"):
        predict([str(path)], "ipsc860", 4, interactive=False)
    path.write_text(ALLTOALLV_DATA.replace("SIZE", "#pragma interp size(n / size)"))
    r = predict([str(path)], "ipsc860", 4, interactive=False).result
    assert sorted((m.src, m.dst, m.size) for m in r.messages if m.internal and m.size > 100) == \
        [(s, d, 1000) for s in range(4) for d in range(4) if s != d]
