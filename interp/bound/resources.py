"""The shared resources of seed 004 (section 2.1: servers with a multiplicity |r|) as interp's
engine records them (EngineOptions.demand): links, the forwarding work of nodes, static buffer
pools and processors; their names in reports, and the contention bound omega (Eq. 4)."""
from __future__ import annotations

from dataclasses import dataclass


def resource_name(key: tuple) -> str:
    """A readable name of an engine resource key."""
    kind = key[0]
    if kind == "link":
        a, b = key[1], key[2]
        if a == "bus":
            return "bus (shared medium)"
        if a == "sau":
            return f"network {b}"
        if a == "link":
            return f"host link ({b})"
        return f"link {a}->{b}"
    if kind == "forward":
        return f"forwarding at node {key[1]}"
    if kind == "pool":
        return f"static buffer pool of process {key[1]}"
    if kind == "cpu":
        return f"processor of {key[1]}"
    return " ".join(map(str, key))


@dataclass
class Demand:
    """delta_m (Eq. 3) of one resource, its multiplicity |r_m| and delta_m / |r_m| (Eq. 4)."""

    key: tuple
    name: str
    delta: object  # seconds (float, or SymTime under --symbolic)
    servers: float

    @property
    def bound(self):
        return self.delta / self.servers if self.servers != 1 else self.delta


def demands(demand: dict, capacity: dict) -> list[Demand]:
    """Every resource with a positive demand, the largest delta / |r| first (ties: by name)."""
    out = [Demand(k, resource_name(k), d, float(capacity.get(k, 1))) for k, d in demand.items()
           if float(d) > 0]
    out.sort(key=lambda x: (-float(x.bound), x.name))
    return out
