"""``interp show``: the AAG as an indented tree, and Graphviz for the AAG or the SAAG.

The SAAG's edges (paper 3.3.1: synchronous <=>, asynchronous =>, synchronization <=) depend on
the process count because partners depend on the rank; they are resolved by interpreting the chains
for that count (see ``check``), and each distinct edge carries the rank pairs it joins.
"""
from __future__ import annotations


from frontends.aag import AAG, AAU, Call, Comm, Condt, Iter, Seq, Spawn, Sync, SyncSeq
from interp.output.format import fmt_value


def _e(x) -> str:
    if x is None:
        return "?"
    text = str(x).replace("__rank", "rank").replace("__nprocs", "nprocs").replace("input:", "")
    return text.replace("CDiv", "div").replace("CMod", "mod").replace("CTrunc", "int")


def describe(a: AAU) -> str:
    """Key Table 4 parameters of one AAU."""
    if isinstance(a, Seq):
        if a.cost is not None:
            return f"cost = {_e(a.cost)} s"
        if a.work is not None:
            return "work(" + ", ".join(f"{k}={_e(v)}" for k, v in a.work.items()) + ")"
        ops = " ".join(f"{k}={_n(v)}" for k, v in sorted(a.counts.ops.items()))
        calls = " ".join(f"{k}x{v}" for k, v in sorted((k.split(".", 1)[-1], v) for k, v in a.counts.calls.items()))
        parts = [f"fetch={_n(a.counts.fetch)} store={_n(a.counts.store)}"]
        if ops:
            parts.append(ops)
        if calls:
            parts.append(f"calls: {calls}")
        if a.defs:
            parts.append("defines " + ", ".join(n for n, _ in a.defs))
        if a.control:
            parts.append(a.control)
        return "  ".join(parts)
    if isinstance(a, Iter):
        head = f"{a.var} = {_e(a.lo)}, step {_e(a.step)}" if a.var else f"{a.kind} {_e(a.cond)}"
        n = f"NumIters = {_e(a.num_iters)}" if a.num_iters is not None else "NumIters unknown"
        return f"{head}; {n}; {a.limit_type}"
    if isinstance(a, Condt) and a.dispatch:  # a call through a pointer: the function it holds
        return f"call through {a.dispatch}: " + " | ".join(f"{_e(b.cond)}: {b.body[0].callee}" for b in a.branches)
    if isinstance(a, Condt):
        conds = []
        for b in a.branches:
            if b.data_dependent:  # its condition is on data: no expression, a probability
                conds.append(f"data (p={b.prob:g})" if b.prob is not None else "data")
            elif b.cond is None:
                conds.append("else")
            else:
                conds.append(_e(b.cond))
        return f"NumCondts = {len(a.branches)}: " + " | ".join(conds)
    if isinstance(a, Comm):
        # a waitall's or startall's count is of requests, not bytes
        counted = a.op in ("waitall", "startall") and a.size is not None
        bits = [a.op, f"requests={_e(a.size)}" if counted else f"size={_e(a.size)} B" if a.size is not None else ""]
        if a.partner is not None:
            bits.append(("dest=" if "send" in a.op else "src=") + _e(a.partner))
        if a.tag is not None:
            bits.append(f"tag={_e(a.tag)}")
        if a.mode not in ("standard", "nx") and "send" in a.op:
            bits.append(a.mode)
        return " ".join(b for b in bits if b)
    if isinstance(a, SyncSeq):
        return f"{a.op} size={_e(a.size)} B" + (f" root={_e(a.root)}" if a.root is not None else "") + \
            (f" combine {_e(a.elements)} x {a.elem_op}" if a.elem_op else "") + \
            (f" non-blocking, request {a.request}" if a.request else "")
    if isinstance(a, Sync):
        return a.op + (f" non-blocking, request {a.request}" if a.request else "")
    if isinstance(a, Spawn):
        return f"load {a.program} on node {_e(a.node)}"
    if isinstance(a, Call):
        return f"{a.callee}({', '.join(_e(x) for x in a.args)})" + (f" cost = {_e(a.cost)} s" if a.cost is not None else "")
    return ""


def _n(v) -> str:
    return str(int(v)) if float(v) == int(v) else f"{v:g}"


def tree(aag: AAG) -> str:
    out = [f"AAG of {aag.file} ({aag.language}, {aag.api if aag.api != 'none' else 'no message passing'}, "
           f"{aag.role})"]
    if aag.inputs:
        out.append("external inputs: " + ", ".join(
            f"{n} (line {i.line}, {i.how}{', default ' + fmt_value(i.default) if i.default is not None else ''}"
            f"{'' if i.critical else ', not critical'})" for n, i in sorted(aag.inputs.items())))
    if aag.critical:
        out.append("critical variables: " + ", ".join(
            f"{n} (defined at {', '.join(map(str, sorted(set(l))))})" for n, l in sorted(aag.critical.items())))
    order = [aag.entry] + [n for n in aag.functions if n != aag.entry]
    for name in order:
        fn = aag.functions[name]
        out.append("")
        out.append(f"{name}({', '.join(fn.params)})  {fn.loc}")
        _body(fn.body, 1, out)
    if aag.symbols:
        out.append("")
        out.append("augmented symbol table (distinct accesses between successive accesses):")
        out.append(f"  {'variable':<14} {'type':<7} {'bytes':>5} {'array':>5} {'accesses':>8} {'mean reuse':>10}")
        for name, info in sorted(aag.symbols.items()):
            reuse = "-" if info.mean_reuse is None else f"{info.mean_reuse:.2f}"
            out.append(f"  {name:<14} {info.ctype:<7} {info.elem_size:>5} {'yes' if info.is_array else 'no':>5} "
                       f"{info.accesses:>8} {reuse:>10}")
    if aag.problems:
        out.append("")
        out.append("problems:")
        out.extend(f"  {p}" for p in aag.problems)
    return "\n".join(out)


def _body(body, depth, out):
    for a in body:
        lines = f":{a.loc.first}" if a.loc.first == a.loc.last else f":{a.loc.first}-{a.loc.last}"
        out.append(f"{'  ' * depth}{a.cls:<10} {lines:<9} {describe(a)}")
        if isinstance(a, Condt):
            for k, b in enumerate(a.branches):
                label = ("if" if k == 0 else "else if") if b.cond is not None or b.data_dependent else "else"
                if b.data_dependent:
                    label += f" on data, p={b.prob:g}" if b.prob is not None else " on data"
                out.append(f"{'  ' * (depth + 1)}[{label}]")
                _body(b.body, depth + 2, out)
        else:
            for b in a.bodies():
                _body(b, depth + 1, out)


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def dot(aags: list[AAG], edges: list | None = None) -> str:
    """Graphviz: AAUs in execution order (phi), sub-AAGs as clusters, SAAG edges if given."""
    out = ["digraph AAG {", "  rankdir=TB; node [shape=box, fontname=Helvetica, fontsize=10];"]
    for aag in aags:
        for name, fn in aag.functions.items():
            out.append(f"  subgraph {_q('cluster_' + aag.name + '_' + name)} {{ label={_q(aag.name + ': ' + name)};")
            _dot_body(fn.body, out)
            out.append("  }")
    styles = {"sync": ("both", "solid"), "async": ("forward", "dashed"), "syncop": ("back", "bold")}
    for kind, a, b, label in edges or []:
        direction, style = styles[kind]
        out.append(f"  n{a} -> n{b} [dir={direction}, style={style}, color=red, label={_q(label)}];")
    out.append("}")
    return "\n".join(out)


def _dot_body(body, out, prev=None):
    for a in body:
        out.append(f"  n{a.id} [label={_q(a.cls + ' ' + str(a.loc) + chr(10) + a.label[:40])}];")
        if prev is not None:
            out.append(f"  n{prev} -> n{a.id};")
        for sub in a.bodies():
            if sub:
                out.append(f"  n{a.id} -> n{sub[0].id} [style=dotted];")
                _dot_body(sub, out)
        prev = a.id


def sync_structure(result, programs: list[AAG]) -> str:
    """The global synchronization structure (paper 3.3.2, level 2): one entry per communication or
    synchronization occurrence, with its unique id, type, participating AAUs, ranks and sizes."""
    where = {a.id: a for p in programs for a in p.walk()}
    groups: dict = {}
    for m in result.messages:
        kind = "syncop" if m.internal else m.kind
        key = (kind, m.aau_send, m.aau_recv)
        g = groups.setdefault(key, {"pairs": set(), "sizes": set(), "count": 0})
        g["pairs"].add((m.src, m.dst))
        g["sizes"].add(m.size)
        g["count"] += 1
    names = {"sync": "sync comm <=>", "async": "async comm =>", "syncop": "global op <=",
             "bcast": "broadcast <=>"}
    label = {p.index: p.label.replace("rank ", "") for p in result.procs}
    out = [f"global synchronization structure ({result.nprocs} processes)",
           f"{'id':>4}  {'type':<14} {'from':<26} {'to':<26} {'msgs':>6}  bytes, ranks"]
    for i, ((kind, a, b), g) in enumerate(sorted(groups.items(), key=lambda kv: (kv[0][1], kv[0][2] or 0)), 1):
        src, dst = where.get(a), where.get(b)
        fa = f"{src.cls} {src.loc}" if src else "?"
        fb = f"{dst.cls} {dst.loc}" if dst else "(never received)"
        pairs = ", ".join(f"{label[s]}->{label[d]}" for s, d in sorted(g["pairs"])[:4]) + \
            (" ..." if len(g["pairs"]) > 4 else "")
        sizes = "/".join(f"{x:g}" for x in sorted(g["sizes"]))
        out.append(f"{i:>4}  {names[kind]:<14} {fa:<26} {fb:<26} {g['count']:>6}  {sizes}; {pairs}")
    return "\n".join(out)


def saag_edges(result, programs: list[AAG]) -> list:
    """Distinct comm/sync edges of the SAAG from an interpretation, with the rank pairs they join."""
    pairs: dict = {}
    for m in result.messages:
        if m.aau_recv is None:
            continue
        kind = "syncop" if m.internal else ("sync" if m.kind == "bcast" else m.kind)
        pairs.setdefault((kind, m.aau_send, m.aau_recv), []).append((m.src, m.dst))
    edges = []
    for (kind, a, b), ranks in pairs.items():
        shown = ", ".join(f"{s}->{d}" for s, d in sorted(set(ranks))[:6])
        more = f" (+{len(set(ranks)) - 6})" if len(set(ranks)) > 6 else ""
        edges.append((kind, a, b, shown + more))
    return edges
