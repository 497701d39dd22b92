"""The ``interp`` command line: one thin module per command over the stages of interp."""
from __future__ import annotations

import click

from interp import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="interp")
def main():
    """Predict the performance of parallel programs by interpreting their source on a machine model."""


def _register() -> None:
    from interp.cli.calibrate import calibrate_cmd
    from interp.cli.check import check_cmd
    from interp.cli.compare import compare_cmd
    from interp.cli.machine import machine
    from interp.cli.run import run_cmd
    from interp.cli.show import show_cmd
    from interp.cli.sweep import sweep_cmd
    from interp.cli.validate import validate_cmd
    from interp.cli.whatif import whatif_cmd

    main.add_command(machine)
    for cmd in (run_cmd, check_cmd, show_cmd, sweep_cmd, whatif_cmd, compare_cmd, calibrate_cmd,
                validate_cmd):
        main.add_command(cmd)


_register()
