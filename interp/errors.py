"""The errors interp raises for the user (the CLI turns them into one message and an exit code)."""
from __future__ import annotations

EXIT_PROBLEMS = 1   # the program analysed has problems (check), or a prediction found a hang
EXIT_BAD_INPUT = 2  # the user's input (machine file, program, option) is unusable
EXIT_INTERNAL = 3
EXIT_INTERRUPTED = 130  # SIGINT (Ctrl-C): 128 + 2, as shells report it
EXIT_TERMINATED = 143  # SIGTERM: 128 + 15


class InputError(Exception):
    """Bad input from the user; the message says where and what to do."""


class Terminated(BaseException):
    """SIGTERM arrived: unwinds like KeyboardInterrupt, so every ``finally`` (temporary files of
    atomic writes, worker pools) runs before the process exits."""


class ProgramHang(Exception):
    """The interpreted program cannot complete (Algorithm 2 step 3: leaves not all red)."""


def bad_input_types():
    from frontends.errors import FrontendError  # noqa: deferred so the CLI starts fast
    from sag.errors import ExprError, MachineErrors

    return (InputError, MachineErrors, ExprError, FrontendError)
