"""``interp extrapolate``: predict large runs from small sample runs here (seed 000, docs/scalability.md)."""
from __future__ import annotations

import click

from interp.cli.reported import reported
from interp.errors import InputError


def _points(lists: tuple, procs: str, other: tuple):
    """The grid of one side; an input the other side gives one value is carried over."""
    from interp.studies.grid import parse_define_lists, parse_procs_list
    from interp.studies.sweep import grid

    given = parse_define_lists(lists)
    names = {n for n, _ in given}
    for name, values in parse_define_lists(other):
        if name not in names and len(values) == 1:
            given.append((name, values))
    return given, grid(given, parse_procs_list(procs))


@click.command("extrapolate")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--machine", "-m", required=True,
              help="Machine that costs the communication and the code outside the timed loops "
                   "(interp calibrate describes this one).")
@click.option("--sample", "sample", multiple=True, metavar="NAME=V[,V...]", required=True,
              help="Input values of the sample runs made here (small sizes).")
@click.option("--predict", "target", multiple=True, metavar="NAME=V[,V...]", required=True,
              help="Input values to predict.")
@click.option("--procs", "-p", "procs", multiple=True, metavar="N[,N...]",
              help="Process counts: the first --procs for the samples, the second for the predictions "
                   "(one --procs: the same for both).")
@click.option("--measured", type=click.Path(dir_okay=False),
              help="CSV of measured times of predicted points (the --measured file of interp sweep): adds "
                   "the error (Eq. 4.9) and the prediction ratio (Eq. 4.8).")
@click.option("--repeat", "-r", type=click.IntRange(1, 100), default=1, show_default=True,
              help="Runs per sample; the median of each time is used.")
@click.option("--cc", default="gcc", show_default=True, help="C compiler for sequential programs.")
@click.option("--cflags", default="-O2", show_default=True)
@click.option("--timeout", type=float, default=600.0, show_default=True, help="Seconds allowed per run.")
@click.option("--save-rates", "rates_file", type=click.Path(dir_okay=False), default=None,
              help="Write each loop's measured seconds per unit of work (the sample at the most processes) "
                   "to FILE, for a machine file's 'processing: {model: measured, samples: FILE}'.")
@reported
def extrapolate_cmd(files, machine, sample, target, procs, measured, repeat, cc, cflags, timeout, rates_file):
    """Run FILES here at the --sample sizes with every loop timed, and predict the --predict sizes:
    each loop's time scaled by interp's count of its work (seed 000 Eq. 2.3), communication on --machine."""
    from sag import open_machine

    from interp.studies.extrapolate import attach_measured, extrapolate, to_text
    from interp.studies.measured import read_measured

    open_machine(machine)  # a bad machine file fails before anything is compiled or run
    if len(procs) > 2:
        raise InputError(f"--procs given {len(procs)} times: give it once (samples and predictions) or "
                         "twice (first the samples', then the predictions')")
    sample_procs = procs[0] if procs else "1"
    predict_procs = procs[-1] if procs else "1"
    _, samples = _points(sample, sample_procs, target)
    predict_lists, points = _points(target, predict_procs, sample)
    measurements = read_measured(measured, predict_lists) if measured else []
    study = extrapolate(files, machine, samples, points, repeat, cc, cflags, timeout)
    unmatched = attach_measured(study, measurements)
    if unmatched:
        m = unmatched[0]
        raise InputError(f"{measured}:{m.line}: {m.describe()} is not a point of --predict "
                         f"({len(unmatched)} such line(s))")
    click.echo(to_text(study))
    if rates_file is not None:
        import json

        from interp.output.atomic import write_text
        from interp.studies.extrapolate import basis_for

        basis = basis_for(study.samples, max(s.procs for s in study.samples))
        write_text(rates_file, json.dumps(basis.rates(study.segments).to_json(), indent=2) + "\n")
        click.echo(f"wrote {rates_file} (rates measured at {basis.describe()})", err=True)
