"""A program case: one file of a program seed mutated, and the command that reads it.

Mostly ``interp run`` (as a user predicts), sometimes ``check`` or ``show``; the seed's -D
inputs are given when their name still appears in the mutated text (a renamed input would only
produce the clear error "no external input of that name" and hide deeper problems).
"""
from __future__ import annotations

import random
import re

from tests.fuzz.case import Case
from tests.fuzz.seeds import ProgramSeed


def _still_named(name: str, text: str) -> bool:
    base = re.match(r"\w+", name)
    return bool(base) and re.search(rf"\b{re.escape(base.group(0))}\b", text, re.I) is not None


def program_case(kind: str, seed: int, index: int, rng: random.Random, prog: ProgramSeed,
                 mutate) -> Case:
    target = rng.randrange(len(prog.files))
    name, text = prog.files[target]
    data, labels = mutate(rng, text, name)
    files = {n: (data if i == target else t.encode()) for i, (n, t) in enumerate(prog.files)}
    mutated = data.decode("utf-8", "replace")
    defines = []
    for dname, value in prog.defines:
        if _still_named(dname, mutated):
            defines += ["-D", f"{dname}={value}"]
    procs = str(rng.choice(prog.procs))
    command = rng.choices(("run", "check", "show"), (80, 14, 6))[0]
    names = [n for n, _ in prog.files]
    if command == "run":
        argv = ["run", *names, "--machine", "ipsc860", "--procs", procs, *defines]
        if rng.random() < 0.1:
            argv += ["--format", "json"]
    elif command == "check":
        argv = ["check", *names, "--procs", procs, *defines]
    else:
        argv = ["show", *names]
    argv += list(prog.extra)
    note = f"{prog.name}/{name}: " + "; ".join(labels)
    return Case(kind, seed, index, argv, files, note)
