"""A loop whose body is a straight-line recurrence is run to its end at once
(interp/engine/recurrence.py): its figures are the interpretation's, iteration by iteration."""
import pytest

from interp.engine.recurrence import RecurrenceRun
from interp.pipeline import predict

MANDEL = r"""#include <stdio.h>
int main(void) {
    int w = 24, h = 16, maxiter = 200;
    long total = 0;
    for (int row = 0; row < h; row++)
        for (int col = 0; col < w; col++) {
            double cr = -2.0 + 3.0 * col / w, ci = -1.5 + 3.0 * row / h;
            double x = 0.0, y = 0.0;
            int it = 0;
            while (x * x + y * y < 4.0 && it < maxiter) {
                double t = x * x - y * y + cr;
                y = 2.0 * x * y + ci;
                x = t;
                it++;
            }
            total += it;
        }
    printf("%ld\n", total);
    return 0;
}
"""

NEWTON = r"""#include <stdio.h>
#include <math.h>
int main(void) {
    double a = 2.0, x = 1.0;
    while (fabs(x * x - a) > 1e-12)
        x = 0.5 * (x + a / x);
    printf("%f\n", x);
    return 0;
}
"""


def _passes(w, h, maxiter):
    """Each pixel's passes, computed as C computes them (doubles, the same order)."""
    out = []
    for row in range(h):
        for col in range(w):
            cr, ci = -2.0 + 3.0 * col / w, -1.5 + 3.0 * row / h
            x = y = 0.0
            it = 0
            while x * x + y * y < 4.0 and it < maxiter:
                x, y = x * x - y * y + cr, 2.0 * x * y + ci
                it += 1
            out.append(it)
    return out


def _escape_iterations(w, h, maxiter):
    return sum(_passes(w, h, maxiter))


def _short(w, h, maxiter):
    """Pixels whose loop leaves after fewer than 2 passes."""
    return sum(1 for it in _passes(w, h, maxiter) if it < 2)


def _stats(result):
    return {(s.cls, s.loc): s for s in result.aau_totals()}


@pytest.mark.parametrize("source,name,runs", [(MANDEL, "mandel.c", 24 * 16), (NEWTON, "newton.c", 1)])
def test_the_run_gives_the_interpretations_figures(tmp_path, monkeypatch, source, name, runs):
    path = tmp_path / name
    path.write_text(source)
    taken = []
    run = RecurrenceRun.recurrence_run
    monkeypatch.setattr(RecurrenceRun, "recurrence_run", lambda self, a, n: taken.append(run(self, a, n)) or taken[-1])
    for machine in ("ipsc860", "sp2"):
        taken.clear()
        fast = predict([str(path)], machine, 1, [], interactive=False).result
        # every pixel's loop of 2 passes or more was run at once (the others are interpreted)
        assert len([k for k in taken if k >= 2]) == runs - (name == "mandel.c") * _short(24, 16, 200)
        slow = predict([str(path)], machine, 1, [], interactive=False, closed_forms=False).result
        assert fast.total == pytest.approx(slow.total, rel=1e-12)
        a, b = _stats(fast), _stats(slow)
        assert a.keys() == b.keys()
        for key in a:
            assert a[key].executions == b[key].executions, key
            assert a[key].total == pytest.approx(b[key].total, rel=1e-9, abs=1e-15), key
            assert a[key].min == pytest.approx(b[key].min, rel=1e-9, abs=1e-15), key
            assert a[key].max == pytest.approx(b[key].max, rel=1e-9, abs=1e-15), key


def test_every_pixels_passes_are_counted(tmp_path):
    path = tmp_path / "mandel.c"
    path.write_text(MANDEL)
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    body = next(s for s in r.aau_totals() if s.cls == "Seq" and s.loc.endswith(":11-14"))
    assert body.executions == _escape_iterations(24, 16, 200)


def test_newton_takes_five_steps(tmp_path):
    # x: 1, 1.5, 1.41667, 1.414215686, 1.41421356237469 (x^2 - 2 = 4.5e-12), 1.414213562373095
    path = tmp_path / "newton.c"
    path.write_text(NEWTON)
    r = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    step = next(s for s in r.aau_totals() if s.cls == "Seq" and s.loc.endswith(":6"))
    assert step.executions == 5


CHAINED = r"""#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    int w, h;
    w = h = atoi(argv[1]);
    double s = 0.0;
    for (int i = 0; i < w; i++)
        s += i;
    printf("%f %d\n", s, h);
    return 0;
}
"""


def test_a_chained_assignment_gives_both_names_the_value(tmp_path):
    # w = h = atoi(argv[1]): the input is h, and w has its value (the loop runs h times)
    path = tmp_path / "chained.c"
    path.write_text(CHAINED)
    r = predict([str(path)], "ipsc860", 1, ["h=37"], interactive=False).result
    body = next(s for s in r.aau_totals() if s.cls == "Seq" and s.loc.endswith(":8"))
    assert body.executions == 37


ROOFLINE = """
name: chain test machine
sag:
  id: R
  processing: compound
  children:
    - id: N
      role: compute
      count: 1
      processing:
        clock: 1 GHz
        model: roofline
        ops: {int_add: 1 ns, int_mul: 3 ns, int_div: 20 ns, double_add: 4 ns, double_mul: 5 ns, double_div: 20 ns}
        throughput: {int_add: 0.25 ns, double_add: 0.5 ns, double_mul: 0.5 ns, per_iter: 0 ns, fixed: 0 ns}
        iter: {fixed: 7 ns, per_iter: 10 ns}
        cond: {per_condition: 0 ns, branch_taken: 0 ns}
      memory:
        cache: {size: 1 MiB, block: 64 B}
        fetch: 1 ns
        store: 1 ns
"""


def test_the_carried_chain_by_hand(tmp_path):
    # t = x*x - y*y + cr: a mul, then two adds (a balanced tree of three terms): 5 + 2 x 4 = 13 ns;
    # y = 2*x*y + ci: two muls and an add: 14 ns; x = t: 13 ns; it = it + 1: 1 ns (int). The
    # cycles from last pass's values to this pass's: y -> y 14 ns, x -> x 13 ns, it -> it 1 ns;
    # the floor is the longest, 14 ns, carried by y
    from frontends.aag import Iter
    from interp.models.overlap import carried_chain
    from interp.pipeline import load_programs
    path = tmp_path / "mandel.c"
    path.write_text(MANDEL)
    loop = next(x for a in load_programs([str(path)])[0].functions["main"].body for x in a.walk()
                if isinstance(x, Iter) and x.var is None)
    float_ops = {"add": 4e-9, "mul": 5e-9, "div": 20e-9}
    assert carried_chain(loop, {"int": {"add": 1e-9, "mul": 3e-9, "div": 20e-9}, "float": float_ops}) \
        == (pytest.approx(14e-9), ["y"])


def test_an_integer_doubling_is_a_shift_in_the_chain(tmp_path):
    # while (2 * step < n) step *= 2: the chain is step -> 2*step, a shift or an lea (gcc -O2),
    # the int add's 1 ns, not the int multiply's 3 ns; step = 3*step is a multiply, 3 ns. In
    # floating point a factor of two stays a multiply (y = 2*x*y above: two muls).
    from frontends.aag import Iter
    from interp.models.overlap import carried_chain
    from interp.pipeline import load_programs
    lat = {"int": {"add": 1e-9, "mul": 3e-9, "div": 20e-9}, "float": {"add": 4e-9, "mul": 5e-9, "div": 20e-9}}
    for factor, chain in (("2", 1e-9), ("3", 3e-9), ("4", 1e-9)):
        path = tmp_path / f"double{factor}.c"
        path.write_text("#include <stdlib.h>\nint main(int argc, char **argv)\n{\n    int n = atoi(argv[1]);\n"
                        f"    int step = 1;\n    while ({factor} * step < n)\n        step *= {factor};\n"
                        "    return step;\n}\n")
        loop = next(x for a in load_programs([str(path)])[0].functions["main"].body for x in a.walk()
                    if isinstance(x, Iter))
        assert carried_chain(loop, lat) == (pytest.approx(chain), ["step"])


def test_interpreted_passes_take_the_chain_at_least(tmp_path):
    path = tmp_path / "mandel.c"
    path.write_text(MANDEL)
    machine = tmp_path / "m.yaml"
    machine.write_text(ROOFLINE)
    fast = predict([str(path)], str(machine), 1, [], interactive=False).result
    slow = predict([str(path)], str(machine), 1, [], interactive=False, closed_forms=False).result
    assert fast.total == pytest.approx(slow.total, rel=1e-12)  # the run and the interpretation agree
    assert any("takes at least 14 ns" in note for note in fast.notes)
    loop = next(s for s in fast.aau_totals() if s.cls == "IterND")
    assert loop.total >= _escape_iterations(24, 16, 200) * 14e-9


COLLATZ = r"""#include <stdio.h>
int main(void) {
    long total = 0;
    for (long s = 1; s <= 60; s++) {
        long n = s;
        int steps = 0;
        while (n != 1) {
            n = (n % 2) * (3 * n + 1) + (1 - n % 2) * (n / 2);
            steps++;
        }
        total += steps;
    }
    printf("%ld\n", total);
    return 0;
}
"""


def _collatz_steps(top):
    out = 0
    for s in range(1, top + 1):
        n = s
        while n != 1:
            n = 3 * n + 1 if n % 2 else n // 2
            out += 1
    return out


def test_the_fused_loop_is_the_separate_functions(tmp_path, monkeypatch):
    # The loop run as one function (interp/engine/fused.py) and as one call per assignment give
    # the same pass counts and figures; C's integer / and % (CDiv, CMod) inside
    from interp.engine import recurrence
    path = tmp_path / "collatz.c"
    path.write_text(COLLATZ)
    built = []
    real = recurrence.fuse
    monkeypatch.setattr(recurrence, "fuse", lambda *a: built.append(real(*a)) or built[-1])
    fused = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    assert built and all(f is not None for f in built)
    monkeypatch.setattr(recurrence, "fuse", lambda *a: None)
    separate = predict([str(path)], "ipsc860", 1, [], interactive=False).result
    assert fused.total == separate.total
    body = next(s for s in fused.aau_totals() if s.cls == "Seq" and s.loc.endswith(":8-9"))
    assert body.executions == _collatz_steps(60)  # 1 and 2 take fewer than 2 passes: interpreted
    assert {(s.cls, s.loc, s.executions, s.total) for s in fused.aau_totals()} == \
        {(s.cls, s.loc, s.executions, s.total) for s in separate.aau_totals()}


def test_fuse_refuses_a_function_without_source():
    # a function that is not lambdify's (no source to read) keeps the separate calls
    import math

    from interp.engine.fused import fuse
    assert fuse((math.sqrt, [0]), [], 1) is None


def test_fuse_runs_the_assignments_in_order():
    # t = x + 1; x = t * 2 (x read after t is set): from x = 1, passes while x < 50: 4, 10, 22, 46, 94
    from frontends.aag import symexpr as S
    from interp.engine.fused import fuse
    x, t = S.var("x"), S.var("t")
    cond = S.compile_fn(x < 50, ["x"])
    step_t = S.compile_fn(x + 1, ["x"])
    step_x = S.compile_fn(t * 2, ["t"])
    run = fuse((cond, [1]), [(0, step_t, [1]), (1, step_x, [0])], 2)
    assert run([None, 1], 1000) == (5, [47, 94])
    assert run([None, 1], 3) == (3, [11, 22])  # the limit on passes
