"""Hostile Fortran programs, fixed form (.f) and free form (.f90), from the Fortran seeds.

Besides the token-level typos and extreme numbers of the C mutator: loops that never end (``DO``
without control, ``DO WHILE (.TRUE.)``, a ``GOTO`` back to its own label, a step of 0), fixed-form
column abuse (code in columns 1-5, a continuation mark on the first line, lines past column 72,
tabs), ``!$interp`` directives with garbage, recursion, self-inclusion, the wrong ``--form``.
"""
from __future__ import annotations

import random
import re

from tests.fuzz import textmut
from tests.fuzz.case import Case, case_rng
from tests.fuzz.mutate_c import PRAGMA_ARGS
from tests.fuzz.progcase import program_case
from tests.fuzz.seeds import fortran_seeds

EXTREMES = ("0", "-1", "2147483648", "1000000000000000000", "1D400", "1.0E400", "1D-400",
            "99999999999999999999999", "-2147483649", "HUGE(1)", "1_8", "0.0D0/0.0D0", "1/0",
            "9223372036854775808_8", "Z'FFFFFFFF'", "-0.0")

KEYWORDS = frozenset("""program end do if then else endif enddo call subroutine function integer
real double precision logical character parameter include implicit none use continue goto go to
stop return while read write print format common data dimension external intrinsic""".split())


def _lang(name: str) -> str:
    return "fixed" if re.search(r"\.(f|for|f77)$", name, re.I) else "free"


def _stmt(line: str, lang: str) -> str:
    return ("      " + line) if lang == "fixed" else ("  " + line)


def _code_line_indices(text: str, lang: str) -> list[int]:
    """Lines after which a new statement may go: code lines that do not continue."""
    lines = text.split("\n")
    out = []
    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if lang == "fixed":
            ok = (len(line) > 6 and line[:1] not in "Cc*!" and line[6:].strip()
                  and not (len(nxt) > 5 and nxt[:1] not in "Cc*!" and nxt[5] not in " 0"))
        else:
            ok = line.strip() and not line.strip().startswith("!") and not line.rstrip().endswith("&")
        if ok and not re.match(r"\s*(program|subroutine|function|end|implicit|use|integer|double|"
                               r"real|logical|character|parameter|include|external|common|data)\b",
                               line[6:] if lang == "fixed" else line, re.I):
            out.append(i)
    return out


def insert_after_statement(rng: random.Random, text: str, block: list[str], lang: str) -> str:
    lines = text.split("\n")
    spots = _code_line_indices(text, lang)
    i = rng.choice(spots) if spots else len(lines) - 1
    lines[i + 1:i + 1] = [_stmt(b, lang) if not b.startswith("@") else b[1:] for b in block]
    return "\n".join(lines)


INFINITE = (
    (["DO", "END DO"], "DO without control"),
    (["DO WHILE (.TRUE.)", "END DO"], "DO WHILE (.TRUE.)"),
    (["@ 9901 CONTINUE", "GOTO 9901"], "GOTO back to its label"),
    (["DO I9 = 1, 10, 0", "END DO"], "DO with step 0"),
    (["DO I9 = 1, 1000000000", "CALL MPI_BARRIER(MPI_COMM_WORLD, IERR)", "END DO"],
     "10**9 barriers"),
    (["DO WHILE (1 .GT. 0)", "IF (.FALSE.) EXIT", "END DO"], "DO WHILE with a dead EXIT"),
)


def infinite_loop(rng: random.Random, text: str, lang: str) -> tuple[str, str]:
    block, label = rng.choice(INFINITE)
    return insert_after_statement(rng, text, block, lang), f"infinite loop: {label}"


def step_zero(rng: random.Random, text: str, lang: str) -> tuple[str, str]:
    heads = list(re.finditer(r"(?im)^(\s*(?:\d+\s+)?DO\s+(?:\d+\s*,?\s*)?\w+\s*=\s*[^,\n]+,[^,\n]+)(,[^\n]*)?$",
                             text))
    if not heads:
        return infinite_loop(rng, text, lang)
    m = rng.choice(heads)
    step = rng.choice((", 0", ", -0", ", 0 * P", ", -1"))
    return text[:m.end(1)] + step + text[m.end():], f"DO step -> {step[2:]}"


def directive(rng: random.Random, text: str, lang: str) -> tuple[str, str]:
    arg = rng.choice(PRAGMA_ARGS)
    sentinel = rng.choice(("!$interp ", "C$interp ", "*$interp ")) if lang == "fixed" else "!$interp "
    line = sentinel + arg
    if rng.random() < 0.2:
        where = rng.choice(("top", "end"))
        out = (line + "\n" + text) if where == "top" else (text + "\n" + line + "\n")
        return out, f"directive at the {where}: {arg[:40]}"
    lines = text.split("\n")
    heads = [i for i, ln in enumerate(lines) if re.match(r"^\s*(\d+\s+)?(do|if)\b", ln, re.I)]
    i = rng.choice(heads) if heads and rng.random() < 0.6 else rng.randrange(len(lines) + 1)
    lines.insert(i, line if lang == "fixed" else "  " + line)
    return "\n".join(lines), f"directive: {arg[:40]}"


def columns(rng: random.Random, text: str, lang: str) -> tuple[str, str]:
    """Fixed-form column abuse (in free form: very long lines and stray continuations)."""
    lines = text.split("\n")
    spots = _code_line_indices(text, lang) or [0]
    i = rng.choice(spots)
    what = rng.randrange(5)
    if lang == "fixed":
        if what == 0:
            lines[i] = lines[i].lstrip()
            return "\n".join(lines), "code from column 1"
        if what == 1:
            lines[i] = "     &" + lines[i][6:]
            return "\n".join(lines), "continuation mark on a new statement"
        if what == 2:
            lines[i] = lines[i] + " " * 80 + "+ 1"
            return "\n".join(lines), "text past column 72"
        if what == 3:
            lines[i] = "\t" + lines[i].lstrip()
            return "\n".join(lines), "tab in column 1"
        lines[i] = "1234567" + lines[i][7:]
        return "\n".join(lines), "7-digit label"
    if what < 2:
        lines[i] = lines[i] + " &"
        return "\n".join(lines), "dangling &"
    if what == 2:
        lines[i] = lines[i] + " " + "+ 0" * 40000
        return "\n".join(lines), "line of 120k characters"
    if what == 3:
        return text.rstrip() + " &\n", "& at the end of the file"
    lines[i] = lines[i] + ";;;"
    return "\n".join(lines), "empty statements ;;;"


def recursion(rng: random.Random, text: str, lang: str) -> tuple[str, str]:
    sub = [_stmt("RECURSIVE SUBROUTINE RECUR(K)", lang), _stmt("INTEGER K", lang),
           _stmt("IF (K .GT. 0) CALL RECUR(K - 1)", lang), _stmt("END", lang)]
    if rng.random() < 0.5:
        sub[2] = _stmt("CALL RECUR(K + 1)", lang)
        label = "infinite recursion"
    else:
        label = "recursion with a base case"
    out = insert_after_statement(rng, text, ["CALL RECUR(1000)"], lang)
    return out.rstrip("\n") + "\n" + "\n".join(sub) + "\n", label


def include(rng: random.Random, text: str, lang: str, name: str) -> tuple[str, str]:
    target = rng.choice((name, name, "/dev/zero", "missing.inc", "."))
    out = insert_after_statement(rng, text, [f"@      INCLUDE '{target}'"], lang)
    return out, f"INCLUDE {target}"


def _ops(name: str, lang: str):
    extremes = lambda r, t: textmut.replace_number(r, t, EXTREMES, lang)  # noqa: E731
    return (
        (8, lambda r, t: textmut.delete_token(r, t, lang)),
        (5, lambda r, t: textmut.duplicate_token(r, t, lang)),
        (6, lambda r, t: textmut.swap_tokens(r, t, lang)),
        (12, extremes), (8, lambda r, t: textmut.rename_identifier(r, t, KEYWORDS, lang)),
        (4, lambda r, t: textmut.huge_number(r, t, lang)),
        (4, lambda r, t: textmut.deep_parens(r, t, lang)),
        (10, lambda r, t: infinite_loop(r, t, lang)), (6, lambda r, t: step_zero(r, t, lang)),
        (14, lambda r, t: directive(r, t, lang)), (8, lambda r, t: columns(r, t, lang)),
        (4, lambda r, t: recursion(r, t, lang)), (2, lambda r, t: include(r, t, lang, name)),
        (2, textmut.truncate), (3, textmut.duplicate_lines), (3, textmut.delete_lines),
    )


def mutate(rng: random.Random, text: str, name: str) -> tuple[bytes, list[str]]:
    if rng.random() < 0.02:
        new, label = textmut.empty_variants(rng)
        return new.encode(), [label]
    ops = _ops(name, _lang(name))
    weights = [w for w, _ in ops]
    labels = []
    for _ in range(rng.choices((1, 2, 3), (60, 30, 10))[0]):
        op = rng.choices([f for _, f in ops], weights)[0]
        text, label = op(rng, text)
        labels.append(label)
    data = text.encode("utf-8")
    if rng.random() < 0.05:
        data, label = textmut.junk_bytes(rng, data)
        labels.append(label)
    return data, labels


def make_case(seed: int, index: int) -> Case:
    rng = case_rng("fortran", seed, index)
    prog = rng.choice(fortran_seeds())
    case = program_case("fortran", seed, index, rng, prog, mutate)
    if case.argv[0] == "run" and rng.random() < 0.05:  # the source read in the other form
        name = next(a for a in case.argv[1:] if re.search(r"\.f\w*$", a, re.I))
        case.argv += ["--form", "free" if _lang(name) == "fixed" else "fixed"]
        case.note += "; --form swapped"
    return case
