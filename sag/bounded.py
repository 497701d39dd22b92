"""Keeping machine-parameter arithmetic finite, real and bounded.

Two places evaluate what a machine file says: ``expr.parse`` builds sympy expressions (sympy does
exact integer arithmetic, so ``10**10**10`` would run for ever and ``2**100000`` becomes inf as a
float), and ``Parameter.value`` evaluates them with run-time arguments (``log2(m)`` at m = 0).
Each function here answers "what is wrong with this number" as a short phrase for a message, or
None when the number is fine; callers add the file, line, YAML path and expression.
"""
from __future__ import annotations

import math

import sympy

from .limits import MAX_EXPONENT, MAX_MAGNITUDE, MAX_MAGNITUDE_TEXT



def float_problem(value) -> str | None:
    """A plain number (a run-time result, a YAML float, an option value)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        if isinstance(value, complex):
            return "not a real number (a square root or power of a negative number?)"
        return f"not a number ({type(value).__name__})"
    if isinstance(value, float) and math.isnan(value):
        return "not a number (nan)"
    if isinstance(value, float) and math.isinf(value):
        return "infinite"
    if abs(value) > MAX_MAGNITUDE:
        return f"larger than {MAX_MAGNITUDE_TEXT} in magnitude"
    return None


def expr_problem(e: sympy.Expr) -> str | None:
    """A sympy expression just built from part of a machine-file expression.

    Checked after every operation, so no intermediate result grows past MAX_MAGNITUDE: the next
    operation then always starts from bounded numbers. One walk of the tree finds what the
    checks below need (a calibrated file's piecewise message costs hold hundreds of nodes, built
    one operation at a time: five walks per operation were half of loading it).
    """
    infinite = imaginary = False
    numbers = []
    for node in sympy.preorder_traversal(e):
        if node is sympy.zoo:
            return "infinite: a division by zero or the log of zero"
        if node is sympy.oo or node is sympy.S.NegativeInfinity or node is sympy.nan:
            infinite = True
        elif node is sympy.I:
            imaginary = True
        elif getattr(node, "is_Number", False):
            numbers.append(node)
    if infinite:
        return "not a finite number"
    if imaginary:
        return "not a real number (the square root or log of a negative number?)"
    for atom in numbers:
        # An exact fraction: (1/3)**1024 is tiny but its denominator has 489 digits, and the next
        # **1024 would compute an integer of a billion digits.
        if atom.is_Rational and atom.q > MAX_MAGNITUDE:
            return f"too finely divided (an exact fraction whose denominator exceeds {MAX_MAGNITUDE_TEXT})"
    if e.is_number:
        value = e.evalf(20)
        re, im = value.as_real_imag()
        if im != 0 and abs(im) > 1e-12 * max(1, abs(re)):
            return "not a real number (the square root or log of a negative number?)"
        if not re.is_finite:
            return "not a finite number"
        if abs(re) > MAX_MAGNITUDE:
            return f"larger than {MAX_MAGNITUDE_TEXT} in magnitude"
        return None
    for atom in numbers:
        if abs(atom) > MAX_MAGNITUDE:
            return f"too large (it holds a constant beyond {MAX_MAGNITUDE_TEXT})"
    return None


def power_problem(base: sympy.Expr, exponent: sympy.Expr) -> str | None:
    """Whether ``base**exponent`` may be computed at all (checked before computing it)."""
    if not exponent.is_number:
        return None  # a run-time argument as exponent: checked when evaluated
    exp_value = complex(exponent.evalf(20))
    if abs(exp_value) > MAX_EXPONENT:
        return f"its exponent exceeds {MAX_EXPONENT} in magnitude"
    if base.is_number and exp_value.imag == 0:
        b = abs(complex(base.evalf(20)))
        if b != 0 and math.log10(b) * exp_value.real > math.log10(MAX_MAGNITUDE):
            return f"its value would exceed {MAX_MAGNITUDE_TEXT}"
    return None
