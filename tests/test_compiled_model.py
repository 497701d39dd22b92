"""The compiled node model (issue 15): loops of recorded gcc assembly matched to source loops, the
model's arithmetic on recorded llvm-mca output, its fallbacks and notes, calibrate selecting it.

tests/data/compiled/: kernels.c and kernels.s (gcc 12.2 -O2 -g -S), vector.c and vector.s (gcc
12.2 -O3 -mavx2 -g -S), and llvm-mca 14 reports (-mcpu=znver2, 100 and 500 passes) of the two
loop bodies of kernels.s. Only the last test runs the tools, and is skipped without them."""
import shutil
from pathlib import Path

import pytest
import sympy

from frontends.aag import Access, Iter
from frontends.aag import symexpr as S
from interp.calibrate import fit
from interp.calibrate.hostinfo import march
from interp.calibrate.writer import render
from interp.engine.algorithm import Engine
from interp.engine.options import EngineOptions
from interp.errors import InputError
from interp.models import asm_loops, mca, osaca_tool
from interp.models.compiled import CHAIN, CompiledModel, per_pass
from interp.models.roofline import RooflineModel
from interp.pipeline import load_machine, load_programs, resolve_inputs
from sag import Bound, loads

DATA = Path(__file__).parent / "data" / "compiled"
NS = 1e-9

MACHINE = """
name: compiled model test machine
sag:
  id: R
  processing: compound
  children:
    - id: N
      role: compute
      count: 1
      processing:
        clock: 2 GHz
        model: compiled
        compiled: {cc: gcc, cflags: "-O2", cpu: znver2, cycle: 1 ns}
        ops: {int_add: 1 ns, double_add: 3 ns, double_mul: 4 ns, double_div: 20 ns, int_to_real: 2 ns}
        throughput: {int_add: 0.25 ns, double_add: 0.5 ns, double_mul: 0.5 ns, double_div: 4 ns,
                     int_to_real: 0.5 ns, per_iter: 0 ns, fixed: 5 ns}
        iter: {fixed: 7 ns, per_iter: 10 ns}
        call: {per_call: 2 ns, per_arg: 1 ns}
        lib: {rand: 20 ns, malloc: 50 ns, free: 30 ns, atoi: 10 ns}
        cond: {per_condition: 1 ns, branch_taken: 0 ns}
      memory:
        cache: {size: 32 KiB, block: 64 B, bandwidth: 64 GB/s}
        main: {bandwidth: 64 GB/s}
        fetch: 1 ns
        fetch_miss: 100 ns
        store: 1 ns
        store_miss: 100 ns
"""


def _loops(name):
    return asm_loops.loops((DATA / f"{name}.s").read_text())


def _by_lines(loops, file, lines):
    return next(lp for lp in loops if lp.lines(file) == lines)


# -- the assembly's loops ---------------------------------------------------------------------------
def test_innermost_loops_of_recorded_assembly():
    loops = _loops("kernels")
    # main has the fill loop (lines 12-13), the triangular nest's inner loop (15-16) and its outer
    # loop (14-16, not innermost); a cold block that jumps back over a `ret` is not a loop.
    assert sorted(sorted(lp.lines("kernels.c")) for lp in loops) == [[12, 13], [15, 16]]
    tri = _by_lines(loops, "kernels.c", {15, 16})
    assert [i.mnemonic for i in tri.insns] == ["movsd", "movq", "addq", "mulsd", "addsd", "cmpq", "jne"]
    assert tri.calls() == []
    # the compare that the jump fuses with is not simulated (one dispatch slot on the core)
    assert "cmpq" not in tri.block() and tri.block().splitlines()[-1].split()[0] == "jne"
    fill = _by_lines(loops, "kernels.c", {12, 13})
    assert fill.calls() == ["rand"]                       # call rand@PLT
    assert "call" not in fill.block()                     # the call is costed apart, not simulated


def test_induction_through_a_copied_register():
    # The inner loop compares %rdx, last pass's copy of %rax, which steps 8 B and addresses
    # (%rax): one double per pass.
    tri = _by_lines(_loops("kernels"), "kernels.c", {15, 16})
    ind = asm_loops.induction(tri)
    assert (ind.register, ind.step, ind.bytes) == ("rax", 8, 8)
    x_j = Access("x", "fetch", 8, True, stride=1)
    x_i = Access("x", "fetch", 8, True, stride=0)  # invariant in the inner loop: ignored
    assert per_pass(tri, [x_i, x_j], 1.0)[0] == 1


def test_vectorized_loop_covers_four_iterations_per_pass():
    # gcc -O3 -mavx2: vmovupd/vaddpd on ymm, %rax += 32 addressing (%rsi,%rax): 32 B per pass over
    # 8 B per iteration (a[i], b[i], c[i] are doubles of stride 1) = 4 iterations per pass.
    loops = _loops("vector")
    # add() and its copy inlined in main(); the remainder is straight-line code (an xmm pair, then
    # one scalar), not a loop
    assert sorted((lp.function, sorted(lp.lines("vector.c"))) for lp in loops) == [("add", [6, 7]), ("main", [6, 7])]
    main = loops[0]
    assert main.lines("vector.c") == {6, 7}
    assert asm_loops.lanes(main) == 4  # 32-byte ymm / 8-byte double
    accesses = [Access(n, k, 8, True, stride=1) for n, k in (("b", "fetch"), ("c", "fetch"), ("a", "store"))]
    k, how = per_pass(main, accesses, 1.0)
    assert k == 4 and "32 B per pass" in how
    # a float loop with the same code would advance 4 B per iteration: 8 per pass
    floats = [Access("a", "store", 4, True, stride=1)]
    assert per_pass(main, floats, 1.0)[0] == 8


def test_lanes_when_the_induction_says_nothing():
    loop = asm_loops.AsmLoop("f", 0, 2, [
        asm_loops.Insn("vaddps", ["%ymm1", "%ymm0", "%ymm0"], "\tvaddps %ymm1, %ymm0, %ymm0", "f.c", 3),
        asm_loops.Insn("andpd", ["%xmm2", "%xmm0"], "\tandpd %xmm2, %xmm0", "f.c", 3),
        asm_loops.Insn("jne", [".L2"], "\tjne .L2", "f.c", 3, ".L2")])
    assert asm_loops.induction(loop) is None
    # 32-byte ymm / 4-byte float = 8; the bitwise andpd (fabs) is not arithmetic
    assert per_pass(loop, [], 1.0) == (8, "8 lanes per packed instruction")


# -- llvm-mca's report --------------------------------------------------------------------------------
def test_cycles_per_pass_from_two_reports():
    short, long = ((DATA / f"mca_triangle_{n}.txt").read_text() for n in (100, 500))
    r = mca.parse_output(short, long)
    # Total Cycles 314 for 100 passes, 1514 for 500: (1514 - 314) / 400 = 3.0 cycles, the latency
    # of the add through s (addsd: 3 cycles on Zen 2), where the ports alone allow 1.5 (6
    # instructions, the compare fused with the jump, at 4 a cycle).
    assert r.cycles == pytest.approx(3.0)
    assert r.block_rthroughput == pytest.approx(1.5)
    with pytest.raises(mca.AnalysisError):
        mca.parse_output("no report", long)


# -- the model on recorded output ------------------------------------------------------------------
def _recorded_cycles(block, cpu):
    assert cpu == "znver2"
    if "maxsd" in block:  # select.s: the one loop, nothing folded
        return mca.parse_output(*((DATA / f"mca_select_{n}.txt").read_text() for n in (100, 500)))
    if "vaddpd" in block:  # add()'s loop or its copy in main(): the same instructions
        tag = "_unfolded" if "vmovupd\t(%rdx,%rax)" in block else ""
        return mca.parse_output(*((DATA / f"mca_vector{tag}_{n}.txt").read_text() for n in (100, 500)))
    for name in ("triangle", "fill"):
        lp = _by_lines(_loops("kernels"), "kernels.c", {15, 16} if name == "triangle" else {12, 13})
        if lp.block() == block:
            return mca.parse_output(*((DATA / f"mca_{name}_{n}.txt").read_text() for n in (100, 500)))
        if lp.unfolded() == block:  # the fill's divsd .LC1(%rip) as a load and a register divsd
            return mca.parse_output(*((DATA / f"mca_{name}_unfolded_{n}.txt").read_text() for n in (100, 500)))
    raise AssertionError("unexpected block")


def _recorded_osaca(block, cpu):
    """OSACA 0.7.1 --arch ZEN2 reports of the same blocks (tests/data/compiled/osaca_*.txt)."""
    assert cpu == "znver2"
    k = _loops("kernels")
    names = {"triangle": _by_lines(k, "kernels.c", {15, 16}), "fill": _by_lines(k, "kernels.c", {12, 13}),
             "vector": next(lp for lp in _loops("vector") if lp.function == "add")}
    names["select"] = _loops("select")[0]
    for name, lp in names.items():
        if lp.block() == block or (name == "vector" and "vaddpd" in block):
            return osaca_tool.parse_output((DATA / f"osaca_{name}.txt").read_text())
    raise AssertionError("unexpected block")


def _model(tmp_path, monkeypatch, asm="kernels", analyzer="/usr/bin/llvm-mca", src="kernels", machine=MACHINE):
    monkeypatch.setattr(mca, "assembly", lambda cc, flags, source, extra=(): (DATA / f"{asm}.s").read_text())
    monkeypatch.setattr(mca, "cycles", _recorded_cycles)
    monkeypatch.setattr(osaca_tool, "cycles", _recorded_osaca)
    monkeypatch.setattr(mca, "analyzer", lambda: analyzer)
    c = tmp_path / f"{src}.c"
    c.write_text((DATA / f"{src}.c").read_text())
    m = tmp_path / "m.yaml"
    m.write_text(machine)
    programs = load_programs([str(c)])
    sag = load_machine(str(m))
    engine = Engine(programs, sag, 1, resolve_inputs(programs, {"n": 100}, False),
                    EngineOptions(bound=Bound.parse("mid")))
    model = engine._model(sag.find("N"), programs[0])
    if src != "kernels":
        return model, engine, programs[0]
    loops = [a for a in programs[0].functions["main"].body if isinstance(a, Iter)]
    fill, outer = loops
    return model, engine, fill, outer.body[0]


def test_vectorized_loop_at_a_quarter_pass_per_iteration(tmp_path, monkeypatch):
    fast = MACHINE.replace("bandwidth: 64 GB/s", "bandwidth: 640 GB/s")
    model, _, prog = _model(tmp_path, monkeypatch, asm="vector", src="vector", machine=fast)
    loop = next(a for a in prog.functions["add"].body if isinstance(a, Iter))
    # Recorded llvm-mca: (639 - 139) / 400 = 1.25 cycles per pass of the ymm loop (the unfolded
    # form: (764 - 164) / 400 = 1.5, the larger); recorded OSACA: ports 1.0, LCD 1.0 (the loop
    # counter), 1.0 cycle. The pass covers 4 iterations (%rax += 32 B over 8-byte doubles). No
    # division. Memory at 640 GB/s: b[i], c[i] 2 x (0.125 x 64 + 0.875 x 8) B = 30 B, the store a[i]
    # 0.125 x 64 x 2 + 0.875 x 8 = 23 B: 53 B / 640 GB/s = 0.0828 ns. fixed 5 ns.
    # mid: the core at the analyzers' mean, (1.0 + 1.25) / 2 / 4 x 1 ns = 0.28125 ns > 0.0828 ns.
    assert _at(model.iterd(loop)) == pytest.approx(5 * NS + 100 * 0.28125 * NS)
    note = model.notes[("compiled", loop.id)]
    assert "vector.c:6-7" in note and "1.25 cycles per pass" in note and "4 iterations per pass" in note
    assert "OSACA --arch ZEN2: 1" in note
    mem = 53 / 640 * NS
    for bound, per in (("best", 1.0 / 4 * NS),           # OSACA's, overlapping the memory time
                       ("worst", 1.25 / 4 * NS + mem)):   # llvm-mca's, plus the memory time
        other = CompiledModel(model.sau, Bound.parse(bound), model.runtime, model.functions, {})
        assert _at(other.iterd(loop)) == pytest.approx(5 * NS + 100 * per, rel=1e-3), bound


def _at(expr, n=100):
    return float(expr.xreplace({S.var("n"): n}))


def test_triangular_inner_loop_runs_at_the_add_latency(tmp_path, monkeypatch):
    model, engine, _, inner = _model(tmp_path, monkeypatch)
    assert type(model) is CompiledModel
    # 3.0 cycles per pass (recorded llvm-mca), 1 iteration per pass, 1 ns per cycle: 3 ns per
    # iteration in the core. Memory (no cache levels listed: the accesses' own times): x[j] stride 1
    # misses 8/64 of the time, 0.125 x 64 B at 64 GB/s + 0.875 x 8 B at 64 GB/s = 0.234 ns, x[i]
    # invariant hits, 8 B at 64 GB/s = 0.125 ns; max(3, 0.36) = 3 ns. fixed: throughput.fixed 5 ns.
    value = model.iterd(inner)
    assert value.free_symbols == {S.var("i")}  # the inner trip count is the outer index
    per = (value.xreplace({S.var("i"): 100}) - 5 * NS) / 100
    assert float(per) == pytest.approx(3.0 * NS)
    note = model.notes[("compiled", inner.id)]
    assert "kernels.c:15-16" in note and "3 cycles per pass" in note and "1 iteration per pass" in note
    assert "at least" not in note
    # The pass carries %xmm0 through one addsd: where its measured latency (ops.double_add) is
    # 4 ns, above llvm-mca's 3 cycles at 1 ns, the chain is the floor (asm_chain.py)
    model3, _, _, inner3 = _model(tmp_path, monkeypatch, machine=MACHINE.replace("double_add: 3 ns", "double_add: 4 ns"))
    per3 = (model3.iterd(inner3).xreplace({S.var("i"): 100}) - 5 * NS) / 100
    assert float(per3) == pytest.approx(4.0 * NS)
    assert ("at least 4 ns, the measured latencies (ops.*) of the instructions that carry %xmm0"
            in model3.notes[("compiled", inner3.id)])
    # The roofline model of the same loop charges the multiply and the add at their throughput,
    # 0.5 + 0.5 ns = 1 ns per iteration (above the 0.36 ns of memory): the chain is invisible to it.
    plain = RooflineModel(model.sau, model.bound, model.runtime, model.functions, {})
    roof = plain.iterd(inner).xreplace({S.var("i"): 100})
    assert float((roof - 5 * NS) / 100) == pytest.approx(1.0 * NS)


def test_library_call_kept_by_the_compiler_costs_its_calibrated_time(tmp_path, monkeypatch):
    model, _, fill, _ = _model(tmp_path, monkeypatch)
    # 2.0 cycles per pass (recorded llvm-mca) x 1 ns = 2 ns, but the pass divides once (divsd by
    # RAND_MAX): the divider's throughput.double_div 4 ns bounds the core (LLVM 14's Zen 2 model
    # issues a divsd every cycle). The store x[i] of stride 1 misses 8/64 of the time: 0.125 x 64 B
    # x 2 (write-allocate and write-back) at 64 GB/s + 0.875 x 8 B at 64 GB/s = 0.359 ns < 4 ns.
    # Plus rand(): lib.rand 20 ns + call.per_call 2 ns (no argument) = 22 ns. n = 100 iterations +
    # throughput.fixed 5 ns.
    assert _at(model.iterd(fill)) == pytest.approx(5 * NS + 100 * (4 + 22) * NS)
    note = model.notes[("compiled", fill.id)]
    assert "plus calls 22 ns" in note and "the divider: 1 division per pass" in note


def test_division_instructions_by_class():
    fill = _by_lines(_loops("kernels"), "kernels.c", {12, 13})
    assert asm_loops.divisions(fill) == ["double_div"]  # divsd .LC1(%rip), %xmm0
    tri = _by_lines(_loops("kernels"), "kernels.c", {15, 16})
    assert asm_loops.divisions(tri) == []
    loop = asm_loops.AsmLoop("f", 0, 3, [asm_loops.Insn(m, [], m, "f.c", 1) for m in
                                         ("idivl", "vdivps", "divq", "jne")])
    # divq divides 64-bit operands: a long division (its own calibrated time where measured)
    assert asm_loops.divisions(loop) == ["int_div", "real_div", "long_div"]
    unsuffixed = asm_loops.AsmLoop("f", 0, 2, [asm_loops.Insn("idiv", [r], "idiv", "f.c", 1)
                                               for r in ("%rcx", "%r9d")])
    assert asm_loops.divisions(unsuffixed) == ["long_div", "int_div"]


def test_without_the_analyzer_every_loop_falls_back_with_a_note(tmp_path, monkeypatch):
    model, _, fill, inner = _model(tmp_path, monkeypatch, analyzer=None)
    plain = RooflineModel(model.sau, model.bound, model.runtime, model.functions, {})
    assert _at(model.iterd(fill)) == pytest.approx(_at(plain.iterd(fill)))
    assert model.iterd(inner) == plain.iterd(inner)
    note = model.notes[("compiled", inner.id)]
    assert note.startswith("compiled model: loop at kernels.c:15-16 costed by the roofline model")
    assert "llvm-mca is not installed" in note


def test_unmatched_loop_falls_back_with_its_line(tmp_path, monkeypatch):
    # The assembly of another file: no generated loop comes from kernels.c's lines.
    model, _, fill, _ = _model(tmp_path, monkeypatch, asm="vector")
    plain = RooflineModel(model.sau, model.bound, model.runtime, model.functions, {})
    assert _at(model.iterd(fill)) == pytest.approx(_at(plain.iterd(fill)))
    assert "kernels.c:12-13" in model.notes[("compiled", fill.id)]
    assert "no loop of the generated code" in model.notes[("compiled", fill.id)]


# -- calibrate -------------------------------------------------------------------------------------
def test_calibrate_writes_the_compiled_model():
    from tests.test_calibrate import NODE_OUT, _info
    from tests.test_roofline import TPUT_OUT

    assert march(text="  -march=                     \t\tznver2\n  -mtune= znver2\n") == "znver2"
    assert march(text="  -march=  native\n") is None
    one = fit.node_values(fit.parse_node(NODE_OUT + TPUT_OUT)) | {"chase_bytes": 5.36870912e+08}
    node = fit.over_runs([one, {k: v * 1.25 for k, v in one.items()}])  # two runs: a range
    info = _info()
    text = render(info, node, None)
    assert "model: roofline" in text and "compiled:" not in text  # no CPU name: roofline
    info.cpu = "znver2"
    text = render(info, node, None)
    assert "model: compiled" in text
    sau = loads(text, "host.yaml").by_role("compute")[0]
    assert sau.setting("processing", "model") == "compiled"
    assert sau.setting("processing", "compiled.cpu") == "znver2"
    assert (sau.setting("processing", "compiled.cc"), sau.setting("processing", "compiled.cflags")) == ("gcc", "-O2")
    # no cycle is written: the model takes ops.double_add over llvm-mca's cycles for an addsd chain
    assert "compiled.cycle" not in sau.effective("processing")
    assert "ops.double_add" in sau.effective("processing")
    assert "throughput:" in text  # the roofline values stay: the fallback


# -- the real tools ----------------------------------------------------------------------------------
@pytest.mark.skipif(shutil.which("gcc") is None or mca.analyzer() is None, reason="needs gcc and llvm-mca")
def test_gcc_and_llvm_mca_on_the_triangular_loop(monkeypatch, tmp_path):
    monkeypatch.setenv("INTERP_CACHE_DIR", str(tmp_path))
    asm = mca.assembly("gcc", ["-O2"], str(DATA / "kernels.c"))
    tri = _by_lines(asm_loops.loops(asm), "kernels.c", {15, 16})
    r = mca.cycles(tri.block(), "znver2")
    # bound by the add chain through s: an add latency (3 cycles on Zen 2 in LLVM's model, 3-4
    # on other x86 cores), above the ports' bound
    assert 2.5 <= r.cycles <= 4.5 and r.cycles > r.block_rthroughput
    assert mca.cycles(tri.block(), "znver2") == r  # the second time from the cache


@pytest.mark.skipif(mca.analyzer() is None, reason="needs llvm-mca")
def test_a_cpu_llvm_mca_does_not_know_is_an_input_error(tmp_path, monkeypatch):
    monkeypatch.setenv("INTERP_CACHE", "0")
    monkeypatch.setattr(mca, "assembly", lambda cc, flags, source, extra=(): (DATA / "kernels.s").read_text())
    c = tmp_path / "kernels.c"
    c.write_text((DATA / "kernels.c").read_text())
    m = tmp_path / "m.yaml"
    m.write_text(MACHINE.replace("cpu: znver2", "cpu: zen9"))
    programs = load_programs([str(c)])
    sag = load_machine(str(m))
    engine = Engine(programs, sag, 1, resolve_inputs(programs, {"n": 100}, False),
                    EngineOptions(bound=Bound.parse("mid")))
    with pytest.raises(InputError, match=r"^N: processing.compiled.cpu 'zen9': llvm-mca does not know this CPU"):
        engine.run()


# -- folded loads and the cycle --------------------------------------------------------------------
def test_a_folded_load_is_unfolded_for_the_chain():
    """Horner's p = p*x + c[k] (horner_mini.s, gcc 12.2 -O2): gcc folds c[k]'s load into the addsd.
    Recorded llvm-mca 14 on znver2: the folded block (1004 cycles for 100 passes, 5004 for 500)
    runs 10 cycles a pass, the multiply (3) and the add with its load's latency added (7); the
    unfolded block (609, 3009) 6 cycles, the multiply's 3 and the add's 3, which is what the core
    does (6.8 cycles measured on a Zen 2 at ops.double_add's cycle). The model takes the smaller."""
    lp, = asm_loops.loops((DATA / "horner_mini.s").read_text())
    assert lp.lines("horner_mini.c") == {6, 7}
    # the compare before the jump is left out (fused with it on the core)
    assert [ln.split()[0] for ln in lp.unfolded().splitlines()] == ["mulsd", "addq", "movsd", "addsd", "jne"]
    # the scratch register is one the loop does not use: %xmm0, %xmm1 are taken
    assert "movsd\t-8(%rax), %xmm2" in lp.unfolded() and "addsd\t%xmm2, %xmm0" in lp.unfolded()
    folded, unfolded = (mca.parse_output(*((DATA / f"mca_horner{t}_{n}.txt").read_text() for n in (100, 500)))
                        for t in ("", "_unfolded"))
    assert folded.cycles == pytest.approx((5004 - 1004) / 400) == pytest.approx(10.0)
    assert unfolded.cycles == pytest.approx((3009 - 609) / 400) == pytest.approx(6.0)
    # nothing folded: no second block; a packed op reads through movupd into a register of its width
    tri = _by_lines(_loops("kernels"), "kernels.c", {15, 16})
    assert tri.unfolded() is None
    text = asm_loops.unfold([asm_loops.Insn("addpd", ["(%rdx,%rax)", "%xmm0"], "\taddpd\t(%rdx,%rax), %xmm0", None, None),
                             asm_loops.Insn("vmulpd", ["(%rsi)", "%ymm1", "%ymm0"], "\tvmulpd\t(%rsi), %ymm1, %ymm0", None, None)])
    assert text.splitlines() == ["movupd\t(%rdx,%rax), %xmm2", "addpd\t%xmm2, %xmm0",
                                 "vmovupd\t(%rsi), %ymm2", "vmulpd\t%ymm2, %ymm1, %ymm0"]


def test_horner_loop_costed_from_the_unfolded_block_at_the_add_chain_cycle(tmp_path, monkeypatch):
    """No compiled.cycle in the file: the cycle is ops.double_add (0.9 ns here) over llvm-mca's 3
    cycles for a dependent addsd = 0.3 ns; the loop's 6 cycles (the unfolded block, smaller than
    the folded 10) cover 1 iteration (%rax advances 8 B, c[k] 8 B): 1.8 ns per iteration."""
    def recorded(block, cpu):
        if block == CHAIN:
            return mca.McaResult(3.0, 1.0)
        lp, = asm_loops.loops((DATA / "horner_mini.s").read_text())
        tag = "" if block == lp.block() else "_unfolded" if block == lp.unfolded() else None
        assert tag is not None, block
        return mca.parse_output(*((DATA / f"mca_horner{tag}_{n}.txt").read_text() for n in (100, 500)))

    # (the chain mulsd + addsd at ops.*, 0.8 + 0.9 ns, stays under it)
    machine = (MACHINE.replace(", cycle: 1 ns", "").replace("double_add: 3 ns", "double_add: 0.9 ns")
               .replace("double_mul: 4 ns", "double_mul: 0.8 ns")
               .replace("bandwidth: 64 GB/s", "bandwidth: 6400 GB/s"))
    monkeypatch.setattr(mca, "assembly", lambda cc, flags, source, extra=(): (DATA / "horner_mini.s").read_text())
    monkeypatch.setattr(mca, "cycles", recorded)
    monkeypatch.setattr(osaca_tool, "cycles", lambda block, cpu: osaca_tool.parse_output((DATA / "osaca_horner.txt").read_text()))
    monkeypatch.setattr(mca, "analyzer", lambda: "/usr/bin/llvm-mca")
    c = tmp_path / "horner_mini.c"
    c.write_text((DATA / "horner_mini.c").read_text() + "int main(void) { double c[101] = {0}; return horner(c, 100, 0.5) > 0; }\n")
    m = tmp_path / "m.yaml"
    m.write_text(machine)
    programs = load_programs([str(c)])
    sag = load_machine(str(m))
    engine = Engine(programs, sag, 1, resolve_inputs(programs, {}, False), EngineOptions(bound=Bound.parse("mid")))
    model = engine._model(sag.find("N"), programs[0])
    assert model.cycle() == pytest.approx(0.3 * NS)
    loop = next(a for a in programs[0].functions["horner"].body if isinstance(a, Iter))
    per = (float(model.iterd(loop).xreplace({S.var("n"): 100})) - 5 * NS) / 100   # throughput.fixed 5 ns
    assert per == pytest.approx(6 * 0.3 * NS)
    note = model.notes[("compiled", loop.id)]
    assert "6 cycles per pass" in note and "ops.double_add over llvm-mca's 3 cycles" in note


def test_osaca_report_gives_port_pressure_and_the_loop_carried_dependence():
    # Recorded OSACA 0.7.1 --arch ZEN2 on Horner's loop: the totals line's port columns are at
    # most 0.50 (one multiply, one add, on two pipes each), the LCD 6.0 (mulsd 3 + addsd 3
    # through %xmm0): 6 cycles a pass, as llvm-mca's unfolded block.
    r = osaca_tool.parse_output((DATA / "osaca_horner.txt").read_text())
    assert (r.ports, r.lcd, r.cycles) == (0.5, 6.0, 6.0)
    tri = osaca_tool.parse_output((DATA / "osaca_triangle.txt").read_text())
    assert tri.cycles == 3.0   # the add chain through s, as llvm-mca
    with pytest.raises(mca.AnalysisError):
        osaca_tool.parse_output("no report")
    # Its Zen 2 data lacks cvtsi2sdl and divsd (the rand() fill's x[i] = rand() / RAND_MAX): no
    # figure rather than one that leaves them out (recorded without --ignore-unknown)
    with pytest.raises(mca.AnalysisError, match="lacks 2 of the loop's instructions"):
        osaca_tool.parse_output((DATA / "osaca_fill.txt").read_text())
    assert osaca_tool.arch("znver2") == "ZEN2" and osaca_tool.arch("emeraldrapids") is None


def test_osaca_totals_with_a_whole_critical_path_are_read():
    # Recorded OSACA 0.7.1 --arch ZEN3 on the scalar triad (movsd, mulsd, addsd from memory,
    # movsd store, addq, cmpq, jne): its totals line prints the critical path as "10" (load 4 +
    # mulsd 3 + addsd 3), not "10.0" as ZEN2's report does; the line was not recognised and every
    # loop on a Zen 3 fell back to llvm-mca alone. Busiest ports: the store's two (1.00 each) and
    # the branch unit (1.00); LCD: the counter's addq, 1.0.
    r = osaca_tool.parse_output((DATA / "osaca_triad_zen3.txt").read_text())
    assert (r.ports, r.lcd, r.cycles) == (1.0, 1.0, 1.0)


def test_a_loop_whose_ifs_became_selects_is_costed_from_its_code(tmp_path, monkeypatch):
    """select.c: `if (x[i] > m) m = x[i]; if (x[i] > 0.0) count++;`. gcc -O2 makes them maxsd and
    seta (select.s): the generated loop has no branch but its closing jne, so every pass runs the
    same 11 instructions (10 simulated: the compare before the jne is fused with it). Recorded
    llvm-mca: (1264 - 264) / 400 = 2.5 cycles per pass; OSACA's
    Zen 2 data lacks seta and comisd: no figure, llvm-mca alone (best = worst in the core). One
    iteration per pass (%rdi advances 8 B, x[i] 8 B), 1 ns a cycle: 2.5 ns. Memory at 640 GB/s:
    x[i] read three times (both conditions and the assignment: both arms of a select are
    computed), under 0.1 ns. fixed 5 ns (throughput.fixed)."""
    fast = MACHINE.replace("bandwidth: 64 GB/s", "bandwidth: 640 GB/s")
    model, _, prog = _model(tmp_path, monkeypatch, asm="select", src="select", machine=fast)
    loop = next(a for a in prog.functions["largest"].body if isinstance(a, Iter))
    assert _loops("select")[0].branch_free()
    assert _at(model.iterd(loop)) == pytest.approx(5 * NS + 100 * 2.5 * NS)
    note = model.notes[("compiled", loop.id)]
    assert "2.5 cycles per pass" in note and "not OSACA: OSACA's data for this CPU lacks 2" in note
    # A loop whose generated code keeps its branch stays with the roofline model, saying so
    kernels = _loops("kernels")
    assert all(lp.branch_free() for lp in kernels)  # the fill and the triangular inner loop


# -- the front end: where the link placed the loop (interp/models/code_layout.py) -------------------
def test_a_loop_across_two_fetch_windows_costs_two_windows_a_pass(tmp_path, monkeypatch):
    from interp.models import code_layout
    from interp.models.code_layout import Placed

    fetch = MACHINE.replace("cycle: 1 ns}", "cycle: 1 ns, fetch_window: 64 B, fetch_time: 2 ns}")
    # kernels.s's main holds two innermost loops: the fill (8 instructions), then the triangle's
    # inner loop (7). The linked program (recorded here, not built) puts the fill within one
    # 64-byte block (0x1200..0x121f) and the inner loop across 0x1240 (0x1230..0x124f).
    placed = {"interp_user_main": [Placed(0x1200, 0x1220, 8), Placed(0x1230, 0x1250, 7)]}
    monkeypatch.setattr(code_layout, "layout",
                        lambda files, cc, cflags: (placed, {f: "interp_user_main" for f in files}))
    model, _, fill, inner = _model(tmp_path, monkeypatch, machine=fetch)
    # The inner loop: llvm-mca 3 cycles x 1 ns = 3 ns a pass, but two fetch windows x 2 ns = 4 ns:
    # 4 ns per iteration (memory 0.36 ns, as in the test above), plus throughput.fixed 5 ns.
    per = (model.iterd(inner).xreplace({S.var("i"): 100}) - 5 * NS) / 100
    assert float(per) == pytest.approx(4.0 * NS)
    note = model.notes[("compiled", inner.id)]
    assert "spans 2 fetch windows of 64 B (bytes 0x1230-0x124f" in note and "which bounds it" in note
    # The fill lies within one window: the divider's 4 ns and rand's 22 ns as before.
    assert _at(model.iterd(fill)) == pytest.approx(5 * NS + 100 * (4 + 22) * NS)
    assert "within one 64 B fetch window" in model.notes[("compiled", fill.id)]


def test_a_loop_across_a_64_byte_line_costs_the_lines_time(tmp_path, monkeypatch):
    from interp.models import code_layout
    from interp.models.code_layout import Placed

    # A front end whose 32 B window costs 0.9 ns (fetch_time) and whose 64 B line crossing costs
    # 2.5 ns a block (fetch_time_64; the Zen 3 VM: 0.656 and 1.241 ns for the two placements of
    # fetch_bench's loop). The inner loop (0x1230..0x124f) spans two 32 B windows (0x1220, 0x1240)
    # and two 64 B lines (0x1200, 0x1240): max(2 x 0.9, 2 x 2.5) = 5 ns a pass, above llvm-mca's
    # 3 cycles x 1 ns. The fill (0x1200..0x121f) lies in one window and one line: no bound.
    fetch = MACHINE.replace("cycle: 1 ns}", "cycle: 1 ns, fetch_window: 32 B, fetch_time: 0.9 ns, "
                                            "fetch_time_64: 2.5 ns}")
    placed = {"interp_user_main": [Placed(0x1200, 0x1220, 8), Placed(0x1230, 0x1250, 7)]}
    monkeypatch.setattr(code_layout, "layout",
                        lambda files, cc, cflags: (placed, {f: "interp_user_main" for f in files}))
    model, _, fill, inner = _model(tmp_path, monkeypatch, machine=fetch)
    per = (model.iterd(inner).xreplace({S.var("i"): 100}) - 5 * NS) / 100
    assert float(per) == pytest.approx(5.0 * NS)
    note = model.notes[("compiled", inner.id)]
    assert "2 blocks of 64 B: at least 2 x 2.5 ns a pass (processing.compiled.fetch_time_64)" in note
    assert _at(model.iterd(fill)) == pytest.approx(5 * NS + 100 * (4 + 22) * NS)
    # without the line's time, the 32 B windows alone: 2 x 0.9 < 3 ns, llvm-mca's 3 ns stands
    model, _, _, inner = _model(tmp_path, monkeypatch, machine=fetch.replace(", fetch_time_64: 2.5 ns", ""))
    assert float((model.iterd(inner).xreplace({S.var("i"): 100}) - 5 * NS) / 100) == pytest.approx(3.0 * NS)


def test_without_a_fetch_window_the_placement_is_not_read(tmp_path, monkeypatch):
    from interp.models import code_layout

    monkeypatch.setattr(code_layout, "layout", lambda *a: pytest.fail("the program must not be linked"))
    model, _, _, inner = _model(tmp_path, monkeypatch)
    per = (model.iterd(inner).xreplace({S.var("i"): 100}) - 5 * NS) / 100
    assert float(per) == pytest.approx(3.0 * NS)
    assert "fetch_window" in model.notes[("compiled", inner.id)]


def test_main_memory_overlaps_the_core_partly(tmp_path, monkeypatch):
    """mid of a loop that streams from main memory: (core^p + main^p)^(1/p), p = 2.5 (OVERLAP_P);
    best and worst stay the max and the sum."""
    from interp.models.compiled import OVERLAP_P

    levels = MACHINE.replace(
        "        cache: {size: 32 KiB, block: 64 B, bandwidth: 64 GB/s}\n        main: {bandwidth: 64 GB/s}\n",
        "        cache: {size: 32 KiB, block: 64 B, bandwidth: 640 GB/s}\n"
        "        levels:\n          L1: {size: 32 KiB, bandwidth: 640 GB/s, write_bandwidth: 640 GB/s}\n"
        "        main: {bandwidth: 64 GB/s, write_bandwidth: 32 GB/s}\n")
    assert "levels:" in levels and OVERLAP_P == 2.5
    model, _, prog = _model(tmp_path, monkeypatch, asm="vector", src="vector", machine=levels)
    loop = next(a for a in prog.functions["add"].body if isinstance(a, Iter))
    # add() runs once: b[i], c[i] and a[i] are first touches, from main memory: 8 B / 64 GB/s twice
    # + 8 B / 32 GB/s = 0.125 + 0.125 + 0.25 = 0.5 ns an iteration, all of it main memory's. The
    # core: 0.28125 ns (as in test_vectorized_loop_at_a_quarter_pass_per_iteration).
    # (0.28125^2.5 + 0.5^2.5)^(1/2.5) = (0.041950 + 0.176777)^0.4 = 0.218727^0.4 = exp(0.4 x ln 0.218727 = -0.607941) = 0.54445 ns.
    core, mem = 0.28125, 0.5
    mid = (core ** 2.5 + mem ** 2.5) ** 0.4
    assert mid == pytest.approx(0.54445, abs=1e-5)
    assert _at(model.iterd(loop)) == pytest.approx(5 * NS + 100 * mid * NS, rel=1e-9)
    for bound, per in (("best", max(1.0 / 4, mem)),       # OSACA's core, overlapping: the memory
                       ("worst", 1.25 / 4 + mem)):          # llvm-mca's core plus the memory time
        other = CompiledModel(model.sau, Bound.parse(bound), model.runtime, model.functions, {})
        assert _at(other.iterd(loop)) == pytest.approx(5 * NS + 100 * per * NS, rel=1e-9), bound


def test_square_roots_are_costed_by_the_calibrated_unit_not_by_llvm_mca():
    """LLVM 14's Zen 2 model charges a sqrtsd 20 cycles of the divide/square-root unit; the
    compiled model gives the analyzers a multiply of the same registers instead and counts the
    root with the divisions at throughput.double_sqrt (asm_loops.without_roots, divisions)."""
    block = "\tmovsd\t(%rax), %xmm1\n\tsqrtsd\t%xmm1, %xmm2\n\tvsqrtpd\t%ymm3, %ymm4\n\tdivsd\t%xmm2, %xmm0\n"
    assert asm_loops.without_roots(block) == (
        "\tmovsd\t(%rax), %xmm1\n\tmulsd\t%xmm1, %xmm2\n\tvmulpd\t%ymm3, %ymm4\n\tdivsd\t%xmm2, %xmm0\n")
    loop = asm_loops.AsmLoop("f", 0, 3, [asm_loops.Insn(m, [], "", None, None) for m in
                                         ("sqrtsd", "divsd", "sqrtss", "addsd")])
    assert asm_loops.divisions(loop) == ["double_div"]
    assert asm_loops.divisions(loop, roots=True) == ["double_sqrt", "double_div", "real_sqrt"]


def test_integer_divisions_are_left_to_the_calibrated_divider():
    """LLVM 14's Zen 2 model charges a divq 41 cycles (an idivl 25) whatever the quotient; where
    the machine has a divider by quotient width, the analyzers see a multiply of the same
    registers (rdx:rax in and out) and the division is costed by the divider (divisions())."""
    block = "\tmovq\t%rbx, %rax\n\txorl\t%edx, %edx\n\tdivq\t%rcx\n\tidivl\t(%rsi)\n\tsqrtsd\t%xmm1, %xmm2\n"
    assert asm_loops.without_roots(block, int_divisions=True) == (
        "\tmovq\t%rbx, %rax\n\txorl\t%edx, %edx\n\tmulq\t%rcx\n\tmull\t(%rsi)\n\tmulsd\t%xmm1, %xmm2\n")
    # a divider but no square-root throughput: the roots stay for the analyzers
    assert asm_loops.without_roots(block, int_divisions=True, roots=False).endswith("\tsqrtsd\t%xmm1, %xmm2\n")
    # without a divider (the default) integer divisions stay as they are
    assert "\tdivq\t%rcx\n" in asm_loops.without_roots(block)
    loop = asm_loops.AsmLoop("f", 0, 2, [asm_loops.Insn(m, [], "", None, None) for m in ("divq", "idivl", "addq")])
    assert asm_loops.divisions(loop) == ["long_div", "int_div"]   # divq: 64-bit operands


def test_independent_library_calls_cost_their_throughput(tmp_path, monkeypatch):
    """lib_throughput.<f> (calibrate: independent calls, the call included) is a call's time in a
    compiled loop at mid and best; the chain's time (lib.<f> + call overhead) stays the worst end."""
    tput = MACHINE.replace("        lib: {rand: 20 ns,", "        lib_throughput: {rand: 8 ns}\n        lib: {rand: 20 ns,")
    assert "lib_throughput: {rand: 8 ns}" in tput
    model, _, fill, _ = _model(tmp_path, monkeypatch, machine=tput)
    # As in test_library_call_kept_by_the_compiler_costs_its_calibrated_time: the divider's 4 ns
    # bounds the core, the store's 0.359 ns of memory overlaps it; rand() at 8 ns independent,
    # 20 + 2 (call.per_call) = 22 ns as a chain. fixed 5 ns, n = 100.
    assert _at(model.iterd(fill)) == pytest.approx(5 * NS + 100 * (4 + 8) * NS)
    mem = (0.125 * 64 * 2 + 0.875 * 8) / 64
    for bound, per in (("best", 4 + 8), ("worst", 4 + mem + 22)):
        other = CompiledModel(model.sau, Bound.parse(bound), model.runtime, model.functions, {})
        assert _at(other.iterd(fill)) == pytest.approx(5 * NS + 100 * per * NS, rel=1e-9), bound
    assert "independent calls at lib_throughput; 22 ns as a chain" in model.notes[("compiled", fill.id)]


def test_a_second_scheduling_model_widens_the_range(tmp_path, monkeypatch):
    """compiled.mca_cpu (calibrate's fit, interp/calibrate/mca_cpu.py): llvm-mca runs the loop on
    it too, its cycles converted through each model's addsd chain, and the range spans both
    models: the triangle's inner loop at 3 cycles (znver2, recorded) and 10 on a model whose
    addsd chain is 5 cycles (10 x 3 / 5 = 6 cycles of znver2's): best 3 ns, worst 6 ns, mid their
    mean, 4.5 ns (1 ns a cycle; no OSACA figure)."""
    def recorded(block, cpu):
        if block == CHAIN:
            return mca.McaResult(3.0 if cpu == "znver2" else 5.0, 1.0)
        if cpu == "slowmodel":
            return mca.McaResult(10.0, 1.0)
        return _recorded_cycles(block, cpu)

    def no_osaca(block, cpu):
        raise mca.AnalysisError("not analysed here")

    machine = MACHINE.replace("cpu: znver2,", "cpu: znver2, mca_cpu: slowmodel,")
    model, _, _, inner = _model(tmp_path, monkeypatch, machine=machine)
    monkeypatch.setattr(mca, "cycles", recorded)
    monkeypatch.setattr(osaca_tool, "cycles", no_osaca)
    per = (model.iterd(inner).xreplace({S.var("i"): 100}) - 5 * NS) / 100
    assert float(per) == pytest.approx(4.5 * NS)
    assert "-mcpu=slowmodel: 6" in model.notes[("compiled", inner.id)]
    for bound, expected in (("best", 3.0), ("worst", 6.0 + 0.359375)):   # worst adds the memory time
        other = CompiledModel(model.sau, Bound.parse(bound), model.runtime, model.functions, {})
        assert float((other.iterd(inner).xreplace({S.var("i"): 100}) - 5 * NS) / 100) == pytest.approx(expected * NS)


def test_osacas_refusal_is_remembered(tmp_path, monkeypatch):
    """OSACA takes seconds a run (a Python tool's start): a block it refuses (its data lacks an
    instruction) is not analysed again on the next prediction, as a figure is not."""
    runs = tmp_path / "runs"
    tool = tmp_path / "osaca"
    tool.write_text("#!/bin/sh\necho run >> " + str(runs) + "\n"
                    "case \"$1\" in --version) echo 'osaca 0.7.1';; *) echo 'performance data for 2 instructions are "
                    "missing';; esac\n")
    tool.chmod(0o755)
    monkeypatch.setattr(osaca_tool, "available", lambda: str(tool))
    monkeypatch.setenv("INTERP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(mca, "_memo", {})
    for _ in range(2):
        with pytest.raises(mca.AnalysisError, match="lacks 2 of the loop's instructions"):
            osaca_tool.cycles("divsd %xmm1, %xmm0\n", "znver2")
    assert runs.read_text().count("run") == 2   # --version once, the analysis once
