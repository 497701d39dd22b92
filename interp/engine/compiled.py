"""Expressions of the AAG compiled once to float functions (DESIGN: never sympy per event).

A chain evaluates loop bounds, partners, sizes and closed forms many times with different values
of the names they read; each expression is compiled on first use and kept by identity.
"""
from __future__ import annotations

import sympy

from frontends.aag import symexpr as S

from interp.models.omega import TermSum


class Unknown(Exception):
    def __init__(self, name: str):
        self.name = name


class Compiled:
    """Sympy expressions compiled once to float functions of the names they use."""

    def __init__(self, functions: dict | None = None):
        self._fns: dict = {}
        self.functions = functions  # bodies of the engine's own functions (communicators), by name

    def get(self, expr):
        # Keyed by identity: AAG expressions live as long as the run, and hashing a sympy tree
        # per event costs more than the evaluation itself.
        entry = self._fns.get(id(expr))
        if entry is not None:
            return entry[0], entry[1]
        if isinstance(expr, (int, float)):
            entry = ((), lambda: float(expr))
        elif expr.has(TermSum):
            entry = (None, _term_sum_evaluator(expr, self))
        else:
            names = tuple(sorted(S.free_names(expr)))
            entry = (names, S.compile_fn(expr, list(names), self.functions))
        self._fns[id(expr)] = (entry[0], entry[1], expr)  # keep expr alive: its id stays unique
        return entry


def _term_sum_evaluator(expr, compiled: Compiled):
    def run(lookup):
        def value(e):
            names = sorted(S.free_names(e))
            return float(e.xreplace({(S.RANK if n == "__rank" else S.NPROCS if n == "__nprocs" else S.var(n)):
                                     lookup(n) for n in names}))

        def ts(e):
            body, var, lo, step, n = e.args
            lo_v, step_v, n_v = value(lo), value(step), int(value(n))
            names, fn = compiled.get(body)
            total = 0.0
            for k in range(n_v):
                x = lo_v + k * step_v
                total += fn(*[x if nm == var.name else lookup(nm) for nm in names])
            return sympy.Float(total)

        return value(expr.replace(lambda e: isinstance(e, TermSum), ts))
    return run
