"""The ``interp`` command line."""
from __future__ import annotations

import click

from interp import __version__
from interp.errors import EXIT_BAD_INPUT, reported


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="interp")
def main():
    """Predict the performance of parallel programs by interpreting their source on a machine model."""


@main.group()
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


def _common(fn):
    """Options every prediction command shares."""
    options = [
        click.option("--machine", "-m", default="ipsc860", show_default=True,
                     help="Machine description: a shipped name (interp machine list) or a YAML file."),
        click.option("--procs", "-p", default=1, show_default=True, type=int, help="Number of processes (nodes)."),
        click.option("-D", "defines", multiple=True, metavar="NAME=VALUE", help="Value of an external input."),
        click.option("--bound", default="mid", show_default=True,
                     help="Which end of parameter ranges: best, worst, mid, or a formula of min and max."),
        click.option("--scale", multiple=True, metavar="COMP.PARAM=F", help="What-if: scale machine parameters (*.speed=F: the whole machine F times as fast)."),
        click.option("--param", multiple=True, metavar="NAME=V", help="Run-time parameter of the machine (load=0.3)."),
        click.option("--granularity", type=click.Choice(["cluster", "statement"]), default="cluster",
                     show_default=True, help="AAU granularity: largest clusters, or one AAU per statement."),
        click.option("-I", "include_dirs", multiple=True, metavar="DIR", help="Directory for #include files."),
        click.option("--form", type=click.Choice(["fixed", "free"]), default=None,
                     help="Fortran source form (default: by extension: .f/.for/.f77 fixed, .f90 and later free)."),
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


@main.command("run")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@_common
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
@click.option("--map", "map_file", default=None, type=click.Path(dir_okay=False),
              help="Place processes on SAUs explicitly (YAML; see docs/model.md), e.g. across a heterogeneous SAG.")
@click.option("--symbolic", multiple=True, metavar="NAME",
              help="Keep input NAME a symbol: print the time as a closed form of it (its -D value is the sample).")
@click.option("--exact", is_flag=True,
              help="Interpret every iteration of loops that reach a steady state (default: extrapolate them).")
@reported
def run_cmd(files, machine, procs, defines, bound, scale, param, granularity, include_dirs, form, level, fmt,
            top, region, output, trace_file, plot_file, map_file, symbolic, exact):
    """Predict the run time of FILES (one SPMD program, or a host program and its node program)."""
    from pathlib import Path

    from interp.output.atomic import write_text
    from interp.errors import InputError
    from interp.output.levels import Structure
    from interp.pipeline import predict

    if region is not None and level == "aag":
        raise InputError("--region restricts the subaag and aau levels; give --level subaag or --level aau")
    for opt, path in (("--output", output), ("--trace", trace_file), ("--plot", plot_file)):
        if path is not None and not Path(path).resolve().parent.is_dir():
            raise InputError(f"{opt} {path}: the directory {Path(path).parent} does not exist")
    if plot_file is not None:
        from interp.output.plot import plot_format
        plot_format(plot_file)  # a bad file name is found before the prediction, not after

    pred = predict(list(files), machine, procs, defines, bound, scale, param, granularity,
                   trace=bool(trace_file or plot_file), include_dirs=include_dirs, map_file=map_file,
                   symbolic=symbolic, form=form, messages=False, exact=exact)
    if symbolic:
        from interp.studies.symbolic import closed_form

        def rerun(values):
            extra = [f"{k}={v!r}" for k, v in values.items()]
            others = [d for d in defines if d.split("=", 1)[0].strip() not in values]
            return predict(list(files), machine, procs, others + extra, bound, scale, param, granularity,
                           include_dirs=include_dirs, map_file=map_file, form=form).result.total

        form = closed_form(pred, symbolic, rerun)
    structure = Structure(pred.programs)
    if region is not None:
        structure.check_region(region)
    if fmt == "json":
        import json

        from interp.output.jsonout import to_json
        data = to_json(pred.result, level, structure, region, top or None)
        if symbolic:
            data["closed_form"] = {"seconds": str(form.expr),
                                   "valid": {str(k): str(v) for k, v in form.regions.items()}}
        report = json.dumps(data, indent=2) + "\n"
    elif fmt == "csv":
        from interp.output.csvout import to_csv
        report = to_csv(pred.result, level, structure, region, top or None)
    else:
        from interp.output.report import render
        report = render(pred.result, 25 if top is None else (top or None), level=level, structure=structure,
                        region=region) + "\n"
        if symbolic:
            report += "\n" + form.text() + "\n"
    if output is not None:
        write_text(output, report)
    else:
        click.echo(report, nl=False)
    # File notices go to stderr: standard output may be a JSON or CSV report in a pipe.
    if trace_file is not None:
        from interp.output.trace import trace_json
        text = trace_json(pred.result, pred.programs)
        write_text(trace_file, text + "\n")
        click.echo(f"wrote {trace_file} (Chrome trace: open it in the Perfetto UI)", err=True)
    if plot_file is not None:
        from interp.output.plot import write_plot
        write_plot(pred.result, plot_file, pred.programs)
        click.echo(f"wrote {plot_file} (space-time diagram)", err=True)
    if output is not None:
        click.echo(f"wrote {output}", err=True)


@main.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--machine", "-m", default="ipsc860", show_default=True, help="Machine (for buffer sizes).")
@click.option("--procs", "-p", default=4, show_default=True, type=int, help="Number of processes.")
@click.option("-D", "defines", multiple=True, metavar="NAME=VALUE", help="Value of an external input.")
@click.option("-I", "include_dirs", multiple=True, metavar="DIR", help="Directory for #include files.")
@reported
def check_cmd(files, machine, procs, defines, include_dirs):
    """Static checks: unmatched messages, size/tag mismatches, skipped collectives, deadlocks,
    missing inputs, unmodelled calls. Exit 0 when clean, 1 when problems are found."""
    from interp.studies.check import SEVERE, check
    from interp.pipeline import load_programs, parse_defines

    programs = load_programs(files, include_dirs=include_dirs, defines=parse_defines(defines))
    findings = check(programs, machine, procs, defines)
    for f in findings:
        click.echo(str(f))
    severe = [f for f in findings if f.kind in SEVERE]
    if not findings:
        click.echo(f"ok: no problems found for {procs} processes")
    elif not severe:
        click.echo(f"ok: {len(findings)} note(s), no problems")
    raise SystemExit(1 if severe else 0)


@main.command("show")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--dot", "dot_file", type=click.Path(dir_okay=False), help="Write Graphviz of the AAG (SAAG with --procs).")
@click.option("--procs", "-p", type=int, default=None, help="Resolve the SAAG's communication edges for P processes.")
@click.option("--machine", "-m", default="ipsc860", show_default=True)
@click.option("-D", "defines", multiple=True, metavar="NAME=VALUE", help="Value of an external input.")
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


# Commands that run several predictions (sweep, whatif, compare) live in their own modules.
from interp.cli.sweep import sweep_cmd  # noqa: E402
from interp.cli.whatif import whatif_cmd  # noqa: E402
from interp.studies.compare import compare_cmd  # noqa: E402

main.add_command(sweep_cmd)
main.add_command(whatif_cmd)
main.add_command(compare_cmd)
from interp.calibrate.cmd import calibrate_cmd  # noqa: E402
from interp.studies.validate import validate_cmd  # noqa: E402

main.add_command(calibrate_cmd)
main.add_command(validate_cmd)
