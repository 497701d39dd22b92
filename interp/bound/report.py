"""The bound as text: ``interp bound``'s report, and the lines ``interp run --bound-analysis``
prints beside a prediction (how far it is from T^l, and how busy each resource keeps)."""
from __future__ import annotations

from interp.output.format import fmt_value

TOP = 12  # resources listed (the rest are summed up in one line)


def seconds(x: float) -> str:
    """Seven significant digits: Table 1's bounds differ from the paper's rounding at the 5th."""
    return f"{x:.7g} s"


def render(b) -> str:
    r = b.result
    lines = [f"program: {r.program}", f"machine: {r.machine}", f"processes: {r.nprocs}"]
    if r.inputs:
        lines.append("inputs:  " + ", ".join(f"{k}={fmt_value(v)}" for k, v in sorted(r.inputs.items())))
    lines += ["", "lower bound (seed 004, Eq. 2-5):",
              f"  phi   critical path, no waiting for resources  {seconds(b.phi)}",
              f"  omega largest demand / servers                 {seconds(b.omega)}"
              + (f"  ({b.resources[0].name})" if b.resources else ""),
              f"  T^l = max(phi, omega)                          {seconds(b.tl)}  bound by: {b.binding}",
              "", "demand delta of each shared resource (largest delta/|r| first):",
              f"  {'resource':<36} {'delta':>14} {'|r|':>6} {'delta/|r|':>14}"]
    for d in b.resources[:TOP]:
        servers = f"{d.servers:g}"
        lines.append(f"  {d.name:<36} {seconds(float(d.delta)):>14} {servers:>6} {seconds(float(d.bound)):>14}")
    if len(b.resources) > TOP:
        lines.append(f"  ... and {len(b.resources) - TOP} more resources with smaller demand")
    if not b.resources:
        lines.append("  (none: nothing in this program uses a shared resource)")
    if b.symbolic is not None:
        lines += ["", "closed forms:"] + ["  " + x for x in b.symbolic.text().splitlines()]
    if r.notes:
        lines += ["", "notes on the machine model (contention-free run):"] + [f"  - {n}" for n in r.notes]
    return "\n".join(lines)


def beside(b, predicted: float) -> str:
    """For ``interp run --bound-analysis``: the bound next to the engine's full prediction."""
    lines = ["", "bound analysis (seed 004 Eq. 2-5; interp bound shows it in full):",
             f"  prediction T                 {seconds(predicted)}",
             f"  lower bound T^l              {seconds(b.tl)}  bound by: {b.binding}",
             f"  phi (critical path)          {seconds(b.phi)}",
             f"  omega (largest demand)       {seconds(b.omega)}"]
    if b.tl > 0:
        lines.append(f"  T / T^l                      {predicted / b.tl:.4f}  (gap {seconds(predicted - b.tl)})")
    if b.resources and predicted > 0:
        lines.append("  busiest resources (delta/|r|, and the share of T they are busy):")
        for d in b.resources[:5]:
            lines.append(f"    {d.name:<36} {seconds(float(d.bound)):>14}  {100 * float(d.bound) / predicted:6.1f}% of T")
    return "\n".join(lines)


def as_json(b) -> dict:
    """The bound in ``interp run --bound-analysis --format json`` (docs/bound.md)."""
    return {"phi": b.phi, "omega": b.omega, "T_l": b.tl, "binding": b.binding,
            "resources": [{"resource": d.name, "delta": float(d.delta), "servers": d.servers,
                           "delta_per_server": float(d.bound)} for d in b.resources]}
