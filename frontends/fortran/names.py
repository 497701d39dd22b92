"""The variables a Fortran expression reads, stores to and sends (part of FExpr).

What the critical-variable closure (critical.py) and the statements (statements.py) need of a
reference: every variable read (``names_in``), the variable a statement stores to
(``target_name``) and the buffer a message call passes (``buffer_name``), with constant-subscript
elements named as ``a[k]`` and components as ``f.n`` (derived.py).
"""
from __future__ import annotations

from fparser.two import Fortran2003 as F

from .refs import args_of, is_ref, ref_name


class Names:
    """Mixed into FExpr: needs ``scope``, ``components``, ``sym`` and ``element_offset``."""

    def names_in(self, node) -> set[str]:
        """Every variable read in an expression (canonical), constant-index elements as ``a[k]``."""
        out: set[str] = set()
        self._names(node, out)
        return out

    def _names(self, node, out: set[str]) -> None:
        if node is None or isinstance(node, str):
            return
        if isinstance(node, F.Name):
            name = str(node)
            if self.scope.constant(name) is None and not self.scope.is_handle(name) \
                    and self.scope.var_type(name) is not None:
                out.add(self.scope.canon(name))
            return
        if isinstance(node, F.Data_Ref):  # f%n: the component and the variable it belongs to
            root, name = self.components.root(node), self.components.name(node)
            out.update(n for n in (root, name) if n is not None)
            member = self.components.member(node)
            if member is not None:  # lev(l)%n: the array of components "lev.n", and l
                out.add(member[0])
                index = self.components.member_index(node)
                if index is not None and index.is_Symbol and "[" in index.name:
                    out.add(index.name)
                for a in member[1]:
                    self._names(a, out)
            for part in node.items[1:]:
                for a in (args_of(part) if is_ref(part) else ()):
                    self._names(a, out)
            return
        if is_ref(node) and self.scope.ref_kind(ref_name(node)) == "intrinsic" and \
                ref_name(node) in ("SIZE", "UBOUND", "LBOUND"):  # the extents it reads (shapes.py)
            value = self.sym(node)
            if value is not None:
                out.update(str(s) for s in value.free_symbols)
                return
        if is_ref(node):
            name = ref_name(node)
            args = args_of(node)
            if self.scope.ref_kind(name) == "array":
                out.add(self.scope.canon(name))
                offset = self.element_offset(name, args)
                if offset is not None:
                    out.add(f"{self.scope.canon(name)}[{offset}]")
            for a in args:
                self._names(a, out)
            return
        for child in getattr(node, "items", ()) or ():
            self._names(child, out)

    def target_name(self, node) -> str | None:
        """The variable a statement stores to: ``x``, ``a[k]`` (constant subscripts) or ``a``;
        ``f.n`` for a component (derived.py)."""
        if isinstance(node, F.Name):
            return self.scope.canon(str(node))
        if isinstance(node, F.Data_Ref):
            member = self.components.member(node)
            if member is not None:  # lev(l)%n = 8 * l: the array "lev.n"; lev(2)%n: "lev.n[1]"
                index = self.components.member_index(node)
                return index.name if index is not None and index.is_Symbol and "[" in index.name else member[0]
            return self.components.path_name(node)
        if is_ref(node) and self.scope.ref_kind(ref_name(node)) == "array":
            offset = self.element_offset(ref_name(node), args_of(node))
            base = self.scope.canon(ref_name(node))
            return base if offset is None else f"{base}[{offset}]"
        return None

    def buffer_name(self, node) -> str | None:
        """Base variable of a buffer argument: ``x``, ``a``, ``a(k)`` -> a; ``f%n`` -> f.n (a
        component sent or received on its own, as C's ``&f.n``)."""
        if isinstance(node, F.Name):
            return self.scope.canon(str(node))
        if isinstance(node, F.Data_Ref):
            return self.components.path_name(node)
        if is_ref(node) and self.scope.ref_kind(ref_name(node)) == "array":
            return self.scope.canon(ref_name(node))
        return None
