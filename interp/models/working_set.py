"""The working set of a loop nest: which level of the memory hierarchy serves each array access.

Used by the roofline node model (``interp/roofline.py``) for the innermost loop of a nest when the
machine lists its cache levels (``memory.levels.<name>: {size, bandwidth, write_bandwidth}``,
written by ``interp calibrate``). The rule is the layer condition of Kerncraft (Hammer et al.),
on the access offsets the C frontend records (``Access.index``, affine in the loop variables):

- Accesses of one array with the same derivative in every loop variable form a group (the rows
  ``u[(i-1)*n+j]``, ``u[i*n+j]``, ``u[(i+1)*n+j]`` of a stencil are one group).
- An access reuses data that an access of its group touched earlier: in the same iteration
  (equal offsets: 0 bytes in between), ``k`` iterations of the inner loop earlier (the offsets
  differ by ``k`` strides: ``k`` x the bytes the body touches per iteration), ``m`` iterations of
  an enclosing loop earlier (the offsets differ by ``m`` times the access's derivative in that
  loop's variable), or in the previous iteration of an enclosing loop whose variable its offset
  does not depend on (``b[k*n+j]`` in an ``i`` loop, every array in a time-step loop). The bytes
  touched in between (the reuse distance) is ``k`` or ``m`` times the footprint of one iteration
  of that loop: the sum over groups of the bytes they span in the loops inside it.
- The access is served by the smallest level whose capacity holds its shortest reuse distance;
  with none, by main memory. Sizes may be symbolic (trip counts of ``n``): the choice is then a
  ``Piecewise`` that the engine evaluates per process.
- Cost of one access: from the first level, its element at that level's (read or write)
  bandwidth; from a level further out, the bytes the stream moves per iteration (stride x element
  size, at most one block) at that level's bandwidth. The bandwidths are streaming figures, so a
  stream's hardware prefetching and a store's write-allocate are in them.
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import sympy

from frontends.aag import symexpr as S
from frontends.aag import AAU, Access, Call, Iter, Seq
from frontends.aag.bodies import flat


@dataclass(frozen=True)
class Level:
    name: str
    size: float        # bytes; inf for main memory
    read: float        # bytes per second
    write: float
    # Main memory: the page, and the time of a load (store) that starts a page cold: hardware
    # prefetchers do not cross pages, so a stride of a line or more pays it once a page.
    page: float = 0.0
    cold_read: float = 0.0
    cold_write: float = 0.0
    # The last cache level of a machine whose measured plateau ends before the cache's listed
    # capacity (a last level shared with other tenants' cores): a reuse distance between the two
    # is served in part by this level and in part by main memory, the share log-linear in the
    # distance (``_served``). 0: a sharp edge at ``size``.
    upto: float = 0.0


def enclosing_loops(bodies, functions: dict | None = None) -> dict[int, list[Iter]]:
    """Loop id -> the loops around it, outermost first: in its function, and, with
    ``functions`` (name -> Function), the loops around the calls of that function.

    A loop in a function that a loop of its caller calls (``for (r...) daxpy(n, a, x, y)``)
    touches the same data on every call when the call's arguments do not change from one
    iteration of the caller's loops to the next: its data come from the level that holds one
    call's footprint, not from main memory. Those caller loops are put in front of the chain as
    carriers of reuse only (no loop variable: the callee's offsets do not read the caller's);
    a call with an argument that varies with them (``dot(&a[i*n], x, n)``) or that the frontend
    could not follow is not a reuse, and its callee keeps its own chain."""
    local: dict[int, tuple[str | None, list[Iter]]] = {}
    sites: dict[str, list[tuple[str, list[Iter], Call]]] = {}

    def walk(fn: str | None, aaus: list[AAU], chain: list[Iter]):
        for a in aaus:
            if isinstance(a, Iter):
                local[a.id] = (fn, chain)
                walk(fn, a.body, chain + [a])
            else:
                if isinstance(a, Call) and functions and a.callee in functions and chain:
                    sites.setdefault(a.callee, []).append((fn, chain, a))
                for body in a.bodies():
                    walk(fn, body, chain)

    if functions:
        for name, f in functions.items():
            walk(name, f.body, [])
    else:
        for body in bodies:
            walk(None, body, [])
    outer: dict[str, list[Iter]] = {}

    def around(fn: str | None, seen: frozenset = frozenset()) -> list[Iter]:
        if fn is None or fn not in sites or fn in seen:
            return []
        if fn not in outer:
            outer[fn] = []
            for caller, chain, call in sites[fn]:
                full = around(caller, seen | {fn}) + chain
                names = {S.var(lp.var) for lp in full if lp.var}
                if all(arg is not None and not (arg.free_symbols & names) for arg in call.args):
                    outer[fn] = [dataclasses.replace(lp, var=None) for lp in full]
                    break
        return outer[fn]

    return {lid: around(fn) + chain for lid, (fn, chain) in local.items()}


@dataclass
class _Ref:
    acc: Access
    order: int
    base: sympy.Expr             # offset with the loop variables set to 0
    deriv: tuple                 # derivative in each loop variable, outermost first


def _refs(accesses: list[Access], loops: list[Iter], allowed: set) -> tuple[list[_Ref], list[Access]]:
    """Affine array accesses (with their offsets split) and the rest."""
    syms = [S.var(lp.var) if lp.var else None for lp in loops]
    refs, rest = [], []
    for k, acc in enumerate(accesses):
        if not acc.is_array:
            continue
        idx = acc.index
        if idx is None:
            rest.append(acc)
            continue
        deriv = tuple(sympy.diff(idx, v) if v is not None else sympy.Integer(0) for v in syms)
        base = idx.xreplace({v: 0 for v in syms if v is not None})
        loop_syms = {v for v in syms if v is not None}
        if any(d.free_symbols & loop_syms or not d.free_symbols <= allowed for d in deriv):
            rest.append(acc)  # not affine, or sized by values the walker may not know
            continue
        refs.append(_Ref(acc, k, base, deriv))
    return refs, rest


def _number(e) -> float | None:
    e = sympy.simplify(e)
    return float(e) if e.is_number and e.is_real else None


def max_of(terms):
    """Max of the non-zero terms, unevaluated: sympy's pairwise comparison of Piecewise terms
    is slow and the engine evaluates the expression numerically anyway."""
    terms = [t for t in terms if t != 0]
    if not terms:
        return sympy.Integer(0)
    return terms[0] if len(terms) == 1 else sympy.Max(*terms, evaluate=False)


def _grows_positive(e) -> bool:
    """True if ``e`` is positive when its symbols (sizes) are large: n - 1, 2*n."""
    t = sympy.Symbol("__t", positive=True)
    try:
        lim = sympy.limit(e.xreplace({v: t for v in e.free_symbols}), t, sympy.oo)
    except (NotImplementedError, ValueError, TypeError):
        return False
    return bool(lim.is_extended_positive)


def _sets_stride(outer: Iter, inner: list[Iter]) -> bool:
    """Does ``outer`` change the step of a loop inside it (its variable, or a name its body
    assigns: ``for (i = first; i < size; i += prime)`` with prime found each pass)?"""
    names = {n for a in flat(outer.body) if isinstance(a, Seq) for n, _ in a.defs}
    changed = {S.var(n) for n in names | ({outer.var} if outer.var else set())}
    return any(isinstance(lp.step, sympy.Basic) and lp.step.free_symbols & changed for lp in inner)


class WorkingSet:
    """Memory time of one iteration of an innermost loop, from the levels that serve its accesses."""

    def __init__(self, levels: list[Level], block: float):
        self.levels = sorted(levels, key=lambda lv: lv.size)
        self.block = block
        self._summed: set = set()  # the variables of the loops around the one being costed that are summed

    def time(self, loop: Iter, chain: list[Iter], accesses: list[Access]):
        """(memory time per iteration as a sympy expression, accesses left to the caller)."""
        total, _, rest = self.time_parts(loop, chain, accesses)
        return total, rest

    def time_parts(self, loop: Iter, chain: list[Iter], accesses: list[Access]):
        """(memory time per iteration, the part of it main memory serves, accesses left to the
        caller): the compiled model overlaps main memory's part with the core less than the
        caches' (docs/model.md, "Main memory and the core")."""
        loops = chain + [loop]
        allowed = set()
        for lp in loops:
            for e in (lp.num_iters, lp.lo, lp.step):
                if isinstance(e, sympy.Basic):
                    allowed |= e.free_symbols
        if loop.var is None or loop.num_iters is None or (
                loop.step is not None and not (loop.step.is_number or loop.step.free_symbols <= allowed)):
            return sympy.Integer(0), sympy.Integer(0), accesses
        refs, rest = _refs(accesses, loops, allowed)
        # a step the walker knows when the loop runs (``i += stride``) stays a symbol (_moved)
        step = loop.step if loop.step is not None else sympy.Integer(1)
        groups: dict[tuple, list[_Ref]] = {}
        for r in refs:
            groups.setdefault((r.acc.name, r.deriv), []).append(r)
        # A step read from a loop around that is summed in closed form (IterD) stays a block per
        # access: its exact Min would make that sum one of Min terms (5 times slower to predict).
        self._summed = {S.var(lp.var) for lp in chain if lp.cls != "IterND" and lp.var}
        per_iter = sum((self._new_bytes(g[0], step) for g in groups.values()), sympy.Integer(0))
        # Roofline: each level moves its own streams at its bandwidth, the levels work at once;
        # in the first level loads and stores go through separate ports (they overlap too).
        per_level = [sympy.Integer(0) for _ in self.levels]
        first_stores = sympy.Integer(0)
        for g in groups.values():
            lead = None   # (the group's first access, its reuse distance)
            for r in g:
                dist = self._reuse(r, g, loops, groups, step, per_iter)
                lead = lead or (r, dist)
                parts = self._cost(r, step, dist)
                if r.acc.kind == "store":
                    first_stores += parts[0]
                    parts = [sympy.Integer(0)] + parts[1:]
                    if r is not lead[0] and dist == 0:
                        parts = [p + w for p, w in zip(parts, self._write_back(r, step, lead[1]))]
                for k, part in enumerate(parts):
                    per_level[k] += part
        main = per_level[-1] if self.levels and self.levels[-1].size == float("inf") else sympy.Integer(0)
        return max_of([first_stores, *per_level]), main, rest

    # -- reuse distances ------------------------------------------------------------------------
    def _new_bytes(self, r: _Ref, step):
        """Bytes of data not touched before, per inner iteration, of a group's leading access."""
        return self._moved(r.deriv[-1] * step, r.acc.elem_size)

    def _moved(self, s, elem_size: int):
        """Bytes an access that advances ``s`` elements per iteration brings in: its stride in
        bytes, at most one block (a new line per access beyond)."""
        if s.is_number:
            return sympy.Float(min(abs(float(s)) * elem_size, self.block))
        if not s.free_symbols & self._summed:
            # a stride known when the loop runs (``i += stride``, a sieve's ``m += p`` in a loop
            # over p that is interpreted): its bytes, at most a block
            return sympy.Min(sympy.Abs(s) * elem_size, self.block)
        # a stride read from a loop around that is summed: a block per access, as for a large
        # one; the exact Min would make that closed form a sum of Min terms, 5 times slower
        return sympy.Float(self.block)

    def _span(self, r: _Ref, inner: list[Iter], by_lines: bool = True):
        """Bytes a group touches over the loops ``inner`` (at most one block per access; with
        ``by_lines`` False, the range from its first to its last byte)."""
        if not inner:
            return sympy.Integer(r.acc.elem_size)
        extent, lines = sympy.Integer(1), sympy.Integer(1)
        for lp, d in zip(inner, r.deriv[len(r.deriv) - len(inner):]):
            t = lp.num_iters if lp.num_iters is not None else sympy.Integer(1)
            extent += sympy.Abs(d * (lp.step if lp.step is not None else 1)) * (t - 1)
            lines *= t
        if not by_lines:
            return extent * r.acc.elem_size
        return sympy.Min(extent * r.acc.elem_size, lines * self.block)

    def _reuse(self, r: _Ref, group: list[_Ref], loops: list[Iter], groups, step, per_iter):
        """Shortest reuse distance in bytes, or None (first touch: main memory)."""
        cands = []
        s = r.deriv[-1] * step
        for o in group:
            if o is r:
                continue
            delta = o.base - r.base
            if delta == 0:
                if o.order < r.order:
                    cands.append(sympy.Integer(0))   # the same element, earlier in the body
                continue
            if s != 0:
                k = sympy.simplify(delta / s)
                if k.is_number:
                    if k > 0 and float(k).is_integer():
                        cands.append(k * per_iter)  # the leading access touched it k iterations ago
                elif _grows_positive(k):
                    # k inner iterations ago, k a size: the row above of a stencil, n - 1 elements back
                    cands.append(k * per_iter)
        if s == 0:
            cands.append(sympy.Integer(0))          # invariant in the inner loop: in a register or L1
        n = len(loops)
        for depth in range(n - 2, -1, -1):           # enclosing loops, innermost first
            inner = loops[depth + 1:]
            footprint = sum((self._span(g[0], inner) for g in groups.values()), sympy.Integer(0))
            if _sets_stride(loops[depth], inner):
                # a stride this loop sets (a sieve's m += p): each pass touches other lines of the
                # same range, which was all touched since; the range's bytes, not one pass's lines
                cands.append(sum((self._span(g[0], inner, by_lines=False) for g in groups.values()), sympy.Integer(0)))
                continue
            d = r.deriv[depth]
            if d == 0:
                cands.append(footprint)             # the same data, one iteration of this loop ago
                continue
            for o in group:
                m = _number((o.base - r.base) / d)
                if m is not None and m > 0 and m.is_integer():
                    cands.append(m * footprint)
        if not cands:
            return None
        numeric = [c for c in cands if c.is_number]
        best = min(numeric) if numeric else None
        symbolic = [c for c in cands if not c.is_number]
        if best is not None and best <= self.levels[0].size:
            return best
        return sympy.Min(*(([best] if best is not None else []) + symbolic), evaluate=False)

    def _page_starts(self, s, elem_size: int, store: bool):
        """Per access, what the cold start of each page adds in main memory to a stride of a line
        or more (one access in page/stride starts a page: the prefetcher has no stride for it
        yet), costed at the machine's random-line load (``main.gather``) or store
        (``store_miss``) less the line's streaming time. Measured here (a sieve's passes over
        80 MB): 1.2 ns a store at strides up to 61 bytes, 8.1 ns at strides of 67-8,944."""
        main = self.levels[-1]
        cold = main.cold_write if store else main.cold_read
        if not main.page or not cold or s == 0:
            return sympy.Integer(0)
        extra = cold - self.block / (main.write if store else main.read)
        if extra <= 0:
            return sympy.Integer(0)
        if s.is_number:
            sb = abs(float(s)) * elem_size
            return sympy.Float(min(1.0, sb / main.page) * extra) if sb >= self.block else sympy.Integer(0)
        if s.free_symbols & self._summed:
            return sympy.Integer(0)  # a stride a closed-form sum around varies: left out, as its Min
        sb = sympy.Abs(s) * elem_size
        return sympy.Piecewise((sympy.Min(sb / main.page, 1) * extra, sb >= self.block), (0, True))

    # -- cost ---------------------------------------------------------------------------------
    def _cost(self, r: _Ref, step, dist) -> list:
        """The access's time at each level: its cost at the level that serves it, 0 elsewhere."""
        acc = r.acc
        store = acc.kind == "store"
        s = r.deriv[-1] * step
        moved = self._moved(s, acc.elem_size) if s != 0 else sympy.Integer(acc.elem_size)
        costs = [(sympy.Integer(acc.elem_size) if k == 0 else moved) / sympy.Float(lv.write if store else lv.read)
                 for k, lv in enumerate(self.levels)]
        costs[-1] += self._page_starts(s, acc.elem_size, store)
        return self._served(costs, dist)

    def _write_back(self, r: _Ref, step, dist) -> list:
        """What a store to data its group loaded earlier in the same iteration (``y[i] += a*x[i]``,
        ``z[i] *= c``) adds at the level that served that load (``dist``, the load's reuse
        distance): the dirty line goes back there. The store itself hits in the first level, so
        without this only the load was charged. A level's write stream costs a read for ownership
        and a write-back, so the write-back alone is ``1/write - 1/read`` a byte. Measured on the Zen
        1 VM over 48 MB arrays (read stream 15.3 GB/s, write 8.84): ``z[i] *= c`` 1.02 ns an
        element (0.52 without, 0.90 with), daxpy 1.34-1.73 ns (1.05 without, 1.43 with)."""
        s = r.deriv[-1] * step
        moved = self._moved(s, r.acc.elem_size) if s != 0 else sympy.Integer(r.acc.elem_size)
        costs = [sympy.Integer(0) if k == 0 else moved * sympy.Float(max(0.0, 1 / lv.write - 1 / lv.read))
                 for k, lv in enumerate(self.levels)]
        return self._served(costs, dist)

    def _served(self, costs: list, dist) -> list:
        """``costs`` (one per level) kept at the level that serves a reuse distance ``dist`` (None:
        main memory), 0 at the others; a Piecewise per level when ``dist`` is symbolic."""
        zero = [sympy.Integer(0)] * len(costs)
        if dist is None:
            return zero[:-1] + [costs[-1]]
        last = len(self.levels) - 2  # the last cache level
        edge = self.levels[last] if last >= 0 and self.levels[last].upto > self.levels[last].size else None
        if dist.is_number:
            k = next(k for k, lv in enumerate(self.levels) if float(dist) <= lv.size)
            if edge is not None and k == last + 1 and float(dist) <= edge.upto:
                f = sympy.Float(_blend(float(dist), edge))
                return zero[:last] + [(1 - f) * costs[last], f * costs[-1]]
            return zero[:k] + [costs[k]] + zero[k + 1:]
        out, earlier = [], sympy.false
        for k, lv in enumerate(self.levels):
            here = sympy.true if k == len(self.levels) - 1 else (dist <= lv.size)
            out.append(sympy.Piecewise((0, earlier), (costs[k], here), (0, True), evaluate=False))
            earlier = sympy.Or(earlier, here)
        if edge is not None:  # the blend between the last level's plateau and its listed capacity
            f = sympy.log(dist / sympy.Float(edge.size)) / sympy.Float(_log_span(edge))
            before = sympy.false if last == 0 else dist <= self.levels[last - 1].size
            out[last] = sympy.Piecewise((0, before), (costs[last], dist <= edge.size),
                                        ((1 - f) * costs[last], dist <= edge.upto), (0, True), evaluate=False)
            out[-1] = sympy.Piecewise((0, dist <= edge.size), (f * costs[-1], dist <= edge.upto),
                                      (costs[-1], True), evaluate=False)
        return out


def _log_span(level: Level) -> float:
    return math.log(level.upto / level.size)


def _blend(dist: float, level: Level) -> float:
    """Main memory's share of an access whose reuse distance lies between the last level's
    plateau (``size``) and its listed capacity (``upto``): log-linear, 0 at the plateau's end, 1 at
    the capacity. On the Zen 3 VM (2026-12-02) node_bench's vector read stream ran 38.9 GB/s at
    11.9 MB (the plateau's end), 19.0 at 16.8 MB, 16.0 at 23.7 MB, 14.8 at 32 MiB and 13.5 at
    95 MB; the blend of 35.6 and 12.2 GB/s gives 21.6 and 15.6 at 16.8 and 23.7 MB."""
    return min(1.0, max(0.0, math.log(dist / level.size) / _log_span(level)))
