"""The linked program's loop placement and the front end's bound (interp/models/code_layout.py,
the compiled model's fetch windows, calibrate's fetch_bench fit).

tests/data/layout/: daxpy_mpi.s (benchmarks/validation/daxpy_mpi.c, mpicc over gcc 12.2 -O2 -g -S,
cut after the code) and daxpy_mpi.objdump (main of the same source linked by mpicc -O2 -g,
``objdump -d --no-show-raw-insn -w -j .text``; two one-instruction functions called ``helper``
appended: two static functions of one name). No tool runs here."""
from pathlib import Path

import pytest

from interp.calibrate import fit
from interp.calibrate.build import main_name
from interp.calibrate.fit import Stat
from interp.calibrate.writer import _fetch
from interp.models import asm_loops, code_layout
from interp.models.code_layout import Placed

DATA = Path(__file__).parent / "data" / "layout"
NS = 1e-9


def _placed():
    return code_layout.placed_loops((DATA / "daxpy_mpi.objdump").read_text())


def test_innermost_loops_of_the_executable_with_their_bytes():
    loops = _placed()
    # helper is named twice: left out. main's four innermost loops, each from its label (the
    # backward jump's target) to the instruction after the jump:
    #   1220..1240 (x[i] = 1.0 / ...; 9 instructions), 1278..1295 (daxpy, 7),
    #   12b0..12c5 (part += y[i]*y[i], 6), 132a..1389 (19, the allreduce's loop of main's cold path)
    assert set(loops) == {"main"}
    assert [(p.start, p.end, p.insns) for p in loops["main"]] == [
        (0x1220, 0x1240, 9), (0x1278, 0x1295, 7), (0x12b0, 0x12c5, 6), (0x132a, 0x1389, 19)]


def test_fetch_windows_a_loop_spans():
    # daxpy's loop: bytes 0x1278 .. 0x1294; 0x1278 // 64 = 73 (block 0x1240..0x127f), 0x1294 // 64
    # = 74: two 64-byte windows; within one 32-byte window? 0x1278 // 32 = 147, 0x1294 // 32 = 148: no.
    daxpy = Placed(0x1278, 0x1295, 7)
    assert daxpy.windows(64) == 2 and daxpy.windows(32) == 2 and daxpy.windows(128) == 2  # 0x1280 = 37 x 128
    assert daxpy.windows(256) == 1  # 0x1200 .. 0x12ff
    # 0x1220 .. 0x123f: exactly one 32-byte block and one 64-byte block
    assert Placed(0x1220, 0x1240, 9).windows(32) == 1 and Placed(0x1220, 0x1240, 9).windows(64) == 1
    # 0x132a .. 0x1388: the blocks at 0x1300, 0x1340 and 0x1380: 3
    assert Placed(0x132a, 0x1389, 19).windows(64) == 3


def test_assembly_loops_paired_with_the_executables_by_ordinal_and_size():
    generated = asm_loops.loops((DATA / "daxpy_mpi.s").read_text())
    placed = _placed()
    daxpy = next(g for g in generated if g.lines("daxpy_mpi.c") == {14, 15})
    assert code_layout.match(daxpy, generated, placed, "main") == Placed(0x1278, 0x1295, 7)
    # The executable's main under another name (a shim renamed it): not found under "main".
    assert code_layout.match(daxpy, generated, {"interp_user_main": placed["main"]}, "main") is None
    # One instruction more on the executable's side: not the same code, no placement.
    other = dict(placed, main=[placed["main"][0], Placed(0x1278, 0x1298, 8), *placed["main"][2:]])
    assert code_layout.match(daxpy, generated, other, "main") is None
    # A loop fewer: the ordinals cannot be trusted.
    assert code_layout.match(daxpy, generated, dict(placed, main=placed["main"][1:]), "main") is None


def test_main_as_the_timing_shims_name_it():
    assert main_name("seq", "int main(void) { return 0; }") == "interp_user_main"
    assert main_name("mpi", "MPI_Init(&argc, &argv);") == "main"
    assert main_name("nx", "load(\"node\", -1, 0);") == "nx_host_main"
    assert main_name("nx", "csend(1, buf, 8, 0, 0);") == "nx_node_main"


# -- calibrate: the fetch window -------------------------------------------------------------------
def _stats(inside, c16, c32, c64):
    return {f"fetch.{k}": Stat(v, v, v, 5) for k, v in
            (("inside", inside), ("cross16", c16), ("cross32", c32), ("cross64", c64))}


def test_fetch_window_is_the_first_boundary_whose_crossing_slows_the_loop():
    # Measured on the Zen 2 of docs/calibrate.md: 0.436, 0.439, 0.437, 0.598 ns a pass. 0.439 and
    # 0.437 are within 1.2 x 0.436 = 0.523; 0.598 is not: a 64 B window, 0.598 / 2 = 0.299 ns each.
    window, per = fit.fetch_window(_stats(0.436 * NS, 0.439 * NS, 0.437 * NS, 0.598 * NS))
    assert window == 64 and per.median == pytest.approx(0.299 * NS)
    # An Intel-like front end: crossing 32 B already costs a window (16 B does not).
    window, per = fit.fetch_window(_stats(0.4 * NS, 0.41 * NS, 0.62 * NS, 0.63 * NS))
    assert window == 32 and per.median == pytest.approx(0.31 * NS)
    # No placement slower: no bound.
    assert fit.fetch_window(_stats(0.4 * NS, 0.41 * NS, 0.42 * NS, 0.43 * NS)) is None


def test_a_wider_boundary_that_also_slows_the_loop_gets_its_own_time():
    # The Zen 3 VM (2026-12-02): 0.535 ns inside, 0.581 across 16 B, 0.656 across 32 B (1.23x:
    # the window), 1.241 across 64 B (2.3x): fetch_time_64 is half of 1.241 ns.
    stats = _stats(0.535 * NS, 0.581 * NS, 0.656 * NS, 1.241 * NS)
    window, per = fit.fetch_window(stats)
    assert window == 32 and per.median == pytest.approx(0.328 * NS)
    wider = fit.wider_fetch_times(stats, window)
    assert [w for w, _ in wider] == [64] and wider[0][1].median == pytest.approx(0.6205 * NS)
    lines = _fetch(stats, "")
    assert lines[2].startswith("fetch_time_64: 0.6205 ns") and len(lines) == 3
    # a wider boundary no slower than the window's inside time adds nothing (the Zen 2 figures)
    assert fit.wider_fetch_times(_stats(0.4 * NS, 0.41 * NS, 0.62 * NS, 0.45 * NS), 32) == []


def test_fetch_values_need_every_placement():
    assert fit.fetch_values({"fetch_inside": 1.0, "fetch_cross16": 1.0, "fetch_cross32": 1.0}) == {}
    got = fit.fetch_values({"fetch_inside": 1.0, "fetch_cross16": 2.0, "fetch_cross32": 3.0, "fetch_cross64": 4.0})
    assert got == {"fetch.inside": 1.0, "fetch.cross16": 2.0, "fetch.cross32": 3.0, "fetch.cross64": 4.0}


def test_calibrated_file_writes_the_window_and_its_time():
    lines = _fetch(_stats(0.436 * NS, 0.439 * NS, 0.437 * NS, 0.598 * NS), "  ")
    assert lines[0].startswith("  fetch_window: 64 B    # fetch_bench")
    assert lines[1].startswith("  fetch_time: 0.299 ns")
    assert "not written" in _fetch(_stats(0.4 * NS, 0.4 * NS, 0.4 * NS, 0.4 * NS), "")[0]
    assert "not measured" in _fetch({}, "")[0]
