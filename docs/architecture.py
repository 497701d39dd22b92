"""The package graph of docs/architecture.md: prints its edges and draws docs/img/architecture.png.

    python docs/architecture.py            # prints the edges, redraws the picture

The edges are read from the code's imports (tests/test_layout.py's walker), grouped by the stages
of paper 001 section 3; tests/test_layout.py checks that docs/architecture.md lists exactly them.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_layout import graph  # noqa: E402

# Stage groups, drawn from top (what the user calls) to bottom (what everything rests on).
POSITIONS = {
    "interp.cli": (2.0, 6), "interp.studies": (3.7, 5), "interp.calibrate": (0.3, 5), "interp.bound": (4.1, 3.7),
    "interp.output": (2.2, 4.2), "interp.pipeline": (0.4, 3.4), "interp.engine": (2.4, 3.0),
    "interp.filter": (3.8, 2.0), "interp.models": (1.7, 2.0), "interp.errors": (0.0, 1.6),
    "frontends.load": (1.0, 0.9), "frontends.c": (0.2, 0.0), "frontends.fortran": (1.7, 0.0),
    "frontends": (0.9, -0.9), "frontends.aag": (2.7, -0.9), "sag": (4.2, -0.9),
}
# Everything rests on these: their arrows are drawn light so the stages stay readable.
FOUNDATIONS = {"interp.errors", "frontends.aag", "sag"}


def group(module: str) -> str:
    parts = module.split(".")
    if parts[0] == "sag":
        return "sag"
    if parts[0] == "frontends":
        if len(parts) > 1 and parts[1] in ("aag", "c", "fortran", "load"):
            return ".".join(parts[:2])
        return "frontends"
    if parts[0] == "interp":
        return ".".join(parts[:2]) if len(parts) > 1 else "interp"
    return module


def edges() -> list[tuple[str, str]]:
    out = set()
    for mod, targets in graph().items():
        for t in targets:
            a, b = group(mod), group(t)
            if a != b and "interp" not in (a, b):
                out.add((a, b))
    return sorted(out)


def draw(path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(11, 8))
    colours = {"interp": "#dbe9f6", "frontends": "#e3f1dc", "sag": "#fbe5cc"}
    boxes = {}
    for name, (x, y) in POSITIONS.items():
        boxes[name] = ax.text(x, y, name, ha="center", va="center", fontsize=11, zorder=3,
                              bbox=dict(boxstyle="round,pad=0.45", fc=colours[name.split(".")[0]], ec="#333333"))
    fig.canvas.draw()  # lay the boxes out, so each arrow can end at its target's edge
    for a, b in edges():
        light = b in FOUNDATIONS
        ax.annotate("", xy=POSITIONS[b], xytext=POSITIONS[a], zorder=1,
                    arrowprops=dict(arrowstyle="-|>", color="#bbbbbb" if light else "#333333",
                                    lw=0.7 if light else 1.2, mutation_scale=14, shrinkA=2, shrinkB=2,
                                    patchA=boxes[a].get_bbox_patch(), patchB=boxes[b].get_bbox_patch()))
    ax.set_xlim(-0.6, 4.8)
    ax.set_ylim(-1.4, 6.5)
    ax.axis("off")
    ax.set_title("interp's packages and their imports (an arrow: A imports B; light: into the foundations)")
    fig.tight_layout()
    fig.savefig(path, dpi=90)


if __name__ == "__main__":
    for a, b in edges():
        print(f"| `{a}` | `{b}` |")
    draw(ROOT / "docs" / "img" / "architecture.png")
    print("wrote docs/img/architecture.png")
