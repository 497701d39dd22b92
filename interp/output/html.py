"""``--html DIR``: a self-contained static report of a run, for the browser (docs/report-html.md).

``index.html`` (the summary and the space-time diagram) and one page per source file (the
source annotated with each line's share of the predicted time and its figures). Every figure is
taken from the JSON report (``jsonout.to_json``) of the same run, so the two agree by
construction. Pages are Jinja2 templates with autoescaping on: source text, labels and notes are
escaped; data for the pages' script is embedded with ``tojson``, which escapes ``<``, ``>``, ``&``
and ``'`` (no ``</script>`` can end the block). No file refers to anything outside DIR.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from interp.engine.result import CATEGORIES, RunResult
from interp.errors import InputError
from interp.output.annotated import SourceFile, annotate, hottest
from interp.output.atomic import write_text
from interp.output.format import fmt_count, fmt_time, fmt_value
from interp.output.jsonout import to_json
from interp.output.levels import Structure
from interp.output.spacetime import BAR, ROW, WIDTH, diagram

CATEGORY_NAMES = {"comp": "compute", "ovh": "overhead", "xmit": "transmit", "wait": "wait"}


def environment():
    """The Jinja2 environment of the report's templates (autoescape on for every template)."""
    from jinja2 import Environment, PackageLoader, StrictUndefined

    env = Environment(loader=PackageLoader("interp.output", "templates"), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters.update(time=fmt_time, count=fmt_count, value=fmt_value,
                       pct=lambda x: f"{100 * x:.1f}%")
    env.globals.update(CATEGORIES=CATEGORIES, CATEGORY_NAMES=CATEGORY_NAMES, ROW=ROW, BAR=BAR, WIDTH=WIDTH)
    return env


def check_dir(path: str, option: str = "--html") -> Path:
    """DIR for a report: an existing directory or a new one in an existing directory."""
    d = Path(path)
    if not str(path):
        raise InputError(f"{option}: give a directory name")
    if d.exists() and not d.is_dir():
        raise InputError(f"{option} {path}: it exists and is not a directory; give a directory for the report")
    if not d.exists() and not d.resolve().parent.is_dir():
        raise InputError(f"{option} {path}: the directory {d.parent} does not exist")
    return d


def page_names(files: list[SourceFile]) -> dict[str, str]:
    """Source path -> its page's file name (numbered: two files may share a base name)."""
    out = {}
    for k, sf in enumerate(files, 1):
        base = re.sub(r"[^A-Za-z0-9_.-]", "_", Path(sf.path).name)
        out[sf.path] = f"src{k}-{base}.html"
    return out


def _script_entry(a: dict) -> dict:
    """What the source page's script shows of one AAU: the JSON report's figures, its spread over
    processes (hover) and its figures per process (click), formatted as the text report does."""
    return {"cls": a["class"], "lines": a["lines"], "label": a["label"], "spread": _spread(a),
            "figures": {k: a[k] for k in ("executions", "total", "mean", *CATEGORIES)},
            "per_process": _per_process(a)}


def _per_process(entry: dict) -> list:
    """The JSON entry's per-process figures, formatted as the text report formats them."""
    return [[pp["process"], fmt_count(pp["executions"]), fmt_time(pp["total"]), fmt_time(pp["mean"]),
             fmt_time(pp["min"]), fmt_time(pp["max"]), *[fmt_time(pp[c]) for c in CATEGORIES]]
            for pp in entry["per_process"]]


def _spread(entry: dict) -> str:
    """Hover text: the AAU's total on the process with the least and the most of it."""
    pp = entry["per_process"]
    if not pp:
        return ""
    lo = min(pp, key=lambda x: x["total"])
    hi = max(pp, key=lambda x: x["total"])
    return (f"{entry['class']} {entry['lines']}: total per process min {fmt_time(lo['total'])} ({lo['process']}), "
            f"max {fmt_time(hi['total'])} ({hi['process']}) over {len(pp)} processes")


def source_rows(sf: SourceFile, aaus: dict, top_share: float) -> list[dict]:
    rows = []
    for n, text in enumerate(sf.text or [], 1):
        line = sf.lines.get(n)
        entry = aaus.get(line.aaus[0]) if line else None
        rows.append({"n": n, "text": text, "line": line, "aau": entry,
                     "more": len(line.aaus) - 1 if line else 0,
                     "heat": line.share / top_share if line and top_share > 0 else 0.0})
    return rows


def links(files: list[SourceFile], names: dict[str, str]) -> dict[int, str]:
    """AAU id -> the address of its line in the report."""
    return {aid: f"{names[sf.path]}#L{line.number}" for sf in files for line in sf.lines.values()
            for aid in line.aaus}


def run_context(r: RunResult, structure: Structure, files: list[SourceFile], data: dict) -> dict:
    names = page_names(files)
    href = links(files, names)
    best = hottest(files)
    lines = sorted(((sf, line) for sf in files for line in sf.lines.values()), key=lambda x: -x[1].self_time)
    aaus = {a["id"]: a for a in data["aaus"]}
    return {"data": data, "r": r, "files": files, "names": names, "href": href,
            "hottest": best, "aaus": aaus, "top_lines": [(sf, ln, aaus.get(ln.aaus[0])) for sf, ln in lines[:10]],
            "busy": sum(p["busy"] for p in data["per_process"]), "diagram": diagram(r, structure.programs)}


def write_run(path: str, r: RunResult, programs) -> list[Path]:
    """Write the report of run R into directory PATH; returns the files written."""
    d = check_dir(path)
    structure = Structure(programs)
    data = to_json(r, "aau", structure)
    files = annotate(r, structure)
    ctx = run_context(r, structure, files, data)
    env = environment()
    d.mkdir(exist_ok=True)
    written = []
    index = d / "index.html"
    write_text(index, env.get_template("run.html").render(**ctx))
    written.append(index)
    best = ctx["hottest"]
    top = best[1].share if best else 0.0
    for sf in files:
        page = d / ctx["names"][sf.path]
        script = page.with_suffix(".js")
        on_page = {aid for line in sf.lines.values() for aid in line.aaus}
        # Not inside a <script> element, but "<" is escaped all the same (as tojson does).
        text = json.dumps({str(aid): _script_entry(a) for aid, a in ctx["aaus"].items() if aid in on_page})
        write_text(script, "window.INTERP_AAUS = " + text.replace("<", "\\u003c") + ";\n")
        hot_line = best[1].number if best and best[0] is sf else None
        write_text(page, env.get_template("source.html").render(
            **ctx, sf=sf, rows=source_rows(sf, ctx["aaus"], top), hot_line=hot_line, data_file=script.name))
        written += [page, script]
    return written
