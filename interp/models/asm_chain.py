"""The loop-carried dependency chain of a generated loop, at the machine's measured latencies.

llvm-mca simulates a loop with its scheduling model's latencies. Where those are not the core's
(LLVM 14 takes a Zen 1 ``mulsd`` as 3 cycles; node_bench measures 4), a loop bound by a chain
through its registers, Horner's ``p = p*x + c[k]`` (``mulsd``, ``addsd``), is charged the model's
chain, not the core's. The compiled model therefore also follows the chain itself: every value a
pass writes to a register is traced back through the pass's instructions to the registers it read
at the pass's start, each arithmetic instruction adding the calibrated latency of its operation
class (``ops.double_add`` for ``addsd``/``subpd``, ``ops.double_mul`` for ``mulsd`` and the fused
multiply-adds, ``ops.int_mul`` for ``imul``...); a ``maxsd`` or a bitwise ``andpd`` adds nothing (1
cycle on Zen cores, 4 on Intel's: not measured, so not charged). The longest cycle through the
registers, per pass (interp/models/overlap.py ``cycle_mean``), is a floor under the pass's time.

What it leaves out, on purpose (the floor must not exceed what the core can do): loads start a
fresh value (a chain through memory, a pointer chase, is the search model's), flags do not carry
(a ``cmov`` waits for its compare, not counted), moves between registers cost nothing (move
elimination), and an instruction it does not know passes its operands' paths on at no cost.
The generated code shows what the compiler made of the source: an integer sum it split across
vector lanes or unrolled into several accumulators has one chain per lane, which a pass runs side
by side, so the floor per source iteration is the chain over the iterations a pass covers.
"""
from __future__ import annotations

import re

from interp.models.asm_loops import Insn, reg
from interp.models.overlap import cycle_mean

_FP = re.compile(r"^v?(add|sub|mul|div)(s|p)(s|d)$")
_FMA = re.compile(r"^vf(n?)m(add|sub|addsub|subadd)(132|213|231)(s|p)(s|d)$")
_CVT_TO_FP = re.compile(r"^v?cvt(t?)si2s([sd])[lq]?$")
_CVT_TO_INT = re.compile(r"^v?cvtt?s([sd])2si[lq]?$")
_INT_ADD = re.compile(r"^(add|sub|inc|dec|neg|not|and|or|xor|shl|sal|shr|sar|rol|ror|adc|sbb|lea)[bwlq]?$")
_INT_MUL = re.compile(r"^imul[bwlq]?$")
_PINT = re.compile(r"^v?p(add|sub)[bwdq]$")
_PMUL = re.compile(r"^v?pmul(l[dw]|ud[q]?|dq)$")
_ZERO = re.compile(r"^v?(p?xor[bwlq]?|xorp[sd]|sub[bwlq]?|psub[bwdq])$")
_NO_WRITE = re.compile(r"^(cmp|test|v?u?comis|j|nop|prefetch|push|call|ret)")
_ONE_OPERAND = re.compile(r"^(inc|dec|neg|not)[bwlq]?$")
_VREG = re.compile(r"^%([xyz]mm)(\d+)$")
_WIDE = re.compile(r"^i?(div|mul)[bwlq]?$")


def _name(operand: str) -> str | None:
    """A register operand's family (``%ymm3`` -> ``v3``, ``%eax`` -> ``rax``); None otherwise."""
    if not operand.startswith("%"):
        return None
    m = _VREG.match(operand)
    return f"v{m.group(2)}" if m else reg(operand)


def _class(m: str) -> tuple[str | None, bool]:
    """(operation class whose latency the instruction adds, whether it reads its destination)."""
    if f := _FP.match(m):
        op = {"add": "add", "sub": "add", "mul": "mul", "div": "div"}[f.group(1)]
        return f"{'double' if f.group(3) == 'd' else 'real'}_{op}", not m.startswith("v")
    if f := _FMA.match(m):
        return f"{'double' if f.group(5) == 'd' else 'real'}_mul", True
    if _CVT_TO_FP.match(m):
        return "int_to_real", False
    if _CVT_TO_INT.match(m):
        return "real_to_int", False
    if _INT_MUL.match(m):
        return "int_mul", True
    if _INT_ADD.match(m):
        return "int_add", not m.startswith("lea")
    if _PINT.match(m):
        return "int_add", not m.startswith("v")
    if _PMUL.match(m):
        return "int_mul", not m.startswith("v")
    if m.startswith("cmov"):
        return "int_add", True
    return None, False


def carried(insns: list[Insn], latency: dict[str, float]) -> tuple[float, list[str]]:
    """Seconds per pass of the longest register dependency cycle of ``insns`` (one pass of the
    loop, in order) and the registers on it. ``latency``: seconds by operation class; a class it
    lacks costs 0."""
    paths: dict[str, dict[str, float]] = {}
    for ins in insns:
        m, ops = ins.mnemonic, ins.operands
        if _NO_WRITE.match(m) or not ops:
            continue
        regs = [_name(o) for o in ops]
        if _WIDE.match(m) and len(ops) == 1:  # rdx:rax / operand, rax * operand -> rax, rdx
            div = "div" in m
            found = _merge([r for r in (regs[0], "rax", "rdx" if div else None) if r], paths,
                           latency.get("int_div" if div else "int_mul", 0.0))
            paths["rax"], paths["rdx"] = found, dict(found)
            continue
        dst = regs[-1]
        if dst is None:  # a store
            continue
        if _ZERO.match(m) and len(ops) >= 2 and len(set(regs)) == 1:
            paths[dst] = {}  # xor %eax, %eax: a zero, no dependence
            continue
        if m.startswith(("mov", "vmov")) or m.startswith(("set", "vbroadcast", "pop")):
            src = regs[0] if len(ops) >= 2 else None
            paths[dst] = dict(_value(src, paths)) if src and "(" not in ops[0] else {}
            continue
        cls, reads_dst = _class(m)
        if _ONE_OPERAND.match(m):
            reads_dst = True
        if cls == "int_mul" and len(ops) == 3:  # imul $k, src, dst
            reads_dst = False
        sources = [r for r, o in zip(regs[:-1], ops[:-1]) if r and "(" not in o]
        if reads_dst or (cls is None and len(ops) == 2):
            sources.append(dst)
        paths[dst] = _merge(sources, paths, latency.get(cls, 0.0) if cls else 0.0)
    return cycle_mean(paths)


def _value(r: str, paths: dict) -> dict[str, float]:
    return paths[r] if r in paths else {r: 0.0}


def _merge(sources: list[str], paths: dict, step: float) -> dict[str, float]:
    out: dict[str, float] = {}
    for r in sources:
        for start, t in _value(r, paths).items():
            out[start] = max(out.get(start, 0.0), t + step)
    return out
