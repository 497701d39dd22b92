"""Digit-for-digit check of every sample's prediction across a refactoring.

`python benchmarks/same_numbers.py --record` writes the JSON of `interp run --exact --format json`
for every sample (and a few machine and option variants) to benchmarks/same_numbers.ref.json;
`python benchmarks/same_numbers.py` runs them again and prints every figure that differs (exit 1
when any does). A refactoring that moves code must leave every number unchanged.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REF = Path(__file__).with_suffix(".ref.json")

# name -> command-line arguments after `interp run` (all with --exact --format json)
CASES = {
    "trapezoid_host_node": ["samples/trapezoid_host.c", "samples/trapezoid_node.c", "--procs", "16",
                            "-D", "n=100000", "-D", "reps=10"],
    "trapezoid_mpi": ["samples/trapezoid_mpi.c", "--procs", "8", "-D", "n=1000000", "-D", "reps=5"],
    "trapezoid_mpi_worst": ["samples/trapezoid_mpi.c", "--procs", "4", "-D", "n=10000", "-D", "reps=2",
                            "--bound", "worst"],
    "trapezoid_mpi_sp2": ["samples/trapezoid_mpi.c", "--procs", "4", "-D", "n=10000", "-D", "reps=2",
                          "--machine", "sp2"],
    "jacobi": ["samples/jacobi2d_mpi.c", "--procs", "16", "-D", "n=130", "-D", "iters=20"],
    "jacobi_paragon": ["samples/jacobi2d_mpi.c", "--procs", "8", "-D", "n=66", "-D", "iters=5",
                       "--machine", "paragon"],
    "jacobi_t3d": ["samples/jacobi2d_mpi.c", "--procs", "8", "-D", "n=66", "-D", "iters=5",
                   "--machine", "t3d"],
    "ring": ["samples/ring_mpi.c", "--procs", "8", "-D", "params[0]=1024", "-D", "params[1]=3"],
    "pingpong": ["samples/pingpong_mpi.c", "--procs", "2", "-D", "m=64", "-D", "reps=10"],
    "pingpong_big": ["samples/pingpong_mpi.c", "--procs", "4", "-D", "m=100000", "-D", "reps=3"],
    "matmul": ["samples/matmul_master_worker_mpi.c", "--procs", "4", "-D", "n=64"],
    "sum_tree": ["samples/skeletons/sum_tree_mpi.c", "--procs", "16", "-D", "n=1000"],
    "sum_ring": ["samples/skeletons/sum_ring_mpi.c", "--procs", "16", "-D", "n=1000"],
    "missing_recv": ["samples/broken/missing_recv.c", "--procs", "2"],
    "fortran_trapezoid": ["samples/fortran/trapezoid_host.f", "samples/fortran/trapezoid_node.f",
                          "--procs", "4", "-D", "N=1000", "-D", "reps=2"],
    "fortran_jacobi": ["samples/fortran/jacobi2d_mpi.f90", "--procs", "4", "-D", "n=66", "-D", "iters=5"],
}


def run(name: str) -> tuple[str, object]:
    cmd = [sys.executable, "-c", "from interp.cli import main; main()", "run", *CASES[name],
           "--exact", "--format", "json"]
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        return name, {"exit": p.returncode, "stderr": p.stderr.strip()}
    return name, json.loads(p.stdout)


def diff(a, b, path="") -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                out.append(f"{path}.{k}: only in {'reference' if k in a else 'now'}")
            else:
                out += diff(a[k], b[k], f"{path}.{k}")
        return out
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return [f"{path}: {len(a)} items in the reference, {len(b)} now"]
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in diff(x, y, f"{path}[{i}]")]
    return [] if a == b else [f"{path}: {a!r} -> {b!r}"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--record", action="store_true", help="write the reference instead of checking")
    args = ap.parse_args()
    with ThreadPoolExecutor(2) as pool:
        now = dict(pool.map(run, CASES))
    if args.record:
        REF.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n")
        print(f"recorded {len(now)} cases in {REF.relative_to(ROOT)}")
        return 0
    ref = json.loads(REF.read_text())
    bad = 0
    for name in CASES:
        d = diff(ref.get(name), now[name])
        bad += bool(d)
        print(f"{name:24s} {'same' if not d else f'{len(d)} differences'}")
        for line in d[:10]:
            print("    " + line)
    print(f"{len(CASES) - bad} same, {bad} different")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
