"""``interp compare``: two designs side by side at several process counts."""
from __future__ import annotations

import click

from interp.cli.reported import reported
import sys

from interp.cli.options import prediction_options
from interp.errors import EXIT_PROBLEMS
from interp.studies.compare import SCHEMA_VERSION, compare, parse_design, render
from interp.studies.grid import parse_procs_list


@click.command("compare")
@click.argument("design_a", metavar="A")
@click.argument("design_b", metavar="B")
@prediction_options("Process counts: a comma list (1,4,16).", "1", str)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@reported
def compare_cmd(design_a, design_b, machine, procs, defines, bound, scale, param, include_dirs, fmt):
    """Predict designs A and B (each file.c, or host.c+node.c) at each process count, side by side."""
    from interp.pipeline import parse_defines

    designs = {"A": parse_design(design_a), "B": parse_design(design_b)}
    counts = parse_procs_list(procs)
    inputs = parse_defines(defines)
    points, machine_name = compare(designs, counts, inputs, machine, bound, scale, param, include_dirs)
    if fmt == "json":
        import json

        click.echo(json.dumps({"schema_version": SCHEMA_VERSION, "kind": "compare", "machine": machine_name,
                               "bound": bound, "scenario": list(scale) + list(param), "inputs": inputs,
                               "designs": {k: list(v) for k, v in designs.items()}, "points": points},
                              indent=2))
    else:
        click.echo(render(points, designs, inputs, machine_name, bound))
    if any(pt["winner"] is None for pt in points):
        sys.exit(EXIT_PROBLEMS)
