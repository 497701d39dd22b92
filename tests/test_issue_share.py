"""The core's ports shared with another hardware thread (processing.compiled.issue_share).

On a virtual machine whose core is one hardware thread of a physical core, a loop bound by the
core's ports slows while the other thread runs another tenant; a loop bound by a dependence chain
does not. Calibrate measures the share (node_bench share: an L1 triad's chunks over a dependent
add chain's, the 1st percentile over the mean); the compiled model stretches each analyzer's
bound from the ports alone to 1 / share (interp/models/loop_code.py; docs/model.md). The
figures here come from recorded llvm-mca 14 and OSACA 0.7.1 reports (no analyzer is run).
"""
from __future__ import annotations

import pytest

from sag import loads
from sag.parameter import Bound

from interp.calibrate import fit
from interp.calibrate.writer import render
from interp.errors import InputError
from interp.models import mca, osaca_tool
from interp.models.compiled import CompiledModel
from interp.models.loop_code import LoopCode, core_range, shared_passes
from tests.test_calibrate import _info, _node_stats
from tests.test_compiled_model import DATA, MACHINE, NS, _at, _model


def _mca(name: str) -> mca.McaResult:
    return mca.parse_output(*((DATA / f"mca_{name}_{n}.txt").read_text() for n in (100, 500)))


def _triad() -> LoopCode:
    """The scalar triad on Zen 3 (movsd, mulsd, addsd from memory, movsd store, addq, cmpq, jne):
    llvm-mca (769 - 169) / 400 = 1.5 cycles a pass, Block RThroughput 1.5; OSACA ports 1.0, LCD
    1.0 (the counter)."""
    m, o = _mca("triad_zen3"), osaca_tool.parse_output((DATA / "osaca_triad_zen3.txt").read_text())
    assert (m.cycles, m.block_rthroughput, o.ports, o.lcd) == (1.5, 1.5, 1.0, 1.0)
    return LoopCode(m.cycles, 1, "recorded", [], "main", [], o.cycles, ports=(m.block_rthroughput, o.ports))


def test_a_port_bound_loop_stretches_to_its_share():
    code = _triad()
    cycle = 0.334 * NS
    # alone: the analyzers' 1.0 and 1.5 cycles a pass, one iteration a pass
    assert core_range(code, cycle, 0.0) == pytest.approx((1.0 * cycle, 1.5 * cycle))
    # share 0.625: OSACA max(1.0, 1.0 / 0.625) = 1.6, llvm-mca max(1.5, 1.5 / 0.625) = 2.4
    assert shared_passes(code, 0.625) == pytest.approx([2.4, 1.6])
    lo, hi = core_range(code, cycle, 0.0, 0.625)
    assert (lo, hi) == pytest.approx((0.5344 * NS, 0.8016 * NS))
    # a floor (divider, front end, carried chain) above both still decides
    assert core_range(code, cycle, 1.0 * NS, 0.625) == pytest.approx((1.0 * NS, 1.0 * NS))


def test_a_chain_bound_loop_keeps_its_time():
    # Horner on Zen 2, recorded: llvm-mca's unfolded block (3009 - 609) / 400 = 6 cycles a pass
    # with Block RThroughput 1.3; OSACA ports 0.5, LCD 6.0 (mulsd 3 + addsd 3). At half the ports
    # the bounds become 2.6 and 1.0 cycles, under the chain's 6: unchanged.
    m, o = _mca("horner_unfolded"), osaca_tool.parse_output((DATA / "osaca_horner.txt").read_text())
    assert (m.cycles, m.block_rthroughput, o.ports, o.cycles) == (6.0, 1.3, 0.5, 6.0)
    code = LoopCode(m.cycles, 1, "recorded", [], "main", [], o.cycles, ports=(m.block_rthroughput, o.ports))
    assert shared_passes(code, 0.5) == [6.0, 6.0]
    assert core_range(code, NS, 0.0, 0.5) == core_range(code, NS, 0.0)


def test_a_bound_above_the_simulation_changes_nothing_alone():
    # llvm-mca's static Block RThroughput (1.3) can exceed its simulated 1.25 cycles: taken as
    # 1.25, so a file without issue_share (share 1) predicts what it predicted before
    code = LoopCode(1.25, 4, "recorded", [], "add", [], 1.0, ports=(1.3, 1.0))
    assert shared_passes(code, 1.0) == [1.25, 1.0]
    assert shared_passes(code, 0.5) == [2.5, 2.0]


SHARED = MACHINE.replace("cycle: 1 ns}", "cycle: 1 ns, issue_share: 0.5}")


def test_the_compiled_model_costs_a_vector_loop_at_its_share(tmp_path, monkeypatch):
    # tests/test_compiled_model.py's vector loop (4 iterations a pass, memory 0.0828 ns an
    # iteration): llvm-mca 1.25 cycles a pass (its bound 1.3, taken as 1.25), OSACA 1.0 (ports
    # 1.0). At share 0.5: 2.5 and 2.0 cycles; mid (2.0 + 2.5) / 2 / 4 x 1 ns = 0.5625 ns an
    # iteration (0.28125 alone); 100 iterations and the loop's fixed 5 ns.
    assert "issue_share: 0.5" in SHARED
    fast = SHARED.replace("bandwidth: 64 GB/s", "bandwidth: 640 GB/s")
    model, _, prog = _model(tmp_path, monkeypatch, asm="vector", src="vector", machine=fast)
    assert type(model) is CompiledModel
    loop = next(a for a in prog.functions["add"].body if a.__class__.__name__ == "Iter")
    assert _at(model.iterd(loop)) == pytest.approx(5 * NS + 100 * 0.5625 * NS)
    note = model.notes[("compiled", loop.id)]
    assert "issue share 0.5 (processing.compiled.issue_share)" in note and "0.563 ns per iteration" in note


def test_a_share_of_zero_is_refused(tmp_path, monkeypatch):
    zero = MACHINE.replace("cycle: 1 ns}", "cycle: 1 ns, issue_share: 0}")
    model, _, prog = _model(tmp_path, monkeypatch, asm="vector", src="vector", machine=zero)
    loop = next(a for a in prog.functions["add"].body if a.__class__.__name__ == "Iter")
    with pytest.raises(InputError, match="issue_share is 0"):
        model.iterd(loop)


def test_calibrate_writes_the_share_over_runs():
    # node_bench share's ratios (triad over chain): low / mean per run -> 0.28 / 0.5 = 0.56,
    # 0.3 / 0.5 = 0.6, 0.27 / 0.45 = 0.6; a run whose triad never slowed gives at most 1
    got = [fit.share_values({"share_mean": m, "share_low": lo}) for m, lo in ((0.5, 0.28), (0.5, 0.3), (0.45, 0.27))]
    assert [g["compiled.issue_share"] for g in got] == pytest.approx([0.56, 0.6, 0.6])
    assert fit.share_values({"share_mean": 0.3, "share_low": 0.31}) == {"compiled.issue_share": 1.0}
    assert fit.share_values({}) == {}
    node = _node_stats()
    node["compiled.issue_share"] = fit.Stat.of([g["compiled.issue_share"] for g in got])
    node["throughput.double_add"] = fit.Stat.of([0.3e-9])  # the compiled model needs throughputs
    info = _info()
    info.cpu = "znver3"
    text = render(info, node, None)
    assert "model: compiled" in text
    assert "issue_share: [0.56, 0.6]    # median 0.6, 3 runs    # node_bench share" in text
    proc = loads(text, "host.yaml").by_role("compute")[0].effective("processing")
    share = proc["compiled.issue_share"]
    # a fraction: its best end is the larger share, its worst the smaller
    assert share.value(Bound.parse("best")) == pytest.approx(0.6)
    assert share.value(Bound.parse("worst")) == pytest.approx(0.56)
    assert share.value(Bound.parse("mid")) == pytest.approx(0.58)


def test_a_loop_that_divides_keeps_its_time(tmp_path, monkeypatch):
    """halo_large's (a + b + c) / 3.0: llvm-mca's port bound, 5 cycles a pass, is the divider's
    pipe, which the calibration's triad does not use; the divider floor costs the divisions."""
    model, _, prog = _model(tmp_path, monkeypatch, asm="vector", src="vector", machine=SHARED)
    plain = LoopCode(1.5, 1, "recorded", [], "main", [], 1.0, ports=(1.5, 1.0))
    divides = LoopCode(5.0, 1, "recorded", [], "main", ["double_div"], None, ports=(5.0,))
    assert model.share_for(plain) == 0.5 and model.share_for(divides) == 1.0
