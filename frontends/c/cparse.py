"""C source -> pycparser AST: preprocessing (pcpp) and parsing (pycparser).

This is the first layer of the C frontend. It takes a user's C file as it is
(``#include <stdio.h>``, ``#include <mpi.h>``, ``#include "nx.h"``, macros,
``#if``), preprocesses it with pcpp, the pure-Python C preprocessor, and parses
the result with pycparser. ``#line`` markers are kept, so every node's
``coord.file`` / ``coord.line`` names the ORIGINAL file and line (the file as
the caller spelled it); ``#pragma`` lines pass through and become
``c_ast.Pragma`` nodes.

Include search order for ``<...>``: the caller's ``include_dirs``, the
directory of the file, interp's shipped headers (``frontends/include``: mpi.h,
nx.h and a few libc headers with prototypes) and pycparser-fake-libc. A
``"..."`` include first looks in the directory of the including file.

Every problem with the input is raised as ``FrontendError(message, file, line)``.
"""

from __future__ import annotations

import copy
import io
import os
import re
from dataclasses import dataclass, field

from pcpp import Preprocessor
from pycparser import c_ast
from pycparser.c_parser import CParser, ParseError

from .headers import FAKE_LIBC_DIR, INCLUDE_DIR, is_user_header, user_header_name  # noqa: F401 (tests import them here)

from ..errors import MAX_QUOTE, FrontendError, quote, shorten
from ..source import read_source
from . import parsecache
from .declared import check_declarations

# The shipped headers (mpi.h, nx.h, a few of libc) stay at frontends/include (headers.py
# INCLUDE_DIR): interp calibrate compiles the NX/2 shim against them too.

# Predefined macros. GNU spellings that real code (or real headers copied into
# a project) contain are mapped to what pycparser accepts or dropped.
PREDEFINED: tuple[str, ...] = (
    "__STDC__ 1",
    "__STDC_VERSION__ 199901L",
    "__STDC_HOSTED__ 1",
    "__INTERP__ 1",
    "__attribute__(x)",
    "__attribute(x)",
    "__declspec(x)",
    "__extension__",
    "__restrict restrict",
    "__restrict__ restrict",
    "__inline inline",
    "__inline__ inline",
    "__forceinline inline",
    "__asm__(x)",
    "__asm(x)",
    "__volatile__ volatile",
    "__volatile volatile",
    "__const const",
    "__signed__ signed",
    "__signed signed",
    "__builtin_expect(e, c) (e)",
)

# Tokens all macro expansions of one file may produce: far above what real code needs (a 1 MiB
# file of dense code counts about 800,000), low enough to stop a macro "bomb" within seconds.
MAX_EXPANDED_TOKENS = 2_500_000
MAX_INCLUDES_OF_ONE_FILE = 200  # GCC's limit on include depth

# pycparser-fake-libc's files that interp's own headers include (types and macros).
_FAKE_BASICS = {"_fake_defines.h", "_fake_typedefs.h"}

_MACRO_NAME = re.compile(r"[A-Za-z_]\w*(\([\w\s,.]*\))?\Z")
_PARSE_ERROR = re.compile(r"(?P<file>.*?):(?P<line>\d+)(?::(?P<col>\d+))?: (?P<msg>.*)\Z", re.S)
_PARSE_ERROR_NOLINE = re.compile(r"(?P<file>.*?): (?P<msg>.*)\Z", re.S)
_PASSTHROUGH_DIRECTIVES = {"pragma", "line"}
_IGNORED_DIRECTIVES = {"ident", "sccs", "assert", "unassert", "warning"}


@dataclass
class CSource:
    """A parsed C file: its AST, the path as given, its text and its interp pragmas."""

    ast: c_ast.FileAST
    file: str
    text: str
    # (line, text) of every `#pragma interp ...` line of the original file,
    # 1-based; text is what follows `#pragma`, as in c_ast.Pragma.string
    # (for example "interp region foo"), comments removed.
    pragmas: list[tuple[int, str]] = field(default_factory=list)
    included: list[str] = field(default_factory=list)  # absolute paths of the files #included
    # The program's own headers, by the name their nodes' coord.file gives (user_header_name):
    # every included file but interp's shipped headers and pycparser's fake libc. The functions
    # and variables they define are part of the program (a `static inline` helper in "comm.h").
    headers: list[str] = field(default_factory=list)


def parse_c(
    path: str | os.PathLike,
    macros: dict[str, str] | None = None,
    include_dirs: list[str] | None = None,
) -> CSource:
    """Preprocess and parse the C file at ``path``.

    ``macros`` are ``-D`` definitions: ``{"N": "100", "DEBUG": "1"}``; a value
    of None means "1"; a key may be function-like (``"SQ(x)": "((x)*(x))"``).
    ``include_dirs`` are ``-I`` directories searched before everything else.
    """
    file = os.fspath(path)
    text = read_source(file, "C")
    pre, opened = _preprocess(text, file, macros, include_dirs)
    ast = parse_preprocessed(pre, file, text)
    headers = list(dict.fromkeys(user_header_name(h, file, include_dirs) for h in opened
                                 if is_user_header(h) and h != os.path.abspath(file)))
    return CSource(ast=ast, file=file, text=text, pragmas=find_pragmas(text), included=opened,
                   headers=headers)


def check_names(src: CSource) -> None:
    """FrontendError for an undeclared identifier in the code of the main file and of the
    program's own headers (declared.py): parse_c only parses, as pycparser does; loading a program
    for a prediction checks its names too."""
    check_declarations(src.ast, src.file, partial_headers=any(_types_only(h) for h in src.included),
                       headers=src.headers)


def _types_only(header: str) -> bool:
    """Whether an included file is one of pycparser's fake libc headers that declare types only
    (not the two that interp's own headers include for their types and macros)."""
    fake = os.path.join(os.path.abspath(FAKE_LIBC_DIR), "")
    return header.startswith(fake) and os.path.basename(header) not in _FAKE_BASICS


# --------------------------------------------------------------------------- #
# preprocessing
# --------------------------------------------------------------------------- #


class _Preprocessor(Preprocessor):
    """pcpp with interp's error handling: every problem is a FrontendError."""

    def __init__(self, main_abs: str, main_file: str):
        super().__init__()
        self.line_directive = "#line"
        self._main_abs, self._main_file = main_abs, main_file
        self.opened: list[str] = []  # every included file, by absolute path
        self.include_dirs_given: list[str] | None = None  # -I as given (the program's headers' names)
        self._expanded = 0  # tokens produced by macro expansion so far
        self._where: tuple = (None, None)  # source and line of the outermost expansion

    def expand_macros(self, tokens, expanding_from=[]):  # noqa: B006 (pcpp's signature)
        # pcpp expands a macro whole, recursively, before it yields a token: "#define A2 A1 A1"
        # nested 30 deep would build 2**30 tokens. Counting every expansion's result (the
        # recursion comes back here) stops such a file after a bounded amount of work.
        if not expanding_from and tokens:  # the outermost call: the line the user wrote
            self._where = (getattr(tokens[0], "source", None), getattr(tokens[0], "lineno", None))
        out = super().expand_macros(tokens, expanding_from)
        self._expanded += len(out)
        if self._expanded > MAX_EXPANDED_TOKENS:
            source, line = self._where
            raise FrontendError(f"preprocessor: macro expansion produces more than {MAX_EXPANDED_TOKENS:,} "
                                "tokens (macros that expand to several copies of each other?)",
                                self.display(source), line)
        return out

    def display(self, source: str | None) -> str | None:
        if source == self._main_abs:
            return self._main_file
        if source is not None and self.include_dirs_given is not None and is_user_header(source):
            return user_header_name(source, self._main_file, self.include_dirs_given)
        return source

    def on_error(self, file, line, msg):
        raise FrontendError(f"preprocessor: {shorten(str(msg).strip())}", self.display(file), line)

    def on_file_open(self, is_system_include, includepath):
        # OSError lets pcpp try the next directory of the search path; a file that exists is read
        # as the program is (a regular file of bounded size, no NUL bytes: /dev/zero must not hang).
        if not os.path.exists(includepath) or os.path.isdir(includepath):
            raise FileNotFoundError(includepath)
        try:
            text = read_source(includepath, "C")
        except FrontendError as exc:  # named where the #include is, as a compiler does
            tok = self.lastdirective
            where = self.display(getattr(tok, "source", None))
            raise FrontendError(f"#include {shorten(includepath)}: {exc.message}", where,
                                getattr(tok, "lineno", None)) from None
        opened = os.path.abspath(includepath)
        if self.opened.count(opened) >= MAX_INCLUDES_OF_ONE_FILE:
            # A file that includes itself without a guard: pcpp nests for minutes (GCC stops at
            # an include depth of 200 with "#include nested depth 200 exceeds maximum").
            tok = self.lastdirective
            raise FrontendError(f"#include {shorten(includepath)}: the file is included more than "
                                f"{MAX_INCLUDES_OF_ONE_FILE} times (does it include itself without an "
                                "include guard?)", self.display(getattr(tok, "source", None)),
                                getattr(tok, "lineno", None))
        self.opened.append(opened)
        return io.StringIO(text)

    def on_include_not_found(self, is_malformed, is_system_include, curdir, includepath):
        tok = self.lastdirective
        file, line = self.display(getattr(tok, "source", None)), getattr(tok, "lineno", None)
        if is_malformed:
            raise FrontendError(f"malformed #include {shorten(includepath)}", file, line)
        name = f"<{shorten(includepath)}>" if is_system_include else f'"{shorten(includepath)}"'
        raise FrontendError(
            f"cannot find #include {name}; pass -I DIR for the directory that holds it",
            file,
            line,
        )

    def on_directive_unknown(self, directive, toks, ifpassthru, precedingtoks):
        name = directive.value
        file, line = self.display(directive.source), directive.lineno
        if name == "error":
            message = "".join(t.value for t in toks).strip()
            raise FrontendError(f"#error {shorten(message)}", file, line)
        if name == "pragma" and toks and toks[0].value == "interp":
            self._expand_pragma(toks)
        if name in _PASSTHROUGH_DIRECTIVES or directive.type == self.t_INTEGER:
            return None  # #pragma, #line and `# 12 "file"` markers reach pycparser
        if name in _IGNORED_DIRECTIVES:
            return True
        raise FrontendError(f"unknown preprocessor directive #{shorten(name)}", file, line)

    def _expand_pragma(self, args) -> None:
        """``#pragma interp iters(LEN)`` with ``#define LEN 80``: a #pragma's text is not macro-
        expanded by C (6.10.6), but an annotation's expression means what the same text means in
        the code beside it, so the macros defined at that line are expanded from the first '('
        on (the keyword, and a region's name, stay as written). pcpp passes the line's own token
        objects through, so their values are rewritten in place: the expansion in the first, the
        rest emptied."""
        start = next((k for k, t in enumerate(args) if t.value == "("), None)
        if start is None or not any(t.value in self.macros for t in args[start:]):
            return
        rest = [t for t in args[start:] if t.type not in self.t_WS or "\n" not in t.value]
        expanded = "".join(t.value for t in self.expand_macros([copy.copy(t) for t in rest]))
        rest[0].value = expanded
        for t in rest[1:]:
            t.value = ""


def preprocess(
    text: str,
    file: str,
    macros: dict[str, str] | None = None,
    include_dirs: list[str] | None = None,
) -> str:
    """Run pcpp over ``text`` (the contents of ``file``); returns C with #line markers.

    Markers of the main file name ``file`` as given; included headers are named
    by their absolute path.
    """
    return _preprocess(text, file, macros, include_dirs)[0]


def _preprocess(text: str, file: str, macros=None, include_dirs=None) -> tuple[str, list[str]]:
    """preprocess(), and the absolute paths of every file included."""
    if '"' in file or "\n" in file:
        raise FrontendError("file names containing '\"' or a newline are not supported", file)
    main_abs = os.path.abspath(file)
    pp = _Preprocessor(main_abs, file)
    pp.include_dirs_given = [os.fspath(d) for d in include_dirs or []]
    for d in include_dirs or []:
        d = os.fspath(d)
        if not os.path.isdir(d):
            raise FrontendError(f"include directory {quote(d)} does not exist (-I)", file)
        pp.add_path(os.path.abspath(d))
    pp.add_path(os.path.dirname(main_abs))
    pp.add_path(INCLUDE_DIR)
    pp.add_path(FAKE_LIBC_DIR)
    pp.rewrite_paths = []  # keep absolute paths in #line markers
    for definition in PREDEFINED:
        pp.define(definition)
    for name, value in (macros or {}).items():
        if not isinstance(name, str) or not _MACRO_NAME.match(name):
            raise FrontendError(f"bad macro name {quote(name)} (-D NAME=VALUE)")
        pp.define(f"{name} {'1' if value is None else value}")

    out = io.StringIO()
    try:
        pp.parse(_split_block_comments(text), main_abs)
        pp.write(out)
    except FrontendError:
        raise
    except RecursionError:
        raise FrontendError("preprocessor: macro expansion nests too deeply", file) from None
    except Exception as exc:  # pcpp has no error type of its own
        tok = pp.lastdirective
        raise FrontendError(
            f"preprocessor failed: {type(exc).__name__}: {exc}",
            pp.display(getattr(tok, "source", None)) or file,
            getattr(tok, "lineno", None),
        ) from None
    result = out.getvalue()
    # The main file's markers name it as given, the program's own headers as user_header_name
    # does (relative, beside it), the shipped headers by their absolute paths.
    names = {main_abs: file} | {h: pp.display(h) for h in set(pp.opened)}
    names = {k: v for k, v in names.items() if k != v and '"' not in v and "\n" not in v}
    if names:
        result = re.sub(
            r'^#line (\d+) "(' + "|".join(re.escape(k) for k in sorted(names, key=len, reverse=True)) + r')"$',
            lambda m: f'#line {m.group(1)} "{names[m.group(2)]}"',
            result,
            flags=re.M,
        )
    return result, pp.opened


# --------------------------------------------------------------------------- #
# parsing
# --------------------------------------------------------------------------- #


def parse_preprocessed(pre: str, file: str, text: str | None = None) -> c_ast.FileAST:
    """Parse preprocessed C; pycparser errors become FrontendError with file:line. A text parsed
    before is read from the parse cache (parsecache.py) instead."""
    cache_key = parsecache.key(pre, file)
    tree = parsecache.load(cache_key)
    if tree is not None:
        return tree
    parser = CParser()
    try:
        tree = parser.parse(pre, file)
    except ParseError as exc:
        raise _parse_error(exc, parser, file, text) from None
    except RecursionError:
        raise FrontendError("the code nests too deeply for the C parser", file) from None
    except Exception as exc:  # a pycparser bug must not become a traceback
        where = getattr(parser.clex, "filename", None) or file
        line = getattr(parser.clex, "_lineno", None)
        if isinstance(exc, AssertionError) and len(parser._scope_stack) == 1:
            message = "syntax error: '}' without a matching '{'"
        else:
            message = f"the C parser failed here ({type(exc).__name__}: {exc})"
        raise FrontendError(message, where, line) from None
    if "_Pragma" in pre:
        try:
            _pragma_operators(tree)
        except RecursionError:
            raise FrontendError("the code nests too deeply for the C parser", file) from None
    parsecache.store(cache_key, tree)
    return tree


def _pragma_operators(node) -> None:
    """C99's ``_Pragma("interp iters(3)")`` is ``#pragma interp iters(3)`` (6.10.9): pycparser
    keeps its string literal as a Constant; make it the pragma's text, destringized, as a
    ``#pragma`` line's is (a Constant there was an internal error)."""
    for child in node:
        if isinstance(child, c_ast.Pragma) and isinstance(child.string, c_ast.Constant):
            literal = re.sub(r'^[LuU8]*"|"$', "", child.string.value)
            child.string = re.sub(r'\\(["\\])', r"\1", literal)
        elif child is not None:
            _pragma_operators(child)


def _parse_error(exc: ParseError, parser: CParser, file: str, text: str | None) -> FrontendError:
    raw = str(exc)
    m = _PARSE_ERROR.match(raw)
    if m:
        where, line, msg = m.group("file"), int(m.group("line")), m.group("msg")
    else:
        m = _PARSE_ERROR_NOLINE.match(raw)
        where, msg = (m.group("file"), m.group("msg")) if m else (file, raw)
        line = _current_line(parser)
        if msg == "At end of input" and text is not None and where == file:
            line = max(1, len(text.splitlines()))
    message = _readable(msg)
    if text is not None and where == file and line:
        lines = text.splitlines()
        if 0 < line <= len(lines) and re.match(r"\s*#\s*pragma\b", lines[line - 1]):
            message += " (a #pragma may only stand between declarations or statements)"
    if msg.startswith("before: "):
        prev = _token_before(parser, line, msg[len("before: "):])
        if prev is not None and prev.type == "ID":
            message += f" (if '{shorten(prev.value)}' is a type, the typedef or #include that declares it is missing)"
    return FrontendError(message, where or file, line)


def _token_before(parser: CParser, line: int | None, value: str):
    """The token just before the one the parser stopped at, if it can be found."""
    try:
        buf = parser._tokens._buffer
        for i in range(len(buf) - 1, 0, -1):
            tok = buf[i]
            if tok is not None and tok.value == value and tok.lineno == line:
                return buf[i - 1]
    except Exception:
        pass
    return None


def _current_line(parser: CParser) -> int | None:
    """Line of the token the parser stopped at (pycparser omits it in some messages)."""
    try:
        stream = parser._tokens
        buf, i = stream._buffer, stream._index
        for tok in (buf[min(i, len(buf) - 1)], buf[i - 1] if i else None):
            if tok is not None:
                return tok.lineno
    except Exception:
        pass
    return None


def _readable(msg: str) -> str:
    msg = msg.strip()
    if msg.lower().startswith("comments are not supported"):
        return "unterminated /* comment"
    if msg.startswith("before: "):
        return f"syntax error before '{shorten(msg[len('before: '):])}'"
    if msg == "At end of input":
        return "syntax error: unexpected end of file (missing '}' or ';'?)"
    if msg == "Directives not supported yet":
        return "syntax error: preprocessor directive where C code was expected"
    return "syntax error: " + shorten(msg[:1].lower() + msg[1:], 4 * MAX_QUOTE)


# --------------------------------------------------------------------------- #
# annotations
# --------------------------------------------------------------------------- #

_COMMENT_OR_LITERAL = re.compile(
    r"""//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'""", re.S
)
_PRAGMA_INTERP = re.compile(r"[ \t]*#[ \t]*pragma[ \t]+(interp\b.*)")


def _blank_comments(text: str) -> str:
    """``text`` with comments replaced by spaces (newlines kept) and literals kept."""

    def repl(m: re.Match) -> str:
        s = m.group(0)
        if s.startswith("//"):
            return ""
        if s.startswith("/*"):
            return " " + "\n" * s.count("\n")
        return s

    return _COMMENT_OR_LITERAL.sub(repl, text)


def _split_block_comments(text: str) -> str:
    """Replace each multi-line ``/* */`` comment outside a directive by its newlines.

    pcpp turns a comment into one space, so code that follows a multi-line
    comment on its closing line would get the line of the comment's start.
    """

    def repl(m: re.Match) -> str:
        s = m.group(0)
        if not s.startswith("/*") or "\n" not in s:
            return s
        start = text.rfind("\n", 0, m.start()) + 1
        if text[start : m.start()].lstrip().startswith("#") or text[: max(start - 1, 0)].rstrip("\r").endswith("\\"):
            return s  # inside a directive: a newline would end it early
        return " " + "\n" * s.count("\n")

    return _COMMENT_OR_LITERAL.sub(repl, text)


def find_pragmas(text: str) -> list[tuple[int, str]]:
    """(line, text) of every ``#pragma interp`` line of ``text``, continuations joined."""
    lines = _blank_comments(text).split("\n")
    found: list[tuple[int, str]] = []
    i = 0
    while i < len(lines):
        start, line = i, lines[i].rstrip("\r")
        while line.endswith("\\") and i + 1 < len(lines):
            i += 1
            line = line[:-1] + lines[i].rstrip("\r")
        m = _PRAGMA_INTERP.match(line)
        if m:
            found.append((start + 1, " ".join(m.group(1).split())))
        i += 1
    return found
