"""``interp machine show|check|list``: inspect and validate machine descriptions (SAGs)."""
from __future__ import annotations

import click

from interp.cli.reported import reported
from interp.errors import EXIT_BAD_INPUT


@click.group()
def machine():
    """Inspect and validate machine descriptions (System Abstraction Graphs)."""


@machine.command("show")
@click.argument("name_or_file")
@click.option("--all", "show_all", is_flag=True, help="Show every parameter, not only the key ones.")
@click.option("--sources", is_flag=True, help="Show where each parameter value comes from.")
@click.option("--bound", default=None, help="Show one end of each range: best, worst, mid or a formula of min and max.")
@click.option("--scale", multiple=True, metavar="COMP.PARAM=F", help="What-if: multiply matching parameters by F (COMP.speed=F or *.speed=F: the component F times as fast).")
@click.option("--param", multiple=True, metavar="NAME=V", help="Set a run-time parameter (e.g. load=0.3).")
@reported
def machine_show(name_or_file, show_all, sources, bound, scale, param):
    """Print the SAG as a tree: level, SAU id and name, count, component kinds, key parameters."""
    from sag import Bound, open_machine
    from sag.whatif import parse_assignments, scale as do_scale, with_runtime

    from interp.output.machine_view import render

    sag = open_machine(name_or_file)
    if scale:
        sag = do_scale(sag, parse_assignments(scale, "--scale"))
    if param:
        sag = with_runtime(sag, parse_assignments(param, "--param"))
    click.echo(render(sag, show_all=show_all, bound=Bound.parse(bound) if bound else None, sources=sources))


@machine.command("check")
@click.argument("name_or_file")
def machine_check(name_or_file):
    """Validate a machine file: prints 'ok', or one line per problem and exits 2."""
    from sag import MachineErrors, open_machine

    try:
        sag = open_machine(name_or_file)
    except MachineErrors as exc:
        for e in exc.errors:
            click.echo(str(e), err=True)
        raise SystemExit(EXIT_BAD_INPUT)
    except Exception as exc:  # never a traceback for a bad file
        click.echo(f"{name_or_file}: cannot check: {exc}", err=True)
        raise SystemExit(EXIT_BAD_INPUT)
    n = sum(1 for _ in sag.walk())
    click.echo(f"ok: {sag.name} ({n} SAUs, {sum(1 for _ in sag.parameters())} parameters)")


@machine.command("list")
def machine_list():
    """List the machine descriptions shipped with interp."""
    from sag import open_machine, shipped

    for name in shipped():
        click.echo(f"{name:14s} {open_machine(name).name}")


