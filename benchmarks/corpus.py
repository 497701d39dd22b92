"""Issue 13's figure: how many of the corpus programs (tests/corpus/manifest.yaml) interp handles.

    python3 benchmarks/corpus.py [--repo PATH] [--only ID ...] [--json FILE]

Runs every manifest entry with the interp of --repo (default: the repository holding this script),
each in its own process (PYTHONPATH=REPO) with the entry's --timeout and a wall-clock limit 60 s
beyond it, one after another (the machine is shared). Prints per program: works / needs annotation
(which) / refused (why) / internal error / hang / wrong (expected X, got Y), and the totals: over
all entries, over the programs the manifest expects to be predicted, and the open entries (not
handled yet) next to the ones that now pass or that regressed.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
KILL_MARGIN = 60  # seconds beyond the entry's --timeout


def _load_harness(repo: Path):
    sys.path.insert(0, str(repo / "tests" / "corpus"))
    import harness
    return harness


def run_entry(harness, entry: dict, repo: Path):
    """Run one entry in a subprocess; returns (Outcome, wall seconds)."""
    cmd = [sys.executable, "-c", "import sys; from interp.cli import entry; sys.exit(entry())",
           *harness.cli_args(entry, repo / "tests" / "corpus")]
    env = dict(os.environ, PYTHONPATH=str(repo), INTERP_DEBUG="")
    env.pop("INTERP_DEBUG")
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, cwd=repo, env=env, capture_output=True, text=True,
                              timeout=float(entry["timeout"]) + KILL_MARGIN, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return harness.judge(entry, None, "", "", killed=True), time.monotonic() - start
    outcome = harness.judge(entry, proc.returncode, proc.stdout, proc.stderr)
    return outcome, time.monotonic() - start


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repo", type=Path, default=HERE.parent, help="the interp repository to measure")
    ap.add_argument("--only", nargs="*", default=None, help="run only these entry ids")
    ap.add_argument("--json", type=Path, default=None, help="also write the outcomes to this file")
    args = ap.parse_args(argv)
    repo = args.repo.resolve()
    harness = _load_harness(repo)
    _, entries = harness.load_manifest(repo / "tests" / "corpus" / "manifest.yaml")
    if args.only:
        entries = [e for e in entries if e["id"] in set(args.only)]

    rows = []
    width = max(len(e["id"]) for e in entries)
    print(f"corpus: {len(entries)} entries from {repo / 'tests' / 'corpus' / 'manifest.yaml'}")
    print(f"interp: {repo}\n")
    for entry in entries:
        outcome, wall = run_entry(harness, entry, repo)
        status = "open" if entry.get("status") == "open" else ""
        print(f"{entry['id']:<{width}}  {status:<4}  {wall:6.1f} s  {outcome}", flush=True)
        rows.append((entry, outcome, wall))

    counts = collections.Counter(o.kind for _, o, _ in rows)
    print("\ntotals over all entries:")
    for kind in harness.CATEGORIES:
        print(f"  {kind:<17} {counts.get(kind, 0):3d}")
    n = len(rows)
    print(f"  {'all':<17} {n:3d}   ({counts.get(harness.WORKS, 0) / n:.0%} work)")

    predicted = [(e, o) for e, o, _ in rows if e["command"] == "run" and "error" not in e["expect"]]
    good = sum(1 for _, o in predicted if o.ok)
    print(f"programs expected to be predicted: {good} of {len(predicted)} predicted correctly "
          f"({good / max(1, len(predicted)):.0%})")
    open_rows = [(e, o) for e, o, _ in rows if e.get("status") == "open"]
    fixed = [e["id"] for e, o in open_rows if o.ok]
    regressed = [e["id"] for e, o, _ in rows if e.get("status") != "open" and not o.ok]
    print(f"open entries (not handled when the manifest was written): {len(open_rows)}; "
          f"now working: {', '.join(fixed) or 'none'}")
    print(f"entries expected to work that do not: {', '.join(regressed) or 'none'}")
    by_defect = collections.Counter(str(e.get("defect")) for e, o in open_rows if not o.ok)
    if by_defect:
        print("still open, by blocking defect: " + ", ".join(
            f"{d}: {c}" for d, c in sorted(by_defect.items(), key=lambda kv: (len(kv[0]), kv[0]))))
    print(f"wall time: {sum(w for _, _, w in rows):.0f} s")

    if args.json:
        args.json.write_text(json.dumps([
            {"id": e["id"], "status": e.get("status", ""), "outcome": o.kind, "detail": o.detail,
             "seconds": round(w, 2)} for e, o, w in rows], indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
