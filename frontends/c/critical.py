"""Critical variables of a C program (paper 3.3.2): the facts, collected from the C statements.

A variable is critical when it appears in a loop limit or step, a branch condition, a switch, or a
communication partner, size, tag or root; and, transitively, when a critical variable is assigned
from it (the closure, shared with Fortran, is frontends/critical.py). A pointer argument ``&var``
to a user function lets the callee's stores through the parameter define ``var``.
"""
from __future__ import annotations

from pycparser import c_ast

from ..critical import CriticalInfo, Facts, annotation_names, critical_info
from ..comms import QUERIES
from ..msgpass import C_DATATYPES, CALLS, DERIVED_DATATYPES, NX_NAMES
from . import libloops, packs
from .strcalls import string_facts
from .expr import buffer_name, calls_random, field_path, member_element, names_in
from .types import integer_literal

# Predefined names that are never variables, though they appear where control is decided.
_CONSTANTS = frozenset(C_DATATYPES) | {"MPI_COMM_WORLD", "MPI_COMM_SELF", "MPI_COMM_NULL", "argv"} | NX_NAMES


class _Collector(c_ast.NodeVisitor, Facts):
    """The facts of critical variables, from every function and global declaration."""

    def __init__(self, functions: dict[str, c_ast.FuncDef], types=None):
        Facts.__init__(self)
        self.functions = functions
        self.types = types  # the TypeTable of the globals' types: the members of arrays of structs
        self.returns: dict[str, set[str]] = {}  # function -> the names its return expressions read
        self.assign_calls: list[tuple[int, set[str]]] = []  # (index in assigns, user functions called)
        self._fn: str | None = None
        self._guards: list[set[str]] = []  # names of the ?: and && / || conditions around a node
        self.strings: set[str] = set()  # the strings whose lengths are followed (strcalls.py)

    def visit_FuncDef(self, node):
        self._fn = node.decl.name
        self.generic_visit(node)
        self._fn = None

    def _ctrl(self, node):
        if node is not None:
            self.control |= names_in(node)

    def visit_For(self, node):
        self._ctrl(node.init)
        self._ctrl(node.cond)
        self._ctrl(node.next)
        # ``p < rowptr[i + 1]``: a limit read from an array by a computed index (the row pointers
        # of a compressed-sparse-row matrix): its elements are followed as the counts of
        # MPI_Scatterv are (the program fills them in a loop the engine interprets).
        for part in (node.init, node.cond):
            self.elements |= _indexed_arrays(part)
        self.generic_visit(node)

    def visit_While(self, node):
        self._ctrl(node.cond)
        self.flags |= _indexed_arrays(node.cond)  # ``while (marked[++index]);``
        self.generic_visit(node)

    def visit_DoWhile(self, node):
        self._ctrl(node.cond)
        self.flags |= _indexed_arrays(node.cond)
        self.generic_visit(node)

    def visit_If(self, node):
        self._ctrl(node.cond)
        self.flags |= _indexed_arrays(node.cond)  # ``if (!marked[k])``: a flag array, if only constants are stored
        self.generic_visit(node)

    def visit_Switch(self, node):
        self._ctrl(node.cond)
        self.generic_visit(node)

    def visit_Return(self, node):
        if self._fn is not None and node.expr is not None:
            self.returns.setdefault(self._fn, set()).update(names_in(node.expr))
        self.generic_visit(node)

    def visit_Decl(self, node):
        if node.name and _of_integers(node.type):
            self.int_arrays.add(node.name)
        if node.name and self.types is not None:  # level_t lev[4]: "lev.n" of int n is one too
            self.int_arrays |= _int_members(self.types, node)
        if node.init is not None and node.name:
            self.assigns.append((node.name, names_in(node.init), node.coord.line if node.coord else 0))
            self.indexed_reads.append((node.name, _indexed_arrays(node.init)))
            self._calls_in(node.init)
            if calls_random(node.init):
                self.random.add(node.name)
        self.generic_visit(node)

    def visit_Assignment(self, node):
        target = target_name(node.lvalue)
        if target:
            rhs = names_in(node.rvalue)
            if node.op != "=":
                rhs.add(target)
            self.assigns.append((target, rhs, node.coord.line if node.coord else 0))
            self.indexed_reads.append((target, _indexed_arrays(node.rvalue)))
            lv = node.lvalue
            array, index = _stored_element(lv)
            if array is not None:  # counts[i] = ..., lev[l].n = ... (the members "lev.n")
                self.element_stores.append((array, names_in(index)))
                if node.op != "=" or not _constant(node.rvalue):
                    self.varied.add(array)
            self._calls_in(node.rvalue)
            if calls_random(node.rvalue) or _generator_step(target, node.op, node.rvalue):
                self.random.add(target)
        self.generic_visit(node)

    def _calls_in(self, rvalue) -> None:
        """The program's functions the last assignment's value calls: what they return flows in."""
        called = {n.name.name for n in _nodes(rvalue) if isinstance(n, c_ast.FuncCall)
                  and isinstance(n.name, c_ast.ID) and n.name.name in self.functions}
        if called:
            self.assign_calls.append((len(self.assigns) - 1, called))

    def visit_TernaryOp(self, node):
        # an update in a branch runs on the condition: its names flow into the update (updates.py)
        self.visit(node.cond)
        self._guards.append(names_in(node.cond))
        self.visit(node.iftrue)
        self.visit(node.iffalse)
        self._guards.pop()

    def visit_BinaryOp(self, node):
        if node.op not in ("&&", "||"):
            return self.generic_visit(node)
        self.visit(node.left)
        self._guards.append(names_in(node.left))  # ok && count++: counted when ok holds
        self.visit(node.right)
        self._guards.pop()

    def visit_UnaryOp(self, node):
        if node.op in ("p++", "p--", "++", "--"):
            target = target_name(node.expr)
            if target:
                self.assigns.append((target, {target}.union(*self._guards), node.coord.line if node.coord else 0))
            if isinstance(node.expr, c_ast.ArrayRef) and isinstance(node.expr.name, c_ast.ID):
                self.varied.add(node.expr.name.name)  # hist[k]++: not a flag array
            elif member_element(node.expr) is not None:
                self.varied.add(member_element(node.expr)[0])
        self.generic_visit(node)

    def visit_Pragma(self, node):
        self.control |= annotation_names(node.string or "", node.coord.line if node.coord else 0)

    def visit_FuncCall(self, node):
        name = node.name.name if isinstance(node.name, c_ast.ID) else None
        args = node.args.exprs if node.args else []
        if isinstance(node.name, c_ast.UnaryOp) and node.name.op == "*":
            # (*op)(x), (*kernels[k])(u): the handle decides which function runs (fnhandles.py),
            # one of the program's functions taking that many arguments (its arguments flow into each)
            self._ctrl(node.name.expr)
            self.elements |= _indexed_arrays(node.name.expr)
            for fn, fd in self.functions.items():
                if len(_params(fd)) == len(args):
                    self._user_call(fn, args)
        if name in CALLS:
            self.message_call(CALLS[name], args, names_in, buffer_name, node.coord.line if node.coord else 0)
            self.elements |= _element_arrays(CALLS[name], args)
        if (name in libloops.CALLS or name in libloops.SORTS) and name not in self.functions:
            for n in libloops.trip_nodes(name, args):  # the byte count and offsets: a loop's limits
                self._ctrl(n)
            if name in libloops.SORTS:
                self.control |= set(libloops.sort_vars(node))
                if len(args) == 4:  # a comparator passed as a pointer: its handle (libloops._sort_loop)
                    self._ctrl(args[3])
        if name in packs.PACKS and name not in self.functions:
            for n in packs.trip_nodes(name, args):  # MPI_Pack's count and datatype: its copy loop's limit
                self._ctrl(n)
        if name in QUERIES and name not in self.functions:
            self.query_call(name, args, names_in, buffer_name, node.coord.line if node.coord else 0)
            self.elements |= {args[i].name for i in QUERIES[name].arrays
                              if i < len(args) and isinstance(args[i], c_ast.ID)}
        elif name in self.functions:
            self._user_call(name, args)
        elif name in DERIVED_DATATYPES:
            self.derived_type(name, args, names_in, buffer_name, node.coord.line if node.coord else 0)
        elif name is not None and name not in CALLS:
            # A library or MPI call storing through &var (MPI_Comm_rank(comm, &rank), scanf): the
            # variable is defined there, so a global set this way is no external input.
            for a in args:
                if isinstance(a, c_ast.UnaryOp) and a.op == "&" and isinstance(a.expr, (c_ast.ID, c_ast.StructRef)):
                    target = field_path(a.expr)
                    if target:
                        self.assigns.append((target, set(), node.coord.line if node.coord else 0))
                elif name in SCANF and isinstance(a, c_ast.ID):  # scanf("%d", n_p): n_p points to it
                    self.assigns.append((f"*{a.name}", set(), node.coord.line if node.coord else 0))
        if name is not None and name not in CALLS and name not in self.functions:
            # sprintf(msg, "..%d", rank): msg's contents (its length) are computed from rank; a
            # string any other call may write is defined there (frontends/c/strings.py)
            self.assigns.extend(string_facts(name, args, self.strings, node.coord.line if node.coord else 0))
        self.generic_visit(node)


    def _user_call(self, name: str, args: list) -> None:
        for i, a in enumerate(args):
            self.call_args.append((name, i, names_in(a)))
            self.indexed_args.append((name, i, _indexed_arrays(a)))
            if isinstance(a, c_ast.UnaryOp) and a.op == "&" and field_path(a.expr) is not None:
                self.call_refs.append((name, i, field_path(a.expr)))  # &n, &cfg.left
            elif isinstance(a, c_ast.ID):  # a pointer passed on: the callee's *p is the caller's
                self.call_refs.append((name, i, f"*{a.name}"))


def _params(fd) -> list[str]:
    return [p.name for p in (fd.decl.type.args.params if fd.decl.type.args else [])
            if isinstance(p, c_ast.Decl) and p.name]


SCANF = ("scanf", "sscanf", "fscanf")


# A multiplier this large in ``x = x * A + C`` is a linear congruential generator's (16807, 69069,
# 1103515245, 6364136223846793005), not a count's growth (``n = n * 2 + 1``).
GENERATOR_MULTIPLIER = 1000


def _generator_step(target: str, op: str, rvalue) -> bool:
    """Is ``target op rvalue`` the step of a pseudo-random generator written out: a linear
    congruential step (``x = x * 6364136223846793005UL + 1442695040888963407UL``, ``x = (A * x + C)
    % M``, ``x *= A``) or a xorshift step (``x ^= x << 13``, ``x = x ^ (x >> 7)``)? Its values are
    as random as rand()'s: data (docs/model.md, "Generators written out")."""
    reads_self = any(isinstance(n, c_ast.ID) and n.name == target for n in _nodes(rvalue))
    if op == "^=":
        return any(isinstance(n, c_ast.BinaryOp) and n.op in ("<<", ">>") and _names_self(n.left, target)
                   for n in _nodes(rvalue))
    if op == "*=":
        return _big_constant(rvalue)
    if op != "=" or not reads_self:
        return False
    for n in _nodes(rvalue):
        if isinstance(n, c_ast.BinaryOp) and n.op == "*" and (
                (_names_self(n.left, target) and _big_constant(n.right))
                or (_names_self(n.right, target) and _big_constant(n.left))):
            return True
        if isinstance(n, c_ast.BinaryOp) and n.op == "^" and any(
                isinstance(m, c_ast.BinaryOp) and m.op in ("<<", ">>") and _names_self(m.left, target)
                for m in (n.left, n.right)):
            return True
    return False


def _names_self(node, target: str) -> bool:
    while isinstance(node, c_ast.Cast):
        node = node.expr
    return isinstance(node, c_ast.ID) and node.name == target


def _big_constant(node) -> bool:
    while isinstance(node, c_ast.Cast):
        node = node.expr
    value = integer_literal(node)
    return value is not None and value > GENERATOR_MULTIPLIER


def _nodes(node):
    """Every node of an expression (tree.walk's order is not needed; tree imports this module)."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(child for _, child in n.children())


def target_name(node) -> str | None:
    """The variable an assignment stores to: ``x``, ``a[3]`` (constant index), ``a``, or ``*p``."""
    if isinstance(node, c_ast.UnaryOp) and node.op == "*" and isinstance(node.expr, c_ast.ID):
        return f"*{node.expr.name}"  # an output parameter
    if isinstance(node, c_ast.ID):
        return node.name
    if isinstance(node, c_ast.StructRef) or (isinstance(node, c_ast.ArrayRef) and isinstance(node.name, c_ast.StructRef)):
        path = field_path(node)  # s.n, *g.n_local, *p.dims[0], lev.n[2] for lev[2].n
        if path is None and member_element(node) is not None:
            return member_element(node)[0]  # lev[l].n: the members "lev.n" as a whole
        if path is None and isinstance(node, c_ast.ArrayRef):
            path = field_path(node.name)  # a variable index: the member array as a whole
        return path
    if isinstance(node, c_ast.ArrayRef) and isinstance(node.name, c_ast.ArrayRef):
        path = field_path(node)  # ranges[0][1]: constant indices name an element of its own
        while path is None and isinstance(node, c_ast.ArrayRef):
            node = node.name  # a computed index: the array as a whole
        return path or (node.name if isinstance(node, c_ast.ID) else None)
    if isinstance(node, c_ast.ArrayRef) and isinstance(node.name, c_ast.ID):
        if isinstance(node.subscript, c_ast.Constant):
            return f"{node.name.name}[{node.subscript.value}]"
        return node.name.name
    return None


def analyse(functions: dict[str, c_ast.FuncDef], globals_: list[c_ast.Node], types=None,
            strings=frozenset()) -> CriticalInfo:
    """``strings``: the strings whose lengths are followed (strcalls.needed_strings)."""
    col = _Collector(functions, types)
    col.strings = set(strings)
    for g in globals_:
        col.visit(g)
    for fn in functions.values():
        col.visit(fn)
    # ``n = count_local(..)``: the names count_local's returns read define n (a critical n makes
    # its counter critical, so the engine follows the value it returns; docs/model.md).
    for k, called in col.assign_calls:
        target, rhs, line = col.assigns[k]
        col.assigns[k] = (target, rhs | set().union(*(col.returns.get(f, set()) for f in called)), line)
    params = {name: _params(fn) for name, fn in functions.items()}

    return critical_info(col, params, _CONSTANTS)


def _constant(node) -> bool:
    """Is the stored value a constant (``1``, ``-1``, ``'x'``, ``(char) 0``)?"""
    while isinstance(node, c_ast.Cast) or (isinstance(node, c_ast.UnaryOp) and node.op in ("-", "+")):
        node = node.expr
    return isinstance(node, c_ast.Constant)


_INTEGERS = {"int", "long", "short", "char", "unsigned", "signed", "size_t", "int64_t", "int32_t",
             "uint64_t", "uint32_t", "ptrdiff_t"}


def _of_integers(t) -> bool:
    """Is a declared type an array of, or a pointer to, integers (``int *displs``, ``long c[8]``)?"""
    if not isinstance(t, (c_ast.ArrayDecl, c_ast.PtrDecl)):
        return False
    while isinstance(t, (c_ast.ArrayDecl, c_ast.PtrDecl)):
        t = t.type
    names = getattr(getattr(t, "type", None), "names", None) or []
    return bool(names) and all(n in _INTEGERS for n in names)


def _indexed_arrays(node) -> set[str]:
    """The arrays an expression reads by a computed index (``rowptr[i + 1]``), and the members of
    an array of structs read by any index (``lev[l].n``, ``lev[0].n``: "lev.n", not lev; a constant
    index names the element the computed stores store, expr.field_path)."""
    out, bases = set(), set()
    for n in _nodes(node) if node is not None else ():
        member = member_element(n)
        if member is not None:
            out.add(member[0])
            bases.add(id(n.name))
        elif isinstance(n, c_ast.ArrayRef) and isinstance(n.name, c_ast.ID) \
                and not isinstance(n.subscript, c_ast.Constant) and id(n) not in bases:
            out.add(n.name.name)
    return out


def _stored_element(lv) -> tuple[str | None, object]:
    """The array and index node of a store by a computed index: ``a[i]`` (a), ``lev[l].n``
    (the members "lev.n"); (None, None) for any other target."""
    if isinstance(lv, c_ast.ArrayRef) and isinstance(lv.name, c_ast.ID) and not isinstance(lv.subscript, c_ast.Constant):
        return lv.name.name, lv.subscript
    member = member_element(lv)
    if member is not None and not isinstance(member[1], c_ast.Constant):
        return member
    return None, None


def _int_members(types, decl) -> set[str]:
    """"a.n" for each integer member n of an array of (or pointer to) structs ``a``: the members
    an index picks are followed only when they are integers, as arrays are (Facts.int_arrays)."""
    t = types.of(decl)
    elem = t.pointee if t.kind == "ptr" and not t.is_array else (t if t.is_array else None)
    if elem is None or elem.kind != "struct":
        return set()
    return {f"{decl.name}.{m}" for m, mt in types.fields.get(elem.tag or "", {}).items()
            if mt.kind == "int" and not mt.is_array}


def _element_arrays(call, args) -> set[str]:
    """The arrays a message-passing call reads element by element: those indexed by a computed
    value in its counts, partners, tags and roots (``counts[rank]``), and the arrays it takes as a
    whole (MPI_Scatterv's counts, MPI_Group_incl's ranks)."""
    out = set()
    for i in call.control():
        out |= _indexed_arrays(args[i]) if i < len(args) else set()  # counts[rank], lev[l].n
    for i in call.arrays():
        if i < len(args) and isinstance(args[i], c_ast.ID):
            out.add(args[i].name)
    return out
