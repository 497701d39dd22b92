"""Text view of a SAG for ``interp machine show``: the tree, component kinds, key parameters."""
from __future__ import annotations

import textwrap

from sag.model import COMPONENT_NAMES, SAG, SAU, SHORT
from sag.parameter import Bound

# Shown by default; ``--all`` shows every parameter.
KEY_PARAMS = {
    "processing": ("clock", "max_procs", "peak_flops", "ops.int_add", "ops.real_mul", "ops.real_div",
                   "iter.per_iter", "call.per_call"),
    "memory": ("cache.size", "cache.block", "cache.assoc", "fetch", "fetch_miss", "main.size",
               "main.bandwidth"),
    "comm_sync": ("static_buffer", "static.startup", "static.per_byte", "static.per_hop",
                  "dynamic.startup", "dynamic.per_byte", "dynamic.per_hop", "sync", "overlap"),
    "io": ("read_per_byte", "write_per_byte", "device.transfer_rate"),
}


def render(sag: SAG, show_all: bool = False, bound: Bound | None = None, sources: bool = False) -> str:
    lines = [f"{sag.name}", f"  file: {sag.file}" if sag.file else "", ]
    if sag.source:
        lines.append(f"  source: {sag.source}")
    if sag.runtime:
        lines.append("  run-time parameters: " + ", ".join(f"{k}={v:g}" for k, v in sag.runtime.items()))
    if sag.scenario:
        lines.append("  scenario: " + ", ".join(sag.scenario))
    lines = [l for l in lines if l]
    _sau(sag.root, 0, lines, show_all, bound, sources)
    return "\n".join(lines)


def _sau(sau: SAU, depth: int, out: list[str], show_all: bool, bound, sources: bool) -> None:
    pad = "  " * depth
    count = f" x{sau.count}" if sau.count > 1 else ""
    role = f" [{sau.role}]" if sau.role else ""
    kinds = " ".join(f"{SHORT[c]}={sau.component(c).kind}" for c in COMPONENT_NAMES)
    out.append(f"{pad}L{sau.level} {sau.id}{count} {sau.name}{role}  <{kinds}> ({sau.kind})")
    if sau.connects:
        out.append(f"{pad}    connects: {', '.join(sau.connects)}")
    for cname in COMPONENT_NAMES:
        comp = sau.component(cname)
        if comp.is_void or (not comp.params and not comp.settings):
            continue
        shown = []
        for key, value in comp.settings.items():
            shown.append(f"{key}={'x'.join(map(str, value)) if isinstance(value, tuple) else value}")
        for key, p in comp.params.items():
            if show_all or key in KEY_PARAMS[cname]:
                text = f"{key}={p.describe(bound)}"
                if sources and p.source:
                    text += f"  ({p.source})"
                shown.append(text)
        if not shown:
            continue
        out.append(f"{pad}    {cname}:")
        if sources or show_all:
            out.extend(f"{pad}      {s}" for s in shown)
        else:
            # Non-breaking spaces keep "50 ns" on one line; wrapping happens between parameters.
            text = ", ".join(s.replace(" ", "\u00a0") for s in shown)
            wrapped = textwrap.wrap(text, width=100, initial_indent=f"{pad}      ",
                                    subsequent_indent=f"{pad}      ", break_long_words=False)
            out.extend(line.replace("\u00a0", " ") for line in wrapped)
    for child in sau.children:
        _sau(child, depth + 1, out, show_all, bound, sources)
