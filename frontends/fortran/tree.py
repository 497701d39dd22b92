"""Walking fparser2 trees: program units, their parts, statements with their source lines.

fparser gives source lines only to statements (``node.item.span``); a construct's lines are those
of its first and last statements. Labelled DO loops that share a terminal statement
(``DO 10 I ...`` / ``DO 10 J ...`` / ``10 CONTINUE``) come out of fparser as one construct whose
content holds the inner DO statement inline; ``body_items`` keeps that shape and the level-1
parse nests the rest of the body under the inner loop.
"""
from __future__ import annotations

from fparser.two import Fortran2003 as F
from fparser.two.utils import BlockBase, StmtBase

from .expr import is_ref, ref_name

UNIT_CLASSES = (F.Main_Program, F.Subroutine_Subprogram, F.Function_Subprogram, F.Block_Data)
DO_CONSTRUCTS = (F.Block_Label_Do_Construct, F.Block_Nonlabel_Do_Construct, F.Action_Term_Do_Construct)
DO_STMTS = (F.Label_Do_Stmt, F.Nonlabel_Do_Stmt)


def content(node) -> list:
    return list(getattr(node, "content", None) or [])


def units(ast) -> list:
    """Every program unit of the file as (unit, host unit or None), internal subprograms and
    module procedures (CONTAINS) after their host, in source order."""
    out = []

    def visit(node, host):
        for c in content(node):
            if isinstance(c, UNIT_CLASSES) or type(c).__name__ == "Main_Program0":
                out.append((c, host))
                for part in content(c):
                    if isinstance(part, F.Internal_Subprogram_Part):
                        visit(part, c)
            elif isinstance(c, F.Module):  # its procedures see its names (host association)
                out.append((c, host))
                for part in content(c):
                    if isinstance(part, F.Module_Subprogram_Part):
                        visit(part, c)

    visit(ast, None)
    return out


def part(unit, cls) -> object | None:
    return next((c for c in content(unit) if isinstance(c, cls)), None)


def spec_statements(unit) -> list:
    """The specification statements of a unit, Implicit_Part flattened, in source order."""
    out = []

    def visit(node):
        for c in content(node):
            if isinstance(c, F.Implicit_Part):
                visit(c)
            else:
                out.append(c)

    spec = part(unit, F.Specification_Part)
    if spec is not None:
        visit(spec)
    return out


def exec_statements(unit) -> list:
    ex = part(unit, F.Execution_Part)
    return content(ex) if ex is not None else []


def line(node) -> int:
    """First line of a statement or construct (0 if unknown)."""
    item = getattr(node, "item", None)
    if item is not None and getattr(item, "span", None):
        return item.span[0]
    for c in content(node):
        n = line(c) if not isinstance(c, F.Comment) else 0
        if n:
            return n
    return 0


def last_line(node) -> int:
    item = getattr(node, "item", None)
    if item is not None and getattr(item, "span", None) and not isinstance(node, BlockBase):
        return item.span[1]
    best = 0
    for c in content(node):
        if not isinstance(c, F.Comment):
            best = max(best, last_line(c))
    return best or line(node)


def lines(node) -> tuple[int, int]:
    return line(node), last_line(node)


def statements(nodes, enclosing_line: int = 0):
    """Every statement below ``nodes`` as (statement, line), nested ones included.

    The action statement of a logical IF carries the IF's line (fparser gives it none).
    """
    for node in nodes:
        if isinstance(node, BlockBase):
            yield from statements(content(node), enclosing_line)
            continue
        ln = line(node) or enclosing_line
        yield node, ln
        if isinstance(node, F.If_Stmt):
            yield from statements([node.items[1]], ln)


def use_module(stmt) -> str:
    """The (lower-case) module name of a USE statement."""
    return next((str(x).lower() for x in stmt.items if isinstance(x, F.Name)), "")


def loop_control(do_stmt):
    """The Loop_Control of a DO statement (None for a plain DO)."""
    return next((x for x in do_stmt.items if isinstance(x, F.Loop_Control)), None)


def is_statement(node) -> bool:
    return isinstance(node, StmtBase)


def label_of(node) -> str | None:
    item = getattr(node, "item", None)
    label = getattr(item, "label", None)  # a comment's item has none
    return str(label) if label is not None else None


def label(node, limit: int = 48) -> str:
    """Short source text of a statement or expression, for reports."""
    text = " ".join(str(node).split())
    if text.upper().startswith("CALL "):
        text = text[5:]
    return text if len(text) <= limit else text[: limit - 3] + "..."


def literal(node) -> bool:
    return isinstance(node, (F.Int_Literal_Constant, F.Real_Literal_Constant, F.Logical_Literal_Constant,
                             F.Char_Literal_Constant))


def children(n) -> list:
    out = []
    for c in list(getattr(n, "content", None) or []) + list(getattr(n, "items", None) or []):
        if isinstance(c, (tuple, list)):
            out.extend(flatten(c))
        elif c is not None and not isinstance(c, str):
            out.append(c)
    return out


def flatten(seq) -> list:
    out = []
    for x in seq:
        if isinstance(x, (tuple, list)):
            out.extend(flatten(x))
        elif x is not None and not isinstance(x, str):
            out.append(x)
    return out


def walk_all(node):
    """Every node below ``node``, in source order (pre-order, left to right)."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(children(n)))


def refs_in(expr):
    """Function references and array elements in an expression, outermost first (not the
    components of a derived-type reference: ``f%v(i)`` names no function V)."""
    components = {id(p) for n in walk_all(expr) if isinstance(n, F.Data_Ref) for p in n.items[1:]}
    for n in walk_all(expr):
        if is_ref(n) and id(n) not in components:
            yield n


def called_names(stmt) -> list[str]:
    names = []
    for n in walk_all(stmt):
        if isinstance(n, F.Call_Stmt):
            names.append(str(n.items[0]))
        elif is_ref(n):
            names.append(ref_name(n))
    return names
