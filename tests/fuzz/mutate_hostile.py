"""Hostile constructs the other generators were not written to produce (fuzz round 3).

Each case is one family, picked from the case's generator:

C, preprocessor and lexer: ``#include`` cycles through two headers, a header that is missing
or a folder, macros that expand to themselves (``#define N N``, ``#define f(x) f(x)``, ``A`` ->
``B`` -> ``A``), unterminated comments, strings and character constants, ``#if`` without
``#endif``, Latin-1 and invalid UTF-8 bytes inside comments and strings, lines of 180 kB, nesting
near and past Python's recursion limit (parentheses, blocks, else-if chains, unary minus),
integer literals past 64 bits in loop bounds and array sizes.

Fortran: 255+ continuation lines, ``&`` inside a string split across lines, a continuation
whose next line is a comment or blank, the end of the file after ``&``, fixed-form lines in a
free-form file and the other way round, ``;`` chains of thousands of statements, lines of
megabytes.

Machine files (text, since a parsed tree cannot hold them): duplicate keys, merge keys
(``<<: *a``) that repeat, YAML 1.1 scalars (``on``, ``1:30``, ``.nan``, ``0o17``, ``~``),
absurd units, a document stream, a parameter that is an anchor of a mapping.

Command lines: ``-D`` of every malformed kind at once, the same input twice with different
values, ``--procs`` 0 / -1 / 10**9 with each command, options given twice or in conflict.

Like the other kinds, case (``hostile``, seed, index) is made from its own generator alone.
"""
from __future__ import annotations

import random
import re

from tests.fuzz.case import Case, case_rng
from tests.fuzz.seeds import c_seeds, fortran_seeds, machine_seeds

_MAIN = re.compile(r"^(int main)", re.M)


def _c_seed(rng: random.Random):
    return rng.choice([s for s in c_seeds() if len(s.files) == 1])


def _run_argv(rng: random.Random, prog, names: list[str]) -> list[str]:
    argv = ["run", *names, "--machine", "ipsc860", "--procs", str(rng.choice(prog.procs))]
    for name, value in prog.defines:
        argv += ["-D", f"{name}={value}"]
    return argv + list(prog.extra)


def _c_statement(text: str, stmt: str) -> str:
    """``stmt`` as the first statement after MPI_Init (or main's opening brace)."""
    m = re.search(r"MPI_Init\s*\([^;]*;\n", text)
    if m:
        return text[:m.end()] + "    " + stmt + "\n" + text[m.end():]
    m = re.search(r"int main[^{]*\{\n", text)
    return text[:m.end()] + "    " + stmt + "\n" + text[m.end():] if m else text + "\n" + stmt


# ---- C ----------------------------------------------------------------------------------------

def c_include(rng: random.Random, text: str, files: dict[str, bytes]) -> tuple[str, str]:
    what = rng.randrange(4)
    if what == 0:
        files["a.h"] = b'#include "b.h"\nint from_a;\n'
        files["b.h"] = b'#include "a.h"\nint from_b;\n'
        return '#include "a.h"\n' + text, "include cycle a.h -> b.h -> a.h"
    if what == 1:
        files["g.h"] = b'#ifndef G_H\n#define G_H\n#include "g.h"\nint g_;\n#endif\n'
        return '#include "g.h"\n#include "g.h"\n' + text, "guarded self-include twice"
    if what == 2:
        return '#include "nowhere/missing.h"\n' + text, "missing header"
    files["hdr.h/"] = b""
    return '#include "hdr.h"\n' + text, "header that is a folder"


SELF_MACROS = (
    ("#define N N\n", "int mac_ = N;", "#define N N"),
    ("#define f(x) f(x)\n", "int mac_ = f(3);", "#define f(x) f(x)"),
    ("#define A B\n#define B A\n", "int mac_ = A;", "A -> B -> A"),
    ("#define LOOP for (;;) LOOP\n", "LOOP;", "a macro that is a loop of itself"),
    ("#define EMPTY\n#define CALL(f) f EMPTY (1)\n", "int mac_ = CALL(abs);", "delayed call"),
    ("#define STR(x) #x\n#define X(y) STR(y X(y))\n", 'const char *mac_ = X(1);', "nested stringize"),
    ("#define CAT(a, b) a ## b\n", "int CAT(ma, c_) = CAT(1, 0);", "token pasting"),
)


def c_macro(rng: random.Random, text: str, files) -> tuple[str, str]:
    defs, stmt, label = rng.choice(SELF_MACROS)
    return defs + _c_statement(text, stmt), label


def c_unterminated(rng: random.Random, text: str, files) -> tuple[str, str]:
    what = rng.choice(("/* never closed", '"never closed', "'x", "#if 1", "#ifdef X\n#else",
                       "#endif", "#error stop here", "??/", "\\"))
    lines = text.split("\n")
    i = rng.randrange(len(lines) + 1)
    lines.insert(i, what)
    return "\n".join(lines), f"unterminated {what.splitlines()[0]!r} at line {i + 1}"


def c_bytes(rng: random.Random, text: str, files) -> tuple[bytes, str]:
    """Bytes that are not UTF-8, inside a comment or a string (where a compiler accepts them)."""
    junk = rng.choice((b"\xe9t\xe9", b"\xff\xfe", b"\xc3\x28", b"\xed\xa0\x80", b"\x80" * 50,
                       b"\xf4\x90\x80\x80", b"\x00", b"\x1b[31m"))
    data = text.encode()
    if rng.random() < 0.5:
        return b"/* " + junk + b" */\n" + data, f"comment with bytes {junk[:8]!r}"
    m = re.search(rb'"[^"\n]*"', data)
    if m is None:
        return b"// " + junk + b"\n" + data, f"line comment with bytes {junk[:8]!r}"
    return data[:m.start() + 1] + junk + data[m.start() + 1:], f"string with bytes {junk[:8]!r}"


def c_long_line(rng: random.Random, text: str, files) -> tuple[str, str]:
    # Past 3,000 terms a sum is refused (too deep); 60,000 is refused in 3.5 s. Larger counts are
    # slow, not wrong: 200,000 terms take 11 s to refuse and 700,000 empty statements 26 s to
    # predict (see docs/reliability.md), which a case's 10-20 s limit would count as hangs.
    n = rng.choice((3000, 20000, 60000))
    what = rng.randrange(3)
    if what == 0:
        return _c_statement(text, "int long_ = 0" + " + 1" * n + ";"), f"sum of {n} ones on one line"
    if what == 1:
        return _c_statement(text, ";" * n), f"{n} empty statements on one line"
    return text.replace("\n", " ") if rng.random() < 0.5 else "// " + "x" * (3 * n) + "\n" + text, \
        "the whole file on one line or a long comment"


def c_nesting(rng: random.Random, text: str, files) -> tuple[str, str]:
    depth = rng.choice((180, 400, 990, 1500, 3000, 30000))
    what = rng.randrange(5)
    if what == 0:
        stmt, label = "int nest_ = " + "(" * depth + "1" + ")" * depth + ";", "parentheses"
    elif what == 1:
        stmt, label = "{" * depth + "}" * depth, "blocks"
    elif what == 2:
        stmt = "if (rank == 0) { }" + " else if (rank == 1) { }" * depth
        label = "else-if chain"
    elif what == 3:
        stmt, label = "int nest_ = " + "- " * depth + "1;", "unary minus"
    else:
        stmt, label = "int nest_ = 1" + " ? 1 : 1" * depth + ";", "conditional operators"
    return _c_statement(text, stmt), f"{depth} nested {label}"


def c_literal(rng: random.Random, text: str, files) -> tuple[str, str]:
    big = rng.choice(("18446744073709551616", "9" * 40, "0x" + "f" * 40, "1" + "0" * 400,
                      "0b" + "1" * 100, "077777777777777777777777", "1e309", "0x1p99999"))
    what = rng.randrange(3)
    if what == 0:
        stmt = f"for (long big_ = 0; big_ < {big}; big_++) {{ }}"
    elif what == 1:
        stmt = f"static double big_[{big}];"
    else:
        stmt = f"double big_[2][{big}][{big}];"
    return _c_statement(text, stmt), f"literal {big[:20]} in {('a loop bound', 'an array size', 'array sizes')[what]}"


C_FAMILIES = ((3, c_include), (3, c_macro), (3, c_unterminated), (2, c_bytes), (2, c_long_line),
              (4, c_nesting), (3, c_literal))


def c_case(seed: int, index: int, rng: random.Random) -> Case:
    prog = _c_seed(rng)
    name, text = prog.files[0]
    files: dict[str, bytes] = {}
    op = rng.choices([f for _, f in C_FAMILIES], [w for w, _ in C_FAMILIES])[0]
    new, label = op(rng, text, files)
    files[name] = new if isinstance(new, bytes) else new.encode()
    return Case("hostile", seed, index, _run_argv(rng, prog, [name]), files, f"C {prog.name}: {label}")


# ---- Fortran ----------------------------------------------------------------------------------

def _free_seed(rng: random.Random):
    return rng.choice([s for s in fortran_seeds() if s.files[0][0].endswith(".f90")])


def f_continuations(rng: random.Random, text: str) -> tuple[str, str]:
    n = rng.choice((40, 255, 256, 3000))
    what = rng.randrange(5)
    if what == 0:
        stmt = "      x = 0.0d0 &\n" + "".join("        + 1.0d0 &\n" for _ in range(n)) + "        + 1.0d0"
        label = f"{n} continuation lines"
    elif what == 1:
        stmt = "      print *, 'split &\n      &string &\n      &" + "& " * n + "'"
        label = "& inside a string split across lines"
    elif what == 2:
        stmt = "      x = 1.0d0 + &\n! a comment inside the statement\n\n      2.0d0"
        label = "comment and blank line inside a continuation"
    elif what == 3:
        return text.rstrip() + "\n      x = 1 + &\n", "end of file after &"
    else:
        stmt = "; ".join(["x = 1.0d0"] * n)
        label = f"{n} statements joined by ;"
    lines = text.split("\n")
    spot = next((i for i, ln in enumerate(lines) if re.match(r"\s*call\s+mpi_init", ln, re.I)), None)
    if spot is None:
        return text + "\n" + stmt + "\n", label
    lines.insert(spot + 1, stmt)
    return "\n".join(lines), label


def f_form_mix(rng: random.Random, text: str, name: str) -> tuple[str, str]:
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    if name.endswith(".f90"):
        new = rng.choice(("C     a fixed-form comment", "     $  + 1", "c" + "x" * 80,
                          "      X = 1.0D0\n     &  + 2.0D0", "*  star comment"))
    else:
        new = rng.choice(("x = 1.0d0 ! free comment &", "  x = 1 + &\n    2", "\tX = 1",
                          "      X = 1;;;Y = 2", "      X = 1 &"))
    lines.insert(i, new)
    return "\n".join(lines), f"{'fixed' if name.endswith('.f90') else 'free'} form line {new[:20]!r} at {i + 1}"


def fortran_case(seed: int, index: int, rng: random.Random) -> Case:
    if rng.random() < 0.6:
        prog = _free_seed(rng)
        target = 0
        name, text = prog.files[0]
        new, label = f_continuations(rng, text) if rng.random() < 0.6 else f_form_mix(rng, text, name)
    else:
        prog = rng.choice(fortran_seeds())
        target = rng.randrange(len(prog.files))
        name, text = prog.files[target]
        new, label = f_form_mix(rng, text, name)
    if rng.random() < 0.2:
        new = new.replace("\n", "\n" + " " * rng.choice((200, 100000)) + "\n", 1)
        label += "; a line of spaces"
    files = {n: (new if i == target else t).encode() for i, (n, t) in enumerate(prog.files)}
    argv = _run_argv(rng, prog, [n for n, _ in prog.files])
    return Case("hostile", seed, index, argv, files, f"Fortran {prog.name}/{name}: {label}")


# ---- machine files ----------------------------------------------------------------------------

YAML_SCALARS = ("on", "off", "yes", "1:30", ".nan", "-.inf", "0o17", "~", "0b101", "1_0",
                "'40 MHz'", "!!str 40 MHz", "40 MHz # trailing", "'1e5 years'", "1 parsec",
                "40 MHz MHz", "40MHz", "40 mhz", "-0 MHz", "4e1 MHz", "0x28 MHz", "40 kHz/s",
                "1/0 clk", "[40 MHz, 20 MHz, 10 MHz]", "{lo: 1}", "40 \u00b5s")


def m_duplicate_key(rng: random.Random, text: str) -> tuple[str, str]:
    lines = text.split("\n")
    keyed = [i for i, ln in enumerate(lines) if re.match(r"^\s+\w+:\s*\S", ln) and "#" not in ln[:3]]
    if not keyed:
        return text + "\nname: twice\n", "duplicate top key"
    i = rng.choice(keyed)
    indent, key = re.match(r"^(\s+)(\w+):", lines[i]).groups()
    lines.insert(i + 1, f"{indent}{key}: {rng.choice(YAML_SCALARS)}")
    return "\n".join(lines), f"duplicate key {key} at line {i + 2}"


def m_scalar(rng: random.Random, text: str) -> tuple[str, str]:
    keyed = list(re.finditer(r"^(\s+)(clock|startup|per_byte|per_hop|sync|fetch|store|int_add|real_add|count):"
                             r"[^\n#]*", text, re.M))
    if not keyed:
        return text, "scalar (none)"
    m = rng.choice(keyed)
    value = rng.choice(YAML_SCALARS)
    return text[:m.start()] + f"{m.group(1)}{m.group(2)}: {value}" + text[m.end():], \
        f"{m.group(2)}: {value}"


def m_merge_bomb(rng: random.Random, text: str) -> tuple[str, str]:
    depth = rng.choice((10, 20, 30))
    defs = "x0: &x0 {a: 1 us, b: 2 us}\n" + "".join(
        f"x{k}: &x{k} {{<<: [*x{k - 1}, *x{k - 1}], k{k}: [*x{k - 1}, *x{k - 1}]}}\n" for k in range(1, depth + 1))
    return defs + text, f"merge-key bomb of depth {depth}"


def m_stream(rng: random.Random, text: str) -> tuple[str, str]:
    what = rng.randrange(3)
    if what == 0:
        return text + "\n---\n" + text, "two documents"
    if what == 1:
        return "%YAML 1.1\n%TAG ! tag:evil,2000:\n---\n" + text, "YAML directives"
    return text.replace("  ", "\t", 3), "tabs in the indentation"


M_FAMILIES = ((4, m_duplicate_key), (5, m_scalar), (2, m_merge_bomb), (2, m_stream))


def machine_case(seed: int, index: int, rng: random.Random) -> Case:
    name, text = rng.choice(machine_seeds())
    op = rng.choices([f for _, f in M_FAMILIES], [w for w, _ in M_FAMILIES])[0]
    new, label = op(rng, text)
    files = {"m.yaml": new.encode()}
    if rng.random() < 0.5:
        argv = ["machine", "check", "m.yaml"]
    else:
        prog = c_seeds()[0]
        files.update((n, t.encode()) for n, t in prog.files)
        argv = _run_argv(rng, prog, [n for n, _ in prog.files])
        argv[argv.index("ipsc860")] = "m.yaml"
    return Case("hostile", seed, index, argv, files, f"machine {name}: {label}")


# ---- command lines ----------------------------------------------------------------------------

D_BAD = ("n=", "=", "==", "n==1", "n=1=2", "n=(1", "n=1)", "n=1e", "n=--1", "n=+-1", "n=0x",
         "n=1e99999", "n=-0", "n=1\n2", "n=1;rm", "n=$(id)", "n='1'", "n=[1]",
         "n={1}", "n=True", "n=None", "n=1j", "n=__import__('os')", "n=\u221e", "n=1/3",
         "n=2**2**2**2**2", "n=9" + "9" * 5000, "n=1 000", "-Dn=1", "n")
PROCS = ("0", "-1", "1000000000", "10**9", "1e9", "0x10", "+4", "4.0", "", " ", "4,4")
CONFLICTS = (
    ["--exact", "--no-symmetry"], ["--format", "json", "--format", "csv"],
    ["--procs", "2", "--procs", "4"], ["--machine", "ipsc860", "--machine", "t3d"],
    ["--bound", "best", "--bound", "worst"], ["--level", "aag", "--region", "nowhere"],
    ["--format", "csv", "--level", "aau", "--top", "0"], ["--strict", "--bound-analysis"],
    ["--granularity", "statement", "--granularity", "cluster"], ["--max-events", "1"],
    ["--timeout", "0.001"], ["--symbolic", "n", "--format", "csv"],
)


def cli_case(seed: int, index: int, rng: random.Random) -> Case:
    prog = next(s for s in c_seeds() if s.name == "trapezoid_mpi")
    files = {n: t.encode() for n, t in prog.files}
    names = [n for n, _ in prog.files]
    what = rng.randrange(4)
    if what == 0:
        bad = rng.sample(D_BAD, rng.choice((1, 3, 8)))
        argv = ["run", *names, "--procs", "4"] + [x for d in bad for x in ("-D", d)] + ["-D", "reps=2"]
        label = "-D " + " -D ".join(repr(d[:12]) for d in bad)
    elif what == 1:
        a, b = rng.sample(("1000", "10", "-5", "1e3", "1000000000"), 2)
        argv = ["run", *names, "--procs", "4", "-D", f"n={a}", "-D", f"n={b}", "-D", "reps=2"]
        label = f"-D n={a} then -D n={b}"
    elif what == 2:
        command = rng.choice(("run", "check", "bound", "sweep"))
        p = rng.choice(PROCS)
        argv = [command, *names, "--procs", p, "-D", "n=1000", "-D", "reps=2"]
        label = f"{command} --procs {p!r}"
    else:
        extra = rng.choice(CONFLICTS)
        argv = ["run", *names, "--procs", "4", "-D", "n=1000", "-D", "reps=2", *extra]
        label = " ".join(extra)
    return Case("hostile", seed, index, argv, files, f"command line: {label}")


def make_case(seed: int, index: int) -> Case:
    rng = case_rng("hostile", seed, index)
    family = rng.choices((c_case, fortran_case, machine_case, cli_case), (45, 20, 20, 15))[0]
    return family(seed, index, rng)
