"""Errors raised while reading a machine description.

Every problem names the file, the path inside it (``sag.children[0].comm_sync.static.per_hop``)
and what is wrong, so the CLI can print one line per problem and exit 2.
"""
from __future__ import annotations

from .limits import MAX_QUOTE

# A message (or a YAML path built from keys) longer than this is cut: every quote is already
# clipped by ``quote``, so only a message built from many long pieces ever reaches this.
_MAX_MESSAGE = 8 * MAX_QUOTE


def quote(value, limit: int = MAX_QUOTE) -> str:
    """``repr(value)`` for a message, at most about ``limit`` characters.

    Users' text goes into messages quoted; a 100,000-character literal must not be repeated whole.
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}... ({len(value)} characters)"
    try:
        text = repr(value)
    except ValueError:  # an int too long for str() (Python's digit limit)
        return "<a number too long to show>"
    return text if len(text) <= limit else text[:limit] + "..."


def clip(text: str, limit: int = _MAX_MESSAGE) -> str:
    """Shorten already-formatted text (a path, a message) to about ``limit`` characters."""
    return text if len(text) <= limit else text[:limit] + "..."


def locate(file: str | None, line: int | None, path: str) -> str:
    """``file:line: path`` as every machine problem starts."""
    where = clip(file, 3 * MAX_QUOTE) if file else "<machine>"
    if line is not None:
        where += f":{line}"
    if path:
        where += f": {clip(path, 2 * MAX_QUOTE)}"
    return where


class MachineError(Exception):
    """One problem in a machine description."""

    def __init__(self, path: str, message: str, file: str | None = None, line: int | None = None):
        self.file = file
        self.path = path
        self.message = message
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"{locate(self.file, self.line, self.path)}: {clip(self.message)}"


class MachineErrors(Exception):
    """All problems found in one machine description (validation does not stop at the first)."""

    def __init__(self, errors: list[MachineError]):
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))


class ExprError(ValueError):
    """An expression string is malformed or uses something outside the whitelist."""


class EvaluationError(ExprError):
    """A parameter's expression has no finite value for the arguments it was evaluated with.

    Raised at run time (the arguments are message bytes, hops, processes, run-time parameters), so
    the message names the file, line and YAML path of the parameter as a load-time error would;
    ``reason`` is the message without that location, for the loader's own report.
    """

    def __init__(self, reason: str, file: str | None = None, line: int | None = None, path: str = ""):
        self.reason = reason
        self.file, self.line, self.path = file, line, path
        super().__init__(f"{locate(file, line, path)}: {clip(reason)}")
