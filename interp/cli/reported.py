"""The user-facing error contract: one clear message on stderr and exit code 2 for bad input."""
from __future__ import annotations

import functools
import sys

import click

from interp.errors import (EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_PROBLEMS, EXIT_TERMINATED,
                           ProgramHang, Terminated, bad_input_types)


def reported(fn):
    """Run a command, turning every expected failure into a message and an exit code."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except click.exceptions.Exit:
            raise
        except click.ClickException:
            raise
        except ProgramHang as exc:
            click.echo(f"interp: {exc}", err=True)
            sys.exit(EXIT_PROBLEMS)
        except bad_input_types() as exc:
            for line in str(exc).splitlines():
                click.echo(f"interp: {line}" if not line.startswith(" ") else line, err=True)
            sys.exit(EXIT_BAD_INPUT)
        except KeyboardInterrupt:
            click.echo("interp: interrupted", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except Terminated:
            click.echo("interp: terminated", err=True)
            sys.exit(EXIT_TERMINATED)
        except Exception as exc:  # an interp bug: still no traceback for the user
            click.echo(f"interp: internal error: {type(exc).__name__}: {exc} "
                       "(set INTERP_DEBUG=1 for the traceback; please report it)", err=True)
            import os
            if os.environ.get("INTERP_DEBUG"):
                raise
            sys.exit(EXIT_INTERNAL)

    return wrapper
