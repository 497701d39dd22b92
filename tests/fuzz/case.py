"""A fuzz case: the files it writes into its temporary directory and the interp command line.

Every case is re-created from (kind, seed, index) alone: its random generator is seeded by the
string ``interp-fuzz/KIND/SEED/INDEX`` (string seeds are hashed with SHA-512 by ``random``, so the
sequence does not depend on PYTHONHASHSEED or the platform).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

KINDS = ("c", "fortran", "machine", "cli", "hostile", "edge")
KIND_TITLES = {"c": "C programs", "fortran": "Fortran programs", "machine": "machine files",
               "cli": "command lines",
               "hostile": "hostile constructs", "edge": "edge cases"}


def case_rng(kind: str, seed: int, index: int) -> random.Random:
    return random.Random(f"interp-fuzz/{kind}/{seed}/{index}")


@dataclass
class Case:
    kind: str
    seed: int
    index: int
    argv: list[str]                     # interp's arguments (after the program name)
    files: dict[str, bytes] = field(default_factory=dict)  # relative path -> bytes; "d/" = a folder
    note: str = ""                      # what was done to the seed: "halo.c: number->1e400; ..."

    @property
    def case_id(self) -> str:
        return f"{self.kind}-{self.seed}-{self.index}"

    @property
    def family(self) -> str:
        """The mutations without their random details (used to group hangs and crashes)."""
        return self.note.split(" | ")[0]


def make_case(kind: str, seed: int, index: int) -> Case:
    """Re-create case (kind, seed, index)."""
    import importlib

    if kind not in KINDS:
        raise ValueError(f"unknown case kind {kind!r} (one of {', '.join(KINDS)})")
    return importlib.import_module(f"tests.fuzz.mutate_{kind}").make_case(seed, index)


# Per 1,600 cases: the mix (C 600, Fortran 120, machine files 320, command lines 60), 200
# of the constructs of mutate_hostile.py (fuzz round 3) and 300 of mutate_edge.py (round 4).
MIX = {"c": 600, "fortran": 120, "machine": 320, "cli": 60, "hostile": 200, "edge": 300}


def plan(cases: int, seed: int) -> list[tuple[str, int, int]]:
    """(kind, seed, index) of ``cases`` cases in the default mix, the kinds interleaved."""
    total = sum(MIX.values())
    counts = {k: (cases * v) // total for k, v in MIX.items()}
    # Hand the remainder to the kinds in the mix's order, so the counts add up to ``cases``.
    short = cases - sum(counts.values())
    for k in sorted(MIX, key=lambda k: -MIX[k])[:short]:
        counts[k] += 1
    order: list[tuple[float, str, int]] = []
    for k, n in counts.items():
        order += [((i + 0.5) / n, k, i) for i in range(n)]
    order.sort(key=lambda t: (t[0], KINDS.index(t[1])))
    return [(k, seed, i) for _, k, i in order]
