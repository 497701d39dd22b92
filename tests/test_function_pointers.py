"""Calls through function pointers that may hold several of the program's functions
(frontends/c/fnhandles.py, frontends/c/dispatch.py, interp/engine/dispatch.py; docs/model.md,
"Calls through a function pointer").

Expected values, by hand: a call through a pointer costs what the direct call of the function the
pointer holds costs (an indirect call is modelled as the direct one), so each program here predicts
exactly (rel 1e-9) what the same program predicts with the call written directly - per rank where
the function the pointer holds differs between ranks. Until 2026-12-02 every one of them was
refused ("call through function pointer f is not modelled") or, for qsort through a pointer,
costed the whole sort as the machine's per-call lib.qsort (none on ipsc860: 0).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from interp.errors import InputError
from interp.pipeline import predict

CORPUS = Path(__file__).resolve().parent / "corpus"


def _run(tmp_path, text, name, procs=1, defines=()):
    path = tmp_path / name
    path.write_text(text)
    return predict([str(path)], "ipsc860", procs, list(defines), interactive=False).result


def _same(a, b, ranks=None):
    """Result a's ranks (all, or {rank of a: rank of b}) compute and end as b's."""
    ranks = ranks or {k: k for k in range(len(a.procs))}
    for ra, rb in ranks.items():
        assert a.procs[ra].comp == pytest.approx(b.procs[rb].comp, rel=1e-9, abs=0), (ra, rb)
        assert a.procs[ra].end == pytest.approx(b.procs[rb].end, rel=1e-9, abs=0), (ra, rb)


# -- (a) the integration routine called with two integrands ------------------------------------

def _trap_direct(text: str) -> str:
    """trap_fnptr_reduce.c with trap() written once per integrand, calling it directly."""
    start, end = text.index("/* the trapezoidal rule"), text.index("int main")
    trap = text[start:end]
    copies = "".join(trap.replace("trap(", f"trap_{fn}(").replace("f(", f"{fn}(").replace(f"(*{fn})", "(*f)")
                     for fn in ("parabola", "cubic"))
    text = text[:start] + copies + text[end:]
    for fn in ("parabola", "cubic"):
        text = text.replace(f"trap(local_a, local_b, local_n, h, {fn})", f"trap_{fn}(local_a, local_b, local_n, h, {fn})")
    return text


def test_an_integrand_passed_as_a_pointer_is_the_integrands_call(tmp_path):
    # The corpus's MPI-course trapezoidal rule: trap(a, b, n, h, f) called with parabola, then
    # with cubic, each sum sent to rank 0 by MPI_Reduce (tests/corpus/manifest.yaml derives the
    # 817.1 us by hand). The same program with trap written twice, calling each integrand directly.
    text = (CORPUS / "trap_fnptr_reduce.c").read_text()
    through, direct = _run(tmp_path, text, "a.c", 4), _run(tmp_path, _trap_direct(text), "b.c", 4)
    _same(through, direct)
    assert through.total == pytest.approx(817.1e-6, rel=1e-3)


PASSED_ON = r"""#include <mpi.h>
static double parabola(double x) { return x * x; }
static double cubic(double x) { return x * x * x; }
static double trap(double a, double b, int n, double (*f)(double))
{
    double h = (b - a) / n, s = 0.0;
    for (int i = 0; i < n; i++)
        s += CALL(a + i * h);
    return s * h;
}
static double integrate(double (*g)(double), int n) { return trap(0.0, 1.0, n, g); }
int main(int argc, char **argv)
{
    int rank;
    double local, total;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    local = integrate(rank % 2 ? cubic : parabola, 500);
    MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
"""


def test_a_pointer_chosen_on_the_rank_and_passed_on_is_followed_per_rank(tmp_path):
    # integrate(rank % 2 ? cubic : parabola) passes the pointer on to trap(): even ranks
    # integrate parabola, odd ranks cubic. Each rank computes what it computes in the program
    # that calls that integrand directly in trap (the choice is still made and passed, unused).
    through = _run(tmp_path, PASSED_ON.replace("CALL", "f"), "a.c", 2)
    by_parabola = _run(tmp_path, PASSED_ON.replace("CALL", "parabola"), "b.c", 2)
    by_cubic = _run(tmp_path, PASSED_ON.replace("CALL", "cubic"), "c.c", 2)
    assert through.procs[0].comp == pytest.approx(by_parabola.procs[0].comp, rel=1e-9)
    assert through.procs[1].comp == pytest.approx(by_cubic.procs[1].comp, rel=1e-9)
    # 500 calls of cubic cost 500 x (x * x * x: a fetch and a real_mul, mid 2.5 clk, more than
    # x * x) = 500 x 3.5 clk more than parabola's; rank 0 adds the two sums in MPI_Reduce (1 clk)
    assert through.procs[1].comp - through.procs[0].comp == pytest.approx((500 * 3.5 - 1) * 25e-9, rel=1e-9)


# -- (b) a local pointer: assigned, reassigned, chosen on a known value -------------------------

OPS = r"""#include <mpi.h>
int mode;
#pragma interp input mode = 1
static double add(double x, double y) { return x + y; }
static double mul(double x, double y) { double r = x; for (int k = 0; k < 3; k++) r = r * y; return r; }
int main(int argc, char **argv)
{
    int rank, i;
    double acc = 0.0;
    double (*op)(double, double) = add;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (i = 0; i < 100; i++) acc = FIRST(acc, 1.0);
    op = mul;
    for (i = 0; i < 100; i++) acc = SECOND(acc, 1.0);
    op = (mode == 1) ? add : mul;
    for (i = 0; i < 500; i++) acc = CHOSEN(acc, 0.5);
    double (*per_rank)(double, double) = (rank % 2) ? mul : add;
    for (i = 0; i < 300; i++) acc = PER_RANK(acc, 1.5);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return acc > 0.0 ? 0 : 1;
}
"""


def _ops(first="op", second="op", chosen="op", per_rank="per_rank"):
    return OPS.replace("FIRST", first).replace("SECOND", second).replace("CHOSEN", chosen) \
        .replace("PER_RANK", per_rank)


@pytest.mark.parametrize("mode, chosen", [(1, "add"), (2, "mul")])
def test_a_local_pointer_follows_its_assignments_and_a_branch_on_an_input(tmp_path, mode, chosen):
    # op = add, then op = mul, then op = (mode == 1) ? add : mul; per_rank = rank % 2 ? mul : add.
    # Rank 0 calls what the program with add / mul / the chosen one / add written directly calls,
    # rank 1 what the one with mul written for per_rank calls.
    d = [f"mode={mode}"]
    through = _run(tmp_path, _ops(), "a.c", 2, d)
    even = _run(tmp_path, _ops("add", "mul", chosen, "add"), "b.c", 2, d)
    odd = _run(tmp_path, _ops("add", "mul", chosen, "mul"), "c.c", 2, d)
    assert through.procs[0].comp == pytest.approx(even.procs[0].comp, rel=1e-9)
    assert through.procs[1].comp == pytest.approx(odd.procs[1].comp, rel=1e-9)
    assert through.total == pytest.approx(odd.total, rel=1e-9)  # rank 1 is last at the barrier


# -- (c) a table of kernels, a struct member ---------------------------------------------------

KERNELS = r"""#include <mpi.h>
#define N 256
int which;
#pragma interp input which = 1
typedef void (*kernel_t)(double *, int);
struct solver { int steps; double (*apply)(double); };
static void scale(double *u, int n) { for (int i = 0; i < n; i++) u[i] = 2.0 * u[i]; }
static void shift(double *u, int n) { for (int i = 1; i < n; i++) u[i] = u[i - 1]; }
static void smooth(double *u, int n) { for (int i = 1; i < n - 1; i++) u[i] = 0.25 * (u[i - 1] + 2.0 * u[i] + u[i + 1]); }
static kernel_t kernels[3] = { scale, shift, smooth };
static double relax(double x) { return 0.5 * x; }
static double damp(double x) { return 0.5 * x + 0.25 * x * x; }
int main(int argc, char **argv)
{
    int rank, k;
    double u[N], x = 1.0;
    struct solver s = { .steps = 10, .apply = relax };
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (k = 0; k < N; k++) u[k] = k;
    for (k = 0; k < 20; k++)
        BY_INPUT(u, N);
    BY_RANK(u, N);
    for (k = 0; k < s.steps; k++) x = FIRST(x);
    s.apply = damp;
    for (k = 0; k < s.steps; k++) x = SECOND(x);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return x > u[0];
}
"""


def _kernels(by_input="kernels[which]", by_rank="kernels[rank % 3]", first="s.apply", second="s.apply"):
    return KERNELS.replace("BY_INPUT", by_input).replace("BY_RANK", by_rank).replace("FIRST", first) \
        .replace("SECOND", second)


@pytest.mark.parametrize("which", [0, 1, 2])
def test_a_table_of_kernels_and_a_struct_member_are_followed(tmp_path, which):
    # kernels[which](u, N) 20 times; kernels[rank % 3](u, N) once; s.apply(x) holding relax, then
    # damp. Rank r computes what the program calling kernels `which` and `r % 3`, relax and damp
    # by name computes.
    names = ("scale", "shift", "smooth")
    d = [f"which={which}"]
    through = _run(tmp_path, _kernels(), "a.c", 3, d)
    for rank in range(3):
        direct = _run(tmp_path, _kernels(names[which], names[rank], "relax", "damp"), f"d{rank}.c", 3, d)
        assert through.procs[rank].comp == pytest.approx(direct.procs[rank].comp, rel=1e-9), rank


# -- (d) qsort with a comparator passed as a pointer -------------------------------------------

SORT = r"""#include <stdlib.h>
int dir;
#pragma interp input dir = 0
static int up(const void *a, const void *b) { int x = *(const int *) a, y = *(const int *) b; return (x > y) - (x < y); }
static int down(const void *a, const void *b) { return up(b, a); }
static void sort_ints(int *v, int n, int (*cmp)(const void *, const void *)) { qsort(v, n, sizeof(int), CMP); }
int main(void)
{
    int v[1000];
    int (*fixed)(const void *, const void *) = up;
    for (int i = 0; i < 1000; i++) v[i] = (i * 7919) % 1000;
    sort_ints(v, 1000, dir ? down : up);
    qsort(v, 1000, sizeof(int), FIXED);
    return v[0];
}
"""


@pytest.mark.parametrize("dir_, cmp", [(0, "up"), (1, "down")])
def test_qsort_through_a_pointer_sorts_with_the_function_it_holds(tmp_path, dir_, cmp):
    # A wrapper passes its comparator parameter on to qsort, and main passes a local that only
    # ever holds up: both are costed as the merge sort of the function they hold (docs/model.md,
    # "qsort"), exactly as qsort(v, n, sizeof(int), up / down) written directly.
    d = [f"dir={dir_}"]
    through = _run(tmp_path, SORT.replace("CMP", "cmp").replace("FIXED", "fixed"), "a.c", 1, d)
    direct = _run(tmp_path, SORT.replace("CMP", cmp).replace("FIXED", "up"), "b.c", 1, d)
    _same(through, direct)


# -- what cannot be followed: refused, with the annotation that states the call's time ----------

FROM_DATA = r"""#include <stdlib.h>
static double add(double x, double y) { return x + y; }
static double mul(double x, double y) { return x * y; }
typedef double (*op_t)(double, double);
int main(void)
{
    op_t table[2] = { add, mul };
    op_t op = table[rand() % 2];
    COST
    double r = CALL;
    return r > 0.0;
}
"""


def test_a_pointer_from_data_is_refused_at_its_line_and_the_cost_annotation_replaces_it(tmp_path):
    text = FROM_DATA.replace("COST", "").replace("CALL", "op(1.0, 2.0)")
    with pytest.raises(InputError) as e:
        _run(tmp_path, text, "a.c")
    assert "a.c:10: the callee of the call through pointer op is not known" in str(e.value)
    assert "'#pragma interp cost(EXPR)' above line 10" in str(e.value)
    # The annotation the message names: the statement costs what it states, as any statement would
    annotated = _run(tmp_path, FROM_DATA.replace("COST", "#pragma interp cost(1 us)").replace("CALL", "op(1.0, 2.0)"), "b.c")
    constant = _run(tmp_path, FROM_DATA.replace("COST", "#pragma interp cost(1 us)").replace("CALL", "3.0"), "c.c")
    assert annotated.total == pytest.approx(constant.total, rel=1e-12)


@pytest.mark.parametrize("program, line, fragment", [
    # a library function: nothing of the program is ever given to a pointer
    ("#include <math.h>\ntypedef double (*fn_t)(double);\nint main(void)\n{\n    fn_t g = sin;\n"
     "    double r = 0.0;\n    for (int i = 0; i < 10; i++)\n        r += g(i * 0.1);\n    return r > 0.0;\n}\n",
     8, "no function of the program taking 1 argument(s) is ever given to a pointer"),
    # qsort's comparator picked from a table by rand()
    (SORT.replace("CMP", "cmp").replace("FIXED", "(rand() % 2 ? up : down)"), 13, "the parse has no value for it"),
])
def test_an_unknown_callee_is_refused_at_its_line(tmp_path, program, line, fragment):
    with pytest.raises(InputError) as e:
        _run(tmp_path, program, "a.c")
    assert f"a.c:{line}: the callee of the call through pointer" in str(e.value), str(e.value)
    assert fragment in str(e.value) and f"'#pragma interp cost(EXPR)' above line {line}" in str(e.value)


RUN_TIME = r"""#include <stdlib.h>
static double add(double x, double y) { return x + y; }
static double mul(double x, double y) { return x * y; }
typedef double (*op_t)(double, double);
static op_t table[2] = { add, mul };
int main(void)
{
    double v[8], r = 0.0;
    int k = 0;
    for (int i = 0; i < 8; i++) v[i] = rand() / (double) RAND_MAX;
    for (int i = 0; i < 8; i++)
        if (v[i] > 0.5) k++;
    op_t op = table[k % 2];
    for (int i = 0; i < 10; i++)
        r = op(r, 2.0);
    return r > 0.0;
}
"""


def test_a_callee_unknown_at_run_time_is_refused_with_the_annotation(tmp_path):
    # k counts data (the engine weighs the branch): op's value is not known on the process
    with pytest.raises(InputError) as e:
        _run(tmp_path, RUN_TIME, "a.c")
    msg = str(e.value)
    assert "a.c:15: the callee of the call through a pointer depends on 'op'" in msg, msg
    assert "interp cannot tell which function runs" in msg and "'#pragma interp cost(EXPR)' above line 15" in msg


def test_a_null_pointer_called_is_an_error(tmp_path):
    text = ("static double half(double x) { return 0.5 * x; }\nstatic double twice(double x) { return 2.0 * x; }\n"
            "static double (*hook)(double) = 0;\nint main(void)\n{\n    double r = 1.0;\n    r = hook(r);\n"
            "    hook = half;\n    r = hook(r);\n    hook = twice;\n    return r > 0.0;\n}\n")
    with pytest.raises(InputError, match=r"a.c:7: the call through pointer hook on rank 0 reaches none of the "
                                         r"program's functions it may call \(half\(\), twice\(\)\)"):
        _run(tmp_path, text, "a.c")


def test_a_struct_holding_a_function_pointer_keeps_its_size(tmp_path):
    # The handle that stands for a pointer is a long: sizeof(solver_t) stays 16 (LP64), so the
    # message of sizeof(solver_t) bytes takes as long as one of a struct of two 8-byte members.
    src = """
#include <mpi.h>
typedef double (*fn_t)(double);
typedef struct { MEMBER; int tag; } solver_t;
static double sq(double x) { return x * x; }
static double cube(double x) { return x * x * x; }
int main(int argc, char **argv) {
    int rank; solver_t s; double y = 0;
    MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    CALL;
    if (rank == 0) MPI_Send(&s, sizeof(solver_t), MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    else if (rank == 1) MPI_Recv(&s, sizeof(s), MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize(); return (int) y & 0;
}
"""
    def send(member, call):
        c = tmp_path / "s.c"
        c.write_text(src.replace("MEMBER", member).replace("CALL", call))
        r = predict([str(c)], "ipsc860", 2, []).result
        return next(a for a in r.aau_totals() if a.label.startswith("MPI_Send")).total

    through = send("fn_t apply", "s.apply = (rank % 2) ? sq : cube; y = s.apply(3.0)")
    plain = send("double *p", "y = 3.0")
    assert through == pytest.approx(plain, rel=1e-12)
