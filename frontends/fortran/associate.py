"""ASSOCIATE (x => selector, ...) ... END ASSOCIATE, rewritten once after parsing (F2018 11.1.3).

An associate name whose selector is a variable -- a name, a component ``g%u``, an array element
``u(k)`` -- is that variable under another name: every use of the name in the construct is
replaced by the selector (``u(i)`` with ``u => g%u`` becomes ``g%u(i)``), so reads, writes,
accesses and values are the variable's own. A selector that is an expression (``c => 0.5 * dx``,
``n => size(a)``) is evaluated once, when the construct starts (the standard's semantics, and what
a compiler does): it becomes an assignment to a variable of the unit at the ASSOCIATE line, of the
expression's type (declared by ``declare``, once the unit's names are known); it is renamed when
the unit uses the name elsewhere. The statements then run in place, as a BLOCK's do
(control.py). An array section as selector (``s => u(2:n)``) is refused: its elements would be
renumbered from 1, which a substitution cannot say.
"""
from __future__ import annotations

import copy

from fparser.two import Fortran2003 as F
from fparser.two.utils import walk

from ..errors import FrontendError
from . import tree as T

TEMPS = "interp_associate_temps"  # attribute of a rewritten construct: [(name, selector)]


def rewrite(ast, file: str) -> None:
    """Rewrite every ASSOCIATE construct of a parsed file in place (innermost first)."""
    for unit in walk(ast, (F.Main_Program, F.Subroutine_Subprogram, F.Function_Subprogram)):
        for construct in reversed(list(walk(T.part(unit, F.Execution_Part) or unit, F.Associate_Construct))):
            if getattr(construct, TEMPS, None) is None:
                _rewrite(construct, unit, file)


def declare(unit, scope) -> None:
    """Declare the variables that hold expression selectors, of their expressions' types."""
    for construct in walk(unit, F.Associate_Construct):
        for name, selector in getattr(construct, TEMPS, None) or ():
            if name not in scope.types:
                scope.types[name] = scope.expr.ftype(selector)


def body(construct) -> list:
    """The statements of a rewritten construct (its assignments of expression selectors first)."""
    return [c for c in T.content(construct) if not isinstance(c, (F.Associate_Stmt, F.End_Associate_Stmt))]


def _rewrite(construct, unit, file: str) -> None:
    head = T.content(construct)[0]
    line = T.line(head)
    in_unit, inside = _names(unit), _names(construct)
    aliases, temps, assigns = {}, [], []
    for assoc in walk(head, F.Association):
        name, selector = str(assoc.items[0]).lower(), assoc.items[2]
        if any(True for _ in walk(selector, F.Subscript_Triplet)):
            raise FrontendError(f"ASSOCIATE ({name} => {selector}): an array section as selector is not "
                                f"modelled (its elements are renumbered from 1); associate {name} with the "
                                "whole array and index that", file, line)
        if _is_variable(selector):
            aliases[name] = selector
            continue
        temp = name
        if in_unit.get(name, 0) > inside.get(name, 0):  # the unit has a variable of that name too
            k = 1
            while f"{name}_assoc{k}" in in_unit:
                k += 1
            temp = f"{name}_assoc{k}"
            aliases[name] = F.Name(temp)
        assign = F.Assignment_Stmt(f"{temp} = {selector}")
        assign.item = head.item  # reports name the ASSOCIATE line
        assigns.append(assign)
        temps.append((temp, selector))
    rest = body(construct)
    for stmt in rest:
        _substitute(stmt, aliases, file, line)
    construct.content = [head, *assigns, *rest, T.content(construct)[-1]]
    setattr(construct, TEMPS, temps)


def _names(node) -> dict:
    counts: dict[str, int] = {}
    for n in walk(node, F.Name):
        counts[str(n).lower()] = counts.get(str(n).lower(), 0) + 1
    return counts


def _is_variable(node) -> bool:
    """A name, a component or an array element (a function reference spelled like an element is
    taken as one: it is then evaluated at each use)."""
    if isinstance(node, F.Name):
        return True
    if isinstance(node, F.Data_Ref):
        return all(isinstance(p, (F.Name, F.Part_Ref)) for p in node.items)
    return isinstance(node, F.Part_Ref)


def _substitute(node, aliases: dict, file: str, line: int) -> None:
    """Replace, below ``node``, each associate name by its selector (in place)."""
    if not aliases:
        return
    items = getattr(node, "items", None)
    if isinstance(node, F.Data_Ref):  # only the base is a variable; the rest are components
        _replace_at(node, 0, aliases, file, line)
        for part in node.items[1:]:
            if isinstance(part, F.Part_Ref):
                _substitute(part.items[1], aliases, file, line)
        return
    if isinstance(node, (F.Actual_Arg_Spec, F.Component_Spec)) and isinstance(items[0], F.Name):
        _replace_at(node, 1, aliases, file, line)  # keyword = value: the keyword stays
        return
    if isinstance(items, tuple):
        for k in range(len(items)):
            _replace_at(node, k, aliases, file, line)
    for child in getattr(node, "content", None) or ():
        _substitute(child, aliases, file, line)


def _replace_at(node, k: int, aliases: dict, file: str, line: int) -> None:
    new = _replaced(node.items[k], aliases, file, line)
    if new is not node.items[k]:
        node.items = node.items[:k] + (new,) + node.items[k + 1:]


def _replaced(child, aliases: dict, file: str, line: int):
    """``child`` with the associate names in it replaced: a new node for a name or ``name(subs)``,
    else the same node (or list: a DO's bounds), changed in place."""
    if isinstance(child, F.Name) and str(child).lower() in aliases:
        return _clone(aliases[str(child).lower()])
    if isinstance(child, F.Part_Ref) and isinstance(child.items[0], F.Name) and str(child.items[0]).lower() in aliases:
        _substitute(child.items[1], aliases, file, line)
        return _indexed(aliases[str(child.items[0]).lower()], child, file, line)
    if isinstance(child, list):
        child[:] = [_replaced(c, aliases, file, line) for c in child]
    elif isinstance(child, tuple):  # a DO's (variable, bounds)
        return tuple(_replaced(c, aliases, file, line) for c in child)
    elif child is not None and not isinstance(child, str):
        _substitute(child, aliases, file, line)
    return child


def _indexed(selector, ref, file: str, line: int):
    """``x(subs)`` with x => selector: ``u(subs)`` for a name, ``g%u(subs)`` for a component."""
    subs = ref.items[1]
    if isinstance(selector, F.Name):
        new = copy.copy(ref)
        new.items = (_clone(selector), subs)
        return new
    if isinstance(selector, F.Data_Ref) and isinstance(selector.items[-1], F.Name):
        new = _clone(selector)
        last = copy.copy(ref)
        last.items = (new.items[-1], subs)
        new.items = new.items[:-1] + (last,)
        return new
    raise FrontendError(f"'{ref}': the associate name stands for '{selector}', which cannot be indexed "
                        "again; index the array itself", file, line)


def _clone(node):
    """A copy of an expression node and its items (not ``copy.deepcopy``: fparser nodes point to
    their parents, so a deep copy would copy the whole file)."""
    if isinstance(node, (list, tuple)):
        return type(node)(_clone(n) for n in node)
    if not hasattr(node, "items") or isinstance(node, str):
        return node
    new = copy.copy(node)
    new.items = _clone(node.items)
    return new
