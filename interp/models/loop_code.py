"""What the generated code says about one source loop, and its in-core time.

``LoopCode`` holds the analyzers' figures for the generated loop matched to a source loop
(interp/models/compiled.py finds and analyses it); ``core_range`` turns them into the in-core
time of one source iteration, the arithmetic the compiled model's notes state:

- each analyzer's cycles per pass (llvm-mca on ``compiled.cpu``, on ``compiled.mca_cpu``, OSACA)
  over the source iterations a pass covers, times the time of a cycle;
- at least the divider's time, the front end's (fetch windows) and the carried dependence chain
  at the calibrated latencies;
- on a core shared with another hardware thread (``compiled.issue_share`` s < 1), each analyzer's
  bound from the ports alone (llvm-mca's Block RThroughput, OSACA's busiest port) stretched to
  1 / s: the other thread takes ports, not latency, so a pass bound by a dependence chain keeps
  its time (docs/model.md, "A core shared with another hardware thread").
"""
from __future__ import annotations

from interp.models import asm_loops, code_layout


class LoopCode:
    """What the generated code says about one source loop."""

    def __init__(self, cycles: float, per_pass: int, how: str, calls: list[str], where: str,
                 divisions: list[str], osaca: float | None = None, osaca_note: str = "",
                 branch_free: bool = False, placed: code_layout.Placed | None = None, layout_note: str = "",
                 insns: tuple = (), model2: float | None = None, ports: tuple[float, ...] = ()):
        self.cycles = cycles          # llvm-mca cycles per pass of the generated loop
        self.osaca = osaca            # OSACA's cycles per pass (None: not analysed, osaca_note why)
        self.osaca_note = osaca_note
        self.branch_free = branch_free  # no conditional jump in the body (ifs turned into selects)
        self.per_pass = per_pass      # source iterations one pass covers
        self.how = how                # how per_pass was found
        self.calls = calls            # functions the generated loop calls
        self.where = where            # function of the generated code
        self.divisions = divisions    # division instructions per pass, by operation class
        self.placed = placed          # where the linked program holds it (None: layout_note why)
        self.layout_note = layout_note
        self.insns = insns            # one pass's instructions without its calls (asm_chain.py)
        self.model2 = model2          # compiled.mca_cpu's cycles per pass, in cpu's cycles (None: none)
        # each analyzer's bound from the ports alone (no dependences), in the order of passes():
        # llvm-mca's Block RThroughput, the second model's, OSACA's busiest port
        self.ports = ports

    def passes(self) -> list[float]:
        """The analyzers' cycles per pass: llvm-mca on cpu, on mca_cpu, OSACA (those present)."""
        return ([self.cycles] + ([self.model2] if self.model2 is not None else [])
                + ([self.osaca] if self.osaca is not None else []))


def per_pass(loop: asm_loops.AsmLoop, accesses, source_step) -> tuple[int, str]:
    """Source iterations one pass of the generated loop covers, and how that was found."""
    ind = asm_loops.induction(loop)
    lanes = asm_loops.lanes(loop)
    strides = [abs(a.stride) * a.elem_size for a in accesses if a.is_array and a.stride]
    if ind is not None and ind.bytes and strides:
        k = ind.bytes / min(strides)
        if k >= 1 and abs(k - round(k)) < 1e-9:
            return int(round(k)), (f"%{ind.register} advances {ind.bytes} B per pass, the source loop's "
                                   f"accesses {min(strides)} B per iteration")
    if ind is not None and ind.bytes is None and source_step:
        k = abs(ind.step) / abs(source_step)
        if k >= 1 and abs(k - round(k)) < 1e-9 and round(k) >= lanes:
            return int(round(k)), f"counter %{ind.register} steps {ind.step} per pass"
    if lanes > 1:
        return lanes, f"{lanes} lanes per packed instruction"
    return 1, "scalar code, one iteration per pass"


def core_range(code: LoopCode, cycle: float, floor: float, share: float = 1.0) -> tuple[float, float]:
    """(least, most) seconds per source iteration in the core over the analyzers: each one's
    cycles per pass, or its ports' bound over ``share`` when that is longer, per source iteration
    at ``cycle`` seconds a cycle, and at least ``floor`` (the divider, the front end, the carried
    chain)."""
    figures = shared_passes(code, share)
    return (max(min(figures) / code.per_pass * cycle, floor),
            max(max(figures) / code.per_pass * cycle, floor))


def shared_passes(code: LoopCode, share: float) -> list[float]:
    """The analyzers' cycles per pass when the process gets ``share`` of the core's ports."""
    alone = code.passes()
    # a ports' bound above the analyzer's own figure (llvm-mca's static Block RThroughput can
    # exceed its simulated steady state) is taken as that figure: alone, nothing changes
    return [max(p, min(r, p) / share) for p, r in zip(alone, code.ports)] + alone[len(code.ports):]
