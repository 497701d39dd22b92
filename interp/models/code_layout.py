"""Where the linked program's loops lie in memory, and the front end's bound that follows.

A core's front end delivers the instructions of one fetch window (an aligned block of 64 bytes on
AMD Zen's op cache, 32 on Intel's decoded-uop cache) per cycle. A short loop that lies within one
window issues from it every cycle; the same loop across a window boundary needs two windows a
pass, whatever its instructions' throughput says. Neither llvm-mca nor OSACA models the front end
(both start from decoded instructions), and where a loop lies is decided by the link, not by the
compiler's assembly. Measured on a Zen 2 (docs/model.md, "Code layout"): the scalar daxpy loop
(28 bytes, 1.4 cycles a pass within one block) took 0.62 ns a pass where the link placed it
across a 64-byte boundary and 0.39 ns where an unrelated change to ``main`` moved it 32 bytes on.

So the compiled model links the program exactly as ``interp validate`` does
(interp/calibrate/build.py), disassembles it (``objdump -d``), finds each function's innermost
loops with the same rule as for the assembly (interp/models/asm_loops.py) and pairs the k-th loop of
a function in the assembly with the k-th in the executable when both hold the same number of
instructions. A pass then costs at least one ``compiled.fetch_time`` per ``compiled.fetch_window``
its code spans (calibrated by interp/calibrate/bench/fetch_bench.c).

Results are cached by content (compiler, flags, sources, shims), like the assembly (mca.py).
"""
from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from interp.errors import InputError
from interp.models import asm_loops, mca

_FUNC = re.compile(r"^([0-9a-f]+) <([^>]+)>:$")
_INSN = re.compile(r"^\s+([0-9a-f]+):\s+(\S.*)$")
_TARGET = re.compile(r"^([0-9a-f]+) <[^>]*>$")


@dataclass(frozen=True)
class Placed:
    """One innermost loop of the executable: its code's bytes [start, end) and its instructions."""
    start: int
    end: int
    insns: int

    def windows(self, width: int) -> int:
        """The aligned blocks of ``width`` bytes the loop's code touches."""
        return (self.end - 1) // width - self.start // width + 1


def pseudo_assembly(disassembly: str) -> tuple[str, dict[str, list[int]]]:
    """``objdump -d --no-show-raw-insn -w`` text as assembly asm_loops reads (a label at every
    jump target, jumps to labels), and each function's instruction addresses in order plus the
    address after its last instruction."""
    funcs: dict[str, list[tuple[int, str]]] = {}
    twice: set[str] = set()   # two static functions of one name (two files): cannot be told apart
    current = None
    for line in disassembly.splitlines():
        m = _FUNC.match(line.strip())
        if m:
            current = m.group(2)
            if current in funcs:
                twice.add(current)
            funcs[current] = []
            continue
        m = _INSN.match(line)
        if m and current is not None:
            funcs[current].append((int(m.group(1), 16), m.group(2).split("#", 1)[0].strip()))
    for name in twice:
        del funcs[name]
    lines, addresses = [], {}
    for name, insns in funcs.items():
        if not insns:
            continue
        own = {a for a, _ in insns}
        targets = set()
        body = []
        for addr, text in insns:
            parts = text.split(None, 1)
            if parts[0].startswith("j") and len(parts) > 1:
                t = _TARGET.match(parts[1].strip())
                if t and int(t.group(1), 16) in own:
                    targets.add(int(t.group(1), 16))
                    text = f"{parts[0]}\t.L{int(t.group(1), 16):x}"
            body.append((addr, text))
        lines += [f"\t.type\t{name}, @function", f"{name}:"]
        for addr, text in body:
            if addr in targets:
                lines.append(f".L{addr:x}:")
            lines.append("\t" + text)
        # a loop ends where the instruction after its closing jump starts (placed_loops)
        addresses[name] = [a for a, _ in insns]
    return "\n".join(lines) + "\n", addresses


def placed_loops(disassembly: str) -> dict[str, list[Placed]]:
    """Function name -> its innermost loops in address order (functions named twice are left out)."""
    text, addresses = pseudo_assembly(disassembly)
    out: dict[str, list[Placed]] = {}
    for lp in asm_loops.loops(text):
        addrs = addresses[lp.function]
        if lp.end + 1 >= len(addrs):
            continue
        out.setdefault(lp.function, []).append(Placed(addrs[lp.start], addrs[lp.end + 1], lp.end - lp.start + 1))
    return {name: sorted(v, key=lambda p: p.start) for name, v in out.items()}


def match(loop: asm_loops.AsmLoop, generated: tuple[asm_loops.AsmLoop, ...], placed: dict[str, list[Placed]],
          name: str) -> Placed | None:
    """The executable's copy of ``loop`` (one of ``generated``, the source file's assembly), its
    function called ``name`` there: the same ordinal among the function's loops and the same
    instruction count, with as many loops in the function on both sides; else None."""
    mine = sorted((g for g in generated if g.function == loop.function), key=lambda g: g.start)
    theirs = placed.get(name, [])
    if len(mine) != len(theirs) or loop not in mine:
        return None
    k = mine.index(loop)
    return theirs[k] if theirs[k].insns == len(loop.insns) else None


def layout(files: list[str], cc: str, cflags: str) -> tuple[dict[str, list[Placed]], dict[str, str]] | str:
    """The linked program's innermost loops by function, and each source's name for ``main`` in
    it; or why there is none (no objdump, a build that fails)."""
    tool = shutil.which("objdump")
    if tool is None:
        return "objdump (GNU binutils) is not installed"
    try:
        texts = [Path(f).read_text(encoding="utf-8", errors="replace") for f in files]
    except OSError as exc:
        return f"cannot read the program: {exc.strerror}"
    from interp.calibrate import tools
    from interp.calibrate.build import build

    shims = [tools.shim_source(n).read_text() for n in ("pmpi_timer.c", "seq_timer.c", "nx_on_mpi.c")]
    mpicc = tools.mpi_tools()
    key = mca._key("layout", mca._version(cc), mca._version(mpicc[0]) if mpicc else "", cflags,
                   mca._version(tool), *files, *texts, *shims)
    found = mca._load(key)
    if found is None:
        with tempfile.TemporaryDirectory(prefix="interp-layout-") as tmp:
            try:
                b = build(list(files), Path(tmp), cc, cflags)
            except InputError as exc:
                return f"the program does not build as interp validate builds it: {str(exc).splitlines()[0]}"
            try:
                proc = subprocess.run([tool, "-d", "--no-show-raw-insn", "-w", "-j", ".text", str(b.exe)],
                                      capture_output=True, text=True, timeout=120)
            except (OSError, subprocess.TimeoutExpired) as exc:
                return f"objdump did not run: {exc}"
            if proc.returncode != 0:
                return f"objdump failed: {proc.stderr.strip()[:200]}"
        loops = placed_loops(proc.stdout)
        found = [{n: [[p.start, p.end, p.insns] for p in v] for n, v in loops.items()}, b.mains]
        mca._store(key, found)
    loops, mains = found
    return {n: [Placed(*p) for p in v] for n, v in loops.items()}, mains
