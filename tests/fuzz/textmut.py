"""Mutations of program text shared by the C and Fortran mutators: token level and byte level.

Each mutation takes the random generator and the text and returns (new text, label); the label
names the mutation for the report ("swap tokens", "number -> 1e400").
"""
from __future__ import annotations

import random
import re

# Comments, whitespace, identifiers, numbers (with C suffixes and exponents, Fortran D exponents
# and kinds), strings, and any other single character: joining the tokens gives the text back.
_BODY = r"""\s+|[A-Za-z_]\w*|\.?\d[\w.]*(?:[eEdD][+-]?\d+)?|"(?:\\.|[^"\\\n])*"|'(?:[^'\n])*'|."""
_COMMENT = {"c": r"/\*.*?\*/|//[^\n]*", "free": r"![^\n]*",
            "fixed": r"(?m:^[Cc*][^\n]*)|![^\n]*"}
_TOKEN = {lang: re.compile(f"({c})|{_BODY}", re.S) for lang, c in _COMMENT.items()}
_NUMBER = re.compile(r"\.?\d")
_IDENT = re.compile(r"[A-Za-z_]\w*")


def scan(text: str, lang: str = "c") -> tuple[list[str], set[int]]:
    """The tokens of ``text`` and the indices of those that are comments (or C preprocessor
    lines); ``lang`` is "c", "fixed" or "free"."""
    toks, comments = [], set()
    for m in _TOKEN[lang].finditer(text):
        if m.group(1) is not None:
            comments.add(len(toks))
        toks.append(m.group(0))
    return toks, comments


def tokens(text: str, lang: str = "c") -> list[str]:
    return scan(text, lang)[0]


def _code(text: str, lang: str) -> tuple[list[str], list[int]]:
    """Tokens, and the indices of those that are code (not whitespace, not a comment)."""
    toks, comments = scan(text, lang)
    return toks, [i for i, t in enumerate(toks) if i not in comments and not t.isspace()]


def _code_lines(text: str, comment: str) -> list[int]:
    """Indices of lines with code (not blank, not a comment or directive line)."""
    out = []
    for i, line in enumerate(text.split("\n")):
        s = line.strip()
        if s and not re.match(comment, line):
            out.append(i)
    return out


def delete_token(rng: random.Random, text: str, lang: str = "c") -> tuple[str, str]:
    toks, idx = _code(text, lang)
    if not idx:
        return text, "delete token (none)"
    i = rng.choice(idx)
    gone = toks[i]
    del toks[i]
    return "".join(toks), f"delete token {gone[:20]!r}"


def duplicate_token(rng: random.Random, text: str, lang: str = "c") -> tuple[str, str]:
    toks, idx = _code(text, lang)
    if not idx:
        return text, "duplicate token (none)"
    i = rng.choice(idx)
    times = rng.choice((1, 1, 2, 5))
    toks[i] = toks[i] + (" " + toks[i]) * times
    return "".join(toks), f"duplicate token {toks[i][:20]!r}"


def swap_tokens(rng: random.Random, text: str, lang: str = "c") -> tuple[str, str]:
    toks, idx = _code(text, lang)
    if len(idx) < 2:
        return text, "swap tokens (none)"
    i = rng.choice(idx)
    # Mostly a neighbour (a plausible typo), sometimes any two tokens of the file.
    if rng.random() < 0.7:
        pos = idx.index(i)
        j = idx[min(pos + 1, len(idx) - 1)] if pos + 1 < len(idx) else idx[pos - 1]
    else:
        j = rng.choice(idx)
    toks[i], toks[j] = toks[j], toks[i]
    return "".join(toks), f"swap tokens {toks[j][:12]!r} <-> {toks[i][:12]!r}"


def replace_number(rng: random.Random, text: str, extremes: tuple[str, ...],
                   lang: str = "c") -> tuple[str, str]:
    toks, code = _code(text, lang)
    idx = [i for i in code if _NUMBER.match(toks[i])]
    if not idx:
        return text, "number (none)"
    i = rng.choice(idx)
    new = rng.choice(extremes)
    old, toks[i] = toks[i], new
    return "".join(toks), f"number {old[:12]} -> {new[:24]}"


def rename_identifier(rng: random.Random, text: str, keywords: frozenset[str],
                      lang: str = "c") -> tuple[str, str]:
    """One use of a name (or all its uses, sometimes) renamed to a name declared nowhere."""
    toks, code = _code(text, lang)
    idx = [i for i in code if _IDENT.fullmatch(toks[i]) and toks[i].lower() not in keywords]
    if not idx:
        return text, "rename (none)"
    i = rng.choice(idx)
    old = toks[i]
    new = rng.choice(("undeclared_x", "zz_nowhere", old + "_", "q" * 300, "MPI_Unknown_call"))
    if rng.random() < 0.3:
        toks = [new if t == old and k in code else t for k, t in enumerate(toks)]
        return "".join(toks), f"rename all {old} -> {new[:20]}"
    toks[i] = new
    return "".join(toks), f"rename one {old} -> {new[:20]}"


def huge_number(rng: random.Random, text: str, lang: str = "c") -> tuple[str, str]:
    """A number with up to 50,000 digits, or (sometimes) a string literal of a megabyte."""
    toks, code = _code(text, lang)
    strings = [i for i in code if toks[i][:1] in "\"'" and len(toks[i]) > 1]
    if strings and rng.random() < 0.25:
        i = rng.choice(strings)
        q = toks[i][0]
        toks[i] = q + "x" * rng.choice((70000, 1 << 20)) + q
        return "".join(toks), "huge string literal"
    idx = [i for i in code if _NUMBER.match(toks[i])]
    if not idx:
        return text, "huge number (none)"
    digits = rng.choice((40, 400, 5000, 50000))
    i = rng.choice(idx)
    toks[i] = "9" * digits + rng.choice(("", ".5", "e400", "e-400"))
    return "".join(toks), f"huge number ({digits} digits)"


def deep_parens(rng: random.Random, text: str, lang: str = "c") -> tuple[str, str]:
    toks, code = _code(text, lang)
    idx = [i for i in code if _NUMBER.match(toks[i])]
    if not idx:
        return text, "deep parens (none)"
    depth = rng.choice((50, 200, 1000, 5000, 20000))
    i = rng.choice(idx)
    toks[i] = "(" * depth + toks[i] + ")" * depth
    return "".join(toks), f"deep parens {depth}"


def junk_bytes(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    """Random bytes (NUL, control characters, invalid UTF-8) spliced into the file."""
    n = rng.choice((1, 4, 64, 4096))
    junk = bytes(rng.randrange(256) for _ in range(n))
    what = rng.random()
    if what < 0.15:
        return junk, f"only {n} junk bytes"
    pos = rng.randrange(len(data) + 1)
    if what < 0.3:
        return data[:pos] + b"\x00" + data[pos:], "NUL byte"
    if what < 0.4:
        return b"\xef\xbb\xbf" + data.replace(b"\n", b"\r\n"), "BOM and CRLF"
    if what < 0.5:
        return data.replace(b"\n", b"\r"), "CR line ends"
    return data[:pos] + junk + data[pos:], f"{n} junk bytes"


def truncate(rng: random.Random, text: str) -> tuple[str, str]:
    pos = rng.randrange(len(text) + 1) if text else 0
    return text[:pos], f"truncated at {pos}"


def empty_variants(rng: random.Random) -> tuple[str, str]:
    return rng.choice((("", "empty file"), ("\n\n   \n\t\n", "blank file"),
                       (" " * 100000, "100k spaces"), ("\n" * 100000, "100k newlines"),
                       ("x" * 1000000, "one 1 MB token")))


def insert_line(rng: random.Random, text: str, line: str, comment: str,
                anywhere: bool = False) -> str:
    """``line`` inserted before a random code line (``anywhere``: before any line)."""
    lines = text.split("\n")
    candidates = list(range(len(lines) + 1)) if anywhere else _code_lines(text, comment)
    if not candidates:
        return text + "\n" + line + "\n"
    i = rng.choice(candidates)
    lines.insert(i, line)
    return "\n".join(lines)


def duplicate_lines(rng: random.Random, text: str) -> tuple[str, str]:
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    n = rng.choice((1, 2, 5, 50))
    times = rng.choice((2, 3, 100))
    block = lines[i:i + n]
    lines[i:i + n] = block * times
    return "\n".join(lines), f"lines {i + 1}-{i + n} x{times}"


def delete_lines(rng: random.Random, text: str) -> tuple[str, str]:
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    n = rng.choice((1, 1, 3, 10))
    del lines[i:i + n]
    return "\n".join(lines), f"delete lines {i + 1}-{i + n}"
