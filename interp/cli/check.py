"""``interp check``: static checks of the communication structure before any run."""
from __future__ import annotations

import click

from interp.cli.options import budget_options, strict_option
from interp.cli.reported import reported


@click.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--machine", "-m", default="ipsc860", show_default=True, help="Machine (for buffer sizes).")
@click.option("--procs", "-p", "-n", "-np", "procs", default=4, show_default=True, type=int, help="Number of processes.")
@click.option("-D", "defines", multiple=True, metavar="NAME=VALUE", help="Value of an external input (read from argv, scanf, a global or an annotation), or of a C preprocessor macro the program tests or uses (#ifdef N, #define N).")
@click.option("-I", "include_dirs", multiple=True, metavar="DIR", help="Directory for #include files.")
@strict_option
@budget_options
@reported
def check_cmd(files, machine, procs, defines, include_dirs, strict, max_events, timeout):
    """Static checks: unmatched messages, size/tag mismatches, skipped collectives, deadlocks,
    missing inputs, unmodelled calls. Exit 0 when clean, 1 when problems are found."""
    from interp.studies.check import SEVERE, check
    from interp.pipeline import load_programs, parse_defines

    programs = load_programs(files, include_dirs=include_dirs, defines=parse_defines(defines))
    findings = check(programs, machine, procs, defines, max_events, timeout, strict=strict)
    for f in findings:
        click.echo(str(f))
    severe = [f for f in findings if f.kind in SEVERE]
    if not findings:
        click.echo(f"ok: no problems found for {procs} processes")
    elif not severe:
        click.echo(f"ok: {len(findings)} note(s), no problems")
    raise SystemExit(1 if severe else 0)


