"""The communicators of a run (MPI 4.1 chapters 7 and 8): who belongs to each, in which rank order,
and the Cartesian topology of those that have one.

A communicator the program creates (MPI_Comm_split, MPI_Comm_dup, MPI_Cart_create, MPI_Cart_sub:
SyncSeq AAUs with ``creates``) is collective over its parent: every member brings its part (a
color and key, the grid it asks for), the members exchange them, and each gets the handle of its
new communicator in the variable the call names. interp costs that exchange as an allgather of
8 bytes per process over the parent (MPICH exchanges each process's color and key this way; the
paper gives no figure for communicator creation; docs/model.md). The ranks of a new communicator
follow the parent's (key, then parent rank for a split); MPI_Cart_create keeps the parent's order
(``reorder`` is allowed, not required, to renumber; MPICH does not).

The values a program reads from a communicator (frontends/aag/communicators.py) are evaluated here:
``functions`` gives their numeric bodies to the engine's compiled expressions.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from frontends.aag.communicators import (COMM_NULL, COMM_SELF, COMM_WORLD, FIRST_CREATED, FIRST_GROUP, GROUP_EMPTY,
                                        PROC_NULL, UNDEFINED)

from interp.errors import InputError

EXCHANGE_BYTES = 8.0  # per process: a color and a key (two C ints)


@dataclass
class Communicator:
    handle: int
    members: tuple[int, ...]  # process indices, by rank in the communicator
    dims: tuple[int, ...] = ()  # Cartesian topology (empty: none)
    periods: tuple[bool, ...] = ()
    index: dict[int, int] = field(default_factory=dict)  # process index -> rank

    def __post_init__(self):
        self.index = {p: r for r, p in enumerate(self.members)}

    @property
    def size(self) -> int:
        return len(self.members)

    def coords(self, rank: int) -> list[int]:
        """Row-major coordinates of ``rank`` (MPI 4.1 section 8.5.1)."""
        out = []
        for d in reversed(self.dims):
            out.append(rank % d)
            rank //= d
        return out[::-1]

    def rank_at(self, coords) -> int:
        rank = 0
        for c, d, periodic in zip(coords, self.dims, self.periods):
            if periodic:
                c %= d
            elif not 0 <= c < d:
                return PROC_NULL
            rank = rank * d + c
        return rank


class Communicators:
    """Every communicator of one run, by handle; MPI_COMM_WORLD is None to callers (no lookup)."""

    def __init__(self, nprocs: int):
        self.nprocs = nprocs
        self.world = Communicator(COMM_WORLD, tuple(range(nprocs)))
        self.by_handle: dict[int, Communicator] = {}
        self.next_handle = FIRST_CREATED
        self.parts: dict = {}  # creation key -> {process index: its part}
        self.results: dict = {}  # creation key -> {process index: new handle}
        # Groups (MPI 4.1 section 7.3): members (process indices, in group rank order) by handle;
        # the same members make the same handle on every process (a group is a local object in
        # MPI, but every process that builds the same list means the same group)
        self.groups: dict[int, tuple[int, ...]] = {GROUP_EMPTY: ()}
        self.group_handles: dict[tuple[int, ...], int] = {(): GROUP_EMPTY}

    def get(self, handle, me: int) -> Communicator:
        h = int(handle)
        if h == COMM_WORLD:
            return self.world
        if h == COMM_SELF:
            return Communicator(COMM_SELF, (me,))
        comm = self.by_handle.get(h)
        if comm is None:
            what = "MPI_COMM_NULL" if h == COMM_NULL else f"the value {h}"
            raise ValueError(f"{what} is not a communicator of this process (a process outside the "
                             "communicator, or a communicator used before it was created?)")
        return comm

    def _cart(self, handle) -> Communicator:
        comm = self.by_handle.get(int(handle))
        if comm is None or not comm.dims:
            raise ValueError("a Cartesian topology call on a communicator that has none (create it "
                             "with MPI_Cart_create)")
        return comm

    # -- the values programs read (frontends/aag/communicators.py) ------------------------------
    def functions(self) -> dict:
        def comm_rank(h, p):
            return self.get(h, int(p)).index.get(int(p), UNDEFINED)

        def comm_size(h, n):
            return self.get(h, 0).size if int(h) != COMM_WORLD else n

        def world_rank(h, r):
            r = int(r)
            if r < 0 or int(h) == COMM_WORLD:
                return r  # MPI_ANY_SOURCE, MPI_PROC_NULL
            comm = self.get(h, 0)
            if int(h) == COMM_SELF or r >= comm.size:
                raise ValueError(f"rank {r} is not in the communicator (size {comm.size})")
            return comm.members[r]

        def cart_shift(h, p, direction, disp):
            comm = self._cart(h)
            d = int(direction)
            if not 0 <= d < len(comm.dims):
                raise ValueError(f"MPI_Cart_shift direction {d} of a {len(comm.dims)}-dimensional grid")
            if int(p) not in comm.index:
                return PROC_NULL
            coords = comm.coords(comm.index[int(p)])
            coords[d] += int(disp)
            return comm.rank_at(coords)

        def cart_coord(h, rank, i):
            comm = self._cart(h)
            if not 0 <= int(rank) < comm.size or not 0 <= int(i) < len(comm.dims):
                raise ValueError(f"MPI_Cart_coords of rank {int(rank)}, dimension {int(i)}: outside the grid")
            return comm.coords(int(rank))[int(i)]

        def cart_rank(h, *coords):
            comm = self._cart(h)
            rank = comm.rank_at([int(c) for c in coords])
            if rank == PROC_NULL:
                raise ValueError(f"MPI_Cart_rank of coordinates {[int(c) for c in coords]}: outside the grid")
            return rank

        return {**self._group_functions(), "CommRank": comm_rank, "CommSize": comm_size, "WorldRank": world_rank,
                "CartShift": cart_shift, "CartCoord": cart_coord, "CartRank": cart_rank,
                "CartDim": lambda h, i: self._cart(h).dims[int(i)],
                "CartPeriod": lambda h, i: int(self._cart(h).periods[int(i)]),
                "CartNdims": lambda h: len(self._cart(h).dims)}

    # -- groups ----------------------------------------------------------------------------------
    def group(self, members) -> int:
        members = tuple(members)
        handle = self.group_handles.get(members)
        if handle is None:
            handle = FIRST_GROUP + len(self.group_handles) - 1
            self.group_handles[members] = handle
            self.groups[handle] = members
        return handle

    def members_of(self, handle) -> tuple[int, ...]:
        members = self.groups.get(int(handle))
        if members is None:
            raise ValueError(f"the value {int(handle)} is not a group (MPI_GROUP_NULL, a freed group or one "
                             "not made yet?)")
        return members

    def _ranks(self, group, ranks, what: str) -> list[int]:
        out = [int(r) for r in ranks]
        bad = [r for r in out if not 0 <= r < len(group)]
        if bad or len(set(out)) != len(out):
            raise ValueError(f"{what}: ranks {out} are not distinct ranks of a group of {len(group)} (0..{len(group) - 1})")
        return out

    def _triplets(self, group, triplets, what: str) -> list[int]:
        out = []
        for first, last, stride in ((int(a), int(b), int(c)) for a, b, c in triplets):
            if stride == 0 or (last - first) * stride < 0:
                raise ValueError(f"{what}: the range ({first}, {last}, {stride}) is empty or has stride 0")
            out.extend(range(first, last + (1 if stride > 0 else -1), stride))
        return self._ranks(group, out, what)

    def _group_functions(self) -> dict:
        """The bodies of the group values (frontends/aag/communicators.py)."""
        def listed(name: str, triplets: bool, keep: bool):
            """MPI_Group_incl / excl (a rank list), range_incl / range_excl (triplets)."""
            def body(g, items):
                group = self.members_of(g)
                ranks = (self._triplets if triplets else self._ranks)(group, items, name)
                if keep:  # in the list's order
                    return self.group([group[r] for r in ranks])
                drop = set(ranks)  # in the group's order
                return self.group([p for r, p in enumerate(group) if r not in drop])
            return body

        def pair(how):
            def body(g1, g2):
                a, b = self.members_of(g1), self.members_of(g2)
                if how == "union":
                    return self.group(a + tuple(p for p in b if p not in a))
                keep = (lambda p: p in b) if how == "intersection" else (lambda p: p not in b)
                return self.group([p for p in a if keep(p)])
            return body

        def rank_in(g, p):
            members = self.members_of(g)
            return members.index(int(p)) if int(p) in members else UNDEFINED

        return {"GroupOf": lambda h, p: self.group(self.get(h, int(p)).members),
                "GroupSize": lambda g: len(self.members_of(g)), "GroupRank": rank_in,
                "GroupIncl": listed("MPI_Group_incl", False, True),
                "GroupExcl": listed("MPI_Group_excl", False, False),
                "GroupRangeIncl": listed("MPI_Group_range_incl", True, True),
                "GroupRangeExcl": listed("MPI_Group_range_excl", True, False),
                "GroupUnion": pair("union"), "GroupIntersection": pair("intersection"),
                "GroupDifference": pair("difference")}

    # -- creation ------------------------------------------------------------------------------
    def bring(self, key, me: int, part) -> None:
        """Process ``me`` arrives at the creation ``key`` with its part."""
        self.parts.setdefault(key, {})[me] = part

    def handle_for(self, key, op: str, parent: Communicator, me: int) -> int:
        """The handle process ``me`` gets from the creation ``key`` (every member has brought its
        part: the exchange has completed)."""
        if key not in self.results:
            parts = self.parts.pop(key)
            if len(parts) != parent.size:
                raise InputError(f"{op}: {len(parts)} of the {parent.size} processes of the communicator "
                                 "took part")
            self.results[key] = getattr(self, f"_{op}")(parent, parts)
        return self.results[key].get(me, COMM_NULL)

    def _new(self, members, dims=(), periods=()) -> int:
        comm = Communicator(self.next_handle, tuple(members), tuple(dims), tuple(periods))
        self.by_handle[comm.handle] = comm
        self.next_handle += 1
        return comm.handle

    def _comm_split(self, parent: Communicator, parts: dict) -> dict:
        groups: dict[int, list] = {}
        for p, (color, key) in parts.items():
            if color != UNDEFINED:
                if color < 0:
                    raise InputError(f"MPI_Comm_split: color {color} on process {p} (colors are >= 0 "
                                     "or MPI_UNDEFINED)")
                groups.setdefault(color, []).append((key, parent.index[p], p))
        out = {}
        for color in sorted(groups):
            members = [p for _, _, p in sorted(groups[color])]
            handle = self._new(members)
            out.update({p: handle for p in members})
        return out

    def _comm_create(self, parent: Communicator, parts: dict) -> dict:
        """MPI_Comm_create: a communicator of the group's members, ranked as in the group; every
        process of the parent passes the same group (MPI 4.1 section 7.4.2), a subgroup of the
        parent's; the others get MPI_COMM_NULL, and so does everyone for an empty group."""
        handles = set(parts.values())
        if len(handles) != 1:
            raise InputError("MPI_Comm_create: the processes of the communicator passed different groups "
                             "(MPI requires the same group on every process)")
        try:
            members = self.members_of(handles.pop())
        except ValueError as exc:
            raise InputError(f"MPI_Comm_create: {exc}") from None
        outside = [p for p in members if p not in parent.index]
        if outside:
            raise InputError(f"MPI_Comm_create: the group has processes {outside} that are not in the communicator")
        if not members:
            return {}
        handle = self._new(members)
        return {p: handle for p in members}

    def _comm_dup(self, parent: Communicator, parts: dict) -> dict:
        handle = self._new(parent.members, parent.dims, parent.periods)
        return {p: handle for p in parent.members}

    def _cart_create(self, parent: Communicator, parts: dict) -> dict:
        dims, periods = parts[parent.members[0]]
        if any(d <= 0 for d in dims):
            raise InputError(f"MPI_Cart_create: dims {list(dims)} (each must be positive: MPI_Dims_create "
                             "fills the zeros)")
        n = 1
        for d in dims:
            n *= d
        if n > parent.size:
            raise InputError(f"MPI_Cart_create: a {'x'.join(map(str, dims))} grid needs {n} processes, the "
                             f"communicator has {parent.size}")
        handle = self._new(parent.members[:n], dims, periods)
        return {p: handle for p in parent.members[:n]}  # the others get MPI_COMM_NULL

    def _cart_sub(self, parent: Communicator, parts: dict) -> dict:
        if not parent.dims:
            raise InputError("MPI_Cart_sub on a communicator without a Cartesian topology")
        remain = parts[parent.members[0]]
        kept = [k for k, r in enumerate(remain) if r]
        groups: dict[tuple, list] = {}
        for rank, p in enumerate(parent.members):
            c = parent.coords(rank)
            groups.setdefault(tuple(c[k] for k, r in enumerate(remain) if not r), []).append(p)
        out = {}
        for color in sorted(groups):
            handle = self._new(groups[color], [parent.dims[k] for k in kept], [parent.periods[k] for k in kept])
            out.update({p: handle for p in groups[color]})
        return out
