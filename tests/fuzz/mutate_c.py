"""Hostile C programs: the C seeds (samples and small MPI programs) with one to three mutations.

What a user or a fuzzer gives: typos (tokens deleted, duplicated, swapped, names renamed to
undeclared ones), extreme numbers, huge literals, deep nesting, loops that never end (``while
(1)``, ``for (;;)``, steps of 0), recursion, macro bombs, self-inclusion, ``#pragma interp``
annotations with garbage or extreme arguments (also outside functions), MPI calls with extreme
arguments, junk bytes and empty files.
"""
from __future__ import annotations

import random
import re

from tests.fuzz import textmut
from tests.fuzz.case import Case, case_rng
from tests.fuzz.progcase import program_case
from tests.fuzz.seeds import c_seeds

EXTREMES = ("0", "-1", "2147483648", "4294967296", "1000000000000000000", "1e400", "nan", "NAN",
            "INFINITY", "-2147483649", "1e-400", "0x7fffffffffffffff", "18446744073709551616",
            "1.0/0.0", "0.0/0.0", "(1/0)", "(1 << 64)", "-0.0", "99999999999999999999999999999")

KEYWORDS = frozenset("""auto break case char const continue default do double else enum extern float
for goto if inline int long register restrict return short signed sizeof static struct switch
typedef union unsigned void volatile while include define pragma""".split())

PRAGMA_ARGS = (
    "iters(10**10**10)", "iters(-1)", "iters(0)", "iters(1e400)", "iters(nan)", "iters(n/0)",
    "iters(log2(0))", "iters(sqrt(-1))", "iters()", "iters(", "iters(1e18)", "iters(2**63)",
    "iters(__import__('os').getpid())", "iters(undefined_name)", "iters(n*n*n*n*n*n*n*n)",
    "iters(10**400)", "iters(-1e400)", "iters(0.5)",
    "prob(2)", "prob(-0.5)", "prob(nan)", "prob(0.5, 0.7)", "prob(1e400)", "prob()", "prob(0.5",
    "prob(inf)", "prob(0.1, 0.2, 0.3, 0.4, 0.5)", "prob(1/0)",
    "cost(-1 s)", "cost(1e400 s)", "cost(nan)", "cost(0 s)", "cost(1 furlong)",
    "cost(10**10**10 us)", "cost(1/0 s)", "cost(log2(0) ms)", "cost(sqrt(-1) ns)", "cost()",
    "cost(-1e-300 s)", "cost(inf s)", "cost(1e308 * 10 s)", "cost(n**n**n us)",
    "work(flops=-1)", "work(flops=1e400, loads=0, stores=0)", "work(flops=nan)", "work(bogus=3)",
    "work()", "work(flops=10**10**10)", "work(flops=2*n, flops=3)", "work(flops=1/0)",
    "work(loads=-1e300, stores=-1e300)",
    "input n = nan", "input n = 1e400", "input n = -1", "input n = 10**18", "input = 5",
    "input n", "input n = 1 2", "input 9x = 1", "input rank = 3", "input size = 0",
    "input n = inf", "input n = 99999999999999999999999999",
    "region", "region r1", "end region", "region " + "r" * 1000, "region a b",
    "granularity bogus", "granularity statement", "granularity",
    "", "bogus(1)", "iters(1) prob(0.5)", "iters(10) " + "x" * 10000, "ITERS(5)",
)

INFINITE_LOOPS = (
    "while (1) { }",
    "for (;;) { }",
    "for (;;) MPI_Barrier(MPI_COMM_WORLD);",
    "while (1) { MPI_Send(&rank, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD);"
    " MPI_Recv(&rank, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }",
    "for (int zz = 0; zz < 10; zz += 0) { }",
    "for (int zz = 0; zz < 10; zz--) { }",
    "do { } while (1);",
    "for (int zz = 0; zz != 7; zz += 2) { }",
    "loop_forever: goto loop_forever;",
    "while (rank >= 0) { }",
    "for (unsigned zz = 10; zz >= 0; zz--) { }",
    "for (int zz = 0; zz < 1000000000; zz++) MPI_Barrier(MPI_COMM_WORLD);",
    "for (long zz = 0; zz < 1000000000000000000L; zz++) { double t = zz * 0.5; }",
    "while (1) { if (rank < 0) break; }",
)

MPI_ARGS = ("-1", "0", "2147483647", "2147483648", "1000000000000", "rank + 1000000",
            "-rank - 1", "MPI_ANY_SOURCE", "MPI_ANY_TAG", "size * size", "1e400", "0 / 0",
            "n * n * n * n", "(MPI_Datatype) 12345", "NULL", "MPI_COMM_NULL", "rank", "-2147483648")

_FOR_STEP = re.compile(r"(for\s*\([^;]*;[^;]*;\s*)([^)]*)(\))")


def _stmt_lines(text: str) -> list[int]:
    """Lines after which a statement can go: indented lines ending a statement."""
    return [i for i, line in enumerate(text.split("\n"))
            if re.match(r"^\s+\S.*;\s*$", line) and not re.match(r"^\s*(for|return)\b", line)]


def insert_statement(rng: random.Random, text: str, stmt: str) -> str:
    lines = text.split("\n")
    spots = _stmt_lines(text)
    if not spots:
        return text + "\n" + stmt + "\n"
    i = rng.choice(spots)
    lines.insert(i + 1, "    " + stmt)
    return "\n".join(lines)


def pragma(rng: random.Random, text: str) -> tuple[str, str]:
    arg = rng.choice(PRAGMA_ARGS)
    line = "#pragma interp " + arg
    lines = text.split("\n")
    heads = [i for i, ln in enumerate(lines) if re.match(r"^\s*(for|while|if|do|switch)\b", ln)]
    if heads and rng.random() < 0.6:
        lines.insert(rng.choice(heads), line)
        return "\n".join(lines), f"pragma before a control line: {arg[:40]}"
    return textmut.insert_line(rng, text, line, r"^\s*(#|//|/?\*)"), f"pragma: {arg[:40]}"


def pragma_outside(rng: random.Random, text: str) -> tuple[str, str]:
    arg = rng.choice(PRAGMA_ARGS)
    line = "#pragma interp " + arg
    where = rng.choice(("top", "end", "before main"))
    if where == "top":
        return line + "\n" + text, f"pragma at the top: {arg[:40]}"
    if where == "end":
        return text + "\n" + line + "\n", f"pragma at the end: {arg[:40]}"
    return re.sub(r"^(int main)", line + r"\n\1", text, count=1, flags=re.M), \
        f"pragma before main: {arg[:40]}"


def infinite_loop(rng: random.Random, text: str) -> tuple[str, str]:
    loop = rng.choice(INFINITE_LOOPS)
    return insert_statement(rng, text, loop), f"infinite loop: {loop[:40]}"


def step_zero(rng: random.Random, text: str) -> tuple[str, str]:
    heads = list(_FOR_STEP.finditer(text))
    if not heads:
        return infinite_loop(rng, text)
    m = rng.choice(heads)
    step = m.group(2)
    var = re.match(r"\s*(\w+)", step)
    name = var.group(1) if var else "i"
    new = rng.choice((f"{name} += 0", f"{name} -= 0", f"{name} *= 1", f"{name}--", ""))
    return text[:m.start(2)] + new + text[m.end(2):], f"loop step {step.strip()!r} -> {new!r}"


def deep_blocks(rng: random.Random, text: str) -> tuple[str, str]:
    depth = rng.choice((100, 1000, 10000))
    what = rng.random()
    if what < 0.4:
        stmt, label = "{" * depth + ";" + "}" * depth, f"{depth} nested blocks"
    elif what < 0.7:
        stmt, label = "if (rank >= 0) " * depth + ";", f"{depth} nested ifs"
    else:
        depth = rng.choice((5, 20, 60, 120))
        stmt = "".join(f"for (int d{k} = 0; d{k} < 1000; d{k}++) " for k in range(depth)) + "rank += 0;"
        label = f"{depth} nested loops of 1000"
    return insert_statement(rng, text, stmt), label


def macro_bomb(rng: random.Random, text: str) -> tuple[str, str]:
    depth = rng.choice((8, 16, 24, 32))
    defs = "#define LOL0 1\n" + "".join(f"#define LOL{k} (LOL{k - 1} + LOL{k - 1})\n"
                                        for k in range(1, depth + 1))
    return defs + insert_statement(rng, text, f"int lol_ = LOL{depth};"), f"macro bomb 2**{depth}"


def include(rng: random.Random, text: str, name: str) -> tuple[str, str]:
    target = rng.choice((name, name, "/dev/zero", "missing_header.h", ".", "/etc/passwd"))
    line = f'#include "{target}"'
    return textmut.insert_line(rng, text, line, r"^\s*(//|/?\*)", anywhere=True), f"include {target}"


def recursion(rng: random.Random, text: str) -> tuple[str, str]:
    kinds = (
        ("static int rec_(int k) { return k <= 0 ? 0 : rec_(k - 1) + 1; }", "rec_(1000);",
         "recursion with a base case"),
        ("static void forever_(void) { forever_(); }", "forever_();", "infinite recursion"),
        ("static int pong_(int k); static int ping_(int k) { return pong_(k - 1); }\n"
         "static int pong_(int k) { return ping_(k + 1); }", "ping_(3);", "mutual recursion"),
        ("static void rb_(int k) { MPI_Barrier(MPI_COMM_WORLD); if (k > 0) rb_(k - 1); }",
         "rb_(100);", "recursion that communicates"),
    )
    func, call, label = rng.choice(kinds)
    text = re.sub(r"^(int main)", func + r"\n\1", text, count=1, flags=re.M)
    return insert_statement(rng, text, call), label


def mpi_argument(rng: random.Random, text: str) -> tuple[str, str]:
    calls = [m for m in re.finditer(r"\bMPI_\w+\s*\(", text)
             if not m.group(0).startswith(("MPI_Init", "MPI_Finalize", "MPI_Comm_"))]
    if not calls:
        return replace_number(rng, text)
    m = rng.choice(calls)
    depth, start, commas, i = 1, m.end(), [], m.end()
    while i < len(text) and depth:
        ch = text[i]
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 1:
            commas.append(i)
        i += 1
    bounds = [start - 1] + commas + [i - 1]
    k = rng.randrange(len(bounds) - 1)
    new = rng.choice(MPI_ARGS)
    old = text[bounds[k] + 1:bounds[k + 1]].strip()
    out = text[:bounds[k] + 1] + " " + new + text[bounds[k + 1]:]
    return out, f"{m.group(0).rstrip('( ')} argument {k + 1} {old[:16]!r} -> {new}"


def replace_number(rng: random.Random, text: str) -> tuple[str, str]:
    return textmut.replace_number(rng, text, EXTREMES)


def odd_declaration(rng: random.Random, text: str) -> tuple[str, str]:
    decl = rng.choice(("double big_[1000000000000000];", "char neg_[-1];", "int zero_[0];",
                       "static char huge_[1 << 30];", "double vla_[n * n * n * n];"))
    return insert_statement(rng, text, decl), f"declaration {decl}"


def _ops(name: str):
    return (
        (8, textmut.delete_token), (5, textmut.duplicate_token), (6, textmut.swap_tokens),
        (12, replace_number), (8, lambda r, t: textmut.rename_identifier(r, t, KEYWORDS)),
        (4, textmut.huge_number), (4, textmut.deep_parens), (6, deep_blocks),
        (10, infinite_loop), (6, step_zero), (14, pragma), (4, pragma_outside), (2, macro_bomb),
        (2, lambda r, t: include(r, t, name)), (4, recursion), (10, mpi_argument),
        (2, textmut.truncate), (3, textmut.duplicate_lines), (3, textmut.delete_lines),
        (2, odd_declaration),
    )


def mutate(rng: random.Random, text: str, name: str) -> tuple[bytes, list[str]]:
    """The text after one to three mutations, as bytes, and the mutations' labels."""
    if rng.random() < 0.02:
        new, label = textmut.empty_variants(rng)
        return new.encode(), [label]
    ops = _ops(name)
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
    rng = case_rng("c", seed, index)
    prog = rng.choice(c_seeds())
    return program_case("c", seed, index, rng, prog, mutate)
