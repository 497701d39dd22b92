"""Compressed-sparse-row loops: row pointers the program fills are followed, and the inner loop
``for (p = rowptr[i]; p < rowptr[i + 1]; p++)`` over a closed-form loop on i telescopes to
``rowptr[hi] - rowptr[lo]`` passes (interp/models/telescope.py, docs/model.md).

Hand derivations use paper 001 Table 1/2 on the iPSC/860 (sag/machines/ipsc860.yaml), mid bound:
clock 25 ns; loop (no step) fixed 7.5 clk, per iteration 11 clk; real add 1 clk, real mul 2.5
clk; fetch hit 1 clk / miss 6 clk, store hit 2 clk / miss 4 clk, 32-byte cache block (a stride-1
array of 8-byte elements misses 1 in 4 accesses, of 4-byte elements 1 in 8).
"""
import pytest

from frontends.aag import symexpr as S
from interp.pipeline import predict

CLK = 25e-9
FIXED, PER_ITER = 7.5 * CLK, 11 * CLK
# s += val[p] * x[col[p]]: fetch p (1), val[p] (0.75*1 + 0.25*6 = 2.25), p (1), col[p] (0.875*1 +
# 0.125*6 = 1.625), x[col[p]] (gathered, reused within the cache window: 1), s (1); store s (2);
# one real mul (2.5) and one real add (1): 13.375 clk
BODY = 13.375 * CLK
S_INIT = 2 * CLK              # double s = 0.0: store s (hit)
Y_STORE = 4.5 * CLK           # y[i] = s: fetch s (1), fetch i (1), store y[i] (0.75*2 + 0.25*4 = 2.5)

LAPLACIAN = r"""#include <stdio.h>
#define N NROWS
int rowptr[N + 1]; int col[3 * N]; double val[3 * N]; double x[N], y[N];
int main(void) {
    int nnz = 0;
    for (int i = 0; i < N; i++) {
        rowptr[i] = nnz;
        if (i > 0) { col[nnz] = i - 1; val[nnz] = -1.0; nnz++; }
        col[nnz] = i; val[nnz] = 2.0; nnz++;
        if (i < N - 1) { col[nnz] = i + 1; val[nnz] = -1.0; nnz++; }
    }
    rowptr[N] = nnz;
    for (int k = 0; k < REPS; k++)
        for (int i = 0; i < N; i++) {
            double s = 0.0;
            for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
                s += val[p] * x[col[p]];
            y[i] = s;
        }
    printf("%f\n", y[0]);
    return 0;
}
"""


def _src(tmp_path, n, reps, name="lap.c", text=LAPLACIAN):
    path = tmp_path / name
    path.write_text(text.replace("NROWS", str(n)).replace("REPS", str(reps)))
    return str(path)


def _stat(result, cls, loc):
    return next(s for s in result.aau_totals() if s.cls == cls and s.loc == loc)


@pytest.mark.parametrize("n,reps", [(2, 1), (1000, 10), (4096, 3)])
def test_laplacian_spmv_by_hand(tmp_path, n, reps):
    r = predict([_src(tmp_path, n, reps)], "ipsc860", 1, [], interactive=False).result
    nnz = 3 * n - 2  # the 1-D Laplacian: 3 per row, 2 at the two edge rows
    # i loop: fixed + n (per_iter + s init + inner fixed + y store) + nnz (per_iter + body)
    sweep = FIXED + n * (PER_ITER + S_INIT + FIXED + Y_STORE) + nnz * (PER_ITER + BODY)
    spmv = _stat(r, "IterD", "lap.c:13-18")
    assert spmv.total == pytest.approx(FIXED + reps * (PER_ITER + sweep), rel=1e-12)
    body = _stat(r, "Seq", "lap.c:17")
    assert body.executions == pytest.approx(reps * nnz)


def test_exact_gives_the_same_figures(tmp_path):
    path = _src(tmp_path, 300, 4)
    fast = predict([path], "ipsc860", 1, [], interactive=False).result
    exact = predict([path], "ipsc860", 1, [], interactive=False, exact=True).result
    unrolled = predict([path], "ipsc860", 1, [], interactive=False, closed_forms=False).result
    assert exact.total == fast.total
    assert unrolled.total == pytest.approx(fast.total, rel=1e-12)
    assert _stat(unrolled, "Seq", "lap.c:17").executions == _stat(fast, "Seq", "lap.c:17").executions


# The inner body's cost depends on i (a branch on the row's parity): no telescoping; the sum is
# taken term by term and agrees with the unrolled interpretation.
ROW_DEPENDENT = LAPLACIAN.replace("s += val[p] * x[col[p]];", "{ if (i % 2) s += val[p]; else s -= x[col[p]]; }")


def test_a_body_that_depends_on_the_row_is_summed_term_by_term(tmp_path):
    path = _src(tmp_path, 200, 2, text=ROW_DEPENDENT)
    fast = predict([path], "ipsc860", 1, [], interactive=False).result
    unrolled = predict([path], "ipsc860", 1, [], interactive=False, closed_forms=False).result
    assert fast.total == pytest.approx(unrolled.total, rel=1e-12)


BANDED_HALF = r"""#include <stdio.h>
int rowptr[101]; double val[2000];
int main(void) {
    int nnz = 0;
    for (int i = 0; i < 100; i++) { rowptr[i] = nnz; nnz += i % 5 + 1; }
    rowptr[100] = nnz;
    double s = 0.0;
    for (int i = 20; i < 60; i += 2)
        for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
            s += val[p];
    printf("%f\n", s);
    return 0;
}
"""


def test_a_strided_outer_loop_does_not_telescope(tmp_path):
    # rows 20, 22, .., 58: rowptr[i + 1] - rowptr[i] does not cancel with rowptr[i + 2]; the
    # rows have i % 5 + 1 entries: 10 rows of 1, 3, 5 entries each (i % 5 = 0, 2, 4) and 10 of
    # 2, 4 (i % 5 = 1, 3) over i = 20..58 even -> i % 5 cycles 0, 2, 4, 1, 3: 4 times each
    # 1+3+5+2+4 = 15 -> 60 passes of the body
    path = tmp_path / "band.c"
    path.write_text(BANDED_HALF)
    fast = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    assert _stat(fast, "Seq", "band.c:10").executions == pytest.approx(60)
    unrolled = predict([str(path)], "ipsc860", 1, [], interactive=False, closed_forms=False).result
    assert fast.total == pytest.approx(unrolled.total, rel=1e-12)


UNKNOWN = r"""#include <stdio.h>
#include <stdlib.h>
int rowptr[1001]; double val[5000];
int main(void) {
    int n = 1000;
    SOURCE
    double s = 0.0;
    for (int i = 0; i < n; i++)
        for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
            s += val[p];
    printf("%f\n", s);
    return 0;
}
"""


@pytest.mark.parametrize("source", [
    "for (int i = 0; i <= n; i++) scanf(\"%d\", &rowptr[i]);",
    "fread(rowptr, sizeof(int), n + 1, stdin);",
    "rowptr[0] = 0; for (int i = 0; i < n; i++) rowptr[i + 1] = rowptr[i] + rand() % 5;",
])
def test_row_pointers_from_data_still_refuse(cli, tmp_path, source):
    path = tmp_path / "unknown.c"
    path.write_text(UNKNOWN.replace("SOURCE", source))
    r = cli("run", path, "--machine", "ipsc860")
    assert r.exit_code != 0
    assert "unknown.c:9" in r.output and "iters(N)" in r.output and "above line 9" in r.output
    assert "Traceback" not in r.output


DISTRIBUTED = r"""#include <stdio.h>
#include <mpi.h>
#define N 800
int rowptr[N + 1]; int col[3 * N]; double val[3 * N]; double x[N], y[N];
int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int m = N / size, lo = rank * m, nnz = 0;
    for (int r = 0; r < m; r++) {
        int i = lo + r;
        rowptr[r] = nnz;
        if (i > 0) { col[nnz] = i - 1; val[nnz] = -1.0; nnz++; }
        col[nnz] = i; val[nnz] = 2.0; nnz++;
        if (i < N - 1) { col[nnz] = i + 1; val[nnz] = -1.0; nnz++; }
    }
    rowptr[m] = nnz;
    for (int it = 0; it < 5; it++) {
        MPI_Allgather(y, m, MPI_DOUBLE, x, m, MPI_DOUBLE, MPI_COMM_WORLD);
        for (int r = 0; r < m; r++) {
            double s = 0.0;
            for (int p = rowptr[r]; p < rowptr[r + 1]; p++)
                s += val[p] * x[col[p]];
            y[r] = s;
        }
    }
    MPI_Finalize();
    return 0;
}
"""


def test_distributed_spmv_with_allgather(tmp_path):
    path = tmp_path / "dist.c"
    path.write_text(DISTRIBUTED)
    r = predict([str(path)], "ipsc860", 4, [], interactive=False).result
    m = 800 // 4
    # each rank sweeps its 200 rows five times; the first and last rank own an edge row
    sweep_edge = FIXED + m * (PER_ITER + S_INIT + FIXED + Y_STORE) + (3 * m - 1) * (PER_ITER + BODY)
    sweep_mid = FIXED + m * (PER_ITER + S_INIT + FIXED + Y_STORE) + 3 * m * (PER_ITER + BODY)
    body = _stat(r, "Seq", "dist.c:24")
    assert body.executions == pytest.approx(5 * (4 * 3 * m - 2))
    sweeps = _stat(r, "IterD", "dist.c:21-25")
    assert sweeps.total == pytest.approx(5 * (2 * sweep_edge + 2 * sweep_mid), rel=1e-12)
    assert r.total > sweeps.total / 4  # the allgathers cost time on top of the compute


def test_corpus_5point_benchmark_sweeps_by_hand():
    # tests/corpus/csr_spmv_5point_bench.c: 64 x 48 grid, 3072 rows; the 2-D 5-point matrix has
    # 5 entries a row less one for each grid edge a point lies on: nnz = 5*3072 - 2*64 - 2*48
    from pathlib import Path
    path = Path(__file__).parent / "corpus" / "csr_spmv_5point_bench.c"
    r = predict([str(path)], "ipsc860", 2, [], interactive=False).result
    n, nnz, reps = 3072, 5 * 3072 - 2 * 64 - 2 * 48, 10
    sweep = FIXED + n * (PER_ITER + S_INIT + FIXED + Y_STORE) + nnz * (PER_ITER + BODY)
    timed = _stat(r, "IterD", "csr_spmv_5point_bench.c:45-50")
    assert timed.total == pytest.approx(2 * (FIXED + reps * (PER_ITER + sweep)), rel=1e-12)
    assert _stat(r, "Seq", "csr_spmv_5point_bench.c:49").executions == pytest.approx(2 * reps * nnz)


def test_the_gathered_vector_is_costed_as_a_gather_on_a_roofline_machine(tmp_path):
    # tests/test_gather.py's calibrated roofline machine (with a double multiply like its add):
    # x[col[p]] reads x, 8 x 100,000 = 800,000 B, at random lines: L1 holds 32768/800000 =
    # 0.04096 of them, L1+L2 524288/800000 = 0.65536, main memory 0.34464: 0.04096 x 0.75 +
    # 0.6144 x 1 + 0.34464 x 20 = 7.53792 ns an access. The streams val[p] and col[p] (12 B at
    # 8 GB/s first touch = 1.5 ns) and the multiply-add (0.5 + 0.5 ns at throughput) overlap it,
    # and the loop overheads are 0 at throughput: 7.53792 ns a non-zero.
    from test_gather import _machine
    machine = tmp_path / "roof.yaml"
    machine.write_text(_machine().replace("double_add: 4 ns}", "double_add: 4 ns, double_mul: 4 ns}")
                       .replace("double_add: 0.5 ns,", "double_add: 0.5 ns, double_mul: 0.5 ns,"))
    r = predict([_src(tmp_path, 100000, 2)], str(machine), 1, [], interactive=False)
    body = _stat(r.result, "Seq", "lap.c:17")
    assert body.executions == pytest.approx(2 * (3 * 100000 - 2))
    assert body.total / body.executions == pytest.approx(7.53792e-9)
    assert any("lap.c:16-17: x[...] read random lines of 800000 bytes" in n for n in r.result.notes), r.result.notes


def test_the_fill_loop_is_a_closed_form(tmp_path):
    # rowptr[i] = nnz with nnz++ under i > 0 and i < N - 1: IterD, its elements from closed forms
    # (aag/fill.py): row i starts at 3i - 1 (i >= 1; 0 for i = 0), and the loop's time is the
    # interpreted loop's (test_exact_gives_the_same_figures compares the whole program)
    from frontends.aag import Iter
    from interp.pipeline import load_program
    aag = load_program(_src(tmp_path, 1000, 1))
    fill = next(a for a in aag.functions["main"].body if isinstance(a, Iter) and a.fills)
    assert fill.cls == "IterD" and [f[0] for f in fill.fills] == ["rowptr"]
    from frontends.aag.fill import K
    _, index, value = fill.fills[0]
    for k in (0, 1, 2, 500, 999):
        assert index.xreplace({K: k}) == k
        assert value.xreplace({K: k, S.var("nnz"): 0}) == (0 if k == 0 else 3 * k - 1)


@pytest.mark.parametrize("interpreted", [False, True])
def test_more_followed_elements_than_the_bound_refuse(cli, tmp_path, monkeypatch, interpreted):
    # the fill loop in closed form (engine/fills.py) and interpreted (values.store_element: a
    # break on nnz makes it no closed form) keep at most MAX_FOLLOWED elements of an array; here
    # 100, for a 1000-row matrix
    import interp.engine.fills as fills
    import interp.engine.values as values
    monkeypatch.setattr(fills, "MAX_FOLLOWED", 100)
    monkeypatch.setattr(values, "MAX_FOLLOWED", 100)
    text = LAPLACIAN.replace("nnz++; }\n    }", "nnz++; }\n        if (nnz < 0) break;\n    }") \
        if interpreted else LAPLACIAN
    assert text != LAPLACIAN or not interpreted
    r = cli("run", _src(tmp_path, 1000, 1, text=text), "--machine", "ipsc860")
    assert r.exit_code != 0 and "Traceback" not in r.output
    assert "interp follows at most 100 elements of an array" in r.output
    assert "lap.c:" in r.output and "'#pragma interp iters(N)'" in r.output


SAVED_COUNTER = r"""#include <stdio.h>
int rowptr[101]; double v[1000];
int main(void) {
    int nnz = 0, start;
    for (int i = 0; i < 100; i++) { start = nnz; nnz += 2; rowptr[i] = start; }
    rowptr[100] = nnz;
    double s = 0;
    for (int i = 0; i < 100; i++)
        for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
            s += v[p];
    printf("%f\n", s);
    return 0;
}
"""


def test_a_counter_saved_before_its_increment_is_interpreted(tmp_path):
    # start = nnz reads the counter before this row's increment: no closed form (aag/fill.py
    # refuses the shape), the fill loop is interpreted; 100 rows of 2 entries: 200 passes
    path = tmp_path / "saved.c"
    path.write_text(SAVED_COUNTER)
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    assert _stat(r, "IterND", "saved.c:5").executions == 1
    assert _stat(r, "Seq", "saved.c:10").executions == pytest.approx(200)
