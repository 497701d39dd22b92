"""Every sample program predicted on the iPSC/860, against values derived by hand from Tables 1-3.

Hand values (mid of each Table 1 range, 40 MHz so 1 clk = 25 ns):
  per-iteration loop overhead, no step: (8+14)/2 clk = 275 ns; with step (10+17)/2 clk = 337.5 ns
  fixed loop overhead, no step: (5+10)/2 clk = 187.5 ns
  fixed loop overhead, step: ((1.106e-6 + 10 clk) + (1.256e-6 + 17 clk))/2 = 1.5185 us
  double mul (2+3)/2 clk = 62.5 ns, add 25 ns, div ((2.241e-6 + 2 clk) + (2.391e-6 + 5 clk))/2 = 2.4035 us
  int -> real (8+14)/2 clk = 275 ns; call (1+2)/2 clk = 37.5 ns; condition 25 ns, branch taken 25 ns
  cache hits: fetch 25 ns, store 50 ns (Table 2)
  static message (m <= 100 B): 70 us + 0.42 us * m + 11 us * hops (Table 3)
"""
import pytest

from interp.pipeline import predict

NS = 1e-9
PER_ITER, PER_ITER_STEP, FIXED, FIXED_STEP = 275 * NS, 337.5 * NS, 187.5 * NS, 1.5185e-6
F_CALL = 37.5 * NS + 62.5 * NS + 25 * NS + 2403.5 * NS + 2 * 25 * NS  # call + f(x) = 4/(1+x*x)
LINE44 = 62.5 * NS + 275 * NS + 25 * NS + 3 * 25 * NS + 50 * NS          # x = a + i*h
LINE45 = 3 * 25 * NS + 62.5 * NS + 4 * 25 * NS + 50 * NS                 # local += 0.5*(f(x)+f(x+h))
TRAP_ITER = PER_ITER_STEP + LINE44 + 2 * F_CALL + LINE45


def static_msg(m, hops):
    return 70e-6 + 0.42e-6 * m + 11e-6 * hops


def stats(result, cls, loc, proc):
    return next(s for (p, _), s in result.aaus.items() if p == proc and s.cls == cls and s.loc == loc)


@pytest.mark.parametrize("procs,n", [(1, 1000), (4, 1000), (16, 100003)])
def test_trapezoid_host_node(procs, n):
    r = predict(["samples/trapezoid_host.c", "samples/trapezoid_node.c"], "ipsc860", procs,
                [f"n={n}", "reps=2"], interactive=False).result
    for rank in range(procs):
        iters = -(-(n - rank) // procs)  # ceil((n - rank) / p): the cyclic distribution
        loop = stats(r, "IterD", "trapezoid_node.c:43-45", rank)
        assert loop.executions == 2
        assert loop.mean == pytest.approx(FIXED_STEP + iters * TRAP_ITER, rel=1e-9)
    # Messages: the setup and the parameters reach every node (host -> node 0 over the link, then
    # the tree); gdsum is recursive doubling (log2 P exchanges of 2 messages per pair); node 0 answers.
    logp = procs.bit_length() - 1
    per_rep = procs + procs * logp + 1
    assert len(r.messages) == procs + 2 * per_rep


def test_trapezoid_mpi_same_kernel_as_nx():
    r = predict(["samples/trapezoid_mpi.c"], "ipsc860", 4, ["n=1000", "reps=2"], interactive=False).result
    loop = stats(r, "IterD", "trapezoid_mpi.c:63-65", 1)
    # Same body, but x is declared in the loop: the same operations; i and size are ints.
    assert loop.mean == pytest.approx(FIXED_STEP + 250 * TRAP_ITER, rel=1e-9)


@pytest.mark.parametrize("m,reps", [(64, 10), (100, 3)])
def test_pingpong_round_trips(m, reps):
    r = predict(["samples/pingpong_mpi.c"], "ipsc860", 2, [f"m={m}", f"reps={reps}"], interactive=False).result
    # Rank 0: each iteration sends (blocking, 1 hop) and waits for the reply (1 hop back).
    loop = stats(r, "IterSync", "pingpong_mpi.c:48-50", 0)
    assert loop.total == pytest.approx(FIXED + reps * (PER_ITER + 2 * static_msg(m, 1)), rel=1e-9)
    assert len(r.messages) == 2 * reps + 2  # plus the two internal messages of the Bcasts (P = 2)


def test_ring_on_a_hypercube():
    m, reps = 64, 5
    r = predict(["samples/ring_mpi.c"], "ipsc860", 4, [f"params[0]={m}", f"params[1]={reps}"],
                interactive=False).result
    # One round: rank 0's loop overhead, its taken branch (1 condition + taken, and evaluating
    # rank == 0: fetch rank + an int compare), then four hops
    # 0->1 (1 hop), 1->2 (2), 2->3 (1), 3->0 (2), each preceded by token[0]++
    # (fetch 25 + int add 25 + store 50 ns).
    bump = 100 * NS
    rnd = PER_ITER + 100 * NS + 4 * bump + 2 * static_msg(m, 1) + 2 * static_msg(m, 2)
    loop = stats(r, "IterSync", "ring_mpi.c:49-61", 0)
    assert loop.total == pytest.approx(FIXED + reps * rnd, rel=1e-9)


def test_jacobi_halo_exchange_structure():
    n, iters = 64, 3
    r = predict(["samples/jacobi2d_mpi.c"], "ipsc860", 4, [f"n={n}", f"iters={iters}"], interactive=False).result
    user = [m for m in r.messages if not m.internal]
    # Two exchanges per iteration across the 3 internal boundaries, one row of doubles each.
    assert len(user) == 2 * 3 * iters
    assert {m.size for m in user} == {n * 8}
    assert sorted({(m.src, m.dst) for m in user}) == [(0, 1), (1, 0), (1, 2), (2, 1), (2, 3), (3, 2)]
    # Allreduce by recursive doubling: 2 steps x 4 messages per iteration; the final Reduce: 3;
    # the two Bcasts of the inputs: 3 each (binomial tree on 4).
    assert len([m for m in r.messages if m.internal]) == 8 * iters + 3 + 2 * 3


def test_matmul_master_worker_messages():
    n, procs = 30, 4
    r = predict(["samples/matmul_master_worker_mpi.c"], "ipsc860", procs, [f"n={n}"], interactive=False).result
    user = sorted(((m.src, m.dst, m.size) for m in r.messages if not m.internal))
    rows = [10, 10, 10]  # 30 rows over 3 workers
    expected = []
    for w in range(1, procs):
        expected += [(0, w, n * n * 8), (0, w, rows[w - 1] * n * 8), (w, 0, rows[w - 1] * n * 8)]
    assert user == sorted(expected)
