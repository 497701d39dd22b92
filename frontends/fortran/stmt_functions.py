"""Statement functions (``F(X) = X * X + 1.0D0``, F77 15.4, F2008 C.) expanded at their references.

A statement function definition is an assignment before a unit's first executable statement whose
target is ``name(dummy, ...)``, the dummies distinct names and ``name`` no array of the unit
(fparser cannot tell it from an array element's assignment, and puts it at the head of the
execution part). The standard's semantics: the dummies are local to the definition (a variable of
the unit with the same name is another entity), and a reference evaluates the expression with the
actual arguments for the dummies. So each reference is replaced, once the unit's names are known
(level1.py, after its declarations and before the critical variables), by the parenthesized
expression with every dummy replaced by the parenthesized actual argument, converted to the
function's type where the expression's type differs (``DBLE(...)``, ``REAL(...)``, ``INT(...)``):
a reference costs its expression's operations and no call, and its value is followed (a loop
bound ``NSTEP(N)``). A definition may use the unit's variables and PARAMETERs and earlier
statement functions (expanded into it first). The substitution is on the tokens of the
expression's text (whole names, case-insensitive, never inside a string, a dotted operator or a
number), which fparser's expression classes parse again; nothing is evaluated.

What cannot be expanded is refused with its line and stays in place, marked (REFUSED), so the
assignment's own refusal (statements.py) does not repeat it: a definition referring to itself
(recursive) or to a statement function defined after it, both of which the standard forbids, and
a reference with the wrong number of arguments or with keywords. An internal subprogram sees its
host's statement functions (host association), unless it declares the name itself; one whose
expression names a variable the subprogram declares again is refused at its references (the text
would name the subprogram's variable, not the host's).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from fparser.two import Fortran2003 as F

from . import tree as T
from .decls import Issue
from .refs import args_of, is_ref, ref_name

REFUSED = "interp_stmt_function_refused"  # attribute of a definition left in place, refused

# Tokens of an expression's text: strings, numbers (a "1." before a dotted operator is 1 and the
# operator), dotted operators and logical constants, names, anything else one character.
_TOKEN = re.compile(r"""
    (?P<str>'(?:[^']|'')*'|"(?:[^"]|"")*")
  | (?P<num>(?:\d+(?:\.(?![A-Za-z]+\.)\d*)?|\.\d+)(?:[EeDdQq][+-]?\d+)?(?:_\w+)?)
  | (?P<dot>\.[A-Za-z]+\.)
  | (?P<name>[A-Za-z][A-Za-z0-9_]*)
  | (?P<other>.)
""", re.X | re.S)
_SKIP = (F.Comment, F.Format_Stmt, F.Data_Stmt, F.Entry_Stmt)
_CONVERT = {"int": "INT", "real": "REAL", "double": "DBLE"}
_PRIMARY = (F.Name, F.Parenthesis, F.Int_Literal_Constant, F.Real_Literal_Constant,
            F.Logical_Literal_Constant, F.Char_Literal_Constant, F.Part_Ref, F.Function_Reference,
            F.Intrinsic_Function_Reference, F.Structure_Constructor, F.Data_Ref)


@dataclass
class Definition:
    name: str  # lower case
    dummies: list[str]  # lower case
    body: str  # the expression's text, earlier statement functions expanded
    convert: str | None  # the intrinsic converting the expression to the function's type
    line: int
    shadowed: str | None = None  # (a host's, in an internal subprogram) a name of it declared again


class _Refused(Exception):
    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.message, self.line = message, line


def expand(unit, scope) -> None:
    """Take the statement function definitions out of ``unit`` and expand every reference to them
    in its execution part, in place (an internal subprogram's to its host's too, which the host's
    scope holds: the host is expanded first). What cannot be expanded is a scope issue, with its
    line; ``scope.stmt_functions`` are then the definitions the unit sees."""
    execution = T.part(unit, F.Execution_Part)
    if execution is None:
        return
    defs = _inherited(scope, scope.parent.stmt_functions if scope.parent is not None else {})
    found = _definitions(execution, scope)
    problems: list[tuple[int, str]] = []
    names = [ref_name(stmt.items[0]).lower() for stmt in found]
    for k, stmt in enumerate(found):
        name, line = names[k], T.line(stmt)
        target, _, rhs = stmt.items
        try:
            rhs = _replaced(rhs, defs, scope, [line])
            for ref in T.refs_in(rhs):
                other = ref_name(ref).lower()
                if other == name:
                    raise _Refused(f"statement function {name.upper()} refers to itself (a recursive "
                                   "definition, which Fortran forbids): write it as a FUNCTION")
                if other in names[k + 1:]:
                    raise _Refused(f"statement function {name.upper()} refers to statement function "
                                   f"{other.upper()}, defined after it (Fortran forbids it): define "
                                   f"{other.upper()} first")
        except _Refused as exc:
            problems.append((exc.line or line, exc.message))
            setattr(stmt, REFUSED, True)
            defs.pop(name, None)  # a host's statement function of that name is hidden all the same
            continue
        defs[name] = Definition(name, [str(a).lower() for a in args_of(target)], str(rhs),
                                _conversion(scope, name, rhs), line)
        execution.content.remove(stmt)
    if defs:
        for stmt in list(execution.content):
            if getattr(stmt, REFUSED, False):
                continue
            try:
                _rewrite(stmt, defs, scope, [T.line(stmt)])
            except _Refused as exc:  # the reference stays: the statement is not interpreted
                problems.append((exc.line or T.line(stmt), exc.message))
    scope.issues.extend(Issue(line, message) for line, message in problems)
    scope.stmt_functions = defs


def _inherited(scope, host: dict) -> dict:
    """The host's statement functions an internal subprogram sees: not those whose name it
    declares itself; one whose expression names a variable the subprogram declares again (the
    host's variable is meant) is refused at its references."""
    local = set(scope.types) | set(scope.constants) | {d.lower() for d in scope.dummies}
    if scope.result:
        local.add(scope.result.lower())
    out = {}
    for name, d in host.items():
        if name in local:
            continue
        clash = sorted(n for n in _names_in(d.body) if n in local and n not in d.dummies)
        out[name] = replace(d, shadowed=clash[0] if clash else None)
    return out


def _names_in(text: str) -> set[str]:
    return {m.group("name").lower() for m in _TOKEN.finditer(text) if m.group("name")}


def _definitions(execution, scope) -> list:
    """The statement function definitions at the head of an execution part, in order."""
    out = []
    for stmt in T.content(execution):
        if isinstance(stmt, _SKIP):
            continue
        if not (isinstance(stmt, F.Assignment_Stmt) and _is_definition(stmt.items[0], scope)):
            break
        out.append(stmt)
    return out


def _is_definition(target, scope) -> bool:
    if not is_ref(target) or not isinstance(target.items[0], (F.Name, F.Type_Name, F.Intrinsic_Name)):
        return False
    if isinstance(target.items[1], (F.Actual_Arg_Spec, F.Component_Spec)) or any(
            isinstance(a, (F.Actual_Arg_Spec, F.Component_Spec)) for a in getattr(target.items[1], "items", ())):
        return False
    dummies = args_of(target)
    lowered = [str(a).lower() for a in dummies]
    return (all(isinstance(a, F.Name) for a in dummies) and len(set(lowered)) == len(lowered)
            and scope.ref_kind(ref_name(target)) != "array")


def _conversion(scope, name: str, rhs) -> str | None:
    """``DBLE`` for a DOUBLE PRECISION function of a REAL expression, ...; None if the types agree."""
    declared = scope.var_type(name)
    got = scope.expr.ftype(rhs)
    if declared is None or declared.kind not in _CONVERT or got.kind not in _CONVERT or declared.kind == got.kind:
        return None
    return _CONVERT[declared.kind]


# -- the references ------------------------------------------------------------------------------
def _rewrite(node, defs: dict, scope, line: list) -> None:
    """Expand, below ``node``, every reference to a statement function (in place)."""
    item = getattr(node, "item", None)
    if item is not None and getattr(item, "span", None):
        line = [item.span[0]]
    items = getattr(node, "items", None)
    if isinstance(node, F.Data_Ref):  # a component's name is no statement function
        node.items = (_replaced(node.items[0], defs, scope, line),) + tuple(
            _component(p, defs, scope, line) for p in node.items[1:])
    elif isinstance(items, tuple):
        start = 1 if isinstance(node, F.Assignment_Stmt) and _names(node.items[0], defs) else 0
        if start:  # F(X) = ... after the first executable statement: statements.py refuses it
            _rewrite(node.items[0], defs, scope, line)
        new = node.items[:start] + tuple(_replaced(c, defs, scope, line) for c in items[start:])
        if any(a is not b for a, b in zip(new, items)):
            node.items = new
    for child in getattr(node, "content", None) or ():
        _rewrite(child, defs, scope, line)


def _names(node, defs: dict) -> bool:
    return is_ref(node) and ref_name(node).lower() in defs


def _component(part, defs: dict, scope, line: list):
    if isinstance(part, F.Part_Ref):
        _rewrite(part.items[1], defs, scope, line)
    return part


def _replaced(child, defs: dict, scope, line: list):
    """``child`` with its references expanded: a new node for a reference itself, else the same
    node (or list: a DO's bounds), changed in place."""
    if isinstance(child, list):
        child[:] = [_replaced(c, defs, scope, line) for c in child]
        return child
    if isinstance(child, tuple):
        return tuple(_replaced(c, defs, scope, line) for c in child)
    if child is None or isinstance(child, str) or not hasattr(child, "items"):
        return child
    _rewrite(child, defs, scope, line)  # the actual arguments first
    if _names(child, defs):
        return _expansion(child, defs[ref_name(child).lower()], scope, line[0])
    return child


def _expansion(ref, d: Definition, scope, line: int):
    """The expression a reference stands for, parsed."""
    lst = ref.items[1]
    specs = lst.items if hasattr(lst, "items") and not isinstance(lst, (F.Actual_Arg_Spec, F.Component_Spec)) \
        else (lst,) if lst is not None else ()
    if any(isinstance(a, (F.Actual_Arg_Spec, F.Component_Spec)) and a.items[0] is not None for a in specs):
        raise _Refused(f"'{ref}': a statement function takes no keyword arguments", line)
    if d.shadowed is not None:
        raise _Refused(f"'{ref}': statement function {d.name.upper()} of the host (line {d.line}) uses "
                       f"{d.shadowed.upper()}, which this subprogram declares again: rename its "
                       f"{d.shadowed.upper()}", line)
    actuals = args_of(ref)
    if len(actuals) != len(d.dummies):
        raise _Refused(f"'{ref}': statement function {d.name.upper()} (line {d.line}) takes "
                       f"{len(d.dummies)} argument(s), not {len(actuals)}", line)
    texts = {dummy: str(a) if isinstance(a, _PRIMARY) else f"({a})" for dummy, a in zip(d.dummies, actuals)}
    text = f"{d.convert or ''}({substitute(d.body, texts)})"
    try:
        node = F.Expr(text)
    except Exception:  # noqa: BLE001 -- an fparser failure is a refusal with the line
        node = None
    if node is None:
        raise _Refused(f"'{ref}': the expansion of statement function {d.name.upper()}, {text}, "
                       "could not be parsed", line)
    return _arrays_back(node, scope)


def substitute(text: str, names: dict[str, str]) -> str:
    """``text`` with each whole name in ``names`` (lower case keys) replaced, all at once (an
    actual argument naming another dummy is not replaced again): not in strings, numbers or
    dotted operators, not a keyword (``KIND=``) or a component (``%x``)."""
    out = []
    tokens = list(_TOKEN.finditer(text))
    for k, m in enumerate(tokens):
        word = m.group("name")
        if word is not None and word.lower() in names and not _keyword_or_component(tokens, k):
            out.append(names[word.lower()])
        else:
            out.append(m.group(0))
    return "".join(out)


def _keyword_or_component(tokens, k: int) -> bool:
    before = next((t.group(0) for t in reversed(tokens[:k]) if not t.group(0).isspace()), "")
    after = [t.group(0) for t in tokens[k + 1:] if not t.group(0).isspace()][:2]
    keyword = after[:1] == ["="] and after[1:2] != ["="] and before in ("(", ",")
    return before == "%" or keyword


def _arrays_back(node, scope):
    """Parsed without the unit's names, ``SUM(I)`` of an array SUM is an intrinsic reference:
    make it the array element it is."""
    if isinstance(node, F.Intrinsic_Function_Reference) and scope.ref_kind(ref_name(node)) == "array":
        return F.Part_Ref(str(node))
    items = getattr(node, "items", None)
    if isinstance(items, tuple):
        new = tuple(_arrays_back(c, scope) if hasattr(c, "items") and not isinstance(c, str) else c for c in items)
        if any(a is not b for a, b in zip(new, items)):
            node.items = new
    return node
