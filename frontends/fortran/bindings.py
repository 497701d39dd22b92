"""Type-bound procedure calls, rewritten once after parsing as the calls they stand for.

``call h%exchange(x)``, where h is declared ``type(halo_t)`` and halo_t binds ``procedure ::
exchange``, is ``call exchange(h, x)``: the passed object first (F2018 7.5.5), or as the keyword
of ``PASS(arg)``, or not at all under ``NOPASS``; ``procedure :: name => impl`` calls impl.
Bindings are inherited by extended types (``extends(base)``). Before this the call was "neither
defined in the program nor a known library" and cost 0, its messages dropped.

The type is the variable's declared one (in its unit, a host unit or a module); a ``class(t)``
variable whose binding some extension of t overrides could run either procedure (dynamic
dispatch): refused with the line, as are generic bindings and objects that are not a variable or
an array element (``a%b%run()``).
"""
from __future__ import annotations

from fparser.two import Fortran2003 as F
from fparser.two.utils import walk

from ..errors import FrontendError
from . import tree as T

UNITS = (F.Main_Program, F.Subroutine_Subprogram, F.Function_Subprogram, F.Module)


def rewrite(ast, file: str) -> None:
    calls = [c for c in walk(ast, F.Call_Stmt) if isinstance(c.items[0], F.Procedure_Designator)]
    if not calls:
        return
    types = _types(ast)
    modules = _declared([m for m in walk(ast, F.Module)])
    for call in calls:
        new = _resolved(call, types, modules, file)
        parent = call.parent
        items = getattr(parent, "content", None)
        if items is None or call not in items:
            raise FrontendError(f"the type-bound call '{call}' stands where interp cannot rewrite it",
                                file, T.line(call))
        new.item, new.parent = call.item, parent
        items[items.index(call)] = new


def _types(ast) -> dict[str, tuple[str | None, dict, set]]:
    """Type name -> (the type it extends, {binding: (procedure, nopass, pass name)}, generics)."""
    out = {}
    for d in walk(ast, F.Derived_Type_Def):
        head = T.content(d)[0]
        name = str(head.items[1]).lower()
        parent = None
        for attr in walk(head, F.Type_Attr_Spec):
            if str(attr.items[0]).upper() == "EXTENDS":
                parent = str(attr.items[1]).lower()
        bindings, generics = {}, set()
        for b in walk(d, F.Specific_Binding):
            attrs = [str(a).upper().replace(" ", "") for a in (b.items[1].items if b.items[1] is not None else ())]
            passed = next((a[5:-1].lower() for a in attrs if a.startswith("PASS(")), None)
            bindings[str(b.items[3]).lower()] = (str(b.items[4] or b.items[3]).lower(), "NOPASS" in attrs, passed)
        for g in walk(d, F.Generic_Binding):
            generics |= {str(n).lower() for n in walk(g.items[1], F.Name)} if g.items[1] is not None else set()
        out[name] = (parent, bindings, generics)
    return out


def _declared(units) -> dict[str, tuple[str, str]]:
    """Variable name -> (TYPE or CLASS, type name) of the derived-type declarations in ``units``'
    own specification parts (not in their contained procedures)."""
    out = {}
    for unit in units:
        spec = T.part(unit, F.Specification_Part)
        for decl in (walk(spec, F.Type_Declaration_Stmt) if spec is not None else ()):
            spec_t = decl.items[0]
            if isinstance(spec_t, F.Declaration_Type_Spec) and spec_t.items[1] is not None:
                for entity in decl.items[2].items:
                    out[str(entity.items[0]).lower()] = (str(spec_t.items[0]).upper(), str(spec_t.items[1]).lower())
    return out


def _unit_of(node):
    """The innermost program unit holding ``node``, and its host units outwards."""
    out, p = [], getattr(node, "parent", None)
    while p is not None:
        if isinstance(p, UNITS):
            out.append(p)
        p = getattr(p, "parent", None)
    return out


def _resolved(call, types, modules, file):
    line = T.line(call)
    designator = call.items[0]
    obj, binding = designator.items[0], str(designator.items[2]).lower()
    base = obj.items[0] if isinstance(obj, F.Part_Ref) else obj
    if not isinstance(base, F.Name):
        raise FrontendError(f"the type-bound call '{call}': its object {obj} is not a variable or an array "
                            "element (a component's binding is not followed); call the procedure itself", file, line)
    found = None
    for unit in _unit_of(call):  # the unit's declarations, its hosts', then every module's
        found = _declared([unit]).get(str(base).lower())
        if found:
            break
    found = found or modules.get(str(base).lower())
    if found is None:
        raise FrontendError(f"the type-bound call '{call}': the type of {base} is not known here", file, line)
    kind, tname = found
    target = _lookup(types, tname, binding)
    if target is None:
        generic = any(binding in types.get(t, (None, {}, set()))[2] for t in _ancestry(types, tname))
        raise FrontendError(f"the type-bound call '{call}': {tname} has "
                            + ("a generic binding " if generic else "no procedure bound as ")
                            + f"{binding}, which interp does not resolve; call the specific procedure", file, line)
    if kind == "CLASS" and any(binding in types[t][1] and _lookup(types, t, binding) != target
                               for t in types if tname in _ancestry(types, t)[1:]):
        raise FrontendError(f"the type-bound call '{call}': {base} is class({tname}) and an extension of "
                            f"{tname} overrides {binding}, so which procedure runs is decided at run time; "
                            "call the specific procedure", file, line)
    proc, nopass, passed = target
    args = [str(a) for a in (call.items[1].items if call.items[1] is not None else ())]
    if not nopass:
        args = args + [f"{passed}={obj}"] if passed else [str(obj)] + args
    return F.Call_Stmt(f"CALL {proc}({', '.join(args)})")


def _ancestry(types, tname: str) -> list[str]:
    out = []
    while tname is not None and tname in types and tname not in out:
        out.append(tname)
        tname = types[tname][0]
    return out


def _lookup(types, tname: str, binding: str):
    for t in _ancestry(types, tname):
        if binding in types[t][1]:
            return types[t][1][binding]
    return None
