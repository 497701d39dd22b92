"""``interp sweep``: predictions over a grid of inputs and process counts (docs/sweeps.md)."""
from __future__ import annotations

import sys

import click

from interp.errors import EXIT_PROBLEMS, InputError
from interp.cli.reported import reported
from interp.studies.grid import parse_define_lists, parse_procs_list
from interp.cli.options import budget_options, prediction_options, strict_option
from interp.cli.metrics_options import metrics_options, run_metrics, wanted


@click.command("sweep")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@prediction_options("Process counts: a comma list (1,2,4,8,16).", "1", str)
@click.option("--format", "fmt", type=click.Choice(["text", "csv", "json"]), default="text", show_default=True)
@click.option("--plot", "plot_file", type=click.Path(dir_okay=False),
              help="Write a plot (.png, .svg, .pdf): time and speedup against processes.")
@click.option("--html", "html_dir", default=None, type=click.Path(),
              help="Write the sweep as a self-contained HTML page into this directory (charts and table).")
@click.option("--measured", "measured_file", type=click.Path(dir_okay=False),
              help="CSV of measured times (one column per input, then procs, seconds): adds the error per point.")
@click.option("--jobs", "-j", default=1, show_default=True, type=int, help="Points predicted in parallel.")
@click.option("--cluster", default=None, envvar="INTERP_DASK_SCHEDULER", metavar="ADDRESS",
              help="Predict the points on a Dask cluster: a scheduler (tcp://HOST:8786) or local:N for N local "
                   "worker processes (default: $INTERP_DASK_SCHEDULER; needs the dask extra).")
@click.option("--symbolic", multiple=True, metavar="NAME",
              help="Derive the time as a closed form of this swept input once per group of points, and "
                   "evaluate it on the whole grid (checked against the engine).")
@strict_option
@budget_options
@metrics_options
@reported
def sweep_cmd(files, machine, procs, defines, bound, scale, param, include_dirs, fmt, plot_file, html_dir,
              measured_file, jobs, cluster, symbolic, strict, max_events, timeout, metrics, baseline, t1, flops,
              dops, mode, symbolic_procs):
    """Predict FILES for every combination of the -D value lists and --procs counts.

    Each -D takes a comma list (-D n=1000,10000) whose items may be ranges: START:STOP:COUNT,
    START:STOP:+STEP or START:STOP:xFACTOR (-D n=1e3:1e6:x10; --procs 1:64:x2 too); the sweep is
    their cartesian product with the process counts. Per point: predicted time, speedup, efficiency and communication share.
    --machine, --scale and --param take comma lists too: machine axes of the grid.
    """
    from interp.studies.measured import attach, read_measured
    from interp.studies.sweep import Settings, grid, run_points
    from interp.studies.sweep_columns import SweepTable

    from interp.studies.machine_axes import check_machines, parse_machine_options

    define_lists = parse_define_lists(defines)
    counts = parse_procs_list(procs)
    machines = parse_machine_options(machine, scale, param)
    axes = machines.axes()
    seed003 = wanted(metrics, baseline, t1, flops, dops, mode, symbolic_procs)
    _check_options(axes, measured_file, seed003, jobs, cluster, symbolic, html_dir, plot_file)
    # Read the measurements first: a malformed file fails before minutes of predictions.
    measurements = read_measured(measured_file, define_lists) if measured_file else None
    check_machines(machines)
    first_machine, fixed_scale, fixed_params = machines.at(())
    settings = Settings(tuple(files), first_machine, bound, fixed_scale, fixed_params, tuple(include_dirs),
                        max_events, timeout, machine_options=machines if axes else None, strict=strict)
    points = grid(define_lists, counts, axes)
    if seed003:  # seed 003 (docs/scalability.md)
        return run_metrics(settings, points, jobs, files, bound, define_lists, fmt, baseline, t1, flops, dops,
                           mode, plot_file, measured_file, symbolic_procs, cluster, symbolic)
    what = f"sweep ({len(points)} points)"
    closed = None
    if symbolic:
        from interp.studies.closed_grid import run_closed_forms

        outcomes, closed = run_closed_forms(settings, points, list(symbolic), jobs, what, cluster)
    else:
        outcomes = run_points(settings, points, jobs, what, cluster)
    # Columns from here to the output: 10^6 closed-form points make no object each (sweep_columns.py).
    table = SweepTable(points, outcomes)
    unmatched = None
    if measurements is not None:
        rows = table.rows()
        unmatched = attach(rows, measurements)
        table = SweepTable.from_rows(rows)
    _write(table, files, machine, bound, define_lists, unmatched, closed, fmt, plot_file, html_dir)
    if table.problems():
        sys.exit(EXIT_PROBLEMS)


def _check_options(axes, measured_file, seed003, jobs, cluster, symbolic, html_dir, plot_file) -> None:
    """Combinations this command does not take, refused before any prediction."""
    if axes and (measured_file or seed003):
        what = "--measured" if measured_file else "the metric options of seed 003"
        raise InputError(f"{what} compare one machine: give one --machine and one value per --scale and "
                         f"--param (machine axes here: {', '.join(a.column for a in axes)})")
    if jobs < 1:
        raise InputError(f"--jobs {jobs}: give at least 1")
    if cluster is not None and jobs != 1:
        raise InputError(f"--jobs {jobs} and --cluster {cluster} (or INTERP_DASK_SCHEDULER): the points go to "
                         "local processes or to a cluster; give one of them")
    if seed003:
        for given, option in ((html_dir, "--html"),):
            if given:
                raise InputError(f"{option} does not go with seed 003's metrics yet: drop {option}, "
                                 "or the metric options")
    if plot_file:
        from interp.studies.sweep_plot import check_plot_path

        check_plot_path(plot_file)
    if html_dir:
        from interp.output.html import check_dir

        check_dir(html_dir)


def _write(table, files, machine, bound, define_lists, unmatched, closed, fmt, plot_file, html_dir) -> None:
    from interp.studies.sweep_table import csv_pieces, render_text, to_json

    if fmt == "json":
        import json

        # Streamed: the encoder makes the points one at a time (sweep_table._Points).
        chunks = json.JSONEncoder(indent=2).iterencode(to_json(table, files, bound, define_lists, unmatched, closed))
        batch = []
        for chunk in chunks:
            batch.append(chunk)
            if len(batch) >= 65536:
                click.echo("".join(batch), nl=False)
                batch.clear()
        click.echo("".join(batch))
    elif fmt == "csv":
        for piece in csv_pieces(table, define_lists, unmatched, closed):  # streamed, BLOCK lines at a time
            click.echo(piece, nl=False)
    else:
        click.echo(render_text(table, files, bound, define_lists, unmatched, closed))
    if plot_file:
        from interp.studies.sweep_plot import plot_sweep

        rows = table.rows()
        machine_name = next((r.outcome.machine for r in rows if r.outcome.machine), machine)
        plot_sweep(rows, plot_file, f"{' '.join(files)} on {machine_name}", unmatched or ())
        # On stderr with csv/json, so stdout stays one parseable document.
        click.echo(f"wrote {plot_file}", err=fmt != "text")
    if html_dir:
        from interp.studies.sweep_html import write_sweep

        index = write_sweep(html_dir, to_json(table, files, bound, define_lists, unmatched, closed))
        click.echo(f"wrote {index} (HTML report)", err=fmt != "text")
