"""Omega of deterministic AAUs (paper 3.4.2) against hand computation with Table 1/2 values."""
import pytest

from interp.pipeline import predict

CLK = 25e-9  # 40 MHz
# mid-range Table 1 values (the default bound)
FIXED = (5 + 10) / 2 * CLK        # No Step Limit Ovhd
PER_ITER = (8 + 14) / 2 * CLK     # Per-Iter Ovhd (No Step)
DADD = 1 * CLK
FETCH, STORE = 1 * CLK, 2 * CLK   # Table 2, cache hits

TRIANGLE = """
int main(void)
{
    int i, j;
    double x = 0.0;
    for (i = 0; i < N; i++)
        for (j = 0; j < i; j++)
            x = x + 1.0;
    return 0;
}
"""


def _run(tmp_path, src, **kw):
    path = tmp_path / "tri.c"
    path.write_text(src)
    return predict([str(path)], "ipsc860", 1, [], interactive=False, **kw).result


def _loop(result, line):
    return next(s for s in result.aau_totals() if s.cls.startswith("Iter") and s.loc.endswith(f":{line}-{line + 2}"))


@pytest.mark.parametrize("n", [1, 7, 100])
def test_triangular_nest_closed_form(tmp_path, n):
    r = _run(tmp_path, TRIANGLE.replace("N", str(n)))
    body = DADD + FETCH + STORE          # x = x + 1.0: one double add, fetch x, store x (hits)
    # outer: fixed + sum_{i=0}^{n-1} (per_iter + inner(i)),  inner(i) = fixed + i * (per_iter + body)
    expected = FIXED + n * (PER_ITER + FIXED) + (PER_ITER + body) * n * (n - 1) / 2
    outer = next(s for s in r.aau_totals() if s.cls == "IterD" and s.loc.startswith("tri.c:6"))
    assert outer.total == pytest.approx(expected, rel=1e-12)
    # the inner AAUs are attributed their executions: n(n-1)/2 bodies (none at all for n = 1)
    body_seq = next((s for s in r.aau_totals() if s.cls == "Seq" and s.loc == "tri.c:8"), None)
    if n == 1:
        assert body_seq is None
        return
    assert body_seq.executions == pytest.approx(n * (n - 1) / 2)
    assert body_seq.total == pytest.approx(body * n * (n - 1) / 2, rel=1e-12)


def test_closed_form_equals_unrolled_interpretation(tmp_path):
    src = TRIANGLE.replace("N", "60")
    closed = _run(tmp_path, src)
    unrolled = _run(tmp_path, src, closed_forms=False)
    assert closed.total == pytest.approx(unrolled.total, rel=1e-12)
    assert closed.events == unrolled.events


def test_prediction_time_does_not_grow_with_trip_count():
    """The trapezoid's deterministic loop is a closed form: same events for 10^3 and 10^9 intervals."""
    args = (["samples/trapezoid_host.c", "samples/trapezoid_node.c"], "ipsc860", 4)
    small = predict(*args, ["n=1000", "reps=2"], interactive=False).result
    large = predict(*args, ["n=1000000000", "reps=2"], interactive=False).result
    assert small.events == large.events
    assert large.total > 1000 * small.total / 10


def test_cyclic_loop_trip_count_per_rank(tmp_path):
    # for (i = me; i < n; i += p): node r does ceil((n - r) / p) iterations.
    r = predict(["samples/trapezoid_host.c", "samples/trapezoid_node.c"], "ipsc860", 4,
                ["n=10", "reps=1"], interactive=False).result
    seqs = {p: s for (p, _), s in r.aaus.items() if s.cls == "Seq" and s.loc == "trapezoid_node.c:44"}
    assert {p: s.executions for p, s in seqs.items()} == {0: 3, 1: 3, 2: 2, 3: 2}


BLOCK = r"""#include <stdlib.h>
int main(int argc, char **argv)
{
    int lo = LO, hi = LO + 1000;
    char *small = calloc(100, 1), *marked = calloc(1000, 1);
    for (int p = 2; p <= 10; p++) {
        if (!small[p]) {
            int start = p * p;
            if (start < lo)
                start = lo + (p - lo % p) % p;
            for (int m = start; m < hi; m += p)
                marked[m - lo] = 1;
        }
    }
    return 0;
}
"""


def _block(tmp_path, lo, weighted):
    src = BLOCK.replace("LO", str(lo))
    if not weighted:
        src = src.replace("if (!small[p]) {", "{")
    path = tmp_path / f"block{lo}{weighted}.c"
    path.write_text(src)
    return predict([str(path)], "ipsc860", 1, [], interactive=False).result


def test_a_value_an_inner_if_assigns_counts_in_the_weighted_branch(tmp_path):
    # The marking loop of a sieve block starts at p*p or, below the block, at the block's first
    # multiple of p: sum over p = 2..10 of len(range(start, hi, p)) marks, computed here as C
    # does: 1883 for lo = 2, 1929 for lo = 1000.
    expected = {}
    for lo in (2, 1000):
        expected[lo] = sum(len(range(p * p if p * p >= lo else lo + (p - lo % p) % p, lo + 1000, p))
                           for p in range(2, 11))
    assert expected == {2: 1883, 1000: 1929}
    # Without the branch on data every statement is interpreted: the marks are counted exactly.
    exact = {lo: _block(tmp_path, lo, False) for lo in (2, 1000)}
    for lo, r in exact.items():
        assert sum(s.executions for s in r.aau_totals() if s.cls == "Seq" and s.loc.endswith(":12")) \
            == expected[lo]
    # Under `if (!small[p])` (data, weight 0.5) the body is a closed form; its cost differs between
    # the two blocks by half what the interpreted body's does (the test of small[p] costs the
    # same in both). Before, the closed form took start = p*p whatever the inner if did, and the
    # lo = 1000 block cost twice the lo = 2 block.
    weighted = {lo: _block(tmp_path, lo, True) for lo in (2, 1000)}
    assert weighted[1000].total - weighted[2].total == pytest.approx(
        0.5 * (exact[1000].total - exact[2].total), rel=1e-9)


TWO_LOOPS_CALLED = r"""double x;
static void f(int n)
{
    int k = 0;
    for (int i = 0; i < n; i++) k += 2;
    for (int j = 0; j < k; j++) x = x + 1.0;
}
int main(void)
{
    for (int r = 0; r < 10; r++) f(100);
    return 0;
}
"""


def test_a_loop_after_a_loop_reads_the_value_the_first_one_leaves(tmp_path):
    # f's closed form: the second loop runs k = 2n = 200 times after the first (effects k + 2n of
    # k = 0). Before, it read k = 0 and ran 0 times in the closed form (and in the report).
    r = _run(tmp_path, TWO_LOOPS_CALLED)
    execs = {s.loc.rsplit(":", 1)[1]: s.executions for s in r.aau_totals() if s.cls == "Seq"}
    assert execs["6"] == 10 * 200 and execs["5"] == 10 * 100
    # time: 10 calls of [Seq k = 0 + loop 1 + loop 2] + the outer loop and the calls' overheads;
    # loop 2 alone: fixed + 200 (per_iter + x = x + 1.0), by hand from Table 1 and 2 (mid)
    loop2 = next(s for s in r.aau_totals() if s.cls == "IterD" and s.loc.endswith(":6"))
    assert loop2.total == pytest.approx(10 * (FIXED + 200 * (PER_ITER + DADD + FETCH + STORE)), rel=1e-9)


STEPPED = r"""double x;
int main(void)
{
    int n = NN;
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j += 3)
            for (int k = 0; k < j; k += 2)
                x = x + 1.0;
    return 0;
}
"""


@pytest.mark.parametrize("n", [4, 9, 100])
def test_stepped_triangular_nest_counts_every_pass(tmp_path, n):
    # C makes sum over i of sum over j = i, i+3, ... < n of ceil(j / 2) passes of the body (counted
    # below as C runs it); the closed form keeps the ceilings (a sum split by residues) instead of
    # dropping them (which gave a fractional count, 0.4% to 12% short).
    expected = sum(len(range(0, j, 2)) for i in range(n) for j in range(i, n, 3))
    r = _run(tmp_path, STEPPED.replace("NN", str(n)))
    body = next(s for s in r.aau_totals() if s.cls == "Seq" and s.loc.endswith(":8"))
    assert body.executions == expected
