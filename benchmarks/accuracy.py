"""Prediction accuracy on this machine: calibrate it, then validate the samples that run here and
the validation corpus (benchmarks/validation/, docs/validation.md).

    python benchmarks/accuracy.py [--machine host.yaml] [--set samples|corpus|all]
                                  [--half tune|report|both] [--only NAME,...] [--skip NAME,...] [--repeat 5]
                                  [--rounds R] [--quick] [--no-ftz] [--timeout S] [--json out.json]
    python benchmarks/accuracy.py --machine other.yaml --measured out.json   # same runs, other file
    python benchmarks/accuracy.py --set corpus --combine r1.json,r2.json,r3.json   # rounds run apart

Calibrates (unless --machine names an existing calibrated file), then runs every program at its
process counts (P = 1 and 2; message and collective programs at P = 2 only) for three sizes, and
prints per point the measured median with the min-max and spread of its runs, the prediction,
the relative error (seed 000 Eq. 4.9), whether the median is inside the predicted [best, worst]
range, and whether the spread is larger than the error (then the error is not a measurement of
the model: docs/calibrate.md). Per group (the samples; the corpus's tune and report halves) it
prints the mean error (Eq. 4.10), the maximum, the fraction inside the range, per P and in all.
The machine file given is the one predicted with, whatever its node model (``processing.model``),
so a calibrated host with another model is judged the same way.

Needs a C compiler and MPICH (pip install 'interp[mpi]'). The runs of one program's points are
interleaved (interp validate), --repeat of them per point (default 5).

The programs are linked with interp validate's flush-to-zero shim (``--ftz``; ``--no-ftz`` to
measure them as they are): the Jacobi sample's field underflows into subnormal numbers after a few
hundred sweeps, whose arithmetic costs a microcode assist per operation that no model of the
source sees (docs/calibrate.md).

A virtual machine's speed can drift by tens of percent within minutes (docs/calibrate.md), and a
machine file measured at one moment then meets programs run at another. ``--rounds R`` repeats
calibration and validation R times in turn: each round's points are predicted with the file
calibrated just before them, and each point's error is the median of its R rounds' errors.
``--combine`` does the same with single-round ``--json`` files taken at other times (each file a
round, measured and predicted as it recorded them; a file re-predicted with ``--measured`` counts
with its new predictions).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from interp.calibrate.driver import calibrate  # noqa: E402
from interp.studies.validate import to_text, validate  # noqa: E402

S = ROOT / "samples"
CORPUS = ROOT / "benchmarks" / "validation"


@dataclass
class Case:
    """One program to validate: its files, process counts, sizes (one {input: value} per size,
    inputs varying together) and group ("samples", or the corpus half "tune" / "report")."""
    name: str
    files: list
    procs: list
    sizes: list
    group: str


def _sizes(define_lists) -> list[dict]:
    """-D lists (one value each, or one list varied) as explicit sizes."""
    varied = [(n, vs) for n, vs in define_lists if len(vs) > 1]
    fixed = {n: vs[0] for n, vs in define_lists if len(vs) == 1}
    if not varied:
        return [fixed]
    name, values = varied[0]
    return [{**fixed, name: v} for v in values]


# The samples: (files, process counts, -D lists), sizes chosen so that every run lasts about
# 0.2-2 s here (the range: shorter runs are dominated by noise and fixed costs). The
# Fortran samples are not validated: the mpich wheel has no Fortran compiler wrapper.
TRAPEZOID = [("n", [1.5e7, 3e7, 6e7]), ("reps", [10.0])]
SAMPLES = [
    ([S / "trapezoid_mpi.c"], [1, 2], TRAPEZOID),
    ([S / "trapezoid_host.c", S / "trapezoid_node.c"], [1, 2], TRAPEZOID),
    ([S / "jacobi2d_mpi.c"], [1, 2], [("n", [302.0, 602.0, 1002.0]), ("iters", [2500.0, 700.0, 250.0])]),
    ([S / "ring_mpi.c"], [2], [("params[0]", [8.0, 4096.0, 65536.0]), ("params[1]", [100000.0, 60000.0, 20000.0])]),
    ([S / "pingpong_mpi.c"], [2], [("m", [8.0, 4096.0, 262144.0]), ("reps", [100000.0, 50000.0, 10000.0])]),
    ([S / "matmul_master_worker_mpi.c"], [2], [("n", [600.0, 800.0, 1000.0])]),
]


def _paired(define_lists) -> list[dict]:
    """Sizes whose inputs vary together (the k-th value of every list with several values)."""
    many = [vs for _, vs in define_lists if len(vs) > 1]
    if len(many) <= 1:
        return _sizes(define_lists)
    return [{n: (vs[k] if len(vs) > 1 else vs[0]) for n, vs in define_lists} for k in range(len(many[0]))]


def sample_cases() -> list[Case]:
    return [Case(" + ".join(f.name for f in files), [str(f) for f in files], procs, _paired(dl), "samples")
            for files, procs, dl in SAMPLES]


def corpus_cases(manifest: Path = CORPUS / "manifest.yaml") -> list[Case]:
    """The corpus of benchmarks/validation/manifest.yaml (docs/validation.md)."""
    entries = yaml.safe_load(manifest.read_text())["programs"]
    return [Case(e["file"], [str(manifest.parent / e["file"])], list(e["procs"]),
                 [{k: float(v) for k, v in size.items()} for size in e["sizes"]], e["half"])
            for e in entries]


def select(cases: list[Case], which: str, half: str, only: list[str], skip: list[str] = ()) -> list[Case]:
    out = []
    for c in cases:
        if any(s in c.name for s in skip):
            continue
        if which != "all" and (c.group == "samples") != (which == "samples"):
            continue
        if c.group != "samples" and half != "both" and c.group != half:
            continue
        if only and not any(o in c.name for o in only):
            continue
        out.append(c)
    return out


def one_round(machine: str, cases: list[Case], repeat: int, ftz: bool = True, timeout: float = 120.0) -> dict:
    """Validate every case with ``machine``: {(group, name, inputs, procs): PointResult}."""
    out = {}
    for c in cases:
        try:
            res = validate(c.files, machine, c.procs, None, repeat=repeat, ftz=ftz, sizes=c.sizes, timeout=timeout)
        except Exception as exc:  # one program failing must not hide the others
            print(f"\n== {c.name} ({c.group}): not validated: {exc}", flush=True)
            continue
        print(f"\n== {c.name} ({c.group})\n{to_text(res, machine)}", flush=True)
        for r in res:
            out[(c.group, c.name, r.inputs, r.procs)] = r
    return out


@dataclass
class Summary:
    points: int
    mean: float
    max: float
    inside: int    # points whose measured median is inside the predicted [best, worst] range
    ranged: int    # points with a range
    noisy: int     # points whose spread is larger than their error


def summarize(points: list[tuple[float, bool | None, bool | None]]) -> Summary | None:
    """(error, inside, spread > error) of each point -> the group's figures (Eq. 4.10 mean)."""
    if not points:
        return None
    errors = [e for e, _, _ in points]
    ranged = [i for _, i, _ in points if i is not None]
    return Summary(len(points), sum(errors) / len(errors), max(errors), sum(bool(i) for i in ranged),
                   len(ranged), sum(bool(n) for _, _, n in points))


def _line(label: str, s: Summary) -> str:
    inside = f"{s.inside} of {s.ranged} ({100 * s.inside / s.ranged:.0f}%)" if s.ranged else "-"
    return (f"{label:28s} {s.points:4d} points  mean error {100 * s.mean:6.1f}%  max {100 * s.max:6.1f}%  "
            f"inside [best, worst] {inside:14s}  spread > error {s.noisy}")


def report(rounds: list[dict], json_path: str | None = None) -> None:
    keys = [key for key in rounds[0] if all(key in r for r in rounds)]
    rows = []
    for key in keys:
        per = [r[key].error for r in rounds if r[key].error is not None]
        if not per:
            continue
        group, name, inputs, procs = key
        last = rounds[-1][key]
        rows.append({"group": group, "program": name, "inputs": dict(inputs), "procs": procs,
                     "measured": last.median, "min": min(last.times), "max": max(last.times),
                     "spread": last.spread, "predicted": last.predicted, "best": last.best, "worst": last.worst,
                     "error": statistics.median(per), "errors_per_round": per, "inside": last.inside,
                     "spread_exceeds_error": last.spread > statistics.median(per)})
    if len(rounds) > 1:
        print("\n== every round: error per round, and its median (the point's error)")
        for row in rows:
            point = ", ".join([f"{n}={v:g}" for n, v in row["inputs"].items()] + [f"P={row['procs']}"])
            print(f"{row['program']:34s} {point:40s} " + " ".join(f"{100 * e:5.1f}%" for e in row["errors_per_round"])
                  + f"   median {100 * row['error']:.1f}%")
    print("\n== summary" + (f" ({len(rounds)} rounds: each point's median error)" if len(rounds) > 1 else ""))
    summaries = {}
    for group in ("samples", "tune", "report"):
        mine = [r for r in rows if r["group"] == group]
        for p in sorted({r["procs"] for r in mine}) + [None]:
            sel = [r for r in mine if p is None or r["procs"] == p]
            s = summarize([(r["error"], r["inside"], r["spread_exceeds_error"]) for r in sel])
            if s is None:
                continue
            label = {"samples": "samples", "tune": "corpus, tune half", "report": "corpus, report half"}[group]
            label += f", P = {p}" if p is not None else ", all"
            summaries[label] = s.__dict__
            print(_line(label, s))
    if json_path:
        with open(json_path, "w") as fh:
            json.dump({"points": rows, "summaries": summaries, "rounds": len(rounds)}, fh, indent=1)
        print(f"wrote {json_path}")


def repredict(machine: str, cases: list[Case], path: str) -> dict:
    """The points of an earlier ``--json`` file, measured as they were, predicted again with
    ``machine``: the same measurements judge two machine files or node models (an A/B without the
    VM's drift between two runs). A point keeps its min, median and max (so its spread)."""
    from interp.pipeline import predict
    from interp.output.format import fmt_value
    from interp.studies.validate import PointResult

    by_name = {c.name: c for c in cases}
    out = {}
    for row in json.loads(Path(path).read_text())["points"]:
        c = by_name.get(row["program"])
        if c is None:
            continue
        inputs = tuple((k, float(v)) for k, v in row["inputs"].items())
        r = PointResult(inputs, row["procs"], [row["min"], row["measured"], row["max"]])
        defines = [f"{k}={fmt_value(v)}" for k, v in inputs]
        r.predicted, r.best, r.worst = (
            predict(c.files, machine, r.procs, defines, bound, interactive=False, messages=False).result.total
            for bound in ("mid", "best", "worst"))
        out[(c.group, c.name, inputs, r.procs)] = r
    for name in dict.fromkeys(k[1] for k in out):
        res = [r for k, r in out.items() if k[1] == name]
        text = "\n".join(x for x in to_text(res, machine).splitlines() if not x.startswith("runs interleaved"))
        print(f"\n== {name} (measured in {path}, predicted again)\n{text}", flush=True)
    return out


def recorded(cases: list[Case], path: str) -> dict:
    """The points of a single-round ``--json`` file as it recorded them (measured min, median and
    max; predicted, best and worst): one round of ``--combine``."""
    from interp.studies.validate import PointResult

    by_name = {c.name: c for c in cases}
    out = {}
    for row in json.loads(Path(path).read_text())["points"]:
        c = by_name.get(row["program"])
        if c is None:
            continue
        inputs = tuple((k, float(v)) for k, v in row["inputs"].items())
        r = PointResult(inputs, row["procs"], [row["min"], row["measured"], row["max"]])
        r.predicted, r.best, r.worst = row["predicted"], row.get("best"), row.get("worst")
        out[(c.group, c.name, inputs, r.procs)] = r
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--machine", default=None, help="predict with this (calibrated) machine file instead of calibrating")
    ap.add_argument("--quick", action="store_true", help="calibrate with --quick")
    ap.add_argument("--set", dest="which", choices=["samples", "corpus", "all"], default="all",
                    help="the samples, the validation corpus, or both (default)")
    ap.add_argument("--half", choices=["tune", "report", "both"], default="both", help="corpus half to run")
    ap.add_argument("--only", default="", help="comma-separated parts of program file names: run only those")
    ap.add_argument("--skip", default="", help="comma-separated parts of program file names: leave those out")
    ap.add_argument("--repeat", type=int, default=5, help="runs per point, interleaved over the points")
    ap.add_argument("--rounds", type=int, default=1,
                    help="calibrate and validate this many times in turn (median error per point)")
    ap.add_argument("--no-ftz", action="store_true", help="measure without the flush-to-zero shim")
    ap.add_argument("--timeout", type=float, default=120.0,
                    help="seconds allowed per run (a program with a run over it is reported as not validated)")
    ap.add_argument("--measured", default=None, metavar="JSON",
                    help="run nothing: predict the points of an earlier --json file again with --machine")
    ap.add_argument("--combine", default=None, metavar="JSON,JSON,...",
                    help="run nothing: each earlier single-round --json file is a round; median error per point")
    ap.add_argument("--json", default=None, help="also write every point and the summaries to this file")
    args = ap.parse_args()
    cases = select(sample_cases() + corpus_cases(), args.which, args.half,
                   [o for o in args.only.split(",") if o], [o for o in args.skip.split(",") if o])
    if not cases:
        ap.error("no program selected (see --set, --half, --only)")
    if args.combine:
        paths = [p for p in args.combine.split(",") if p]
        missing = [p for p in paths if not os.path.exists(p)]
        if missing:
            ap.error(f"--combine: no such file: {', '.join(missing)}")
        report([recorded(cases, p) for p in paths], args.json)
        return
    if args.measured:
        if not (args.machine and os.path.exists(args.machine)):
            ap.error("--measured needs --machine with an existing machine file")
        report([repredict(args.machine, cases, args.measured)], args.json)
        return
    rounds = []
    for k in range(args.rounds):
        if args.machine and os.path.exists(args.machine):
            machine = args.machine
        else:
            name = "host.yaml" if args.rounds == 1 else f"host-{k + 1}.yaml"
            machine = args.machine or str(ROOT / "benchmarks" / name)
            print(f"calibrating -> {machine}" + (f" (round {k + 1} of {args.rounds})" if args.rounds > 1 else ""),
                  flush=True)
            calibrate(machine, quick=args.quick)
        rounds.append(one_round(machine, cases, args.repeat, not args.no_ftz, args.timeout))
    report(rounds, args.json)


if __name__ == "__main__":
    main()
