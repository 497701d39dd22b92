"""``interp show``: the AAG of a program as a tree, its SAAG as Graphviz."""
from __future__ import annotations

import click

from interp.cli.reported import reported


@click.command("show")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--dot", "dot_file", type=click.Path(dir_okay=False), help="Write Graphviz of the AAG (SAAG with --procs).")
@click.option("--procs", "-p", type=int, default=None, help="Resolve the SAAG's communication edges for P processes.")
@click.option("--machine", "-m", default="ipsc860", show_default=True)
@click.option("-D", "defines", multiple=True, metavar="NAME=VALUE", help="Value of an external input (read from argv, scanf, a global or an annotation), or of a C preprocessor macro the program tests or uses (#ifdef N, #define N).")
@click.option("--granularity", type=click.Choice(["cluster", "statement"]), default="cluster", show_default=True)
@click.option("-I", "include_dirs", multiple=True, metavar="DIR")
@reported
def show_cmd(files, dot_file, procs, machine, defines, granularity, include_dirs):
    """Print the AAG of FILES as an indented tree: class, key parameters, lines."""
    from interp.output.atomic import write_text
    from interp.pipeline import load_programs, parse_defines, predict
    from interp.output.show import dot, saag_edges, sync_structure, tree

    programs = load_programs(files, granularity, include_dirs, parse_defines(defines))
    click.echo("\n\n".join(tree(a) for a in programs))
    edges = None
    if procs:
        pred = predict(list(files), machine, procs, defines, granularity=granularity,
                       include_dirs=include_dirs)
        programs = pred.programs
        edges = saag_edges(pred.result, programs)
        click.echo("")
        click.echo(sync_structure(pred.result, programs))
    if dot_file:
        write_text(dot_file, dot(programs, edges) + "\n")
        click.echo(f"wrote {dot_file}" + (f" (SAAG for {procs} processes, {len(edges)} edges)" if edges is not None else ""))


