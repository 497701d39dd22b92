"""Errors of the application module: bad source files, annotations and inputs."""


class FrontendError(Exception):
    """Unusable program input; the message names file:line and what to do."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None):
        self.file, self.line, self.message = file, line, message
        where = f"{file}:{line}: " if file and line else (f"{file}: " if file else "")
        super().__init__(where + message)
