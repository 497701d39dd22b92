"""``interp validate``: compile and run a program here, compare with the prediction (seed 000)."""
from __future__ import annotations

import click

from interp.cli.reported import reported
from interp.studies.grid import parse_define_lists, parse_procs_list
from interp.studies.validate import to_csv, to_json, to_text, validate


@click.command("validate")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--machine", "-m", required=True, help="Machine file to predict with (e.g. from interp calibrate).")
@click.option("--procs", "-p", default="1", show_default=True, help="Process counts, e.g. 1,2.")
@click.option("-D", "defines", multiple=True, metavar="NAME=V[,V...]", help="External input values.")
@click.option("--repeat", "-r", type=click.IntRange(1, 100), default=5, show_default=True,
              help="Runs per point, interleaved over the points; the median is compared and the "
                   "spread of the runs reported.")
@click.option("--cc", default="gcc", show_default=True, help="C compiler for sequential programs.")
@click.option("--cflags", default="-O2", show_default=True)
@click.option("--format", "fmt", type=click.Choice(["text", "csv", "json"]), default="text",
              show_default=True, help="csv: the --measured file of interp sweep (with the spread columns).")
@click.option("--timeout", type=float, default=600.0, show_default=True, help="Seconds allowed per run.")
@click.option("--ftz", is_flag=True,
              help="Flush subnormal floats to zero in the measured program (as -ffast-math's startup code "
                   "does): subnormal arithmetic is slow and not in the model.")
@reported
def validate_cmd(files, machine, procs, defines, repeat, cc, cflags, fmt, timeout, ftz):
    """Run FILES here, predict them on --machine, and report the prediction error per point."""
    import sys

    from sag import open_machine

    open_machine(machine)  # a bad machine file fails before anything is compiled or run
    define_lists = parse_define_lists(defines)
    counts = parse_procs_list(procs)
    total = len(counts) * repeat
    for _, vals in define_lists:
        total *= len(vals)
    bar = None
    if sys.stderr.isatty():
        from rich.console import Console
        from rich.progress import Progress

        bar = Progress(transient=True, console=Console(stderr=True))
        task = bar.add_task("validating", total=total)
        bar.start()
    try:
        results = validate(files, machine, counts, define_lists, repeat, cc, cflags, timeout,
                           progress=(lambda: bar.advance(task)) if bar else None, ftz=ftz)
    finally:
        if bar:
            bar.stop()
    if fmt == "csv":
        click.echo(to_csv(results).rstrip("\n"))
    elif fmt == "json":
        import json

        click.echo(json.dumps({**to_json(results, machine, repeat), "ftz": ftz}, indent=2))
    else:
        click.echo(to_text(results, machine)
                   + ("\nmeasured with subnormal numbers flushed to zero (--ftz)" if ftz else ""))
