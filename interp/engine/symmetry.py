"""Rank symmetry (issue 16): processes that provably behave alike are interpreted once.

When every process of an SPMD program runs the same operations with the same sizes, tags and
computation (the rank decides only whom it talks to: ``frontends.aag.rank_dependence``), when the
partners every process chooses are one pattern seen from each process (a symmetry g of the ranks:
the shift r -> r + k mod P, or r -> r XOR k), and when the machine looks the same from every
process under that symmetry (the same node and network parameters; every route the symmetric
image of another: a crossbar, a ring of P nodes, a hypercube under XOR), then every process's
clock, statistics and waits are those of rank 0, renamed. The engine interprets rank 0 alone (the
class's representative) and this module checks the symmetry as it goes and renames at the end.

How the representative stands for the others (docs/performance.md, "Rank symmetry", gives the
argument): rank 0's message to q stands for the message of every rank m to g_m(q); the one that
reaches rank 0 comes from the rank s with g_s(q) = 0 (s = -q mod P for shifts, q for XOR), at the
same times, so it is delivered to rank 0 as coming from s. Links are kept per orbit (the link
(a, b) and all its images are one entry): a message that finds its link busy, a route that uses
two links of one orbit (the images of one message would meet on a link), a static-buffer pool
that is full, a wildcard receive, a partner pattern that is not a symmetry, a collective whose
point-to-point steps are not, a communicator the program creates, an early end or a hang: each
raises ``SymmetryBroken`` and the engine predicts again with every process interpreted. Nothing
is approximated: either the symmetry holds for every event or it is not used.
"""
from __future__ import annotations

import heapq
import re
from copy import copy
from dataclasses import fields, replace

from interp.engine.lazynp import np

from frontends.aag import symexpr as S
from frontends.aag.rank_dependence import rank_branches

from interp.engine.chain_comm import LONGEST_WAITS
from interp.engine.result import ProcStats
from interp.engine.symmetry_classes import NULL, ClassesSplit, Links, Logs, Partition, at_every_rank
from interp.engine.symmetry_results import SymmetricStats, Waits  # noqa: F401 - the engine's names
from interp.filter import collectives
from interp.filter.switching import CIRCUIT

# Topologies (interp/filter/topology.py) and the symmetries of the ranks their routes respect
# when process i runs on node i: a crossbar's route is the pair itself; a fat-tree's hop count is
# 2 x the length of a XOR b; a hypercube's e-cube route from a XOR k to b XOR k is the route from
# a to b with every node XOR k; a ring (or a torus of one dimension) of exactly P nodes is the same
# seen from every node. A mesh has edges, a bus one shared medium: neither.
GROUPS_OF = {"crossbar": ("shift", "xor"), "direct": ("shift", "xor"), "fat-tree": ("xor",),
             "hypercube": ("xor",), "ring": ("shift",), "torus": ("shift",)}
_LABEL = re.compile(r"\brank (\d+)\b")  # a process label in a wait's text (ops.label)


class SymmetryBroken(Exception):
    """The symmetry does not hold (or cannot be shown) for this event: predict every process."""


def eligible(engine, options) -> tuple[tuple, frozenset, bool, frozenset] | None:
    """(the symmetries the machine allows, the program's rank-derived names, whether the machine
    is the same under any renaming, the branches on the rank that split classes), or None when
    rank symmetry cannot be used here."""
    if not options.symmetry or options.trace or engine.record_messages or engine.symbolic or options.demand \
            or options.strict or options.leftovers_only or not options.contention or options.placement:
        return None
    if engine.host_prog is not None or engine.node_prog is None or engine.track_payloads:
        return None
    n = engine.nprocs
    mapping = engine.mapping
    if n < 2 or any(p.sau.id != mapping.compute.id or (p.node or 0) != p.index for p in mapping.procs):
        return None
    params = mapping.cube_params
    if params.switching != CIRCUIT or params.packet is not None:
        return None
    topo = mapping.topology
    groups = GROUPS_OF.get(topo.kind, ())
    if topo.kind == "ring" and topo.nodes != n or topo.kind == "torus" and tuple(topo.shape) != (n,):
        groups = ()
    if n & (n - 1):  # XOR maps 0..P-1 onto itself only when P is a power of two
        groups = tuple(g for g in groups if g != "xor")
    if not groups:
        return None
    # branches on the rank split the ranks into classes (symmetry_classes.py)
    tainted, conds, reason = rank_branches(engine.node_prog, True)
    return None if reason is not None else (groups, tainted, topo.kind in ("crossbar", "direct"), conds)


class Symmetry:
    """The symmetry of one prediction: which one (decided by the first partner pattern), the
    partner patterns and collectives checked so far, and the renaming of the results."""

    def __init__(self, nprocs: int, groups: tuple, tainted: frozenset, functions: dict | None,
                 mixed: bool = False, partition: Partition | None = None, branches: frozenset = frozenset()):
        self.n = nprocs
        self.groups = groups  # candidates, until the first partner pattern decides
        self.group: str | None = None  # the symmetry of the program's own partners
        # several classes (symmetry_classes.py): each member is its representative shifted (XOR)
        # (one class: under the machine's first symmetry, which a branch's split keeps)
        self.parts = partition if partition is not None else Partition.one(nprocs, groups[0])
        self.multi = self.parts.k > 1
        self.finer: Partition | None = None  # a finer partition found by the partners, not yet used
        self.branches = branches  # ids of the Condt AAUs whose conditions read the rank
        if self.multi:
            self.group = self.parts.group.kind
            self.links, self.logs = Links(self.parts), Logs(self.parts)
        # A crossbar is the same under any renaming of its nodes: there a collective's steps may
        # follow another symmetry than the program's partners (an allreduce's recursive doubling,
        # XOR, beside a ring's shifts), each message renamed by its own (``Op.group``).
        self.mixed = mixed
        self.coll_groups: dict[int, str] = {}  # collective AAU id -> the symmetry of its steps
        self._until: dict[str, float] = {}  # per symmetry: when its last message arrives
        self.tainted = tainted
        self.functions = functions
        self._patterns: dict = {}  # partner as an expression of the rank -> its values' group
        # partner (an expression of the rank) -> its value at every rank; handed on to a restart
        # (the same program and COMM_WORLD: the same values)
        self.values: dict = {}
        self._steps: dict = {}  # collectives whose steps were checked -> their own symmetry
        self._routes: dict = {}  # route (of rank 0's messages) -> the same with links per orbit
        self._seqs: dict[int, list] = {}  # Seq id -> its assignments of rank-derived names

    def note(self) -> str:
        if self.multi:
            sizes = ", ".join(_ranks(self.parts, c) for c in range(self.parts.k))
            how = "renamed by XOR (rank x seen from member m is x XOR m XOR the lowest)" if self.group == "xor" \
                else "shifted"
            return (f"rank symmetry: the {self.n} processes form {self.parts.k} classes ({sizes}) whose members "
                    f"behave like their lowest rank {how}; one process per class was interpreted and its "
                    "figures stand for its class (--exact or --no-symmetry interprets each)")
        words = {"shift": "rank r's partners are those of rank 0 shifted by r",
                 "xor": "rank r's partners are those of rank 0 XOR r", None: "no point-to-point partners"}
        how = words[self.group]
        if set(self.coll_groups.values()) - {self.group}:
            how += "; " + words[next(iter(set(self.coll_groups.values()) - {self.group}))] + " in collectives"
        return (f"rank symmetry: the {self.n} processes behave alike ({how}); rank 0 was interpreted and "
                "its figures stand for every process (--exact or --no-symmetry interprets each)")

    @staticmethod
    def broken(reason: str) -> SymmetryBroken:
        return SymmetryBroken(reason)

    # -- the group ------------------------------------------------------------------------------
    def image(self, m: int, r: int, group: str | None = None) -> int:
        """g_m(r): where the symmetry that takes rank 0 to rank m takes rank r."""
        return (r ^ m) if (group or self.group) == "xor" else (r + m) % self.n

    def incoming(self, q: int, group: str | None = None) -> int:
        """The rank whose message reaches rank 0 when each rank m sends to g_m(q)."""
        return q if (group or self.group) == "xor" else (-q) % self.n

    def _decide(self, values: list[int], what: str) -> None:
        """The program's symmetry, decided by its first partner pattern (``values``: the partner
        on every rank), which every later one must follow."""
        fits = [g for g in ((self.group,) if self.group is not None else self.groups) if self._fits(g, values, what)]
        if not fits:
            raise SymmetryBroken(f"{what}: the partners are not one pattern seen from every process")
        self.group = fits[0]

    def _fits(self, group: str, values: list[int], what: str) -> bool:
        n = self.n
        if any(not (isinstance(v, int) and 0 <= v < n) for v in values):
            raise SymmetryBroken(f"{what}: not a process on every rank")
        if group == "xor":
            return all(v ^ r == values[0] for r, v in enumerate(values))
        return all((v - r) % n == values[0] % n for r, v in enumerate(values))

    # -- partners -----------------------------------------------------------------------------
    def check_partner(self, chain, expr, value) -> None:
        """A point-to-point partner on rank 0 (``value``, before MPI_ANY_SOURCE / MPI_PROC_NULL are
        read): the same expression on every rank must give its image under the symmetry."""
        key = ("symmetry", id(expr))
        if key in chain.memo:
            return
        if not (0 <= value < self.n or value == NULL):
            raise SymmetryBroken("a wildcard or host partner")
        e = self.as_rank_function(chain, expr)
        if e is None:
            raise SymmetryBroken("a partner whose value on other ranks is not known")
        mine = int(self.parts.class_of[chain.index])
        if (e, mine) not in self._patterns:
            values = self.values.get(e)
            if values is None:  # one evaluation per expression, for every class and restart
                values = self.values[e] = at_every_rank(e, self.n, self.functions)
            if values is None:
                raise SymmetryBroken("a partner that cannot be evaluated on every rank")
            if values[chain.index] != int(value):
                raise SymmetryBroken("a partner whose value on its process differs from its rank function")
            if self.multi:
                self._classes_follow(values, chain.index)
            else:
                try:
                    self._decide(values, "a partner")
                except SymmetryBroken:  # not one pattern: perhaps one per class of ranks
                    self._classes_follow(values, chain.index)
            self._patterns[(e, mine)] = True
        names = chain.names_of(expr)
        if names is None:
            raise SymmetryBroken("a partner whose names cannot be followed")
        chain.remember(key, True, names)

    def _classes_follow(self, values: list[int], rep: int) -> None:
        """Several classes: every member of a class has its representative's partner moved by the
        classes' symmetry (the same offset, or MPI_PROC_NULL alike); else the classes split by it
        (a restart). Only the class of the representative ``rep`` is decided: the names the
        partner reads have its values, which another class's branches on the rank may have set
        otherwise. The first split chooses the symmetry (shift or XOR, as the machine allows;
        docs/performance.md, "Classes on a hypercube"): the one that leaves the fewest classes."""
        base = self._base()
        members = base.mask(int(base.class_of[rep])) if self.branches else np.ones(self.n, dtype=bool)
        v = np.asarray(values)[members]  # the other ranks may not even reach this partner
        if np.any((v != NULL) & ((v < 0) | (v >= self.n))):
            raise SymmetryBroken("a partner: the partners are not one pattern seen from every process")
        mine = np.where(members, values, NULL)
        chosen = self.multi or self.finer is not None or self.group is not None
        bases = [base] if chosen else [Partition.one(self.n, g) for g in self.groups]
        best = None
        for b in bases:
            finer = self._refined(b, np.where(members, b.group.signature(mine), -1), rep)
            if best is None or (finer or b).k < (best[1] or best[0]).k:
                best = (b, finer)
        if best[1] is not None:
            self.finer = best[1]

    def _base(self) -> Partition:
        """The partition splits refine: the pending finer one, the classes in use, or (one class
        so far) one class under the program's symmetry."""
        if self.finer is not None or self.multi or self.group is None:
            return self.finer or self.parts
        return Partition.one(self.n, self.group)

    def _refined(self, base: Partition, by, rep: int) -> Partition | None:
        return base.refine(by, only=[int(base.class_of[rep])] if self.branches else None)

    def _split(self, by, rep: int) -> None:
        """Split the class of rank ``rep`` by ``by`` (a value per rank); with no branch on the rank
        every rank's value is right, and every class splits by it. The restart waits for the
        representative's next message (or the end): the splits it meets until then are made in
        the same restart."""
        finer = self._refined(self._base(), by, rep)
        if finer is not None:
            self.finer = finer

    def check_branch(self, chain, a) -> None:
        """A branch on the rank (``branches``), about to be decided by a representative: every
        member of its class must take the same branch, else the class splits by the branch taken."""
        key = ("symmetry", -1 - a.id)
        if key in chain.memo:
            return
        taken = np.full(self.n, len(a.branches))  # no branch taken
        open_ = np.ones(self.n, dtype=bool)
        names: set = set()
        for j, b in enumerate(a.branches):
            if b.cond is None:
                taken[open_] = j
                break
            e = self.as_rank_function(chain, b.cond)
            values = None if e is None else at_every_rank(e, self.n, self.functions)
            got = chain.names_of(b.cond)
            if values is None or got is None:
                raise SymmetryBroken(f"{a.loc}: a branch on the rank whose condition is not known on every rank")
            hit = open_ & (np.asarray(values) != 0)
            taken[hit] = j
            open_ &= ~hit
            names |= got
        self._split(taken, chain.index)
        chain.remember(key, True, names)

    def split_pending(self) -> None:
        """Restart now if a partner split the classes (``_classes_follow``)."""
        if self.finer is not None:
            raise ClassesSplit(self.finer, "a partner whose offset differs within a class")

    def as_rank_function(self, chain, expr):
        """``expr`` as an expression of the rank alone: rank-derived names replaced by their own
        rank functions (``assigned``), every other name by its value (the same on every rank)."""
        if isinstance(expr, (int, float)):
            return S.sympy.Integer(int(expr)) if float(expr).is_integer() else S.sympy.Float(expr)
        subs = {}
        for sym in expr.free_symbols:
            name = sym.name
            if name == "__rank":
                subs[sym] = S.RANK
            elif name in self.tainted:
                fn = _scoped(chain, name)
                if fn is None:
                    return None
                subs[sym] = fn
            else:
                value = chain.try_eval(sym)
                if value is None:
                    return None
                subs[sym] = value
        return expr.xreplace(subs)

    def assigned(self, chain, a) -> None:
        """A Seq assigned its names: note each rank-derived one's rank function beside its value."""
        defs = self._seqs.get(a.id)
        if defs is None:
            defs = self._seqs[a.id] = [(n, e) for n, e in a.defs if n in self.tainted]
        for name, expr in defs:
            fn = None if expr is None else self.as_rank_function(chain, expr)
            frame = chain.frames[-1]
            scope = frame if name in frame or name not in chain.globals else chain.globals
            scope["\0" + name] = fn

    # -- the network and collectives ------------------------------------------------------------
    def route(self, r, group: str | None):
        """Rank 0's route with each link replaced by its orbit: the state of the link (a, b) is
        that of every image of it, and two links of one orbit on a route would be used by the
        images of the same message at the same time."""
        self.split_pending()
        group = group or self.group
        entry = self._routes.get((id(r), group))
        if entry is None:
            orbits = tuple(self._orbit(link, group) for link in r.links)
            if len(set(orbits)) != len(orbits):
                raise SymmetryBroken("a route on which the images of one message would meet")
            entry = self._routes[(id(r), group)] = (r._replace(links=orbits), r)  # r kept: its id stays unique
        return entry[0]

    def _orbit(self, link, group: str) -> tuple:
        a, b = link
        if not (isinstance(a, int) and isinstance(b, int)):
            raise SymmetryBroken("a shared network resource")
        return (group, a ^ b) if group == "xor" else (group, (b - a) % self.n)

    def sent(self, group: str | None, start: float, arrival: float) -> None:
        """A message of rank 0 on the wire from ``start`` to ``arrival``. Links are kept per orbit
        of one symmetry: messages renamed by two symmetries (a crossbar's collective beside the
        program's partners) could share a link unseen, so they must not be on the wire together."""
        group = group or self.group
        for other, until in self._until.items():
            if other != group and until > start:
                raise SymmetryBroken("messages of two symmetries on the network at once")
        if arrival > self._until.get(group, float("-inf")):
            self._until[group] = arrival

    def check_steps(self, coll: str, n: int, root: int, size, elements, aau_id: int) -> str:
        """The point-to-point steps of a collective: every rank's are the images of rank 0's under
        one symmetry, returned."""
        if self.multi:  # a collective's steps follow their own pattern, not the classes' shifts
            raise SymmetryBroken(f"{coll}: point-to-point steps with several classes")
        if coll in collectives.BLOCKS:  # each process sends its own counts, which only it has
            raise SymmetryBroken(f"{coll}: every process's own counts")
        key = (coll, n, root, size, elements)
        if key in self._steps:
            return self._record(aau_id, self._steps[key])
        first = list(collectives.steps(coll, 0, n, root, size, elements))
        values = [[] for _ in first]
        for m in range(n):
            steps = list(collectives.steps(coll, m, n, root, size, elements))
            if len(steps) != len(first):
                raise SymmetryBroken(f"{coll}: the processes take different steps")
            for j, ((k0, p0, s0), (k, p, s)) in enumerate(zip(first, steps)):
                if k != k0 or s != s0 or (k == "combine" and p != p0):
                    raise SymmetryBroken(f"{coll}: the processes take different steps")
                values[j].append(p)
        # one symmetry for all its steps: the program's, or on a crossbar any the machine allows
        groups = list(self.groups if self.mixed or self.group is None else (self.group,))
        for j, (kind, _, _) in enumerate(first):
            if kind != "combine":
                groups = [g for g in groups if self._fits(g, values[j], coll)]
        if not groups:
            raise SymmetryBroken(f"{coll}: the steps are not one pattern seen from every process")
        group = self.group if self.group in groups else groups[0]
        if not self.mixed:
            self.group = group
        self._steps[key] = group
        return self._record(aau_id, group)

    def _record(self, aau_id: int, group: str) -> str:
        """The symmetry a collective AAU's waits are renamed by: one per AAU."""
        if self.coll_groups.setdefault(aau_id, group) != group:
            raise SymmetryBroken("a collective whose steps follow two symmetries")
        return group

    def send_classes(self, p2p, p, op, t: float, blocking: bool, r):
        """Several classes: representative p's message (route ``r``) stands for its class's images;
        it reaches each representative that hears its class at this offset, as coming from that
        representative's own rank minus the offset (``p2p``: the engine's PointToPoint)."""
        self.split_pending()
        src, dst = p.chain.index, op.partner
        if op.mode == "sync" or (p2p.strict and op.mode == "standard" and not r.static and not op.internal):
            raise SymmetryBroken("a synchronous (rendezvous) send")
        receivers = self.logs.receivers(int(self.parts.class_of[src]), self.parts.group.offset(src, dst))
        pool = p2p.net.pool_used
        if r.static and p2p.contention and any(pool[e] >= r.params.static_buffers for _, e in receivers):
            raise SymmetryBroken("a static buffer pool is full")
        # the links, checked against every class's images: free for every member at ``ready``
        got = self.links.free(src, r.links, t + r.startup, t)
        if isinstance(got, str):
            raise SymmetryBroken(got)
        mine, ready = got
        msg, startup, xmit, f = p2p.transmit(src, dst, op, t, ready, r._replace(links=()))
        self.links.hold(src, mine, msg.arrival, t)
        for sender, e in self.sent_classes(src, dst, op, msg):
            if r.static:
                pool[e] += 1
            p2p._deliver(replace(msg, src=sender, dst=e))
        return p2p._sender_done(p, op, t, startup, xmit, msg, blocking, f)

    def sent_classes(self, rep: int, dst: int, op, msg) -> list[tuple[int, int]]:
        """Several classes: representative ``rep``'s message to ``dst``, logged for the members
        that hear it; returns the (sender, representative) pairs it is delivered to."""
        c, o = int(self.parts.class_of[rep]), self.parts.group.offset(rep, dst)
        self.logs.add(c, o, (op.tag, op.size, msg.t_start, msg.arrival, msg.static, msg.receive, op.aau.id))
        return self.logs.receivers(c, o)

    # -- the results ----------------------------------------------------------------------------
    def represented(self, engine) -> int:
        """The operations of the processes the interpreted ones stood for."""
        if not self.multi:
            return (engine.events + engine.steady.skipped_events) * (self.n - 1)
        sizes, class_of = self.parts.sizes, self.parts.class_of
        return sum((p.events + p.skipped) * (int(sizes[class_of[r]]) - 1) for r, p in engine.procs.items())

    def expand_classes(self, procs: dict, result_procs: list[ProcStats], stats: dict) -> "SymmetricStats":
        """Several classes: every member gets its representative's figures, the partners in its
        waits shifted by its distance to the representative (``procs``: rank -> the interpreted
        process), and its AAU statistics (returned)."""
        self.logs.finish()  # every member heard what its representative did
        class_of, reps, n, g = self.parts.class_of.tolist(), self.parts.reps, self.n, self.parts.group
        kept = {e: procs[e].chain.sym_waits.kept() for e in reps}
        parts = {w: _LABEL.split(w) for e in reps for _, _, w in kept[e]}
        # each representative's figures by field: 65,536 records built directly (copy() costs
        # several times as much)
        rest = [f.name for f in fields(ProcStats) if f.name not in ("index", "label", "sau", "longest_waits")]
        proto = {e: {f: getattr(result_procs[e], f) for f in rest} for e in reps}
        # a class whose waits name no process lists the same waits on every member
        same = {e: heapq.nlargest(LONGEST_WAITS, [x for x, count in kept[e].items() for _ in range(count)])
                for e in reps if all(len(parts[w]) == 1 for _, _, w in kept[e])}
        for m in range(n):
            e = reps[class_of[m]]
            if e in same:
                waits = list(same[e])
            else:
                mine = []
                for (s, a, w), count in kept[e].items():
                    if m != e:
                        w = "".join(x if j % 2 == 0 else f"rank {g.image(int(x), e, m)}"
                                    for j, x in enumerate(parts[w]))
                    mine += [(s, a, w)] * count
                waits = heapq.nlargest(LONGEST_WAITS, mine)
            ps = result_procs[m]
            result_procs[m] = ProcStats(ps.index, ps.label, ps.sau, longest_waits=waits, **proto[e])
        per_class = [{} for _ in reps]
        for (r, aid), s in stats.items():
            per_class[int(class_of[r])][aid] = s
        return SymmetricStats(per_class, n, class_of, list(stats))

    def expand(self, rep: ProcStats, waits: "Waits", procs: list[ProcStats]) -> None:
        """Every process's figures: rank 0's, its waits' partners renamed (``waits``: every wait of
        rank 0 that can be among the longest of some process once renamed)."""
        kept = waits.kept()
        # each distinct text split once into its words and the ranks it names: "message from ", 15
        parts = {w: _LABEL.split(w) for _, _, w in kept}
        for ps in procs:
            m = ps.index
            mine = []
            for (s, a, w), count in kept.items():
                if m:
                    words, g = parts[w], self.coll_groups.get(a)
                    w = "".join(x if k % 2 == 0 else f"rank {self.image(m, int(x), g)}" for k, x in enumerate(words))
                mine += [(s, a, w)] * count
            new = copy(rep)
            new.index, new.label, new.sau = ps.index, ps.label, ps.sau
            new.longest_waits = heapq.nlargest(LONGEST_WAITS, mine)
            procs[m] = new


def _ranks(parts: Partition, c: int) -> str:
    """A class's ranks as text: "0", "2..13" or "5 ranks"."""
    members = [int(r) for r in (parts.mask(c).nonzero()[0])]
    if len(members) == 1:
        return str(members[0])
    if members[-1] - members[0] == len(members) - 1:
        return f"{members[0]}..{members[-1]}"
    return f"{len(members)} ranks"


def _scoped(chain, name: str):
    key = "\0" + name
    frame = chain.frames[-1]
    if key in frame:
        return frame[key]
    return chain.globals.get(key)
