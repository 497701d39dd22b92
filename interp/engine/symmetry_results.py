"""Rank symmetry's results for every process (interp/engine/symmetry.py): the waits a
representative keeps for its whole class, and every process's AAU statistics read from its
class's representative instead of copied."""
from __future__ import annotations

from collections.abc import Mapping

from interp.engine.chain_comm import LONGEST_WAITS


class Waits:
    """Rank 0's waits for "why is this process late", kept for every process of the class: a
    process keeps its LONGEST_WAITS longest (seconds, AAU id, what), and among waits of the same
    length and AAU the one kept is decided by ``what``, which names partners and so differs from
    process to process. Kept here: every wait that fewer than LONGEST_WAITS waits outrank by
    length and AAU alone (no renaming changes that), each distinct one at most LONGEST_WAITS times."""

    def __init__(self):
        self._count: dict[tuple, int] = {}

    def add(self, entry: tuple) -> None:
        count = self._count
        if count.get(entry, 0) < LONGEST_WAITS:
            count[entry] = count.get(entry, 0) + 1
            if len(count) > 4 * LONGEST_WAITS:
                self._prune()

    def _prune(self) -> None:
        ahead = 0
        keep: dict[tuple, int] = {}
        ranked = sorted(self._count.items(), key=lambda kv: (kv[0][0], kv[0][1]), reverse=True)
        k = 0
        while k < len(ranked):  # one (seconds, AAU) at a time: entries ahead of it by those alone
            j = k
            while j < len(ranked) and ranked[j][0][:2] == ranked[k][0][:2]:
                j += 1
            if ahead >= LONGEST_WAITS:
                break
            for entry, c in ranked[k:j]:
                keep[entry] = c
                ahead += c
            k = j
        self._count = keep

    def kept(self) -> dict[tuple, int]:
        """The waits kept, each with the number of times it was noted (up to LONGEST_WAITS)."""
        self._prune()
        return self._count


class SymmetricStats(Mapping):
    """Every process's AAU statistics, (process index, AAU id) -> AAUStats: rank 0's, shared
    (read-only) by every process of the class instead of copied (65,536 processes x the program's
    AAUs would be millions of records)."""

    def __init__(self, rep_stats: dict | list, nprocs: int, class_of=None, first: list | None = None):
        # AAU id -> the representative's statistics, in the order they were created; with several
        # classes one such dict per class and ``class_of``, each rank's class, and ``first``: the
        # representatives' (rank, AAU id) in the order they were created, listed first. The full
        # interpretation creates each AAU's first record at a representative too (the lowest rank
        # of its class, at the same time), so its AAUs first appear in the same order (reports
        # list AAUs of equal totals in that order).
        self._reps = rep_stats if class_of is not None else [rep_stats]
        self._class = [int(c) for c in class_of] if class_of is not None else None
        self._n = nprocs
        self._first = first or []

    def _of(self, p: int) -> dict:
        return self._reps[0 if self._class is None else self._class[p]]

    def __getitem__(self, key):
        p, aid = key
        if not (isinstance(p, int) and 0 <= p < self._n):
            raise KeyError(key)
        return self._of(p)[aid]

    def __contains__(self, key) -> bool:
        try:
            p, aid = key
        except (TypeError, ValueError):
            return False
        return isinstance(p, int) and 0 <= p < self._n and aid in self._of(p)

    def __iter__(self):
        yield from self._first
        listed = {p for p, _ in self._first}
        for p in range(self._n):
            if p not in listed:
                for aid in self._of(p):
                    yield (p, aid)

    def __len__(self) -> int:
        return sum(len(self._of(p)) for p in range(self._n))
