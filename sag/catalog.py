"""Shipped machine files, usable by name (``--machine ipsc860``) or by path."""
from __future__ import annotations

from pathlib import Path

from .errors import MachineError, MachineErrors, quote
from .loader import load
from .model import SAG

MACHINES_DIR = Path(__file__).parent / "machines"


def shipped() -> list[str]:
    return sorted(p.stem for p in MACHINES_DIR.glob("*.yaml"))


def resolve(name_or_path: str) -> Path:
    p = Path(name_or_path)
    if p.suffix in (".yaml", ".yml") or "/" in name_or_path or _exists(p):
        return p
    candidate = MACHINES_DIR / f"{name_or_path}.yaml"
    if _exists(candidate):
        return candidate
    raise MachineErrors([MachineError(
        "", f"no shipped machine {quote(name_or_path)} and no such file "
            f"(shipped machines: {', '.join(shipped())})", name_or_path)])


def _exists(p: Path) -> bool:
    try:
        return p.exists()
    except (OSError, ValueError):  # a name too long for the file system, a NUL byte
        return False


def open_machine(name_or_path: str) -> SAG:
    return load(resolve(name_or_path))
