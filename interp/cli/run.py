"""``interp run``: predict a program on a machine and report it (paper 3.5)."""
from __future__ import annotations

import click

from interp.cli.reported import reported
from interp.cli.options import budget_options, common_options, strict_option


@click.command("run")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@common_options
@budget_options
@click.option("--level", type=click.Choice(["aag", "subaag", "aau"]), default="aau", show_default=True,
              help="Report level (paper 3.5): the whole program per process; functions, outermost loops "
                   "and regions; or every AAU.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "csv"]), default="text", show_default=True,
              help="Report format: aligned text tables, JSON or CSV (fields in docs/output.md).")
@click.option("--top", default=None, type=int,
              help="AAUs shown at --level aau, by total time (default 25 in text, all in JSON and CSV; 0: all).")
@click.option("--region", default=None, metavar="NAME",
              help="Restrict the sub-AAG and AAU levels to one annotated region (#pragma interp region NAME).")
@click.option("--output", "-o", default=None, type=click.Path(dir_okay=False),
              help="Write the report to this file (atomically) instead of standard output.")
@click.option("--trace", "trace_file", default=None, type=click.Path(dir_okay=False),
              help="Write a Chrome Trace Event file (JSON) of every AAU execution and message, for the Perfetto UI.")
@click.option("--plot", "plot_file", default=None, type=click.Path(dir_okay=False),
              help="Write a space-time diagram (.png, .pdf or .svg).")
@click.option("--html", "html_dir", default=None, type=click.Path(),
              help="Write a self-contained HTML report into this directory: the source annotated with "
                   "predicted time, the processes, the space-time diagram (open DIR/index.html).")
@click.option("--map", "map_file", default=None, type=click.Path(dir_okay=False),
              help="Place processes on SAUs explicitly (YAML; see docs/model.md), e.g. across a heterogeneous SAG.")
@click.option("--symbolic", multiple=True, metavar="NAME",
              help="Keep input NAME a symbol: print the time as a closed form of it (its -D value is the sample).")
@click.option("--bound-analysis", "tl", is_flag=True,
              help="Also compute seed 004's lower bound T^l = max(phi, omega) and print it beside the "
                   "prediction, with the busiest shared resources (interp bound shows it in full).")
@strict_option
@click.option("--exact", is_flag=True,
              help="Interpret every iteration of loops that reach a steady state and every process "
                   "(default: extrapolate steady states; interpret once processes that behave alike).")
@click.option("--no-symmetry", "no_symmetry", is_flag=True,
              help="Interpret every process even where all provably behave alike (rank symmetry; "
                   "steady states are still extrapolated).")
@reported
def run_cmd(files, machine, procs, defines, bound, scale, param, granularity, include_dirs, form, level, fmt,
            top, region, output, trace_file, plot_file, html_dir, map_file, symbolic, tl, strict, exact,
            no_symmetry, max_events, timeout):
    """Predict the run time of FILES (one SPMD program, or a host program and its node program)."""
    from pathlib import Path

    from interp.output.atomic import write_text
    from interp.errors import InputError
    from interp.output.levels import Structure
    from interp.pipeline import predict

    if tl and fmt == "csv":
        raise InputError("--bound-analysis adds the bound to text and JSON reports, not CSV; or use interp bound")
    if region is not None and level == "aag":
        raise InputError("--region restricts the subaag and aau levels; give --level subaag or --level aau")
    for opt, path in (("--output", output), ("--trace", trace_file), ("--plot", plot_file)):
        if path is not None and not Path(path).resolve().parent.is_dir():
            raise InputError(f"{opt} {path}: the directory {Path(path).parent} does not exist")
    if plot_file is not None:
        from interp.output.plot import plot_format
        plot_format(plot_file)  # a bad file name is found before the prediction, not after
    if html_dir is not None:
        from interp.output.html import check_dir
        check_dir(html_dir)

    pred = predict(list(files), machine, procs, defines, bound, scale, param, granularity,
                   trace=bool(trace_file or plot_file or html_dir), include_dirs=include_dirs, map_file=map_file,
                   symbolic=symbolic, form=form, messages=False, exact=exact, symmetry=not no_symmetry,
                   max_events=max_events, timeout=timeout, strict=strict)
    if symbolic:
        from interp.studies.symbolic import closed_form

        def rerun(values):
            extra = [f"{k}={v!r}" for k, v in values.items()]
            others = [d for d in defines if d.split("=", 1)[0].strip() not in values]
            return predict(list(files), machine, procs, others + extra, bound, scale, param, granularity,
                           include_dirs=include_dirs, map_file=map_file, form=form).result.total

        closed = closed_form(pred, symbolic, rerun)
    lower = _lower_bound(files, machine, procs, defines, bound, scale, param, granularity, include_dirs, map_file,
                         form, max_events, timeout) if tl else None
    structure = Structure(pred.programs)
    if region is not None:
        structure.check_region(region)
    if fmt == "json":
        import json

        from interp.output.jsonout import to_json
        data = to_json(pred.result, level, structure, region, top or None)
        if symbolic:
            data["closed_form"] = {"seconds": str(closed.expr),
                                   "valid": {str(k): str(v) for k, v in closed.regions.items()}}
        if lower is not None:
            from interp.bound.report import as_json
            data["bound"] = as_json(lower)
        report = json.dumps(data, indent=2) + "\n"
    elif fmt == "csv":
        from interp.output.csvout import to_csv
        report = to_csv(pred.result, level, structure, region, top or None)
    else:
        from interp.output.report import render
        report = render(pred.result, 25 if top is None else (top or None), level=level, structure=structure,
                        region=region) + "\n"
        if symbolic:
            report += "\n" + closed.text() + "\n"
        if lower is not None:
            from interp.bound.report import beside
            report += beside(lower, pred.result.total) + "\n"
    if output is not None:
        write_text(output, report)
    else:
        click.echo(report, nl=False)
    _write_files(pred, trace_file, plot_file, html_dir)
    if output is not None:
        click.echo(f"wrote {output}", err=True)


def _write_files(pred, trace_file, plot_file, html_dir) -> None:
    """--trace, --plot and --html. Notices go to stderr: standard output may be a JSON or CSV
    report in a pipe."""
    from interp.output.atomic import write_text

    if trace_file is not None:
        from interp.output.trace import trace_json
        text = trace_json(pred.result, pred.programs)
        write_text(trace_file, text + "\n")
        click.echo(f"wrote {trace_file} (Chrome trace: open it in the Perfetto UI)", err=True)
    if plot_file is not None:
        from interp.output.plot import write_plot
        write_plot(pred.result, plot_file, pred.programs)
        click.echo(f"wrote {plot_file} (space-time diagram)", err=True)
    if html_dir is not None:
        from interp.output.html import write_run
        written = write_run(html_dir, pred.result, pred.programs)
        pages = sum(1 for p in written if p.suffix == ".html") - 1
        click.echo(f"wrote {written[0]} and {pages} source pages (HTML report: open {written[0]})", err=True)


def _lower_bound(files, machine, procs, defines, bound, scale, param, granularity, include_dirs, map_file, form,
                 max_events, timeout):
    """--bound-analysis: seed 004's T^l, printed beside the prediction (interp/bound)."""
    from interp.bound.analysis import analyse

    return analyse(files, machine, procs, defines, bound, scale, param, granularity, include_dirs, map_file, form,
                   max_events=max_events, timeout=timeout)
