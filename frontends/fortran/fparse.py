"""Fortran source -> fparser2 parse tree: source form, INCLUDE lines and ``!$interp`` directives.

The first layer of the Fortran frontend. It reads the file as it is, decides fixed or free form
(by extension, or the caller's ``form``), takes the INCLUDE lines out of the text before fparser
sees it (fparser would splice an included file in with that file's own line numbers, so AAUs
would name the wrong lines), collects the comment directives (``!$interp ...``, and ``C$interp``
/ ``*$interp`` in fixed form) with their lines, and parses with fparser2.

Every problem with the input is raised as ``FrontendError(message, file, line)``.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from ..source import read_source
from .blocks import check_blocks, check_continuations
from ..errors import FrontendError, quote, shorten

FIXED_EXTENSIONS = (".f", ".for", ".f77", ".ftn")
FREE_EXTENSIONS = (".f90", ".f95", ".f03", ".f08")
# Headers whose contents interp knows: the message-passing interfaces. Their INCLUDE only says
# which API the program uses (the constants they define are built into the frontend).
KNOWN_INCLUDES = {"mpif.h": "mpi", "fnx.h": "nx", "nx.h": "nx"}

_INCLUDE = re.compile(r"""^[ \t]*include[ \t]*(['"])([^'"]+)\1[ \t]*(?:!.*)?$""", re.I)
_CPP_INCLUDE = re.compile(r"""^#[ \t]*include[ \t]*["<]([^">]+)[">]""")
_CPP = re.compile(r"^#")
# A directive comment: "!$word" anywhere a comment may start a line; in fixed form also
# "C$word" / "*$word" in column 1.
_FREE_DIRECTIVE = re.compile(r"^[ \t]*!\$(.*)$")
_FIXED_DIRECTIVE = re.compile(r"^[Cc*!]\$(.*)$")


@dataclass
class Include:
    line: int
    name: str
    known: str | None  # "mpi" / "nx" for the message-passing headers, else None
    path: str | None = None  # the file found for a user include


@dataclass
class FSource:
    """A parsed Fortran file: its parse tree, the path as given, its text and its directives."""

    ast: object
    file: str
    text: str
    form: str  # fixed | free
    # (line, text) of every directive comment: text after the "$" sentinel, e.g. "interp iters(10)"
    # or "omp parallel do"; the level-1 parse applies interp's and reports the others.
    directives: list[tuple[int, str]] = field(default_factory=list)
    includes: list[Include] = field(default_factory=list)


def source_form(path: str, form: str | None = None) -> str:
    """``fixed`` or ``free``: the caller's ``form`` if given, else by the file's extension."""
    if form is not None:
        if form not in ("fixed", "free"):
            raise FrontendError(f"unknown Fortran source form {quote(form)} (expected 'fixed' or 'free')", path)
        return form
    ext = os.path.splitext(path)[1].lower()
    if ext in FIXED_EXTENSIONS:
        return "fixed"
    if ext in FREE_EXTENSIONS:
        return "free"
    raise FrontendError(f"cannot tell the Fortran source form from the extension {quote(ext)}: use "
                        f"{', '.join(FIXED_EXTENSIONS)} for fixed form, {', '.join(FREE_EXTENSIONS)} "
                        "for free form, or give the form", path)


def is_fortran(path: str) -> bool:
    return os.path.splitext(path)[1].lower() in FIXED_EXTENSIONS + FREE_EXTENSIONS


def parse_fortran(path: str | os.PathLike, form: str | None = None,
                  include_dirs: list[str] | None = None) -> FSource:
    """Read and parse the Fortran file at ``path`` (``form``: fixed | free | None for by extension)."""
    file = os.fspath(path)
    text = read_source(file, "Fortran")
    return parse_text(text, file, source_form(file, form), include_dirs)


def parse_text(text: str, file: str, form: str, include_dirs: list[str] | None = None) -> FSource:
    lines = text.split("\n")
    includes: list[Include] = []
    directives: list[tuple[int, str]] = []
    blank = "C" if form == "fixed" else "!"
    for k, line in enumerate(lines):
        line = line.rstrip("\r")
        m = _INCLUDE.match(line) or _CPP_INCLUDE.match(line)
        if m:
            name = m.group(m.lastindex)
            includes.append(_include(name, k + 1, file, include_dirs))
            lines[k] = blank  # keep the line count: every later statement keeps its line
            continue
        if _CPP.match(line):
            raise FrontendError("C preprocessor directives are not interpreted in Fortran sources "
                                "(run the preprocessor first)", file, k + 1)
        m = (_FIXED_DIRECTIVE.match(line) if form == "fixed" else None) or _FREE_DIRECTIVE.match(line)
        if m:
            directives.append((k + 1, " ".join(m.group(1).split())))
    source = "\n".join(lines)
    check_continuations(source, file, form)  # before fparser, whose time grows as their square
    check_blocks(source, file, form)  # before fparser, which backtracks for ever over unclosed blocks
    ast = _parse(source, file, form)
    _check_order(ast, file)
    hoist_comments(ast)
    from . import associate  # imports fparser: only when a Fortran file is parsed

    associate.rewrite(ast, file)  # ASSOCIATE names as their variables / expressions (associate.py)
    from . import bindings

    bindings.rewrite(ast, file)  # call h%exchange(x) as call exchange(h, x) (bindings.py)
    return FSource(ast=ast, file=file, text=text, form=form, directives=directives, includes=includes)


def _check_order(ast, file: str) -> None:
    """A declaration after an executable statement is not Fortran (gfortran refuses it); fparser
    accepts it as a second specification part, and the unit's statements after it were lost."""
    from fparser.two import Fortran2003 as F
    from fparser.two.utils import walk

    for unit in walk(ast, (F.Main_Program, F.Subroutine_Subprogram, F.Function_Subprogram)):
        seen_exec = False
        for part in getattr(unit, "content", None) or []:
            if isinstance(part, F.Execution_Part):
                seen_exec = True
            elif isinstance(part, F.Specification_Part) and seen_exec:
                # DATA, FORMAT and ENTRY may stand among the executable statements
                first = next((c for c in walk(part, F.StmtBase) if not isinstance(
                    c, (F.Comment, F.Data_Stmt, F.Format_Stmt, F.Entry_Stmt))), None)
                if first is None:
                    continue
                line = first.item.span[0] if getattr(first, "item", None) is not None else None
                raise FrontendError(f"a declaration after an executable statement ('{shorten(first)}') is not "
                                    "valid Fortran; move it before the unit's first executable statement",
                                    file, line)


def hoist_comments(node) -> None:
    """fparser puts the blank lines and comments that precede a construct inside it, before its
    opening statement (``x = 0`` / blank / ``select case (rank)``: the construct's content[0] is
    the comment), where every reader of a construct takes its first item as the opening
    statement: a SELECT CASE lost its cases (a silent misprediction), a FORALL gave an internal
    error, an ASSOCIATE lost its names. They are moved out, before the construct."""
    from fparser.two import Fortran2003 as F

    items = getattr(node, "content", None)
    if not isinstance(items, list):
        return
    out = []
    for child in items:
        inner = getattr(child, "content", None)
        if type(child).__name__.endswith("_Construct") and isinstance(inner, list):
            k = 0
            while k < len(inner) - 1 and isinstance(inner[k], F.Comment):
                k += 1
            for c in inner[:k]:
                c.parent = node
            out.extend(inner[:k])
            del inner[:k]
        out.append(child)
        hoist_comments(child)
    node.content[:] = out


def _include(name: str, line: int, file: str, include_dirs) -> Include:
    base = os.path.basename(name).lower()
    if base in KNOWN_INCLUDES:
        return Include(line, name, KNOWN_INCLUDES[base])
    for d in [os.path.dirname(os.path.abspath(file))] + list(include_dirs or []):
        candidate = os.path.join(d, name)
        if os.path.isfile(candidate):
            return Include(line, name, None, candidate)
    return Include(line, name, None, None)


def _parse(text: str, file: str, form: str):
    # fparser is imported here, when a Fortran file is parsed: a C program (and `is_fortran`,
    # which every load asks) must not pay its 0.1 s import (issue 16).
    from fparser.common.readfortran import FortranStringReader
    from fparser.common.sourceinfo import FortranFormat
    from fparser.two.parser import ParserFactory
    from fparser.two.symbol_table import SYMBOL_TABLES
    from fparser.two.utils import FortranSyntaxError

    reader = FortranStringReader(text, ignore_comments=False)
    reader.set_format(FortranFormat(form == "free", False))
    SYMBOL_TABLES.clear()  # fparser keeps scopes between parses; each file starts afresh
    parser = ParserFactory().create(std="f2008")
    try:
        return parser(reader)
    except FortranSyntaxError as exc:
        msg = str(exc)
        m = re.search(r"at line (\d+)", msg)
        line = int(m.group(1)) if m else None
        where = shorten(msg.split(">>>", 1)[1].strip()) if ">>>" in msg else ""
        detail = f": {where}" if where else ""
        raise FrontendError(f"Fortran syntax error ({form} form){detail}", file, line) from None
    except RecursionError:
        raise FrontendError("the code nests too deeply for the Fortran parser", file) from None
    except Exception as exc:  # an fparser failure must not become a traceback
        raise FrontendError(f"the Fortran parser failed ({type(exc).__name__}: {shorten(exc)})", file) from None
    finally:
        SYMBOL_TABLES.clear()


def parse_fragment(text: str, file: str, form: str):
    """Parse the text of an included file as the specification part of a program unit."""
    if form == "fixed":
        wrapped = "      SUBROUTINE INTERP__INCLUDE\n" + text + "\n      END\n"
    else:
        wrapped = "SUBROUTINE INTERP__INCLUDE\n" + text + "\nEND SUBROUTINE\n"
    try:
        return _parse(wrapped, file, form)
    except FrontendError as exc:
        raise FrontendError(exc.message, file, exc.line - 1 if exc.line else None) from None
