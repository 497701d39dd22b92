"""Every Table 1-3 value of the shipped ipsc860 machine after unit conversion (paper 001)."""
import pytest

import sag
from sag import Bound

CLK = 1 / 40e6  # Table 1: 40 MHz, 2.5e-8 s
LO, HI = Bound("min"), Bound("max")


@pytest.fixture(scope="module")
def cube():
    return sag.open_machine("ipsc860").find("SAU-0010")


def _val(cube, comp, key, bound=LO):
    return cube.effective(comp)[key].value(bound)


# (key, Table 1 minimum, Table 1 maximum), in seconds, computed by hand from the clock counts.
TABLE1 = [
    ("ops.int_add", 1 * CLK, 1 * CLK),
    ("ops.real_add", 1 * CLK, 1 * CLK),
    ("ops.int_mul", 2 * CLK, 3 * CLK),
    ("ops.real_mul", 2 * CLK, 3 * CLK),
    ("ops.int_div", 1.106e-6 + 1 * CLK, 1.256e-6 + 2 * CLK),
    ("ops.real_div", 2.241e-6 + 2 * CLK, 2.391e-6 + 5 * CLK),
    ("ops.int_to_real", 8 * CLK, 14 * CLK),
    ("ops.real_to_int", 1 * CLK, 2 * CLK),
    ("iter.fixed", 5 * CLK, 10 * CLK),
    ("iter.per_iter", 8 * CLK, 14 * CLK),
    ("iter.fixed_step", 1.106e-6 + 10 * CLK, 1.256e-6 + 17 * CLK),
    ("iter.per_iter_step", 10 * CLK, 17 * CLK),
    ("cond.per_condition", 1 * CLK, 1 * CLK),
    ("cond.branch_taken", 1 * CLK, 1 * CLK),
    ("call.per_call", 1 * CLK, 2 * CLK),
    ("lib.float", 7 * CLK, 15 * CLK),
    ("lib.abs", 4 * CLK, 7 * CLK),
    ("machine.numnodes", 5.552e-7, 5.683e-7),
    ("machine.mynode", 5.302e-7, 5.421e-7),
]


@pytest.mark.parametrize("key,lo,hi", TABLE1)
def test_table1_processing(cube, key, lo, hi):
    assert _val(cube, "processing", key, LO) == pytest.approx(lo, rel=1e-12)
    assert _val(cube, "processing", key, HI) == pytest.approx(hi, rel=1e-12)


def test_int_division_max_is_1256ns_plus_two_clocks(cube):
    # Issue 2: "int division max = 1.256e-6 s + 2 clocks at 40 MHz" = 1.306e-6 s.
    assert _val(cube, "processing", "ops.int_div", HI) == pytest.approx(1.306e-6, rel=1e-12)


def test_table1_general(cube):
    p = cube.effective("processing")
    assert p["clock"].value() == 40e6
    assert p["max_procs"].value() == 16
    assert cube.count == 16


TABLE2 = [
    ("cache.size", 8 * 1024, 8 * 1024),
    ("cache.block", 32, 32),
    ("cache.assoc", 2, 2),
    ("icache.size", 4 * 1024, 4 * 1024),
    ("icache.block", 32, 32),
    ("icache.assoc", 2, 2),
    ("main.size", 8 * 1024**2, 8 * 1024**2),
    ("main.page", 4 * 1024, 4 * 1024),
    ("fetch", 1 * CLK, 1 * CLK),
    ("fetch_miss", 6 * CLK, 6 * CLK),
    ("store", 2 * CLK, 2 * CLK),
    ("store_miss", 4 * CLK, 4 * CLK),
    ("main.fetch", 1 * CLK, 3 * CLK),   # "3-1 (pipelined)"
    ("main.store", 1 * CLK, 3 * CLK),
]


@pytest.mark.parametrize("key,lo,hi", TABLE2)
def test_table2_memory(cube, key, lo, hi):
    assert _val(cube, "memory", key, LO) == pytest.approx(lo, rel=1e-12)
    assert _val(cube, "memory", key, HI) == pytest.approx(hi, rel=1e-12)


def test_table2_policies(cube):
    assert cube.setting("memory", "cache.replacement") == "random"
    assert cube.setting("memory", "cache.write_policy") == "write-back"


TABLE3 = [
    ("static_buffer", 100),
    ("static_buffers", 1000),
    ("static.startup", 70e-6),
    ("static.per_byte", 0.42e-6),
    ("static.per_hop", 11e-6),
    ("dynamic.startup", 175e-6),
    ("dynamic.per_byte", 0.36e-6),
    ("dynamic.per_hop", 33e-6),
    ("sync", 67e-6),
]


@pytest.mark.parametrize("key,value", TABLE3)
def test_table3_comm_sync(cube, key, value):
    assert _val(cube, "comm_sync", key) == pytest.approx(value, rel=1e-12)


def test_table3_specifications(cube):
    assert cube.setting("comm_sync", "topology") == "hypercube"
    assert cube.setting("comm_sync", "routing") == "e-cube"
    assert cube.setting("comm_sync", "switching") == "circuit"


def test_static_message_formula(cube):
    # DESIGN.md: one csend of m <= 100 bytes over h hops costs 70e-6 + 0.42e-6*m + 11e-6*h.
    cs = cube.effective("comm_sync")
    m, h = 64, 3
    t = cs["static.startup"].value() + cs["static.per_byte"].value() * m + cs["static.per_hop"].value() * h
    assert t == pytest.approx(70e-6 + 0.42e-6 * 64 + 11e-6 * 3, rel=1e-12)


def test_every_parameter_cites_a_source():
    for name in sag.shipped():
        for sau, key, p in sag.open_machine(name).parameters():
            assert p.source, f"{name}: {sau.id} {key} has no source"
