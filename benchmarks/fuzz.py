"""Fuzz interp with thousands of hostile inputs (issue 14): no hang, no internal error, no
traceback, no crash, and no nonsense (nan, inf) accepted.

    python benchmarks/fuzz.py --cases 2000 --seed 1 --jobs 2 [--out DIR] [--repo PATH]
    python benchmarks/fuzz.py --replay c-1-17 [--repo PATH]      # one case again, with its output
    python benchmarks/fuzz.py --replay @ids.txt --jobs 2         # several (comma list or @file)

The cases are C programs, Fortran programs, machine files and command lines in the mix of
tests/fuzz/case.py (per 1,100: 600, 120, 320, 60), each re-created from (kind, seed, index).
Each runs as its own ``python -c "from interp.cli import entry; ..."`` process with PYTHONPATH set
to --repo (default: this checkout), in a temporary directory, under a wall-time limit (--timeout)
and an address-space limit (--memory). Prints the outcomes per input kind, every non-clean case
with its reproduction, and the distinct defects; the non-clean cases' inputs, outputs and
``repro.sh`` are kept under --out. Exit code 0 when every case was clean, 1 otherwise.
"""
from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.fuzz.case import KINDS, make_case, plan  # noqa: E402
from tests.fuzz.report import commit_of, defect_list, describe, table  # noqa: E402
from tests.fuzz.runner import Runner  # noqa: E402


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cases", type=int, default=2000, help="number of cases (default 2000)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2, help="cases run at once (at most 2 on a shared machine)")
    default_out = str(Path(tempfile.gettempdir()) / "interp-fuzz")
    p.add_argument("--out", default=default_out,
                   help=f"directory for the non-clean cases (default {default_out})")
    p.add_argument("--repo", default=str(ROOT), help="checkout of interp to test (default: this one)")
    p.add_argument("--timeout", type=float, default=20.0, help="wall-time limit per case, s (default 20)")
    p.add_argument("--memory", type=int, default=2048, help="address-space limit per case, MiB (default 2048)")
    p.add_argument("--kinds", default=",".join(KINDS), help="input kinds to run (default: all)")
    p.add_argument("--fork", action="store_true",
                   help="run cases from a fork server (interp imported once; about twice as fast)")
    p.add_argument("--label", help="what --repo is, for the report (default: its git commit)")
    p.add_argument("--replay", metavar="KIND-SEED-INDEX",
                   help="run a case again and show its output; several: a comma list or @FILE "
                        "(one id a line), reported like a full run")
    return p.parse_args(argv)


def case_ids(spec: str) -> list[tuple[str, int, int]]:
    text = Path(spec[1:]).read_text() if spec.startswith("@") else spec.replace(",", "\n")
    out = []
    for word in text.split():
        kind, seed, index = word.rsplit("-", 2)
        out.append((kind, int(seed), int(index)))
    return out


def replay(args: argparse.Namespace) -> int:
    (kind, seed, index), = case_ids(args.replay)
    case = make_case(kind, seed, index)
    runner = Runner(args.repo, timeout=args.timeout, memory=args.memory << 20, jobs=1,
                    out=args.out, mode="fork" if args.fork else "exec")
    (o,) = runner.run([case])
    print(describe(o, runner.repo))
    print(f"    exit code: {o.result.returncode}, {o.result.elapsed:.1f} s")
    print("--- stdout (last 40 lines) ---\n" + "\n".join(o.result.stdout.splitlines()[-40:]))
    print("--- stderr (last 40 lines) ---\n" + "\n".join(o.result.stderr.splitlines()[-40:]))
    return 0 if o.clean else 1


class Progress:
    def __init__(self, total: int):
        self.total, self.done, self.bad, self.start = total, 0, 0, time.monotonic()

    def __call__(self, o) -> None:
        self.done += 1
        self.bad += not o.clean
        if not o.clean:
            print(f"  {o.case.case_id}: {o.outcome}: {o.detail[:120]}", file=sys.stderr, flush=True)
        if self.done % 100 == 0 or self.done == self.total:
            rate = self.done / max(time.monotonic() - self.start, 1e-9)
            print(f"[{self.done}/{self.total}] {self.bad} not clean, {rate:.2f} cases/s",
                  file=sys.stderr, flush=True)


def _cases(todo):
    """The cases, made as they are needed; a case the harness cannot make is reported, skipped."""
    for t in todo:
        try:
            yield make_case(*t)
        except Exception as exc:  # a harness bug: say so, go on with the others
            print(f"fuzz: cannot make case {t[0]}-{t[1]}-{t[2]}: {type(exc).__name__}: {exc}",
                  file=sys.stderr)


def main(argv=None) -> int:
    args = parse_args(argv)
    # The harness itself stays bounded (a mutation gone wrong must not take a shared machine's
    # memory); every case gets its own, lower, limit.
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    want = (args.memory + 2048) << 20
    if soft == resource.RLIM_INFINITY or soft > want:
        resource.setrlimit(resource.RLIMIT_AS, (want, hard))
    if args.replay and len(case_ids(args.replay)) == 1:
        return replay(args)
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    unknown = sorted(set(kinds) - set(KINDS))
    if unknown:
        print(f"fuzz: unknown kind(s) {', '.join(unknown)} (one of {', '.join(KINDS)})", file=sys.stderr)
        return 2
    todo = case_ids(args.replay) if args.replay else \
        [t for t in plan(args.cases, args.seed) if t[0] in kinds]
    out = Path(args.out)
    runner = Runner(args.repo, timeout=args.timeout, memory=args.memory << 20, jobs=args.jobs,
                    out=out, mode="fork" if args.fork else "exec")
    commit = args.label or commit_of(runner.repo)
    start = time.monotonic()
    outcomes = runner.run(_cases(todo), Progress(len(todo)))
    minutes = (time.monotonic() - start) / 60
    what = f"cases from {args.replay}" if args.replay else f"cases, seed {args.seed}"
    head = (f"fuzz: {len(outcomes)} {what}, against {runner.repo} at {commit}\n"
            f"      {args.jobs} job(s), {args.timeout:g} s and {args.memory} MiB per case, "
            f"{'fork server' if args.fork else 'one process per case'}, {minutes:.1f} min")
    bad = [o for o in outcomes if not o.clean]
    text = (f"{head}\n\n{table(outcomes)}\n\nnon-clean cases ({len(bad)}):\n"
            + ("\n".join(describe(o, runner.repo) for o in bad) or "(none)")
            + f"\n\ndistinct defects:\n{defect_list(outcomes, runner.repo)}\n")
    print(text)
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.txt").write_text(text)
    (out / "outcomes.json").write_text(json.dumps(
        [{"case": o.case.case_id, "outcome": o.outcome, "detail": o.detail, "location": o.location,
          "elapsed": round(o.result.elapsed, 2), "note": o.case.note} for o in outcomes], indent=1))
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main())
