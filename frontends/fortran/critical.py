"""Critical variables of a Fortran program (paper 3.3.2), with the C frontend's rules.

A variable is critical when it appears in a DO limit or step, a DO WHILE / IF / SELECT CASE
condition, or a message partner, size, tag or root; and, transitively, when a critical variable is
assigned from it. Message buffers are tracked too, so values sent in messages keep their
definition path. The closure and the message-passing rules are shared with C
(frontends/critical.py, frontends/msgpass.py); this module only collects the facts from Fortran
statements.

Fortran passes arguments by reference: a variable passed to a subroutine is defined by the
subroutine's assignments to its dummy argument. As in C's ``&var`` arguments, such a store is
recorded as ``*dummy`` (and ``*dummy`` depends on ``dummy``), so the caller's critical variable
makes the callee's assignments to the dummy critical too.
"""
from __future__ import annotations

from fparser.two import Fortran2003 as F

from ..comms import QUERIES
from ..critical import RANDOM_SOURCES, CriticalInfo, Facts, annotation_names, critical_info
from ..msgpass import DERIVED_DATATYPES, canonical
from .calls import MACHINE, binding
from .expr import args_of, is_ref, ref_name
from . import tree as T
from .refs import actual_args, query_target, read_items
from .section_bounds import allocation_names, section_limits
from .shapes import actual_extent
from .tree import DO_STMTS, loop_control, statements


class _Collector(Facts):
    """The facts ``closure`` works on, from Fortran units."""

    def __init__(self):
        super().__init__()
        self._dummies: set[str] = set()  # the current unit's dummy arguments
        self.result_refs: list[tuple[str, str]] = []  # (user function, the variable n = f(...) assigns)

    def unit(self, scope, body) -> None:
        ex = scope.expr
        # A function's result variable goes back to the caller as a dummy does (the result
        # parameter of ``params``, analyse): ``n = f(p)`` defines n from f's stores to its result.
        self._dummies = set(scope.dummies) | ({scope.canon(scope.result)} if scope.result else set())
        stmts = list(statements(body))
        self._allocated = allocation_names(ex, [s for s, _ in stmts])
        for stmt, line in stmts:
            self._statement(stmt, line, ex)

    def assign(self, target, names, line) -> None:
        self.assigns.append((target, names, line))
        if target in self._dummies:
            self.assigns.append((f"*{target}", {target}, line))

    def _statement(self, stmt, line, ex) -> None:
        if isinstance(stmt, DO_STMTS):
            lc = loop_control(stmt)
            if lc is not None and len(lc.items) > 3 and lc.items[3] is not None:
                self.control |= ex.names_in(lc.items[3])  # DO CONCURRENT (k = 1:n, mask): limits and mask
            elif lc is not None:
                self.control |= ex.names_in(lc.items[0])
                self.flags |= _indexed(lc.items[0], ex)  # DO WHILE (.not. found(k))
                self._tested_results(lc.items[0], ex)  # DO WHILE (.not. done(x))
                if lc.items[1] is not None:
                    var, bounds = lc.items[1]
                    self.control |= ex.names_in(var)
                    names = set()
                    for b in bounds:
                        names |= ex.names_in(b)
                        self._tested_results(b, ex)  # DO i = 1, nitems(r): the function's result
                    # DO p = rowptr(i), rowptr(i + 1) - 1: row pointers, followed element by element
                    self.elements |= _element_arrays(range(len(bounds)), (), list(bounds), ex)
                    self.control |= names
                    # The DO variable is assigned from its limits (C's "i = lo").
                    target = ex.target_name(var)
                    if target is not None:
                        self.assign(target, names, line)
        elif isinstance(stmt, (F.If_Then_Stmt, F.Else_If_Stmt, F.If_Stmt, F.Select_Case_Stmt)):
            self.control |= ex.names_in(stmt.items[0])
            self.flags |= _indexed(stmt.items[0], ex)  # IF (.NOT. composite(p)): a flag array, if only constants are stored
            self._tested_results(stmt.items[0], ex)
        elif isinstance(stmt, F.Assignment_Stmt):
            target = ex.target_name(stmt.items[0])
            # Array syntax is a loop nest (sections.py): the bounds of its sections are DO limits.
            self.control |= section_limits(ex, stmt, self._allocated)
            if target is not None:
                self.assign(target, ex.names_in(stmt.items[2]), line)
                lhs = stmt.items[0]
                member = ex.components.member(lhs) if isinstance(lhs, F.Data_Ref) else None
                if member is not None and "[" not in target:
                    # lev(l)%n = 8 * l: an element of "lev.n" whose index must be known
                    self.element_stores.append((member[0], set().union(*(ex.names_in(a) for a in member[1]))))
                    if not _constant(stmt.items[2]):
                        self.varied.add(member[0])
                elif is_ref(lhs) and args_of(lhs) and ex.element_offset(ref_name(lhs), args_of(lhs)) is None:
                    # rowptr(row) = nnz + 1: the index of a followed element must be known
                    self.element_stores.append((ex.scope.canon(ref_name(lhs)),
                                                set().union(*(ex.names_in(a) for a in args_of(lhs)))))
                    if not _constant(stmt.items[2]):
                        self.varied.add(ex.scope.canon(ref_name(lhs)))
                elif isinstance(lhs, F.Name) and not _constant(stmt.items[2]):
                    self.varied.add(ex.scope.canon(str(lhs)))  # a = b: a whole array of values
                for _, callee, temp in user_results(ex, stmt.items[2]):
                    # n = f(p) + 1: f's result comes back into a variable of its own (as a
                    # by-reference argument's value does), which n is computed from
                    self.assign(target, {temp}, line)
                    self.result_refs.append((callee, temp))
                if any(ref_name(n).lower() in RANDOM_SOURCES and ex.scope.ref_kind(ref_name(n)) != "user"
                       for n in _refs(stmt)):  # x = RAND() (a common extension)
                    self.random.add(target)
        elif isinstance(stmt, (F.Where_Stmt, F.Forall_Stmt)):  # loop nests (sections.py)
            self.control |= ex.names_in(stmt.items[0])  # FORALL's triplets and mask, WHERE's mask
            self._statement(stmt.items[1], line, ex)
        elif isinstance(stmt, (F.Forall_Construct_Stmt, F.Where_Construct_Stmt, F.Masked_Elsewhere_Stmt)):
            self.control |= ex.names_in(stmt.items[-1] if isinstance(stmt, F.Forall_Construct_Stmt)
                                        else stmt.items[0])
        elif isinstance(stmt, F.Read_Stmt):
            for item in read_items(stmt, ex.scope):  # the items, or a NAMELIST group's variables
                target = ex.target_name(item)
                if target is not None:
                    self.assign(target, set(), line)
            self._status_var(stmt, ("IOSTAT",), line, ex)
        elif isinstance(stmt, F.Allocate_Stmt):
            self._status_var(stmt, ("STAT",), line, ex)
        elif isinstance(stmt, F.Call_Stmt):
            self._call(str(stmt.items[0]), _args(stmt, str(stmt.items[0]), ex), line, ex, result=None)
        if not isinstance(stmt, F.Call_Stmt):
            for node in _refs(stmt):
                result = ex.target_name(stmt.items[0]) if isinstance(stmt, F.Assignment_Stmt) else None
                self._call(ref_name(node), _args(node, ref_name(node), ex), line, ex, result)

    def _tested_results(self, cond, ex) -> None:
        """``IF (is_prime(k))``: the function's result decides control (its Call brings it back
        into a variable of its own, control.py ``_tested``)."""
        for _, callee, temp in (user_results(ex, cond) if cond is not None else ()):
            self.control.add(temp)
            self.result_refs.append((callee, temp))

    def _status_var(self, stmt, keys, line, ex):
        for node in _walk(stmt):
            if isinstance(node, (F.Io_Control_Spec, F.Alloc_Opt)) and str(node.items[0]).upper() in keys:
                target = ex.target_name(node.items[1])
                if target is not None:
                    self.assign(target, set(), line)

    def _call(self, name, args, line, ex, result) -> None:
        b = binding(name)
        if b is not None:
            for a in args:  # a count, partner or tag a function computes (callstmts._comm)
                self._tested_results(a, ex)
            self.message_call(b, args, ex.names_in, ex.buffer_name, line)
            self.elements |= _element_arrays(b.control(), b.arrays(), args, ex)
            return
        up = name.upper()
        if up == "RANDOM_NUMBER" and args and ex.scope.ref_kind(name) != "user":
            target = ex.target_name(args[0])
            if target is not None:  # CALL RANDOM_NUMBER(x): x is a pseudo-random number
                self.assign(target, set(), line)
                self.random.add(target)
            return
        if canonical(name, "fortran") in QUERIES and ex.scope.ref_kind(name) != "user":
            self.query_call(canonical(name, "fortran"), args, ex.names_in, lambda n: query_target(ex, n), line)
            self.elements |= _element_arrays((), QUERIES[canonical(name, "fortran")].arrays, args, ex)
            return
        if canonical(name, "fortran") in DERIVED_DATATYPES and ex.scope.ref_kind(name) != "user":
            self.derived_type(canonical(name, "fortran"), args, ex.names_in, ex.buffer_name, line)
            return
        if up in MACHINE:
            return
        if ex.scope.ref_kind(name) == "user":
            callee = name.lower()
            for pos, k, _, index in ex.scope.program.hidden.get(callee, []):  # assumed-shape extents
                ext = actual_extent(ex, args[pos], k) if pos < len(args) and args[pos] is not None else None
                names = {str(s) for s in getattr(ext, "free_symbols", ())}
                if ext is None and pos < len(args) and args[pos] is not None:  # an allocatable: its ALLOCATE's bounds
                    key = ex.components.text(args[pos]) if isinstance(args[pos], F.Data_Ref) else \
                        ex.scope.canon(str(args[pos])) if isinstance(args[pos], F.Name) else None
                    names = set(self._allocated.get(key, set()))
                self.call_args.append((callee, index, names))
            for i, a in enumerate(args):
                if a is None:
                    continue  # an OPTIONAL dummy with no actual argument (refs.actual_args)
                temps = {t for _, _, t in user_results(ex, a)}  # call work(nitems(k)): f's result
                self._tested_results(a, ex)
                self.call_args.append((callee, i, ex.names_in(a) | temps))
                if isinstance(a, F.Name) and ex.scope.var_type(str(a)) is not None:
                    self.call_refs.append((callee, i, ex.scope.canon(str(a))))


def _args(node, name, ex) -> list:
    """A call's actual arguments; a user procedure's at its dummies' positions (keywords)."""
    if ex.scope.ref_kind(name) == "user":
        return actual_args(node, ex.scope.program.dummies.get(name.lower()))
    return args_of(node)


def _walk(node):
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(c for c in (getattr(n, "items", None) or ()) if c is not None and not isinstance(c, str))


def _constant(node) -> bool:
    """Is the stored value a literal (``.true.``, ``1``, ``-1``, ``0.0d0``)?"""
    while isinstance(node, (F.Level_2_Unary_Expr, F.Parenthesis)) and len(node.items) >= 2:
        node = node.items[-1] if isinstance(node, F.Level_2_Unary_Expr) else node.items[1]
    return isinstance(node, (F.Int_Literal_Constant, F.Real_Literal_Constant, F.Logical_Literal_Constant))


def _indexed(cond, ex) -> set[str]:
    """The arrays a condition reads by a computed subscript (``composite(p)``)."""
    out = set()
    for n in _walk(cond):
        if is_ref(n) and args_of(n):
            t = ex.scope.var_type(ref_name(n))
            if t is not None and t.is_array and ex.element_offset(ref_name(n), args_of(n)) is None:
                out.add(ex.scope.canon(ref_name(n)))
    return out


def _refs(stmt):
    """Function references in a statement's expressions (not inside nested statements)."""
    for n in _walk(stmt):
        if n is not stmt and is_ref(n):
            yield n


def analyse(units, directives=()) -> CriticalInfo:
    """``units``: (scope, execution statements) of every program unit; ``directives``: the
    (line, text) of every ``!$interp`` directive (the names their expressions read are critical)."""
    col = _Collector()
    for scope, body in units:
        col.unit(scope, body)
    for line, text in directives:
        col.control |= {n.lower() for n in annotation_names(text, line)}
    params = {scope.name: scope.dummies + scope.program.extra_params(scope.name) for scope, _ in units}
    for scope, _ in units:  # a function's result: a parameter after its dummies and hidden extents
        if scope.result:
            params[scope.name] = params[scope.name] + [scope.canon(scope.result)]
    col.call_refs += [(callee, len(params[callee]) - 1, target) for callee, target in col.result_refs
                      if callee in params]
    return critical_info(col, params, through_pointers=False)


def user_results(ex, rhs) -> list[tuple[object, str, str]]:
    """(reference, function, variable) for every reference to a FUNCTION of the program in an
    assignment's right-hand side (``n = rows_of(m, p, r) * ncol``): the Call the level-1 parse
    puts before the statement brings the function's result back into the variable
    (``interp_ret1_rows_of``), and the statement's value reads it there (expr.returned)."""
    out = []
    for node in T.refs_in(rhs):
        name = ref_name(node).lower()
        if ex.scope.ref_kind(name) == "user" and name in ex.scope.program.functions:
            out.append((node, name, f"interp_ret{len(out) + 1}_{name}"))
    return out


def _element_arrays(control, arrays, args, ex) -> set[str]:
    """The arrays a message-passing or group call reads element by element: those indexed by a
    computed value in its counts, partners, tags and roots (``counts(rank + 1)``), and those it
    takes whole (MPI_SCATTERV's counts, MPI_GROUP_INCL's ranks)."""
    out = set()
    for i in control:
        for node in (_walk(args[i]) if i < len(args) else ()):
            if is_ref(node) and ex.scope.ref_kind(ref_name(node)) == "array" \
                    and ex.element_offset(ref_name(node), args_of(node)) is None:
                out.add(ex.scope.canon(ref_name(node)))
            member = ex.components.member(node) if isinstance(node, F.Data_Ref) else None
            if member is not None:  # do i = 1, lev(l)%n: the components n of lev's elements
                out.add(member[0])
    for i in arrays:
        if i < len(args) and isinstance(args[i], F.Name) and ex.scope.is_array(str(args[i])):
            out.add(ex.scope.canon(str(args[i])))
    return out
