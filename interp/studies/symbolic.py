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


# -- T_n as a closed form of the process count (sweep --metrics --symbolic-procs) -----------------
# The engine interprets every process, so n cannot be a symbol of the interpretation the way an
# input is. The closed form is fitted instead, to the predictions of the sweep, in the family of
# seed 003's Table 7 (computation that divides, a serial part, a collective growing with log n and
# one power of n for the rest): T_n = a + b/n + c n^p + d log2 n. The exponent p is searched on a
# grid (then refined), a..d by least squares of the relative residuals; terms that never reach
# 1e-4 of the smallest T_n are dropped and the rest refitted. Every point is shown against its
# interpretation, as for ``run --symbolic``, with the largest deviation.
_BASIS = ("1", "1/n", "n^p", "log2 n")


@dataclass
class ProcsFit:
    coef: dict  # term -> coefficient (only the terms kept)
    p: float | None
    checks: list  # (n, closed-form value, interpretation)

    def value(self, n: float) -> float:
        return float((_columns([n], self.p, list(self.coef)) @ list(self.coef.values()))[0])

    def formula(self) -> str:
        parts = []
        for term, c in self.coef.items():
            num = f"{abs(c):.4g}"
            body = (num if term == "1" else f"{num}/n" if term == "1/n" else f"{num} log2 n"
                    if term == "log2 n" else f"{num} n^{self.p:.3g}")
            parts.append(("- " if c < 0 else "+ ") + body)
        text = " ".join(parts) or "0"
        return text[2:] if text.startswith("+ ") else "-" + text[2:]

    @property
    def worst(self) -> float:
        return max(abs(v - t) / t for _, v, t in self.checks)

    def text(self, where: str = "") -> str:
        ns = [n for n, _, _ in self.checks]
        lines = [f"closed form{where}: T_n = {self.formula()} s  (fitted for n in [{min(ns):g}, {max(ns):g}], "
                 f"largest deviation {100 * self.worst:.3g}%)"]
        for n, value, numeric in self.checks:
            lines.append(f"  n={n:g}: closed form {value:.6g} s, interpretation {numeric:.6g} s")
        return "\n".join(lines)


def _columns(ns, p, terms):
    import numpy as np

    n = np.asarray(ns, dtype=float)
    cols = {"1": np.ones_like(n), "1/n": 1 / n, "log2 n": np.log2(n)}
    if p is not None:
        cols["n^p"] = n ** p
    return np.column_stack([cols[t] for t in terms])


def _lstsq(ns, ts, p, terms):
    import numpy as np

    a = _columns(ns, p, terms) / ts[:, None]
    coef, *_ = np.linalg.lstsq(a, np.ones(len(ts)), rcond=None)
    return coef, float(np.sum((a @ coef - 1) ** 2))


def _best_p(ns, ts, terms):
    import numpy as np

    if "n^p" not in terms:
        return None
    # p = 0 and p = -1 repeat the constant and 1/n terms
    grid = [p for p in np.arange(-3, 3.0001, 0.01) if abs(p) > 0.005 and abs(p + 1) > 0.005]
    p = min(grid, key=lambda q: _lstsq(ns, ts, q, terms)[1])
    fine = [q for q in np.arange(p - 0.01, p + 0.01, 1e-4) if abs(q) > 0.005 and abs(q + 1) > 0.005]
    return float(min(fine, key=lambda q: _lstsq(ns, ts, q, terms)[1]))


def fit_procs(ns, times) -> ProcsFit:
    import numpy as np

    if len(set(ns)) < len(_BASIS) + 1:
        raise InputError(f"--symbolic-procs fits T_n = a + b/n + c n^p + d log2 n: give at least "
                         f"{len(_BASIS) + 1} process counts (got {len(set(ns))})")
    ts = np.asarray(times, dtype=float)
    terms = list(_BASIS)
    while True:
        p = _best_p(ns, ts, terms)
        coef, _ = _lstsq(ns, ts, p, terms)
        size = np.max(np.abs(_columns(ns, p, terms) * coef), axis=0)
        keep = [t for t, s in zip(terms, size) if s >= 1e-4 * np.abs(ts).min()]
        if keep == terms or not keep:
            break
        terms = keep
    fit = ProcsFit(dict(zip(terms, map(float, coef))), p, [])
    fit.checks = [(n, fit.value(n), t) for n, t in zip(ns, times)]
    return fit
