"""``interp calibrate``: micro-benchmarks of this machine -> a machine file."""
from __future__ import annotations

import click

from interp.cli.reported import reported
from pathlib import Path

from interp.calibrate.driver import calibrate
from interp.errors import InputError


@click.command("calibrate")
@click.option("--out", "-o", required=True, metavar="FILE", help="Machine file to write (YAML).")
@click.option("--cc", default="gcc", show_default=True, help="C compiler for the node benchmarks.")
@click.option("--cflags", default="-O2", show_default=True, help="Compiler flags.")
@click.option("--quick", is_flag=True, help="Shorter benchmarks, 3 runs instead of 5 (coarser ranges).")
@click.option("--runs", type=click.IntRange(1, 50), default=None, help="Runs of each benchmark program.")
@click.option("--no-mpi", is_flag=True, help="Do not measure communication (comm_sync left void).")
@click.option("--cache-levels", type=click.IntRange(1, 4), default=None,
              help="Measure this many data cache levels from the bandwidth sweep instead of taking them "
                   "from the operating system (done anyway when it lists none).")
@click.option("--line-size", type=click.IntRange(8, 4096), default=None, metavar="BYTES",
              help="Cache line size, when the operating system does not give it.")
@reported
def calibrate_cmd(out, cc, cflags, quick, runs, no_mpi, cache_levels, line_size):
    """Measure this machine with micro-benchmarks and write a machine file for it."""
    if Path(out).is_dir():
        raise InputError(f"--out {out}: is a directory; give a file name such as host.yaml")
    calibrate(out, cc, cflags, quick, runs, not no_mpi, cache_levels=cache_levels, line_size=line_size)
    click.echo(f"wrote {out} (check it with: interp machine check {out})")
