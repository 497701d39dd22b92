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
# A whole message longer than this (many words of user text: "#error a a a ...") is cut.
_MAX_MESSAGE = 10 * MAX_QUOTE


def shorten(text: str, limit: int = MAX_QUOTE) -> str:
    """User text shown unquoted (a source line, an #error message): at most about ``limit`` characters."""
    text = str(text)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def clip_words(text: str) -> str:
    """``text`` with every run of more than _MAX_WORD non-blank characters cut to MAX_QUOTE, and
    at most about _MAX_MESSAGE characters in all."""
    text = _LONG_WORD.sub(lambda m: shorten(m.group(0)), text)
    return shorten(text, _MAX_MESSAGE)


class FrontendError(Exception):
    """Unusable program input; the message names file:line and what to do."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None):
        message, file = clip_words(str(message)), clip_words(file) if file else file
        self.file, self.line, self.message = file, line, message
        where = f"{file}:{line}: " if file and line else (f"{file}: " if file else "")
        super().__init__(where + message)
