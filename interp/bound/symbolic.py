"""``interp bound --symbolic NAME``: phi, every delta / |r|, omega and T^l as closed forms of the
named inputs (seed 004: "compiled into symbolic performance models"), with the range of each
symbol in which they hold (engine/symtime.py records every decision the interpretation took at
the sample values).

T^l = Max(phi, delta_1/|r_1|, ...) is written with a common factor taken out of the Max when
all its terms share one (the paper's N max(P tau_s, tau_l + tau_s) rather than
max(N P tau_s, N (tau_l + tau_s))): the symbols are positive, so that is the same function.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import reduce

import sympy

from interp.engine import symtime


def expr(x) -> sympy.Expr:
    """The closed form of a time the engine computed (a number when it does not depend on a symbol)."""
    return x.e if isinstance(x, symtime.SymTime) else sympy.Float(float(x))


def _whole(t: sympy.Expr) -> sympy.Expr:
    """t with float coefficients that are whole numbers (to 1e-9, the engine's sums) as integers."""
    floats = t.atoms(sympy.Float)
    if floats and all(abs(float(f) - round(float(f))) <= 1e-9 * max(1.0, abs(float(f))) for f in floats):
        return t.xreplace({f: sympy.Integer(round(float(f))) for f in floats})
    return t


def factored_max(terms: list) -> sympy.Expr:
    """Max of terms with their common (positive) factor taken out, and dominated terms dropped."""
    # Whole-number coefficients the engine computed as floats (10.0 * tau_l) become integers, so
    # that sympy's gcd sees the common factor.
    terms = [_whole(t) for t in terms]
    m = sympy.Max(*terms)
    if not isinstance(m, sympy.Max):
        return m
    common = reduce(sympy.gcd, [sympy.factor(t) for t in m.args])
    if common.is_positive and not (common.is_Number and float(common) == 1.0):
        return sympy.factor(common) * sympy.Max(*[sympy.factor(sympy.cancel(t / common)) for t in m.args])
    return m


@dataclass
class SymbolicBound:
    phi: sympy.Expr
    bounds: list  # (resource name, delta / |r| closed form), as in BoundResult.resources
    omega: sympy.Expr
    tl: sympy.Expr
    regions: dict  # symbol -> the range where the closed forms hold

    def text(self) -> str:
        def show(e):
            return sympy.sstr(e if not e.has(sympy.Float) else e.evalf(9))

        lines = [f"phi   = {show(self.phi)} s", f"omega = {show(self.omega)} s", f"T^l   = {show(self.tl)} s"]
        for name, e in self.bounds:
            lines.append(f"  delta/|r| of {name} = {show(e)} s")
        for s, region in self.regions.items():
            lines.append(f"  valid for {s} in {region}")
        return "\n".join(lines)


def symbolic_bound(result, resources, names) -> SymbolicBound:
    symbols = [sympy.Symbol(n, positive=True) for n in names]
    samples = {s: float(result.inputs[str(s)]) for s in symbols}
    phi = result.symbolic_total if result.symbolic_total is not None else sympy.Float(float(result.total))
    bounds = [(d.name, expr(d.bound)) for d in resources]
    omega = factored_max([e for _, e in bounds]) if bounds else sympy.Integer(0)
    tl = factored_max([phi] + [e for _, e in bounds])
    return SymbolicBound(phi, bounds, omega, tl, symtime.validity(symbols, samples))
