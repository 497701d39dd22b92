"""``interp compare``: two designs of one algorithm predicted side by side for several process
counts, and which one wins where.

A design is one SPMD file, or a host and a node program joined by ``+`` (``host.c+node.c``).
Both designs get the same -D inputs.
"""
from __future__ import annotations



from interp.errors import InputError
from interp.output.format import fmt_time, fmt_value

SCHEMA_VERSION = 1
CATS = ("comp", "ovh", "xmit", "wait")
# Two totals closer than this (relative) are a tie: float rounding, not a design difference.
TIE = 1e-9


def parse_design(spec: str) -> tuple[str, ...]:
    files = tuple(f.strip() for f in spec.split("+"))
    if not all(files) or len(files) > 2:
        raise InputError(f"design {spec!r}: give one program, or host.c+node.c")
    return files


def verdict(a: float | None, b: float | None) -> dict:
    """The winner (the smaller total), by how much (seconds) and the ratio slower / faster."""
    if a is None or b is None:
        return {"winner": None, "margin_seconds": None, "ratio": None}
    if abs(a - b) <= TIE * max(a, b):
        return {"winner": "tie", "margin_seconds": 0.0, "ratio": 1.0}
    fast, slow = sorted((a, b))
    return {"winner": "A" if a < b else "B", "margin_seconds": slow - fast, "ratio": slow / fast if fast else None}


def _side(o) -> dict:
    return {"total": o.total, **{c: (getattr(o, c) if o.total is not None else None) for c in CATS},
            "hang": o.hang}


def compare(designs, counts, inputs: dict, machine, bound, scale, param, include_dirs):
    """(points, machine name): one dict per process count with both sides and the verdict."""
    from interp.studies.sweep import Point, Settings, predict_point

    points, name = [], machine
    for p in counts:
        sides = {}
        for design, files in designs.items():
            settings = Settings(files, machine, bound, tuple(scale), tuple(param), tuple(include_dirs))
            sides[design] = o = predict_point(settings, Point(tuple(inputs.items()), p))
            name = o.machine or name
        points.append({"procs": p, "A": _side(sides["A"]), "B": _side(sides["B"]),
                       **verdict(sides["A"].total, sides["B"].total)})
    return points, name


def _line(name, side) -> str:
    if side["hang"]:
        return f"       {name}  cannot finish: {side['hang'].splitlines()[0]}"
    return f"       {name}  {fmt_time(side['total']):>10}" + "".join(f" {fmt_time(side[c]):>10}" for c in CATS)


def _say(pt) -> str:
    w = pt["winner"]
    if w is None:
        return "no verdict: a design cannot finish"
    if w == "tie":
        return "tie"
    loser = "B" if w == "A" else "A"
    r = pt["ratio"]
    # A ratio like 1.00x hides a real difference; below 10% say it as a percentage.
    if r is None:  # the faster one took no time at all
        how = "longer"
    else:
        how = f"{r:.2f}x as long" if r >= 1.1 else f"{100 * (r - 1):.2g}% longer"
    return f"{w} wins by {fmt_time(pt['margin_seconds'])} ({loser} takes {how})"


def render(points, designs, inputs: dict, machine: str, bound: str) -> str:
    out = [f"compare on {machine}, bound {bound}",
           f"A: {' + '.join(designs['A'])}", f"B: {' + '.join(designs['B'])}"]
    if inputs:
        out.append("inputs: " + ", ".join(f"{k}={fmt_value(v)}" for k, v in inputs.items()))
    out += ["(times summed over processes: compute, comm overhead, transmission, waiting)", ""]
    head = f"{'procs':>5}  {'':>1}  {'total':>10}" + "".join(f" {h:>10}" for h in
                                                            ("compute", "comm ovh", "transmit", "waiting"))
    out += [head, "-" * len(head)]
    for pt in points:
        out.append(f"{pt['procs']:>5}" + _line("A", pt["A"])[5:])
        out.append(_line("B", pt["B"]))
        out.append(f"{'':7}-> {_say(pt)}")
    wins = {w: [str(pt["procs"]) for pt in points if pt["winner"] == w] for w in ("A", "B", "tie")}
    summary = "; ".join(f"{w} at {', '.join(ps)} process{'es' if ps != ['1'] else ''}"
                        if w != "tie" else f"tie at {', '.join(ps)}" for w, ps in wins.items() if ps)
    out += ["", f"faster: {summary}" if summary else "no verdict"]
    return "\n".join(out)
