"""The roofline (throughput) node model: hand-derived values, opcount unchanged, calibrate selects it."""
import pytest

from frontends.aag import Iter, Seq
from interp.calibrate import fit
from interp.calibrate.writer import HostInfo, render
from interp.engine.algorithm import Engine
from interp.engine.options import EngineOptions
from interp.models.omega import NodeModel
from interp.pipeline import load_machine, load_programs, predict, resolve_inputs
from interp.models.roofline import RooflineModel
from sag import Bound

NS = 1e-9
# interp run samples/trapezoid_mpi.c --machine ipsc860 --procs 2 -D n=100000 -D reps=2, at the
# commit before the roofline model (git archive HEAD, run in a clean copy).
EXPECTED_IPSC860 = 0.6273991575

MACHINE = """
name: roofline test machine
sag:
  id: R
  processing: compound
  children:
    - id: N
      role: compute
      count: 1
      processing:
        clock: 1 GHz
        model: {model}
        ops: {{int_add: 1 ns, double_add: 4 ns, double_div: 20 ns}}
        throughput: {{int_add: 0.25 ns, int_mul: 0.25 ns, double_add: 0.5 ns, double_div: 4 ns, per_iter: 0 ns}}
        iter: {{fixed: 7 ns, per_iter: 10 ns}}
      memory:
        cache: {{size: 32 KiB, block: 64 B, bandwidth: 32 GB/s}}
        main: {{bandwidth: {main}}}
        fetch: 1 ns
        fetch_miss: 100 ns
        store: 1 ns
        store_miss: 100 ns
"""

# One Seq with 2 double adds, 1 double div (and the int mul of 2 * i) and a stride-2 access
# to a double array.
SRC = """
double a[1000000];
int main(void)
{
    int i;
    double x = 1.5, y = 2.0, s = 0.0;
    for (i = 0; i < 1000; i++)
        s = a[2 * i] + x + y / x;
    return 0;
}
"""

# Trip count of the loop, and a small function the compiler inlines.
CALLS = """
static double f(double x)
{
    return 4.0 / (1.0 + x * x);
}

int main(void)
{
    int i;
    double s = 0.0;
    for (i = 0; i < 1000; i++)
        s = s + f(i * 0.001);
    return 0;
}
"""


def _engine(tmp_path, src, model="roofline", main="4 GB/s", machine=None):
    c = tmp_path / "p.c"
    c.write_text(src)
    if machine is None:
        machine = tmp_path / "m.yaml"
        machine.write_text(MACHINE.format(model=model, main=main))
    programs = load_programs([str(c)])
    sag = load_machine(str(machine))
    inputs = resolve_inputs(programs, {}, False)
    engine = Engine(programs, sag, 1, inputs, EngineOptions(bound=Bound.parse("mid")))
    return engine, programs[0], sag


def _nodes(prog):
    loop = next(a for a in prog.functions["main"].body if isinstance(a, Iter))
    return loop, loop.body[0]


@pytest.mark.parametrize("main, seq_ns", [
    # memory-bound: a[2*i] stride 2 x 8 B / 64 B block -> miss ratio 0.25: 16 B from main at 4 GB/s
    # = 4 ns, 0.75 x 8 = 6 B from the cache at 32 GB/s = 0.1875 ns; compute = max(2 x 0.5 + 0.25
    # (int mul), 4 (divider)) = 4 ns; scalars x, y, s, i cost nothing
    ("4 GB/s", 4.1875),
    # compute-bound: 16 B at 64 GB/s = 0.25 ns + 0.1875 ns < divider 4 ns
    ("64 GB/s", 4.0),
])
def test_seq_and_loop_by_hand(tmp_path, main, seq_ns):
    engine, prog, sag = _engine(tmp_path, SRC, main=main)
    model = engine._model(sag.find("N"), prog)
    assert type(model) is RooflineModel
    loop, seq = _nodes(prog)
    assert isinstance(seq, Seq)
    assert (seq.counts.ops["double_add"], seq.counts.ops["double_div"]) == (2, 1)
    assert set(seq.counts.ops) <= {"double_add", "double_div", "int_mul_pow2"}  # 2 * i: a shift
    acc = next(a for a in seq.accesses if a.name == "a")
    assert (acc.stride, acc.elem_size, acc.is_array) == (2, 8, True)
    assert float(model.seq(seq)) == pytest.approx(seq_ns * NS)
    # Loop: fixed (no throughput value: iter's 7 ns, not 10 ns per iteration) + 1000 x max(ops
    # (2 x 0.5 + 0.25 ns) + per_iter (0) + the condition, divider 4 ns, memory).
    assert loop.num_iters == 1000
    assert float(model.iterd(loop)) == pytest.approx(7 * NS + 1000 * seq_ns * NS)


def test_opcount_setting_keeps_the_latency_model(tmp_path):
    engine, prog, sag = _engine(tmp_path, SRC, model="opcount")
    model = engine._model(sag.find("N"), prog)
    assert type(model) is NodeModel
    loop, seq = _nodes(prog)
    # Latencies add: 2 x 4 + 20 ns of operations plus the memory model's accesses.
    ops = 2 * 4 + 20
    assert float(model.seq(seq)) >= ops * NS
    assert float(model.seq(seq)) > 4.1875 * NS * 5


def test_small_function_is_inlined_without_call_overhead(tmp_path):
    engine, prog, sag = _engine(tmp_path, CALLS)
    model = engine._model(sag.find("N"), prog)
    call = next(a for a in _nodes(prog)[0].body if a.cls == "Call")
    callee = prog.functions["f"].body
    seq = next(a for a in callee if isinstance(a, Seq))
    assert model.inlined(call) is seq
    assert float(model.call(call)) == pytest.approx(float(model.seq(seq)))


def test_ipsc860_unchanged():
    """The paper's machine has no model setting: the opcount NodeModel, same predictions."""
    args = (["samples/trapezoid_mpi.c"], "ipsc860", 2, ["n=100000", "reps=2"])
    # Recorded before the roofline model existed (the opcount model is untouched).
    assert predict(*args, interactive=False).result.total == pytest.approx(EXPECTED_IPSC860)


def test_ipsc860_uses_node_model(tmp_path):
    c = tmp_path / "p.c"
    c.write_text(SRC)
    programs = load_programs([str(c)])
    sag = load_machine("ipsc860")
    engine = Engine(programs, sag, 1, resolve_inputs(programs, {}, False), EngineOptions(bound=Bound.parse("mid")))
    engine.run()
    assert engine.models and all(type(m) is NodeModel for m in engine.models.values())


TPUT_OUT = """tput_int_add 1.0e-10
tput_int_mul 3.5e-10
tput_int_div 2.3e-09
tput_real_add 1.6e-10
tput_real_mul 1.7e-10
tput_real_div 1.1e-09
tput_double_add 1.6e-10
tput_double_mul 1.7e-10
tput_double_div 1.5e-09
tput_conv 4.0e-10
tput_iter -2.0e-11
cache_bw 4.0e+10
"""


def test_calibrated_file_selects_roofline(tmp_path):
    from tests.test_calibrate import NODE_OUT

    values = fit.node_values(fit.parse_node(NODE_OUT + TPUT_OUT))
    assert values["throughput.double_div"] == pytest.approx(1.5e-9)
    assert values["throughput.per_iter"] == 0.0  # negative difference clamped
    assert values["throughput.int_to_real"] == pytest.approx(4e-10)
    assert values["cache.bandwidth"] == pytest.approx(4e10)
    values["chase_bytes"] = 5.36870912e+08
    node = fit.over_runs([values])
    info = HostInfo("h", "2026-01-01", "gcc", "-O2", 2,
                    caches={"L1d": {"size": 48 << 10, "block": 64, "assoc": 12},
                            "L2": {"size": 2 << 20, "block": 64, "assoc": 16}})
    text = render(info, node, None)
    assert "model: roofline" in text
    path = tmp_path / "host.yaml"
    path.write_text(text)
    engine, prog, sag = _engine(tmp_path, CALLS, machine=path)
    engine.run()
    assert engine.models and all(type(m) is RooflineModel for m in engine.models.values())
    model = next(iter(engine.models.values()))
    assert model.op_time("double_div") == pytest.approx(1.5e-9)
    assert model.bandwidth("cache.bandwidth") == pytest.approx(4e10)


def test_calibrated_file_without_throughput_stays_opcount():
    from tests.test_calibrate import NODE_OUT

    values = fit.node_values(fit.parse_node(NODE_OUT))
    values["chase_bytes"] = 5.36870912e+08
    text = render(HostInfo("h", "2026-01-01", "gcc", "-O2", 2), fit.over_runs([values]), None)
    assert "model: opcount" in text
