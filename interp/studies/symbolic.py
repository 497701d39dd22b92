"""``interp run --symbolic NAME``: the predicted time as a closed form of inputs (paper 3.4.2,
"an attempt is made to interpret the performance of the application as a function of these
variables"). See interp/symtime.py for how the closed form is carried through the engine.

The closed form is exact in the region where every decision the engine made at the samples keeps
its outcome; that region is reported, and the form is checked against a numeric interpretation at
a second point inside it.
"""
from __future__ import annotations

from dataclasses import dataclass

import sympy

from interp.engine import symtime
from interp.errors import InputError


@dataclass
class ClosedForm:
    expr: sympy.Expr
    regions: dict  # symbol -> sympy Set
    checks: list  # (point dict, closed-form value, numeric prediction)

    def text(self) -> str:
        expr = sympy.nsimplify(self.expr, rational=False)
        lines = [f"closed form: T = {sympy.sstr(expr.evalf(6))} s"]
        for s, region in self.regions.items():
            lines.append(f"  valid for {s} in {region}")
        for point, value, numeric in self.checks:
            at = ", ".join(f"{k}={v:g}" for k, v in point.items())
            lines.append(f"  checked at {at}: closed form {value:.9g} s, interpretation {numeric:.9g} s")
        return "\n".join(lines)


def _inside(region, sample: float) -> float:
    """A second point of the region (to check the closed form away from the sample)."""
    lo = region.inf if region.inf.is_finite else sample
    hi = region.sup if region.sup.is_finite else 4 * max(sample, 1.0)
    for candidate in ((lo + hi) / 2, 2 * sample, (sample + hi) / 2):
        candidate = float(candidate)
        if float(sample).is_integer():
            candidate = float(round(candidate))  # inputs read with atoi are integers
        if candidate != sample and region.contains(candidate) == sympy.true:
            return candidate
    return sample


def closed_form(pred, names, rerun) -> ClosedForm:
    """``rerun(values)`` predicts numerically with the named inputs set to ``values``."""
    expr = pred.result.symbolic_total
    if expr is None:
        raise InputError(f"the predicted time does not depend on {', '.join(names)}")
    symbols = {sympy.Symbol(n, positive=True): n for n in names}
    samples = {s: float(pred.result.inputs[n]) for s, n in symbols.items()}
    regions = symtime.validity(list(symbols), samples)
    checks = []
    for point in (samples, {s: _inside(regions[s], v) for s, v in samples.items()}):
        value = float(expr.subs(point))
        numeric = rerun({symbols[s]: v for s, v in point.items()})
        checks.append(({symbols[s]: v for s, v in point.items()}, value, numeric))
        if abs(value - numeric) > 1e-9 * max(abs(numeric), 1e-30):
            raise InputError(f"the closed form disagrees with the interpretation at "
                             f"{point}: {value} vs {numeric}; this program's time is not a closed form "
                             "of those inputs that interp can derive")
    return ClosedForm(expr, regions, checks)
