"""``interp sweep`` options of seed paper 003's metrics and prediction modes (docs/scalability.md),
kept here so that cli/sweep.py only hands them on."""
from __future__ import annotations

import click

from interp.errors import InputError


def metrics_options(fn):
    options = [
        click.option("--metrics", is_flag=True,
                     help="Speed, speedup, efficiency, utilization, the Eq. 3 bound and per-region times "
                          "(seed 003), and the phase-parallel model."),
        click.option("--baseline", type=click.Path(dir_okay=False), default=None, metavar="SEQ.c",
                     help="The sequential program: T_1 and W for the metrics (predicted on the same machine)."),
        click.option("--t1", type=click.FloatRange(min=0, min_open=True), default=None, metavar="SECONDS",
                     help="The sequential time T_1 (instead of --baseline)."),
        click.option("--flops", type=click.FloatRange(min=0, min_open=True), default=None, metavar="N",
                     help="The workload W in flops (default: counted by interp)."),
        click.option("--dop", "dops", multiple=True, metavar="REGION=K",
                     help="Degree of parallelism of a phase (a region), for a design not written yet."),
        click.option("--mode", type=click.Choice(["full", "zero-overhead", "uniform"]), default="full",
                     show_default=True,
                     help="Seed 003 Fig. 9: every overhead; no communication or synchronization cost; or "
                          "also every flop at the uniform rate W/T_1."),
        click.option("--symbolic-procs", "symbolic_procs", is_flag=True,
                     help="Also print T_n as a closed form of n (a + b/n + c n^p + d log2 n fitted to the "
                          "predictions; at least 5 process counts)."),
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


def parse_dops(items) -> dict:
    out = {}
    for item in items:
        name, sep, value = item.partition("=")
        try:
            k = float(value)
        except ValueError:
            k = float("nan")
        if not sep or not name.strip() or not (k >= 1) or k != int(k):
            raise InputError(f"--dop {item!r}: expected REGION=K with K a whole number of at least 1")
        out[name.strip()] = int(k)
    return out


def wanted(metrics, baseline, t1, flops, dops, mode, symbolic_procs=False) -> bool:
    """Whether the sweep is a metrics sweep; options that need --metrics are refused without it."""
    if not metrics:
        given = [o for o, v in (("--baseline", baseline), ("--t1", t1), ("--flops", flops), ("--dop", dops),
                                ("--symbolic-procs", symbolic_procs)) if v]
        if given:
            raise InputError(f"{given[0]} is used by --metrics: add --metrics")
    if baseline is not None and t1 is not None:
        raise InputError("give T_1 once: --baseline or --t1, not both")
    return metrics or mode != "full"


def closed_forms(report) -> list[str]:
    """``--symbolic-procs``: T_n fitted as a closed form of n for each setting of the inputs."""
    from interp.output.format import fmt_value
    from interp.studies.symbolic import fit_procs

    out = []
    for inputs in report.references:
        rows = [r for r in report.rows if r.point.inputs == inputs]
        hung = [r.point.procs for r in rows if r.outcome.total is None]
        if hung:
            raise InputError(f"--symbolic-procs: no time at n = {hung[0]} (the prediction hangs)")
        at = f" [{', '.join(f'{k}={fmt_value(v)}' for k, v in inputs)}]" if inputs else ""
        fit = fit_procs([r.point.procs for r in rows], [r.outcome.total for r in rows])
        out += ["", fit.text(at)]
    return out


def run_metrics(settings, points, jobs, files, bound, define_lists, fmt, baseline, t1, flops, dops, mode,
                plot_file, measured_file, symbolic_procs=False, cluster=None, symbolic=()) -> None:
    import json
    import sys

    from interp.errors import EXIT_PROBLEMS
    from interp.studies.metrics import metrics_sweep
    from interp.studies.metrics_table import render_csv, render_text, to_json

    for option, value in (("--plot", plot_file), ("--measured", measured_file)):
        if value:
            raise InputError(f"{option} is not available with --metrics or --mode yet; run the sweep without them")
    if symbolic_procs and fmt != "text":
        raise InputError("--symbolic-procs prints the closed form in the text report: drop --format "
                         f"{fmt} or --symbolic-procs")
    report = metrics_sweep(settings, points, jobs, baseline, t1, flops, parse_dops(dops), mode, cluster, symbolic)
    if fmt == "json":
        click.echo(json.dumps(to_json(report, files, bound, define_lists), indent=2))
    elif fmt == "csv":
        click.echo(render_csv(report, define_lists), nl=False)
    else:
        extra = closed_forms(report) if symbolic_procs else []
        click.echo("\n".join([render_text(report, files, bound, define_lists), *extra]))
    if any(r.outcome.hang or r.outcome.error for r in report.rows):
        sys.exit(EXIT_PROBLEMS)
