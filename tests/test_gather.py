"""The gather model (interp/models/gather.py): indirect accesses x[idx[i]] cost random lines of
x's extent per cache level; the C frontend's extents; the calibration of the gather values.
Hand-derived values (no timing asserts)."""
import pytest

from frontends.aag import symexpr as S
from frontends.aag import Iter, Seq
from interp.calibrate import fit, levels
from interp.calibrate.writer import HostInfo, render
from interp.engine.algorithm import Engine
from interp.engine.options import EngineOptions
from interp.models.gather import GatherLevel, Gathers
from interp.pipeline import load_machine, load_programs, resolve_inputs
from sag import Bound, loads

NS = 1e-9
KIB = 1024

MACHINE = """
name: gather test machine
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
          L1: {size: 32 KiB, bandwidth: 64 GB/s, write_bandwidth: 32 GB/s, GATHER1}
          L2: {size: 1 MiB, bandwidth: 32 GB/s, write_bandwidth: 16 GB/s, GATHER2}
        main: {bandwidth: 8 GB/s, write_bandwidth: 4 GB/s, GATHERM}
        fetch: 1 ns
        store: 1 ns
"""
GATHER = {"GATHER1": "gather: 0.75 ns, random_size: 32 KiB", "GATHER2": "gather: 1 ns, random_size: 512 KiB",
          "GATHERM": "gather: 20 ns"}

SRC = """
#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int m = atoi(argv[2]);
    double *x = malloc(n * sizeof(double));
    int *idx = malloc(m * sizeof(int));
    double s = 0.0;
    int i;
    for (int j = 0; j < n; j++)   /* n decides a loop: the engine knows it (an extent's values must be known) */
        x[j] = j;
    for (i = 0; i < m; i++)
        s += x[idx[i]];
    return s > 0;
}
"""


def _machine(**drop) -> str:
    text = MACHINE
    for key, value in GATHER.items():
        text = text.replace(", " + key, "" if key in drop else ", " + value)
    return text


def _loop(tmp_path, machine: str, src: str = SRC, n: int = 1000, m: int = 1000):
    c = tmp_path / "p.c"
    c.write_text(src)
    path = tmp_path / "m.yaml"
    path.write_text(machine)
    programs = load_programs([str(c)])
    sag = load_machine(str(path))
    engine = Engine(programs, sag, 1, resolve_inputs(programs, {"n": n, "m": m}, False),
                    EngineOptions(bound=Bound.parse("mid")))
    prog = programs[0]
    model = engine._model(sag.find("N"), prog)
    loop = next(x for fn in prog.functions.values() for a in fn.body for x in a.walk()
                if isinstance(x, Iter) and x.var == "i")
    return model, loop


def _per_iteration(model, loop, n, m) -> float:
    return float(model.iterd(loop).xreplace({S.var("n"): n, S.var("m"): m})) / m


def test_fractions_by_hand():
    g = Gathers([GatherLevel("L1", 32 * KIB, 0.5 * NS), GatherLevel("L3", 8 << 20, 1.15 * NS),
                 GatherLevel("L2", 512 * KIB, 0.75 * NS), GatherLevel("main", float("inf"), 27 * NS)])
    assert [lv.name for lv in g.levels] == ["L1", "L2", "L3", "main"]
    # A 16 MB table (16e6 B): L1 holds 32768/16e6 = 0.002048 of its random lines, L1+L2
    # 524288/16e6 = 0.032768, L1..L3 8388608/16e6 = 0.524288, main memory the rest, 0.475712.
    shares = [float(f) for _, f in g.fractions(16e6)]
    assert shares == pytest.approx([0.002048, 0.03072, 0.49152, 0.475712])
    # 0.002048 x 0.5 + 0.03072 x 0.75 + 0.49152 x 1.15 + 0.475712 x 27 = 13.4852 ns
    assert float(g.time(16e6)) == pytest.approx((0.001024 + 0.02304 + 0.565248 + 12.844224) * NS)
    # A table that fits the first level: its gather time alone.
    assert float(g.time(4000)) == pytest.approx(0.5 * NS)
    # Symbolic extent (8n bytes of doubles): the same numbers once n is known.
    n = S.var("n")
    assert float(g.time(8 * n).xreplace({n: 2e6})) == pytest.approx(float(g.time(16e6)))


def test_frontend_marks_gathers_and_their_extents(tmp_path):
    model, loop = _loop(tmp_path, _machine())
    seq = next(a for a in loop.body if isinstance(a, Seq))
    accs = {a.name: a for a in seq.accesses if a.is_array}
    assert accs["x"].gathered and accs["x"].extent == 8 * S.var("n")   # malloc(n * sizeof(double))
    assert not accs["idx"].gathered and accs["idx"].stride == 1         # the index stream is affine


DECLARED = """
double t[1000];
double *p;
void helper(double *q, int *k, int m)
{
    int i;
    for (i = 0; i < m; i++)
        q[k[i]] += 1.0;
}
int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int m = atoi(argv[2]);
    int *idx = calloc(m, sizeof(int));
    double *y = malloc(n * sizeof(double));
    double s = 0.0;
    int i;
    for (i = 0; i < n; i++)
        y[i] = 0.0;
    y = (double *) malloc(2 * n * sizeof(double));
    for (i = 0; i < m; i++)
        s += t[idx[i]] + y[idx[i]] + t[i * i];
    helper(y, idx, m);
    return s > 0;
}
"""


def test_extents_declared_allocated_and_unknown(tmp_path):
    from frontends.load import load_program

    c = tmp_path / "d.c"
    c.write_text("#include <stdlib.h>\n" + DECLARED)
    prog = load_program(str(c))
    got = {}
    for fn in prog.functions.values():
        for a in fn.body:
            for x in a.walk():
                if isinstance(x, Seq):
                    for acc in x.accesses:
                        if acc.is_array and acc.kind == "fetch" and acc.name in ("t", "y", "q"):
                            got.setdefault((fn.name, acc.name), []).append((acc.gathered, acc.extent))
    # t[idx[i]]: a declared array of 1000 doubles, 8000 B; t[i * i] is not affine but reads no
    # data: no gather (the stream rule keeps it)
    assert got[("main", "t")] == [(True, 8000), (False, None)]
    # y: two different allocations (8n and 16n bytes): no known extent
    assert got[("main", "y")] == [(True, None)]
    # q in the helper: a parameter, its allocation is in the caller: unknown
    assert got[("helper", "q")] == [(True, None)]
    assert prog.symbols["idx"].extent is None   # extents are given to gathered accesses only


@pytest.mark.parametrize("n, per_ns", [
    # 8n = 8000 B <= 32 KiB: L1's gather, 0.75 ns. The index stream idx[i] (first touch: main
    # memory, 4 B / 8 GB/s = 0.5 ns) overlaps it (max); the double add at its throughput 0.5 ns.
    (1000, 0.75),
    # 8n = 800,000 B: L1 holds 32768/800000 = 0.04096 of the lines, L1+L2 524288/800000 = 0.65536,
    # main the rest 0.34464: 0.04096 x 0.75 + 0.6144 x 1 + 0.34464 x 20 = 7.53792 ns.
    (100000, 7.53792),
    # 8n = 8e7 B: 0.0004096 x 0.75 + 0.006144 x 1 + 0.9934464 x 20 = 19.8753792 ns.
    (10000000, 19.8753792),
])
def test_gather_loop_by_hand(tmp_path, n, per_ns):
    model, loop = _loop(tmp_path, _machine(), n=n, m=1000)
    assert _per_iteration(model, loop, n, 1000) == pytest.approx(per_ns * NS)
    assert any(k[0] == "gather" and "random lines of 8*n bytes" in v for k, v in model.notes.items())


def test_without_gather_values_the_stream_cost_stays(tmp_path):
    """A machine calibrated before the gather benchmark: the access keeps the cost it had (the
    model with the access not marked as a gather), and a note says what is missing."""
    old, loop = _loop(tmp_path, _machine(GATHER1=1, GATHER2=1, GATHERM=1), n=10000000)
    kept = _per_iteration(old, loop, 10000000, 1000)
    note = next(v for k, v in old.notes.items() if k[0] == "gather")
    assert "levels.L1.random_size, levels.L1.gather" in note and "main.gather" in note
    stream, loop2 = _loop(tmp_path, _machine(GATHER1=1, GATHER2=1, GATHERM=1), n=10000000)
    for a in loop2.body:
        if isinstance(a, Seq):
            for acc in a.accesses:
                acc.gathered = False
    assert kept == pytest.approx(_per_iteration(stream, loop2, 10000000, 1000))
    assert not any(k[0] == "gather" for k in stream.notes)
    assert kept < 19 * NS  # the gather model's 19.9 ns is not used


def test_unknown_extent_keeps_the_stream_cost_with_a_note(tmp_path):
    src = SRC.replace("double *x = malloc(n * sizeof(double));",
                      "double *x = malloc(n * sizeof(double));\n    x = malloc(m * sizeof(double));")
    model, loop = _loop(tmp_path, _machine(), src=src, n=10000000)
    assert _per_iteration(model, loop, 10000000, 1000) < 19 * NS
    note = next(v for k, v in model.notes.items() if k[0] == "gather")
    assert "the size of x is not known" in note


# node_bench gather output of one run (the Zen 2 VM, 2026-11-23), and /sys caches of that VM
GATHER_OUT = """gather_16384 4.788469e-10
gather_262144 7.392298e-10
gather_4194304 1.149778e-09
gather_268435456 2.717768e-08
"""
CACHES = {"L1d": {"size": 32 << 10}, "L1i": {"size": 32 << 10}, "L2": {"size": 512 << 10}, "L3": {"size": 16 << 20}}
SWEEP = {"levels.L1.size": 5931584.0, "levels.L2.size": 8388608.0, "levels.L3.size": 16777216.0}


def test_calibration_sizes_and_values():
    # random capacity: the /sys size, at most half the sweep's: L1 min(32 KiB, 2.9 MB) = 32 KiB,
    # L2 min(512 KiB, 4 MiB) = 512 KiB, L3 min(16 MiB, 8 MiB) = 8 MiB
    assert [levels.random_capacity(k, SWEEP, CACHES) for k in ("L1", "L2", "L3")] == [32768, 524288, 8388608]
    # gathered within half of each (powers of two); main memory: max(chase 64 MiB, 32 x 8 MiB)
    # = 256 MiB
    sizes = levels.gather_sizes(SWEEP, CACHES, 67108860.0)
    assert sizes == {"L1": 16384, "L2": 262144, "L3": 4194304, "main": 268435456}
    values = levels.gathers(fit.parse_gather(GATHER_OUT), sizes, SWEEP, CACHES)
    assert values["levels.L2.gather"] == 7.392298e-10 and values["levels.L3.random_size"] == 8388608
    assert values["main.gather"] == 2.717768e-08 and "main.random_size" not in values


def test_written_file_has_gather_values_and_loads():
    from tests.test_calibrate import NODE_OUT
    from tests.test_working_set import SWEEP as SWEEP_OUT

    values = fit.node_values(fit.parse_node(NODE_OUT + SWEEP_OUT), ["L1", "L2", "L3"])
    values["chase_bytes"] = 67108860.0
    values |= levels.gathers(fit.parse_gather(GATHER_OUT), levels.gather_sizes(SWEEP, CACHES, 67108860.0),
                             SWEEP, CACHES)
    info = HostInfo("h", "2026-11-23", "gcc", "-O2", 2, caches=CACHES)
    text = render(info, fit.over_runs([values]), None)
    assert "within 256 MiB (node_bench gather)" in text
    mem = loads(text, "host.yaml").find("SAU-000").effective("memory")
    mid = Bound.parse("mid")
    assert mem["levels.L3.gather"].value(mid) == pytest.approx(1.15e-9)     # 4 digits written
    assert mem["levels.L3.random_size"].value(mid) == 8388608
    mem_main = loads(text, "host.yaml").find("SAU-001").effective("memory")
    assert mem_main["main.gather"].value(mid) == pytest.approx(2.718e-8)
    assert mem_main["main.gather_span"].value(mid) == 256 * 1024 * KIB


def test_beyond_the_last_level_the_time_grows_per_doubling():
    # L3 holds 2 MiB of random lines at 1 ns; main memory's 20 ns were measured within 128 MiB,
    # 6 doublings above: 19/6 ns a doubling. 16 MiB (3 doublings): 1 + 9.5 = 10.5 ns; 512 MiB
    # (8): 1 + 25.33 = 26.33 ns, over the 25 ns ceiling (main.fetch): 25 ns
    mib = 1 << 20
    g = Gathers([GatherLevel("L3", 2 * mib, 1 * NS), GatherLevel("main", float("inf"), 20 * NS)],
                span=128 * mib, ceiling=25 * NS)
    assert float(g.time(16 * mib)) == pytest.approx(10.5 * NS)
    assert float(g.time(128 * mib)) == pytest.approx(20 * NS)
    assert float(g.time(512 * mib)) == pytest.approx(25 * NS)
    assert float(g.time(1 * mib)) == pytest.approx(1 * NS)           # within L3: the mix, L3's time
    n = S.var("n")
    assert float(g.time(8 * n).xreplace({n: 2 * mib})) == pytest.approx(10.5 * NS)
    # without the span: main memory's time for every line beyond L3 (7/8 of 16 MiB's)
    plain = Gathers([GatherLevel("L3", 2 * mib, 1 * NS), GatherLevel("main", float("inf"), 20 * NS)])
    assert float(plain.time(16 * mib)) == pytest.approx((1 / 8 * 1 + 7 / 8 * 20) * NS)


def test_one_calibration_run_gathers_at_the_sizes_its_sweep_gives(monkeypatch):
    """driver._node_run: node_bench, its chase, then its gather at levels.gather_sizes; the
    asked sizes are those the values are read back at."""
    from interp.calibrate import driver
    from tests.test_calibrate import NODE_OUT
    from tests.test_working_set import SWEEP as SWEEP_OUT

    asked = []

    def run(cmd, timeout=None):
        if cmd[1] == "gather":
            asked.append([int(x) for x in cmd[3:]])
            return "".join(f"gather_{b} {1e-9 * (k + 1):.6e}\n" for k, b in enumerate(cmd[3:]))
        if cmd[1] == "chase":
            return "".join(f"chase_{int(b)} 1e-9\n" for b in cmd[3:])
        return NODE_OUT + SWEEP_OUT

    monkeypatch.setattr(driver.tools, "run", run)
    values = driver._node_run("node_bench", 1.0, 16 << 20, 32 << 10, 512 << 10, CACHES)
    sizes = levels.gather_sizes(values, CACHES, values["chase_bytes"])
    assert asked == [sorted(set(sizes.values()))]
    # the k-th size asked (ascending) was answered (k + 1) ns: L1 < L2 < L3 < main
    assert [values[f"levels.{n}.gather"] for n in ("L1", "L2", "L3")] == pytest.approx([1e-9, 2e-9, 3e-9])
    assert values["main.gather"] == pytest.approx(4e-9)


def test_fortran_gather_of_a_declared_array(tmp_path):
    from frontends.load import load_program

    f = tmp_path / "g.f90"
    f.write_text("""program g
  implicit none
  integer, parameter :: n = 1000
  double precision :: x(n), s
  integer :: idx(n), i
  do i = 1, n
    idx(i) = mod(i * 7, n) + 1
  end do
  s = 0
  do i = 1, n
    s = s + x(idx(i)) + x(i)
  end do
  print *, s
end program
""")
    prog = load_program(str(f))
    reads = [acc for fn in prog.functions.values() for a in fn.body for x in a.walk() if isinstance(x, Seq)
             for acc in x.accesses if acc.name == "x"]
    # x(idx(i)): 1000 doubles declared, 8000 B; x(i) is a stream
    assert [(acc.gathered, acc.extent) for acc in reads] == [(True, 8000), (False, None)]


# A histogram of a generator written out: the bin is computed from a linear congruential step
# (critical.py _generator_step), so its elements are random lines of hist's 8n bytes, and the
# increment's store writes the line its load brought.
HIST = """
#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    int m = atoi(argv[2]);
    long *hist = calloc(n, sizeof(long));
    unsigned long x = 12345;
    int i;
    for (int j = 0; j < n; j++)
        hist[j] = 0;
    for (i = 0; i < m; i++) {
        x = x * 6364136223846793005UL + 1442695040888963407UL;
        hist[(x >> 33) % n]++;
    }
    return hist[0] > 0;
}
"""


def test_generator_written_out_is_random_and_an_update_is_one_line(tmp_path):
    model, loop = _loop(tmp_path, _machine(), src=HIST, n=10000000)
    accs = [acc for a in loop.body if isinstance(a, Seq) for acc in a.accesses if acc.name == "hist"]
    assert {acc.kind for acc in accs} == {"fetch", "store"}
    assert all(acc.gathered and acc.stride is None and str(acc.extent) == "8*n" for acc in accs)
    # 8n = 8e7 B: one random line 19.8753792 ns (test_gather_loop_by_hand); the store's
    # write-back: 0 at best, the line again at worst, half at mid. The core's ops are far below.
    line = 19.8753792
    for bound, per in (("mid", 1.5 * line), ("best", line), ("worst", 2 * line)):
        other = type(model)(model.sau, Bound.parse(bound), model.runtime, model.functions, {})
        assert _per_iteration(other, loop, 10000000, 1000) == pytest.approx(per * NS, rel=1e-9), bound


@pytest.mark.parametrize("step, random", [
    ("x = x * 6364136223846793005UL + 1;", True),      # a 64-bit LCG
    ("x = (16807 * x) % 2147483647;", True),             # Park-Miller
    ("x ^= x << 13;", True),                             # xorshift
    ("x = x ^ (x >> 7);", True),
    ("x *= 69069;", True),
    ("x = x * 2 + 1;", False),                           # a count's growth, not a generator
    ("x = x + 7;", False),
])
def test_generators_written_out(tmp_path, step, random):
    from frontends.c.critical import _generator_step
    from pycparser import c_parser
    body = c_parser.CParser().parse("void f(void) { unsigned long x; " + step + " }").ext[0].body.block_items[1]
    assert _generator_step(body.lvalue.name, body.op, body.rvalue) is random


def test_a_subscript_from_rand_is_a_gather(tmp_path):
    # a[rand() % n] and a[r] with r = rand() % n: random elements of a's 8n bytes
    src = SRC.replace("s += x[idx[i]];", "{ int r = rand() % n; s += x[rand() % n] + x[r]; }")
    model, loop = _loop(tmp_path, _machine(), src=src, n=1000)
    accs = [acc for a in loop.body if isinstance(a, Seq) for acc in a.accesses if acc.name == "x"]
    assert len(accs) == 2 and all(acc.gathered and acc.stride is None for acc in accs)
