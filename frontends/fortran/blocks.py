"""A block IF with no END IF, found before fparser reads the file.

fparser backtracks over every unclosed block: ten nested `IF (...) THEN` with no `END IF` took 95 s
to end in a syntax error, a hundred never ended (issue 14, fuzz case fortran-2-21). Logical lines
(continuations joined, comments and character constants removed) are enough to pair `IF ... THEN`
with `END IF`; the innermost unclosed one is reported at its line. Files whose blocks are balanced
go on to fparser, which reports every other syntax error itself.
"""
from __future__ import annotations

import re

from ..errors import FrontendError

_BLOCK_IF = re.compile(r"^(?:\d+\s*)?(?:[A-Z_]\w*\s*:\s*)?IF\s*\(.*\)\s*THEN$")
_END_IF = re.compile(r"^(?:\d+\s*)?END\s*IF(?:\s+[A-Z_]\w*)?$")
_STRING = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"")


def check_blocks(text: str, file: str, form: str) -> None:
    """FrontendError at the innermost block IF that has no END IF."""
    open_ifs: list[int] = []
    for line, stmt in logical_lines(text, form):
        for part in stmt.split(";"):
            part = " ".join(part.split())
            if _BLOCK_IF.match(part):
                open_ifs.append(line)
            elif _END_IF.match(part) and open_ifs:
                open_ifs.pop()
    if open_ifs:
        raise FrontendError(f"this block IF has no END IF ({len(open_ifs)} block IF"
                            f"{'s are' if len(open_ifs) > 1 else ' is'} not closed in the file): add the "
                            "END IF where its block ends", file, open_ifs[-1])


# Fortran 2008 allows a statement at most 255 continuation lines; fparser joins them in time that
# grows with the square of their count (3,000 lines ran for minutes), so more is refused first.
MAX_CONTINUATIONS = 255
# Fortran 2023's longest free-form line (3.3.2.1; 132 before it). fparser's line splitting takes
# time that grows as the square of a line's length: a 120,000-character line never finished.
MAX_LINE = 10000


def check_continuations(text: str, file: str, form: str) -> None:
    """FrontendError at a statement continued over more than MAX_CONTINUATIONS lines, or at a line
    longer than MAX_LINE characters."""
    first, count, open_ = 0, 0, False
    for k, raw in enumerate(text.split("\n"), 1):
        if len(raw) > MAX_LINE:
            raise FrontendError(f"this line has {len(raw):,} characters, more than the {MAX_LINE:,} of Fortran "
                                "2023: break it with & continuations", file, k)
        if form == "fixed":
            if not raw.strip() or raw[:1] in "Cc*!":
                continue
            mark = raw[1:2] if raw[:1] == "\t" else raw[5:6]
            cont = mark not in (" ", "0", "") and (raw[:1] != "\t" or mark.isdigit())
        else:
            body = _code(raw).strip()
            if not body:
                continue
            cont, open_ = open_, body.endswith("&")
        if not cont:
            first, count = k, 0
            continue
        count += 1
        if count > MAX_CONTINUATIONS:
            raise FrontendError(f"this statement is continued over more than {MAX_CONTINUATIONS} lines "
                                "(the limit of Fortran 2008): split it into several statements", file, first)


def logical_lines(text: str, form: str):
    """(first line number, upper-case statement text) of each statement, continuations joined."""
    first, parts = 0, []
    for k, raw in enumerate(text.split("\n"), 1):
        if form == "fixed":
            if not raw.strip() or raw[:1] in "Cc*!":
                continue
            label, mark, code = (("", raw[1:2], raw[2:]) if raw[1:2].isdigit() and raw[1:2] != "0" else
                                 ("", " ", raw[1:])) if raw[:1] == "\t" else (raw[:5], raw[5:6], raw[6:72])
            body = _code(code.upper())
            if mark not in (" ", "0", "") and parts:
                parts.append(body)
                continue
            if parts:
                yield first, "".join(parts)
            first, parts = k, [label.strip() + " " + body]
        else:
            body = _code(raw.upper()).strip()
            if not body:
                continue
            if parts and parts[-1].endswith("&"):
                parts[-1] = parts[-1][:-1]
                parts.append(body.lstrip("&"))
                continue
            if parts:
                yield first, "".join(parts)
            first, parts = k, [body]
    if parts:
        yield first, "".join(parts).rstrip("&")


def _code(text: str) -> str:
    """The statement text without character constants and a trailing ! comment."""
    text = _STRING.sub("''", text)
    cut = text.find("!")
    return text if cut < 0 else text[:cut]
