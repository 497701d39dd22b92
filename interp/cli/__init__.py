"""The ``interp`` command line: one thin module per command over the stages of interp."""
from __future__ import annotations

import signal
import sys

import click

from interp import __version__
from interp.errors import EXIT_INTERRUPTED, EXIT_TERMINATED, Terminated


# Each command's module is imported when that command runs (or when --help lists them): `interp run`
# must not pay for importing calibrate, validate and the studies (about 0.1 s of a 0.5 s run,
# issue 16). Name -> (module, attribute), in the order --help lists them.
_COMMANDS = {
    "run": ("interp.cli.run", "run_cmd"),
    "check": ("interp.cli.check", "check_cmd"),
    "show": ("interp.cli.show", "show_cmd"),
    "sweep": ("interp.cli.sweep", "sweep_cmd"),
    "whatif": ("interp.cli.whatif", "whatif_cmd"),
    "compare": ("interp.cli.compare", "compare_cmd"),
    "calibrate": ("interp.cli.calibrate", "calibrate_cmd"),
    "validate": ("interp.cli.validate", "validate_cmd"),
    "bound": ("interp.cli.bound", "bound_cmd"),
    "scale": ("interp.cli.scale", "scale_cmd"),
    "extrapolate": ("interp.cli.extrapolate", "extrapolate_cmd"),
    "machine": ("interp.cli.machine", "machine"),
}


class _LazyGroup(click.Group):
    """A click group whose subcommands are imported on first use (click's documented lazy-loading
    pattern: `list_commands` names them, `get_command` imports the one asked for)."""

    def list_commands(self, ctx):
        return sorted(set(_COMMANDS) | set(self.commands))

    def get_command(self, ctx, cmd_name):
        if cmd_name not in self.commands and cmd_name in _COMMANDS:
            import importlib

            module, attr = _COMMANDS[cmd_name]
            self.add_command(getattr(importlib.import_module(module), attr), cmd_name)
        return self.commands.get(cmd_name)


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="interp")
def main():
    """Predict the performance of parallel programs by interpreting their source on a machine model."""


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
