"""Fortran derived types: components as values the prediction follows (part of the level-1 parse).

``type(field_t) :: f`` with ``f%n = n`` in an init routine and ``do i = 1, f%n`` in the caller is
C's ``struct field *f`` with ``f->n``, and is followed the same way (docs/model.md, "values
followed"): a scalar component is the variable ``f.n``; nested components ``f.g.k``; a component
of a dummy argument is reached through it, ``*f.n`` (Fortran passes by reference, as C's pointer
parameter), so the caller's ``f.n`` goes in and comes back (the engine's Call.refs).

Array components (``f%v(i)``) are elements of an array whose extent comes from an ALLOCATE of
``f%v`` or the type's declaration; their values are not followed (as C's struct arrays beyond 64
elements are not). A scalar component of an element of an array of derived type (``lev(l)%n``)
is an element of the array "lev.n" of those components, followed as ``counts(l)`` is when a DO
limit or a message argument reads it (``member``; C's ``lev[l].n``, frontends/c/lvalues.py).
"""
from __future__ import annotations

from fparser.two import Fortran2003 as F

from ..aag import symexpr as S
from .refs import args_of, is_ref, lower_name
from .types import OTHER, FType, intrinsic_type


def declare_type(scope, stmt) -> None:
    """A TYPE ... END TYPE definition: its components' types, program-wide by type name."""
    parts = [c for c in (stmt.content or [])]
    name = str(parts[0].items[1]).lower()
    components: dict[str, FType] = {}
    for part in parts:
        for comp in (c for c in (getattr(part, "content", None) or []) if isinstance(c, F.Data_Component_Def_Stmt)):
            base = scope.type_spec(comp.items[0])
            attrs = str(comp.items[1] or "").upper()
            for decl in comp.items[2].items:
                cname = lower_name(decl.items[0])
                t = base
                if decl.items[1] is not None:
                    t = t.with_dims(scope._shape(decl.items[1]), "ALLOCATABLE" in attrs or "POINTER" in attrs)
                components[cname] = t
    scope.program.derived[name] = components


# mpi_f08's handle types: a derived type whose one component (MPI_VAL) is the INTEGER handle of
# ``use mpi``. A variable of one holds what the integer would (a datatype's size in bytes once
# MPI_Type_contiguous has set it, a communicator's handle), so it is declared as that integer.
# TYPE(MPI_Status) stays a derived type: its fields are read as status%MPI_SOURCE.
F08_HANDLES = frozenset({"mpi_datatype", "mpi_comm", "mpi_op", "mpi_group", "mpi_request", "mpi_win",
                         "mpi_file", "mpi_info", "mpi_errhandler", "mpi_message", "mpi_session"})


def declared_type(scope, spec) -> FType:
    """``type(NAME)`` / ``class(NAME)``: a variable of a derived type (its tag names the type)."""
    inner = spec.items[1] if len(spec.items) > 1 else None
    if inner is not None and str(inner).lower() in F08_HANDLES:
        return intrinsic_type("INTEGER", None)
    return FType("other", 0, tag=str(inner).lower()) if inner is not None else OTHER


class Components:
    """What FExpr needs of a component reference ``a%b%c`` in the unit of ``scope``."""

    def __init__(self, scope):
        self.scope = scope

    def path(self, node) -> tuple[str, list[str], object] | None:
        """(base variable's name here, component names, last part node) of a Data_Ref."""
        parts = node.items
        base = parts[0]
        if is_ref(base) and self.subscripts(node) is not None:
            base = base.items[0]  # lev(l)%n: the component n of an element of the array lev
        if not isinstance(base, F.Name):
            return None
        names = []
        for p in parts[1:]:
            if isinstance(p, F.Name):
                names.append(lower_name(p))
            elif is_ref(p):
                names.append(lower_name(p.items[0]))
            else:
                return None
        return str(base).lower(), names, parts[-1]

    def subscripts(self, node) -> list | None:
        """The subscripts of ``lev(l)`` in ``lev(l)%n``: an element of an array of derived type
        (one element per subscript, no section); None when the reference's base is not one."""
        base = node.items[0]
        if not (is_ref(base) and isinstance(base.items[0], F.Name)):
            return None
        args = args_of(base)
        if not args or any(isinstance(a, F.Subscript_Triplet) for a in args):
            return None
        t = self.scope.var_type(str(base.items[0]))
        return args if t is not None and t.is_array and t.tag and len(args) == len(t.dims) else None

    def member(self, node) -> tuple[str, list, FType, FType] | None:
        """``lev(l)%n``, a scalar component of an element of an array of derived type: ("lev.n",
        the subscripts, the component's type, the array's type). The components n of lev's
        elements are an array of their own, named "lev.n" as C names ``lev[l].n``'s (its element
        k "lev.n[k]", counted from 0), so a DO limit read from them (``do i = 1, lev(l)%n``) is
        followed as ``counts(l)`` is. None otherwise."""
        args = self.subscripts(node)
        found = self.path(node) if args is not None else None
        if found is None or is_ref(found[2]):
            return None
        t = self.ftype(node)
        if not t.arithmetic or t.is_array:
            return None
        # named from the array itself, a dummy's too (an array is passed by its name: Call.arrays)
        return ".".join([self.scope.canon(found[0]), *found[1]]), args, t, self.scope.var_type(found[0])

    def member_index(self, node):
        """``lev(l)%n``: the element of the array "lev.n" of components whose elements are
        followed (derived.py ``member``), named from 0; ``lev(2)%n`` is the variable "lev.n[1]".
        None for any other array (more than one dimension, a lower bound interp does not know)."""
        ex = self.scope.expr
        found = self.member(node)
        if found is None:
            return None
        name, args, t, array = found
        if len(args) != 1 or len(array.dims) != 1:
            return None
        lo, index = array.dims[0][0], ex.value(args[0])
        if index is None or lo is None or not lo.is_Integer:
            return None
        if (index - lo).is_Integer:
            return S.var(f"{name}[{int(index - lo)}]") if f"{name}[{int(index - lo)}]" not in ex.data else None
        return S.element(name, index - lo, t.kind == "int") if name in ex.elements else None

    def base_name(self, base: str) -> str:
        """``f`` for a local or global, ``*f`` for a dummy argument (reached through its address)."""
        canon = self.scope.canon(base)
        return f"*{canon}" if base in self.scope.dummies else canon

    def ftype(self, node) -> FType:
        """The type of the component a Data_Ref names (its element's, when subscripted)."""
        found = self.path(node)
        if found is None:
            return OTHER
        base, names, last = found
        t = self.scope.var_type(base)
        for name in names:
            comps = self.scope.program.derived.get(t.tag) if t is not None and t.tag else None
            if comps is None or name not in comps:
                return OTHER
            t = comps[name]
        return t.element() if is_ref(last) and args_of(last) and t.is_array else t

    def name(self, node) -> str | None:
        """``f.n`` / ``*f.n`` / ``f.g.k`` for a scalar component, None otherwise (``lev(l)%n``, a
        component of an array's element, is no variable of its own: ``member``)."""
        found = self.path(node)
        if found is None or is_ref(found[2]) or self.subscripts(node) is not None:
            return None
        t = self.ftype(node)
        if not t.arithmetic or t.is_array:
            return None
        return ".".join([self.base_name(found[0]), *found[1]])

    def path_name(self, node) -> str | None:
        """``f.v`` for any component (an array one included): what a store to it defines."""
        found = self.path(node)
        return ".".join([self.base_name(found[0]), *found[1]]) if found is not None else None

    def root(self, node) -> str | None:
        found = self.path(node)
        return self.base_name(found[0]) if found is not None else None

    def text(self, node) -> str:
        """``f%v``: the reference without the last part's subscripts (ALLOCATE's key)."""
        found = self.path(node)
        return "%".join([found[0], *found[1]]) if found is not None else ""

    def dims(self, node) -> tuple:
        """The shape of an array component: allocated in this unit, else declared."""
        t = self.ftype_whole(node)
        return self.scope.component_dims.get(self.text(node)) or t.dims

    def ftype_whole(self, node) -> FType:
        found = self.path(node)
        if found is None:
            return OTHER
        t = self.scope.var_type(found[0])
        for name in found[1]:
            comps = self.scope.program.derived.get(t.tag) if t is not None and t.tag else None
            if comps is None or name not in comps:
                return OTHER
            t = comps[name]
        return t

    def why_open(self, node) -> str:
        """What is not known of the shape of the component array ``node`` here, and why."""
        text = self.text(node)
        where = "" if str(node).replace(" ", "") == text else f" (in {node})"
        if self.ftype_whole(node).pointer:
            return (f"the extent of the component array {text}{where} is not known here: no ALLOCATE of "
                    f"{text} before this statement in this unit gives it (a component allocated in another "
                    f"unit has no shape here); a section with both bounds, {text}(lo:hi), is looped over")
        return f"the extent of the component array {text}{where} is not known from its type's declaration"

    def whole_array(self, node) -> bool:
        """A component array used whole or by a section (array syntax on a component)."""
        found = self.path(node)
        if found is None:
            return False
        last = found[2]
        t = self.ftype(node)
        if isinstance(last, F.Name):
            return t.is_array
        return any(isinstance(a, F.Subscript_Triplet) for a in args_of(last))
