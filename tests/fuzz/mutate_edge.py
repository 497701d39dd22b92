"""Edge cases of every input (fuzz round 4): what the earlier generators could not produce.

C: switch fall-through (also Duff's device and a switch on the rank around messages), goto
forward and backward, loops whose trip count is astronomically large in every spelling a loop
can have (``while (n--)``, ``do { } while (--k)``, ``for (; k > 0; k -= 3)``, geometric steps,
double counters, unsigned counters that step past their limit) with bodies that compute,
communicate or branch, preprocessor edge cases (``#error``, ``#line`` at extremes, a file that
includes itself through ``__FILE__``, ``#if 1/0``, ``#elif`` after ``#else``, recursive
function-like macros), C99/C11/GNU constructs (``_Pragma``, ``_Static_assert``, ``_Generic``,
statement expressions, VLAs, compound literals, ``asm``), annotations at numeric extremes (``cost``
of 1e308 s inside a loop of 10^18 passes, ``iters(2**200)``, a ``_Pragma`` from a macro), and the
encodings a user's editor produces (UTF-8 BOM, CRLF, lone CR, tabs, form feeds, line splices
inside a name or a pragma, UTF-8 identifiers, UTF-16).

Fortran (free form): SELECT CASE, computed and arithmetic GOTO, statement functions, DO WHILE
counters with huge bounds, nested DOs of 10^6 passes each, DO CONCURRENT, named EXIT and CYCLE,
encodings and directives at extremes.

Machine files: encodings (UTF-16, BOM, CRLF, a non-UTF-8 byte inside a value, NUL), an empty or
comment-only file, a 10 MB file (one scalar of 10 MB, or 10 MB of comments), IEEE extremes as
values (1e308, 5e-324, 2**1024), unknown keys at every level, anchors used as keys.

Command lines: -n / --procs at 0, -1, 2**31, 10**9 and forms click parses oddly; -D values at
IEEE extremes (1e308, 5e-324, 0x1p10, -0.0) and names that are not identifiers; sweep ranges and
lists at extremes (grids too big, steps below rounding); whatif --scale and --param at extremes.

Like the other kinds, case (``edge``, seed, index) is made from its own generator alone.
"""
from __future__ import annotations

import random
import re

from tests.fuzz.case import Case, case_rng
from tests.fuzz.seeds import c_seeds, fortran_seeds, machine_seeds


def _c_prog(rng: random.Random):
    return rng.choice([s for s in c_seeds() if len(s.files) == 1])


def _after_init(text: str, stmt: str) -> str:
    """``stmt`` as the first statement after MPI_Init (or main's opening brace)."""
    m = re.search(r"MPI_Comm_size\s*\([^;]*;\n", text) or re.search(r"MPI_Init\s*\([^;]*;\n", text)
    if m:
        return text[:m.end()] + "    " + stmt + "\n" + text[m.end():]
    m = re.search(r"int main[^{]*\{\n", text)
    return text[:m.end()] + "    " + stmt + "\n" + text[m.end():] if m else text + "\n" + stmt


def _argv(prog, names: list[str], rng: random.Random) -> list[str]:
    argv = ["run", *names, "--machine", "ipsc860", "--procs", str(rng.choice(prog.procs))]
    for name, value in prog.defines:
        argv += ["-D", f"{name}={value}"]
    return argv + list(prog.extra)


# ---- C ----------------------------------------------------------------------------------------

SWITCHES = (
    ("{ int sw_ = 0, q_; for (q_ = 0; q_ < 100; q_++) { switch (q_ % 4) { case 0: sw_ += 1; "
     "case 1: sw_ += 2; break; case 2: { sw_ *= 3; } default: sw_ -= 1; } } }", "fall-through in a loop"),
    ("{ int cnt_ = 1000, x_ = 0; int m_ = (cnt_ + 7) / 8; switch (cnt_ % 8) { case 0: do { x_++; "
     "case 7: x_++; case 6: x_++; case 5: x_++; case 4: x_++; case 3: x_++; case 2: x_++; "
     "case 1: x_++; } while (--m_ > 0); } }", "Duff's device"),
    ("switch (rank) { case 0: if (size > 1) MPI_Send(&rank, 1, MPI_INT, 1, 7, MPI_COMM_WORLD); "
     "case 1: if (rank == 1) MPI_Recv(&size, 1, MPI_INT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE); "
     "break; default: ; }", "switch on the rank around a message"),
    ("switch (rank) { default: MPI_Barrier(MPI_COMM_WORLD); case 0: ; }", "default first, falls through"),
    ("switch (size) { }", "empty switch"),
    ("switch (rank) case 0: MPI_Barrier(MPI_COMM_WORLD);", "switch without braces"),
    ("{ int s_ = 0; switch (s_) { case 0: { int z_; for (z_ = 0; z_ < 10; z_++) { if (z_ == 5) break; "
     "} } case 1: s_ = 3; } }", "break inside a loop inside a case"),
    ("{ int s_ = 0; switch (s_) { case 1 ... 5: s_ = 1; break; case 0: s_ = 2; } }", "GNU case range"),
    ("{ long s_ = 0; switch (s_) { case 9223372036854775807L: s_ = 1; break; case -9223372036854775807L - 1: "
     "s_ = 2; } }", "cases at the ends of long"),
    ("{ int s_ = 1; switch (s_) { case 1: case 1: s_ = 2; } }", "duplicate case"),
)

GOTOS = (
    ("{ int g_ = 0; again_: g_++; if (g_ < 1000) goto again_; }", "backward goto loop"),
    ("{ if (rank >= 0) goto skip_; MPI_Barrier(MPI_COMM_WORLD); skip_: ; }", "forward goto over a barrier"),
    ("{ goto inner_; { int q_ = 1; inner_: q_ = 2; } }", "goto into a block"),
    ("{ void *p_ = &&lab_; goto *p_; lab_: ; }", "computed goto"),
    ("{ goto nowhere_; }", "goto to a missing label"),
    ("{ lab2_: lab2_: ; }", "duplicate label"),
)

BIG = ("1000000", "1000000000", "1000000000000000000L", "4611686018427387904L", "0", "-1",
       "2147483647", "nn_", "nn_ * nn_", "nn_ * nn_ * nn_ * nn_")
BODIES = ("", "x_ += 1.0;", "MPI_Barrier(MPI_COMM_WORLD);", "if (rank == 0) x_ += 1.0; else x_ -= 1.0;",
          "x_ = x_ * 0.5 + 1.0; y_ += 2;", "{ int z_; for (z_ = 0; z_ < 3; z_++) x_ += z_; }")


def c_big_loop(rng: random.Random) -> tuple[str, str]:
    limit = rng.choice(BIG)
    body = rng.choice(BODIES)
    forms = (
        f"{{ long k_ = {limit}; double x_ = 0; long y_ = 0; while (k_--) {{ {body} }} }}",
        f"{{ long k_ = 0; double x_ = 0; long y_ = 0; while (k_ < {limit}) {{ {body} k_ += 3; }} }}",
        f"{{ long k_ = {limit}; double x_ = 0; long y_ = 0; do {{ {body} }} while (--k_); }}",
        f"{{ long k_; double x_ = 0; long y_ = 0; for (k_ = {limit}; k_ > 0; k_ -= 3) {{ {body} }} }}",
        f"{{ long k_; double x_ = 0; long y_ = 0; for (k_ = 1; k_ < {limit}; k_ *= 2) {{ {body} }} }}",
        f"{{ double d_; double x_ = 0; long y_ = 0; for (d_ = 0; d_ < {limit}; d_ += 0.5) {{ {body} }} }}",
        f"{{ unsigned u_; double x_ = 0; long y_ = 0; for (u_ = 5; u_ != 0; u_ -= 2) {{ {body} }} }}",
        f"{{ long a_, b_; double x_ = 0; long y_ = 0; for (a_ = 0; a_ < {limit}; a_++) "
        f"for (b_ = 0; b_ < {limit}; b_++) {{ {body} }} }}",
        f"{{ long k_ = {limit}, j_ = 0; double x_ = 0; long y_ = 0; while (j_ != k_) {{ {body} j_++; }} }}",
        f"{{ long k_ = {limit}; double x_ = 0; long y_ = 0; while (k_ > 0) {{ {body} k_ /= 2; }} }}",
        # the counter moves in a branch: no closed form, interpreted (about 15,000 passes a second)
        # and refused early when on its way past --max-events (engine/forecast.py); a count between
        # 10^5 and 10^8 is minutes of honest interpretation, so the limits here are small or huge
        f"{{ long k_ = 0; double x_ = 0; long y_ = 0; while (k_ < {rng.choice(('1000', '1000000000', 'nn_'))}) "
        f"{{ if (rank >= 0) k_ += 1; else x_ += 1.0; {body} }} }}",
    )
    i = rng.randrange(len(forms))
    stmt = forms[i]
    if "nn_" in stmt:
        nn = rng.choice(("1000", "1000000000", "1000000000000000000L"))
        stmt, limit = f"{{ long nn_ = {nn}; {stmt} }}", limit.replace("nn_", nn)
    return stmt, f"loop form {i} to {limit} with body {body[:24]!r}"


PREPROC = (
    ("#error stop here\n", "#error"),
    ("#warning careful\n", "#warning"),
    ("#line 0\n", "#line 0"),
    ("#line 99999999999999999999\n", "#line past 64 bits"),
    ("#line 7 \"other.c\"\n", "#line naming another file"),
    ("#if 1/0\nint dz_;\n#endif\n", "#if 1/0"),
    ("#if 1\n#else\n#elif 1\n#endif\n", "#elif after #else"),
    ("#ifdef\n#endif\n", "#ifdef without a name"),
    ("#if defined(\n#endif\n", "#if defined( unclosed"),
    ("#define F_(x) F_(x) + F_(x)\nint fm_ = F_(1);\n", "recursive function-like macro"),
    ("#define M_(x) M_(x##x)\nint mm_ = M_(1);\n", "self-pasting macro"),
    ("#include __FILE__\n", "the file includes itself through __FILE__"),
    ("#define HDR_ <nowhere_at_all.h>\n#include HDR_\n", "#include of a macro naming a missing header"),
    ("#pragma once\n", "#pragma once in the main file"),
    ("#undef NEVER_DEFINED_\n#undef __FILE__\n", "#undef of the undefined and of __FILE__"),
    ("#define P3_ _Pragma(\"interp iters(3)\")\n", "_Pragma in a macro (unused)"),
    ("#if 18446744073709551616 > 0\nint big_if_;\n#endif\n", "#if with a number past 64 bits"),
    ("#define A_(" + ", ".join(f"p{k}" for k in range(300)) + ") p0\nint am_ = A_(" + ", ".join("1" * 300) + ");\n",
     "macro of 300 parameters"),
    ("#include \"\"\n", "#include of an empty name"),
    ("#include <>\n", "#include <>"),
    ("#\n#  \n# 33 \"x.c\"\n", "null directives and a line marker"),
    ("#define EMPTY_\nEMPTY_ EMPTY_ int em_ EMPTY_ = 1 EMPTY_;\n", "empty macros around a declaration"),
    ("??=define TRI_ 1\n", "trigraph ??= for #"),
)


def c_preproc(rng: random.Random, text: str) -> tuple[str, str]:
    block, label = rng.choice(PREPROC)
    if rng.random() < 0.5:
        return block + text, label
    lines = text.split("\n")
    i = rng.randrange(len(lines) + 1)
    lines.insert(i, block.rstrip("\n"))
    return "\n".join(lines), f"{label} at line {i + 1}"


MODERN = (
    "_Static_assert(1, \"fine\");", "_Static_assert(0, \"refused\");",
    "{ double g_ = _Generic(1.0, double: 2.0, default: 3.0); }",
    "{ int se_ = ({ int t_ = 3; t_ * 2; }); }",
    "{ int vl_ = 4; double va_[vl_]; va_[0] = 1.0; }",
    "{ int *cl_ = (int[]){1, 2, 3}; cl_[0] = 4; }",
    "{ struct { int a, b; } ds_ = { .b = 2, .a = 1 }; ds_.a = ds_.b; }",
    "__asm__ volatile (\"nop\");",
    "{ __typeof__(rank) ty_ = rank; ty_++; }",
    "{ _Bool b_ = 1; long double ld_ = 1.0L; b_ = !b_; ld_ *= 2; }",
    "{ int (*fp_)(int) = abs; int r_ = fp_(-3); }",
    "{ struct bf_ { unsigned a : 3; unsigned b : 29; } bf_v_ = {1, 2}; bf_v_.a = 7; }",
    "{ union { int i; float f; } un_; un_.f = 1.0f; un_.i += 1; }",
    "{ enum { BIGE_ = 2147483647, NEXT_ } e_ = NEXT_; }",
    "{ char *s_ = \"" + "ab" * 20000 + "\"; s_++; }",
    "{ register int r_ = 0; static int st_ = 0; volatile int vo_ = 0; r_ = st_ + vo_; }",
    "{ int a_[3] = {[2] = 1}; a_[0] = a_[2]; }",
    "{ int x_ = 1; x_ = x_ <<= 2; x_ = (x_, x_ + 1, x_ + 2); }",
    "{ int nf_(int k) { return k + 1; } int z_ = nf_(1); }",
    "{ double c_ = 1.0 / 0.0; double d_ = 0.0 / 0.0; c_ = d_; }",
    "{ int i_ = 0; i_ = i_++ + ++i_; }",
)

PRAGMAS = (
    ("_Pragma(\"interp iters(10)\") { double pq_ = 0; while (pq_ >= 0) pq_ += 1; }", "_Pragma iters"),
    ("#pragma interp iters(2**200)\n    { double pq_ = 0; while (pq_ >= 0) pq_ += 1; }", "iters(2**200)"),
    ("#pragma interp iters(1e308)\n    { double pq_ = 0; while (pq_ >= 0) pq_ += 1; }", "iters(1e308)"),
    ("{ long pk_; for (pk_ = 0; pk_ < 1000000000000000000L; pk_++) {\n#pragma interp cost(1e308 s)\n"
     "    pk_ += 0; } }", "cost(1e308 s) in a loop of 10^18"),
    ("{ long pk_; for (pk_ = 0; pk_ < 1000000000000L; pk_++) {\n#pragma interp work(flops=1e300)\n"
     "    pk_ += 0; } }", "work(flops=1e300) in a loop of 10^12"),
    ("#pragma interp iters(" + "(" * 2000 + "3" + ")" * 2000 + ")\n    { double pq_ = 0; while (pq_ >= 0) pq_ += 1; }",
     "iters of 2000 nested parentheses"),
    ("#pragma interp \\\n    iters(4)\n    { double pq_ = 0; while (pq_ >= 0) pq_ += 1; }", "pragma continued by \\"),
    ("#pragma interp iters(4) // trailing comment\n    { double pq_ = 0; while (pq_ >= 0) pq_ += 1; }",
     "pragma with a trailing comment"),
    ("#pragma interp iters(\u0663)\n    { double pq_ = 0; while (pq_ >= 0) pq_ += 1; }", "Arabic-Indic digit"),
    ("#pragma interp region r_\n#pragma interp region r_\n    MPI_Barrier(MPI_COMM_WORLD);\n#pragma interp end region",
     "region opened twice, closed once"),
    ("#pragma interp end region\n#pragma interp end region", "end region twice without a region"),
    ("\n".join(f"#pragma interp region n{k}_" for k in range(300)) + "\n    rank += 0;\n"
     + "\n".join("#pragma interp end region" for _ in range(300)), "300 nested regions"),
    ("#pragma interp prob(0.5)\n#pragma interp prob(0.25)\n    if (rank > 100) rank += 0;", "two probs for one if"),
    ("#pragma interp iters(3)\n#pragma interp iters(5)\n    { double pq_ = 0; while (pq_ >= 0) pq_ += 1; }",
     "two iters for one loop"),
    ("#pragma interp iters(3)\n    rank += 0;", "iters before a statement that is no loop"),
    ("#pragma interp size(-5)\n    MPI_Barrier(MPI_COMM_WORLD);", "size(-5) on a barrier"),
)


def c_encoding(rng: random.Random, text: str) -> tuple[bytes, str]:
    what = rng.randrange(10)
    if what == 0:
        return b"\xef\xbb\xbf" + text.encode(), "UTF-8 BOM"
    if what == 1:
        return text.replace("\n", "\r\n").encode(), "CRLF"
    if what == 2:
        return text.replace("\n", "\r").encode(), "lone CR line ends"
    if what == 3:
        return re.sub(r"(?m)^ +", lambda m: "\t" * (len(m.group(0)) // 4 or 1), text).replace(" ", "\t ").encode(), "tabs"
    if what == 4:
        return text.replace("\n\n", "\n\f\v\n").encode(), "form feeds and vertical tabs"
    if what == 5:
        m = re.search(r"\bMPI_Barrier|\bMPI_Comm_rank", text)
        if m is None:
            return text.encode(), "line splice (none)"
        cut = m.start() + 4
        return (text[:cut] + "\\\n" + text[cut:]).encode(), "line splice inside a name"
    if what == 6:
        return _after_init(text, "double \u00e9t\u00e9_ = 1.0; \u00e9t\u00e9_ += 1;").encode(), "UTF-8 identifier"
    if what == 7:
        return text.encode("utf-16"), "UTF-16"
    if what == 8:
        return _after_init(text, "int zw_\u200b = 1;").encode(), "zero-width space in a name"
    return text.replace("\n", "\r\n", 5).encode() + b"\x1a", "mixed line ends and a DOS EOF"


def c_case(seed: int, index: int, rng: random.Random) -> Case:
    prog = _c_prog(rng)
    name, text = prog.files[0]
    what = rng.choices(("switch", "goto", "loop", "preproc", "modern", "pragma", "encoding"),
                       (14, 8, 24, 16, 12, 14, 12))[0]
    if what == "switch":
        stmt, label = rng.choice(SWITCHES)
        data = _after_init(text, stmt).encode()
    elif what == "goto":
        stmt, label = rng.choice(GOTOS)
        data = _after_init(text, stmt).encode()
    elif what == "loop":
        stmt, label = c_big_loop(rng)
        data = _after_init(text, stmt).encode()
    elif what == "preproc":
        new, label = c_preproc(rng, text)
        data = new.encode()
    elif what == "modern":
        stmt = rng.choice(MODERN)
        data, label = _after_init(text, stmt).encode(), stmt[:40]
    elif what == "pragma":
        stmt, label = rng.choice(PRAGMAS)
        data = _after_init(text, stmt).encode()
    else:
        data, label = c_encoding(rng, text)
    argv = _argv(prog, [name], rng)
    if rng.random() < 0.15:
        argv[0] = rng.choice(("check", "show", "bound"))
        if argv[0] == "show":
            argv = ["show", name]
    return Case("edge", seed, index, argv, {name: data}, f"C {prog.name}: {what}: {label}")


# ---- Fortran ----------------------------------------------------------------------------------

F_BLOCKS = (
    ("SELECT CASE (MOD(RANK, 3))\n  CASE (0)\n    X = 1.0D0\n  CASE (1:2)\n    X = 2.0D0\n  CASE DEFAULT\n"
     "    X = 3.0D0\n  END SELECT", "SELECT CASE with a range"),
    ("SELECT CASE (RANK)\n  CASE (:-1, 100000:)\n    X = 1.0D0\n  END SELECT", "SELECT CASE open ranges"),
    ("GOTO (9101, 9102) MOD(RANK, 2) + 1\n9101 X = 1.0D0\n9102 CONTINUE", "computed GOTO"),
    ("IF (RANK - 1) 9201, 9202, 9203\n9201 X = 1.0D0\n9202 X = 2.0D0\n9203 CONTINUE", "arithmetic IF"),
    ("K9 = 0\nDO WHILE (K9 < LIMIT9)\n  K9 = K9 + 3\nEND DO", "DO WHILE counter to LIMIT9"),
    ("DO I9 = 1, LIMIT9\n  DO J9 = 1, LIMIT9\n    X = X + 1.0D0\n  END DO\nEND DO", "nested DO to LIMIT9"),
    ("DO I9 = 1, LIMIT9\n  CALL MPI_BARRIER(MPI_COMM_WORLD, IERR)\nEND DO", "barriers to LIMIT9"),
    ("OUTER9: DO I9 = 1, 10\n  INNER9: DO J9 = 1, 10\n    IF (J9 > 5) CYCLE OUTER9\n    IF (I9 > 8) EXIT OUTER9\n"
     "  END DO INNER9\nEND DO OUTER9", "named EXIT and CYCLE"),
    ("DO CONCURRENT (I9 = 1:LIMIT9)\n  X = X + 1.0D0\nEND DO", "DO CONCURRENT"),
    ("K9 = LIMIT9\nDO WHILE (K9 /= 0)\n  K9 = K9 - 2\nEND DO", "DO WHILE stepping past 0"),
    ("DO I9 = LIMIT9, 1\n  X = X + 1.0D0\nEND DO", "DO with no pass"),
    ("BLOCK\n  INTEGER :: B9\n  B9 = 3\nEND BLOCK", "BLOCK construct"),
    ("ASSOCIATE (A9 => RANK)\n  X = A9\nEND ASSOCIATE", "ASSOCIATE"),
    ("X = " + "(" * 500 + "1.0D0" + ")" * 500, "500 nested parentheses"),
)
F_LIMITS = ("1000000", "2147483647", "HUGE(1)", "0", "-5", "1000000000")


def fortran_case(seed: int, index: int, rng: random.Random) -> Case:
    prog = rng.choice([s for s in fortran_seeds() if s.files[0][0].endswith(".f90")])
    name, text = prog.files[0]
    block, label = rng.choice(F_BLOCKS)
    limit = rng.choice(F_LIMITS)
    block = block.replace("LIMIT9", limit)
    decl = "  INTEGER :: I9, J9, K9\n  DOUBLE PRECISION :: X\n"
    lines = text.split("\n")
    at_decl = next((i for i, ln in enumerate(lines) if re.match(r"\s*implicit\s+none", ln, re.I)), None)
    spot = next((i for i, ln in enumerate(lines) if re.match(r"\s*call\s+mpi_comm_size", ln, re.I)), None)
    if spot is None:
        spot = next((i for i, ln in enumerate(lines) if re.match(r"\s*call\s+mpi_init", ln, re.I)), len(lines) - 2)
    lines.insert(spot + 1, "\n".join("  " + b for b in block.split("\n")))
    if at_decl is not None:
        lines.insert(at_decl + 1, decl.rstrip("\n"))
    text = "\n".join(lines)
    if re.search(r"\bX\b", text, re.I) is None or at_decl is None:
        label += " (no declarations)"
    enc = rng.randrange(6)
    data = text.encode()
    if enc == 0:
        data, label = b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode(), label + "; BOM and CRLF"
    elif enc == 1:
        data, label = text.replace("  ", "\t").encode(), label + "; tabs"
    elif enc == 2:
        data, label = ("!$interp iters(" + "(" * 300 + "2" + ")" * 300 + ")\n" + text).encode(), label + "; deep directive"
    argv = _argv(prog, [name], rng)
    return Case("edge", seed, index, argv, {name: data}, f"Fortran {prog.name}: {label} to {limit}")


# ---- machine files ----------------------------------------------------------------------------

M_VALUES = ("1e308 MHz", "1.7976931348623157e308 us", "5e-324 us", "1e-308 MHz", "4.9e-324 B/s",
            "179769313486231570000000000000000000000000000000000000000000000000000000000000000"
            "0000000000000000000000000000000000000000000000000000000000000000000000000000000000"
            "0000000000000000000000000000000000000000000000000000000000000000000000000000000000"
            "0000000000000000000000000000000000000000000000000000000000000000000000000000000 us",
            "0x1p-1074 us", "-0.0 us", "+1 us", "1e+308 GB/s", "1E3 MHz", "1e3MHz", ".5 us", "5. us",
            "1 us ", " 1 us", "1\tus", "0.000000000000000000000000001 us")


def m_encoding(rng: random.Random, text: str) -> tuple[bytes, str]:
    what = rng.randrange(11)
    if what == 0:
        return text.encode("utf-16"), "UTF-16"
    if what == 1:
        return b"\xef\xbb\xbf" + text.encode(), "UTF-8 BOM"
    if what == 2:
        return text.replace("\n", "\r\n").encode(), "CRLF"
    if what == 3:
        m = re.search(r"(clock|startup|per_byte):\s*", text)
        if m is None:
            return b"\xff" + text.encode(), "a 0xff byte first"
        return text[:m.end()].encode() + b"4\xe90 MHz" + text[m.end():].encode(), "a Latin-1 byte in a value"
    if what == 4:
        return b"", "empty file"
    if what == 5:
        return b"# only a comment\n# and another\n", "comments only"
    if what == 6:
        return text.encode() + b"\nbig: '" + b"x" * (10 << 20) + b"'\n", "a 10 MB scalar"
    if what == 7:
        return text.encode() + (b"#" * 99 + b"\n") * (100 << 10), "10 MB of comments"
    if what == 8:
        return text.encode()[:200] + b"\x00" + text.encode()[200:], "NUL byte"
    if what == 9:
        return text.replace("\n", "\r").encode(), "lone CR line ends"
    return text.encode("utf-32"), "UTF-32"


def m_value(rng: random.Random, text: str) -> tuple[bytes, str]:
    keyed = list(re.finditer(r"^(\s+)(clock|startup|per_byte|per_hop|sync|fetch|store|int_add|real_add):"
                             r"[^\n#]*", text, re.M))
    value = rng.choice(M_VALUES)
    if not keyed:
        return text.encode(), "value (none)"
    m = rng.choice(keyed)
    return (text[:m.start()] + f"{m.group(1)}{m.group(2)}: {value}" + text[m.end():]).encode(), \
        f"{m.group(2)}: {value[:30]}"


def m_keys(rng: random.Random, text: str) -> tuple[bytes, str]:
    lines = text.split("\n")
    keyed = [i for i, ln in enumerate(lines) if re.match(r"^\s*\w+:", ln) and not ln.lstrip().startswith("#")]
    if not keyed:
        return text.encode(), "keys (none)"
    i = rng.choice(keyed)
    indent = re.match(r"^(\s*)", lines[i]).group(1)
    what = rng.randrange(5)
    if what == 0:
        lines.insert(i, f"{indent}unknown_key_: 3")
        label = f"unknown key at line {i + 1}"
    elif what == 1:
        lines.insert(i, f"{indent}&anchor_ key_a: 1")
        lines.insert(i + 1, f"{indent}*anchor_ : 2")
        label = "an alias used as a key"
    elif what == 2:
        lines.insert(i, f"{indent}? !!python/tuple [1, 2]\n{indent}: 3")
        label = "a tagged complex key"
    elif what == 3:
        lines.insert(i, f"{indent}3: three")
        label = "an integer key"
    else:
        lines.insert(i, f"{indent}null: nothing")
        label = "a null key"
    return "\n".join(lines).encode(), label


def machine_case(seed: int, index: int, rng: random.Random) -> Case:
    name, text = rng.choice(machine_seeds())
    op = rng.choices((m_encoding, m_value, m_keys), (5, 4, 3))[0]
    data, label = op(rng, text)
    files = {"m.yaml": data}
    if rng.random() < 0.5:
        argv = ["machine", "check", "m.yaml"]
    else:
        prog = next(s for s in c_seeds() if s.name == "trapezoid_mpi")
        files.update((n, t.encode()) for n, t in prog.files)
        argv = ["run", *(n for n, _ in prog.files), "--machine", "m.yaml",
                "--procs", "1" if name.startswith("hhpc") else rng.choice(("1", "2", "4"))]
        for dname, value in prog.defines:
            argv += ["-D", f"{dname}={value}"]
    return Case("edge", seed, index, argv, files, f"machine {name}: {label}")


# ---- command lines ----------------------------------------------------------------------------

N_VALUES = ("0", "-1", "2147483648", "1000000000", "1e9", "0x10", "1_0", "４", "", "2**31", "-0",
            "65536", "1048576", "1048577", "16", "3.0", "+2", "0b11", "99999999999999999999999")
D_VALUES = ("1e308", "-1e308", "1.7976931348623157e308", "5e-324", "-5e-324", "0x1p10", "-0.0",
            "1e-308", "2.2250738585072014e-308", "9007199254740993", "1e18", "4294967296", "-2147483649",
            "0.1", "1e15", "1e16", "1e17")
D_NAMES = ("n ", " n", "N", "n\u200b", "\u00e9", "n-1", "n.x", "n[0]", "n[", "__n", "n$", "n\x00")
# A grid's time grows with its points (about 0.1 s each; docs/sweeps.md: --symbolic, --jobs,
# --cluster for big grids), so the ranges here are refused, or give at most a few dozen points.
SWEEP_SPECS = ("1:1e300:x1e50", "1e-300:1e300:x1e100", "0:1:+1e-9", "1:100000000:+1", "1:2:10000001",
               "1:1:5", "1e308:1e308:2", "-1e300:1e300:3", "1:10:+3.3", "5:1:3", "1:1e300:x1.0000001",
               "1,2,3,1.0", "1e3:1e6:x10,1e3", "-0,0", "0:0:2", "1:1e6:x2", "0.1:0.3:+0.1")
SCALES = ("*.speed=1e308", "*.speed=5e-324", "*.speed=1e-308", "processing.clock=1e308",
          "comm_sync.per_byte=1e308", "*.speed=1e300,1e-300", "*.speed=0.5,0.5", "*.speed=-0.0")


def _trap():
    return next(s for s in c_seeds() if s.name == "trapezoid_mpi")


def cli_case(seed: int, index: int, rng: random.Random) -> Case:
    prog = _trap()
    files = {n: t.encode() for n, t in prog.files}
    names = [n for n, _ in prog.files]
    what = rng.randrange(6)
    d = ["-D", "n=1000", "-D", "reps=2"]
    if what == 0:
        v = rng.choice(N_VALUES)
        command = rng.choice(("run", "check", "bound", "whatif"))
        opt = rng.choice(("-n", "-p", "--procs"))
        argv = [command, *names, opt, v, *d] + (["--scale", "*.speed=2"] if command == "whatif" else [])
        label = f"{command} {opt} {v!r}"
    elif what == 1:
        v = rng.choice(D_VALUES)
        key = rng.choice(("n", "reps"))
        argv = ["run", *names, "--procs", "4", "-D", f"{key}={v}", "-D", f"{'reps' if key == 'n' else 'n'}=2"]
        label = f"-D {key}={v}"
    elif what == 2:
        name = rng.choice(D_NAMES)
        argv = ["run", *names, "--procs", "2", "-D", f"{name}=5", *d]
        label = f"-D name {name!r}"
    elif what == 3:
        spec = rng.choice(SWEEP_SPECS)
        if rng.random() < 0.5:
            argv = ["sweep", *names, "-D", f"n={spec}", "-D", "reps=2", "--procs", "1,2"]
            label = f"sweep -D n={spec}"
        else:
            argv = ["sweep", *names, "-D", "n=1000", "-D", "reps=2", "--procs", spec]
            label = f"sweep --procs {spec}"
    elif what == 4:
        spec = rng.choice(SCALES)
        command = rng.choice(("whatif", "sweep"))
        argv = [command, *names, "--procs", "2", *d, "--scale", spec]
        label = f"{command} --scale {spec}"
    else:
        many = rng.choice((200, 5000))
        argv = ["run", *names, "--procs", "2", *d] + [x for k in range(many) for x in ("-D", f"x{k}=1")]
        label = f"{many} unknown -D"
    return Case("edge", seed, index, argv, files, f"command line: {label}")


def make_case(seed: int, index: int) -> Case:
    rng = case_rng("edge", seed, index)
    family = rng.choices((c_case, fortran_case, machine_case, cli_case), (50, 15, 20, 15))[0]
    return family(seed, index, rng)
