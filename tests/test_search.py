"""The search model (interp/models/search.py): a binary search's dependent probes as a latency
chain; the probes' recognition (frontends/probes.py); an int division by a constant power of two
as a shift. Hand-derived values (no timing asserts)."""
import pytest

from frontends.aag import symexpr as S
from frontends.aag import Condt, Iter, Seq
from frontends.load import load_program
from interp.engine.algorithm import Engine
from interp.engine.options import EngineOptions
from interp.models.search import LatencyLevel, mean_probe
from interp.pipeline import load_machine, load_programs, resolve_inputs
from sag import Bound

NS = 1e-9
# capacities in 64 B lines of 32 KiB, 512 KiB, 8 MiB (random_size), latencies of the VM's chase
LEVELS = [LatencyLevel("L1", 512, 1.2 * NS), LatencyLevel("L2", 8192, 3.45 * NS),
          LatencyLevel("L3", 131072, 12.9 * NS), LatencyLevel("main", float("inf"), 143 * NS)]


@pytest.mark.parametrize("extent, mean_ns", [
    # 1000 ints (4000 B, 62.5 lines <= 512): D = ceil(log2 1000) = 10 probes, all in L1
    (4000, 1.2),
    # 1e5 ints (400 KB, 6250 lines): D = 17; depths 0..9 (2^d <= 512) in L1, 10..16 in L2 (6250
    # lines <= 8192): (10 x 1.2 + 7 x 3.45) / 17 = 36.15 / 17
    (4e5, 36.15 / 17),
    # 1e7 ints (40 MB, 625,000 lines): D = 24; L1 depths 0..9, L2 10..13, L3 14..17, main 18..23:
    # (10 x 1.2 + 4 x 3.45 + 4 x 12.9 + 6 x 143) / 24 = 935.4 / 24
    (4e7, 935.4 / 24),
])
def test_mean_probe_by_hand(extent, mean_ns):
    assert float(mean_probe(LEVELS, extent, 4, 64.0)) == pytest.approx(mean_ns * NS)
    n = S.var("n")   # symbolic extent (4n bytes): the same once n is known
    assert float(mean_probe(LEVELS, 4 * n, 4, 64.0).xreplace({n: extent / 4})) == pytest.approx(mean_ns * NS)


SEARCHES = """
#include <stdlib.h>
static int mono(const int *a, int n, int key)
{
    int pos = 0, step = 1;
    while (2 * step < n)
        step *= 2;
    for (; step > 0; step /= 2)
        if (pos + step < n && a[pos + step] <= key)
            pos += step;
    return pos;
}
static int bounds(const int *a, int n, int key)
{
    int lo = 0, hi = n - 1, mid = 0;
    while (lo <= hi) {
        mid = lo + (hi - lo) / 2;
        if (a[mid] < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return lo;
}
static int linear(const int *a, int n, int key)
{
    int i, at = -1;
    for (i = 0; i < n; i++)
        if (a[i] == key)
            at = i;
    return at;
}
int main(int argc, char **argv)
{
    int n = atoi(argv[1]), q = atoi(argv[2]), k, s = 0;
    int *t = malloc(n * sizeof(int));
    for (k = 0; k < n; k++)
        t[k] = 2 * k;
    for (k = 0; k < q; k++)
        s += mono(t, n, rand() % (2 * n)) + bounds(t, n, k) + linear(t, n, k);
    return s > 0;
}
"""


def _cond_reads(prog, fn):
    out = []
    for a in prog.functions[fn].body:
        for x in a.walk():
            if isinstance(x, Condt):
                out += [acc for b in x.branches for acc in b.cond_accesses if acc.is_array]
    return out


def test_probes_are_recognised_with_their_extent(tmp_path):
    c = tmp_path / "s.c"
    c.write_text(SEARCHES)
    prog = load_program(str(c))
    n = S.var("n")
    # monobound: a[pos + step], pos assigned by the if on data, step halved; the extent comes
    # through the call mono(t, n, ...) of a table of n ints: 4n bytes in mono's own n
    (probe,) = _cond_reads(prog, "mono")
    assert probe.probe and probe.extent == 4 * n
    # two bounds: a[mid], mid computed from lo and hi, which the if on data assigns
    (probe,) = _cond_reads(prog, "bounds")
    assert probe.probe and probe.extent == 4 * n
    # a linear scan: no halving, no probe (a stream)
    (scan,) = _cond_reads(prog, "linear")
    assert not scan.probe and scan.stride == 1


MACHINE = """
name: search test machine
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
        ops: {int_add: 1 ns, int_div: 20 ns}
        throughput: {int_add: 0.25 ns, int_div: 8 ns, per_iter: 0 ns, fixed: 0 ns}
        iter: {fixed: 0 ns, per_iter: 0 ns}
        cond: {per_condition: 0 ns, branch_taken: 0 ns}
        call: {per_call: 0 ns, per_arg: 0 ns}
      memory:
        cache: {size: 1 MiB, block: 64 B}
        levels:
          L1: {size: 32 KiB, bandwidth: 64 GB/s, write_bandwidth: 32 GB/s, latency: 1 ns RANDOM1}
          L2: {size: 1 MiB, bandwidth: 32 GB/s, write_bandwidth: 16 GB/s, latency: 5 ns RANDOM2}
        main: {bandwidth: 8 GB/s, write_bandwidth: 4 GB/s, fetch: 100 ns}
        fetch: 1 ns
        store: 1 ns
"""
SRC = """
#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int *a = malloc(n * sizeof(int));
    int pos = 0, step = 1, key = rand();
    for (int k = 0; k < n; k++)
        a[k] = k;
    while (2 * step < n)
        step *= 2;
    for (; step > 0; step /= 2)
        if (pos + step < n && a[pos + step] <= key)
            pos += step;
    return pos;
}
"""


def _search(tmp_path, machine: str, n: int):
    c = tmp_path / "p.c"
    c.write_text(SRC)
    m = tmp_path / "m.yaml"
    m.write_text(machine)
    programs = load_programs([str(c)])
    sag = load_machine(str(m))
    engine = Engine(programs, sag, 1, resolve_inputs(programs, {"n": n}, False), EngineOptions(bound=Bound.parse("mid")))
    prog = programs[0]
    loop = [x for a in prog.functions["main"].body for x in a.walk() if isinstance(x, Iter)][-1]
    return engine._model(sag.find("N"), prog), loop


def test_search_loop_by_hand(tmp_path):
    text = MACHINE.replace(" RANDOM1", ", random_size: 32 KiB").replace(" RANDOM2", ", random_size: 512 KiB")
    model, loop = _search(tmp_path, text, 1 << 20)
    condt = next(a for a in loop.body if isinstance(a, Condt))
    step = next(a for a in loop.body if isinstance(a, Seq))
    # step /= 2 is a shift: the int add's throughput, 0.25 ns (not the divider's 8 ns)
    assert step.counts.ops == {"int_shift": 1}
    assert float(model.seq(step)) == pytest.approx(0.25 * NS)
    # a[pos + step] over 2^20 ints (4 MiB, 65536 lines): D = 20 probes; 512 lines in L1 (depths
    # 0..9), 8192 in L2 (10..13), main memory 14..19: (10 x 1 + 4 x 5 + 6 x 100) / 20 = 31.5 ns a
    # probe, on top of the condition's operations (the same if costed without the probe)
    value = float(model.condt(condt).xreplace({S.var("n"): 1 << 20}))
    (probe,) = [acc for b in condt.branches for acc in b.cond_accesses if acc.probe]
    probe.probe = False
    model._probes.clear()
    without = float(model.condt(condt).xreplace({S.var("n"): 1 << 20}))
    assert value - without == pytest.approx(31.5 * NS)
    assert any(k[0] == "search" and "search's probe" in v for k, v in model.notes.items())


def test_search_without_random_sizes_costs_no_latency(tmp_path):
    model, loop = _search(tmp_path, MACHINE.replace(" RANDOM1", "").replace(" RANDOM2", ""), 1 << 20)
    condt = next(a for a in loop.body if isinstance(a, Condt))
    assert model.probe_time(condt) == 0
    note = next(v for k, v in model.notes.items() if k[0] == "search")
    assert "levels.L1.random_size" in note and "costs no latency" in note


def test_power_of_two_division_is_a_shift_except_in_the_paper_model(tmp_path):
    from frontends.c.counts import _arith
    from pycparser import c_ast

    two, three = c_ast.Constant("int", "2"), c_ast.Constant("int", "3")
    assert (_arith("int", "/", two), _arith("int", "%", c_ast.Constant("int", "8"))) == ("int_shift", "int_shift")
    # by any other constant: a multiply (int_div_const, docs/model.md); a double division stays one
    assert (_arith("int", "/", three), _arith("double", "/", two)) == ("int_div_const", "double_div")
    # The paper's model (ipsc860: opcount) costs the shift as Table 1's int div.
    from interp.models.omega import NodeModel

    import sag

    node = sag.open_machine("ipsc860").find("SAU-0010")
    model = NodeModel(node, Bound.parse("mid"), {}, {}, {})
    assert model.t("ops.int_shift") == model.t("ops.int_div") == model.t("ops.int_div_const") > 1e-6
