"""``#pragma interp`` annotations (``!$interp`` in Fortran): the grammar and its parser.

Grammar (one annotation per pragma line; EXPR is a whitelisted arithmetic expression of program
variables and external inputs, see sag/expr.py):

    input NAME = NUMBER            default value of an external input
    iters(EXPR)                    trip count of the next loop
    prob(P [, P2 ...])             probabilities of the next if / else-if conditions (data-dependent)
    cost(EXPR [UNIT])              interpretation function of the next statement, call or block
    work(flops=EXPR, loads=EXPR, stores=EXPR)
                                   computation not written yet, turned into time by the machine
    region NAME / end region       a named region for sub-AAG reports
    granularity statement|cluster  AAU granularity from here on (paper 3.3.2)

An unknown or malformed annotation is an error with file:line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import sympy

from sag import expr as expr_mod
from sag.errors import ExprError
from sag.units import lookup as unit_lookup, split_value, TIME

from .errors import FrontendError

_TIME_UNITS = {"s": 1.0, "ms": 1e-3, "us": 1e-6, "ns": 1e-9}


@dataclass
class Annotation:
    kind: str  # input | iters | prob | cost | work | region | end-region | granularity
    line: int
    name: str | None = None
    value: object = None


def _expr(text: str, file: str, line: int) -> sympy.Expr:
    try:
        return expr_mod.parse(text)
    except ExprError as exc:
        raise FrontendError(f"malformed #pragma interp expression: {exc}", file, line) from None


def _call_args(body: str, keyword: str, file: str, line: int) -> str:
    m = re.fullmatch(rf"{keyword}\s*\((.*)\)\s*", body, re.S)
    if not m:
        raise FrontendError(f"malformed '#pragma interp {body}': expected {keyword}(...)", file, line)
    return m.group(1).strip()


def parse(text: str, file: str, line: int) -> Annotation | None:
    """Parse the text after ``#pragma``; returns None for pragmas that are not interp's."""
    text = text.strip()
    if not text.startswith("interp"):
        return None
    body = text[len("interp"):].strip()
    if not body:
        raise FrontendError("empty '#pragma interp' (expected input, iters, prob, cost, work, region, "
                            "end region or granularity)", file, line)
    word = re.match(r"[A-Za-z_]+", body)
    word = word.group(0) if word else ""
    if word == "input":
        m = re.fullmatch(r"input\s+([A-Za-z_]\w*)\s*=\s*([-+0-9.eE]+)\s*", body)
        if not m:
            raise FrontendError(f"malformed '#pragma interp {body}': expected 'input NAME = NUMBER'", file, line)
        try:
            value = float(m.group(2))
        except ValueError:
            raise FrontendError(f"'#pragma interp {body}': {m.group(2)!r} is not a number", file, line) from None
        return Annotation("input", line, m.group(1), value)
    if word == "iters":
        return Annotation("iters", line, value=_expr(_call_args(body, "iters", file, line), file, line))
    if word == "prob":
        parts = [p.strip() for p in _call_args(body, "prob", file, line).split(",")]
        probs = []
        for p in parts:
            try:
                v = float(p)
            except ValueError:
                raise FrontendError(f"prob() takes numbers between 0 and 1, got {p!r}", file, line) from None
            if not 0.0 <= v <= 1.0:
                raise FrontendError(f"prob() takes numbers between 0 and 1, got {p!r}", file, line)
            probs.append(v)
        if sum(probs) > 1.0 + 1e-9:
            raise FrontendError(f"prob() values add up to more than 1: {parts}", file, line)
        return Annotation("prob", line, value=probs)
    if word == "cost":
        inner = _call_args(body, "cost", file, line)
        text_, unit = split_value(inner)
        factor = 1.0
        if unit is not None:
            u = unit_lookup(unit)
            if u is None or u.dimension != TIME or u.is_clock:
                raise FrontendError(f"cost() unit must be s, ms, us or ns, got {unit!r}", file, line)
            factor = u.factor
        return Annotation("cost", line, value=_expr(text_, file, line) * factor)
    if word == "work":
        inner = _call_args(body, "work", file, line)
        amounts = {}
        for part in filter(None, (p.strip() for p in inner.split(","))):
            key, sep, value = part.partition("=")
            key = key.strip()
            if not sep or key not in ("flops", "loads", "stores"):
                raise FrontendError(f"work() takes flops=, loads=, stores=; got {part!r}", file, line)
            amounts[key] = _expr(value, file, line)
        if not amounts:
            raise FrontendError("work() needs at least one of flops=, loads=, stores=", file, line)
        return Annotation("work", line, value=amounts)
    if word == "region":
        m = re.fullmatch(r"region\s+([A-Za-z_][\w.-]*)\s*", body)
        if not m:
            raise FrontendError(f"malformed '#pragma interp {body}': expected 'region NAME'", file, line)
        return Annotation("region", line, m.group(1))
    if word == "end":
        if re.fullmatch(r"end\s+region\s*", body):
            return Annotation("end-region", line)
        raise FrontendError(f"malformed '#pragma interp {body}': expected 'end region'", file, line)
    if word == "granularity":
        m = re.fullmatch(r"granularity\s+(statement|cluster)\s*", body)
        if not m:
            raise FrontendError("granularity must be 'statement' or 'cluster'", file, line)
        return Annotation("granularity", line, value=m.group(1))
    raise FrontendError(f"unknown annotation '#pragma interp {body}' (expected input, iters, prob, cost, "
                        "work, region, end region or granularity)", file, line)
