"""The HTML report of a large program: how long its pages take to open in a browser.

Generates an MPI program of about 5,000 lines with about 2,000 AAUs (functions of loops,
branches and statements, called from main's time-step loop, with an allreduce per step), predicts
it with ``--html``, and opens the summary and the annotated source in headless Chromium
(tests/browser.py). The load time is the browser's own measure: from the start of the navigation
to the end of the load event (``PerformanceNavigationTiming.loadEventEnd``), the page's script
included; "all lines" is the time until the source page is complete: every line in its place in the
virtualized list (``data-complete`` on the table, set by the first render). The best of ``--rounds`` loads.

    python benchmarks/html_report.py [--functions 250] [--procs 8] [--rounds 3]
"""
import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from browser import browser_page, chromium_or_reason  # noqa: E402
from interp.output.html import write_run  # noqa: E402
from interp.pipeline import predict  # noqa: E402

FUNCTION = """\
/* kernel {k}: a sweep over the local block, a data-independent branch, a second sweep */
static double kernel{k}(double *a, int n)
{{
    int i;
    double s = 0.0;
    for (i = 0; i < n; i++) {{
        s += a[i] * {k}.5;
    }}
    if (n > {k}) {{
        s = s * 0.5;
    }} else {{
        s = s + 1.0;
    }}
    for (i = 0; i < n / 2; i++)
        a[i] = a[i] + s;
    a[0] = s;
    return s;
}}

"""


def program(functions: int) -> str:
    head = ["#include <stdlib.h>", "#include <mpi.h>", "", "static double u[4096];", ""]
    body = [FUNCTION.format(k=k) for k in range(functions)]
    main = ["int main(int argc, char **argv)", "{", "    int rank, step, steps = atoi(argv[1]), n = atoi(argv[2]);",
            "    double s = 0.0, total = 0.0;", "    MPI_Init(&argc, &argv);",
            "    MPI_Comm_rank(MPI_COMM_WORLD, &rank);", "    for (step = 0; step < steps; step++) {"]
    for k in range(functions):
        main.append(f"        s += kernel{k}(u, n);  /* kernel {k} */")
        if k % 25 == 24:
            main.append("        MPI_Allreduce(&s, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);")
    main += ["    }", "    MPI_Finalize();", "    return 0;", "}", ""]
    return "\n".join(head) + "".join(body) + "\n".join(main)


def load_time(page, url: str, rounds: int) -> tuple[float, float | None]:
    """Seconds to the end of the load event, and until every source line is in the page."""
    best = None
    for _ in range(rounds):
        page.goto(url)
        page.wait_for_load_state("load")
        loaded = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
        complete = None
        if page.locator("#source").count():
            page.wait_for_selector("#source[data-complete]", state="attached")
            complete = page.evaluate("performance.now()")
        if best is None or loaded < best[0]:
            best = (loaded, complete)
    return best[0] / 1000, best[1] / 1000 if best[1] is not None else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--functions", type=int, default=250)
    ap.add_argument("--procs", type=int, default=8)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    path, reason = chromium_or_reason()
    if path is None:
        sys.exit(f"html_report: {reason}")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "big_mpi.c"
        src.write_text(program(args.functions))
        lines = len(src.read_text().splitlines())
        t0 = time.perf_counter()
        pred = predict([str(src)], "ipsc860", args.procs, ["steps=2", "n=64"], trace=True, interactive=False)
        t1 = time.perf_counter()
        written = write_run(Path(tmp) / "report", pred.result, pred.programs)
        t2 = time.perf_counter()
        aaus = len({aid for (_, aid) in pred.result.aaus})
        print(f"program: {lines:,} lines, {aaus:,} AAUs that ran, {args.procs} processes, "
              f"{len(pred.result.spans):,} spans, {len(pred.result.messages):,} messages")
        print(f"prediction (traced): {t1 - t0:.2f} s; writing the report: {t2 - t1:.2f} s")
        for page_file in written:
            print(f"  {page_file.name}: {page_file.stat().st_size / 1e6:.2f} MB")
        with browser_page() as page:
            for page_file in written:
                if page_file.suffix != ".html":
                    continue
                loaded, complete = load_time(page, page_file.as_uri(), args.rounds)
                rest = f", all lines {complete:.2f} s" if complete is not None else ""
                print(f"load in Chromium (best of {args.rounds}): {page_file.name} {loaded:.2f} s{rest}"
                      + (f"  [script errors: {page.errors}]" if page.errors else ""))


if __name__ == "__main__":
    main()
