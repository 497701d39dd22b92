"""Command-line options read with getopt(): the values the -D inputs give.

    while ((opt = getopt(argc, argv, "n:s:v")) != -1) {
        switch (opt) {
        case 'n': n = atoi(optarg); break;
        case 's': steps = atoi(optarg); break;
        case 'v': verbose = 1; break;
        default: usage(argv[0]); MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }

The loop's trip count is the number of options on the command line, which the source does not
give: it was refused ("the loop condition ... is not an expression interp can follow"). The
command line interp predicts for is the one the -D values stand for (docs/model.md, "argc is the
command line the -D values stand for"): an option's argument converted into a variable that decides
control (``n = atoi(optarg)``) is the optional external input ``n``; given (-D n=4000) the variable
takes it where the loop stands, not given it keeps the program's own value. Options without an
argument (``-v``) and every other statement of the loop are taken as not given: the loop costs
nothing (its few string comparisons are negligible next to any run), and the note says so.
"""
from __future__ import annotations

from pycparser import c_ast

from . import tree as T
from .critical import target_name

GETOPT_CALLS = ("getopt", "getopt_long", "getopt_long_only")


def is_getopt_loop(stmt) -> bool:
    """A while loop whose condition calls getopt()."""
    return any(isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID) and n.name.name in GETOPT_CALLS
               for n in T.walk(stmt.cond))


def option_reads(body, readers) -> list[tuple[str, c_ast.Assignment]]:
    """(option letter, assignment) of every ``x = atoi(optarg)`` (any of ``readers``, a cast
    allowed) in the loop's body; the letter is that of the ``case`` around it ('?' if none)."""
    out = []

    def visit(node, letter):
        if isinstance(node, c_ast.Case) and isinstance(node.expr, c_ast.Constant):
            letter = node.expr.value.strip("'")
        if isinstance(node, c_ast.Assignment) and node.op == "=" and _reads_optarg(node.rvalue, readers):
            out.append((letter, node))
        for _, child in node.children():
            # statements after a case label belong to it until the next label (pycparser nests
            # them in the Case node), so the letter carries down only
            visit(child, letter)

    visit(body, "?")
    return out


def _reads_optarg(rvalue, readers) -> bool:
    while isinstance(rvalue, c_ast.Cast):
        rvalue = rvalue.expr
    if not (isinstance(rvalue, c_ast.FuncCall) and isinstance(rvalue.name, c_ast.ID) and rvalue.name.name in readers):
        return False
    args = rvalue.args.exprs if rvalue.args else []
    return bool(args) and isinstance(args[0], c_ast.ID) and args[0].name == "optarg"


def note(read: list[tuple[str, str]]) -> str:
    given = ", ".join(f"-{letter} sets {name} (-D {name}=VALUE)" for letter, name in read) or "no option sets a value"
    return (f"the getopt() loop is taken as reading the options the -D values give: {given}; "
            "the options without a value and the loop's other statements are taken as not given")


def targets(reads, is_tracked) -> list[tuple[str, str]]:
    """(letter, variable) of the option reads whose variable decides control."""
    out = []
    for letter, assign in reads:
        name = target_name(assign.lvalue)
        if name is not None and is_tracked(name) and (letter, name) not in out:
            out.append((letter, name))
    return out
