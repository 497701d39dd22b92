"""From files to a prediction: parse (levels 1-2), map (level 3), interpret (Algorithm 2)."""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

import click

from frontends.aag import AAG
from sag import Bound, open_machine
from sag.bounded import float_problem
from sag.errors import clip, quote
from sag.limits import MAX_MAGNITUDE_TEXT, MAX_QUOTE
from sag.model import SAG
from sag.whatif import parse_assignments, scale as do_scale, with_runtime

from interp.errors import InputError


def load_program(path: str, granularity: str = "cluster", include_dirs=(), macros=None,
                 form: str | None = None) -> AAG:
    """The AAG of one program: C (.c), or Fortran by extension or ``form`` (fixed | free)."""
    from frontends.load import load_program as load

    return load(path, granularity, include_dirs, macros, form)


# [ \t], not \s: \s spans lines, which made 100,000 blank lines take a minute (quadratic)
FRONTEND_RECURSION = 6000  # frames while programs are read (load_programs)
_DIRECTIVE = re.compile(r"^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|define|undef)\b(.*)$", re.M)
_DEFINED = re.compile(r"[ \t]*([A-Za-z_]\w*)(\([^)]*\))?(.*)")
_BASIC_TYPE = r"\b(?:int|long|short|unsigned|signed|char|float|double|size_t|ssize_t|u?int\d+_t)\b"


def _declares(text: str, name: str) -> bool:
    """Does the program declare ``name`` as a variable (``int n = ...``, ``double a, *n;``)?"""
    return re.search(_BASIC_TYPE + r"[^;(){}#]*?[\s,*]" + re.escape(name) + r"\s*[=;,\[)]", text) is not None


def directive_names(files) -> set[str]:
    """The names the programs use in preprocessor directives: tested (#if, #ifdef ...), defined
    or undefined (#define N 1000), or read in a macro's body without being a variable of the
    program (``#define SIZE (N * 2)`` with N given as ``cc -DN=...``). A variable read in a body
    (``#define AT(i, j) a[(i) * n + (j)]`` with ``int n = atoi(argv[1])``) is an external input
    only: handed to the preprocessor as well, ``int n`` would become ``int 200``."""
    used: set[str] = set()
    for f in files:
        try:
            text = Path(f).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        for m in _DIRECTIVE.finditer(text):
            kind, rest = m.group(1), m.group(2)
            if kind not in ("define", "undef"):
                used.update(re.findall(r"[A-Za-z_]\w*", rest))
                continue
            d = _DEFINED.match(rest)
            if d is None:
                continue
            used.add(d.group(1))
            params = set(re.findall(r"[A-Za-z_]\w*", d.group(2) or ""))
            used.update(n for n in re.findall(r"[A-Za-z_]\w*", d.group(3))
                        if n not in params and not _declares(text, n))
    return used


def macro_names(files, defines: dict[str, float], used: set[str] | None = None) -> dict[str, str]:
    """The -D names the programs use in preprocessor directives: those are macros as well.

    ``-D NAME=VALUE`` sets an external input; when a program tests or defines NAME in a directive
    (``#ifndef N`` / ``#define N 1000``), it is also handed to the preprocessor, as ``cc -D`` would.
    """
    used = directive_names(files) if used is None else used
    return {name: (str(int(v)) if v == int(v) else repr(v)) for name, v in defines.items() if name in used}


@dataclass
class Loaded:
    """Programs parsed once for several predictions (a sweep ships them to its workers), with the
    -D values handed to their preprocessor (``macros``): they were parsed with those."""

    programs: list
    macros: dict


def load_programs(files, granularity="cluster", include_dirs=(), defines=None, form=None) -> list[AAG]:
    from frontends.load import check_source, load_programs as load_all

    for f in files:  # before macro_names reads them: /dev/zero or a FIFO would never end
        check_source(str(f))
    macros = macro_names(files, defines or {})
    # The walks over a parse tree recurse once per level of an expression: a sum of 500 terms
    # (unrolled or generated code) needs more than Python's default 1,000 frames. The limit is
    # raised only while the programs are read, and only so far that the C stack holds.
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, FRONTEND_RECURSION))
    try:
        return load_all(files, granularity, include_dirs, macros, form)
    except RecursionError:
        # The parsers have their own limits; the walks over the tree they build recurse once per
        # level, so an expression of 100,000 terms or 400 nested ?: can pass the parse and
        # exhaust Python's stack in a later walk.
        names = ", ".join(map(str, files))
        raise InputError(f"{names}: the program nests too deeply for interp to follow (an expression "
                         "of many thousands of terms, or expressions or statements nested hundreds "
                         "of levels deep); split it into smaller statements") from None
    finally:
        sys.setrecursionlimit(limit)


def load_machine(name: str, scale=(), params=(), mode=("full", None, "")) -> SAG:
    """The machine (a name, a file, or a SAG already read or derived by a study: interp extrapolate's
    measured machine) with the what-ifs, run-time parameters and prediction mode (sag/modes.py)
    applied; ``mode`` is (name, seconds per flop for uniform, where that time comes from)."""
    from sag.modes import apply

    sag = apply(name if isinstance(name, SAG) else open_machine(name), *mode)
    if scale:
        sag = do_scale(sag, parse_assignments(scale, "--scale"))
    if params:
        sag = with_runtime(sag, parse_assignments(params, "--param"))
    return sag


def parse_defines(defines) -> dict[str, float]:
    """-D NAME=NUMBER options as {name: value}: finite numbers at most 1e300 in magnitude."""
    out = {}
    for item in defines:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise InputError(f"-D {quote(item)}: expected NAME=NUMBER")
        try:
            number = float(value)
        except ValueError:
            raise InputError(f"-D {quote(item)}: {quote(value)} is not a number") from None
        problem = float_problem(number)
        if problem:  # 1e400 reads as inf, and nan compares false with everything
            raise InputError(f"-D {quote(item)}: the value is {problem}; an input must be a finite number "
                             f"(at most {MAX_MAGNITUDE_TEXT} in magnitude)")
        if name.strip() in out and out[name.strip()] != number:  # the later would silently win
            raise InputError(f"-D {name.strip()} is given twice, as {_exact(out[name.strip()])} and {_exact(number)}: "
                             "give it once")
        out[name.strip()] = number
    return out


def _exact(v: float) -> str:
    """An input value in a message, exactly (interp/output/format.py's fmt_value, which the
    pipeline does not import): 10000001, not 1e+07."""
    v = float(v)
    return str(int(v)) if v.is_integer() and abs(v) < 2.0**53 else repr(v)


def resolve_inputs(programs: list[AAG], defines: dict[str, float], interactive: bool | None = None,
                   macros=()) -> dict:
    """Values of the external inputs (paper 3.1: prompted for when not given)."""
    from frontends.load import check_input_values

    known = {}
    for prog in programs:
        for name, inp in prog.inputs.items():
            known.setdefault(name, (prog, inp))
    # Fortran names are case-insensitive: -D N=1000 sets the input n of a Fortran program.
    fortran = {name.lower(): name for prog in programs if prog.language == "fortran" for name in prog.inputs}
    defines = {(k if k in known else fortran.get(k.lower(), k)): v for k, v in defines.items()}
    unknown = sorted(set(defines) - set(known) - set(macros))
    if unknown:
        names = ", ".join(sorted(known)) or "none"
        raise InputError(f"-D {clip(unknown[0], MAX_QUOTE)}: the program has no external input of that name "
                         f"(its inputs: {names})")
    values = {}
    missing = []
    if interactive is None:
        interactive = sys.stdin.isatty() and sys.stderr.isatty()
    if "argc" in known and "argc" not in defines and known["argc"][1].how == "argv":
        values["argc"] = argc_given(known, defines)
    for name, (prog, inp) in sorted(known.items()):
        if name in values:
            continue
        if name in defines:
            values[name] = defines[name]
        elif inp.default is not None:
            values[name] = inp.default
        elif inp.optional:
            continue  # read only when given (argc says so): the program keeps its own value
        elif inp.critical:
            if interactive:
                values[name] = _prompt(prog, inp)
            else:
                missing.append(f"  {name} ({prog.file}:{inp.line}, read from {inp.how})")
    if missing:
        raise InputError("missing values of critical external inputs; give each with -D NAME=VALUE:\n"
                         + "\n".join(missing))

    def origin(name: str) -> str:
        given = "-D " if name in defines else "the default " if known[name][1].default is not None else ""
        return f"{given}{name}={_exact(values[name])}"

    for prog in programs:
        check_input_values(prog, {n: v for n, v in values.items() if n in prog.inputs}, origin)
    return values


def argc_given(known: dict, defines: dict) -> float:
    """argc as the command line the -D values stand for: the program's name plus arguments up to
    the last argv position given. An argument the program reads only when argc says it is there
    (``if (argc > 2)``) and that is not given is left out, so the program keeps its own value;
    one it reads unconditionally must be given (it is a missing input)."""
    positions = [inp.index for name, (_, inp) in known.items()
                 if inp.how == "argv" and inp.index is not None and (name in defines or not inp.optional)]
    return float(1 + max(positions, default=0))


def _prompt(prog: AAG, inp) -> float:
    """A value typed by the user: a finite number, asked for again until it is one."""
    while True:
        value = click.prompt(f"{prog.file}:{inp.line}: value of external input {inp.name}", type=float, err=True)
        problem = float_problem(value)
        if not problem:
            return value
        click.echo(f"interp: the value is {problem}; give a finite number", err=True)


def symbolic_inputs(inputs: dict, names) -> dict:
    """--symbolic: each named input carries its sample value and a symbol (see interp/symtime.py)."""
    import sympy

    from interp.engine import symtime

    symtime.ASSUMPTIONS.clear()
    out = dict(inputs)
    for name in names:
        if name not in inputs:
            known = ", ".join(sorted(inputs)) or "none"
            raise InputError(f"--symbolic {name}: the program has no external input of that name (its inputs: {known})")
        out[name] = symtime.SymTime(float(inputs[name]), sympy.Symbol(name, positive=True))
    return out


@dataclass
class Prediction:
    programs: list[AAG]
    sag: SAG
    result: object


def refuse_unsupported(programs) -> None:
    """A construct interp cannot model refuses the prediction, rather than leave part of the
    program out of it without saying so: one message, each construct with its line."""
    bad = [p for prog in programs for p in prog.problems if p.kind == "unsupported"]
    if bad:
        # Once each: fib(k - 1) + fib(k - 2) on one line is one thing to annotate, not two.
        unique = list(dict.fromkeys(f"{p.file}:{p.line}: {p.message}" for p in bad))
        lines = unique[:10]
        more = f"\n  ... and {len(unique) - 10} more (interp check lists them all)" if len(unique) > 10 else ""
        raise InputError("cannot predict: the program uses what interp does not model:\n  "
                         + "\n  ".join(lines) + more)


# Problems of the parse that are defaults the prediction takes (a branch on data weighted 0.5, a
# call interp does not model costed 0): --strict refuses them (docs/annotations.md).
DEFAULT_KINDS = ("assumption", "unmodelled-call")


def refuse_defaults(programs) -> None:
    """--strict: every default of the parse is an error, each with its line and the annotation."""
    taken = [p for prog in programs for p in prog.problems if p.kind in DEFAULT_KINDS]
    if taken:
        lines = [f"{p.file}:{p.line}: {p.message}" for p in taken[:10]]
        more = f"\n  ... and {len(taken) - 10} more (interp check --strict lists them all)" if len(taken) > 10 else ""
        raise InputError("--strict: the prediction would take defaults; state them with annotations:\n  "
                         + "\n  ".join(lines) + more)


def predict(files, machine, procs: int, defines=(), bound="mid", scale=(), params=(),
            granularity="cluster", trace=False, interactive=None, include_dirs=(), tiebreak=1,
            closed_forms=True, map_file=None, symbolic=(), form=None, messages=True,
            exact=False, max_events=None, timeout=None, contention=True, demand=False,
            mode=("full", None, ""), strict=False, loaded: Loaded | None = None, symmetry=True) -> Prediction:
    from interp.engine.algorithm import Engine
    from interp.engine.options import EngineOptions

    values = parse_defines(defines)
    if loaded is None:
        programs = load_programs(files, granularity, include_dirs, values, form)
        macros = macro_names(files, values)
    else:  # parsed already, with the macros of these -D values (studies/shipped.py)
        programs, macros = loaded.programs, loaded.macros
    if len(programs) > 2:
        raise InputError("give one SPMD program (its files: one with main, the others helper functions), "
                         "or a host program and a node program")
    refuse_unsupported(programs)
    if strict:
        refuse_defaults(programs)
    sag = load_machine(machine, scale, params, mode)
    inputs = resolve_inputs(programs, values, interactive, macros)
    if symbolic:
        inputs = symbolic_inputs(inputs, symbolic)
    placement = None
    if map_file:
        from interp.filter.mapfile import load_map
        placement = load_map(map_file)
    options = EngineOptions(bound=Bound.parse(bound), trace=trace, tiebreak=tiebreak, closed_forms=closed_forms,
                            placement=placement, messages=messages, extrapolate=not exact,
                            symmetry=symmetry and not exact,
                            max_events=max_events, timeout=timeout, contention=contention, demand=demand,
                            no_defaults=strict)
    engine = Engine(programs, sag, procs, inputs, options)
    try:
        result = engine.run()
    except InputError as exc:
        raise _every_missing_iters(exc, programs, sag, procs, inputs, options) from None
    result.inputs = {k: float(v) if type(v).__name__ == "SymTime" else v for k, v in inputs.items()}
    result.problems = [str(p) for prog in programs for p in prog.problems]
    return Prediction(programs, sag, result)


# The survey after a refused loop (_every_missing_iters): at most this much more work.
SURVEY_SECONDS, SURVEY_EVENTS = 10.0, 2_000_000


def _every_missing_iters(exc: InputError, programs, sag, procs, inputs, options) -> InputError:
    """A prediction refused for a loop whose count needs data (its message names iters(N)): the
    run is made again as check's survey does (each such loop listed and taken as running once,
    interp/engine/values.py surveyed), so the error names every such loop, not only the first
    (an explorer's program needed three edit-and-rerun cycles). Any other error is returned as
    it is; so is this one when the survey finds no more, or fails."""
    if "iters(N)" not in str(exc):
        return exc
    from dataclasses import replace

    from interp.engine.algorithm import Engine
    # a budget of its own: an error is a few seconds away, not the run's full budget
    engine = Engine(programs, sag, procs, inputs, replace(options, survey=True, trace=False,
                                                          timeout=SURVEY_SECONDS, max_events=SURVEY_EVENTS))
    try:
        engine.run()
    except Exception:  # noqa: BLE001 - stopped by its budget or another error: what it found stands
        pass
    found = engine.survey or {}
    if len(found) < 2:
        return exc
    listed = "\n".join(f"  {message}" for _, message in sorted(found.items()))
    return InputError(f"{len(found)} loops have trip counts that depend on data; state each with iters(N) "
                      f"(each was taken as running once to find the next):\n{listed}")
