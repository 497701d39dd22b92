"""Options shared by the commands: ``common_options`` of ``run``, ``prediction_options`` of the
commands that run several predictions (sweep, whatif, compare), with the same names and meanings."""
from __future__ import annotations

import click




def prediction_options(procs_help: str, procs_default: str | int, procs_type=int):
    """--machine, --procs, -D, --bound, --scale, --param, -I, as ``interp run`` has them."""

    def decorate(fn):
        options = [
            click.option("--machine", "-m", default="ipsc860", show_default=True,
                         help="Machine description: a shipped name (interp machine list) or a YAML file."),
            click.option("--procs", "-p", "-n", "-np", "procs", default=procs_default, show_default=True, type=procs_type,
                         help=procs_help),
            click.option("-D", "defines", multiple=True, metavar="NAME=VALUE",
                         help="Value of an external input (read from argv, scanf, a global or an annotation), or of a C preprocessor macro the program tests or uses (#ifdef N, #define N)."),
            click.option("--bound", default="mid", show_default=True,
                         help="Which end of parameter ranges: best, worst, mid, or a formula of min and max."),
            click.option("--scale", multiple=True, metavar="COMP.PARAM=F",
                         help="What-if: scale machine parameters (*.speed=F: the machine F times as fast)."),
            click.option("--param", multiple=True, metavar="NAME=V",
                         help="Run-time parameter of the machine (load=0.3)."),
            click.option("-I", "include_dirs", multiple=True, metavar="DIR",
                         help="Directory for #include files."),
        ]
        for option in reversed(options):
            fn = option(fn)
        return fn

    return decorate


def strict_option(fn):
    """--strict: no defaults (docs/annotations.md, "Defaults and --strict")."""
    return click.option("--strict", is_flag=True,
                        help="Refuse to use a default: a branch on data weighted 0.5 (state prob()), a loop "
                             "sampled because its body has no closed form (state cost() or use --exact), a "
                             "call interp does not model costed 0 (state cost()); each is an error naming "
                             "the annotation for its line.")(fn)


def budget_options(fn):
    """--max-events and --timeout: the prediction budget (engine/budget.py)."""
    fn = click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None, metavar="SECONDS",
                      help="Stop a prediction that runs longer than this (default 1800 s).")(fn)
    fn = click.option("--max-events", type=click.IntRange(min=1), default=None, metavar="N",
                      help="Stop a prediction that interprets more operations and loop iterations than "
                           "this (default 100,000,000).")(fn)
    return fn


def common_options(fn):
    """Options every prediction command shares."""
    options = [
        click.option("--machine", "-m", default="ipsc860", show_default=True,
                     help="Machine description: a shipped name (interp machine list) or a YAML file."),
        # -n and -np: mpirun's spelling, which a user of MPI types first
        click.option("--procs", "-p", "-n", "-np", "procs", default=1, show_default=True, type=int,
                     help="Number of processes (nodes); -n and -np as mpirun spells it."),
        click.option("-D", "defines", multiple=True, metavar="NAME=VALUE", help="Value of an external input (read from argv, scanf, a global or an annotation), or of a C preprocessor macro the program tests or uses (#ifdef N, #define N)."),
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


