"""The ``interp`` command line: one thin module per command over the stages of interp."""
from __future__ import annotations

import signal
import sys

import click

from interp import __version__
from interp.errors import EXIT_INTERRUPTED, EXIT_TERMINATED, Terminated


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="interp")
def main():
    """Predict the performance of parallel programs by interpreting their source on a machine model."""


def _register() -> None:
    from interp.cli.bound import bound_cmd
    from interp.cli.calibrate import calibrate_cmd
    from interp.cli.check import check_cmd
    from interp.cli.compare import compare_cmd
    from interp.cli.extrapolate import extrapolate_cmd
    from interp.cli.machine import machine
    from interp.cli.run import run_cmd
    from interp.cli.scale import scale_cmd
    from interp.cli.show import show_cmd
    from interp.cli.sweep import sweep_cmd
    from interp.cli.validate import validate_cmd
    from interp.cli.whatif import whatif_cmd

    main.add_command(machine)
    for cmd in (run_cmd, check_cmd, show_cmd, sweep_cmd, whatif_cmd, compare_cmd, calibrate_cmd,
                validate_cmd, bound_cmd, scale_cmd, extrapolate_cmd):
        main.add_command(cmd)


_register()


def _terminate(signum, frame):
    raise Terminated()


def entry() -> int:
    """The console script: ``main`` with SIGINT and SIGTERM turned into one line and exit 130/143.

    Click's standalone mode would print "Aborted!" for Ctrl-C outside a command and leave SIGTERM
    to kill the process before ``finally`` blocks run; here both unwind normally.
    """
    signal.signal(signal.SIGTERM, _terminate)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # even when started with SIGINT ignored
    try:
        main.main(prog_name="interp", standalone_mode=False)
    except KeyboardInterrupt:
        click.echo("interp: interrupted", err=True)
        return EXIT_INTERRUPTED
    except Terminated:
        click.echo("interp: terminated", err=True)
        return EXIT_TERMINATED
    except click.exceptions.Abort:
        click.echo("interp: interrupted", err=True)
        return EXIT_INTERRUPTED
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.UsageError as exc:  # one line, like every other error (the contract of cli/reported)
        ctx = exc.ctx
        where = f"'{ctx.command_path} --help'" if ctx is not None else "'interp --help'"
        click.echo(f"interp: {exc.format_message()} (see {where})", err=True)
        return exc.exit_code
    except click.ClickException as exc:
        click.echo(f"interp: {exc.format_message()}", err=True)
        return exc.exit_code
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    return 0


if __name__ == "__main__":
    sys.exit(entry())
