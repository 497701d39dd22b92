"""The application module's entry point (paper 3.3): a program of either language into its AAG.

The language is chosen by the file's extension (C: .c, .h; Fortran: .f, .for, .f77, .ftn fixed
form, .f90, .f95, .f03, .f08 free form) or by an explicit Fortran source ``form``.
"""
from __future__ import annotations

import os

import sympy

from .aag import AAG
from .aag.bodies import flat
from .aag.symexpr import var
from .errors import FrontendError, clip_words, quote
from .source import check_source  # noqa: F401  (interp checks the files before reading them)


def load_program(path, granularity: str = "cluster", include_dirs=(), macros=None,
                 form: str | None = None) -> AAG:
    """The AAG of one program: C (.c), or Fortran by extension or ``form`` (fixed | free).

    ``include_dirs`` are searched for included files (-I); ``macros`` are C preprocessor
    definitions (-D NAME=VALUE), not used by Fortran. FrontendError for anything unusable.
    """
    # The frontends are imported when a program of their language is read, so a command that reads
    # one language does not pay for loading the other's parser.
    from .fortran import is_fortran, load_fortran

    path = os.fspath(path)
    if form is not None or is_fortran(path):
        aag = load_fortran(path, granularity, form=form, include_dirs=include_dirs)
    elif not path.endswith((".c", ".h")):
        raise FrontendError("interp reads C (.c) and Fortran (.f, .for, .f77, .f90, .f95, .f03, .f08) "
                            "programs", path)
    else:
        aag = _load_c(path, granularity, include_dirs, macros)
    _clip(aag)
    _check_nesting(aag)
    return aag


def load_programs(paths, granularity: str = "cluster", include_dirs=(), macros=None,
                  form: str | None = None) -> list[AAG]:
    """The AAGs of the programs that ``paths`` make up. Files of one language of which exactly one
    defines main() (Fortran: the main program) are one program, the others holding its helper
    functions (`mpicc main.c solver.c`); otherwise each file is a program of its own (two with
    main: an NX/2 host and node)."""
    from .aag import reset_ids
    from .fortran import is_fortran

    paths = [os.fspath(p) for p in paths]
    if len(paths) > 1 and (form is not None or all(is_fortran(p) for p in paths)):
        from .fortran import load_fortran_files

        reset_ids(1)
        one = load_fortran_files(paths, granularity, form, include_dirs)
        if one is not None:
            _clip(one[0])
            _check_nesting(one[0])
            return one
    if len(paths) > 1 and form is None and not any(is_fortran(p) for p in paths) \
            and all(p.endswith((".c", ".h")) for p in paths):
        sources = _parse_c_files(paths, include_dirs, macros)
        mains = [s for s in sources if _defines_main(s)]
        if len(mains) == 1:
            from .c.level1 import level1

            reset_ids(1)
            aag = level1(mains[0], granularity, others=tuple(s for s in sources if s is not mains[0]))
            _clip(aag)
            _check_nesting(aag)
            return [aag]
    programs = []
    for k, p in enumerate(paths):
        reset_ids(1 + 1_000_000 * k)
        programs.append(load_program(p, granularity, include_dirs, macros, form))
    return programs


def _parse_c_files(paths, include_dirs, macros) -> list:
    from .c.cparse import check_names, parse_c
    from .c.depth import check_depth

    sources = []
    for p in paths:
        src = parse_c(p, macros=macros or None, include_dirs=list(include_dirs or []))
        check_depth(src, MAX_NESTING)
        check_names(src)
        sources.append(src)
    return sources


def _defines_main(src) -> bool:
    from pycparser import c_ast

    return any(isinstance(e, c_ast.FuncDef) and e.decl.name == "main" and e.coord is not None
               and e.coord.file == src.file for e in src.ast.ext)


def _clip(aag: AAG) -> None:
    for p in aag.problems:  # they quote the source: a 100,000-character name must not be repeated whole
        p.message = clip_words(p.message)


MAX_NESTING = 200  # statements nested in one another; C99 5.2.4.1 guarantees 127 levels of blocks


def _check_nesting(aag: AAG) -> None:
    """Refuse statements nested deeper than MAX_NESTING: the engine interprets a level in three
    Python frames, so 330 nested ifs exhausted Python's 1,000 after the parse had read them (an
    internal error, fuzz round 4). Iterative, so that the check itself cannot recurse too deep."""
    stack = [(a, 1) for fn in aag.functions.values() for a in fn.body]
    while stack:
        a, depth = stack.pop()
        if depth > MAX_NESTING:
            raise FrontendError(f"statements nested more than {MAX_NESTING} levels deep (loops, ifs and switches "
                                "inside one another); interp follows at most that many: move the inner "
                                "levels into a function", a.loc.file if a.loc else aag.file,
                                a.loc.first if a.loc else None)
        stack.extend((c, depth + 1) for body in a.bodies() for c in body)


def _load_c(path: str, granularity: str, include_dirs, macros) -> AAG:
    """frontends.c.load_c, with every identifier of the program checked to be declared before
    level 1 reads it (an undeclared name would become a value never known: issue 14)."""
    from .c.cparse import check_names, parse_c
    from .c.depth import check_depth
    from .c.level1 import level1

    src = parse_c(path, macros=macros or None, include_dirs=list(include_dirs or []))
    check_depth(src, MAX_NESTING)
    check_names(src)
    return level1(src, granularity)


# -- values of external inputs that the program itself shows to be nonsense ----------------------
# What can be decided before the prediction (issue 14), from the AAG alone:
# - an input held in an integer variable (the symbol table says so) takes a whole number;
# - an input read in a function and never assigned there again ("direct") must not make a
#   message size or a loop's trip count negative, nor a process number fractional, where that
#   size, count or number is an expression of direct inputs only: 8*n bytes with n = -5. (C would
#   run such a loop zero times; a negative count from the inputs is a mistake in the inputs far
#   more often than a way to skip a loop.) Those that also depend on the rank or on variables
#   assigned from inputs (after a broadcast) are the engine's to check when it evaluates them.

_AT_LEAST_ZERO, _WHOLE = "at least 0", "a whole number"


def check_input_values(aag: AAG, values: dict, origin) -> None:
    """FrontendError at the line concerned when ``values`` (input name -> number) are nonsense for
    ``aag``; ``origin(name)`` says where a value came from ("-D n=-5"), for the message."""
    for name, value in values.items():
        inp = aag.inputs.get(name)
        if inp is not None and _is_integer_variable(aag, name) and float(value) != int(value):
            raise FrontendError(f"external input {name} is an integer variable, but {origin(name)} is not a "
                                "whole number", aag.file, inp.line)
    for fn in aag.functions.values():
        direct = {n: float(values[n]) for n, inp in aag.inputs.items()
                  if n in values and fn.loc.first <= inp.line <= fn.loc.last
                  and set(aag.critical.get(n, ())) <= {inp.line}}
        if any(v < 0 or v != int(v) for v in direct.values()):
            _check_quantities(aag, fn.body, direct, origin)


def _is_integer_variable(aag: AAG, name: str) -> bool:
    info = aag.symbols.get(name.split("[", 1)[0]) if aag.symbols else None
    return info is not None and info.ctype == "int"


def _quantities(a):
    """(what, expression, rule) of one AAU's sizes, trip count and process numbers."""
    if a.cls in ("Comm", "SyncSeq"):
        yield "message size", a.size, _AT_LEAST_ZERO
        yield "message size", getattr(a, "recv_size", None), _AT_LEAST_ZERO
        for field_ in ("partner", "recv_partner", "root"):
            yield "process number", getattr(a, field_, None), _WHOLE
    elif a.cls.startswith("Iter"):
        count = a.num_iters
        # C's loop count is max(0, N): the N the inputs give is what says whether they make sense.
        if isinstance(count, sympy.Max) and len(count.args) == 2 and sympy.S.Zero in count.args:
            count = next(x for x in count.args if x != 0)
        yield "trip count", count, _AT_LEAST_ZERO


def _check_quantities(aag: AAG, body, direct: dict, origin) -> None:
    symbols = {var(n): sympy.Float(v) for n, v in direct.items()}
    for a in flat(body):
        for what, expr, rule in _quantities(a):
            if not isinstance(expr, sympy.Expr) or not expr.free_symbols or not expr.free_symbols <= set(symbols):
                continue
            odd = sorted(s.name for s in expr.free_symbols
                         if (symbols[s] < 0 if rule == _AT_LEAST_ZERO else symbols[s] != int(symbols[s])))
            value = _value(expr, symbols) if odd else None
            if value is not None and (value < 0 if rule == _AT_LEAST_ZERO else value != int(value)):
                given = ", ".join(origin(n) for n in odd)
                read = ", ".join(f"{n} is read at line {aag.inputs[n].line}" for n in odd)
                shown = f"this loop's trip count is {value:g}" if what == "trip count" else \
                    f"the {what} {quote(str(expr))} is {value:g}{' bytes' if what == 'message size' else ''}"
                raise FrontendError(f"{shown} with {given} ({read}): an input that decides a {what} must make "
                                    f"it {rule}", aag.file, a.loc.first)


def _value(expr, symbols: dict) -> float | None:
    """The number ``expr`` is for the inputs' values, or None when it stays symbolic."""
    try:
        result = expr.xreplace(symbols)
        return float(result) if result.is_number else None
    except (TypeError, ValueError, ArithmeticError):
        return None
