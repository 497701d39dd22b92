"""Which llvm-mca scheduling model stands for this core: the one that reproduces node_bench's
measured operation times best.

The compiled node model (interp/models/compiled.py) takes each loop's cycles from llvm-mca on the
CPU named by ``processing.compiled.cpu``. The compiler's ``-march=native`` names the core
(``znver1``), but LLVM's scheduling model of that name may not be what the core does: LLVM 14's
znver1 model issues every floating-point add on one pipe, where a Zen 1 core has two (node_bench:
8 independent ``addsd`` at 0.47 cycles each; llvm-mca's znver1: 1.0), so a loop of six adds
is charged 6 cycles where the core takes 4.4. calibrate already measures the operations the
scheduling models disagree on (dependent chains and independent streams of add, multiply and
divide), so it asks llvm-mca the same question on each candidate model and keeps the one whose
answers lie closest to the measurements.

Each candidate's cycle is fixed as the compiled model fixes it (``ops.double_add`` over the
model's cycles for a dependent ``addsd``); every other measured operation is then predicted in
seconds and compared as |log(predicted / measured)|; the score is the mean over the operations.
The compiler's own choice is kept unless another model's score is lower by more than ``MARGIN``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from interp.errors import InputError
from interp.models import mca

# x86-64 cores with scheduling models in LLVM 12-18; the ones this llvm-mca does not know are
# skipped (an old LLVM lacks the newest).
CANDIDATES = ("znver1", "znver2", "znver3", "znver4", "btver2", "bdver2", "sandybridge", "haswell",
              "broadwell", "skylake", "skylake-avx512", "icelake-server", "alderlake", "goldmont")
MARGIN = 0.05   # a mean log error this much lower than the compiler's model's to replace it

_GPRS = ("rax", "rbx", "rcx", "rdx", "rsi", "rdi", "r9", "r10")


def _chain(insn: str) -> str:
    return f"{insn}\n"


def _streams(fmt: str, regs) -> str:
    return "".join(fmt.format(r) + "\n" for r in regs)


# measured key -> (block, operations per pass of the block)
PROBES = {
    "ops.double_mul": (_chain("mulsd %xmm1, %xmm0"), 1),
    "ops.double_div": (_chain("divsd %xmm1, %xmm0"), 1),
    "ops.int_mul": (_chain("imulq %rcx, %rax"), 1),
    "throughput.double_add": (_streams("addsd %xmm8, %xmm{}", range(8)), 8),
    "throughput.double_mul": (_streams("mulsd %xmm8, %xmm{}", range(8)), 8),
    "throughput.double_div": (_streams("divsd %xmm8, %xmm{}", range(8)), 8),
    "throughput.int_mul": (_streams("imulq %r8, %{}", _GPRS), 8),
    "throughput.int_add": (_streams("addq %r8, %{}", _GPRS), 8),
}
ADD_CHAIN = _chain("addsd %xmm1, %xmm0")


@dataclass(frozen=True)
class Fit:
    cpu: str
    score: float                  # mean |log(predicted / measured)| over the operations
    errors: dict[str, float]      # key -> predicted / measured


def fit(cpu: str, measured: dict[str, float]) -> Fit | None:
    """How well llvm-mca's model of ``cpu`` reproduces ``measured`` (seconds per operation); None
    when llvm-mca does not know the CPU or the measurements lack the add chain."""
    add = measured.get("ops.double_add")
    if not add:
        return None
    try:
        cycle = add / mca.cycles(ADD_CHAIN, cpu).cycles
        errors = {}
        for key, (block, per_pass) in PROBES.items():
            if measured.get(key):
                errors[key] = mca.cycles(block, cpu).cycles / per_pass * cycle / measured[key]
    except (InputError, mca.AnalysisError):  # a name this llvm-mca does not know, a refused block
        return None
    if not errors:
        return None
    return Fit(cpu, sum(abs(math.log(r)) for r in errors.values()) / len(errors), errors)


def choose(measured: dict[str, float], native: str | None) -> tuple[str | None, list[Fit]]:
    """The llvm-mca CPU for this machine and every candidate's fit, best first. ``native``: the
    compiler's ``-march=native`` (kept within MARGIN of the best); None when llvm-mca is absent."""
    if mca.analyzer() is None:
        return native, []
    names = list(dict.fromkeys(([native] if native else []) + list(CANDIDATES)))
    fits = sorted((f for f in (fit(c, measured) for c in names) if f is not None), key=lambda f: f.score)
    if not fits:
        return native, []
    own = next((f for f in fits if f.cpu == native), None)
    if own is not None and own.score <= fits[0].score + MARGIN:
        return native, fits
    return fits[0].cpu, fits


def describe(chosen: str | None, native: str | None, fits: list[Fit]) -> str:
    """The YAML comment on ``cpu:``: why this model, with the scores."""
    if not fits:
        return "-march=native of the compiler (llvm-mca absent: not compared)"
    by = {f.cpu: f for f in fits}
    words = f"llvm-mca model closest to node_bench's operation times: mean |log error| {by[chosen].score:.2f}"
    if native and native != chosen and native in by:
        words += f"; the compiler's -march=native {native}: {by[native].score:.2f}"
    elif native == chosen:
        words += " (the compiler's -march=native)"
    others = [f"{f.cpu} {f.score:.2f}" for f in fits if f.cpu not in (chosen, native)][:3]
    return words + (f"; next: {', '.join(others)}" if others else "") + " (interp/calibrate/mca_cpu.py)"
