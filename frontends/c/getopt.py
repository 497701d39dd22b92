"""Command-line options read with getopt(), or by a loop over argv comparing each word with an
option's name: the values the -D inputs give.

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

The same holds for the hand-written scan (issue 13's corpus style, session 14's tester):

    for (i = 1; i < argc; i++)
        if (strcmp(argv[i], "-n") == 0) n = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--steps")) steps = atoi(argv[i + 1]);

a loop whose condition compares with argc and whose body compares words of argv with string
constants (strcmp, strncmp, strcasecmp): each ``x = atoi(argv[...])`` under the test of an
option's name is the optional input ``x`` set by that option. Before, its index was no constant,
so argc stayed 1, the loop ran 0 times and a -D value for ``x`` was shown in the report's inputs
but not used: a silent wrong answer.
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


_COMPARES = ("strcmp", "strncmp", "strcasecmp", "strncasecmp")


def is_option_loop(stmt) -> bool:
    """A getopt() loop, or a loop over argv (a for or while whose condition reads argc) that
    compares words of argv with option names."""
    if isinstance(stmt, c_ast.While) and is_getopt_loop(stmt):
        return True
    if not isinstance(stmt, (c_ast.For, c_ast.While)) or stmt.cond is None:
        return False
    if not any(isinstance(n, c_ast.ID) and n.name == "argc" for n in T.walk(stmt.cond)):
        return False
    return any(_option_name(n) is not None or _letter_switch(n) for n in T.walk(stmt.stmt))


def _letter_switch(node) -> bool:
    """``switch (argv[i][1])``: its case letters name the options."""
    return isinstance(node, c_ast.Switch) and _letter(node.cond, c_ast.Constant("char", "'x'")) is not None


def _option_name(node) -> str | None:
    """``strcmp(argv[i], "-n")`` (either order): the option's name; also ``argv[i][1] == 'n'`` (a
    word's letter compared, the option ``-n``: session 16's explorer found its -D values shown
    and not used, the loop not taken for an option loop)."""
    if isinstance(node, c_ast.BinaryOp) and node.op == "==":
        letter = _letter(node.left, node.right) or _letter(node.right, node.left)
        return f"-{letter}" if letter else None
    if not (isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID) and node.name.name in _COMPARES):
        return None
    args = node.args.exprs if node.args else []
    if len(args) < 2 or not any(_argv_word(a) for a in args[:2]):
        return None
    named = [a for a in args[:2] if isinstance(a, c_ast.Constant) and a.type == "string"]
    return named[0].value.strip('"') if named else None


def _letter(word, const) -> str | None:
    """``argv[i][1]`` against ``'n'``: the letter n (an option's letter after its '-')."""
    if not (isinstance(word, c_ast.ArrayRef) and _argv_word(word.name) and isinstance(word.subscript, c_ast.Constant)
            and word.subscript.value == "1" and isinstance(const, c_ast.Constant) and const.type == "char"):
        return None
    letter = const.value.strip("'")
    return letter if len(letter) == 1 and letter.isalnum() else None


def _argv_word(node) -> bool:
    return isinstance(node, c_ast.ArrayRef) and isinstance(node.name, c_ast.ID) and node.name.name == "argv"


def loop_reads(stmt, readers) -> list[tuple[str, c_ast.Assignment]]:
    """(option, assignment) of the option loop ``stmt`` (a getopt loop, or a scan of argv)."""
    if isinstance(stmt, c_ast.While) and is_getopt_loop(stmt):
        return option_reads(stmt.stmt, readers)
    out = []
    switch_letters: list[bool] = []  # switch (argv[i][1]) { case 'n': ... }: the letters are options

    def visit(node, name):
        if isinstance(node, c_ast.Case) and switch_letters and isinstance(node.expr, c_ast.Constant) \
                and node.expr.type == "char":
            name = f"-{node.expr.value.strip(chr(39))}"
        if isinstance(node, c_ast.Switch):
            switch_letters.append(_letter_switch(node))
            for _, child in node.children():
                visit(child, name)
            switch_letters.pop()
            return
        if isinstance(node, c_ast.If):
            named = [n for n in (_option_name(x) for x in T.walk(node.cond)) if n is not None]
            visit(node.iftrue, named[0] if named else name)
            if node.iffalse is not None:
                visit(node.iffalse, name)
            return
        if isinstance(node, c_ast.Assignment) and node.op == "=" and _reads_word(_chain(node)[1], readers):
            out.append((name, node))
            return  # a chain's inner assignments are its own targets (_chain)
        for _, child in node.children():
            visit(child, name)

    visit(stmt.stmt, "?")
    return out


def _chain(node) -> tuple[list, object]:
    """The targets of ``nx = ny = atoi(argv[++i])``, outermost first, and the value they all
    take (casts stripped). One option sets them all: reading only the innermost left ``nx`` at its
    default while ``-D ny`` was used (explorer of session 16: a silent wrong answer)."""
    lvalues = []
    while isinstance(node, c_ast.Assignment) and node.op == "=":
        lvalues.append(node.lvalue)
        node = node.rvalue
        while isinstance(node, c_ast.Cast):
            node = node.expr
    return lvalues, node


def _reads_word(rvalue, readers) -> bool:
    """``atoi(argv[i + 1])``, ``atoi(argv[++i])``: a reader of a word of argv at a moving index."""
    arg = _read_argument(rvalue, readers)
    return arg is not None and _argv_word(arg) and not isinstance(arg.subscript, c_ast.Constant)


def _read_argument(rvalue, readers):
    """The first argument of a reader call (``atoi(x)``, a cast allowed around it), or None."""
    while isinstance(rvalue, c_ast.Cast):
        rvalue = rvalue.expr
    if not (isinstance(rvalue, c_ast.FuncCall) and isinstance(rvalue.name, c_ast.ID) and rvalue.name.name in readers):
        return None
    args = rvalue.args.exprs if rvalue.args else []
    return args[0] if args else None


def option_reads(body, readers) -> list[tuple[str, c_ast.Assignment]]:
    """(option letter, assignment) of every ``x = atoi(optarg)`` (any of ``readers``, a cast
    allowed) in the loop's body; the letter is that of the ``case`` around it ('?' if none)."""
    out = []

    def visit(node, letter):
        if isinstance(node, c_ast.Case) and isinstance(node.expr, c_ast.Constant):
            letter = node.expr.value.strip("'")
        if isinstance(node, c_ast.Assignment) and node.op == "=" and _reads_optarg(_chain(node)[1], readers):
            out.append((letter, node))
            return
        for _, child in node.children():
            # statements after a case label belong to it until the next label (pycparser nests
            # them in the Case node), so the letter carries down only
            visit(child, letter)

    visit(body, "?")
    return out


def _reads_optarg(rvalue, readers) -> bool:
    arg = _read_argument(rvalue, readers)
    return isinstance(arg, c_ast.ID) and arg.name == "optarg"


def note(read: list[tuple[str, str, str]], getopt: bool = True) -> str:
    sets: dict[tuple[str, str], list[str]] = {}
    for letter, name, source in read:
        sets.setdefault((letter, source), []).append(name)
    given = ", ".join(f"{_spelled(letter, getopt)} sets {' and '.join(names)} (-D {source}=VALUE)"
                      for (letter, source), names in sets.items()) or "no option sets a value"
    loop = "getopt() loop" if getopt else "loop over argv"
    return (f"the {loop} is taken as reading the options the -D values give: {given}; "
            "the options without a value and the loop's other statements are taken as not given")


def _spelled(option: str, getopt: bool) -> str:
    return f"-{option}" if getopt else (option if option != "?" else "an option")


def targets(reads, is_tracked) -> list[tuple[str, str, str]]:
    """(letter, variable, input) of the option reads whose variable decides control. The input is
    named after the innermost tracked target of a chain (``nx = ny = atoi(..)``: ``-D ny`` sets
    both), so one value reaches every variable the option sets, as it does in the program."""
    out = []
    for letter, assign in reads:
        names = [target_name(lv) for lv in _chain(assign)[0]]
        tracked = [n for n in names if n is not None and is_tracked(n)]
        for name in tracked:
            if (letter, name, tracked[-1]) not in out:
                out.append((letter, name, tracked[-1]))
    return out
