"""SAU parameters: a value or a [min, max] range, possibly an expression, in base units.

Paper 3.2.2: a parameter may be a range; "the user can decide which of these values to use
depending on whether best-case or worst-case performance is required" or define "some function of
these two values"; and a parameter may be "a known function of a run-time parameter (like system
load)". ``Bound`` is the user's choice; ``Parameter`` holds both ends as sympy expressions whose
free names are operation arguments (m, h, n) and run-time parameters (load, ...).

``Parameter.value`` is where an expression meets its run-time arguments, so it is also where a
value that is only infinite for some arguments (``log2(m)`` at m = 0, ``2**m`` at m = 1e6) is
caught: the error names the parameter's file, line and YAML path and the argument values.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

import sympy

from . import bounded
from . import expr as expr_mod
from .errors import EvaluationError, ExprError, quote
from .units import TIME, format_quantity

CLK = sympy.Symbol("clk", real=True)


@dataclass(frozen=True)
class Bound:
    """Which end of a parameter range a run uses: best, worst, mid, or a formula of min and max."""

    kind: str = "mid"
    formula: sympy.Expr | None = None

    @classmethod
    def parse(cls, text: str) -> "Bound":
        text = (text or "mid").strip()
        if text in ("best", "worst", "mid", "min", "max"):
            return cls(text)
        try:
            f = expr_mod.parse(text, frozenset({"min", "max"}))
        except ExprError as exc:
            raise ExprError(
                f"--bound must be best, worst, mid, min, max or a formula of min and max: {exc}"
            ) from None
        return cls("formula", f)

    def pick(self, lo: sympy.Expr, hi: sympy.Expr, lower_is_better: bool) -> sympy.Expr:
        if lo == hi:
            return lo
        kind = self.kind
        if kind == "best":
            kind = "min" if lower_is_better else "max"
        elif kind == "worst":
            kind = "max" if lower_is_better else "min"
        if kind == "min":
            return lo
        if kind == "max":
            return hi
        if kind == "mid":
            return (lo + hi) / 2
        mn, mx = sympy.Symbol("min", real=True), sympy.Symbol("max", real=True)
        return self.formula.xreplace({mn: lo, mx: hi})

    def __str__(self) -> str:
        return self.kind if self.formula is None else str(self.formula)


@dataclass(frozen=True)
class Parameter:
    """One exported SAU parameter in base units (s, B, Hz, B/s).

    ``raw_lo``/``raw_hi`` may contain the clock period symbol ``clk``; ``clk_period`` is the
    period of the SAU's clock (None when no clock applies). ``lo``/``hi`` have it substituted.
    """

    key: str
    dimension: str
    raw_lo: sympy.Expr
    raw_hi: sympy.Expr
    clk_period: float | None = None
    text: str = ""
    source: str | None = None
    path: str = ""
    line: int | None = None
    scale: float = 1.0
    file: str | None = field(default=None, compare=False)  # for run-time evaluation errors
    _numeric: dict = field(default_factory=dict, compare=False, repr=False, hash=False)

    @cached_property
    def lo(self) -> sympy.Expr:
        return self._subst(self.raw_lo)

    @cached_property
    def hi(self) -> sympy.Expr:
        return self._subst(self.raw_hi)

    def _subst(self, e: sympy.Expr) -> sympy.Expr:
        if self.clk_period is not None:
            e = e.xreplace({CLK: sympy.Float(self.clk_period)})
        return sympy.nsimplify(e * self.scale, rational=False) if self.scale != 1.0 else e

    @property
    def is_range(self) -> bool:
        return self.raw_lo != self.raw_hi

    @property
    def names(self) -> set[str]:
        return expr_mod.free_names(self.lo) | expr_mod.free_names(self.hi)

    @property
    def lower_is_better(self) -> bool:
        return self.dimension == TIME

    def expr(self, bound: Bound = Bound()) -> sympy.Expr:
        return bound.pick(self.lo, self.hi, self.lower_is_better)

    def value(self, bound: Bound = Bound(), **env: float) -> float:
        """Numeric value; ``env`` supplies operation arguments and run-time parameters."""
        key = (bound, tuple(sorted(env)))
        fn = self._numeric.get(key)
        if fn is None:
            e = self.expr(bound)
            missing = expr_mod.free_names(e) - set(env)
            if missing:
                raise ExprError(f"{self.key} needs a value for {', '.join(sorted(missing))}")
            try:  # a constant is evaluated here: sqrt(min-max) as the bound makes it complex
                fn = expr_mod.compile_numeric(e, key[1])
            except (ArithmeticError, ValueError, TypeError) as exc:
                raise self._evaluation_error(_failure(exc), bound, env) from None
            self._numeric[key] = fn
        try:
            # Arguments as floats: a power of an integer argument then overflows at once instead
            # of computing a huge exact integer (2**m at m = 10**9 would take minutes).
            result = fn(*(float(env[k]) for k in key[1]))
        except (ArithmeticError, ValueError, TypeError) as exc:
            raise self._evaluation_error(_failure(exc), bound, env) from None
        problem = bounded.float_problem(result)
        if problem:
            raise self._evaluation_error(problem, bound, env)
        return float(result)

    def _evaluation_error(self, problem: str, bound: Bound, env: dict) -> EvaluationError:
        args = ", ".join(f"{k}={_show(env[k])}" for k in sorted(env) if k in self.names)
        at = f" for {args}" if args else ""
        end = f" (bound {bound})" if self.is_range else ""
        if self.is_range and bound.kind == "formula":  # the formula of min and max can be at fault
            end = f" under --bound {bound} (is the --bound formula finite and real for min <= max?)"
        scaled = f" scaled by {self.scale:g}" if self.scale != 1.0 else ""
        return EvaluationError(
            f"{self.key} = {quote(self.text)}{scaled} is {problem}{at}{end}; change the expression "
            "so it is finite for every argument (e.g. log2(max(m, 1)))",
            self.file, self.line, self.path)

    def scaled(self, factor: float) -> "Parameter":
        return replace(self, scale=self.scale * factor, _numeric={})

    def with_clock(self, period: float | None) -> "Parameter":
        return replace(self, clk_period=period, _numeric={})

    def describe(self, bound: Bound | None = None) -> str:
        def one(e: sympy.Expr) -> str:
            if e.free_symbols:
                return str(sympy.nsimplify(e, rational=False).evalf(4))
            return format_quantity(float(e), self.dimension)

        if bound is not None:
            return one(self.expr(bound))
        if self.is_range:
            return f"[{one(self.lo)}, {one(self.hi)}]"
        return one(self.lo)


def _failure(exc: Exception) -> str:
    """What a failed numeric evaluation means, as the rest of a message "... is ___"."""
    if isinstance(exc, ZeroDivisionError):
        return "infinite (a division by zero)"
    if isinstance(exc, OverflowError):
        return "too large to compute (an overflow)"
    if isinstance(exc, TypeError) and "complex" in str(exc):
        return "not a real number (a square root or power of a negative number?)"
    if isinstance(exc, ValueError):
        return "undefined (the log of zero or of a negative number, or a square root of one?)"
    return f"not computable ({exc})"


def _show(value) -> str:
    try:
        return f"{float(value):g}"
    except (TypeError, ValueError, OverflowError):
        return quote(value)
