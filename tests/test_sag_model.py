"""SAG invariants, range policies, run-time expressions and what-if scaling (paper 3.2, 3.4.2)."""
import pytest

import sag
from sag import Bound, ExprError
from sag.whatif import scale, with_runtime

MINIMAL = """
name: tiny
runtime: {load: 0}
sag:
  id: R
  processing: compound
  children:
    - id: N
      role: compute
      count: 4
      processing:
        clock: 50 MHz
        ops: {int_add: [2 clk, 4 clk], real_div: "(1e-6/clk)+3 clk"}
        iter: {per_iter: "10*(1+load) clk"}
      comm_sync:
        static: {startup: 10 us, per_byte: "0.5*(1+load) us", per_hop: 2 us}
        collectives: {bcast: "(20 + 0.1*m)*log2(n) us"}
"""


def node(text=MINIMAL):
    return sag.loads(text).find("N")


def test_clock_conversion_and_expression_with_clk():
    p = node().effective("processing")
    assert p["ops.int_add"].value(Bound("min")) == pytest.approx(2 / 50e6)
    # (1e-6/clk + 3) clocks at 20 ns = 1e-6 + 60e-9
    assert p["ops.real_div"].value() == pytest.approx(1.06e-6)


@pytest.mark.parametrize("bound,expected", [
    ("best", 2), ("min", 2), ("worst", 4), ("max", 4), ("mid", 3), ("min + 0.25*(max-min)", 2.5),
])
def test_range_policies(bound, expected):
    p = node().effective("processing")["ops.int_add"]
    assert p.value(Bound.parse(bound)) == pytest.approx(expected / 50e6)


def test_best_and_worst_bracket_mid():
    p = node().effective("processing")["ops.int_add"]
    assert p.value(Bound.parse("best")) < p.value(Bound.parse("mid")) < p.value(Bound.parse("worst"))


def test_best_for_a_rate_is_the_larger_value():
    text = MINIMAL.replace("per_hop: 2 us}", "per_hop: 2 us}\n        bandwidth: [10 MB/s, 40 MB/s]")
    p = node(text).effective("comm_sync")["bandwidth"]
    assert p.value(Bound.parse("best")) == 40e6
    assert p.value(Bound.parse("worst")) == 10e6


def test_runtime_parameter_expression():
    m = sag.loads(MINIMAL)
    p = m.find("N").effective("comm_sync")["static.per_byte"]
    assert p.value(load=0.0) == pytest.approx(0.5e-6)
    assert p.value(load=0.3) == pytest.approx(0.65e-6)
    loaded = with_runtime(m, [("load", 0.3)])
    assert loaded.runtime["load"] == 0.3 and m.runtime["load"] == 0.0


def test_unknown_runtime_parameter_is_an_error():
    with pytest.raises(ExprError, match="no run-time parameter 'wind'"):
        with_runtime(sag.loads(MINIMAL), [("wind", 1.0)])


def test_operation_argument_expression():
    coll = node().effective("comm_sync")["collectives.bcast"]
    # (20 + 0.1*1000) * log2(16) us = 120 * 4 us
    assert coll.value(m=1000, n=16) == pytest.approx(480e-6)


def test_whatif_scales_a_copy():
    m = sag.loads(MINIMAL)
    s = scale(m, [("comm_sync.per_byte", 0.5)])
    assert s.find("N").effective("comm_sync")["static.per_byte"].value(load=0) == pytest.approx(0.25e-6)
    assert m.find("N").effective("comm_sync")["static.per_byte"].value(load=0) == pytest.approx(0.5e-6)
    assert s.scenario == ("comm_sync.per_byte*0.5",)


def test_whatif_clock_scaling_rescales_clock_counts():
    s = scale(sag.loads(MINIMAL), [("processing.clock", 2)])
    p = s.find("N").effective("processing")
    assert p["clock"].value() == pytest.approx(100e6)
    assert p["ops.int_add"].value(Bound("min")) == pytest.approx(2 / 100e6)
    # the part in seconds (1e-6) does not change; the 3 clocks halve
    assert p["ops.real_div"].value() == pytest.approx(1e-6 + 3 / 100e6)


def test_whatif_speed_divides_times_and_multiplies_rates():
    text = MINIMAL.replace("per_hop: 2 us}", "per_hop: 2 us}\n        bandwidth: [10 MB/s, 40 MB/s]")
    s = scale(sag.loads(text), [("*.speed", 0.8)])
    n = s.find("N")
    p, c = n.effective("processing"), n.effective("comm_sync")
    # times / 0.8: 2 clk at 50 MHz = 40 ns -> 50 ns; (1e-6 + 60e-9) s -> 1.325e-6 s
    assert p["ops.int_add"].value(Bound("min")) == pytest.approx(50e-9)
    assert p["ops.real_div"].value() == pytest.approx(1.325e-6)
    assert c["static.startup"].value() == pytest.approx(12.5e-6)
    assert c["collectives.bcast"].value(m=1000, n=16) == pytest.approx(600e-6)
    # rates * 0.8; the clock and the sizes as described
    assert c["bandwidth"].value(Bound("max")) == pytest.approx(32e6)
    assert p["clock"].value() == pytest.approx(50e6)
    # one component only
    only = scale(sag.loads(text), [("comm_sync.speed", 0.5)]).find("N")
    assert only.effective("processing")["ops.int_add"].value(Bound("min")) == pytest.approx(40e-9)
    assert only.effective("comm_sync")["static.startup"].value() == pytest.approx(20e-6)
    # a later clock what-if still halves the clock-valued times once: 50 ns -> 25 ns
    both = scale(s, [("processing.clock", 2)]).find("N").effective("processing")
    assert both["ops.int_add"].value(Bound("min")) == pytest.approx(25e-9)


def test_whatif_unknown_parameter():
    with pytest.raises(ExprError, match="no parameter matches"):
        scale(sag.loads(MINIMAL), [("comm_sync.warp_speed", 2)])


def test_compound_memory_merges_refining_children():
    cube = sag.open_machine("ipsc860").find("SAU-0010")
    assert cube.component("memory").kind == "compound"
    mem = cube.effective("memory")
    assert "cache.size" in mem and "main.size" in mem


def test_sau_kinds_follow_components():
    m = sag.open_machine("ipsc860")
    assert m.root.kind == "compound"
    for s in m.walk():
        if not s.children:
            assert s.kind == "simple"


def test_expression_whitelist_refuses_code():
    from sag import expr
    for bad in ["__import__('os').system('x')", "m.__class__", "[1,2]", "lambda: 1", "m if h else n",
                "open('f')", "'text'", "m < h"]:
        with pytest.raises(ExprError):
            expr.parse(bad)
    assert float(expr.parse("log2(16) + max(1, 3) * ceil(0.5)")) == pytest.approx(7.0)
