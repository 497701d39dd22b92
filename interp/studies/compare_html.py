"""``compare --html DIR``: two designs (two different sources) side by side, part by part.

Two designs share no lines, so their differences are taken between the parts that the two
sources have in common by name or by order (docs/report-html.md, "Compare"):

- functions, by name: inclusive time (its call sites' totals, or the entry function's body);
- regions (``#pragma interp region NAME``), by name: the time of their top-level AAUs;
- AAU classes (Seq, IterD, Comm, ...), by class: the self time of all AAUs of the class, so that
  the classes of a design add up to its busy time;
- MPI calls, by routine and then in source order: the k-th MPI_Send of A with the k-th of B.

Every figure is summed over processes, from the designs' full reports (``interp.output.html``,
DIR/pN/A/ and DIR/pN/B/), and each part links to its line in both.
"""
from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

from interp.output.annotated import annotate, self_times
from interp.output.atomic import write_text
from interp.output.html import check_dir, environment, page_names, write_run
from interp.output.levels import Levels, Structure
from interp.studies.whatif import relative

MPI_CALL = re.compile(r"\b(MPI_[A-Za-z_]+)\s*\(", re.IGNORECASE)


class Side:
    """One design's run, with what pairing needs: its structure, levels and its report's pages."""

    def __init__(self, pred, prefix: str):
        self.r = pred.result
        self.s = Structure(pred.programs)
        self.levels = Levels(self.r, self.s)
        self.own = self_times(self.r, self.s)
        self.names = page_names(annotate(self.r, self.s))
        self.prefix = prefix  # the report's directory, relative to index.html
        self.spelling: dict[str, str] = {}  # MPI routine, upper case -> as the source writes it

    def href(self, where: str) -> str | None:
        """file:first[-last] -> the address of that line in this design's report."""
        m = re.match(r"(.*):(\d+)(?:-\d+)?$", where or "")
        if not m or m.group(1) not in self.names:
            for path, page in self.names.items():  # AAU locations name the file as the program does
                if m and Path(path).name == Path(m.group(1)).name:
                    return f"{self.prefix}/{page}#L{m.group(2)}"
            return None
        return f"{self.prefix}/{self.names[m.group(1)]}#L{m.group(2)}"

    def functions(self) -> dict:
        out = {}
        for key in self.s.functions:
            row = self.levels.function(key)
            if row.inclusive:
                out[key[1]] = (row.summed_inclusive.total, self.s.fn_where(key))
        return out

    def regions(self) -> dict:
        return {name: (row.summed.total, row.where) for name in self.s.regions
                if (row := self.levels.region(name)).per_process}

    def classes(self) -> dict:
        sums = defaultdict(float)
        for aid, own in self.own.items():
            a = self.s.aau.get(aid)
            if a is not None:
                sums[a.cls] += own
        return {c: (t, None) for c, t in sums.items()}  # a class has no one line to link to

    def mpi_calls(self) -> dict:
        """(routine, k) -> (total over processes, file:line) of the k-th call of the routine in source order."""
        found = []
        for aid, a in self.s.aau.items():
            m = MPI_CALL.search(a.label or "")
            if m and a.loc is not None and not self.s.children.get(aid):
                found.append((a.loc.file, a.loc.first, aid, m.group(1)))
        out, seen = {}, defaultdict(int)
        totals = {s.aau_id: s.total for s in self.r.aau_totals()}
        for file, line, aid, name in sorted(found):
            seen[name.upper()] += 1  # Fortran's MPI_SEND pairs with C's MPI_Send
            self.spelling.setdefault(name.upper(), name)
            # Named as the AAUs' locations name files (by base name), the link goes to the full path.
            out[(name.upper(), seen[name.upper()])] = (float(totals.get(aid, 0.0)), f"{Path(file).name}:{line}")
        return out


def paired(a: dict, b: dict, sa: Side, sb: Side) -> list[dict]:
    """One row per key of either side: both figures, B - A and the relative change, both links."""
    rows = []
    for key in sorted(set(a) | set(b)):
        ta, wa = a.get(key, (None, None))
        tb, wb = b.get(key, (None, None))
        delta = tb - ta if ta is not None and tb is not None else None
        if delta is not None and abs(delta) <= 1e-9 * max(abs(ta), abs(tb)):
            delta = 0.0  # equal, or the rounding residue of two sums
        rows.append({"key": key, "a": ta, "b": tb, "a_where": wa, "b_where": wb,
                     "a_href": sa.href(wa) if wa else None, "b_href": sb.href(wb) if wb else None,
                     "delta": delta,
                     "relative": relative(ta, tb) if ta is not None and tb is not None else None})
    return rows


def sections(sa: Side, sb: Side) -> list[dict]:
    """The four pairings of docs/report-html.md, each a titled table."""
    mpi = paired(sa.mpi_calls(), sb.mpi_calls(), sa, sb)
    for row in mpi:
        name, k = row["key"]
        row["key"] = f"{sa.spelling.get(name) or sb.spelling.get(name)} #{k}"
    return [
        {"id": "functions", "title": "Functions, paired by name", "col": "function", "what": "inclusive time",
         "rows": paired(sa.functions(), sb.functions(), sa, sb)},
        {"id": "regions", "title": "Regions (#pragma interp region), paired by name", "col": "region",
         "what": "time of the region", "rows": paired(sa.regions(), sb.regions(), sa, sb)},
        {"id": "classes", "title": "AAU classes, paired by class", "col": "class", "what": "self time of the class's AAUs",
         "rows": paired(sa.classes(), sb.classes(), sa, sb)},
        {"id": "mpi", "title": "MPI calls, paired by routine and order in the source", "col": "call",
         "what": "total of the call", "rows": mpi},
    ]


def traced_runs(designs, counts, inputs: dict, machine, bound, scale, param, include_dirs) -> dict:
    """procs -> {design: its traced Prediction, or None when it cannot finish}: the reports need
    the programs and the trace, which compare's own predictions do not keep."""
    from interp.errors import ProgramHang
    from interp.pipeline import predict
    from interp.studies.grid import define_args

    runs = {}
    for p in counts:
        runs[p] = {}
        for k, files in designs.items():
            try:
                runs[p][k] = predict(list(files), machine, p, define_args(inputs), bound, scale, param,
                                     include_dirs=include_dirs, interactive=False, messages=False, trace=True)
            except ProgramHang:
                runs[p][k] = None
    return runs


def write_compare(path: str, designs: dict, points: list, runs: dict, machine: str, bound: str,
                  inputs: dict) -> Path:
    """runs: procs -> {"A": Prediction or None (it cannot finish), "B": ...}."""
    d = check_dir(path)
    d.mkdir(exist_ok=True)
    counts = []
    for pt in points:
        p = pt["procs"]
        sides = {}
        for k in ("A", "B"):
            pred = runs[p][k]
            if pred is not None:
                (d / f"p{p}").mkdir(exist_ok=True)
                write_run(str(d / f"p{p}" / k), pred.result, pred.programs)
                sides[k] = Side(pred, f"p{p}/{k}")
        counts.append({"point": pt, "reports": sorted(sides),
                       "sections": sections(sides["A"], sides["B"]) if len(sides) == 2 else None})
    page = environment().get_template("compare.html").render(
        designs=designs, counts=counts, machine=machine, bound=bound, inputs=inputs)
    index = d / "index.html"
    write_text(index, page)
    return index
