"""Every figure of two predictions of one program, compared: rank symmetry (and steady states) on
against every process and iteration interpreted (--exact). Used by tests/test_symmetry.py and
benchmarks/symmetry_same.py.

What may differ: the count of interpreted events (the others are counted as extrapolated or
symmetric: the sum must be the same), the notes that say what was extrapolated or represented,
and durations by the rounding of sums (relative 1e-9, plus 1e-12 of the run's time for
durations that are differences of clock values, as tests/test_steady.py allows)."""
from __future__ import annotations

import json

REL = 1e-9
SKIPPED_NOTES = ("steady state:", "rank symmetry:")


def close(a, b, scale=0.0) -> bool:
    return a == b or abs(a - b) <= REL * max(abs(a), abs(b)) + 1e-12 * scale


def differences(exact, fast, programs=None, strict_waits=True) -> list[str]:
    """What differs between the two RunResults (empty: every figure is the same). Steady states
    change the rounding of equal waits, and so which of them a process lists: ``strict_waits``
    False compares only their lengths (tests/test_steady.py); True their AAUs and partners too."""
    out = []
    if not close(exact.total, fast.total):
        out.append(f"total {exact.total!r} != {fast.total!r}")
    scale = exact.total
    if len(exact.procs) != len(fast.procs):
        return out + [f"{len(exact.procs)} != {len(fast.procs)} processes"]
    for pe, pf in zip(exact.procs, fast.procs):
        if (pe.index, pe.label, pe.sau) != (pf.index, pf.label, pf.sau):
            out.append(f"process {pe.label} != {pf.label}")
        for f in ("start", "end", "comp", "ovh", "xmit", "wait"):
            if not close(getattr(pe, f), getattr(pf, f), scale):
                out.append(f"{pe.label} {f}: {getattr(pe, f)!r} != {getattr(pf, f)!r}")
        we, wf = sorted(pe.longest_waits), sorted(pf.longest_waits)
        if len(we) != len(wf) or any(not close(x[0], y[0], scale) or (strict_waits and x[1:] != y[1:])
                                     for x, y in zip(we, wf)):
            out.append(f"{pe.label} longest waits: {we} != {wf}")
    if set(exact.aaus.keys()) != set(fast.aaus.keys()):
        out.append("the AAUs that ran differ")
        return out
    for key, se in exact.aaus.items():
        sf = fast.aaus[key]
        if se.executions != sf.executions:
            out.append(f"{key} executions {se.executions} != {sf.executions}")
        for f in ("total", "comp", "ovh", "xmit", "wait", "first", "last", "min", "max"):
            x, y = getattr(se, f), getattr(sf, f)
            if (x is None) != (y is None) or (x is not None and not close(x, y, scale)):
                out.append(f"{key} {se.loc} {f}: {x!r} != {y!r}")
    represented = [r.events + r.extrapolated_events + r.symmetric_events for r in (exact, fast)]
    if represented[0] != represented[1]:
        out.append(f"events represented {represented[0]} != {represented[1]}")
    if [n for n in exact.notes if not n.startswith(SKIPPED_NOTES)] != \
            [n for n in fast.notes if not n.startswith(SKIPPED_NOTES)]:
        out.append("notes differ")
    if programs is not None and not out:
        out += _reports(exact, fast, programs)
    return out


def _reports(exact, fast, programs) -> list[str]:
    """The text and JSON reports at every level, numbers to 1e-9 (notes and event counts aside)."""
    from interp.output.jsonout import to_json
    from interp.output.levels import Structure
    from interp.output.report import render

    out = []
    for level in ("aag", "subaag", "aau"):
        te, tf = (_strip(render(r, None, level=level, structure=Structure(programs))) for r in (exact, fast))
        if te != tf:
            out.append(f"{level} text report differs")
        je, jf = (_json_strip(to_json(r, level, Structure(programs), None, None)) for r in (exact, fast))
        if not _same_json(je, jf):
            out.append(f"{level} JSON report differs")
    return out


def _strip(text: str) -> list[str]:
    """The report's lines but the event count and the notes on steady states and symmetry (each a
    bullet "  - " with its continuation lines)."""
    out, skipping = [], False
    for line in text.splitlines():
        if line.startswith("  - "):
            skipping = line[4:].startswith(SKIPPED_NOTES)
        elif not line.startswith("    "):
            skipping = False
        if not skipping and "events interpreted" not in line:
            out.append(line)
    return out


def _json_strip(data):
    data = json.loads(json.dumps(data))
    for k in ("events", "extrapolated_events", "symmetric_events"):
        data.pop(k, None)
    if "notes" in data:
        data["notes"] = [n for n in data["notes"] if not n.startswith(SKIPPED_NOTES)]
    return data


def _same_json(a, b) -> bool:
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same_json(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same_json(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, float):
        return close(a, b, 1.0)
    return a == b


def ipsc_with(directory, topology: str, nodes: int) -> str:
    """The iPSC/860 of paper 001 (its Tables 1-3, unchanged) with another interconnect and node
    count: a what-if machine (its name says so) on which a ring's neighbours are one hop apart
    from every process (a crossbar, or a ring of ``nodes`` nodes), unlike the hypercube's e-cube
    routes. Written to ``directory``; returns its path."""
    from pathlib import Path

    import yaml

    from sag.catalog import MACHINES_DIR

    data = yaml.safe_load((MACHINES_DIR / "ipsc860.yaml").read_text())
    data["name"] = f"iPSC/860 with a {topology} of {nodes} nodes (what-if)"
    cube = data["sag"]["children"][0]
    cube["count"] = nodes
    cube["processing"]["max_procs"] = nodes
    cube["comm_sync"]["topology"] = topology
    cube["comm_sync"].pop("routing", None)  # e-cube is the hypercube's routing
    path = Path(directory) / f"ipsc_{topology}{nodes}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return str(path)
