"""Level-1 parse of C (paper 3.3.2): AAU classes, op counts, Table 4 parameters, critical variables,
external inputs, annotations, and what cannot be modelled."""
import pytest
import sympy

from frontends.aag import symexpr as S
from frontends.c.level1 import level1
from frontends.c.cparse import parse_c
from frontends.errors import FrontendError


def build(tmp_path, source, name="p.c", **kw):
    path = tmp_path / name
    path.write_text(source)
    return level1(parse_c(str(path)), **kw)


def classes(body):
    return [a.cls for a in body]


def test_seq_operation_counts_by_hand(tmp_path):
    aag = build(tmp_path, """
int main(void)
{
    int i = 3;
    double a = 2.0, b;
    float c = 1.5f;
    b = a * i + c / a;
    return 0;
}
""")
    seq = aag.main.body[1]
    assert seq.cls == "Seq" and (seq.loc.first, seq.loc.last) == (4, 8)
    # stores: i, a, c, b; fetches: a, i, c, a
    assert seq.counts.store == 4 and seq.counts.fetch == 4
    # a*i: double mul + int->real; c/a: double div (float promoted); +: double add
    assert seq.counts.ops == {"double_mul": 1, "int_to_real": 1, "double_div": 1, "double_add": 1}
    assert seq.control == "return"


def test_statement_granularity(tmp_path):
    src = "int main(void)\n{\n    int a = 1;\n    int b = 2;\n    a = a + b;\n    return a;\n}\n"
    assert classes(build(tmp_path, src).main.body) == ["Start", "Seq", "End"]
    fine = build(tmp_path, src, granularity="statement").main.body
    assert classes(fine) == ["Start", "Seq", "Seq", "Seq", "Seq", "End"]


def test_loop_classes_and_table4_parameters(tmp_path):
    aag = build(tmp_path, """#include <mpi.h>
int main(int argc, char **argv)
{
    int rank, size, i, n = 100;
    double x = 0.0, y = 1.0, buf[10];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (i = rank; i < n; i += size)
        x = x + 1.0;
    for (i = 0; i < 4; i++)
        MPI_Send(buf, 10, MPI_DOUBLE, (rank + 1) % size, 7, MPI_COMM_WORLD);
    while (buf[i % 10] > 0.5)
        y = y / 2;
    MPI_Finalize();
    return 0;
}
""")
    loops = [a for a in aag.main.body if a.cls.startswith("Iter")]
    assert [l.cls for l in loops] == ["IterD", "IterSync", "IterND"]
    d = loops[0]
    rank, size = S.var("rank"), S.var("size")
    assert d.var == "i" and d.lo == rank and d.step == size and d.limit_type == "step"
    assert sympy.simplify(d.num_iters - sympy.Max(0, sympy.ceiling((S.var("n") - rank) / size))) == 0
    send = loops[1].body[0]
    assert send.cls == "Comm" and send.op == "send" and send.size == 80 and send.tag == 7
    assert send.partner == S.CMod(rank + 1, size)
    assert loops[1].limit_type == "nostep" and loops[1].num_iters == 4
    assert any(p.kind == "missing-iters" and p.line == 13 for p in aag.problems)


def test_critical_variables_and_inputs(tmp_path):
    aag = build(tmp_path, """#include <stdlib.h>
#include "nx.h"
int main(int argc, char *argv[])
{
    long n = atoi(argv[1]);
    long me = mynode(), p = numnodes();
    long chunk = n / p;
    double s = 0.0;
    long i;
    for (i = 0; i < chunk; i++)
        s = s + i;
    csend(1, (char *) &s, sizeof(s), 0, 0);
    return 0;
}
""")
    assert set(aag.critical) >= {"n", "p", "chunk", "i"}
    assert "s" not in aag.critical  # a buffer value, not control
    assert aag.inputs["n"].how == "argv" and aag.inputs["n"].line == 5 and aag.inputs["n"].critical
    seq = aag.main.body[1]
    assert ("chunk", S.CDiv(S.var("n"), S.var("p"))) in seq.defs
    assert ("n", sympy.Symbol("input:n", real=True)) in seq.defs


def test_annotations(tmp_path):
    aag = build(tmp_path, """#include <stdlib.h>
double solve(double *x);
int main(void)
{
    double err = 1.0, x[10];
    int k;
#pragma interp input N = 1000
#pragma interp region setup
#pragma interp work(flops=2*N*N, loads=N)
    solve(x);
#pragma interp end region
#pragma interp iters(25)
    while (err > 1e-6)
        err = err * 0.5;
#pragma interp prob(0.3)
    if (err > x[0])
        k = 1;
    return 0;
}
""")
    assert aag.inputs["N"].default == 1000 and aag.inputs["N"].how == "annotation"
    seq = next(a for a in aag.main.body if a.cls == "Seq" and a.work is not None)
    assert seq.region == "setup" and seq.work["flops"] == 2 * S.var("N") ** 2
    loop = next(a for a in aag.main.body if a.cls.startswith("Iter"))
    assert loop.cls == "IterD" and loop.num_iters == 25
    cond = next(a for a in aag.main.body if a.cls == "CondtD")
    assert cond.branches[0].data_dependent and cond.branches[0].prob == 0.3
    assert aag.regions["setup"].first == 8 and aag.regions["setup"].last == 11
    assert not [p for p in aag.problems if p.kind == "unmodelled-call"]  # solve() is annotated


@pytest.mark.parametrize("pragma,fragment", [
    ("#pragma interp frobnicate", "unknown annotation"),
    ("#pragma interp iters(2 +)", "malformed"),
    ("#pragma interp prob(1.5)", "between 0 and 1"),
    ("#pragma interp cost(__import__('os'))", "not allowed"),
    ("#pragma interp end region", "without a matching region"),
])
def test_bad_annotations_are_errors_with_line(tmp_path, pragma, fragment):
    src = f"int main(void)\n{{\n    int a = 0;\n{pragma}\n    a = a + 1;\n    return a;\n}}\n"
    with pytest.raises(FrontendError, match=fragment) as info:
        build(tmp_path, src)
    assert info.value.line == 4


def test_unmodelled_and_unsupported_are_reported(tmp_path):
    aag = build(tmp_path, """#include <stdio.h>
static int depth(int n) { return n <= 0 ? 0 : 1 + depth(n - 1); }
int main(void)
{
    int (*fp)(int) = depth;
    int x = 0;
    mystery(x);
    x = fp(3);
again:
    x++;
    if (x < 3) goto again;
    x = depth(4);
#pragma omp parallel for
    for (x = 0; x < 3; x++) ;
    return 0;
}
""")
    kinds = {(p.kind, p.line) for p in aag.problems}
    assert ("unmodelled-call", 7) in kinds
    assert ("unsupported", 8) in kinds          # call through a function pointer
    assert ("unsupported", 9) in kinds          # label
    assert ("unsupported", 11) in kinds         # goto
    assert ("ignored-pragma", 13) in kinds      # an OpenMP pragma is reported, not silently dropped
    assert any(k == "unsupported" and "recursive" in p.message for p in aag.problems for k in [p.kind])


def test_ordinary_scientific_c(tmp_path):
    """structs, typedefs, pointers, malloc, 1-D arrays as 2-D, compound ops, ternaries, do-while,
    switch, break/continue, early return, static and global variables, several functions."""
    aag = build(tmp_path, """#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
#define IDX(i, j, n) ((i) * (n) + (j))
typedef struct { int n; double *v; } vec_t;
static int calls = 0;
int limit = 8;
static double norm(const vec_t *v) {
    double s = 0.0;
    for (int i = 0; i < v->n; i++) s += v->v[i] * v->v[i];
    return sqrt(s);
}
static int clamp(int x) { if (x < 0) return 0; return x > limit ? limit : x; }
int main(void)
{
    int n = 16, k = 0;
    double *a = malloc(n * n * sizeof(double));
    vec_t v = { n, a };
    srand((unsigned) time(NULL));
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            a[IDX(i, j, n)] = rand() / (double) RAND_MAX;
    do { k++; } while (k < clamp(5));
    switch (k % 3) {
    case 0: k += 2; break;
    case 1: k -= 1;
    default: k *= 2;
    }
    for (int i = 0; i < n; i++) {
        if (i == 3) continue;
        if (i == 10) break;
        calls++;
    }
    printf("%f %d\\n", norm(&v), k);
    free(a);
    return 0;
}
""")
    assert not [p for p in aag.problems if p.kind in ("unsupported", "unmodelled-call")]
    assert "norm" in aag.functions and "clamp" in aag.functions
    nest = next(a for a in aag.main.body if a.cls == "IterD")
    inner_seq = nest.body[0].body[0]
    assert inner_seq.counts.calls == {"lib.rand": 1}
    sw = next(a for a in aag.main.body if a.cls == "CondtD" and a.loc.first == 26)
    assert len(sw.branches) == 3  # case 0, case 1 (falls through into default), default
    assert [b.body[-1].counts.ops for b in sw.branches][1] == {"int_add": 1, "int_mul_pow2": 1}  # k *= 2: a shift


def test_access_stride_per_iteration_uses_the_loop_step(tmp_path):
    aag = build(tmp_path, """
int main(void)
{
    int i, n = 100;
    double a[300], s = 0.0;
    for (i = 0; i < n; i += 2)
        s = s + a[i];
    for (i = 0; i < n; i++)
        s = s + a[3 * i];
    return 0;
}
""")
    strides = [[x.stride for x in a.accesses if x.is_array] for a in aag.walk() if a.cls == "Seq" and a.accesses]
    assert [s for s in strides if s] == [[2], [3]]


def test_timer_calls_are_library_calls(tmp_path):
    """clock_gettime, gettimeofday, time and clock are costed by lib.NAME (interp calibrate measures
    them), not reported as unmodelled."""
    aag = build(tmp_path, """#include <time.h>
#include <sys/time.h>
int main(void)
{
    struct timespec ts;
    struct timeval tv;
    long s = 0;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    gettimeofday(&tv, 0);
    s = ts.tv_nsec + tv.tv_usec + (long) time(0) + (long) clock();
    return (int) s;
}
""")
    assert not [p for p in aag.problems if p.kind == "unmodelled-call"]
    calls = {}
    for a in aag.main.body:
        if a.cls == "Seq":
            for name, n in a.counts.calls.items():
                calls[name] = calls.get(name, 0) + n
    assert calls == {"lib.clock_gettime": 1, "lib.gettimeofday": 1, "lib.time": 1, "lib.clock": 1}
