"""Declarations of one Fortran program unit: what every name in it is.

A name is a variable (declared or implicitly typed), a named constant (PARAMETER, or an MPI
constant of mpif.h / the mpi module), an MPI handle, a user function or subroutine, an intrinsic,
a known NX/2 or MPI function, or an unknown external. Variables of a COMMON block are shared by
every unit that declares the block; a member is known everywhere by the name the block's first
declaration gives it at its position (``canon``), so values assigned in one unit are seen in
another.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import sympy
from fparser.two import Fortran2003 as F
from fparser.two.utils import walk

from . import calls
from .expr import FExpr, lower_name
from .intrinsics import INTRINSICS
from .module_arrays import seen_here
from .derived import declare_type, declared_type
from .elements import element_values
from .generics import generic_interface
from .modules import Use, use_associated, use_statement
from .types import DOUBLE, INT, OTHER, FType, extent, implicit_type, intrinsic_type


@dataclass
class ProgramInfo:
    """What every unit of a file needs to know about the others."""

    functions: dict[str, FType | None] = field(default_factory=dict)  # user FUNCTIONs -> result type
    subroutines: set[str] = field(default_factory=set)
    commons: dict[str, list[str]] = field(default_factory=dict)  # block -> canonical member names
    modules: dict[str, "Scope"] = field(default_factory=dict)  # the program's MODULEs by name
    derived: dict[str, dict[str, FType]] = field(default_factory=dict)  # TYPE name -> its components
    elemental: set[str] = field(default_factory=set)  # ELEMENTAL user functions and subroutines (sections.py)
    dummies: dict[str, list[str]] = field(default_factory=dict)  # subprogram -> its dummy arguments
    generics: dict[str, list[str]] = field(default_factory=dict)  # generic name -> specifics (generics.py)
    # subprogram -> (dummy position, flag parameter) of the OPTIONAL dummies it tests (shapes.py)
    present: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    # subprogram -> its assumed-shape extents as hidden parameters (shapes.py):
    # (dummy position, dimension, parameter name, parameter index)
    hidden: dict[str, list[tuple[int, int, str, int]]] = field(default_factory=dict)
    uses_mpi: bool = False
    uses_nx: bool = False

    def register(self, name: str, kind: str, dummies: list[str], elemental: bool) -> None:
        """A unit of the program, before any is declared: the names calls need."""
        if kind in ("function", "subroutine"):
            self.dummies[name] = dummies  # keyword arguments of calls (refs.actual_args)
        if elemental:  # a function in array expressions, a subroutine called on arrays
            self.elemental.add(name)
        if kind == "function":
            self.functions[name] = None
        elif kind == "subroutine":
            self.subroutines.add(name)

    def present_names(self, unit: str) -> list[str]:
        return [flag for _, flag in self.present.get(unit, [])]

    def extra_params(self, unit: str) -> list[str]:
        """A subprogram's hidden parameters after its dummies: assumed extents, PRESENT flags."""
        return [h[2] for h in self.hidden.get(unit, [])] + self.present_names(unit)

    @property
    def user(self) -> set[str]:
        return set(self.functions) | self.subroutines


@dataclass
class Issue:
    """A declaration the frontend does not model (reported by the level-1 parse)."""

    line: int
    message: str


class Scope:
    """The names of one program unit (main program, subroutine, function or block data)."""

    def __init__(self, name: str, kind: str, program: ProgramInfo, dummies: list[str],
                 result: str | None = None, parent: "Scope | None" = None):
        self.name = name
        self.parent = parent  # the host of an internal subprogram
        self.kind = kind  # program | subroutine | function | blockdata
        self.program = program
        self.dummies = dummies
        self.result = result  # a function's result variable
        # implicit typing; None: IMPLICIT NONE (an internal subprogram starts with its host's)
        self.rules: dict[str, FType] | None = dict(parent.rules) if parent and parent.rules is not None \
            else (None if parent else {})
        self.types: dict[str, FType] = {}  # declared (local names)
        self.constants: dict[str, sympy.Expr] = {}
        self.externals: set[str] = set()
        self.alias: dict[str, str] = {}  # local name -> canonical name (COMMON members)
        self.common: dict[str, int] = {}  # canonical names of COMMON members declared here -> line
        self.data: dict[str, sympy.Expr | None] = {}  # DATA / initialised declarations (canonical)
        self.issues: list[Issue] = []
        self.uses: list[Use] = []  # USE statements of user modules (modules.py)
        self.component_dims: dict[str, tuple] = {}  # "f%v" -> the shape an ALLOCATE gave it
        self.allocated: dict[str, tuple | None] = {}  # array -> its ALLOCATE's shape (None: two differ)
        # another unit's array allocated here; a module's array and its shape from every ALLOCATE,
        # or why it has none (module_arrays.py)
        self.views: dict[str, tuple] = {}
        self.shapes: dict[str, tuple] = {}
        self.open_shapes: dict[str, str] = {}
        self.namelists: dict[str, list[str]] = {}  # NAMELIST group -> its variables (READ (u, NML=g))
        self.stmt_functions: dict = {}  # name -> the statement function it sees (stmt_functions.py)
        self.expr = FExpr(self)

    # -- the interface FExpr uses ---------------------------------------------------------------
    def resolve(self, name: str) -> "tuple[Scope, str] | None":
        """(scope, name there) of a name this unit does not declare: from a module it uses (use
        association, modules.py: renames and ONLY included) or from its host (an internal or module
        subprogram); None for its own names and unknown ones."""
        name = name.lower()
        if name in self.types or name in self.constants or name in self.dummies:
            return None
        found = use_associated(self, name)
        p = self.parent
        while found is None and p is not None:
            found = (p, name) if name in p.types or name in p.constants else use_associated(p, name)
            p = p.parent
        return found

    def canon(self, name: str) -> str:
        name = name.lower()
        there = self.resolve(name)
        if there is not None:
            return there[0].canon(there[1])
        return self.alias.get(name, name)

    def constant(self, name: str):
        name = name.lower()
        there = self.resolve(name)
        if there is not None:
            return there[0].constant(there[1])
        if name in self.constants:
            return self.constants[name]
        if self.program.uses_mpi and name.upper() in calls.MPI_CONSTANTS and name not in self.types:
            return sympy.Integer(calls.MPI_CONSTANTS[name.upper()])
        return None

    def is_handle(self, name: str) -> bool:
        return name.upper() in calls.MPI_HANDLES and name.lower() not in self.types

    def var_type(self, name: str) -> FType | None:
        """The type of a variable (None for constants, handles, functions, unknown names)."""
        name = name.lower()
        if self.constant(name) is not None or self.is_handle(name):
            return None
        there = self.resolve(name)
        if there is not None:
            return seen_here(self, name, there[0].var_type(there[1]), there)
        if name in self.types:
            return self.types[name]
        if self.ref_kind(name) != "array" and name in self.program.user and name != self.result:
            return None
        return implicit_type(name, self.rules)

    def undeclared(self, name: str) -> bool:
        """A name used as a variable that IMPLICIT NONE leaves without a type."""
        return self.var_type(name) is None and self.constant(name) is None and not self.is_handle(name) \
            and name.lower() not in self.program.user and self.ref_kind(name) in ("unknown", "array")

    def is_array(self, name: str) -> bool:
        there = self.resolve(name)
        if there is not None:
            return there[0].is_array(there[1])
        t = self.types.get(name.lower())
        return t is not None and t.is_array

    def ref_kind(self, name: str) -> str:
        """What ``name(...)`` is here: array | substring | user | intrinsic | known | unknown."""
        low, up = name.lower(), name.upper()
        if self.is_array(low):
            return "array"
        t = self.var_type(low) if low in self.types or self.resolve(low) is not None else None
        if t is not None and t.kind == "other" and t.tag is None and not t.is_array:
            return "substring"  # pname(1:namelen) of a CHARACTER scalar
        if low in self.program.user and low != self.name:
            return "user"
        if low == self.name and self.kind in ("function", "subroutine"):
            return "user"  # a recursive reference (CALL of a subroutine inside itself)
        if up in calls.FUNCTION_RESULTS or up in calls.MACHINE or up in calls.BINDINGS:
            return "known"
        if up in INTRINSICS and low not in self.externals:
            return "intrinsic"
        return "unknown"

    def function_type(self, name: str) -> FType:
        low, up = name.lower(), name.upper()
        if low in self.types and not self.types[low].is_array:
            return self.types[low]
        if low in self.program.functions and self.program.functions[low] is not None:
            return self.program.functions[low]
        if up in calls.FUNCTION_RESULTS:
            return DOUBLE if calls.FUNCTION_RESULTS[up] == "double" else INT
        return implicit_type(low, self.rules if self.rules is not None else {}) or OTHER

    # -- building ------------------------------------------------------------------------------
    def declare(self, stmt) -> None:
        """One specification statement (in source order)."""
        handler = getattr(self, f"_d_{type(stmt).__name__}", None)
        if handler is not None:
            handler(stmt)
        elif type(stmt).__name__ in _IGNORED:
            return
        else:
            self.issues.append(Issue(_line(stmt), f"{_what(stmt)} is not modelled"))

    def _d_Interface_Block(self, stmt):
        """A generic interface (generics.py); an interface body of an external procedure is
        not needed (its calls are resolved by name)."""
        found = generic_interface(stmt)
        if found is not None:
            self.program.generics.setdefault(found[0], []).extend(found[1])

    def _d_Namelist_Stmt(self, stmt):
        for group, objects in stmt.items:
            self.namelists.setdefault(lower_name(group), []).extend(lower_name(o) for o in objects.items)

    def namelist(self, group: str) -> list[str] | None:
        """The variables of a NAMELIST group of this unit or its host, None if it is none."""
        scope = self
        while scope is not None:
            if group.lower() in scope.namelists:
                return scope.namelists[group.lower()]
            scope = scope.parent
        return None

    def _d_Implicit_Stmt(self, stmt):
        spec = stmt.items[0]
        if spec is None or str(spec).upper() == "NONE" or str(stmt).upper().endswith("NONE"):
            self.rules = None
            return
        if self.rules is None:
            self.rules = {}
        for item in walk(spec, F.Implicit_Spec):
            t = self.type_spec(item.items[0])
            for letters in walk(item.items[1], F.Letter_Spec):
                lo, hi = letters.items
                hi = hi or lo
                for c in range(ord(lo.lower()), ord(hi.lower()) + 1):
                    self.rules[chr(c)] = t

    def _d_Type_Declaration_Stmt(self, stmt):
        base = self.type_spec(stmt.items[0])
        attrs = stmt.items[1]
        dims, pointer, parameter = None, False, False
        for a in (attrs.items if attrs is not None else ()):
            text = str(a).upper()
            if isinstance(a, F.Dimension_Attr_Spec):
                dims = self._shape(a.items[1])
            elif text in ("POINTER", "ALLOCATABLE"):
                pointer = True
            elif text == "PARAMETER":
                parameter = True
            elif text == "EXTERNAL":
                for d in walk(stmt.items[2], F.Entity_Decl):
                    self.externals.add(lower_name(d.items[0]))
        for d in walk(stmt.items[2], F.Entity_Decl):
            name = lower_name(d.items[0])
            t = base
            char_len = d.items[2]
            if char_len is not None and base.kind == "other":
                n = self.expr.sym(char_len)
                t = FType("other", int(n) if n is not None and n.is_Integer else base.size)
            own = self._shape(d.items[1]) if d.items[1] is not None else dims
            if own is not None:
                t = t.with_dims(own, pointer)
            elif pointer:
                t = FType(t.kind, t.size, t.dims, True)
            self.types[name] = t
            init = d.items[3]
            if init is not None:
                value = self.expr.sym(init.items[1] if hasattr(init, "items") else init)
                if parameter:
                    self._constant(name, value, stmt)
                else:
                    self.data[self.canon(name)] = value
                    rhs = init.items[1] if hasattr(init, "items") else init
                    for k, v in enumerate(element_values(self.expr, t, rhs) or ()):
                        self.data[f"{self.canon(name)}[{k}]"] = v  # dims(2) = 0: each element

    def _d_Dimension_Stmt(self, stmt):
        for name, spec in stmt.items[0]:
            name = lower_name(name)
            t = self.types.get(name) or implicit_type(name, self.rules) or OTHER
            self.types[name] = t.with_dims(self._shape(spec))

    def _d_Parameter_Stmt(self, stmt):
        for d in walk(stmt, F.Named_Constant_Def):
            self._constant(lower_name(d.items[0]), self.expr.sym(d.items[1]), stmt)

    def _constant(self, name, value, stmt):
        if value is None:
            self.issues.append(Issue(_line(stmt), f"the value of PARAMETER {name.upper()} cannot be computed"))
            return
        t = self.types.get(name) or implicit_type(name, self.rules)
        if t is not None and t.kind == "int" and not value.is_Integer:
            try:
                value = sympy.Integer(int(value))
            except (TypeError, ValueError, OverflowError):  # 1/0, 0.0/0.0, 1D400: an internal error
                self.issues.append(Issue(_line(stmt), f"the value of PARAMETER {name.upper()} is not a finite "
                                                      "number (a division by zero, or past the range of a number)"))
                return
        elif t is not None and t.kind in ("real", "double") and value.is_Integer:
            value = sympy.Float(value)
        self.constants[name] = value

    def _d_Common_Stmt(self, stmt):
        for block, objects in stmt.items[0]:
            block = lower_name(block) if block is not None else ""
            members = []
            for obj in objects.items:
                if isinstance(obj, F.Common_Block_Object):
                    name = lower_name(obj.items[0])
                    if obj.items[1] is not None:
                        t = self.types.get(name) or implicit_type(name, self.rules) or OTHER
                        self.types[name] = t.with_dims(self._shape(obj.items[1]))
                else:
                    name = lower_name(obj)
                members.append(name)
            known = self.program.commons.setdefault(block, [])
            for k, name in enumerate(members):
                if k >= len(known):
                    known.append(name)
                if known[k] != name:
                    self.alias[name] = known[k]
                self.common.setdefault(known[k], _line(stmt))

    def _d_External_Stmt(self, stmt):
        for n in walk(stmt, F.Name):
            self.externals.add(lower_name(n))

    def _d_Data_Stmt(self, stmt):
        for s in walk(stmt, F.Data_Stmt_Set):
            objects, values = s.items
            vals = []
            for v in values.items:
                if isinstance(v, F.Data_Stmt_Value):
                    rep, val = v.items
                    n = self.expr.sym(rep)
                    vals.extend([self.expr.sym(val)] * (int(n) if n is not None and n.is_Integer else 1))
                else:
                    vals.append(self.expr.sym(v))
            for k, obj in enumerate(objects.items):
                if isinstance(obj, F.Name) and not self.is_array(lower_name(obj)) and k < len(vals):
                    self.data[self.canon(lower_name(obj))] = vals[k]

    def _d_Use_Stmt(self, stmt):
        module, only, renames = use_statement(stmt)
        if module in ("mpi", "mpi_f08", "omp_lib"):  # omp_lib: the OpenMP runtime (frontends/libcalls.py)
            return
        scope = self.program.modules.get(module)
        if scope is None:
            self.issues.append(Issue(_line(stmt), f"USE {module}: module {module} is in none of the program's "
                                     "files (give its source file too); names from it are unknown"))
            return
        self.uses.append(Use(scope, only, renames))

    def _d_Equivalence_Stmt(self, stmt):
        self.issues.append(Issue(_line(stmt), "EQUIVALENCE is not modelled: values stored through one name "
                                 "are not seen through the other"))

    # -- helpers -----------------------------------------------------------------------------
    def type_spec(self, spec) -> FType:
        if isinstance(spec, F.Intrinsic_Type_Spec):
            name, selector = spec.items
            kind = length = None
            if selector is not None:
                inner = [x for x in selector.items if not isinstance(x, str)]
                value = self.expr.sym(inner[-1]) if inner else None
                if value is not None and value.is_Integer:
                    if isinstance(selector, F.Length_Selector):
                        length = int(value)
                    else:
                        kind = int(value)
            return intrinsic_type(name, kind, length)
        if isinstance(spec, F.Declaration_Type_Spec):  # TYPE(name) / CLASS(name)
            return declared_type(self, spec)
        return OTHER

    def _d_Derived_Type_Def(self, stmt):
        declare_type(self, stmt)

    def _shape(self, spec) -> tuple:
        """((lower, extent), ...) of an array spec; None where the source leaves it open."""
        dims = []
        if isinstance(spec, F.Assumed_Size_Spec):
            explicit, last_lo = spec.items
            for s in (explicit.items if explicit is not None else ()):
                dims.append(self._bounds(s))
            lo = self.expr.sym(last_lo) if last_lo is not None else sympy.Integer(1)
            dims.append((lo, None))
            return tuple(dims)
        for s in getattr(spec, "items", ()):
            if isinstance(s, F.Explicit_Shape_Spec):
                dims.append(self._bounds(s))
            else:  # assumed or deferred shape: ':' / 'lo:'
                lo = s.items[0] if getattr(s, "items", None) else None
                dims.append((self.expr.sym(lo) if lo is not None else sympy.Integer(1), None))
        return tuple(dims)

    def _bounds(self, s):
        lo_node, hi_node = s.items
        lo = self.expr.sym(lo_node) if lo_node is not None else sympy.Integer(1)
        hi = self.expr.sym(hi_node)
        return (lo, extent(lo, hi))

    def allocate(self, name: str, dims: tuple) -> None:
        """ALLOCATE gives a pointer / allocatable array its shape (flow-insensitively)."""
        key = "".join(name.lower().split())
        if "%" in key:  # a component (f%v): its shape, for array syntax on it (derived.py)
            self.component_dims[key] = dims
            return
        t = self.types.get(key)
        if t is not None:
            self.types[key] = t.with_dims(dims)
            self.allocated[key] = dims if self.allocated.get(key, dims) == dims else None
        elif self.resolve(key) is not None:  # a module's (or the host's) array: seen so here on
            self.views[key] = dims


_IGNORED = {"Comment", "Save_Stmt", "Intrinsic_Stmt", "Format_Stmt", "Interface_Block", "Access_Stmt",
            "Intent_Stmt", "Optional_Stmt", "Import_Stmt",
            "Procedure_Declaration_Stmt", "Entry_Stmt_Ignored"}


def _line(stmt) -> int:
    item = getattr(stmt, "item", None)
    return item.span[0] if item is not None else 0


def _what(stmt) -> str:
    name = type(stmt).__name__.replace("_Stmt", "").replace("_", " ").upper()
    return f"{name} statement"


def result_type(scope: Scope, rtype):
    """A function's type: the prefix's (INTEGER FUNCTION count(p), which also types the result
    variable, whatever the implicit rules say of its name), else its result variable's."""
    t = scope.type_spec(rtype) if rtype is not None else None
    if t is not None and scope.result not in scope.types:
        scope.types[scope.result] = t
    return t or scope.var_type(scope.result)


def unit_header(unit) -> tuple[str, str, list[str], str | None, FType | None, object]:
    """(name, kind, dummies, result variable, declared result type, header statement) of a unit."""
    # The header statement: the first item that is not a comment (fparser keeps a comment line
    # between CONTAINS and an internal subprogram inside that subprogram).
    first = next((c for c in (unit.content or []) if not isinstance(c, F.Comment)), None)
    if isinstance(unit, F.Main_Program) or type(unit).__name__ == "Main_Program0":
        name = lower_name(first.items[1]) if isinstance(first, F.Program_Stmt) else "main"
        return name, "program", [], None, None, first
    if isinstance(unit, F.Subroutine_Subprogram):
        return lower_name(first.items[1]), "subroutine", _dummies(first.items[2]), None, None, first
    if isinstance(unit, F.Function_Subprogram):
        prefix, name, dummies, suffix = first.items[:4]
        name = lower_name(name)
        result = name
        if suffix is not None:
            for r in walk(suffix, F.Name):  # RESULT(total): fparser's Suffix holds a plain Name
                result = lower_name(r)
                break
        rtype = None
        if prefix is not None:
            for p in walk(prefix, F.Intrinsic_Type_Spec):
                rtype = p
        return name, "function", _dummies(dummies), result, rtype, first
    if isinstance(unit, F.Module):
        return lower_name(first.items[1]), "module", [], None, None, first
    if isinstance(unit, F.Block_Data):
        return "blockdata", "blockdata", [], None, None, first
    return type(unit).__name__.lower(), "other", [], None, None, first


def _dummies(node) -> list[str]:
    if node is None:
        return []
    return [lower_name(n) for n in node.items if isinstance(n, F.Name)]
