"""Errors raised while reading a machine description.

Every problem names the file, the path inside it (``sag.children[0].comm_sync.static.per_hop``)
and what is wrong, so the CLI can print one line per problem and exit 2.
"""


class MachineError(Exception):
    """One problem in a machine description."""

    def __init__(self, path: str, message: str, file: str | None = None, line: int | None = None):
        self.file = file
        self.path = path
        self.message = message
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.file or "<machine>"
        if self.line is not None:
            where += f":{self.line}"
        if self.path:
            where += f": {self.path}"
        return f"{where}: {self.message}"


class MachineErrors(Exception):
    """All problems found in one machine description (validation does not stop at the first)."""

    def __init__(self, errors: list[MachineError]):
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))


class ExprError(ValueError):
    """An expression string is malformed or uses something outside the whitelist."""
