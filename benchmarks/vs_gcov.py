"""Executions per source line: interp's Seq AAUs against gcov's for the same program run (P = 1).

A silent wrong count (a loop that runs a different number of times in the prediction than in the
program) shows here as a line whose counts differ. The program is compiled with gcc -O0 --coverage
and run with ARGS; interp predicts it with the same inputs given as -D NAME=VALUE. Lines covered by
weighted branches (on data) have fractional counts and are expected to differ; compare programs
whose control flow is decided by their inputs.

    python benchmarks/vs_gcov.py tests/data/linecounts/shapes.c
    python benchmarks/vs_gcov.py benchmarks/validation/strided_sum.c --args "1000 3 5" -D n=1000 -D stride=3 -D passes=5

Prints each differing line (interp's count, gcov's, the source) and the number of differences;
exit status 1 when there are any. Needs gcc and gcov on PATH. A cluster's line range may cover the
line of a condition between its statements (a loop's update copied before a continue spans the
if that leads to it): such a line shows as a difference of no consequence.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def gcov_counts(src: str, args: list[str]) -> dict[int, int]:
    """Line -> executions of the compiled program's run (lines with no code are left out)."""
    with tempfile.TemporaryDirectory() as d:
        name = os.path.basename(src)
        shutil.copy(src, os.path.join(d, name))
        obj = name.rsplit(".", 1)[0] + ".o"
        subprocess.run(["gcc", "-O0", "--coverage", "-c", name, "-o", obj], check=True, cwd=d)
        subprocess.run(["gcc", "--coverage", obj, "-o", "prog", "-lm"], check=True, cwd=d)
        subprocess.run([os.path.join(d, "prog")] + args, cwd=d, stdout=subprocess.DEVNULL, timeout=300)
        subprocess.run(["gcov", name], cwd=d, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        counts = {}
        for line in open(os.path.join(d, name + ".gcov")):
            parts = line.split(":", 2)
            if len(parts) < 3 or parts[0].strip() == "-":
                continue
            count = parts[0].strip()
            counts[int(parts[1])] = 0 if count in ("#####", "=====") else int(count.rstrip("*"))
        return counts


def interp_counts(src: str, defines: list[str]) -> dict[int, float]:
    """Line -> executions of the Seq AAUs covering it (a cluster covers each of its lines)."""
    from interp.pipeline import predict

    result = predict([src], "ipsc860", 1, defines, interactive=False).result
    out: dict[int, float] = {}
    for s in result.aau_totals():
        if s.cls != "Seq":
            continue
        first, _, last = s.loc.rsplit(":", 1)[1].partition("-")
        for line in range(int(first), int(last or first) + 1):
            out[line] = out.get(line, 0) + s.executions
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file")
    ap.add_argument("--args", default="", help="the program's command line (as one string)")
    ap.add_argument("-D", dest="defines", action="append", default=[], help="interp's -D NAME=VALUE")
    a = ap.parse_args()
    if not (shutil.which("gcc") and shutil.which("gcov")):
        print("skipped: gcc and gcov are needed")
        return 0
    g = gcov_counts(a.file, a.args.split())
    i = interp_counts(a.file, a.defines)
    text = Path(a.file).read_text().splitlines()
    differ = 0
    for line in sorted(set(g) & set(i)):
        if abs(g[line] - i[line]) > 1e-6 * max(1, g[line]):
            differ += 1
            print(f"line {line}: interp {i[line]:g}  gcov {g[line]}  | {text[line - 1].strip()[:70]}")
    print(f"{len(set(g) & set(i))} lines compared, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
