"""Symbolic interpretation (``--symbolic NAME``): times that are closed forms of an input.

The engine runs on numbers. For ``--symbolic``, the chosen inputs carry both a sample value and a
symbol; arithmetic keeps the sympy expression next to the number, and every comparison the engine
makes (static or dynamic buffers, which message arrives first, which process ends last) is decided
on the samples and recorded as an assumption. The result is the total as a closed form of the
symbols, exact wherever all recorded assumptions keep their outcome: a region that
``validity`` turns into a range of each symbol.
"""
from __future__ import annotations

import math

import sympy

ASSUMPTIONS: list = []  # (sympy relational that held at the samples)


def _e(x):
    return x.e if isinstance(x, SymTime) else sympy.Float(x) if isinstance(x, float) else sympy.sympify(x)


def _v(x):
    return x.v if isinstance(x, SymTime) else x


def wrap(v, e):
    e = sympy.sympify(e)
    return SymTime(v, e) if e.free_symbols else v


class SymTime:
    __slots__ = ("v", "e")

    def __init__(self, v: float, e):
        self.v = float(v)
        self.e = e

    def __repr__(self) -> str:
        return f"SymTime({self.v!r}, {self.e})"

    # arithmetic keeps the expression
    def __add__(self, o):
        return wrap(self.v + _v(o), self.e + _e(o))

    __radd__ = __add__

    def __sub__(self, o):
        return wrap(self.v - _v(o), self.e - _e(o))

    def __rsub__(self, o):
        return wrap(_v(o) - self.v, _e(o) - self.e)

    def __mul__(self, o):
        return wrap(self.v * _v(o), self.e * _e(o))

    __rmul__ = __mul__

    def __truediv__(self, o):
        return wrap(self.v / _v(o), self.e / _e(o))

    def __rtruediv__(self, o):
        return wrap(_v(o) / self.v, _e(o) / self.e)

    def __neg__(self):
        return SymTime(-self.v, -self.e)

    def __abs__(self):
        return self if self.v >= 0 else -self

    def ceil_div(self, d: float):
        """ceil(self / d), at least 1 (packets of a message: filter/switching.packets_of)."""
        return wrap(max(1, math.ceil(self.v / d)), sympy.ceiling(self.e / sympy.nsimplify(d)))

    def __float__(self):
        return self.v

    def __int__(self):
        return int(self.v)

    def __hash__(self):
        return hash(self.v)

    # comparisons are decided on the samples and remembered
    def _cmp(self, o, op):
        result = op(self.v, _v(o))
        diff = sympy.expand(self.e - _e(o))
        if diff.free_symbols:
            rel = {"lt": sympy.Lt, "le": sympy.Le, "gt": sympy.Gt, "ge": sympy.Ge}
            name = op.__name__
            if name in rel:
                fact = rel[name](diff, 0) if result else sympy.Not(rel[name](diff, 0))
                ASSUMPTIONS.append(fact)
            elif name == "eq" and result:
                ASSUMPTIONS.append(sympy.Eq(diff, 0))
        return result

    def __lt__(self, o):
        import operator
        return self._cmp(o, operator.lt)

    def __le__(self, o):
        import operator
        return self._cmp(o, operator.le)

    def __gt__(self, o):
        import operator
        return self._cmp(o, operator.gt)

    def __ge__(self, o):
        import operator
        return self._cmp(o, operator.ge)

    def __eq__(self, o):
        import operator
        if not isinstance(o, (SymTime, int, float)):
            return NotImplemented
        return self._cmp(o, operator.eq)


def validity(symbols: list[sympy.Symbol], samples: dict) -> dict:
    """The range of each symbol where every recorded assumption holds (others at their samples)."""
    out = {}
    facts = list(dict.fromkeys(f for f in ASSUMPTIONS if f not in (sympy.true, True)))
    for s in symbols:
        others = {o: samples[o] for o in symbols if o is not s}
        region = sympy.Interval(0, sympy.oo)
        unsolved = 0
        for f in facts:
            f = f.subs(others) if others else f
            if f in (sympy.true, True) or not f.free_symbols:
                continue
            if not _polynomial(f, s):
                unsolved += 1  # steps (ceiling, int conversion, max) are not solved for
                continue
            try:
                region = region.intersect(sympy.solveset(f, s, domain=sympy.S.Reals))
            except Exception:  # sympy cannot solve it: counted, not guessed
                unsolved += 1
        out[s] = region if not unsolved else Partial(region, unsolved)
    return out


class Partial:
    """A region bounded by the assumptions sympy could solve; ``unsolved`` more also apply."""

    def __init__(self, region, unsolved: int):
        self.region, self.unsolved = region, unsolved
        self.inf, self.sup = region.inf, region.sup

    def contains(self, x):
        return self.region.contains(x)

    def __str__(self) -> str:
        return (f"{self.region} and {self.unsolved} step condition(s) not solved for "
                "(ceiling, integer conversion, max)")


def _polynomial(fact, s) -> bool:
    rels = [fact] if isinstance(fact, sympy.core.relational.Relational) else list(fact.atoms(sympy.core.relational.Relational))
    if not rels or any(a.has(sympy.ceiling, sympy.floor, sympy.Max, sympy.Min, sympy.Piecewise)
                       or any(type(x).__name__ in ("CTrunc", "CDiv", "CMod") for x in sympy.preorder_traversal(a))
                       for a in rels):
        return False
    return all((r.lhs - r.rhs).is_polynomial(s) for r in rels)
