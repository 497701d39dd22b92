"""``interp bound --symbolic N --symbolic P``: phi, the demand of each kind of resource, omega and
T^l as closed forms of inputs that decide control flow (loop counts) and of the number of
processes P, which the symbolic interpretation cannot keep as symbols (docs/bound.md).

The contention-free interpretation runs at a grid of their values (interp/bound/fit.py chooses
it), the other --symbolic inputs (the paper's tau) still carried as symbols, so every run gives
phi and each demand as a linear form in the tau with numeric coefficients. Each coefficient is
fitted over the grid exactly (rationals) or refused, then checked at points outside the grid.

Resources are taken by kind -- "processor of rank #", "link #->#" -- since their number changes
with P: the demand of a kind at a point is that of its busiest member (the one whose every
coefficient is largest; a kind whose members do not order that way has no such closed form).
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

import sympy

from interp.bound import fit
from interp.bound.resources import demands
from interp.bound.symbolic import expr as closed, factored_max
from interp.errors import InputError

PROCS = "P"  # the name of the number of processes under --symbolic, unless the program has an input P
MAX_POINTS = 200  # grid runs: past this, ask for fewer fitted names


def kind(name: str) -> str:
    """A resource's kind: its name with every number as #."""
    return re.sub(r"\d+", "#", name)


def parts(e, carried: list) -> dict:
    """A closed form linear in the carried symbols as {monomial: coefficient}."""
    e = sympy.expand(closed(e) if not isinstance(e, sympy.Expr) else e)
    if not carried:
        return {sympy.Integer(1): float(e)}
    try:
        poly = sympy.Poly(e, *carried)
    except sympy.PolynomialError:
        raise InputError(f"--symbolic: {e} is not a polynomial in {', '.join(map(str, carried))}; "
                         "keep fewer inputs symbolic") from None
    out = {}
    for monomial, coefficient in poly.terms():
        out[sympy.Mul(*[s ** k for s, k in zip(carried, monomial)])] = float(coefficient)
    return out


def busiest(members: list[dict]):
    """The member whose every coefficient is the largest, or None when no member is."""
    keys = {k for m in members for k in m}
    for m in members:
        if all(m.get(k, 0.0) >= o.get(k, 0.0) * (1 - 1e-12) for o in members for k in keys):
            return m
    return None


def observe(result, carried: list) -> dict:
    """phi and every kind of resource's demand of one contention-free run, as parts."""
    phi = result.symbolic_total if result.symbolic_total is not None else result.total
    terms = {"phi": parts(phi, carried)}
    by_kind = defaultdict(list)
    for d in demands(result.demand, result.capacity):
        by_kind[kind(d.name)].append(parts(d.bound, carried))
    for k, members in by_kind.items():
        top = busiest(members)
        terms[k] = top if top is not None else f"the demands of its {len(members)} resources do not order the same way for every value of the symbols"
    return terms


def _point_text(point: dict) -> str:
    return ", ".join(f"{s}={v:g}" for s, v in point.items())


@dataclass
class FittedBound:
    phi: sympy.Expr | None
    bounds: list  # (kind, closed form of its busiest member's delta / |r|)
    omega: sympy.Expr
    tl: sympy.Expr | None
    left_out: list  # (kind or "phi", why it has no closed form)
    grid: dict  # symbol -> values fitted at
    used: int  # predictions fitted to
    skipped: dict  # reason -> [points]
    checks: list  # (point, None if the closed forms hold there, else what differs)
    regions: dict  # carried symbol -> its range (engine/symtime.py)
    procs_symbol: sympy.Symbol | None = None
    notes: list = field(default_factory=list)

    def text(self) -> str:
        def show(e):
            big = [r for r in e.atoms(sympy.Rational) if r.q > 1000]
            return sympy.sstr(e.xreplace({r: sympy.Float(r, 9) for r in big}))

        lines = [f"phi   = {show(self.phi)} s" if self.phi is not None else "phi   : no closed form (below)",
                 f"omega = {show(self.omega)} s" if self.bounds or not self.left_out
                 else "omega : no closed form (no kind of resource has one, below)",
                 f"T^l   = {show(self.tl)} s" if self.tl is not None else "T^l   : no closed form (phi has none)"]
        for name, e in self.bounds:
            lines.append(f"  delta/|r| of {name} (the busiest) = {show(e)} s")
        for name, why in self.left_out:
            lines.append(f"  no closed form for {name}: {why}"
                         + ("; left out of omega and T^l, which are then a smaller lower bound" if name != "phi" else ""))
        if self.procs_symbol is not None:
            lines.append(f"  {self.procs_symbol} = the number of processes (--procs)")
        grid = ", ".join(f"{s} in {{{', '.join(f'{v:g}' for v in vs)}}}" for s, vs in self.grid.items())
        lines.append(f"  fitted to {self.used} contention-free interpretations at {grid}; exact (1e-9) at each")
        for reason, points in self.skipped.items():
            lines.append(f"  not fitted at {'; '.join(map(_point_text, points))}: {reason}")
        for point, diff in self.checks:
            lines.append(f"  checked at {_point_text(point)}: " + ("the closed forms hold" if diff is None else
                                                                   f"they do not hold ({diff})"))
        lines.append("  valid at the fitted points; between and beyond them only where the checks hold")
        for s, region in self.regions.items():
            lines.append(f"  valid for {s} in {region}")
        return "\n".join(lines)


def _grid(names: list, samples: dict, procs_name) -> tuple[list, dict, list]:
    symbols = [sympy.Symbol(n, positive=True) for n in names]
    values, extra = {}, []
    for s, n in zip(symbols, names):
        v = samples[n]
        values[s], more = fit.grid_values(v, float(v).is_integer(), n == procs_name)
        extra += [{o: (m if o is s else samples[str(o)]) for o in symbols} for m in more]
    points = [dict(zip(symbols, combo)) for combo in _product([values[s] for s in symbols])]
    if len(points) > MAX_POINTS:
        raise InputError(f"--symbolic {' '.join(names)}: fitting them needs {len(points)} interpretations "
                         f"(at most {MAX_POINTS}); keep fewer of them symbolic")
    return symbols, values, points + [("check", p) for p in extra]


def _product(lists):
    import itertools

    return itertools.product(*lists)


def _fit_term(symbols, pts, observations, name, monomials):
    """The closed form of one term (phi or a kind) from its parts at every point, or why not."""
    total = sympy.Integer(0)
    for m in monomials:
        ys = [obs.get(m, 0.0) for obs in observations]
        f = fit.fit(symbols, pts, ys)
        if f is None:
            at = ", ".join(f"{_point_text(p)}: {y:.9g}" for p, y in list(zip(pts, ys))[:4])
            return None, (f"its {'constant part' if m == 1 else f'coefficient of {m}'} is no polynomial in "
                          f"{', '.join(map(str, symbols))} with powers -1..2 ({at}, ...)")
        total += f * m
    # Each coefficient factored ((N - 2) N / P), then common factors taken out of the sum
    # (N (tau_l + tau_s)); factoring the whole sum would expand a part like 0.000108 (P - 1).
    return sympy.factor_terms(total), None


def fitted_bound(run, names: list, samples: dict, carried: list, regions: dict, procs_name=None) -> FittedBound:
    """``run(point)`` interprets contention-free with the fitted names at point's values (the carried
    symbols kept) and returns the RunResult, or raises InputError where the program cannot run."""
    symbols, values, points = _grid(names, samples, procs_name)
    pts, observations, skipped, checks = [], [], defaultdict(list), []
    for item in points:
        check = isinstance(item, tuple)
        point = item[1] if check else item
        named = {str(s): v for s, v in point.items()}
        try:
            r = run(named)
        except InputError as e:
            skipped[str(e)].append(point)
            continue
        if r.aborted is not None:
            skipped[f"the program calls MPI_Abort at {r.aborted}"].append(point)
            continue
        obs = observe(r, carried)
        if check:
            checks.append((point, obs))
        else:
            pts.append(point)
            observations.append(obs)
    if len(pts) < 2:
        raise InputError(f"--symbolic {' '.join(names)}: the program ran at only {len(pts)} of the values "
                         f"tried, too few to fit a closed form ({'; '.join(skipped)})")
    terms, left_out = {}, []
    names_seen = list(dict.fromkeys(k for obs in observations for k in obs))
    for name in names_seen:
        bad = next((obs[name] for obs in observations if isinstance(obs.get(name), str)), None)
        if bad is not None:
            left_out.append((name, bad))
            continue
        series = [obs.get(name, {}) for obs in observations]  # a kind absent at a point: no demand there
        monomials = list(dict.fromkeys(m for s in series for m in s))
        e, why = _fit_term(symbols, pts, series, name, monomials)
        if e is None:
            left_out.append((name, why))
        else:
            terms[name] = e
    phi = terms.pop("phi", None)
    bounds = sorted(terms.items(), key=lambda kv: kv[0])
    omega = factored_max([e for _, e in bounds]) if bounds else sympy.Integer(0)
    tl = factored_max([phi] + [e for _, e in bounds]) if phi is not None else None
    checked = [(p, _difference(phi, terms, obs, carried, p)) for p, obs in checks]
    procs = next((s for s in symbols if str(s) == procs_name), None)
    return FittedBound(phi, bounds, omega, tl, left_out, values, len(pts), dict(skipped), checked, regions, procs)


def _difference(phi, terms, obs, carried, point) -> str | None:
    """What a check point's interpretation gives that the closed forms do not, or None."""
    forms = dict(terms, phi=phi)
    for name, e in forms.items():
        if e is None or isinstance(obs.get(name, {}), str):
            continue
        want = obs.get(name, {})
        got = parts(e.subs(point), carried) if e.subs(point) != 0 else {}
        for m in set(want) | set(got):
            a, b = got.get(m, 0.0), want.get(m, 0.0)
            if abs(a - b) > fit.TOLERANCE * max(abs(a), abs(b), 1e-300):
                return f"{name}: the closed form gives {a:.9g}, the interpretation {b:.9g}" + (
                    f" as the coefficient of {m}" if m != 1 else "")
    return None
