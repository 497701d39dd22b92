"""The three levels of the output module (paper 3.5): AAG, sub-AAG and AAU figures of a run.

The engine records inclusive statistics per (process, AAU): a compound AAU's time contains the
time of the AAUs inside it. Sub-AAG figures are derived here from those records and the AAG's
structure, so that nothing is counted twice (the rules are in docs/output.md):

- the time split (comp / ovh / xmit / wait) of a loop or branch is the split of its direct
  children plus its own remainder (loop control, condition tests) as computation;
- a function's *inclusive* figures are the sum over the call sites that call it (call overhead
  included), or its top-level AAUs for the entry function; its *self* figures are its inclusive
  figures less those of the call sites inside it, so self figures add up to each process's busy time;
- an outermost loop is an Iter AAU with no loop around it in its function;
- a region's figures are the sum of its top-level AAUs (those whose parent is not in the region).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from frontends.aag import AAG, AAU, Call, Condt, Iter

from interp.errors import InputError
from interp.engine.result import CATEGORIES, RunResult


@dataclass
class Figures:
    """A count and the time split of one part of the program on one process (or summed)."""

    count: float = 0
    comp: float = 0.0
    ovh: float = 0.0
    xmit: float = 0.0
    wait: float = 0.0

    @property
    def total(self) -> float:
        return self.comp + self.ovh + self.xmit + self.wait

    def add(self, other: "Figures", sign: float = 1.0, count: bool = True) -> "Figures":
        if count:
            self.count += sign * other.count
        for c in CATEGORIES:
            setattr(self, c, getattr(self, c) + sign * getattr(other, c))
        return self

    def copy(self) -> "Figures":
        return Figures().add(self)

    def clean(self, scale: float) -> "Figures":
        """Zero the rounding residue a subtraction leaves (|x| below 1e-9 of SCALE)."""
        for c in CATEGORIES:
            if abs(getattr(self, c)) <= 1e-9 * abs(scale):
                setattr(self, c, 0.0)
        return self

    def as_dict(self) -> dict:
        return {"total": self.total, **{c: getattr(self, c) for c in CATEGORIES}}


@dataclass
class Row:
    """One function, outermost loop or region, with figures per process and summed."""

    kind: str  # function | loop | region | call (calls made from a --region)
    name: str
    where: str  # file:lines
    per_process: dict = field(default_factory=dict)  # process index -> Figures (self, for functions)
    inclusive: dict = field(default_factory=dict)  # functions: process index -> inclusive Figures
    aau_id: int | None = None
    function: str | None = None

    @property
    def summed(self) -> Figures:
        out = Figures()
        for f in self.per_process.values():
            out.add(f)
        return out

    @property
    def summed_inclusive(self) -> Figures:
        out = Figures()
        for f in self.inclusive.values():
            out.add(f)
        return out


@dataclass
class SubAAG:
    functions: list[Row]
    loops: list[Row]
    regions: list[Row]
    region: str | None = None  # the --region these rows are restricted to


def _loc(a: AAU) -> str:
    return str(a.loc) if a.loc else ""


class Structure:
    """Lexical structure of the AAGs: parents, functions, call sites, regions (by AAU id)."""

    def __init__(self, programs: list[AAG]):
        self.programs = programs
        self.aau: dict[int, AAU] = {}
        self.parent: dict[int, int | None] = {}
        self.children: dict[int, list[int]] = {}
        self.fn_of: dict[int, tuple] = {}  # aau id -> (program file, function name)
        self.functions: dict[tuple, object] = {}  # key -> frontends Function (None: body not in the AAG)
        self.entries: set[tuple] = set()
        self.top: dict[tuple, list[int]] = {}  # function -> ids of its top-level AAUs
        self.sites_to: dict[tuple, list[int]] = {}  # function -> call sites that call it
        self.sites_in: dict[tuple, list[int]] = {}  # function -> call sites inside it
        self.program_of: dict[int, AAG] = {}
        self.regions: dict[str, list] = {}  # region name -> [(program, Loc)]
        for prog in programs:
            for name, fn in prog.functions.items():
                key = (prog.file, name)
                self.functions[key] = fn
                self.top[key] = [a.id for a in fn.body]
                self.sites_in.setdefault(key, [])
                for a in fn.body:
                    self._walk(a, None, key, prog)
            self.entries.add((prog.file, prog.entry))
            for name, loc in prog.regions.items():
                self.regions.setdefault(name, []).append((prog, loc))

    def _walk(self, a: AAU, parent: int | None, key: tuple, prog: AAG) -> None:
        self.aau[a.id] = a
        self.parent[a.id] = parent
        self.fn_of[a.id] = key
        self.program_of[a.id] = prog
        kids = [c for body in a.bodies() for c in body]
        self.children[a.id] = [c.id for c in kids]
        if isinstance(a, Call):
            callee = (prog.file, a.callee)
            self.functions.setdefault(callee, None)  # a costed call of a function with no body here
            self.sites_to.setdefault(callee, []).append(a.id)
            self.sites_in[key].append(a.id)
        for c in kids:
            self._walk(c, a.id, key, prog)

    def fn_name(self, key: tuple) -> str:
        """A function's name, with its file when two programs define the same name."""
        if sum(1 for k in self.functions if k[1] == key[1]) > 1:
            return f"{key[1]} ({key[0].rsplit('/', 1)[-1]})"
        return key[1]

    def fn_where(self, key: tuple) -> str:
        fn = self.functions.get(key)
        return str(fn.loc) if fn is not None and getattr(fn, "loc", None) else "-"

    # -- regions ---------------------------------------------------------------------------------
    def check_region(self, name: str) -> None:
        if name not in self.regions:
            known = ", ".join(sorted(self.regions)) or "none: annotate one with '#pragma interp region NAME'"
            raise InputError(f"--region {name}: the program has no region of that name (its regions: {known})")

    def in_region(self, aau_id: int, name: str) -> bool:
        """Whether the AAU lies in region NAME (its innermost region, or one nested in NAME)."""
        a = self.aau.get(aau_id)
        if a is None or a.region is None:
            return False
        if a.region == name:
            return True
        prog = self.program_of[aau_id]
        outer = prog.regions.get(name)
        inner = prog.regions.get(a.region)
        return bool(outer and inner and outer.file == inner.file
                    and outer.first <= inner.first and inner.last <= outer.last)

    def region_tops(self, name: str) -> list[int]:
        """The AAUs of region NAME whose parent is not in it: summing them counts each time once."""
        return [i for i in self.aau if self.in_region(i, name)
                and (self.parent[i] is None or not self.in_region(self.parent[i], name))]

    def outermost_loops(self, within: str | None = None) -> list[int]:
        out = []
        for i, a in self.aau.items():
            if not isinstance(a, Iter) or (within is not None and not self.in_region(i, within)):
                continue
            p = self.parent[i]
            while p is not None and not isinstance(self.aau[p], Iter):
                p = self.parent[p]
            if p is None or (within is not None and not self.in_region(p, within)):
                out.append(i)
        return out


class Levels:
    """Per-process figures of a run, derived without double counting."""

    def __init__(self, result: RunResult, structure: Structure):
        self.r = result
        self.s = structure
        self._memo: dict = {}
        self._file_of: dict[int, str] = {}  # process index -> file of the program it runs
        for (pi, aid) in result.aaus:
            prog = structure.program_of.get(aid)
            if prog is not None:
                self._file_of.setdefault(pi, prog.file)

    def aau(self, proc: int, aau_id: int) -> Figures:
        """Inclusive figures of one AAU on one process; loops' and branches' splits from their children."""
        key = (proc, aau_id)
        got = self._memo.get(key)
        if got is not None:
            return got
        st = self.r.aaus.get(key)
        a = self.s.aau.get(aau_id)
        if st is None:
            out = Figures()
        elif isinstance(a, (Iter, Condt)):
            # The engine's own split of an interpreted loop or branch may count its loop-control
            # time more than once; the children's splits plus the remainder do not.
            out = Figures(st.executions)
            inner = 0.0
            for c in self.s.children[aau_id]:
                f = self.aau(proc, c)
                out.add(f, count=False)
                inner += f.total
            out.comp += st.total - inner
            out.clean(st.total)
        else:
            out = Figures(st.executions, **{c: getattr(st, c) for c in CATEGORIES})
        self._memo[key] = out
        return out

    def _sum(self, proc: int, ids) -> Figures:
        out = Figures()
        for i in ids:
            out.add(self.aau(proc, i), count=False)
        return out

    def procs_running(self, key: tuple) -> list[int]:
        """Processes that run the program the function KEY belongs to (one program per process)."""
        return [p for p, f in sorted(self._file_of.items()) if f == key[0]]

    def function(self, key: tuple) -> Row:
        row = Row("function", self.s.fn_name(key), self.s.fn_where(key), function=key[1])
        entry = key in self.s.entries
        for p in self.procs_running(key):
            if entry:
                incl = self._sum(p, self.s.top[key])
                incl.count = 1
            else:
                incl = self._sum(p, self.s.sites_to.get(key, []))
                incl.count = sum(self.aau(p, i).count for i in self.s.sites_to.get(key, []))
            if incl.count == 0 and incl.total == 0:
                continue
            own = incl.copy().add(self._sum(p, self.s.sites_in.get(key, [])), sign=-1, count=False)
            own.clean(incl.total)
            row.inclusive[p] = incl
            row.per_process[p] = own
        return row

    def loop(self, aau_id: int) -> Row:
        a = self.s.aau[aau_id]
        row = Row("loop", a.label, _loc(a), aau_id=aau_id, function=a.function)
        for p in range(len(self.r.procs)):
            if (p, aau_id) in self.r.aaus:
                row.per_process[p] = self.aau(p, aau_id)
        return row

    def region(self, name: str) -> Row:
        tops = self.s.region_tops(name)
        where = ", ".join(str(loc) for _, loc in self.s.regions.get(name, []))
        row = Row("region", name, where)
        # Entries: executions of the region's first top-level AAU in source order.
        first = min(tops, key=lambda i: (self.s.aau[i].loc.first if self.s.aau[i].loc else 0, i), default=None)
        for p in range(len(self.r.procs)):
            if not any((p, i) in self.r.aaus for i in tops):
                continue
            f = self._sum(p, tops)
            f.count = self.aau(p, first).count if first is not None else 0
            row.per_process[p] = f
        return row

    def calls_from_region(self, name: str) -> list[Row]:
        """Per called function: the inclusive figures of the call sites inside region NAME."""
        by_callee: dict[tuple, list[int]] = {}
        for i, a in self.s.aau.items():
            if isinstance(a, Call) and self.s.in_region(i, name):
                by_callee.setdefault((self.s.program_of[i].file, a.callee), []).append(i)
        rows = []
        for key, sites in by_callee.items():
            row = Row("call", self.s.fn_name(key), self.s.fn_where(key), function=key[1])
            for p in range(len(self.r.procs)):
                if any((p, i) in self.r.aaus for i in sites):
                    f = self._sum(p, sites)
                    f.count = sum(self.aau(p, i).count for i in sites)
                    row.per_process[p] = f
            rows.append(row)
        return rows

    def sub_aag(self, region: str | None = None) -> SubAAG:
        if region is not None:
            self.s.check_region(region)
            functions = self.calls_from_region(region)
            regions = [self.region(region)]
        else:
            functions = [self.function(k) for k in self.s.functions]
            regions = [self.region(n) for n in self.s.regions]
        loops = [self.loop(i) for i in self.s.outermost_loops(region)]
        key = lambda row: -row.summed.total  # noqa: E731
        return SubAAG(sorted([f for f in functions if f.per_process], key=key),
                      sorted([l for l in loops if l.per_process], key=key),
                      sorted(regions, key=key), region)


def last_process(result: RunResult, n: int = 3):
    """The process that finishes last and its N longest waits: [(seconds, aau id, "Class file:lines",
    what, times)], equal waits (same length, AAU and partner: one per loop iteration) counted once."""
    last = max(result.procs, key=lambda p: p.end)
    info = result.aau_info or {}
    grouped: dict = {}
    for sec, aid, what in last.longest_waits:
        key = (round(sec, 12), aid, what)
        grouped[key] = grouped.get(key, 0) + 1
    # equal waits in the order of their AAU and text, not of the heap they were kept in (rank
    # symmetry keeps them otherwise: engine/symmetry.py)
    waits = sorted(grouped.items(), key=lambda kv: (-kv[0][0], kv[0][1], kv[0][2]))[:n]
    out = []
    for (sec, aid, what), times in waits:
        cls, loc, _ = info.get(aid, ("AAU", f"#{aid}", ""))
        out.append((sec, aid, f"{cls} {loc}", what, times))
    return last, out


def idle(result: RunResult, p) -> float:
    """Time a process is not running within the predicted time: before its start and after its end."""
    return result.total - (p.end - p.start)


def aau_rows(result: RunResult, structure: Structure | None = None, region: str | None = None,
             top: int | None = None):
    """AAU statistics merged over processes, by total time; restricted to REGION if given."""
    rows = result.aau_totals()
    if region is not None:
        if structure is None:
            raise InputError("--region needs the program's structure")
        structure.check_region(region)
        rows = [s for s in rows if structure.in_region(s.aau_id, region)]
    return rows, (rows[:top] if top else rows)
