"""``#pragma interp`` annotations (``!$interp`` in Fortran): the grammar and its parser.

Grammar (one annotation per pragma line; EXPR is a whitelisted arithmetic expression of program
variables and external inputs, see sag/expr.py):

    input NAME = NUMBER            default value of an external input
    iters(EXPR)                    trip count of the next loop
    prob(P [, P2 ...])             probabilities of the next if / else-if conditions (data-dependent)
    cost(EXPR [UNIT])              interpretation function of the next statement, call or block
    size(EXPR)                     the count of the message call on the next line, when it comes
                                   from data: what the call's count argument holds (elements of
                                   its datatype in MPI, bytes in NX/2)
    work(flops=EXPR, loads=EXPR, stores=EXPR)
                                   computation not written yet, turned into time by the machine
    shift(bytes=EXPR)              the next statement or block is a ring shift of EXPR bytes per process
                                   (seed 003 section 3.3.3), however the source writes it
    region NAME / end region       a named region for sub-AAG reports
    granularity statement|cluster  AAU granularity from here on (paper 3.3.2)

An unknown or malformed annotation is an error with file:line.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

import sympy

from sag import bounded, expr as expr_mod
from sag.errors import ExprError, quote
from sag.limits import MAX_QUOTE
from sag.units import lookup as unit_lookup, split_value, TIME

from .errors import FrontendError

_TIME_UNITS = {"s": 1.0, "ms": 1e-3, "us": 1e-6, "ns": 1e-9}


@dataclass
class Annotation:
    kind: str  # input | iters | prob | cost | size | work | shift | region | end-region | granularity
    line: int
    name: str | None = None
    value: object = None
    function: str | None = None  # where a statement annotation waits for its statement


def _expr(text: str, file: str, line: int) -> sympy.Expr:
    """A bounded expression (sag/expr.py: ``10**10**10`` is refused before it is computed)."""
    try:
        value = expr_mod.parse(text)
    except ExprError as exc:
        # sag's messages speak of machine parameters; the same limits hold for annotations.
        message = str(exc).replace("a machine parameter must be", "an annotation must be")
        raise FrontendError(f"malformed #pragma interp expression: {message}", file, line) from None
    odd = sorted(s.name for s in value.free_symbols if s.name.lower() in _NOT_FINITE)
    if odd:  # parsed as names, meant as numbers: an annotation states finite amounts
        raise FrontendError(f"#pragma interp expression {quote(text.strip())} names {odd[0]!r}: an annotation "
                            "states finite numbers (of program variables and inputs)", file, line)
    return value


_NOT_FINITE = {"nan", "inf", "infinity", "oo", "zoo"}


def _amount(text: str, what: str, file: str, line: int) -> sympy.Expr:
    """An amount (a trip count, a time, a number of operations): refused when it is a negative number.

    An expression of program variables and inputs is checked where it is evaluated."""
    value = _expr(text, file, line)
    if value.is_number and value < 0:
        raise FrontendError(f"{what} {quote(text.strip())} is negative; give a number of at least 0", file, line)
    return value


def _shown(body: str) -> str:
    """An annotation as the user wrote it, at most about MAX_QUOTE characters."""
    return body if len(body) <= MAX_QUOTE else f"{body[:MAX_QUOTE]}... ({len(body)} characters)"


def _malformed(body: str, expected: str) -> str:
    return f"malformed '#pragma interp {_shown(body)}': expected {expected}"


def _call_args(body: str, keyword: str, file: str, line: int) -> str:
    m = re.fullmatch(rf"{keyword}\s*\((.*)\)\s*", body, re.S)
    if not m:
        raise FrontendError(_malformed(body, f"{keyword}(...)"), file, line)
    return m.group(1).strip()


def _input(body: str, file: str, line: int) -> Annotation:
    m = re.fullmatch(r"input\s+([A-Za-z_]\w*)\s*=\s*([-+0-9.eE]+)\s*", body)
    if not m:
        raise FrontendError(_malformed(body, "'input NAME = NUMBER'"), file, line)
    try:
        value = float(m.group(2))
    except ValueError:
        raise FrontendError(f"'#pragma interp input {m.group(1)}': {quote(m.group(2))} is not a number",
                            file, line) from None
    problem = bounded.float_problem(value)
    if problem:  # 1e400 reads as inf: an input must be a finite number
        raise FrontendError(f"'#pragma interp input {m.group(1)}': {quote(m.group(2))} is {problem}; "
                            "give a finite number", file, line)
    return Annotation("input", line, m.group(1), value)


def _prob(body: str, file: str, line: int) -> Annotation:
    parts = [p.strip() for p in _call_args(body, "prob", file, line).split(",")]
    probs = []
    for p in parts:
        try:
            v = float(p)
        except ValueError:
            v = math.nan
        if not 0.0 <= v <= 1.0:  # nan fails too
            raise FrontendError(f"prob() takes numbers between 0 and 1, got {quote(p)}", file, line)
        probs.append(v)
    if sum(probs) > 1.0 + 1e-9:
        raise FrontendError(f"prob() values add up to more than 1: {quote(', '.join(parts))}", file, line)
    return Annotation("prob", line, value=probs)


def _cost(body: str, file: str, line: int) -> Annotation:
    inner = _call_args(body, "cost", file, line)
    text_, unit = split_value(inner)
    factor = 1.0
    if unit is not None:
        u = unit_lookup(unit)
        if u is None or u.dimension != TIME or u.is_clock:
            raise FrontendError(f"cost() unit must be s, ms, us or ns, got {quote(unit)}", file, line)
        factor = u.factor
    return Annotation("cost", line, value=_amount(text_, "cost()", file, line) * factor)


def _size(body: str, file: str, line: int) -> Annotation:
    """size(EXPR): the count of the message call of the next statement (sizes from data)."""
    return Annotation("size", line, value=_amount(_call_args(body, "size", file, line), "size()", file, line))


def _work(body: str, file: str, line: int) -> Annotation:
    inner = _call_args(body, "work", file, line)
    amounts = {}
    for part in filter(None, (p.strip() for p in inner.split(","))):
        key, sep, value = part.partition("=")
        key = key.strip()
        if not sep or key not in ("flops", "loads", "stores"):
            raise FrontendError(f"work() takes flops=, loads=, stores=; got {quote(part)}", file, line)
        amounts[key] = _amount(value, f"work() {key}=", file, line)
    if not amounts:
        raise FrontendError("work() needs at least one of flops=, loads=, stores=", file, line)
    return Annotation("work", line, value=amounts)


def _shift(body: str, file: str, line: int) -> Annotation:
    inner = _call_args(body, "shift", file, line)
    key, sep, value = inner.partition("=")
    if not sep or key.strip() != "bytes":
        raise FrontendError(f"shift() takes bytes=EXPR (the message each process sends to the next), got "
                            f"{quote(inner.strip())}", file, line)
    return Annotation("shift", line, value=_amount(value, "shift() bytes=", file, line))


def _region(body: str, file: str, line: int) -> Annotation:
    m = re.fullmatch(r"region\s+([A-Za-z_][\w.-]*)\s*", body)
    if not m:
        raise FrontendError(_malformed(body, "'region NAME'"), file, line)
    return Annotation("region", line, m.group(1))


def _end(body: str, file: str, line: int) -> Annotation:
    if re.fullmatch(r"end\s+region\s*", body):
        return Annotation("end-region", line)
    raise FrontendError(_malformed(body, "'end region'"), file, line)


def _granularity(body: str, file: str, line: int) -> Annotation:
    m = re.fullmatch(r"granularity\s+(statement|cluster)\s*", body)
    if not m:
        raise FrontendError("granularity must be 'statement' or 'cluster'", file, line)
    return Annotation("granularity", line, value=m.group(1))


def _iters(body: str, file: str, line: int) -> Annotation:
    # A mean trip count may be fractional (a while loop's average); a negative one is nonsense.
    return Annotation("iters", line, value=_amount(_call_args(body, "iters", file, line), "iters()", file, line))


_PARSERS = {"input": _input, "iters": _iters, "prob": _prob, "cost": _cost, "size": _size, "work": _work,
            "shift": _shift,
            "region": _region, "end": _end, "granularity": _granularity}


def parse(text: str, file: str, line: int) -> Annotation | None:
    """Parse the text after ``#pragma``; returns None for pragmas that are not interp's."""
    text = text.strip()
    if not text.startswith("interp"):
        return None
    body = text[len("interp"):].strip()
    if not body:
        raise FrontendError("empty '#pragma interp' (expected input, iters, prob, cost, size, work, shift, region, "
                            "end region or granularity)", file, line)
    word = re.match(r"[A-Za-z_]+", body)
    parser = _PARSERS.get(word.group(0) if word else "")
    if parser is None:
        raise FrontendError(f"unknown annotation '#pragma interp {_shown(body)}' (expected input, iters, "
                            "prob, cost, size, work, shift, region, end region or granularity)", file, line)
    return parser(body, file, line)
