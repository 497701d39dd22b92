"""The C library calls that set or read strings, by name, and the program-wide facts about
strings the critical-variable analysis needs (frontends/c/critical.py): which names are strings,
which calls define them from which names, and which strings' addresses are kept in other pointers
(their lengths are not followed: frontends/c/strings.py)."""
from __future__ import annotations

from pycparser import c_ast

from ..msgpass import CALLS
from .expr import field_path, names_in


def _walk(node):
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(child for _, child in n.children())


# Library calls that write none of the strings they are given.
READERS = frozenset({
    "strlen", "strcmp", "strncmp", "strcasecmp", "strncasecmp", "strchr", "strrchr", "strstr", "strspn",
    "strcspn", "strdup", "strndup", "memchr", "memcmp", "printf", "fprintf", "puts", "fputs", "perror",
    "atoi", "atol", "atoll", "atof", "strtol", "strtoll", "strtoul", "strtoull", "strtod", "strtof",
    "strtold", "strtoimax", "strtoumax", "fopen", "fwrite", "free", "remove", "getenv", "system"})
# Library calls that write their first argument only (the destination).
FIRST_WRITTEN = frozenset({"sprintf", "snprintf", "strcpy", "strcat", "strncat", "strncpy", "fgets", "memcpy",
                           "memmove", "memset", "vsprintf", "vsnprintf"})


def writes(name: str, position: int) -> bool:
    """May a call of library function ``name`` write the string its argument ``position`` points
    into? A call interp does not know may write any (a function of the program: frontends/c/strings.py)."""
    if name in READERS:
        return False
    if name in FIRST_WRITTEN:
        return position == 0
    if name in ("sscanf", "fscanf"):  # the input string (sscanf) or file, and the format, are read
        return position >= 2
    return True


# The calls whose result in their first argument interp follows (strncpy: not always terminated).
SETTERS = frozenset({"sprintf", "snprintf", "strcpy", "strcat", "strncat"})
_APPENDS = frozenset({"strcat", "strncat", "snprintf"})  # the new length reads the old one


def declared_strings(nodes) -> set[str]:
    """The names declared as char arrays or char pointers anywhere in ``nodes`` (program-wide,
    as critical names are)."""
    out = set()
    for top in nodes:
        for n in _walk(top):
            if isinstance(n, c_ast.Decl) and n.name and isinstance(n.type, (c_ast.ArrayDecl, c_ast.PtrDecl)) \
                    and isinstance(n.type.type, c_ast.TypeDecl) and isinstance(n.type.type.type, c_ast.IdentifierType) \
                    and "char" in n.type.type.type.names:
                out.add(n.name)
    return out


# Library calls that return a pointer into (or to) their first argument.
POINTING = frozenset({"strchr", "strrchr", "strstr", "strpbrk", "memchr", "strtok", "strtok_r", "strcpy",
                      "strncpy", "strcat", "strncat", "stpcpy", "memcpy", "memmove", "memset"})


def _declared(path: str | None, strings: set[str]) -> bool:
    """Is ``path`` (``msg``, ``job.name``) a string: its last name declared as one?"""
    return path is not None and path.rsplit(".", 1)[-1] in strings


def address_base(node) -> str | None:
    """The string whose address an expression is (``s``, ``s + k``, ``&s[k]``, casts, and
    ``strchr(s, c)`` and the other POINTING calls), by path."""
    while isinstance(node, c_ast.Cast) or isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID) \
            and node.name.name in POINTING and node.args is not None:
        node = node.expr if isinstance(node, c_ast.Cast) else node.args.exprs[0]
    if isinstance(node, c_ast.UnaryOp) and node.op == "&" and isinstance(node.expr, c_ast.ArrayRef):
        node = node.expr.name
    elif isinstance(node, c_ast.BinaryOp) and node.op in "+-":
        node = node.left if not isinstance(node.left, c_ast.Constant) else node.right
    return field_path(node) if isinstance(node, (c_ast.ID, c_ast.StructRef)) else None


def aliased_strings(nodes, strings: set[str]) -> dict[str, int]:
    """The strings (by path) whose address a program keeps in another pointer, with the line:
    ``char *p = message``, ``p = buf + 4``, ``job.text = line``, ``return buf`` (both sides)."""
    out: dict[str, int] = {}

    def kept(target, value, line):
        sides = [value.iftrue, value.iffalse] if isinstance(value, c_ast.TernaryOp) else [value]
        for side in sides:
            base = address_base(side)
            if _declared(base, strings):
                out.setdefault(base, line)
                if target is not None:
                    out.setdefault(target, line)

    for top in nodes:
        for n in _walk(top):
            line = n.coord.line if getattr(n, "coord", None) else 0
            if isinstance(n, c_ast.Decl) and n.name and n.init is not None and not isinstance(n.init, c_ast.InitList):
                kept(n.name, n.init, line)
            elif isinstance(n, c_ast.Assignment):
                kept(field_path(n.lvalue), n.rvalue, line)
            elif isinstance(n, c_ast.Return) and n.expr is not None:
                kept(None, n.expr, line)
    return out


def string_facts(name: str, args: list, strings: set[str], line: int) -> list:
    """The critical-variable facts (target, names read, line) of a call that sets or may write the
    strings ``strings`` (frontends/c/critical.py): sprintf's destination is computed from its
    arguments, a string any other call may write is defined there."""
    out = []
    for i, a in enumerate(args):
        base = address_base(a)
        if base not in strings or not writes(name, i):
            continue
        reads = set()
        if name in SETTERS and i == 0:
            reads = set().union(*(names_in(x) for x in args))  # sprintf(buf + n, ..) reads n
            reads -= {base} if name not in _APPENDS and a is args[0] and isinstance(a, c_ast.ID) else set()
        out.append((base, reads, line))
    return out


def _is_const_pointer(decl) -> bool:
    """``const char *s``: the function promises not to write through it."""
    t = decl.type
    return isinstance(t, c_ast.PtrDecl) and isinstance(t.type, c_ast.TypeDecl) and "const" in (t.type.quals or [])


def written_params(functions: dict, aliased=()) -> dict[str, set[int]]:
    """The positions of each function's pointer parameters it may write through: a store ``p[k] =``
    or ``*p =``, an assignment to p, a library call that may write p (``writes``), a receive into
    p (the receive buffer of an MPI or NX/2 call), or p passed on to a
    function of the program that may write it, or p kept in another pointer (a name in ``aliased``).
    ``const char *`` parameters are never written."""
    receives = {name: row.recv_buffer() for name, row in CALLS.items()}
    out: dict[str, set[int]] = {}
    passed: list[tuple[str, int, str, int]] = []  # (caller, its parameter position, callee, position)
    for name, fd in functions.items():
        decls = fd.decl.type.args.params if fd.decl.type.args is not None else []
        index = {d.name: k for k, d in enumerate(decls) if isinstance(d, c_ast.Decl) and d.name
                 and not _is_const_pointer(d)}
        out[name] = {k for p, k in index.items() if p in aliased}
        for n in _walk(fd.body):
            if isinstance(n, (c_ast.Assignment, c_ast.UnaryOp)):
                updated = isinstance(n, c_ast.Assignment) or n.op in ("++", "--", "p++", "p--")
                target = (n.lvalue if isinstance(n, c_ast.Assignment) else n.expr) if updated else None
                if isinstance(target, c_ast.ArrayRef) or isinstance(target, c_ast.UnaryOp) and target.op == "*":
                    target = target.name if isinstance(target, c_ast.ArrayRef) else target.expr
                base = address_base(target) if target is not None else None
                if base in index:
                    out[name].add(index[base])
            elif isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID):
                args = n.args.exprs if n.args else []
                for i, a in enumerate(args):
                    base = address_base(a)
                    if base not in index:
                        continue
                    if n.name.name in functions:
                        passed.append((name, index[base], n.name.name, i))
                    elif receives.get(n.name.name, -1) == i or n.name.name not in receives and writes(n.name.name, i):
                        out[name].add(index[base])
    changed = True
    while changed:
        changed = False
        for caller, k, callee, i in passed:
            if i in out.get(callee, ()) and k not in out[caller]:
                out[caller].add(k)
                changed = True
    return out


def _statement_calls(nodes) -> set[int]:
    """The ids of the calls that stand as statements (their value is not used)."""
    out = set()
    for top in nodes:
        for n in _walk(top):
            items = list(n.block_items or []) if isinstance(n, c_ast.Compound) else [
                getattr(n, attr, None) for attr in ("iftrue", "iffalse", "stmt")]
            out |= {id(x) for x in items if isinstance(x, c_ast.FuncCall)}
    return out


def needed_strings(functions: dict, nodes, strings: set[str]) -> set[str]:
    """The strings whose lengths the program reads: those ``strlen`` is called on and those whose
    lengths a sprintf or snprintf whose value is used reads; then, as long as one is added, the
    strings a needed one is copied, appended or formatted from, the arguments a function of the
    program passes to a needed parameter, and, when a needed string receives a message, every
    string a message is sent from. Only these lengths are followed (frontends/c/strings.py): a
    char array that only decides a branch (``if (line[0] == '#')``) has no length to follow."""
    as_statement = _statement_calls(nodes)
    needed, sources, sent, received, passed = set(), [], set(), set(), []
    for top in nodes:
        for n in _walk(top):
            if not (isinstance(n, c_ast.FuncCall) and isinstance(n.name, c_ast.ID)):
                continue
            name, args = n.name.name, (n.args.exprs if n.args else [])
            bases = [address_base(a) for a in args]
            if name == "strlen" and bases and _declared(bases[0], strings):
                needed.add(bases[0])
            elif name in SETTERS and bases:
                read = {b for b in bases[1:] if _declared(b, strings)}
                if name in ("sprintf", "snprintf") and id(n) not in as_statement:
                    needed |= read
                if bases[0] is not None:
                    sources.append((bases[0], read))
            elif name in CALLS:
                row = CALLS[name]
                for pos, into in ((row.send_buffer(), sent), (row.recv_buffer(), received)):
                    if pos is not None and pos < len(bases) and bases[pos] is not None:
                        into.add(bases[pos])
            elif name in functions:
                decls = functions[name].decl.type.args.params if functions[name].decl.type.args else []
                passed += [(d.name, b) for d, b in zip(decls, bases) if b is not None and getattr(d, "name", None)]
    changed = True
    while changed:
        before = len(needed)
        for dest, read in sources:
            if dest in needed:
                needed |= read
        needed |= {arg for param, arg in passed if param in needed}
        if needed & received:
            needed |= {b for b in sent if _declared(b, strings)}
        changed = len(needed) > before
    return needed
