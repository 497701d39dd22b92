"""Fortran modules: use association (part of the level-1 parse).

A MODULE's specification part declares variables, named constants and types that every unit
``USE``-ing it sees, and its CONTAINS part holds module procedures, which see the module's names
by host association. interp reads the modules of the program's files:

- A module variable is a global of the program (as a COMMON member is, and as C's file-scope
  variables are): values assigned in one unit are seen in every other. A module variable that is
  never assigned and that the prediction needs is an external input, like C's uninitialised
  global (``-D name=value``).
- ``USE m`` makes every public name of m visible; ``USE m, ONLY: a, b`` only those; renames
  (``local => remote``) make the entity visible under the local name only. Use association is
  transitive (a module that uses another passes its names on). PRIVATE/PUBLIC are not modelled:
  every name of a module is treated as public (a program that compiles never reads a private name
  from outside, so this changes no prediction).
- Modules are declared before the units that use them, in dependency order, whatever their
  place in the files. A USE of a module that is in none of the program's files (a library module
  other than ``mpi``) is reported at its line, naming the files to give.
"""
from __future__ import annotations

from fparser.two import Fortran2003 as F

from . import tree as T


class Use:
    """One USE statement of a unit: the module's scope and what it makes visible."""

    def __init__(self, module, only: set[str] | None, renames: dict[str, str]):
        self.module = module      # decls.Scope of the module
        self.only = only          # None: every name
        self.renames = renames    # local name -> the module's name
        self.hidden = set(renames.values()) - set(renames)  # renamed away: not visible by that name

    def lookup(self, name: str, depth: int = 0):
        """(scope, name there) of ``name`` through this USE, or None."""
        if name in self.renames:
            return declared_in(self.module, self.renames[name], depth)
        if name in self.hidden or (self.only is not None and name not in self.only):
            return None
        return declared_in(self.module, name, depth)


def use_statement(stmt) -> tuple[str, set[str] | None, dict[str, str]]:
    """(module name, ONLY names or None, renames local -> remote) of a Use_Stmt."""
    module = str(stmt.items[2]).lower()
    only: set[str] | None = None
    renames: dict[str, str] = {}
    listed = stmt.items[4]
    if "ONLY" in str(stmt.items[3] or "").upper():
        only = set()
    for item in (listed.items if listed is not None else ()):
        if isinstance(item, F.Rename):
            local, remote = str(item.items[1]).lower(), str(item.items[2]).lower()
            renames[local] = remote
            if only is not None:
                only.add(local)
        elif only is not None:
            only.add(str(item).lower())
    return module, only, renames


def declared_in(scope, name: str, depth: int = 0):
    """(scope, name) where a module declares ``name``, directly or through its own USEs."""
    if name in scope.types or name in scope.constants:
        return scope, name
    return use_associated(scope, name, depth + 1)


def use_associated(scope, name: str, depth: int = 0):
    """(scope, name there) of a name ``scope`` gets by one of its USE statements, or None."""
    if depth > 64:  # modules cannot use each other in a cycle; a bound keeps a bad file finite
        return None
    for use in scope.uses:
        found = use.lookup(name, depth)
        if found is not None:
            return found
    return None


def module_order(units) -> list:
    """The module units of ``units`` ((unit, scope, header, rtype) tuples) in dependency order
    (a module after the modules it uses), then every other unit in its order."""
    modules = {scope.name: entry for entry in units for scope in [entry[1]] if scope.kind == "module"}
    done: list = []
    seen: set[str] = set()

    def visit(name: str) -> None:
        if name in seen or name not in modules:
            return
        seen.add(name)
        unit = modules[name][0]
        for stmt in T.spec_statements(unit):
            if isinstance(stmt, F.Use_Stmt):
                visit(str(stmt.items[2]).lower())
        done.append(modules[name])

    for name in modules:
        visit(name)
    return done + [e for e in units if e[1].kind != "module"]
