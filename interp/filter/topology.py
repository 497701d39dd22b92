"""Routes and hop counts of the machine's interconnect (level-3 parse, paper 3.3.2).

A route is the ordered list of directed links a message holds; its length is the hop count.
E-cube routing on a hypercube corrects address bits from the lowest dimension up; meshes and tori
use dimension-order routing (tori take the shorter way round each ring).
"""
from __future__ import annotations

import math


def _mesh_shape(shape, nodes: int) -> tuple[int, ...]:
    if shape:
        return tuple(shape)
    side = int(math.isqrt(nodes))
    while side > 1 and nodes % side:
        side -= 1
    return (nodes // side, side) if side > 1 else (nodes,)


def _coords(node: int, shape) -> list[int]:
    out = []
    for d in reversed(shape):
        out.append(node % d)
        node //= d
    return list(reversed(out))


def _index(coords, shape) -> int:
    idx = 0
    for c, d in zip(coords, shape):
        idx = idx * d + c
    return idx


class Topology:
    def __init__(self, kind: str | None, nodes: int, shape=None):
        self.kind = kind or "crossbar"
        self.nodes = nodes
        self.shape = _mesh_shape(shape, nodes) if self.kind in ("mesh", "torus") else None

    def route(self, a: int, b: int) -> list[tuple[int, int]]:
        """Directed links from node a to node b."""
        if a == b:
            return []
        k = self.kind
        if k == "hypercube":
            links, cur, diff, bit = [], a, a ^ b, 0
            while diff:
                if diff & 1:
                    nxt = cur ^ (1 << bit)
                    links.append((cur, nxt))
                    cur = nxt
                diff >>= 1
                bit += 1
            return links
        if k in ("mesh", "torus"):
            links, cur = [], _coords(a, self.shape)
            target = _coords(b, self.shape)
            for dim, size in enumerate(self.shape):
                while cur[dim] != target[dim]:
                    delta = target[dim] - cur[dim]
                    if k == "torus" and abs(delta) > size / 2:
                        delta = -delta
                    step = 1 if delta > 0 else -1
                    nxt = list(cur)
                    nxt[dim] = (cur[dim] + step) % size
                    links.append((_index(cur, self.shape), _index(nxt, self.shape)))
                    cur = nxt
            return links
        if k == "ring":
            fwd = (b - a) % self.nodes
            step = 1 if fwd <= self.nodes - fwd else -1
            links, cur = [], a
            while cur != b:
                nxt = (cur + step) % self.nodes
                links.append((cur, nxt))
                cur = nxt
            return links
        if k == "bus":
            return [("bus", "bus")]  # one shared medium
        return [(a, b)]  # crossbar, fat-tree, direct: one hop, no shared links

    def hops(self, a: int, b: int) -> int:
        if a == b:
            return 0
        if self.kind == "fat-tree":
            # Up to the lowest common ancestor and down again in a binary fat tree.
            return 2 * max(1, (a ^ b).bit_length())
        return len(self.route(a, b))
