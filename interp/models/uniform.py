"""The uniform-speed node model of seed paper 003 (Xu & Hwang, section 2.1.2 and Fig. 9): "every
flop takes the same amount of time". A computation costs its floating-point operations times
``processing.ops.flop`` (sag/modes.py sets it to T_1/W) and nothing else: integer operations,
memory accesses, loop control and branch tests are free.

Flops are the real and double additions (and subtractions), multiplications and divisions the
frontend counts, and the ``flops=`` of ``#pragma interp work(...)``. A ``cost()`` annotation gives a
time, not a number of flops: with a ``work(flops=...)`` beside it the flops are used, without one
the statement has no flops here (a note says so).

With ``ops.flop`` = 1 s the predicted computation of each process is its number of flops: that is
how interp counts the workload W (interp/studies/metrics.py).
"""
from __future__ import annotations

import sympy

from frontends.aag import Seq

from interp.models.omega import NodeModel

FLOP_OPS = frozenset(f"{kind}_{op}" for kind in ("real", "double") for op in ("add", "mul", "div"))


class UniformModel(NodeModel):
    def t(self, key: str, component: str = "processing", note: bool = True) -> float:
        if component == "processing" and (key == "ops.flop" or (key.startswith("ops.") and key[4:] in FLOP_OPS)):
            return super().t("ops.flop", component, note)
        return 0.0

    def has(self, key: str, component: str = "processing") -> bool:
        return component == "processing" and key == "ops.flop"

    def _cache_window(self):
        return None  # memory accesses cost nothing here

    def seq(self, a: Seq) -> sympy.Expr:
        if a.work is not None:
            return self.work({k: v for k, v in a.work.items() if k == "flops"})
        if a.cost is not None:
            where = str(a.loc) if a.loc else a.label
            self.notes.setdefault(("uniform-cost", where), (
                f"uniform mode: {where} has cost() without work(flops=...): it has no flops, so no time "
                "in this mode and no part in W; give its flops with work(flops=EXPR)"))
            return sympy.Integer(0)
        return super().seq(a)
