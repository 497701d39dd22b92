"""Rank symmetry with several classes (issue 16): the ranks split into classes whose members
provably behave like their representative shifted, one representative interpreted per class.

One class (``symmetry.Symmetry`` alone) needs every process to behave like rank 0 seen from itself.
A non-periodic stencil breaks that at its ends: rank 0's left partner is ``MPI_PROC_NULL``, rank
P-1's right one too, so ranks 0, 1..P-2 and P-1 behave in three different ways. Here the ranks are
partitioned (``Partition``); each class C has a representative c (its lowest rank) and every member
m = c + t stands for c shifted by t (mod P): m's messages are the images of c's under r -> r + t.

The partition is found by refinement and the interpretation restarted on each refinement (Python
generators cannot be copied; a restart is simple and exact):

- *statically* (values known when the program runs): every partner expression is evaluated at every
  rank (``signature``: its offset p(r) - r mod P, or MPI_PROC_NULL); the members of a class must all
  have the same. A class whose members differ splits by that value.
- *dynamically*: a member m of class E receives from m - o (for each offset o of the program's
  messages) what the representative of m - o's class sends to its own offset o. m behaves like
  its representative e only if that is, message for message, what e receives from e - o: the
  logs of every sender class at offset o (``Logs``) are compared as they grow, and a mismatch
  splits the classes whose members hear from both sides, by the class they hear from.
- links: a representative's message on link (a, b) stands for its images on (a + t, b + t) for
  every member's t; two messages on links of one orbit meet when those image sets intersect
  (``Links``). A message that would find a link busy is refused (the order in which the engine
  takes simultaneous events is by rank, not the same seen from every process), as with one class.

Refinements are bounded (``MAX_RESTARTS``; and classes beyond ``max_classes(P)``): past them every
process is interpreted. Nothing is approximated: either every check passes or the symmetry is not
used. docs/performance.md ("Rank symmetry") gives the argument.
"""
from __future__ import annotations

from interp.engine.lazynp import np

NULL = -2  # MPI_PROC_NULL (frontends/aag/communicators.py)
VECTOR_FROM = 8192  # ranks from which numpy's fixed cost (0.1 s to build the function) pays
MAX_RESTARTS = 12  # refinements of one prediction before giving up (each costs a partial run)


def max_classes(nprocs: int) -> int:
    """Beyond this many classes the representatives are a large share of the processes (a quarter),
    or so many (256) that the checks' per-class work over all ranks (link images, who hears whom)
    costs more than it saves: interpreting every process costs little more."""
    return max(4, min(nprocs // 4, 256))


class ByRank(dict):
    """The processes interpreted under several classes, by rank (``procs[rank]``, as the engine
    reads them); iterating gives the processes, like the list it replaces."""

    def __iter__(self):
        return iter(self.values())


class ClassesSplit(Exception):
    """The partition must be refined: restart the prediction with ``partition`` (None: no finer
    partition explains the difference; interpret every process)."""

    def __init__(self, partition: "Partition | None", reason: str):
        super().__init__(reason)
        self.partition = partition
        self.reason = reason


class Group:
    """The symmetry that relates a class's members to its representative: shifts (m = c + t mod P,
    a ring or 1-D torus of P nodes, a crossbar) or XOR (m = c XOR t, a hypercube's e-cube routes
    or a fat-tree, P a power of two). Its offsets name whom a rank talks to relative to itself."""

    def __init__(self, kind: str, n: int):
        self.kind, self.n = kind, n
        self.xor = kind == "xor"
        self._ranks = np.arange(n)

    def offset(self, src: int, dst: int) -> int:
        """The offset o of a message from src to dst (dst = src + o, or src XOR o)."""
        return (src ^ dst) if self.xor else (dst - src) % self.n

    def sender(self, e: int, o: int) -> int:
        """The rank whose message at offset o reaches rank e."""
        return (e ^ o) if self.xor else (e - o) % self.n

    def image(self, x: int, rep: int, m: int) -> int:
        """Where the symmetry taking ``rep`` to its class member ``m`` takes rank x."""
        return (x ^ rep ^ m) if self.xor else (x + m - rep) % self.n

    def at(self, values, s: int) -> np.ndarray:
        """Per rank m: ``values`` at m + s (m XOR s)."""
        values = np.asarray(values)
        return values[self._ranks ^ s] if self.xor else np.roll(values, -s)

    def heard(self, values, o: int) -> np.ndarray:
        """Per rank m: ``values`` at the rank whose message at offset o reaches m."""
        values = np.asarray(values)
        return values[self._ranks ^ o] if self.xor else np.roll(values, o)

    def signature(self, values) -> np.ndarray:
        """Per rank: the partner's offset, or -1 for MPI_PROC_NULL."""
        v = np.asarray(values, dtype=np.int64)
        r = self._ranks
        return np.where(v == NULL, -1, (v ^ r) if self.xor else (v - r) % self.n)

    def link(self, rep: int, link: tuple) -> tuple[int, int]:
        """A representative's link (a, b) as (its orbit, its position relative to ``rep``): the
        links of one orbit are the images of each other; position s stands for the link from
        m + s (m XOR s) for each member m."""
        a, b = link
        if self.xor:
            return a ^ b, a ^ rep
        return (b - a) % self.n, (a - rep) % self.n


class Partition:
    """Ranks 0..P-1 in classes numbered by their lowest rank (the representative); ``group``: the
    symmetry ("shift" or "xor") that takes each representative to its class's members."""

    def __init__(self, class_of, group: str = "shift"):
        self.class_of = np.asarray(class_of, dtype=np.int64)
        self.n = len(self.class_of)
        self.group = Group(group, self.n)
        first = np.unique(self.class_of, return_index=True)[1]
        self.reps = [int(r) for r in np.sort(first)]
        self.k = len(self.reps)
        self.sizes = np.bincount(self.class_of, minlength=self.k)
        self._masks: dict[int, np.ndarray] = {}

    @classmethod
    def one(cls, n: int, group: str = "shift") -> "Partition":
        return cls(np.zeros(n, dtype=np.int64), group)

    def key(self) -> tuple:
        """Hashable, for EngineOptions (the restart's partition)."""
        return tuple(int(c) for c in self.class_of)

    def mask(self, c: int) -> np.ndarray:
        m = self._masks.get(c)
        if m is None:
            m = self._masks[c] = self.class_of == c
        return m

    def refine(self, by, only=None) -> "Partition | None":
        """The classes split by the value ``by`` (one per rank; ``only``: the classes that may
        split, the others kept whole); None when no class splits."""
        by = np.asarray(by, dtype=np.int64)
        if only is not None:
            keep = ~np.isin(self.class_of, list(only))
            by = np.where(keep, 0, by)
        pairs = self.class_of * (int(by.max()) - int(by.min()) + 1) + (by - int(by.min()))
        _, first, inverse = np.unique(pairs, return_index=True, return_inverse=True)
        if len(first) == self.k:
            return None
        order = np.argsort(np.argsort(first))  # numbered by lowest rank
        return Partition(order[inverse.reshape(-1)], self.group.kind)


def at_every_rank(expr, n: int, functions: dict | None) -> list[int] | None:
    """The integer value of ``expr`` (an expression of the rank alone) at ranks 0..n-1, as the
    engine computes it for one rank (``symexpr.compile_fn``, then int()); None when it cannot be
    evaluated on some rank. Evaluated over all ranks at once with numpy (65,536 ranks in
    milliseconds), checked against the per-rank function at a few ranks; per rank otherwise."""
    from frontends.aag import symexpr as S

    fn = S.compile_fn(expr, ["__rank"], functions)
    try:
        if n < VECTOR_FROM:
            raise ValueError("few ranks: per rank")
        with np.errstate(all="raise"):
            vec = S.sympy.lambdify([S.RANK], expr, modules=[functions or {}, "numpy"])(np.arange(n))
        vec = np.trunc(np.broadcast_to(np.asarray(vec, dtype=float), (n,))).astype(np.int64)
        if all(int(fn(r)) == int(vec[r]) for r in {0, 1 % n, n // 2, n - 2 if n > 1 else 0, n - 1}):
            return vec.tolist()
    except Exception:  # noqa: BLE001 - numpy cannot take this expression: per rank below
        pass
    try:
        return [int(fn(r)) for r in range(n)]
    except (ArithmeticError, ValueError, TypeError):
        return None


class Links:
    """Link occupancy of the representatives' messages, per orbit of links under the classes'
    symmetry (``Group``)."""

    def __init__(self, part: Partition):
        self.part = part
        self._busy: dict[int, dict[tuple, tuple]] = {}  # orbit -> (class, position) -> (free at, sent at)
        self._meets: dict[tuple, bool] = {}

    def meet(self, c: int, s: int, c2: int, s2: int) -> bool:
        """Do the images {m + s : m in class c} and {m + s2 : m in class c2} (XOR: m ^ s) share a
        node: a link of one orbit used by a member of each."""
        g = self.part.group
        # m + s = m2 + s2 (m ^ s = m2 ^ s2) for some members: m + d (m ^ d) in c2, d = s - s2 (s ^ s2)
        d = (s ^ s2) if g.xor else (s - s2) % g.n
        key = (c, c2, d)
        hit = self._meets.get(key)
        if hit is None:
            mask = self.part.mask
            hit = self._meets[key] = bool(np.any(mask(c) & g.at(mask(c2), d)))
        return hit

    def free(self, rep: int, links, start: float, sent: float) -> tuple[list, float] | str:
        """Rank ``rep``'s message on ``links``, sent at ``sent`` and ready at ``start``: (its links
        as (orbit, position), the time they are free for every member), or why it is refused.

        A member waits for the message whose image holds its link: its own earlier one (the same
        class and position), or another class's (or position's) when that image holds the link of
        every member of the class and was sent strictly earlier (then the full interpretation
        takes it first on every member; at the same time the order is by rank, which no class
        sees alike: refused). When it holds the links of some members only, the class splits
        into those members and the others (``ClassesSplit``: a restart)."""
        c, g = int(self.part.class_of[rep]), self.part.group
        mine = []
        for link in links:
            a, b = link
            if not (isinstance(a, int) and isinstance(b, int)):
                return "a shared network resource"
            mine.append(g.link(rep, link))
        ready = start
        for j, (o, s) in enumerate(mine):
            if any(o2 == o and self.meet(c, s, c, s2) for o2, s2 in mine[:j]):
                return "a route on which the images of one message would meet"
            busy = self._busy.get(o)
            if not busy:
                continue
            stale = []
            for (c2, s2), (free, t2) in busy.items():
                if free <= sent:  # free before now (the engine's time): no later message waits for it
                    stale.append((c2, s2))
                    continue
                if free <= start or not self.meet(c, s, c2, s2):
                    continue
                if (c2, s2) != (c, s):
                    self._covers(c, s, c2, s2)
                    if not t2 < sent:
                        return "a message waits for a link"
                if free > ready:
                    ready = free
            for key in stale:
                del busy[key]
        return mine, ready

    def _covers(self, c: int, s: int, c2: int, s2: int) -> None:
        """Raise ``ClassesSplit`` unless class c2's images at position s2 hold the link at
        position s of every member of class c."""
        part, g = self.part, self.part.group
        hit = g.at(g.heard(part.mask(c2), s2), s)  # per rank m: c2 holds the link at m + s
        inside = hit[part.mask(c)]
        if not inside.all():
            raise ClassesSplit(part.refine(hit.astype(np.int64), only=[c]),
                               "a link that the images of another message hold for some members of a class")

    def hold(self, rep: int, mine: list, arrival: float, sent: float) -> None:
        """The message (``free``'s links), sent at ``sent``, holds its links until ``arrival``."""
        c = int(self.part.class_of[rep])
        for o, s in mine:
            self._busy.setdefault(o, {})[(c, s)] = (arrival, sent)


class Logs:
    """What each class's representative sent to each offset, in order; the classes whose logs a
    member of some class hears in place of its representative's must be equal."""

    def __init__(self, part: Partition):
        self.part = part
        self._log: dict[tuple[int, int], list] = {}  # (class, offset) -> entries
        self._peers: dict[int, list[list[int]]] = {}  # offset -> per class: the classes it must equal
        self._receivers: dict[tuple[int, int], list] = {}  # (class, offset) -> [(sender, rep)]

    def _senders(self, o: int) -> list[list[int]]:
        """Per class E: the classes of its members' senders at offset o (m - o)."""
        part, k = self.part, self.part.k
        shifted = part.group.heard(part.class_of, o)  # shifted[m] = class_of[m - o] (XOR: m ^ o)
        out: list[list[int]] = [[] for _ in range(k)]
        for pair in np.unique(part.class_of * k + shifted).tolist():
            out[pair // k].append(pair % k)
        return out

    def peers(self, o: int) -> list[list[int]]:
        got = self._peers.get(o)
        if got is None:
            k = self.part.k
            root = list(range(k))

            def find(x):
                while root[x] != x:
                    root[x] = root[root[x]]
                    x = root[x]
                return x

            for heard in self._senders(o):
                for c in heard[1:]:
                    root[find(c)] = find(heard[0])
            got = self._peers[o] = [[d for d in range(k) if d != c and find(d) == find(c)] for c in range(k)]
        return got

    def receivers(self, c: int, o: int) -> list[tuple[int, int]]:
        """(sender, representative) pairs: the representatives that receive class c's message to its
        offset o, each as coming from its own rank - o."""
        key = (c, o)
        got = self._receivers.get(key)
        if got is None:
            part, g = self.part, self.part.group
            got = self._receivers[key] = [(g.sender(e, o), e) for e in part.reps
                                          if int(part.class_of[g.sender(e, o)]) == c]
        return got

    def add(self, c: int, o: int, entry: tuple) -> None:
        log = self._log.setdefault((c, o), [])
        k = len(log)
        log.append(entry)
        for d in self.peers(o)[c]:
            other = self._log.get((d, o))
            if other is not None and len(other) > k and other[k] != entry:
                raise self._split(o, c, d, "a member hears other message times than its representative")

    def finish(self) -> None:
        """At the end: every log the same length as its peers'."""
        for (c, o), log in list(self._log.items()):
            for d in self.peers(o)[c]:
                if len(self._log.get((d, o), ())) != len(log):
                    raise self._split(o, c, d, "a member hears another number of messages than its representative")
        for o in {o for _, o in self._log}:  # a class that never sent at o, beside one that did
            for c in range(self.part.k):
                if (c, o) not in self._log:
                    d = next((d for d in self.peers(o)[c] if self._log.get((d, o))), None)
                    if d is not None:
                        raise self._split(o, c, d, "a member hears another number of messages than its representative")

    def _split(self, o: int, c: int, d: int, reason: str) -> ClassesSplit:
        """The classes whose members hear both c and d at offset o split by whom they hear."""
        part = self.part
        heard = self._senders(o)
        only = [e for e in range(part.k) if c in heard[e] and d in heard[e]]
        heard_from = part.group.heard(part.class_of, o)
        new = part.refine(heard_from, only) if only else None
        if new is None:  # c and d are peers through a chain of classes: split every class that hears two
            new = part.refine(heard_from)
        return ClassesSplit(new, reason)
