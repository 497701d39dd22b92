"""How deep a C program's statements nest, checked right after the parse (fuzz round 4).

Level 1 walks each compound statement's subtree (its lines, its calls), so statements nested d
deep cost it about d^2 steps: 1,000 nested ifs took 30 s to read before frontends/load.py
refused them for their depth. The same limit, counted here on the parse tree as the AAG would
nest (an if, a loop or a switch is a level; a block, a case and an ``else if`` are not), refuses
them before level 1 reads them. Iterative, so that the check itself cannot recurse too deep.
"""
from __future__ import annotations

from pycparser import c_ast

from ..errors import FrontendError

_LEVELS = (c_ast.If, c_ast.For, c_ast.While, c_ast.DoWhile, c_ast.Switch)


def check_depth(src, limit: int) -> None:
    stack = [(fd.body, 0) for fd in src.ast.ext if isinstance(fd, c_ast.FuncDef)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, _LEVELS):
            depth += 1
            if depth > limit:
                coord = node.coord
                raise FrontendError(f"statements nested more than {limit} levels deep (loops, ifs and switches "
                                    "inside one another); interp follows at most that many: move the inner "
                                    "levels into a function", coord.file if coord else src.file,
                                    coord.line if coord else None)
        for name, child in node.children():
            # an else-if continues its if's level (one branch more), as the AAG has it
            same = isinstance(node, c_ast.If) and name == "iffalse" and isinstance(child, c_ast.If)
            stack.append((child, depth - 1 if same else depth))
