"""The application module's layout (paper 3.3): two language frontends over one shared core.

frontends/c/ and frontends/fortran/ are siblings: neither imports the other; what both need lives
in the shared core (frontends/*.py, frontends/aag/). Downstream, interp/ reads programs only
through frontends.load and the AAG contract.
"""
import ast
from pathlib import Path

import pytest

from frontends.errors import FrontendError
from frontends.load import load_program

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(package: Path) -> set[tuple[str, str]]:
    """(file, absolute module name) of every import in the Python files under ``package``."""
    out = set()
    for path in package.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                out.update((str(path), alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = parts[: len(parts) - node.level]  # the package the dots name
                    name = ".".join(base + ([node.module] if node.module else []))
                else:
                    name = node.module
                out.add((str(path), name))
    return out


def inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_the_fortran_frontend_imports_nothing_from_the_c_frontend():
    imports = imported_modules(ROOT / "frontends" / "fortran")
    assert ("frontends.critical" in {m for _, m in imports})  # the shared core, resolved
    assert not {(f, m) for f, m in imports if inside(m, "frontends.c")}


def test_the_c_frontend_imports_nothing_from_the_fortran_frontend():
    imports = imported_modules(ROOT / "frontends" / "c")
    assert not {(f, m) for f, m in imports if inside(m, "frontends.fortran")}


def test_interp_reads_programs_only_through_frontends_load_and_the_aag():
    allowed = ("frontends.aag", "frontends.errors", "frontends.load")
    wrong = {(f, m) for f, m in imported_modules(ROOT / "interp")
             if m.startswith("frontends.") and not m.startswith(allowed)}
    assert not wrong


@pytest.mark.parametrize("name, language", [("prog.c", "C"), ("prog.f90", "Fortran"), ("prog.f", "Fortran")])
def test_a_read_error_names_the_language_of_the_file(tmp_path, name, language):
    (tmp_path / name).mkdir()
    with pytest.raises(FrontendError) as err:
        load_program(str(tmp_path / name))
    assert str(err.value) == f"{tmp_path / name}: is a directory, not a {language} source file"


def test_an_unknown_extension_is_a_frontend_error(tmp_path, cli):
    path = tmp_path / "prog.txt"
    path.write_text("int main(void) { return 0; }\n")
    message = (f"{path}: interp reads C (.c) and Fortran (.f, .for, .f77, .f90, .f95, .f03, .f08) "
               "programs")
    with pytest.raises(FrontendError) as err:
        load_program(str(path))
    assert str(err.value) == message
    result = cli("check", path)
    assert result.exit_code == 2 and message in result.stderr
