"""``interp whatif``: the same program on the machine as described and on a changed machine (paper
001 section 3.4.2, "Modeling What-ifs"), side by side: total, every process, the top AAUs."""
from __future__ import annotations

from collections import Counter


from interp.output.format import fmt_time, fmt_value
from interp.engine.result import CATEGORIES

SCHEMA_VERSION = 1
_HEADS = {"end": "end", "comp": "compute", "ovh": "comm ovh", "xmit": "transmit", "wait": "waiting"}


def relative(base: float, new: float) -> float | None:
    """(new - base) / base; None when the baseline is 0 (no percentage of nothing)."""
    return (new - base) / base if base else None


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:+.1f}%"


def _delta(seconds: float) -> str:
    return "0" if seconds == 0 else ("+" if seconds > 0 else "") + fmt_time(seconds)


def _proc_values(p) -> dict:
    return {"end": p.end, **{c: getattr(p, c) for c in CATEGORIES}}


def _keyed(stats) -> dict:
    """AAUs by (class, lines, label, ordinal among equal ones).

    Not by AAU id: ids come from a counter shared by every parse in the process, so the two runs'
    ids differ. Parse order is the same in both, so the ordinal pairs AAUs that share a line."""
    seen: Counter = Counter()
    out = {}
    for s in sorted(stats, key=lambda s: s.aau_id):
        k = (s.cls, s.loc, s.label)
        out[k + (seen[k],)] = s
        seen[k] += 1
    return out


def aau_changes(base, new) -> list[dict]:
    """Every AAU of the baseline with its what-if total, by baseline total (largest first)."""
    before, after = _keyed(base.aau_totals()), _keyed(new.aau_totals())
    out = []
    for key, s in sorted(before.items(), key=lambda kv: -kv[1].total):
        t = after[key].total if key in after else 0.0
        out.append({"id": s.aau_id, "class": s.cls, "lines": s.loc, "label": s.label, "baseline": s.total,
                    "what_if": t, "change": t - s.total, "relative_change": relative(s.total, t)})
    return out


def to_json(base, new, files, procs) -> dict:
    return {
        "schema_version": SCHEMA_VERSION,
        "kind": "whatif",
        "files": list(files),
        "machine": base.machine,
        "processes": procs,
        "bound": base.bound,
        "scenario": list(new.scenario),
        "inputs": base.inputs,
        "total": {"baseline": base.total, "what_if": new.total, "change": new.total - base.total,
                  "relative_change": relative(base.total, new.total)},
        "per_process": [
            {"process": b.label, "baseline": _proc_values(b), "what_if": _proc_values(n),
             "change": {k: _proc_values(n)[k] - v for k, v in _proc_values(b).items()}}
            for b, n in zip(base.procs, new.procs)
        ],
        "aaus": aau_changes(base, new),
    }


def render(base, new, files, top: int | None, options=()) -> str:
    out = [f"what-if: {' '.join(files)} on {base.machine}, {base.nprocs} processes, bound {base.bound}",
           f"scenario: {' '.join(options) or ', '.join(new.scenario)}"]
    if base.inputs:
        out.append("inputs: " + ", ".join(f"{k}={fmt_value(v)}" for k, v in base.inputs.items()))
    out += ["", f"{'':16}{'baseline':>12}{'what-if':>12}{'change':>12}{'':>9}",
            f"{'predicted time':16}{fmt_time(base.total):>12}{fmt_time(new.total):>12}"
            f"{_delta(new.total - base.total):>12}{_pct(relative(base.total, new.total)):>9}", ""]
    head = f"{'process':<9} {'':<9}" + "".join(f"{h:>11}" for h in _HEADS.values()) + f"{'end %':>9}"
    out += [head, "-" * len(head)]
    for b, n in zip(base.procs, new.procs):
        vb, vn = _proc_values(b), _proc_values(n)
        out.append(f"{b.label:<9} {'baseline':<9}" + "".join(f"{fmt_time(vb[k]):>11}" for k in _HEADS))
        out.append(f"{'':<9} {'what-if':<9}" + "".join(f"{fmt_time(vn[k]):>11}" for k in _HEADS))
        out.append(f"{'':<9} {'change':<9}" + "".join(f"{_delta(vn[k] - vb[k]):>11}" for k in _HEADS)
                   + f"{_pct(relative(vb['end'], vn['end'])):>9}")
    rows = aau_changes(base, new)
    shown = rows[:top] if top else rows
    out += ["", "AAUs by baseline total over all processes"
            + (f" (top {len(shown)} of {len(rows)})" if len(shown) < len(rows) else "")]
    head = f"{'AAU':<9} {'lines':<22} {'what':<22} {'baseline':>10} {'what-if':>10} {'change':>10} {'%':>8}"
    out += [head, "-" * len(head)]
    for a in shown:
        label = a["label"] if len(a["label"]) <= 22 else a["label"][:19] + "..."
        out.append(f"{a['class']:<9} {a['lines']:<22} {label:<22} {fmt_time(a['baseline']):>10} "
                   f"{fmt_time(a['what_if']):>10} {_delta(a['change']):>10} {_pct(a['relative_change']):>8}")
    return "\n".join(line.rstrip() for line in out)
