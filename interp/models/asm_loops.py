"""The loops of a compiler's assembly (``gcc -S -g``, AT&T syntax) and the source lines they hold.

Used by the compiled node model (``interp/models/compiled.py``) to find, for a loop of the
program, the machine code the compiler made of its body. What is read:

- ``.file N "name"`` and ``.loc N LINE ...`` (DWARF line directives): each instruction is
  attributed to the source file and line of the last ``.loc`` before it.
- Labels and jumps: a jump to a label placed earlier in the same function closes a loop, whose
  body runs from the label to the jump (the last such jump when several go back to one label).
  An innermost loop holds no other loop.
- The loop's induction: the register its closing compare (or the flag-setting update before the
  branch) tests, stepped by a constant once per pass (``add $16, %rax``, ``lea 4(%rdx), %rdx``,
  ``inc``/``dec``), and whether the memory operands address through it (base or scaled index):
  a pass then advances the arrays by ``step x scale`` bytes. The compiled model turns that into
  the source iterations per pass (the vector factor times the unrolling).
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

_FILE = re.compile(r'^\s*\.file\s+(\d+)\s+"([^"]*)"(?:\s+"([^"]*)")?')
_LOC = re.compile(r"^\s*\.loc\s+(\d+)\s+(\d+)")
_LABEL = re.compile(r"^([.\w$@]+):")
_TYPE = re.compile(r"^\s*\.type\s+([.\w$]+),\s*@function")
_MEM = re.compile(r"(-?[\w.+-]*)\((%\w+)?(?:,\s*(%\w+)(?:,\s*(\d+))?)?\)")
_IMM = re.compile(r"^\$(-?(?:0x[0-9a-fA-F]+|\d+))$")

# 8/16/32/64-bit names of one general-purpose register -> its 64-bit name.
_GPR = {}
for _r in ("ax", "bx", "cx", "dx", "si", "di", "bp", "sp"):
    for _n in (f"r{_r}", f"e{_r}", _r):
        _GPR[_n] = f"r{_r}"
    _GPR[_r[0] + "l" if _r in ("ax", "bx", "cx", "dx") else _r + "l"] = f"r{_r}"
for _k in range(8, 16):
    for _s in ("", "d", "w", "b"):
        _GPR[f"r{_k}{_s}"] = f"r{_k}"


def reg(name: str) -> str:
    """A register's family (``%eax`` -> ``rax``); vector and other registers as written."""
    name = name.lstrip("%")
    return _GPR.get(name, name)


@dataclass
class Insn:
    mnemonic: str
    operands: list[str]
    text: str                 # the instruction as the compiler wrote it
    file: str | None          # the source file of the last .loc (its name as .file gives it)
    line: int | None          # 0 / None: no source line (compiler-generated)
    label: str | None = None  # for jumps and calls: the target


@dataclass
class AsmLoop:
    function: str
    start: int                # index (into the function's instructions) of the first instruction
    end: int                  # index of the closing backward jump
    insns: list[Insn] = field(default_factory=list)

    def lines(self, file: str) -> set[int]:
        """Source lines of ``file`` (compared by base name) the loop's instructions come from."""
        base = _base(file)
        return {i.line for i in self.insns if i.line and i.file and _base(i.file) == base}

    def calls(self) -> list[str]:
        """The functions called in the loop (``rand@PLT`` -> ``rand``)."""
        return [i.label.split("@")[0] for i in self.insns if i.mnemonic.startswith("call") and i.label]

    def block(self) -> str:
        """The loop body as text for an analyzer: without its calls (costed apart), and without a
        compare or test that the next instruction, a conditional jump, fuses with. Current x86
        cores (Intel since Sandy Bridge, AMD since Zen) decode and dispatch the pair as one
        operation; llvm-mca does not model the fusion and charges the compare a dispatch slot,
        which bounds a short loop (the scalar triad: 7 instructions, 1.75 cycles a pass at
        llvm-mca's 4 a cycle, 1.5 fused; measured 1.4)."""
        return "\n".join(i.text for i in self._analysed()) + "\n"

    def _analysed(self) -> list[Insn]:
        body = [i for i in self.insns if not i.mnemonic.startswith("call")]
        return [i for k, i in enumerate(body)
                if not (_FUSES.match(i.mnemonic) and k + 1 < len(body) and _JCC.match(body[k + 1].mnemonic))]

    def branch_free(self) -> bool:
        """No conditional jump but the one that closes the loop: the compiler turned the body's
        ifs into selects (``cmov``, ``setcc``, ``maxsd``, blends), so every pass runs the same
        instructions and the analyzers' figure is every iteration's."""
        jumps = [i for i in self.insns if _JCC.match(i.mnemonic) or i.mnemonic == "jmp"]
        return len(jumps) == 1 and self.insns[-1] is jumps[0]

    def unfolded(self) -> str | None:
        """The block with each SSE/AVX arithmetic that reads memory split into a load into a free
        vector register and the register form (None when nothing is folded or no register is
        free). LLVM 14's scheduling models add the load's latency to a dependence chain that runs
        through such an instruction's register operand when the chain comes from another
        instruction (Horner's ``mulsd %xmm1, %xmm0; addsd -8(%rdx), %xmm0``: llvm-mca 10 cycles a
        pass, the core 6.8); the core issues the load early, independently of the chain."""
        return unfold(self._analysed())


def _base(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1]


def _operands(text: str) -> list[str]:
    """Split AT&T operands on the commas outside parentheses."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def parse(text: str) -> dict[str, tuple[list[Insn], dict[str, int]]]:
    """Function name -> (its instructions, label -> index of the instruction it precedes)."""
    files: dict[str, str] = {}
    funcs: dict[str, tuple[list[Insn], dict[str, int]]] = {}
    pending: set[str] = set()
    current = None
    loc: tuple[str | None, int | None] = (None, None)
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].rstrip() if not raw.lstrip().startswith(".string") else ""
        if not line.strip():
            continue
        m = _FILE.match(line)
        if m:
            files[m.group(1)] = m.group(3) or m.group(2)
            continue
        m = _LOC.match(line)
        if m:
            loc = (files.get(m.group(1)), int(m.group(2)))
            continue
        m = _TYPE.match(line)
        if m:
            pending.add(m.group(1))
            continue
        m = _LABEL.match(line)
        if m:
            name = m.group(1)
            if name in pending:
                current = name
                funcs[current] = ([], {})
            elif current is not None:
                insns, labels = funcs[current]
                labels[name] = len(insns)
            continue
        stripped = line.strip()
        if current is None or stripped.startswith("."):
            continue
        parts = stripped.split(None, 1)
        mnemonic = parts[0]
        if mnemonic in ("rep", "lock", "notrack", "bnd") and len(parts) > 1:
            more = parts[1].split(None, 1)
            mnemonic, parts = f"{mnemonic} {more[0]}", [mnemonic] + more[1:]
        ops = _operands(parts[1]) if len(parts) > 1 else []
        target = ops[0] if (mnemonic.startswith("j") or mnemonic.startswith("call")) and ops else None
        funcs[current][0].append(Insn(mnemonic, ops, "\t" + stripped, loc[0], loc[1], target))
    return funcs


@functools.lru_cache(maxsize=16)
def loops(text: str) -> tuple[AsmLoop, ...]:
    """Every innermost loop of the assembly: a backward jump's range holding no other one (kept
    for the run: a sweep builds a node model per point from the same assembly)."""
    found = []
    for fname, (insns, labels) in parse(text).items():
        closing: dict[int, int] = {}
        for k, ins in enumerate(insns):
            if ins.mnemonic.startswith("j") and ins.label in labels and labels[ins.label] <= k:
                start = labels[ins.label]
                closing[start] = max(closing.get(start, k), k)
        # A jump back over a return is code layout (a cold block jumping back into the function's
        # body), not a loop.
        ranges = sorted((s, e) for s, e in closing.items()
                        if not any(i.mnemonic.startswith(("ret", "ud2")) for i in insns[s:e]))
        for start, end in ranges:
            if any((s, e) != (start, end) and start <= s and e <= end for s, e in ranges):
                continue
            found.append(AsmLoop(fname, start, end, insns[start:end + 1]))
    return tuple(found)


# -- induction -----------------------------------------------------------------------------
_FLAGS = ("cmp", "test", "add", "sub", "inc", "dec", "and", "or", "xor")


def _step(ins: Insn) -> tuple[str, int] | None:
    """(register, constant added) when ``ins`` steps a register by a constant."""
    m, ops = ins.mnemonic, ins.operands
    if m.startswith(("inc", "dec")) and len(ops) == 1 and ops[0].startswith("%"):
        return reg(ops[0]), 1 if m.startswith("inc") else -1
    if m.startswith(("add", "sub")) and len(ops) == 2 and ops[1].startswith("%"):
        imm = _IMM.match(ops[0])
        if imm and not m.startswith(("addp", "adds", "subp", "subs")):
            c = int(imm.group(1), 0)
            return reg(ops[1]), c if m.startswith("add") else -c
    if m.startswith("lea") and len(ops) == 2:
        mem = _MEM.fullmatch(ops[0])
        if mem and mem.group(2) and not mem.group(3) and reg(mem.group(2)) == reg(ops[1]):
            disp = mem.group(1) or "0"
            if re.fullmatch(r"-?(0x[0-9a-fA-F]+|\d+)", disp):
                return reg(ops[1]), int(disp, 0)
    return None


@dataclass
class Induction:
    register: str
    step: int                 # added to the register per pass
    bytes: int | None         # bytes the memory operands addressed through it advance per pass


def induction(loop: AsmLoop) -> Induction | None:
    """The register that the loop's closing branch tests and that a pass steps by a constant."""
    body = loop.insns[:-1]
    steps: dict[str, list[int]] = {}
    copies: dict[str, str] = {}   # register -> the register it is a copy of (mov %rax, %rdx)
    for ins in body:
        s = _step(ins)
        if s:
            steps.setdefault(s[0], []).append(s[1])
        elif ins.operands and ins.operands[-1].startswith("%") and not ins.mnemonic.startswith(_FLAGS[:2]):
            dest = reg(ins.operands[-1])
            steps.setdefault(dest, []).append(None)  # written otherwise
            if ins.mnemonic in ("mov", "movq", "movl") and ins.operands[0].startswith("%"):
                copies[dest] = reg(ins.operands[0])
    tested: list[str] = []
    for ins in reversed(body):
        if ins.mnemonic.startswith(_FLAGS):
            tested = [reg(o) for o in ins.operands if o.startswith("%")]
            break
    for r in tested:
        if steps.get(r) == [None] and r in copies:
            r = copies[r]  # the compare reads last pass's value of the stepped register
        values = steps.get(r, [])
        if len(values) == 1 and values[0] not in (None, 0):
            return Induction(r, values[0], _bytes_through(body, r, values[0]))
    return None


def _bytes_through(body: list[Insn], r: str, step: int) -> int | None:
    """Bytes per pass of the memory operands addressed through ``r`` (the smallest scale)."""
    scales = []
    for ins in body:
        if ins.mnemonic.startswith("lea"):
            continue
        for op in ins.operands:
            mem = _MEM.search(op)
            if not mem:
                continue
            if mem.group(2) and reg(mem.group(2)) == r:
                scales.append(1)
            if mem.group(3) and reg(mem.group(3)) == r:
                scales.append(int(mem.group(4) or 1))
    return abs(step) * min(scales) if scales else None


_FUSES = re.compile(r"^(cmp|test)[bwlq]?$")
_JCC = re.compile(r"^j(?!mp)[a-z]+$")


# -- folded loads ---------------------------------------------------------------------------
_FOLDABLE = re.compile(r"^(v?)(add|sub|mul|div|min|max|and|andn|or|xor|sqrt)([sp])([sd])$")
_VREG = re.compile(r"%([xyz]mm)(\d+)")


def unfold(insns: list[Insn]) -> str | None:
    """The instructions as analyzer text with memory-source SSE/AVX arithmetic unfolded
    (``AsmLoop.unfolded``)."""
    used = {int(n) for i in insns for op in i.operands for _, n in _VREG.findall(op)}
    free = [n for n in range(16) if n not in used]
    out, changed = [], False
    for ins in insns:
        m = _FOLDABLE.match(ins.mnemonic)
        ops = ins.operands
        if free and m and len(ops) >= 2 and "(" in ops[0] and all(o.startswith("%") for o in ops[1:]):
            kind = _VREG.search(ops[-1])
            width = kind.group(1) if kind else "xmm"
            scratch = f"%{width}{free[0]}"
            load = (f"{m.group(1)}movs{m.group(4)}" if m.group(3) == "s" else f"{m.group(1)}movup{m.group(4)}")
            out.append(f"{load}\t{ops[0]}, {scratch}")
            out.append(f"{ins.mnemonic}\t{', '.join([scratch, *ops[1:]])}")
            changed = True
        else:
            out.append(ins.text)
    return "\n".join(out) + "\n" if changed else None


# -- vector width ---------------------------------------------------------------------------
_WIDTH = {"xmm": 16, "ymm": 32, "zmm": 64}
_ELEM = (("pd", 8), ("ps", 4), ("q", 8), ("d", 4), ("w", 2), ("b", 1))


def lanes(loop: AsmLoop) -> int:
    """Elements per instruction of the widest packed arithmetic in the loop (1 when scalar):
    the vector factor when the induction does not tell it."""
    best = 1
    for ins in loop.insns:
        m = ins.mnemonic
        packed = m.endswith(("pd", "ps")) or (m.startswith(("padd", "psub", "pmul", "vpadd", "vpsub", "vpmul")))
        if not packed or m.startswith(("movap", "movup", "vmovap", "vmovup", "unpck", "vunpck", "shuf", "vshuf")):
            continue
        width = max((_WIDTH[w] for op in ins.operands for w in _WIDTH if f"%{w}" in op), default=0)
        elem = next((e for suffix, e in _ELEM if m.endswith(suffix)), 0)
        if width and elem:
            best = max(best, width // elem)
    return best


# -- divisions ------------------------------------------------------------------------------
_DIV = re.compile(r"^v?div([sp])([sd])$")
_IDIV = re.compile(r"^i?div[bwlq]?$")
_R64 = re.compile(r"^%r(?:[a-z]{2}|\d+)$")   # a 64-bit register: %rcx, %r9 (not %r9d)


_SQRT = re.compile(r"^(v?)sqrt([sp])([sd])$")


def divisions(loop: AsmLoop, roots: bool = False) -> list[str]:
    """The division instructions of a pass by operation class (``double_div``, ``real_div``,
    ``int_div``): the divider is one partly pipelined unit per core, measured by calibrate.
    ``roots``: the square roots too (``double_sqrt``, ``real_sqrt``), which occupy the same unit."""
    out = []
    for ins in loop.insns:
        m = _DIV.match(ins.mnemonic)
        if m:
            out.append("double_div" if m.group(2) == "d" else "real_div")
        elif _IDIV.match(ins.mnemonic):   # divq / idivq and 64-bit registers: a long division
            out.append("long_div" if ins.mnemonic.endswith("q") or _R64.match(ins.operands[0] if ins.operands else "")
                       else "int_div")
        elif roots and (m := _SQRT.match(ins.mnemonic)):
            out.append("double_sqrt" if m.group(3) == "d" else "real_sqrt")
    return out


def without_roots(block: str, int_divisions: bool = False, roots: bool = True) -> str:
    """The block with each square root replaced by the multiply of the same operands (``sqrtsd
    %xmm1, %xmm0`` -> ``mulsd %xmm1, %xmm0``: the same registers read and written, so the same
    dependences): the compiled model costs the roots with the calibrated throughput instead, since
    LLVM 14's Zen 2 model charges 20 cycles of the unit per ``sqrtsd`` (measured: 5-9).
    ``int_divisions``: each integer division too (``divq %rcx`` -> ``mulq %rcx``: rdx:rax in and
    out, as the division), costed by the calibrated divider: LLVM 14's Zen 2 model charges a
    ``divq`` 41 cycles whatever the quotient (measured here: 14-29 for 1-30 bits). ``roots``: False
    leaves the square roots (a machine with a divider but no square-root throughput)."""
    out = []
    for line in block.splitlines():
        parts = line.strip().split(None, 1)
        m = _SQRT.match(parts[0]) if parts and roots else None
        d = _IDIV.match(parts[0]) if parts and int_divisions else None
        if m and len(parts) > 1:
            out.append(f"\t{m.group(1)}mul{m.group(2)}{m.group(3)}\t{parts[1]}")
        elif d and len(parts) > 1:
            out.append(f"\t{parts[0].lstrip('i').replace('div', 'mul', 1)}\t{parts[1]}")
        else:
            out.append(line)
    return "\n".join(out) + "\n"
