"""``interp whatif``: the same program on the machine as described and on a changed machine."""
from __future__ import annotations

import click

from interp.cli.reported import reported
from interp.cli.options import prediction_options
from interp.errors import InputError
from interp.studies.grid import define_args
from interp.studies.whatif import render, to_json


@click.command("whatif")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@prediction_options("Number of processes (nodes).", 1, int)
@click.option("--top", default=10, show_default=True, type=int, help="AAUs shown (0: all; JSON has all).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--html", "html_dir", default=None, type=click.Path(),
              help="Write both runs' HTML reports and their line-by-line differences into this directory.")
@reported
def whatif_cmd(files, machine, procs, defines, bound, scale, param, include_dirs, top, fmt, html_dir):
    """Predict FILES on the machine as described and with --scale/--param applied, side by side."""
    from interp.pipeline import parse_defines, predict

    if not scale and not param:
        raise InputError("whatif needs a changed machine: give --scale COMP.PARAM=F and/or --param NAME=V")
    if html_dir:
        from interp.output.html import check_dir
        check_dir(html_dir)
    trace = html_dir is not None  # the reports' space-time diagrams
    base_pred = predict(list(files), machine, procs, defines, bound, include_dirs=include_dirs, messages=False,
                        trace=trace)
    base = base_pred.result
    # The what-if run gets exactly the baseline's input values (including any typed at a prompt).
    given = parse_defines(defines)
    same_inputs = list(defines) + define_args({k: v for k, v in base.inputs.items() if k not in given})
    new_pred = predict(list(files), machine, procs, same_inputs, bound, scale, param, include_dirs=include_dirs,
                       interactive=False, messages=False, trace=trace)
    new = new_pred.result
    options = [f"--scale {x}" for x in scale] + [f"--param {x}" for x in param]
    if fmt == "json":
        import json

        click.echo(json.dumps(to_json(base, new, files, procs), indent=2))
    else:
        click.echo(render(base, new, files, top or None, options))
    if html_dir:
        from interp.studies.whatif_html import write_whatif
        index = write_whatif(html_dir, base_pred, new_pred, options)
        click.echo(f"wrote {index} (HTML report)", err=fmt != "text")
