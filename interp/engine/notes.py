"""The notes of a prediction's report (what the engine assumed, skipped or saw end early)."""
from __future__ import annotations


def _ranks(procs) -> str:
    labels = [p.chain.label for p in procs]
    return labels[0] if len(labels) == 1 else f"{', '.join(labels[:-1])} and {labels[-1]}"


def run_notes(engine) -> list[str]:
    """The report's notes of one run (``engine``: the engine): defaults used, steady states
    extrapolated, processes that ended early, rank symmetry."""
    out = _ending_notes(engine)
    for key, value in engine.notes.items():
        if key[1] == "missing":
            sau = engine.sag.find(key[0])
            names = [n if len(n) <= 80 else n[:77] + "..." for n in sorted(value)]  # user text, clipped
            out.append(f"{key[0]} ({sau.name if sau else '?'}) gives no value for "
                       f"{', '.join(names)}: costed 0")
        elif key[1] == "stand-in":
            sau = engine.sag.find(key[0])
            by_used: dict[str, list[str]] = {}
            for name, used in sorted(value):
                by_used.setdefault(used, []).append(name)
            for used, names in by_used.items():
                out.append(f"{key[0]} ({sau.name if sau else '?'}) gives no value for {', '.join(names)}: "
                           f"costed as {used}")
        else:
            out.append(value)
    grouped: dict = {}
    for loops, kstar, jump, delta, period in engine.steady.jumps:
        where = " and ".join(str(x.loc) for x in sorted(loops, key=lambda x: x.id))
        grouped.setdefault((where, len(loops)), []).append((kstar, jump, delta, period))
    for (where, n_loops), jumps in grouped.items():
        loop = f"loop{'s' if n_loops > 1 else ''} at {where}"
        if len(jumps) == 1:
            (kstar, jump, delta, period), = jumps
            every = "iteration" if period == 1 else f"{period} iterations"
            out.append(f"steady state: the {loop} repeat{'' if n_loops > 1 else 's'} every {every} "
                       f"({delta:.6g} s) on every process from iteration {kstar}; iterations "
                       f"{kstar}..{kstar + jump - 1} were extrapolated, not interpreted (--exact "
                       "interprets every iteration)")
        else:
            out.append(f"steady state: the {loop} reached a steady state in {len(jumps)} of its "
                       f"executions; {sum(j[1] for j in jumps):,} iterations were extrapolated, "
                       "not interpreted (--exact interprets every iteration)")
    if engine.symmetry is not None:
        out.append(engine.symmetry.note())
    return sorted(out)


def _ending_notes(engine) -> list[str]:
    """Processes that ended by exit(), STOP or MPI_Abort, said in the report's notes."""
    out = []
    if engine.aborted is not None:
        t, p, aau = engine.aborted
        out.append(f"{p.chain.label} calls MPI_Abort at {aau.loc} at t={t:.6g} s: every process ends "
                   "there; the prediction covers the program up to the abort")
    exits = [p for p in engine.procs if p.chain.ended is not None and p.chain.ended[0] == "exit"]
    if exits:
        where = sorted({str(p.chain.ended[1].loc) for p in exits})
        out.append(f"{_ranks(exits)} end{'s' if len(exits) == 1 else ''} early by an ending call "
                   f"({', '.join(where)}), before the end of main")
    return out

