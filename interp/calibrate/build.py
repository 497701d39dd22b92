"""The executable ``interp validate`` times: the program's sources compiled and linked with the
timing shims (shim/pmpi_timer.c, seq_timer.c, nx_on_mpi.c) and the flush-to-zero shim when asked.

Shared by validate (interp/studies/validate.py) and the compiled node model
(interp/models/code_layout.py), which reads the addresses of the loops in this very executable:
where a short loop's code lies relative to the core's fetch windows changes its speed, and only
the link decides that (docs/model.md, "Code layout").
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from interp.calibrate import tools
from interp.errors import InputError


def program_kind(texts: list[str]) -> str:
    if len(texts) == 2 or any(re.search(r"\b(csend|crecv|gdsum|load)\s*\(", t) and "nx.h" in t for t in texts):
        return "nx"
    if any(re.search(r"\bMPI_Init(_thread)?\s*\(", t) for t in texts):
        return "mpi"
    return "seq"


def main_name(kind: str, text: str) -> str:
    """The name a source's ``main`` has in the executable build() links for a program of ``kind``:
    the timing shims bring their own main and call the program's under this name."""
    if kind == "seq":
        return "interp_user_main"
    if kind == "nx":
        return "nx_host_main" if re.search(r"\bload\s*\(", text) else "nx_node_main"
    return "main"


@dataclass
class Build:
    exe: Path
    kind: str
    host_text: str   # the source whose argv the inputs go to
    # source file -> the name its main has in the executable (the shims rename it; code_layout.py)
    mains: dict = field(default_factory=dict)


def build(files: list[str], tmp: Path, cc: str, cflags: str, ftz: bool = False, extra_sources=(),
          includes=()) -> Build:
    """The timed executable. ``extra_sources`` are linked in (interp extrapolate's segment timer);
    ``includes`` are searched for #include "..." (the original directory of copied sources)."""
    texts = []
    for f in files:
        try:
            texts.append(Path(f).read_text(encoding="utf-8", errors="replace"))
        except OSError as exc:
            raise InputError(f"{f}: cannot read it: {exc.strerror}") from None
    kind = program_kind(texts)
    flags = cflags.split()
    exe = tmp / "prog"
    extra = ([tools.shim_source("ftz.c")] if ftz else []) + list(extra_sources)
    if kind == "seq":
        # Only the program's main is renamed: the program is compiled apart from the shim.
        objs = []
        for i, f in enumerate(files):
            objs.append(tools.compile_c(cc, [f], tmp / f"part{i}.o", [*flags, "-c"], libs=(),
                                        defines=["main=interp_user_main"], includes=includes))
        tools.compile_c(cc, [*objs, tools.shim_source("seq_timer.c"), *extra], exe, flags)
        return Build(exe, kind, texts[0], {str(f): main_name(kind, t) for f, t in zip(files, texts)})
    mpi = tools.mpi_tools()
    if mpi is None:
        raise InputError("this is an MPI or NX/2 program but mpicc/mpiexec were not found "
                         "(pip install 'interp[mpi]' installs MPICH)")
    timer = tools.shim_source("pmpi_timer.c")
    if kind == "mpi":
        tools.compile_c(mpi[0], [*files, timer, *extra], exe, flags, includes=includes)
        return Build(exe, kind, texts[0], {str(f): main_name(kind, t) for f, t in zip(files, texts)})
    # NX/2: the host is the program that calls load(); both are compiled into one executable.
    hosts = [i for i, t in enumerate(texts) if re.search(r"\bload\s*\(", t)]
    if len(files) != 2 or len(hosts) != 1:
        raise InputError("an NX/2 program is validated as a host program (the one calling load()) and "
                         "a node program: give both files")
    h = hosts[0]
    objs = []
    for i, f in enumerate(files):
        obj = tmp / f"part{i}.o"
        tools.compile_c(mpi[0], [f], obj, [*flags, "-c"], libs=(), includes=[tools.nx_include(), *includes],
                        defines=[f"main={'nx_host_main' if i == h else 'nx_node_main'}"])  # main_name's
        objs.append(obj)
    tools.compile_c(mpi[0], [*objs, tools.shim_source("nx_on_mpi.c"), timer, *extra], exe, flags)
    return Build(exe, kind, texts[h], {str(f): "nx_host_main" if i == h else "nx_node_main"
                                       for i, f in enumerate(files)})
