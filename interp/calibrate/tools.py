"""Finding the C and MPI tools, compiling, and running programs with a time limit."""
from __future__ import annotations

import os
import shutil
import subprocess
import sysconfig
from importlib import resources
from pathlib import Path

from interp.errors import InputError


def bench_source(name: str) -> Path:
    """A micro-benchmark C source shipped with the package."""
    return Path(str(resources.files("interp.calibrate") / "bench" / name))


def shim_source(name: str) -> Path:
    return Path(str(resources.files("interp") / "shim" / name))


def nx_include() -> Path:
    """frontends/include: nx.h, the NX/2 C interface interp already ships."""
    import frontends

    return Path(frontends.__file__).parent / "include"


def which(tool: str) -> str | None:
    """A tool on PATH, else in this Python's scripts directory (where `pip install mpich` puts
    mpicc and mpiexec)."""
    found = shutil.which(tool)
    if found:
        return found
    candidate = Path(sysconfig.get_path("scripts")) / tool
    return str(candidate) if candidate.exists() and os.access(candidate, os.X_OK) else None


def mpi_tools() -> tuple[str, str] | None:
    cc, run = which("mpicc"), which("mpiexec")
    return (cc, run) if cc and run else None


def compile_c(cc: str, sources, out: Path, flags=(), libs=("-lm",), defines=(), includes=()) -> Path:
    """Compile ``sources`` to ``out``; a compiler error is an InputError quoting the compiler.

    ``includes`` are for #include "..." only (-iquote): frontends/include also holds fake system
    headers for pycparser, which must not replace the real ones."""
    if which(cc) is None and not Path(cc).exists():
        raise InputError(f"C compiler {cc!r} not found (give one with --cc)")
    cmd = [cc, *flags, *[f"-D{d}" for d in defines], *[a for i in includes for a in ("-iquote", str(i))],
           "-o", str(out), *[str(s) for s in sources], *libs]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise InputError(f"compiling failed: {' '.join(cmd)}\n" + _indent(proc.stderr.strip()[-2000:]))
    return out


def run(cmd, timeout: float = 300.0, env=None) -> str:
    """Run a program, return its standard output; failure or timeout is an InputError."""
    full_env = dict(os.environ, **(env or {}))
    try:
        proc = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=timeout,
                              env=full_env)
    except subprocess.TimeoutExpired:
        raise InputError(f"{' '.join(map(str, cmd))}: no result after {timeout:.0f} s") from None
    if proc.returncode != 0:
        raise InputError(f"{' '.join(map(str, cmd))} failed (exit {proc.returncode}):\n"
                         + _indent((proc.stderr or proc.stdout).strip()[-2000:]))
    return proc.stdout


def mpiexec_cmd(mpiexec: str, nprocs: int, exe, args=()) -> list[str]:
    # MPICH's hydra refuses nothing on oversubscription; Open MPI needs the flag. Which one it is
    # decides the flag, so the same command works with both.
    cmd = [mpiexec, "-n", str(nprocs)]
    if _is_openmpi(mpiexec):
        cmd.append("--oversubscribe")
    return cmd + [str(exe), *map(str, args)]


_OPENMPI: dict[str, bool] = {}


def _is_openmpi(mpiexec: str) -> bool:
    if mpiexec not in _OPENMPI:
        try:
            out = subprocess.run([mpiexec, "--version"], capture_output=True, text=True, timeout=20).stdout
        except (OSError, subprocess.TimeoutExpired):
            out = ""
        _OPENMPI[mpiexec] = "Open MPI" in out or "OpenRTE" in out
    return _OPENMPI[mpiexec]


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())
