"""``interp compare``: two designs side by side at several process counts."""
from __future__ import annotations

import click

import sys

from interp.cli.options import prediction_options
from interp.cli.reported import reported
from interp.errors import EXIT_PROBLEMS
from interp.studies.compare import SCHEMA_VERSION, compare, parse_design, render
from interp.studies.grid import parse_procs_list


@click.command("compare")
@click.argument("design_a", metavar="A")
@click.argument("design_b", metavar="B")
@prediction_options("Process counts: a comma list (1,4,16).", "1", str)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--html", "html_dir", default=None, type=click.Path(),
              help="Write both designs' HTML reports at each process count and their part-by-part "
                   "differences into this directory.")
@reported
def compare_cmd(design_a, design_b, machine, procs, defines, bound, scale, param, include_dirs, fmt, html_dir):
    """Predict designs A and B (each file.c, or host.c+node.c) at each process count, side by side."""
    from interp.pipeline import parse_defines

    designs = {"A": parse_design(design_a), "B": parse_design(design_b)}
    counts = parse_procs_list(procs)
    inputs = parse_defines(defines)
    if html_dir:
        from interp.output.html import check_dir
        check_dir(html_dir)  # before the predictions: a bad directory is reported at once
    points, machine_name = compare(designs, counts, inputs, machine, bound, scale, param, include_dirs)
    if fmt == "json":
        import json

        click.echo(json.dumps({"schema_version": SCHEMA_VERSION, "kind": "compare", "machine": machine_name,
                               "bound": bound, "scenario": list(scale) + list(param), "inputs": inputs,
                               "designs": {k: list(v) for k, v in designs.items()}, "points": points},
                              indent=2))
    else:
        click.echo(render(points, designs, inputs, machine_name, bound))
    if html_dir:
        from interp.studies.compare_html import traced_runs, write_compare

        runs = traced_runs(designs, counts, inputs, machine, bound, scale, param, include_dirs)
        index = write_compare(html_dir, designs, points, runs, machine_name, bound, inputs)
        click.echo(f"wrote {index} (HTML report)", err=fmt != "text")
    if any(pt["winner"] is None for pt in points):
        sys.exit(EXIT_PROBLEMS)
