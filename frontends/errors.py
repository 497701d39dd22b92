"""Errors of the application module: bad source files, annotations and inputs."""
from __future__ import annotations

import re

from sag.errors import quote  # noqa: F401  (the frontends quote user text as machine errors do)
from sag.limits import MAX_QUOTE

# A "word" of a message longer than this is user text that no site quoted: a 100,000-character
# identifier or literal must not be repeated whole (issue 14). Longer than MAX_QUOTE so that a
# message's own paths (an absolute header path) are kept whole.
_MAX_WORD = 3 * MAX_QUOTE
_LONG_WORD = re.compile(r"\S{%d,}" % (_MAX_WORD + 1))


def clip_words(text: str) -> str:
    """``text`` with every run of more than _MAX_WORD non-blank characters cut to MAX_QUOTE."""
    return _LONG_WORD.sub(lambda m: f"{m.group(0)[:MAX_QUOTE]}...({len(m.group(0))} characters)", text)


class FrontendError(Exception):
    """Unusable program input; the message names file:line and what to do."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None):
        message, file = clip_words(str(message)), clip_words(file) if file else file
        self.file, self.line, self.message = file, line, message
        where = f"{file}:{line}: " if file and line else (f"{file}: " if file else "")
        super().__init__(where + message)
