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

UNIT_CLASSES = (F.Main_Program, F.Subroutine_Subprogram, F.Function_Subprogram, F.Block_Data)
DO_CONSTRUCTS = (F.Block_Label_Do_Construct, F.Block_Nonlabel_Do_Construct, F.Action_Term_Do_Construct)
DO_STMTS = (F.Label_Do_Stmt, F.Nonlabel_Do_Stmt)


def content(node) -> list:
    return list(getattr(node, "content", None) or [])


def units(ast) -> list:
    """Every program unit of the file as (unit, host unit or None), internal subprograms
    (CONTAINS) after their host, in source order."""
    out = []

    def visit(node, host):
        for c in content(node):
            if isinstance(c, UNIT_CLASSES) or type(c).__name__ == "Main_Program0":
                out.append((c, host))
                for part in content(c):
                    if isinstance(part, F.Internal_Subprogram_Part):
                        visit(part, c)
            elif isinstance(c, F.Module):
                out.append((c, host))

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


def loop_control(do_stmt):
    """The Loop_Control of a DO statement (None for a plain DO)."""
    return next((x for x in do_stmt.items if isinstance(x, F.Loop_Control)), None)


def is_statement(node) -> bool:
    return isinstance(node, StmtBase)


def label_of(node) -> str | None:
    item = getattr(node, "item", None)
    return str(item.label) if item is not None and item.label is not None else None
