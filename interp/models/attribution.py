"""Executions and time of the AAUs inside a closed-form loop or call (paper 3.5, AAU level).

A closed form interprets a deterministic loop or call in one step; the AAU-level report still
wants each inner AAU's executions and total, so they are derived from the same closed forms:
for a loop, summed over its iterations; for a call, with the callee's parameters bound to the
arguments.
"""
from __future__ import annotations

import sympy

from frontends.aag import symexpr as S
from frontends.aag import Call, Condt, Iter, Seq
from frontends.aag.bodies import continues
from interp.models.omega import NodeModel, NotClosed, copied_members, returns, sum_over, values_after


def body_items(model: NodeModel, body, weight, depth: int = 0, loop_body: bool = False):
    """(aau, executions, time) for one execution of ``body``, weighted (branch probabilities).
    ``loop_body``: a closed-form loop's body, where a branch ending in continue skips the rest
    (omega.body): the statements after the if run with the weight of the other branches."""
    items = []
    for k, a in enumerate(body):
        try:
            if isinstance(a, Seq):
                items.append((a, weight, weight * model.seq(a)))
            elif isinstance(a, Iter) and a.cls == "IterD":
                items.append((a, weight, weight * model.iterd(a)))
                items += [(c, weight * n, weight * t) for c, n, t in loop_attributions(model, a)]
            elif isinstance(a, Condt) and a.cls == "CondtD":
                items.append((a, weight, weight * model.condt(a, loop_body=loop_body)))
                reach, skipped = sympy.Integer(1), sympy.Integer(0)
                for b in a.branches:
                    w = sympy.Integer(1) if b.is_else else (
                        sympy.Float(b.prob) if b.data_dependent else sympy.Piecewise((1, b.cond), (0, True)))
                    items += body_items(model, b.body, weight * reach * w, depth)
                    if (loop_body and continues(b.body)) or returns(b.body):
                        skipped += reach * w  # the statements after the if do not run then
                    reach = reach * (1 - w)
                weight = weight * (1 - skipped)
            elif isinstance(a, Call):
                items.append((a, weight, weight * model.call(a)))
                if a.cost is None and depth < 20:
                    items += [(c, weight * n, weight * t) for c, n, t in call_attributions(model, a, depth + 1)]
        except NotClosed:
            continue
        after = values_after(a)
        if after is not None and k + 1 < len(body):
            # what follows reads the values ``a`` leaves, as omega.body costs it
            for c, n, t in body_items(model, body[k + 1:], weight, depth, loop_body):
                try:
                    items.append((c, after(sympy.sympify(n)), after(sympy.sympify(t))))
                except NotClosed:
                    continue
            return items
    return items


def call_attributions(model: NodeModel, call: Call, depth: int = 0):
    fn = model.functions.get(call.callee)
    if fn is None or fn.recursive or call.cost is not None:
        return []
    subs = {S.var(p): arg for p, arg in zip(fn.params, call.args) if arg is not None}
    out = []
    for child, n, t in body_items(model, fn.body, sympy.Integer(1), depth):
        n, t = sympy.sympify(n), sympy.sympify(t)
        both = subs | copied_members(call, n.free_symbols | t.free_symbols)
        out.append((child, n.xreplace(both), t.xreplace(both)))
    return out


def loop_attributions(model: NodeModel, loop: Iter):
    var = S.var(loop.var) if loop.var else None
    out = []
    for child, count, total in body_items(model, loop.body, sympy.Integer(1), loop_body=True):
        share = model.iteration_share(loop, child) if any(child is a for a in loop.body) else None
        if share is not None:
            total = share
        count, total = sympy.sympify(count), sympy.sympify(total)
        if var is not None and (var in count.free_symbols or var in total.free_symbols):
            out.append((child, sum_over(count, var, loop.lo, loop.step, loop.num_iters),
                        sum_over(total, var, loop.lo, loop.step, loop.num_iters)))
        else:
            out.append((child, loop.num_iters * count, loop.num_iters * total))
    return out
