"""The instrumented build of ``interp extrapolate`` (seed 000, section 2.2): every segment of the
program gets a timer, so a sample run measures tt(ss, x0, N0) of each.

A segment is a loop with no communication (an IterD whose nested loops are IterD too, no break
or continue) that no other such loop of the same function encloses: the largest pieces whose time
interp can scale by a count of their work. Loops inside communicating loops are found by going
down into those. A segment in a function called from a segment is timed at every call, enclosed or
not; interp's per-AAU counts include the enclosed executions as well, so both sides agree.

The source is changed only by text put around each segment on its own lines, so every line number
(and so every AAU location) stays as it was:

    { double __interp_tK = interp_seg_now(); for (...) {...} interp_seg_add(K, interp_seg_now() - __interp_tK); }

shim/seg_timer.c accumulates the seconds and the executions of each K and writes them, one file per
process, at exit. A loop left by ``return`` or ``goto`` misses its addition; such loops are rare in
closed (communication-free) segments, and the sample then under-reports that segment.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from frontends.aag import Condt, Iter, Seq

from interp.errors import InputError


@dataclass(frozen=True)
class Segment:
    key: int  # K of the timer calls
    aau_ids: tuple  # the loop's AAU id in each program that holds it
    file: str
    line: int
    kind: str  # for | while | do
    where: str  # file:lines, for reports


def _closed(loop: Iter) -> bool:
    if loop.cls != "IterD":
        return False
    for a in loop.walk():
        if isinstance(a, Iter) and a.cls != "IterD":
            return False
        if isinstance(a, Condt) and a.cls != "CondtD":
            return False
        if isinstance(a, Seq) and a.control in ("break", "continue"):
            return False
        if a.cls in ("Comm", "Sync", "SyncSeq", "Spawn"):
            return False
    return True


def _outermost(body, out: list) -> None:
    for a in body:
        if isinstance(a, Iter) and _closed(a):
            out.append(a)
        elif hasattr(a, "bodies"):
            for b in a.bodies():
                _outermost(b, out)


def segments(programs) -> list[Segment]:
    """Every segment of the programs, numbered from 0, in file and line order."""
    found: dict[tuple, list] = {}
    for prog in programs:
        for fn in prog.functions.values():
            loops: list[Iter] = []
            _outermost(fn.body, loops)
            for loop in loops:
                if loop.loc is not None:
                    found.setdefault((loop.loc.file, loop.loc.first, loop.kind), []).append(loop)
    out = []
    for k, ((file, line, kind), loops) in enumerate(sorted(found.items())):
        out.append(Segment(k, tuple(a.id for a in loops), file, line, kind, str(loops[0].loc)))
    return out


# -- C text --------------------------------------------------------------------------------------
_SKIP = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|^[ \t]*#[^\n]*',
                   re.S | re.M)
_WORD = re.compile(r"[A-Za-z_]\w*")


class _Scanner:
    """Finds the end of a C statement in text with comments, strings and directives blanked."""

    def __init__(self, text: str):
        # Same length, same offsets: what is skipped becomes spaces (newlines kept).
        self.s = _SKIP.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)

    def _ws(self, i: int) -> int:
        while i < len(self.s) and self.s[i].isspace():
            i += 1
        return i

    def _group(self, i: int, open_: str, close: str) -> int:
        """``i`` at ``open_``: the offset just after its matching ``close``."""
        depth = 0
        for j in range(i, len(self.s)):
            c = self.s[j]
            if c == open_:
                depth += 1
            elif c == close:
                depth -= 1
                if depth == 0:
                    return j + 1
        raise ValueError("unbalanced")

    def _expect(self, i: int, ch: str) -> int:
        i = self._ws(i)
        if self.s[i:i + 1] != ch:
            raise ValueError(f"expected {ch!r}")
        return i

    def statement(self, i: int) -> int:
        """The offset just after the statement starting at (or after blanks from) ``i``."""
        i = self._ws(i)
        if self.s[i:i + 1] == "{":
            return self._group(i, "{", "}")
        m = _WORD.match(self.s, i)
        word = m.group(0) if m else ""
        if word in ("for", "while", "switch"):
            return self.statement(self._group(self._expect(m.end(), "("), "(", ")"))
        if word == "if":
            end = self.statement(self._group(self._expect(m.end(), "("), "(", ")"))
            nxt = self._ws(end)
            e = _WORD.match(self.s, nxt)
            return self.statement(e.end()) if e and e.group(0) == "else" else end
        if word == "do":
            end = self.statement(m.end())
            w = self._ws(end)
            if not self.s.startswith("while", w):
                raise ValueError("do without while")
            close = self._group(self._expect(w + 5, "("), "(", ")")
            return self._expect(close, ";") + 1
        depth = 0
        for j in range(i, len(self.s)):
            c = self.s[j]
            if c in "([{":
                depth += 1
            elif c in ")]}":
                depth -= 1
            elif c == ";" and depth == 0:
                return j + 1
        raise ValueError("no end of statement")

    def loop_at(self, line: int, kind: str) -> tuple[int, int] | None:
        """(start, end) offsets of the first ``kind`` loop starting on ``line`` (1-based)."""
        starts = [0] + [m.end() for m in re.finditer("\n", self.s)]
        if line > len(starts):
            return None
        lo, hi = starts[line - 1], (starts[line] if line < len(starts) else len(self.s))
        m = re.compile(rf"\b{kind}\b").search(self.s, lo, hi)
        if m is None:
            return None
        try:
            return m.start(), self.statement(m.start())
        except (ValueError, IndexError):
            return None


DECLARATIONS = "double interp_seg_now(void); void interp_seg_add(int, double);"


def instrument(path: str, segs: list[Segment]) -> tuple[str, list[Segment]]:
    """The text of C file ``path`` with a timer around each of its segments, and the segments
    that could not be delimited in the text (they stay untimed)."""
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise InputError(f"{path}: cannot read it: {exc.strerror}") from None
    scan = _Scanner(text)
    edits, missed = [], []
    for seg in segs:
        span = scan.loop_at(seg.line, seg.kind)
        if span is None:
            missed.append(seg)
            continue
        k = seg.key
        edits.append((span[0], f"{{ double __interp_t{k} = interp_seg_now(); "))
        edits.append((span[1], f" interp_seg_add({k}, interp_seg_now() - __interp_t{k}); }}"))
    # Last first, so earlier offsets stay valid; at one offset the later edit goes in first, so a
    # segment's end comes before the next one's start.
    for _, (offset, insert) in sorted(enumerate(edits), key=lambda e: (e[1][0], e[0]), reverse=True):
        text = text[:offset] + insert + text[offset:]
    quoted = str(Path(path).resolve()).replace("\\", "\\\\").replace('"', '\\"')
    return f'{DECLARATIONS}\n#line 1 "{quoted}"\n{text}', missed
