"""Every identifier a C function uses is declared, as a C compiler checks (issue 14).

pycparser parses C without looking names up, so an undeclared name (a typo, a variable the program
forgot to declare) would reach the level-1 parse as a variable of unknown value: a loop bound
never known (a prediction that hangs) or a value silently taken as data. This pass walks each
function of the main file with C's block scopes (file scope, parameters, blocks, ``for``
declarations, enum constants) and raises FrontendError(file:line, the name) for the first name
no declaration covers. It also refuses two uses whose value can never be what the program means:

- ``*x`` where ``x`` is a variable of arithmetic type (dereferencing a non-pointer);
- a function's name as an operand of arithmetic or of an ordering comparison (``main < n``);
- an integer constant too large for every C integer type (beyond 64 bits: a compiler refuses
  it, and the level-1 parse could not give it a value) and a floating constant beyond the range of
  double (``1e400``, which would make a prediction infinite).

Not checked, as C89 compilers accept or other parts report them: the name of a called function
(an implicit declaration; level 1 reports calls it cannot model), struct members, labels.

Headers: interp's own (frontends/include: mpi.h, nx.h, stdio.h, ...) declare what programs use of
them, and file-scope declarations of every included file count. pycparser's fake libc headers
beyond those (errno.h, unistd.h, signal.h, stdint.h, ...) declare types only; when a program
includes one, an undeclared name in capitals (a macro such as SIGINT, EINTR, SIZE_MAX) or one of
the library's variables (errno, optarg, ...) is taken as that header's, of unknown value.
"""
from __future__ import annotations

import re

from pycparser import c_ast

from ..errors import FrontendError, quote

# C99's predefined identifier and the compilers' spellings of it.
_PREDEFINED = {"__func__", "__FUNCTION__", "__PRETTY_FUNCTION__"}
# Variables of the C library that pycparser's fake headers do not declare.
_LIBRARY_VARIABLES = {"errno", "optarg", "optind", "opterr", "optopt", "environ", "timezone", "daylight",
                      "tzname", "signgam", "h_errno"}
_MACRO_LIKE = re.compile(r"_*[A-Z][A-Z0-9_]*\Z")
_ARITHMETIC = {"int", "char", "short", "long", "float", "double", "signed", "unsigned", "_Bool", "_Complex"}
# Operators whose operands must be numbers (or, for + and -, a pointer and a number): a function
# designator there is a mistake. == and != may compare function pointers; && || ! test them.
_NUMERIC_OPS = {"+", "-", "*", "/", "%", "<", ">", "<=", ">=", "<<", ">>", "&", "|", "^"}

FUNC, SCALAR, OTHER = "function", "scalar", "other"
_EXIT = object()  # marks the end of a block scope on the walk's stack


def check_declarations(ast: c_ast.FileAST, file: str, partial_headers: bool = False, headers=()) -> None:
    """FrontendError for the first undeclared identifier (or misuse above) in ``file``'s code and
    in the code of ``headers``, the program's own (interpreted as its functions are)."""
    Checker(ast, file, partial_headers, headers).run()


class Checker:
    """C scopes as a list of {name: kind}, innermost last; kinds say what a name may be used as."""

    def __init__(self, ast: c_ast.FileAST, file: str, partial_headers: bool, headers=()):
        self.ast, self.file, self.partial = ast, file, partial_headers
        self.files = {file, *headers}
        self.typedefs: dict[str, c_ast.Node] = {}
        self.scopes: list[dict[str, str]] = [{}]

    def run(self) -> None:
        for e in self.ast.ext:
            self._file_scope(e)
        for e in self.ast.ext:
            if e.coord is None or e.coord.file not in self.files:
                continue  # interp's shipped headers: declarations only; their code is not interpreted
            if isinstance(e, c_ast.FuncDef):
                self._function(e)
            elif isinstance(e, c_ast.Decl) and e.init is not None:
                self._walk(e.init)

    # -- declarations ------------------------------------------------------------------------
    def _file_scope(self, e) -> None:
        # Every file-scope name counts wherever it is declared in the file (lenient on order).
        if isinstance(e, c_ast.Typedef):
            self._typedef(e)
        elif isinstance(e, c_ast.FuncDef):
            self.scopes[0][e.decl.name] = FUNC
        elif isinstance(e, c_ast.Decl):
            self._declare(e)

    def _typedef(self, node: c_ast.Typedef) -> None:
        # A name typedef'd twice (in different scopes) is not resolved: OTHER is the safe answer.
        self.typedefs[node.name] = None if node.name in self.typedefs else node.type
        self._enumerators(node.type)

    def _declare(self, decl: c_ast.Decl) -> None:
        self._enumerators(decl.type)
        if decl.name:
            self.scopes[-1][decl.name] = self._kind(decl.type)

    def _enumerators(self, node) -> None:
        """Enum constants declared by a type (also inside a struct: C puts them in the scope)."""
        stack = [node]
        while stack:
            n = stack.pop()
            if isinstance(n, c_ast.Enum) and n.values is not None:
                for en in n.values.enumerators:
                    self.scopes[-1][en.name] = SCALAR
            elif isinstance(n, (c_ast.Struct, c_ast.Union, c_ast.TypeDecl, c_ast.PtrDecl, c_ast.ArrayDecl,
                                c_ast.FuncDecl, c_ast.Decl, c_ast.Typename)):
                stack.extend(child for _, child in n.children())

    def _kind(self, type_node, depth: int = 0) -> str:
        if isinstance(type_node, c_ast.FuncDecl):
            return FUNC
        if not isinstance(type_node, c_ast.TypeDecl) or not isinstance(type_node.type, c_ast.IdentifierType):
            return OTHER
        names = type_node.type.names
        if set(names) <= _ARITHMETIC:
            return SCALAR
        target = self.typedefs.get(names[-1]) if len(names) == 1 and depth < 32 else None
        return self._kind(target, depth + 1) if target is not None else OTHER

    def _lookup(self, name: str) -> str | None:
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        return None

    # -- functions ---------------------------------------------------------------------------
    def _function(self, fd: c_ast.FuncDef) -> None:
        params: dict[str, str] = {name: OTHER for name in _PREDEFINED}
        args = fd.decl.type.args if isinstance(fd.decl.type, c_ast.FuncDecl) else None
        for p in (args.params if args is not None else []):
            if isinstance(p, c_ast.Decl) and p.name:
                params[p.name] = self._kind(p.type)
            elif isinstance(p, c_ast.ID):  # K&R: int f(a, b) int a; double b; { ... }
                params[p.name] = OTHER
        for p in fd.param_decls or []:
            params[p.name] = self._kind(p.type)
        self.scopes.append(params)
        try:
            self._walk(fd.body)
        finally:
            self.scopes.pop()

    def _walk(self, root) -> None:
        """Visit ``root`` in source order with an explicit stack: a long expression (a sum of
        10,000 terms is a tree 10,000 deep) must not exhaust Python's recursion."""
        stack = [root]
        while stack:
            node = stack.pop()
            if node is _EXIT:
                self.scopes.pop()
            elif node is not None:
                stack.extend(reversed(self._visit(node)))

    def _visit(self, node) -> list:
        """Check one node; returns what to visit next, in order (_EXIT closes a scope)."""
        if isinstance(node, (c_ast.Compound, c_ast.For)):
            self.scopes.append({})
            return [child for _, child in node.children()] + [_EXIT]
        if isinstance(node, c_ast.Decl):
            self._declare(node)
            return [] if isinstance(node.type, c_ast.FuncDecl) else [node.type, node.init, node.bitsize]
        if isinstance(node, c_ast.Typedef):
            self._typedef(node)
            return [node.type]
        if isinstance(node, (c_ast.Struct, c_ast.Union, c_ast.Enum, c_ast.Pragma, c_ast.Goto)):
            return []  # members are not variables; enumerators were declared with their Decl
        if isinstance(node, c_ast.ID):
            self._check_name(node)
            return []
        if isinstance(node, c_ast.Constant):
            _check_constant(node, self._where(node))
            return []
        if isinstance(node, c_ast.StructRef):
            return [node.name]  # the member after . or -> is not looked up
        if isinstance(node, c_ast.NamedInitializer):
            return [node.expr]  # .member = / [index] = : only the value is an expression
        if isinstance(node, c_ast.FuncCall):
            if isinstance(node.name, c_ast.ID) and node.name.name == "offsetof":
                return []  # offsetof(type, member): a type and a member, no variable
            return [node.args] if isinstance(node.name, c_ast.ID) else [node.name, node.args]
        if isinstance(node, (c_ast.BinaryOp, c_ast.UnaryOp)):
            self._check_operands(node)
        return [child for _, child in node.children()]

    # -- what is refused -----------------------------------------------------------------------
    def _check_name(self, node: c_ast.ID) -> None:
        name = node.name
        if self._lookup(name) is not None:
            return
        if self.partial and (_MACRO_LIKE.match(name) or name in _LIBRARY_VARIABLES):
            return
        hint = ""
        if name.startswith(("MPI_", "MPIX_")):
            hint = " (interp's <mpi.h> does not declare it: #define it in the program if your MPI has it)"
        raise FrontendError(f"undeclared identifier {quote(name)}: declare it (a variable, a parameter, an "
                            f"enum constant) or include the header that declares it, as a C compiler "
                            f"requires{hint}", self._where(node), _line(node))

    def _check_operands(self, node) -> None:
        if isinstance(node, c_ast.UnaryOp):
            if node.op == "*" and self._kind_of(node.expr) == SCALAR:
                raise FrontendError(f"'*{node.expr.name}' dereferences {quote(node.expr.name)}, which is not a "
                                    "pointer (a variable of arithmetic type)", self._where(node), _line(node))
            operands = [node.expr] if node.op in ("-", "+", "~") else []
        else:
            operands = [node.left, node.right] if node.op in _NUMERIC_OPS else []
        for x in operands:
            if self._kind_of(x) == FUNC:
                raise FrontendError(f"the function {quote(x.name)} is used as a number (operator "
                                    f"'{node.op}'); call it ({x.name}(...)) or use a variable",
                                    self._where(node), _line(node))

    def _kind_of(self, node) -> str | None:
        return self._lookup(node.name) if isinstance(node, c_ast.ID) else None

    def _where(self, node) -> str:
        return node.coord.file if node.coord is not None and node.coord.file else self.file


def _line(node) -> int | None:
    return node.coord.line if node.coord is not None else None


_MAX_INTEGER = 2**64 - 1  # unsigned long long


def _check_constant(node: c_ast.Constant, file: str) -> None:
    if node.type in ("char", "string"):
        return
    text = node.value.rstrip("uUlLfF") if "x" not in node.value.lower() else node.value.rstrip("uUlL")
    if node.type in ("double", "float", "long double"):
        # Beyond the range of double, C gives +inf (gcc warns): math.h's HUGE_VAL and INFINITY are
        # written so. The value is checked where it is used: a count, size, time or probability
        # that is not finite is an error there (interp/engine/values.py).
        return
    if _integer_value(text) > _MAX_INTEGER:
        raise FrontendError(f"integer constant {quote(node.value)} is too large for any C integer type "
                            "(more than 64 bits)", file, _line(node))


def _integer_value(text: str) -> int:
    """The value of a C integer literal without suffix, computed only when it has few digits."""
    lower = text.lower()
    base, digits = (16, lower[2:]) if lower.startswith("0x") else (2, lower[2:]) if lower.startswith("0b") \
        else (8, lower[1:]) if lower.startswith("0") and len(lower) > 1 else (10, lower)
    digits = digits.lstrip("0") or "0"
    if len(digits) > 70:  # more than 64 bits in any base (Python also refuses long int strings)
        return _MAX_INTEGER + 1
    try:
        return int(digits, base)
    except ValueError:
        return 0  # pycparser accepted it; nothing interp computes from it
