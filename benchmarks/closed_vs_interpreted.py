"""Differential test of the closed forms against statement-by-statement interpretation.

    python3 benchmarks/closed_vs_interpreted.py --cases 200 --seed 1 [--show] [--keep DIR]

Each case is a small random C program (seeded, deterministic: case k of seed s is always the
same program) in the subset interp predicts: helper functions with scalar parameters called in
loops, counted loops (constant, parameter, local, triangular, step 2, `i + 1 < n`), locals
assigned before, after and inside loops and ifs, ifs on decidable conditions (parameters, loop
indices, `%`) and on data (`rand()`), `+=` accumulations later used as loop bounds, nested calls,
values returned by helpers, struct fields, `switch`, ternaries and `while` loops with a known
count; about one case in six runs at P = 2-4 with MPI calls.

Each program is predicted on the iPSC/860 three ways: the default (closed forms: interp/models/
omega.py), `closed_forms=False` (every statement interpreted) and `exact=True` (no steady-state
extrapolation). The three must give the same total and the same executions and total of every
AAU on every process (rel 1e-9), or be refused all three ways with the same message
(the errors the CLI reports as bad input, interp.errors.bad_input_types). A traceback is a failure. A loop that is sampled (its note says so:
engine/chain.py) is an approximation by design and is counted apart. Each difference is printed
with its program minimised (statements dropped while the difference stays). Exit code 1 when
any case differs or fails.
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

REL = 1e-9
SAMPLED = ("evenly spaced", "sampled")
LIMIT = 20.0  # seconds per prediction (the engine's own time limit: a clear error, the same all ways?)


# ---------------------------------------------------------------- programs as statement trees
# A statement is a string (one line) or a block [line, [statements], line, ...] (lines at even
# places, bodies at odd: `if {..} else {..}` has two); minimisation drops any statement at any
# depth, so every statement must stay valid C without its siblings.

def render(stmts, indent=1) -> list[str]:
    out = []
    pad = "    " * indent
    for s in stmts:
        if isinstance(s, str):
            out.append(pad + s)
        else:
            for k, part in enumerate(s):
                if k % 2:
                    out.extend(render(part, indent + 1))
                else:
                    out.append(pad + part)
    return out


class Program:
    """Functions as (signature, declarations, body statements, return line); main last."""

    def __init__(self, procs: int, functions: list):
        self.procs = procs
        self.functions = functions

    def source(self) -> str:
        lines = ["#include <stdlib.h>"]
        if self.procs > 1:
            lines.append("#include <mpi.h>")
        lines.append("struct shape { int n; int m; };")
        lines.append("double work[64];")
        for sig, decls, body, ret in self.functions:
            lines.append(sig)
            lines.append("{")
            lines.extend("    " + d for d in decls)
            lines.extend(render(body))
            lines.append("    " + ret)
            lines.append("}")
        return "\n".join(lines) + "\n"

    def paths(self):
        """Every statement's place (function, path of indices), deepest first."""
        found = []

        def walk(stmts, f, prefix):
            for k, s in enumerate(stmts):
                if not isinstance(s, str):
                    for j in range(1, len(s), 2):
                        walk(s[j], f, prefix + ((k, j),))
                found.append((f, prefix + ((k, None),)))
        for f, fn in enumerate(self.functions):
            walk(fn[2], f, ())
        return found

    def without(self, f: int, path: tuple) -> "Program":
        import copy
        fns = copy.deepcopy(self.functions)
        stmts = fns[f][2]
        for k, j in path[:-1]:
            stmts = stmts[k][j]
        del stmts[path[-1][0]]
        return Program(self.procs, fns)


class Generator:
    """Random statements over a fixed set of locals, all declared and initialised at the top of
    each function (so dropping any statement leaves a valid program). Trip counts stay small:
    the interpreted mode runs every iteration."""

    LOCALS = ["a", "b", "c"]

    def __init__(self, rng: random.Random, procs: int):
        self.r = rng
        self.procs = procs
        self.helpers: list[tuple[str, int, bool]] = []  # name, arity, returns a value

    def bound(self, params, indices):
        r = self.r
        kind = r.choice(["const", "const", "param", "local", "tri", "field", "call"])
        if kind == "param" and params:
            return r.choice(params)
        if kind == "local":
            return r.choice(self.LOCALS)
        if kind == "tri" and indices:
            return r.choice(indices)
        if kind == "field":
            return "s.n"
        if kind == "call" and any(h[2] for h in self.helpers):
            name, arity, _ = r.choice([h for h in self.helpers if h[2]])
            return f"{name}({', '.join(str(r.randint(1, 4)) for _ in range(arity))})"
        return str(r.randint(0, 6))

    def cond(self, params, indices):
        r = self.r
        v = r.choice(params + indices + self.LOCALS + ["s.m"])
        kind = r.choice(["cmp", "mod", "mod", "data", "and"])
        if kind == "mod":
            return f"{v} % {r.randint(2, 3)} == {r.randint(0, 1)}"
        if kind == "data":
            return f"rand() % {r.randint(2, 4)} == 0"
        if kind == "and":
            w = r.choice(params + indices + self.LOCALS)
            return f"{v} > {r.randint(0, 3)} && {w} < {r.randint(2, 6)}"
        return f"{v} {r.choice(['<', '>', '<=', '>=', '==', '!='])} {r.randint(0, 5)}"

    def value(self, params, indices):
        r = self.r
        v = r.choice(params + indices + self.LOCALS + ["s.n"])
        kind = r.choice(["lin", "mod", "tern", "const", "call"])
        if kind == "mod":
            return f"{v} % {r.randint(2, 5)}"
        if kind == "tern":
            return f"{v} > {r.randint(0, 4)} ? {r.randint(0, 5)} : {r.randint(0, 5)}"
        if kind == "const":
            return str(r.randint(0, 6))
        if kind == "call" and any(h[2] for h in self.helpers):
            name, arity, _ = r.choice([h for h in self.helpers if h[2]])
            args = [r.choice(params + indices + [str(r.randint(0, 4))]) for _ in range(arity)]
            return f"{name}({', '.join(args)})"
        return f"{v} + {r.randint(0, 2)}"

    def block(self, depth, params, indices, fname) -> list:
        return [self.stmt(depth, params, indices, fname) for _ in range(self.r.randint(1, 3))]

    def stmt(self, depth, params, indices, fname):
        r = self.r
        kinds = ["work", "work", "assign", "acc"]
        if depth < 3:
            kinds += ["for", "for", "if", "switch", "while"]
        if self.helpers:
            kinds += ["call", "call"]
        if self.procs > 1 and fname == "main":
            kinds += ["mpi"]
        kind = r.choice(kinds)
        if kind == "work":
            k = r.choice(indices) if indices else str(r.randint(0, 63))
            return f"x = x + work[({k}) % 64] * {r.randint(1, 3)}.0;"
        if kind == "assign":
            return f"{r.choice(self.LOCALS)} = {self.value(params, indices)};"
        if kind == "acc":
            src = r.choice(indices + params) if indices or params else "1"
            return f"{r.choice(self.LOCALS)} += {src} % 3;"
        if kind == "call":
            name, arity, ret = r.choice(self.helpers)
            args = ", ".join(r.choice(params + indices + self.LOCALS + [str(r.randint(0, 5))])
                             for _ in range(arity))
            return (f"{r.choice(self.LOCALS)} = {name}({args});" if ret and r.random() < 0.5
                    else f"x = x + {name}({args});" if ret else f"{name}({args});")
        if kind == "mpi":
            return r.choice(["MPI_Barrier(MPI_COMM_WORLD);",
                             "MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);",
                             "MPI_Bcast(work, 8, MPI_DOUBLE, 0, MPI_COMM_WORLD);"])
        i = f"i{depth}"
        inner = indices + [i]
        if kind == "for":
            b = self.bound(params, indices)
            head = r.choice([f"for ({i} = 0; {i} < {b}; {i}++) {{",
                             f"for ({i} = 0; {i} < {b}; {i} += 2) {{",
                             f"for ({i} = 0; {i} + 1 < {b}; {i}++) {{",
                             f"for ({i} = 1; {i} <= {b}; {i}++) {{"])
            return [head, self.block(depth + 1, params, inner, fname), "}"]
        if kind == "while":
            b = self.bound(params, indices)
            # the increment is part of the loop's last line: minimising cannot drop it
            return [f"{i} = 0; while ({i} < {b}) {{", self.block(depth + 1, params, indices, fname),
                    f"{i}++; }}"]
        if kind == "switch":
            v = r.choice(params + indices + self.LOCALS)
            cases = []
            for c in range(r.randint(1, 3)):
                cases.append([f"case {c}: {{", self.block(depth + 1, params, indices, fname) + ["break;"], "}"])
            cases.append(["default: {", self.block(depth + 1, params, indices, fname) + ["break;"], "}"])
            return [f"switch ({v} % 4) {{", cases, "}"]
        c = self.cond(params, indices)
        if r.random() < 0.4:
            return [f"if ({c}) {{", self.block(depth + 1, params, indices, fname),
                    "} else {", self.block(depth + 1, params, indices, fname), "}"]
        return [f"if ({c}) {{", self.block(depth + 1, params, indices, fname), "}"]

    def function(self, name, arity, returns):
        params = [f"p{k}" for k in range(arity)]
        sig = f"{'int' if returns else 'void'} {name}({', '.join('int ' + p for p in params) or 'void'})"
        decls = ["int i0 = 0, i1 = 0, i2 = 0, i3 = 0;", "int a = 1, b = 2, c = 3;", "double x = 0.0, y = 0.0;",
                 "struct shape s;", f"s.n = {self.r.randint(1, 5)}; s.m = {self.r.randint(0, 4)};"]
        body = self.block(0, params, [], name)
        ret = (f"return {self.r.choice(params + self.LOCALS + ['s.n'])} % 5 + 1;" if returns else "return;")
        return sig, decls, body, ret

    def program(self) -> Program:
        fns = []
        for k in range(self.r.randint(0, 3)):
            name, arity, returns = f"f{k}", self.r.randint(1, 2), self.r.random() < 0.5
            fns.append(self.function(name, arity, returns))
            self.helpers.append((name, arity, returns))
        sig, decls, body, _ = self.function("main", 0, False)
        sig = "int main(int argc, char **argv)"
        decls = decls + [f"int n = {self.r.randint(1, 5)};"]
        if self.procs > 1:
            decls += ["int rank, size;", "MPI_Init(&argc, &argv);",
                      "MPI_Comm_rank(MPI_COMM_WORLD, &rank);", "MPI_Comm_size(MPI_COMM_WORLD, &size);"]
            ret = "MPI_Finalize(); return 0;"
        else:
            ret = "return 0;"
        body = self.block(0, ["n"] + (["rank"] if self.procs > 1 else []), [], "main")
        fns.append((sig, decls, body, ret))
        return Program(self.procs, fns)


def make(seed: int, index: int) -> Program:
    rng = random.Random(f"closed-vs-interpreted-{seed}-{index}")
    procs = rng.choice([2, 3, 4]) if rng.random() < 1 / 6 else 1
    return Generator(rng, procs).program()


# ---------------------------------------------------------------- running and comparing

def predict(src: str, procs: int, directory: Path, **kw):
    """('ok', RunResult) | ('refused', message) | ('error', traceback)."""
    from interp.errors import ProgramHang, bad_input_types
    from interp.pipeline import predict as run
    path = directory / "case.c"
    path.write_text(src)
    try:
        return "ok", run([str(path)], "ipsc860", procs, [], interactive=False, timeout=LIMIT, **kw).result
    except (ProgramHang, *bad_input_types()) as e:  # the CLI's one clear message (cli/reported.py)
        return "refused", str(e)
    except Exception:  # noqa: BLE001 - an internal error is what this benchmark looks for
        return "error", traceback.format_exc(limit=-4)


def close(a: float, b: float) -> bool:
    return a == b or abs(a - b) <= REL * max(abs(a), abs(b)) + 1e-15


def differences(ref, other, label: str) -> list[str]:
    (ka, ra), (kb, rb) = ref, other
    if ka != "ok" or kb != "ok":
        if (ka, ra) == (kb, rb) and ka == "refused":
            return []
        return [f"{label}: {ka} / {kb}: {str(ra)[-300:]!r} / {str(rb)[-300:]!r}"]
    out = []
    if not close(ra.total, rb.total):
        out.append(f"{label}: total {ra.total!r} != {rb.total!r}")
    for key in sorted(set(ra.aaus) | set(rb.aaus)):
        sa, sb = ra.aaus.get(key), rb.aaus.get(key)
        ea, eb = (sa.executions if sa else 0), (sb.executions if sb else 0)
        ta, tb = (sa.total if sa else 0.0), (sb.total if sb else 0.0)
        s = sa or sb
        if not close(ea, eb) or not close(ta, tb):
            out.append(f"{label}: P{key[0]} {s.cls} {s.loc}: executions {ea} / {eb}, total {ta!r} / {tb!r}")
    return out


def sampled(outcome) -> bool:
    kind, r = outcome
    return kind == "ok" and any(any(w in n for w in SAMPLED) for n in r.notes)


def check(program: Program, directory: Path) -> tuple[str, list[str]]:
    """'same' | 'refused' | 'sampled' | 'different' | 'error', and the differences."""
    src = program.source()
    closed = predict(src, program.procs, directory)
    interpreted = predict(src, program.procs, directory, closed_forms=False)
    exact = predict(src, program.procs, directory, exact=True)
    diffs = differences(closed, interpreted, "closed / interpreted") + differences(closed, exact, "default / exact")
    if any(o[0] == "error" for o in (closed, interpreted, exact)):
        return "error", diffs
    if not diffs:
        return ("refused" if closed[0] == "refused" else "same"), ([closed[1]] if closed[0] == "refused" else [])
    if sampled(closed) or sampled(interpreted):
        return "sampled", diffs
    return "different", diffs


def minimise(program: Program, state: str, directory: Path) -> Program:
    """Drop statements (deepest first) while the case keeps the same state."""
    changed = True
    while changed:
        changed = False
        for f, path in program.paths():
            smaller = program.without(f, path)
            if check(smaller, directory)[0] == state:
                program, changed = smaller, True
                break
    return program


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0, help="first case index")
    ap.add_argument("--show", action="store_true", help="print every program")
    ap.add_argument("--no-minimise", action="store_true")
    args = ap.parse_args(argv)
    counts: dict[str, int] = {}
    bad = []
    refusals: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        for index in range(args.start, args.start + args.cases):
            program = make(args.seed, index)
            state, diffs = check(program, directory)
            counts[state] = counts.get(state, 0) + 1
            if state == "refused":
                refusals[diffs[0].split(":", 3)[-1].strip()[:120]] = refusals.get(diffs[0].split(":", 3)[-1].strip()[:120], 0) + 1
            print(f"case {args.seed}-{index} (P = {program.procs}): {state}", flush=True)
            if args.show:
                print(f"--- case {args.seed}-{index} (P = {program.procs}): {state}\n{program.source()}")
            if state in ("different", "error"):
                small = program if args.no_minimise else minimise(program, state, directory)
                _, small_diffs = check(small, directory)
                bad.append(index)
                print(f"=== case {args.seed}-{index} (P = {program.procs}): {state}, minimised:")
                print(small.source())
                for d in (small_diffs or diffs)[:8]:
                    print("    " + d)
                sys.stdout.flush()
    for message, n in sorted(refusals.items(), key=lambda kv: -kv[1]):
        print(f"refused both ways ({n}x): {message}")
    summary = ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
    print(f"{args.cases} cases (seed {args.seed}): {summary}" + (f"; differing: {bad}" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
