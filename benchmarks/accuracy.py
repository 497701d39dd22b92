"""Prediction accuracy on this machine: calibrate it, then validate every sample that runs here.

    python benchmarks/accuracy.py [--quick] [--machine host.yaml] [--repeat 3] [--rounds R] [--no-ftz]

Calibrates (unless --machine names an existing calibrated file), then runs each sample at P = 1
and 2 (samples that need two ranks at P = 2 only) for three sizes, and prints measured, predicted
and the relative error (seed 000 Eq. 4.9), the mean (Eq. 4.10) and the maximum error. Needs a C
compiler and MPICH (pip install 'interp[mpi]'). Timings are noisy on a shared machine: the median
of --repeat runs is compared.

The programs are linked with interp validate's flush-to-zero shim (``--ftz``; ``--no-ftz`` to
measure them as they are): the Jacobi sample's field underflows into subnormal numbers after a few
hundred sweeps, whose arithmetic costs a microcode assist per operation that no model of the
source sees (docs/calibrate.md).

A virtual machine's speed can drift by tens of percent within minutes (docs/calibrate.md), and a
machine file measured at one moment then meets programs run at another. ``--rounds R`` repeats
calibration and validation R times in turn: each round's points are predicted with the file
calibrated just before them, and each point's error is the median of its R rounds' errors.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interp.calibrate.driver import calibrate  # noqa: E402
from interp.studies.validate import to_text, validate  # noqa: E402

S = ROOT / "samples"
# (files, process counts, -D lists), sizes chosen so that every run lasts about 0.2-2 s here (the
# issue's range: shorter runs are dominated by noise and fixed costs). Where a sample's work per
# size differs by much, each size has its own repetition count (one entry per size). The Fortran
# samples are not validated: the mpich wheel has no Fortran compiler wrapper.
TRAPEZOID = [("n", [1.5e7, 3e7, 6e7]), ("reps", [10.0])]
CASES = [
    ([S / "trapezoid_mpi.c"], [1, 2], TRAPEZOID),
    ([S / "trapezoid_host.c", S / "trapezoid_node.c"], [1, 2], TRAPEZOID),
    *[([S / "jacobi2d_mpi.c"], [1, 2], [("n", [n]), ("iters", [it])])
      for n, it in ((302.0, 2500.0), (602.0, 700.0), (1002.0, 250.0))],
    *[([S / "ring_mpi.c"], [2], [("params[0]", [m]), ("params[1]", [trips])])
      for m, trips in ((8.0, 100000.0), (4096.0, 60000.0), (65536.0, 20000.0))],
    *[([S / "pingpong_mpi.c"], [2], [("m", [m]), ("reps", [reps])])
      for m, reps in ((8.0, 100000.0), (4096.0, 50000.0), (262144.0, 10000.0))],
    ([S / "matmul_master_worker_mpi.c"], [2], [("n", [600.0, 800.0, 1000.0])]),
]


def one_round(machine: str, repeat: int, ftz: bool = True) -> dict:
    """Validate every case with ``machine``: {(sample, inputs, procs): PointResult}."""
    out = {}
    for files, procs, defines in CASES:
        names = " + ".join(f.name for f in files)
        try:
            res = validate([str(f) for f in files], machine, procs, defines, repeat=repeat, ftz=ftz)
        except Exception as exc:  # one sample failing must not hide the others
            print(f"\n== {names}: not validated: {exc}")
            continue
        print(f"\n== {names}\n{to_text(res, machine)}", flush=True)
        for r in res:
            out[(names, r.inputs, r.procs)] = r
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--machine", default=None, help="use this calibrated file instead of calibrating")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=1,
                    help="calibrate and validate this many times in turn (median error per point)")
    ap.add_argument("--no-ftz", action="store_true", help="measure without the flush-to-zero shim")
    args = ap.parse_args()
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
        rounds.append(one_round(machine, args.repeat, not args.no_ftz))
    keys = [key for key in rounds[0] if all(key in r for r in rounds)]
    errs = []
    if args.rounds > 1:
        print("\n== every round: error per round, and its median (the point's error)")
    for key in keys:
        per = [r[key].error for r in rounds if r[key].error is not None]
        if not per:
            continue
        errs.append(statistics.median(per))
        if args.rounds > 1:
            names, inputs, procs = key
            point = ", ".join([f"{n}={v:g}" for n, v in inputs] + [f"P={procs}"])
            print(f"{names:45s} {point:34s} " + " ".join(f"{100 * e:5.1f}%" for e in per)
                  + f"   median {100 * errs[-1]:.1f}%")
    if errs:
        print(f"\nall samples: {len(errs)} points, mean error {100 * sum(errs) / len(errs):.1f}% "
              f"(seed 000 Eq. 4.10), maximum {100 * max(errs):.1f}%"
              + (f", {args.rounds} rounds" if args.rounds > 1 else ""))
        inside = [sum(bool(r[key].inside) for key in keys) for r in rounds]
        print("measured inside the predicted [best, worst] range: "
              + ", ".join(f"{n} of {len(keys)}" for n in inside) + (" (per round)" if args.rounds > 1 else ""))


if __name__ == "__main__":
    main()
