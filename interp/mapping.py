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

from .errors import InputError
from .topology import Topology


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

    static = cls("static", fallback.static if fallback else None)
    if static is None:
        static = BufferClass(0.0, 0.0, 0.0, 0.0)
        if not fallback:
            notes.setdefault((sau.id, "comm_sync.static"),
                             f"{sau.id} ({sau.name}) gives no communication costs: messages cost 0")
    dynamic = cls("dynamic", static) or static
    static_buffer = v("static_buffer", float("inf") if "dynamic.startup" not in cs else 0.0)
    return CommParams(
        static=static, dynamic=dynamic,
        static_buffer=static_buffer,
        static_buffers=v("static_buffers", float("inf")),
        sync=v("sync", fallback.sync if fallback else 0.0),
        overlap=v("overlap", 0.0),
        collectives={k.split(".", 1)[1]: p for k, p in cs.items() if k.startswith("collectives.")},
        source=sau.id)


class Mapping:
    def __init__(self, sag: SAG, nprocs: int, host: bool, bound: Bound, notes: dict):
        self.sag = sag
        self.nprocs = nprocs
        self.notes = notes
        compute = sag.by_role("compute") or [s for s in sag.walk() if not s.is_compound
                                             and s.component("processing").kind != "void"]
        if not compute:
            raise InputError(f"machine {sag.name!r} has no SAU that can run code (role: compute)")
        self.compute = compute[0]
        if nprocs < 1:
            raise InputError("--procs must be at least 1")
        if nprocs > self.compute.count:
            raise InputError(f"{nprocs} processes asked for, but {self.compute.id} ({self.compute.name}) "
                             f"has {self.compute.count} nodes; use --procs {self.compute.count} or fewer")
        cs = self.compute
        self.topology = Topology(cs.setting("comm_sync", "topology"), cs.count, cs.setting("comm_sync", "shape"))
        self.procs = [Placement(r, f"rank {r}", cs, r) for r in range(nprocs)]
        self.host = None
        self.link = None
        runtime = sag.runtime
        self.cube_params = _params(cs, bound, runtime, notes)
        self.link_params = self.cube_params
        if host:
            hosts = sag.by_role("host")
            if not hosts:
                raise InputError(f"this is a host-node program but machine {sag.name!r} has no host SAU "
                                 "(role: host)")
            self.host = hosts[0]
            self.procs.append(Placement(nprocs, "host", self.host, None))
            links = [s for s in sag.by_role("link") if self.host.id in s.connects and cs.id in s.connects]
            if links:
                self.link = links[0]
                has_timing = any(k.startswith(("static.", "dynamic.")) for k in self.link.effective("comm_sync"))
                if has_timing:
                    self.link_params = _params(self.link, bound, runtime, notes, self.cube_params)
                else:
                    notes.setdefault((self.link.id, "comm_sync"), (
                        f"{self.link.id} ({self.link.name}) exports no message timing: host-node messages "
                        f"are costed with {cs.id}'s comm_sync parameters over the link"))

    @property
    def host_index(self) -> int | None:
        return self.nprocs if self.host is not None else None

    def params(self, a: int, b: int) -> CommParams:
        if self.host is not None and self.nprocs in (a, b):
            return self.link_params
        return self.cube_params

    def route(self, a: int, b: int) -> tuple[list, int]:
        """Links held by a message from process a to process b, and its hop count."""
        h = self.host_index
        if h is not None and h in (a, b):
            other = b if a == h else a
            # The SRM-cube link attaches to node 0 (the DCM channel); then the cube's network.
            inner = self.topology.route(0, self.procs[other].node) if a == h else \
                self.topology.route(self.procs[other].node, 0)
            link = ("link", "down" if a == h else "up")
            return ([link] + inner if a == h else inner + [link]), 1 + len(inner)
        na, nb = self.procs[a].node, self.procs[b].node
        return self.topology.route(na, nb), self.topology.hops(na, nb)
