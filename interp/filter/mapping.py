"""The machine-specific filter (level-3 parse, paper 3.3.2): the mapping function mu.

mu places every process (and so its AAUs) on an SAU, and every communication edge on a route: the
ordered set of SAUs and links it crosses. Host-node programs put the host on the host SAU (the SRM
on the iPSC/860) and the loaded node program on the compute SAU; a host <-> node message crosses
the SRM-cube link and then the cube's own network from the node the link attaches to.
"""
from __future__ import annotations

from dataclasses import dataclass

from sag.model import SAG, SAU
from sag.parameter import Bound

from interp.errors import InputError
from interp.filter.switching import CIRCUIT, PacketCosts, switching_of
from interp.filter.topology import Topology


# Each process holds a chain, statistics and network queues (about 30 KB): 2**20 of them is tens of
# GB, beyond that MemoryError, not an answer.
MAX_PROCS = 1 << 20


def check_procs(nprocs: int) -> None:
    if nprocs < 1:
        raise InputError("--procs must be at least 1")
    if nprocs > MAX_PROCS:
        raise InputError(f"--procs {nprocs:,}: interp interprets at most {MAX_PROCS:,} processes (each "
                         "has its own chain and queues in memory); predict fewer and extrapolate with "
                         "interp sweep")


@dataclass(frozen=True)
class BufferClass:
    """Costs of one buffer class of a Comm/Sync component (paper Table 3)."""

    startup: float
    per_byte: float
    per_hop: float
    receive: float


@dataclass(frozen=True)
class CommParams:
    static: BufferClass
    dynamic: BufferClass
    static_buffer: float  # bytes; messages up to this size use static buffers
    static_buffers: float  # buffers per node (inf: not limited)
    sync: float
    overlap: float
    collectives: dict  # name -> Parameter (fitted expressions of m and n)
    source: str  # SAU id whose parameters these are
    switching: str = CIRCUIT  # filter.switching: how a message occupies its route
    packet: PacketCosts | None = None  # packet and wormhole switching only


@dataclass(frozen=True)
class Placement:
    index: int
    label: str  # "rank 3" or "host"
    sau: SAU
    node: int | None  # position inside the compute unit (None for the host)


def _params(sau: SAU, bound: Bound, runtime: dict, notes: dict, fallback: "CommParams | None" = None):
    cs = sau.effective("comm_sync")

    def v(key, default=None):
        p = cs.get(key)
        if p is None:
            return default
        env = {n: runtime[n] for n in p.names if n in runtime}
        if p.names - set(env):
            return p  # an expression of m, h or n: evaluated per message
        return p.value(bound, **env)

    def cls(prefix, base: BufferClass | None):
        if not any(k.startswith(prefix + ".") for k in cs):
            return base
        return BufferClass(*(v(f"{prefix}.{k}", getattr(base, k) if base else 0.0)
                             for k in ("startup", "per_byte", "per_hop", "receive")))

    switching, packet = switching_of(sau, cs, v)
    static = cls("static", fallback.static if fallback else None)
    if static is None:
        static = BufferClass(0.0, 0.0, 0.0, 0.0)
        if not fallback:
            notes.setdefault((sau.id, "comm_sync.static"), (
                f"{sau.id} ({sau.name}) gives no communication costs: messages cost 0" if packet is None else
                f"{sau.id} ({sau.name}) gives no call overheads (static.startup, static.receive): 0; "
                "messages cost their packets' transfer and forwarding"))
    dynamic = cls("dynamic", static) or static
    static_buffer = v("static_buffer", float("inf") if "dynamic.startup" not in cs else 0.0)
    return CommParams(
        static=static, dynamic=dynamic,
        static_buffer=static_buffer,
        static_buffers=v("static_buffers", float("inf")),
        sync=v("sync", fallback.sync if fallback else 0.0),
        overlap=v("overlap", 0.0),
        collectives={k.split(".", 1)[1]: p for k, p in cs.items() if k.startswith("collectives.")},
        source=sau.id, switching=switching, packet=packet)


class Mapping:
    def __init__(self, sag: SAG, nprocs: int, host: bool, bound: Bound, notes: dict,
                 placement: dict | None = None):
        """``placement`` (from a --map file): rank or "host" -> SAU id; default: the first
        compute SAU for ranks 0..P-1 and the host SAU for a host program."""
        self.sag = sag
        self.nprocs = nprocs
        self.notes = notes
        self.bound = bound
        check_procs(nprocs)
        placement = dict(placement or {})
        compute = sag.by_role("compute") or [s for s in sag.walk() if not s.is_compound
                                             and s.component("processing").kind != "void"]
        if not compute:
            raise InputError(f"machine {sag.name!r} has no SAU that can run code (role: compute)")
        self.compute = compute[0]
        used: dict[str, int] = {}
        self.procs = []
        runnable: dict[str, SAU] = {}  # checked once per SAU (65,536 ranks on one SAU: once)
        for r in range(nprocs):
            sau_id = placement.get(r, self.compute.id)
            sau = runnable.get(sau_id)
            if sau is None:
                sau = runnable[sau_id] = self._runnable(sau_id, f"rank {r}")
            node = used.get(sau.id, 0)
            if node >= sau.count:
                raise InputError(f"{sau.id} ({sau.name}) has {sau.count} unit(s) but more processes are "
                                 f"mapped to it (rank {r}); use fewer processes or map them elsewhere")
            used[sau.id] = node + 1
            self.procs.append(Placement(r, f"rank {r}", sau, node))
        self.host = None
        self.link = None
        self._params: dict[str, CommParams] = {}
        self._topologies: dict[str, Topology] = {}
        cs = self.compute
        self.topology = self._topology(cs)
        self.cube_params = self._sau_params(cs)
        self.link_params = self.cube_params
        if host:
            if "host" in placement:
                self.host = self._runnable(placement["host"], "the host program")
            else:
                hosts = sag.by_role("host")
                if not hosts:
                    raise InputError(f"this is a host-node program but machine {sag.name!r} has no host "
                                     "SAU (role: host); map it with --map")
                self.host = hosts[0]
            self.procs.append(Placement(nprocs, "host", self.host, None))
            links = [s for s in sag.by_role("link") if self.host.id in s.connects and cs.id in s.connects]
            if links:
                self.link = links[0]
                self.link_params = self._link_params(self.link, self.cube_params)
        self._routes: dict = {}

    # -- SAUs --------------------------------------------------------------------------------
    def _runnable(self, sau_id: str, who: str) -> SAU:
        sau = self.sag.find(sau_id)
        if sau is None:
            raise InputError(f"{who} is mapped to {sau_id!r}, which is not an SAU of {self.sag.name!r}")
        if sau.component("processing").kind == "void" or not sau.effective("processing"):
            raise InputError(f"{who} is mapped to {sau.id} ({sau.name}), which cannot run code (its "
                             "processing component is void or exports no parameters)")
        return sau

    def _topology(self, sau: SAU) -> Topology:
        if sau.id not in self._topologies:
            self._topologies[sau.id] = Topology(sau.setting("comm_sync", "topology"), sau.count,
                                                sau.setting("comm_sync", "shape"))
        return self._topologies[sau.id]

    def _sau_params(self, sau: SAU, fallback: CommParams | None = None) -> CommParams:
        if sau.id not in self._params:
            self._params[sau.id] = _params(sau, self.bound, self.sag.runtime, self.notes, fallback)
        return self._params[sau.id]

    def _link_params(self, link: SAU, fallback: CommParams) -> CommParams:
        cs = link.effective("comm_sync")
        if any(k.startswith(("static.", "dynamic.")) for k in cs):
            return self._sau_params(link, fallback)
        if "bandwidth" in cs:
            bw = cs["bandwidth"]
            value = bw.value(self.bound, **{n: self.sag.runtime[n] for n in bw.names if n in self.sag.runtime})
            self.notes.setdefault((link.id, "comm_sync"), (
                f"{link.id} ({link.name}) gives only a bandwidth: messages across it cost m / bandwidth, "
                "with no startup"))
            zero = BufferClass(0.0, 1.0 / value, 0.0, 0.0)
            return CommParams(zero, zero, float("inf"), float("inf"), fallback.sync, 0.0, {}, link.id)
        self.notes.setdefault((link.id, "comm_sync"), (
            f"{link.id} ({link.name}) exports no message timing: messages across it are costed with "
            f"{fallback.source}'s comm_sync parameters"))
        return fallback

    @property
    def host_index(self) -> int | None:
        return self.nprocs if self.host is not None else None

    # -- routes (mu of the comm/sync edges) ----------------------------------------------------
    def params(self, a: int, b: int) -> CommParams:
        return self._route(a, b)[0]

    def route(self, a: int, b: int) -> tuple[list, int]:
        _, links, hops = self._route(a, b)
        return links, hops

    def _route(self, a: int, b: int):
        key = (a, b)
        if key not in self._routes:
            self._routes[key] = self._compute_route(a, b)
        return self._routes[key]

    def _compute_route(self, a: int, b: int):
        pa, pb = self.procs[a], self.procs[b]
        if pa.sau.id == pb.sau.id:
            topo = self._topology(pa.sau)
            na, nb = pa.node or 0, pb.node or 0
            return self._sau_params(pa.sau), topo.route(na, nb), topo.hops(na, nb)
        h = self.host_index
        if h is not None and h in (a, b) and self.link is not None:
            other = self.procs[b if a == h else a]
            if other.sau.id == self.compute.id:
                # The SRM-cube link attaches to node 0 (the DCM channel); then the cube's network.
                inner = self.topology.route(0, other.node) if a == h else self.topology.route(other.node, 0)
                link = ("link", "down" if a == h else "up")
                return self.link_params, ([link] + inner if a == h else inner + [link]), 1 + len(inner)
        return self._across(pa.sau, pb.sau)

    def _across(self, sa: SAU, sb: SAU):
        """Units in different parts of the SAG: the message crosses, on each side, the local network
        that leads out of each subtree up to their common ancestor (paper 3.3.1: the route is the
        ordered set of SAUs it crosses). Each network is a store-and-forward stage: startups add."""
        up_a, up_b = self._ancestors(sa), self._ancestors(sb)
        common = next(x for x in up_a if x in up_b)
        top_a, top_b = up_a[up_a.index(common) - 1], up_b[up_b.index(common) - 1]

        def rising(chain):
            out = []
            for child, parent in zip(chain, chain[1:]):
                if parent is common:
                    break
                out += [l for l in self._links_under(parent) if child.id in l.connects]
            return out

        joining = [l for l in self._links_under(common) if top_a.id in l.connects and top_b.id in l.connects]
        crossed = rising(up_a) + joining + list(reversed(rising(up_b)))
        if not crossed:
            raise InputError(f"no network connects {sa.id} and {sb.id} in {self.sag.name!r} (links name the "
                             "SAUs they join with 'connects')")
        stages = [self._link_params(l, self.cube_params) for l in crossed]
        total = BufferClass(sum(_f(s.static.startup) for s in stages), sum(_f(s.static.per_byte) for s in stages),
                            sum(_f(s.static.per_hop) for s in stages), _f(stages[-1].static.receive))
        params = CommParams(total, total, float("inf"), float("inf"), self.cube_params.sync, 0.0, {},
                            "+".join(l.id for l in crossed))
        return params, [("sau", l.id) for l in crossed], 1

    def _ancestors(self, sau: SAU) -> list[SAU]:
        chain = [sau]
        while True:
            parent = self.sag.parent_of(chain[-1].id)
            if parent is None:
                return chain
            chain.append(parent)

    @staticmethod
    def _links_under(parent: SAU) -> list[SAU]:
        return [c for c in parent.children if c.role in ("link", "network")]


def _f(x) -> float:
    """A per-message parameter that is still an expression of m, h or n is not summable here."""
    if isinstance(x, (int, float)):
        return float(x)
    raise InputError(f"a network parameter given as an expression of m, h or n ({x.key}) cannot be "
                     "combined across networks yet")
