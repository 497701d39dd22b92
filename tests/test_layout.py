"""The package layout of paper 001 section 3 (docs/architecture.md), checked from the imports.

Every import statement of every module is read (at module level and inside functions alike) and
resolved to the module it names. The test fails on an import cycle between modules and on the
edges the layout forbids: ``sag`` is the machine model and imports nothing of interp; the
frontends produce the AAG and never reach into ``interp``; the engine (Algorithm 2) knows nothing
of reports, studies or the command line; and nothing under ``interp`` reads a language frontend
except through the AAG contract (``frontends.aag``), the loader and the frontends' error type.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("sag", "frontends", "interp")
# What interp may import from frontends: the AAG contract, the loader, the error type.
FRONTEND_CONTRACT = ("frontends.aag", "frontends.load", "frontends.errors")


def modules() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project modules ``name`` imports (a name imported from a package counts as that
    package's submodule when one exists, otherwise as the package)."""
    is_pkg = path.name == "__init__.py"
    here = name.split(".") if is_pkg else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = here[:len(here) - (node.level - 1)]
                base = ".".join(up + ([base] if base else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in known:
                t = t.rpartition(".")[0]
            if t and t != name:
                found.add(t)
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(name, path, known) for name, path in known.items()}


def _inside(mod: str, pkg: str) -> bool:
    return mod == pkg or mod.startswith(pkg + ".")


def test_no_import_cycle():
    g = graph()
    # Package __init__ modules that only re-export are part of their package: an edge into the
    # package is an edge into the module it re-exports, so cycles through them are real.
    index, low, stack, on, cycles = {}, {}, [], set(), []

    def strong(v):  # Tarjan, iterative enough for this graph's depth
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in g[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))

    for v in g:
        if v not in index:
            strong(v)
    assert cycles == [], f"import cycles: {cycles}"


def test_forbidden_edges():
    bad = []
    for mod, targets in graph().items():
        for t in targets:
            if _inside(mod, "sag") and not _inside(t, "sag"):
                bad.append((mod, t, "sag imports nothing outside itself"))
            if _inside(mod, "frontends") and _inside(t, "interp"):
                bad.append((mod, t, "frontends never import interp"))
            if _inside(mod, "interp.engine") and any(_inside(t, p) for p in (
                    "interp.output", "interp.cli", "interp.studies")):
                bad.append((mod, t, "the engine knows nothing of reports, studies or the CLI"))
            if _inside(mod, "interp") and _inside(t, "frontends") and not any(
                    _inside(t, c) for c in FRONTEND_CONTRACT) and t != "frontends":
                bad.append((mod, t, "interp reads the frontends only through the AAG and the loader"))
            if _inside(mod, "frontends.fortran") and _inside(t, "frontends.c"):
                bad.append((mod, t, "the Fortran frontend does not import the C frontend"))
            if not _inside(mod, "interp.cli") and mod != "interp" and _inside(t, "interp.cli"):
                bad.append((mod, t, "only the command line imports the command line"))
    assert bad == []


def test_the_graph_sees_known_edges():
    """The walker itself: edges that exist must be found (else the checks above prove nothing)."""
    g = graph()
    assert "interp.engine.algorithm" in g["interp.pipeline"]
    assert "frontends.aag.aau" in g["frontends.aag"]
    assert "sag.expr" in g["sag.parameter"] or "sag.expr" in g["sag.loader"]


def test_architecture_doc_lists_the_edges():
    """docs/architecture.md's table of package edges is the code's (python docs/architecture.py)."""
    import re
    import sys
    sys.path.insert(0, str(ROOT / "docs"))
    from architecture import edges
    text = (ROOT / "docs" / "architecture.md").read_text()
    table = text.split("## Package edges", 1)[1]
    listed = set(re.findall(r"^\| `([\w.]+)` \| `([\w.]+)` \|$", table, re.M))
    assert listed == set(edges())


def test_small_modules_and_functions():
    """No module over 500 lines and no function over 80, unless a ``# long:`` comment on its first
    line says why (the layout issue's rule: small modules with one job)."""
    too_long = []
    for name, path in modules().items():
        lines = path.read_text().splitlines()
        if len(lines) > 500 and "# long:" not in lines[0]:
            too_long.append(f"{name}: {len(lines)} lines")
        for node in ast.walk(ast.parse("\n".join(lines))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > 80 and "# long:" not in lines[node.lineno - 1]:
                    too_long.append(f"{name}.{node.name}: {length} lines")
    assert too_long == []
