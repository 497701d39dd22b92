"""``whatif --html DIR``: the baseline and the changed machine side by side, line by line.

DIR/baseline/ and DIR/whatif/ are the two runs' full reports (``interp.output.html``);
DIR/index.html puts their totals, their processes and every source line whose own time changed
side by side, each line linked to its page in both reports. Figures are the two JSON reports'.
"""
from __future__ import annotations

from pathlib import Path

from interp.output.annotated import annotate
from interp.output.atomic import write_text
from interp.output.html import check_dir, environment, page_names, write_run
from interp.output.jsonout import to_json
from interp.output.levels import Structure
from interp.studies.whatif import relative


def _lines(pred) -> tuple[dict, list]:
    """(file, line) -> (self seconds summed over processes, the line's outermost AAU's JSON entry)."""
    structure = Structure(pred.programs)
    data = to_json(pred.result, "aau", structure)
    aaus = {a["id"]: a for a in data["aaus"]}
    files = annotate(pred.result, structure)
    return {(sf.path, n): (line.self_time, aaus.get(line.aaus[0])) for sf in files
            for n, line in sf.lines.items()}, files


def line_changes(base, new) -> tuple[list[dict], dict]:
    """Every line whose own time differs, largest change first; and the pages' names."""
    b, files = _lines(base)
    n, _ = _lines(new)
    rows = []
    for key in sorted(set(b) | set(n)):
        sb, ab = b.get(key, (0.0, None))
        sn, an = n.get(key, (0.0, None))
        if abs(sn - sb) <= 1e-9 * max(abs(sb), abs(sn)):  # equal, or a rounding residue
            continue
        entry = ab or an
        rows.append({"file": key[0], "line": key[1], "cls": entry["class"], "label": entry["label"],
                     "base": sb, "new": sn, "delta": sn - sb, "relative": relative(sb, sn),
                     "base_total": ab["total"] if ab else None, "new_total": an["total"] if an else None})
    rows.sort(key=lambda r: -abs(r["delta"]))
    return rows, page_names(files)


def write_whatif(path: str, base, new, options) -> Path:
    d = check_dir(path)
    d.mkdir(exist_ok=True)
    write_run(str(d / "baseline"), base.result, base.programs)
    write_run(str(d / "whatif"), new.result, new.programs)
    rows, names = line_changes(base, new)
    procs = [(pb, pn) for pb, pn in zip(base.result.procs, new.result.procs)]
    page = environment().get_template("whatif.html").render(
        base=base.result, new=new.result, options=options, rows=rows, names=names, procs=procs,
        change=relative(base.result.total, new.result.total))
    index = d / "index.html"
    write_text(index, page)
    return index
