"""The roofline model's working-set rule (interp/working_set.py) and the calibration of the cache
levels (interp/calibrate/levels.py): hand-derived values, recorded benchmark outputs."""
import pytest

from frontends.aag import symexpr as S
from frontends.aag import Iter
from interp.calibrate import fit, levels
from interp.calibrate.writer import HostInfo, render
from interp.engine.algorithm import Engine
from interp.engine.options import EngineOptions
from interp.pipeline import load_machine, load_programs, resolve_inputs
from sag import Bound, loads

NS = 1e-9

MACHINE = """
name: working-set test machine
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
        ops: {int_add: 1 ns, double_add: 4 ns}
        throughput: {int_add: 0.25 ns, double_add: 0.5 ns, per_iter: 0 ns, fixed: 0 ns}
        iter: {fixed: 7 ns, per_iter: 10 ns}
        cond: {per_condition: 0 ns, branch_taken: 0 ns}
      memory:
        cache: {size: 1 MiB, block: 64 B}
        levels:
          L1: {size: 32 KiB, bandwidth: 64 GB/s, write_bandwidth: 32 GB/s}
          L2: {size: 1 MiB, bandwidth: 32 GB/s, write_bandwidth: 16 GB/s}
        main: {bandwidth: 8 GB/s, write_bandwidth: 4 GB/s}
        fetch: 1 ns
        store: 1 ns
"""

# Ten sweeps of b[i] = a[i] + a[i+1] over n elements. Per inner iteration: one double add (0.5 ns;
# the subscripts' int add is strength-reduced). a[i] reuses the line a[i+1] loaded one iteration
# earlier (16 B in between: L1, 8 B / 64 GB/s = 0.125 ns). a[i+1] and the store b[i] reuse data of
# the previous sweep: 8n bytes of a + 8n of b = 16n bytes in between, so the level that holds 16n
# bytes serves them.
SRC = """
#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double *a = malloc((n + 1) * sizeof(double)), *b = malloc(n * sizeof(double));
    int t, i;
    for (t = 0; t < 10; t++)
        for (i = 0; i < n; i++)
            b[i] = a[i] + a[i + 1];
    return 0;
}
"""


def _inner(prog):
    return next(x for a in prog.functions["main"].body for x in a.walk()
                if isinstance(x, Iter) and x.var == "i")


def _run(tmp_path, n):
    c = tmp_path / "p.c"
    c.write_text(SRC)
    m = tmp_path / "m.yaml"
    m.write_text(MACHINE)
    programs = load_programs([str(c)])
    engine = Engine(programs, load_machine(str(m)), 1, resolve_inputs(programs, {"n": n}, False),
                    EngineOptions(bound=Bound.parse("mid")))
    return engine.run().total, engine, programs[0]


@pytest.mark.parametrize("n, per_ns", [
    # 16n = 16 KB <= 32 KiB: L1. Reads 2 x 0.125 ns; the store 8 B / 32 GB/s = 0.25 ns on the store
    # port; compute 0.5 ns bounds.
    (1000, 0.5),
    # 16n = 160 KB <= 1 MiB: L2 serves a[i+1] (8 B / 32 GB/s = 0.25 ns) and b[i] (8 B / 16 GB/s =
    # 0.5 ns): 0.75 ns > compute 0.5 ns and > L1 0.125 ns.
    (10000, 0.75),
    # 16n = 1.6 MB: main memory, 8 B / 8 GB/s = 1 ns + 8 B / 4 GB/s = 2 ns = 3 ns.
    (100000, 3.0),
])
def test_loop_nest_by_hand(tmp_path, n, per_ns):
    total, engine, prog = _run(tmp_path, n)
    inner = _inner(prog)
    model = next(iter(engine.models.values()))
    assert model.enclosing(inner)[0].var == "t"
    # The sweep loop: fixed 0 + 10 x (inner: fixed 0 + n x per iteration). Before it, argv[1]
    # is an array element outside a loop, first touched: a block from main, 64 B / 8 GB/s = 8 ns
    # (the atoi and malloc calls cost what the test machine gives them: nothing).
    assert total == pytest.approx(8 * NS + 10 * n * per_ns * NS, rel=1e-9)
    # The AAU-level report charges the overlapped iteration time to the loop's one statement.
    seq = inner.body[0]
    share = model.iteration_share(inner, seq).xreplace({S.var("n"): n})
    assert float(share) == pytest.approx(per_ns * NS)


def _engine(tmp_path, machine_text: str, n: int) -> Engine:
    """An engine for SRC at input n on the machine written in ``machine_text``."""
    c = tmp_path / "p.c"
    c.write_text(SRC)
    m = tmp_path / "m.yaml"
    m.write_text(machine_text)
    programs = load_programs([str(c)])
    return Engine(programs, load_machine(str(m)), 1, resolve_inputs(programs, {"n": n}, False),
                  EngineOptions(bound=Bound.parse("mid")))


def test_level_latency_is_not_used(tmp_path):
    """memory.levels.<name>.latency (interp calibrate) changes nothing in the roofline model, and a
    level with a latency but no bandwidth (a failed sweep) is left out of the working-set rule."""
    text = MACHINE.replace("write_bandwidth: 32 GB/s}", "write_bandwidth: 32 GB/s, latency: 2 ns}").replace(
        "write_bandwidth: 16 GB/s}", "write_bandwidth: 16 GB/s, latency: 9 ns}\n          L3: {latency: 40 ns}")
    assert "L3: {latency: 40 ns}" in text and "latency: 9 ns" in text
    engine = _engine(tmp_path, text, 10000)
    # As in test_loop_nest_by_hand at n = 10000: L2 serves, 0.75 ns per iteration.
    assert engine.run().total == pytest.approx(8 * NS + 10 * 10000 * 0.75 * NS, rel=1e-9)
    model = next(iter(engine.models.values()))
    assert [lv.name for lv in model._hierarchy.levels] == ["L1", "L2", "main"]


def test_without_levels_the_single_cache_rule_is_kept(tmp_path):
    """A machine file without memory.levels (written before them) keeps the one-level model."""
    text = MACHINE.replace("""        levels:
          L1: {size: 32 KiB, bandwidth: 64 GB/s, write_bandwidth: 32 GB/s}
          L2: {size: 1 MiB, bandwidth: 32 GB/s, write_bandwidth: 16 GB/s}
""", "")
    total = _engine(tmp_path, text, 1000).run().total
    # Old rule: every access of a stride-1 double stream moves 8/64 of a block = 8 B from main
    # at 8 GB/s (no cache bandwidth given): a[i] and a[i+1] 1 ns each, the store twice (read for
    # ownership, write-back) 2 ns: 4 ns, above the 0.5 ns add.
    assert total == pytest.approx(8 * NS + 10 * 1000 * 4.0 * NS, rel=1e-9)


def test_access_index_and_subscript_ops(tmp_path):
    _, _, prog = _run(tmp_path, 1000)
    inner = _inner(prog)
    accs = {(a.name, str(a.index)): a for a in inner.body[0].accesses if a.is_array}
    assert set(accs) == {("a", "i"), ("a", "i + 1"), ("b", "i")}
    assert accs[("a", "i + 1")].index_ops == {"int_add": 1}
    assert accs[("a", "i")].index_ops == {}


# -- calibration: splitting the bandwidth sweep --------------------------------------------------

# Recorded on the 2-core KVM guest of docs/calibrate.md (node_bench 0.3, one run), every second
# size of the sweep: L1d 48 KiB, L2 2 MiB, L3 300 MiB reported by /sys.
SWEEP = """bwr_8192 5.235375e+10
bww_8192 1.890795e+10
bwr_16384 5.112026e+10
bww_16384 1.824641e+10
bwr_32768 5.375653e+10
bww_32768 2.034898e+10
bwr_65536 3.247731e+10
bww_65536 2.042967e+10
bwr_131072 3.220814e+10
bww_131072 2.029799e+10
bwr_262144 3.130820e+10
bww_262144 1.699940e+10
bwr_524288 3.211884e+10
bww_524288 1.976718e+10
bwr_1048576 3.251765e+10
bww_1048576 1.939378e+10
bwr_2097152 2.588604e+10
bww_2097152 1.682231e+10
bwr_4194304 2.012560e+10
bww_4194304 1.325237e+10
bwr_8388608 1.922496e+10
bww_8388608 1.152651e+10
bwr_16777216 1.901116e+10
bww_16777216 9.989010e+09
bwr_33554432 9.917171e+09
bww_33554432 8.290070e+09
bwr_67108864 7.490844e+09
bww_67108864 6.968368e+09
"""


def test_split_minimises_squared_deviation():
    assert levels.split([1, 1, 5, 5, 5, 9, 9], 3) == [(0, 2), (2, 5), (5, 7)]
    assert levels.split([1, 1, 1], 3) == [(0, 3)]  # too few values for three ranges of two


def test_sweep_split_into_levels():
    r = fit.parse_node("int_add 3e-10\n" + SWEEP)
    v = levels.levels(levels.parse_sweep(r), ["L1", "L2", "L3"])
    # Plateaus: 8-32 KiB (51-54 GB/s), 64 KiB-2 MiB (31-33, and 25.9 at 2 MiB: ln(32.2/25.9) =
    # 0.22 is nearer than ln(25.9/19.6) = 0.28 to L3's), 4-16 MiB (19-20), 32-64 MiB (7.5-10).
    assert v["levels.L1.size"] == 32768
    assert v["levels.L1.bandwidth"] == pytest.approx(5.235375e10)
    assert v["levels.L1.write_bandwidth"] == pytest.approx(1.890795e10)
    assert v["levels.L2.size"] == 2097152
    assert v["levels.L2.bandwidth"] == pytest.approx((3.211884e10 + 3.220814e10) / 2)  # median of 6
    assert v["levels.L3.size"] == 16777216
    assert v["levels.L3.bandwidth"] == pytest.approx(1.922496e10)
    assert v["main.write_bandwidth"] == pytest.approx((8.290070e9 + 6.968368e9) / 2)
    assert levels.cache_names({"L1d": {}, "L1i": {}, "L2": {}, "L3": {}}) == ["L1", "L2", "L3"]


def test_written_file_has_levels_and_loads():
    from tests.test_calibrate import NODE_OUT

    values = fit.node_values(fit.parse_node(NODE_OUT + SWEEP), ["L1", "L2", "L3"])
    values["chase_bytes"] = 5.36870912e+08
    info = HostInfo("h", "2026-01-01", "gcc", "-O2", 2,
                    caches={"L1d": {"size": 48 << 10, "block": 64}, "L2": {"size": 2 << 20, "block": 64},
                            "L3": {"size": 300 << 20, "block": 64}})
    text = render(info, fit.over_runs([values]), None)
    assert "levels:" in text and "  L3:\n" in text
    sag = loads(text, "host.yaml")
    mem = sag.find("SAU-000").effective("memory")
    assert mem["levels.L2.size"].value(Bound.parse("mid")) == 2097152
    assert mem["levels.L1.bandwidth"].value(Bound.parse("mid")) == pytest.approx(52.35e9)  # 4 digits


def test_symbolic_size_through_cache_levels_is_refused_at_once(tmp_path, cli):
    # The loop's time is a different formula for each level that may hold 16n bytes: not one
    # closed form. One clear error (exit 2) instead of sympy deciding the levels for every n.
    c = tmp_path / "p.c"
    c.write_text(SRC)
    m = tmp_path / "m.yaml"
    m.write_text(MACHINE)
    r = cli("run", c, "--machine", m, "--procs", 1, "-D", "n=1000", "--symbolic", "n")
    assert r.exit_code == 2
    assert "p.c:8: the time of this loop depends on n through the cache level" in r.stderr


STRIDED = """
#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = atoi(argv[1]), stride = atoi(argv[2]);
    double *v = malloc(n * sizeof(double)), s = 0.0;
    int p, off, i;
    for (p = 0; p < 4; p++)
        for (off = 0; off < stride; off++)
            for (i = off; i < n; i += stride)
                s += v[i];
    return s > 0;
}
"""


@pytest.mark.parametrize("n, stride, per_ns", [
    # A step read from argv (i += stride) was costed no memory time at all. stride 16 doubles =
    # 128 B: a new 64 B block per access. One off-iteration touches n/16 blocks, 64n/16 = 4n B
    # apart from the next (the same blocks: off and off+1 share them), so that level serves it.
    # n = 4096: 16 KiB <= 32 KiB, L1: the element, 8 B / 64 GB/s = 0.125 ns; compute 0.5 ns
    # (the add at its throughput) bounds.
    (4096, 16, 0.5),
    # n = 65536: 256 KiB <= 1 MiB, L2: a block, 64 B / 32 GB/s = 2 ns.
    (65536, 16, 2.0),
    # n = 1048576: 4 MiB, main memory: 64 B / 8 GB/s = 8 ns.
    (1048576, 16, 8.0),
    # stride 2 (16 B): a stride known when the loop runs and that no loop around sums over moves
    # its bytes, min(16 B, 64 B) (_moved), 16 B / 8 GB/s = 2 ns from main memory (the span of
    # one off-iteration: n/2 blocks... 8 MiB apart). Until 2026-11-24 a block per access: 8 ns.
    (1048576, 2, 2.0),
])
def test_a_step_known_only_when_the_loop_runs_moves_its_stride(tmp_path, n, stride, per_ns):
    c = tmp_path / "p.c"
    c.write_text(STRIDED)
    m = tmp_path / "m.yaml"
    m.write_text(MACHINE)
    programs = load_programs([str(c)])
    engine = Engine(programs, load_machine(str(m)), 1, resolve_inputs(programs, {"n": n, "stride": stride}, False),
                    EngineOptions(bound=Bound.parse("mid")))
    total = engine.run().total
    inner = next(x for a in programs[0].functions["main"].body for x in a.walk() if isinstance(x, Iter) and x.var == "i")
    model = next(iter(engine.models.values()))
    per = model.iterd(inner).xreplace({S.var("n"): n, S.var("stride"): stride, S.var("off"): 0})
    iters = (n + stride - 1) // stride
    assert float((per - 0) / iters) == pytest.approx(per_ns * NS, rel=1e-6)
    assert total > 4 * stride * iters * per_ns * NS * 0.99


def test_processes_on_one_node_share_main_memory(tmp_path):
    """memory.main.shared_bandwidth / shared_write_bandwidth (interp calibrate: per core, every core
    streaming at once): k processes on an SAU of `count` units each get min(alone, count x shared
    / k) (roofline.py shared_bandwidth)."""
    text = MACHINE.replace("      count: 1\n", "      count: 2\n").replace(
        "main: {bandwidth: 8 GB/s, write_bandwidth: 4 GB/s}",
        "main: {bandwidth: 8 GB/s, write_bandwidth: 4 GB/s, shared_bandwidth: 3 GB/s, shared_write_bandwidth: 1.5 GB/s}")
    assert "shared_bandwidth: 3 GB/s" in text and "count: 2" in text
    c = tmp_path / "p.c"
    c.write_text(SRC)
    m = tmp_path / "m.yaml"
    m.write_text(text)
    programs = load_programs([str(c)])
    n = 100000
    for procs, read, write in ((1, 8, 4),             # alone: as in test_loop_nest_by_hand
                               (2, 3, 1.5)):          # two: min(8, 2 x 3 / 2), min(4, 2 x 1.5 / 2)
        engine = Engine(programs, load_machine(str(m)), procs, resolve_inputs(programs, {"n": n}, False),
                        EngineOptions(bound=Bound.parse("mid")))
        result = engine.run()
        # argv[1]'s first touch, outside any loop: one block, 64 B / 8 GB/s = 8 ns (a single access
        # is costed alone, not by the loops' working-set rule); per iteration a[i+1] 8 B read and
        # b[i] 8 B written from main memory (16n = 1.6 MB > L2): 8 / read + 8 / write ns.
        per = 8 / read + 8 / write
        assert result.total == pytest.approx(8 * NS + 10 * n * per * NS, rel=1e-9), procs
        model = next(iter(engine.models.values()))
        assert model.sharing == procs
        shared = [v for k, v in engine.notes.items() if k[0] == "shared memory"]
        assert bool(shared) == (procs == 2)
        if shared:
            assert any("2 processes share the node: 3 GB/s each" in v for v in shared)


def test_concurrent_sweeps_give_each_level_its_shared_rate():
    """levels.shared: two copies' sweeps (GB/s by size), averaged per size, the median per level
    over the sizes of its plateau (above the level below, up to its own size), main memory's
    beyond the last level."""
    G = 1e9
    a = {"bvr_16384": 60 * G, "bvw_16384": 50 * G, "bvr_32768": 62 * G, "bvw_32768": 52 * G,
         "bvr_65536": 30 * G, "bvw_65536": 20 * G, "bvr_1048576": 20 * G, "bvw_1048576": 10 * G,
         "bvr_4194304": 6 * G, "bvw_4194304": 5 * G, "bwr_16384": 1.0}
    b = {k: v + (2 * G if k.startswith("bv") else 0) for k, v in a.items()}
    got = levels.shared([a, b], {"levels.L1.size": 32768.0, "levels.L2.size": 1048576.0,
                                 "levels.L1.random_size": 16384.0})
    # L1: sizes 16384 and 32768, means over the copies 61 and 63 GB/s read (median 62), 51 and 53
    # write (52). L2: 65536 and 1048576: 31 and 21 (26); 21 and 11 (16). main: 4194304: 7; 6.
    assert got == pytest.approx({"levels.L1.shared_bandwidth": 62 * G, "levels.L1.shared_write_bandwidth": 52 * G,
                                 "levels.L2.shared_bandwidth": 26 * G, "levels.L2.shared_write_bandwidth": 16 * G,
                                 "main.shared_bandwidth": 7 * G, "main.shared_write_bandwidth": 6 * G})


ROWS = """
#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double **u = malloc(n * sizeof(double *)), **v = malloc(n * sizeof(double *));
    for (int i = 0; i < n; i++) {
        u[i] = malloc(n * sizeof(double));
        v[i] = malloc(n * sizeof(double));
    }
    for (int t = 0; t < 10; t++)
        for (int i = 1; i < n - 1; i++)
            for (int j = 0; j < n; j++)
                v[i][j] = u[i - 1][j] + u[i + 1][j];
    return 0;
}
"""
FLAT = """
#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    double *u = malloc(n * n * sizeof(double)), *v = malloc(n * n * sizeof(double));
    for (int t = 0; t < 10; t++)
        for (int i = 1; i < n - 1; i++)
            for (int j = 0; j < n; j++)
                v[i * n + j] = u[(i - 1) * n + j] + u[(i + 1) * n + j];
    return 0;
}
"""


@pytest.mark.parametrize("n", [30, 300, 3000])
def test_rows_of_a_pointer_to_pointers_are_a_row_major_array(tmp_path, n):
    """``u[i] = malloc(n * sizeof(double))`` rows: ``u[i - 1][j]`` is element (i - 1) * n + j for
    the working-set rule (frontends/c/counts.py _rows_of), so the loop's memory time is that of the
    flat array ``u[(i - 1) * n + j]``: the same bytes touched between two uses of a line."""
    times = []
    for name, src in (("rows", ROWS), ("flat", FLAT)):
        c = tmp_path / f"{name}.c"
        c.write_text(src)
        m = tmp_path / "m.yaml"
        m.write_text(MACHINE)
        programs = load_programs([str(c)])
        engine = Engine(programs, load_machine(str(m)), 1, resolve_inputs(programs, {"n": n}, False),
                        EngineOptions(bound=Bound.parse("mid")))
        inner = next(x for a in programs[0].functions["main"].body for x in a.walk()
                     if isinstance(x, Iter) and x.var == "j")
        accesses = [acc for s in inner.body for acc in s.accesses if acc.is_array]
        if name == "rows":
            i, j, nn = S.var("i"), S.var("j"), S.var("n")
            assert {acc.name: acc.index for acc in accesses if acc.kind == "store"} == {"v": i * nn + j}
            assert sorted(str(acc.index) for acc in accesses if acc.kind == "fetch") == sorted(
                str(e) for e in (((i - 1) * nn + j).expand(), ((i + 1) * nn + j).expand()))
            assert all(acc.elem_size == 8 for acc in accesses)
        model = next(iter(engine.models.values())) if engine.models else engine._model(
            engine.mapping.procs[0].sau, programs[0])
        ws, _ = model._hierarchy.time(inner, model.enclosing(inner), accesses)
        times.append(float(ws.xreplace({S.var("n"): n})))
    assert times[0] == pytest.approx(times[1], rel=1e-12)
    assert times[0] > 0


def test_page_starts_of_strided_accesses():
    # main memory: writes at 4 GB/s, a page of 4 KiB, a cold store 40 ns: a line streams in
    # 64 B / 4 GB/s = 16 ns, so a page's first store costs 24 ns more, once every 4096 / stride
    # accesses of a stride of a line or more
    from interp.models.working_set import Level, WorkingSet
    ws = WorkingSet([Level("L1", 32768, 64e9, 32e9), Level("main", float("inf"), 8e9, 4e9, 4096, 30e-9, 40e-9)], 64)
    p = S.var("p")
    assert float(ws._page_starts(S.sympy.Integer(128), 8, True)) == pytest.approx(0.25 * 24 * NS)  # 1 KiB
    assert float(ws._page_starts(S.sympy.Integer(1024), 8, True)) == pytest.approx(24 * NS)      # 8 KiB
    assert float(ws._page_starts(S.sympy.Integer(1), 8, True)) == 0                                  # streaming
    # a load: 30 ns cold against 64 B / 8 GB/s = 8 ns streaming
    assert float(ws._page_starts(S.sympy.Integer(256), 8, False)) == pytest.approx(0.5 * 22 * NS)
    # a stride known when the loop runs (p bytes of char)
    form = ws._page_starts(p, 1, True)
    assert float(form.subs(p, 1009)) == pytest.approx(1009 / 4096 * 24 * NS)
    assert float(form.subs(p, 7)) == 0
    ws._summed = {p}  # a loop around summed in closed form varies p: left out
    assert ws._page_starts(p, 1, True) == 0


def test_a_loop_that_sets_the_stride_carries_no_reuse():
    # ``for (p ...) for (m = p * p; m < n; m += p)``: each pass touches other lines
    from types import SimpleNamespace
    from frontends.aag import Seq
    from interp.models.working_set import _sets_stride
    inner = SimpleNamespace(step=S.var("p"))
    assert _sets_stride(SimpleNamespace(var="p", body=[]), [inner])
    assert not _sets_stride(SimpleNamespace(var="t", body=[]), [inner])  # a repeat loop: reuse
    found = Seq(defs=[("p", S.var("index") + 2)])  # prime = index + 2 in the body
    assert _sets_stride(SimpleNamespace(var=None, body=[found]), [inner])


# Ten sweeps of a[i] += b[i]: the store writes the line its load brought in the same iteration.
RMW_SRC = SRC.replace("b[i] = a[i] + a[i + 1];", "a[i] += b[i];")


@pytest.mark.parametrize("n, per_ns", [
    # 16n = 16 KB: L1 serves both loads (8 B / 64 GB/s = 0.125 ns each, 0.25 ns) and the store
    # (8 B / 32 GB/s = 0.25 ns on the store port); the add's 0.5 ns bounds. Nothing goes back.
    (1000, 0.5),
    # 16n = 160 KB: L2 serves the loads, 2 x 8 B / 32 GB/s = 0.5 ns, and takes the dirty line back:
    # 8 B x (1 / 16 GB/s - 1 / 32 GB/s) = 0.25 ns (L2's write stream less its read): 0.75 ns.
    (10000, 0.75),
    # 16n = 1.6 MB: main memory, 2 x 8 B / 8 GB/s = 2 ns, and the write-back 8 B x (1 / 4 GB/s -
    # 1 / 8 GB/s) = 1 ns: 3 ns (2 ns before the write-back was charged).
    (100000, 3.0),
])
def test_a_store_to_the_line_its_load_brought_writes_it_back(tmp_path, n, per_ns):
    c = tmp_path / "p.c"
    c.write_text(RMW_SRC)
    m = tmp_path / "m.yaml"
    m.write_text(MACHINE)
    programs = load_programs([str(c)])
    engine = Engine(programs, load_machine(str(m)), 1, resolve_inputs(programs, {"n": n}, False),
                    EngineOptions(bound=Bound.parse("mid")))
    # as in test_loop_nest_by_hand: argv[1] first touched, 64 B / 8 GB/s = 8 ns, then the sweeps
    assert engine.run().total == pytest.approx(8 * NS + 10 * n * per_ns * NS, rel=1e-9)


@pytest.mark.parametrize("n, per_ns", [
    # 16n = 1 MiB: the L2 plateau's end, L2 alone: 0.25 + 0.5 = 0.75 ns
    (65536, 0.75),
    # 16n = 2 MiB, between the plateau (1 MiB) and the listed capacity (4 MiB): main memory's
    # share ln(2) / ln(4) = 0.5; L2 0.5 x 0.75 = 0.375 ns, main 0.5 x (1 + 2) = 1.5 ns: the
    # levels work at once, 1.5 ns
    (131072, 1.5),
    # 16n = 8 MiB, beyond the listed capacity: main memory alone, 3 ns
    (524288, 3.0),
])
def test_the_last_level_fades_into_main_memory_up_to_its_listed_capacity(tmp_path, n, per_ns):
    """A last level whose measured plateau ends before the capacity the system lists (a last
    level shared with other tenants: on the Zen 3 VM the read stream fell from 38.9 GB/s at
    11.9 MB to 19.0 at 16.8 MB and 14.8 at 32 MiB) serves a reuse distance between the two in part,
    log-linearly (working_set._blend). Before, the level ended sharply at the plateau: the triad
    over 14.4 MB was predicted at main memory's rate, 2.44 s where it ran 1.07 s."""
    listed = MACHINE.replace("cache: {size: 1 MiB, block: 64 B}", "cache: {size: 4 MiB, block: 64 B}")
    total = _engine(tmp_path, listed, n).run().total
    assert total == pytest.approx(8 * NS + 10 * n * per_ns * NS, rel=1e-9)
