"""``interp bound``: seed 004's lower bound T^l = max(phi, omega) of a program on a machine."""
from __future__ import annotations

import click

from interp.cli.options import budget_options, prediction_options
from interp.cli.reported import reported


@click.command("bound")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@prediction_options("Number of processes (nodes).", 1)
@click.option("--granularity", type=click.Choice(["cluster", "statement"]), default="cluster", show_default=True,
              help="AAU granularity: largest clusters, or one AAU per statement.")
@click.option("--form", type=click.Choice(["fixed", "free"]), default=None,
              help="Fortran source form (default: by extension).")
@click.option("--map", "map_file", default=None, type=click.Path(dir_okay=False),
              help="Place processes on SAUs explicitly (YAML; see docs/model.md).")
@click.option("--symbolic", multiple=True, metavar="NAME",
              help="Keep input NAME a symbol: phi, each demand, omega and T^l as closed forms of it "
                   "(its -D value is the sample). P is the number of processes. Loop counts and P are "
                   "fitted over interpretations at several values (docs/bound.md).")
@budget_options
@reported
def bound_cmd(files, machine, procs, defines, bound, scale, param, include_dirs, granularity, form, map_file,
              symbolic, max_events, timeout):
    """Lower bound of the run time of FILES (seed 004, Eq. 2-5): the critical path phi, the demand
    delta of every shared resource, omega = max delta/|r| and T^l = max(phi, omega)."""
    from interp.bound.analysis import analyse
    from interp.bound.report import render

    b = analyse(files, machine, procs, defines, bound, scale, param, granularity, include_dirs, map_file, form,
                symbolic, max_events=max_events, timeout=timeout)
    click.echo(render(b))
