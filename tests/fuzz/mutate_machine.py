"""Hostile machine files (SAGs in YAML), from the shipped machines.

Tree mutations of the parsed file (values replaced by extremes, malformed units and expressions
such as ``1/0 us``, ``log2(0) us``, ``sqrt(-1) us``, ``10**10**10 us``; keys deleted, renamed or
duplicated; types confused; ranges reversed; huge counts; deep nesting; aliases that refer to
themselves or explode; tags such as ``!!python/object/apply``) and text mutations (syntax damage,
junk bytes, empty or scalar documents). The file is then checked (``interp machine check``),
shown, or used for a prediction.

No case can write outside its directory: the only tag that would write if a loader obeyed it
creates ``PWNED`` in the working directory, which the runner looks for.
"""
from __future__ import annotations

import copy
import random
import re

import yaml

from tests.fuzz import textmut
from tests.fuzz.case import Case, case_rng
from tests.fuzz.seeds import c_seeds, machine_seeds

VALUES = (
    "0 us", "-1 us", "1e400 us", "nan us", "inf MHz", "0 MHz", "1/0 us", "log2(0) us",
    "sqrt(-1) us", "10**10**10 us", "(1 us", "1 furlong", "1 us us", "us", "", "-0 us",
    "1e-400 us", "0x10 us", "1_000 us", "1,5 us", "1.2.3 us", "1e300 * 1e300 us", "min() us",
    "max(1, n) us", "n**1024 us", "m**m us", "2**h**h us", "1/(m-m) us", "1/(h-1) us",
    "log2(m) us", "1/load us", "load**-1 us", "exp(1) us", "__import__('os').getpid() us",
    "lambda: 1", "[1, 2] us", "1 if 1 else 2 us", "(" * 100 + "1" + ")" * 100 + " us",
    "x us", "1 GB", "1e299 GB", "40", "40 Mhz", "1e300 GHz", "1e-300 Hz", "-40 MHz",
    "1 clk", "1e300 clk", "(1/clk) clk", "1 B/s", "0 B/s", "0 MB/s", "-1 Mflop/s", "0.5",
    "99999999999999999999999999", "9" * 5000 + " us", "∞ us", "1\u00a0us", "1 μs",
    None, [], {}, True, False, 0, -1, 10 ** 18, 2 ** 64, 1e308, float("inf"), float("nan"),
    [1, 2, 3], ["5 clk", "1 clk"], ["1 us"], [[1, 2], [3, 4]], {"min": 5, "max": 1},
    {"value": "1/0 us"}, {"min": "nan us", "max": "1 us"}, "x" * 100000,
)
COUNTS = (0, -1, 1, 3, 10 ** 9, 2 ** 32, 2 ** 32 + 1, 2 ** 63, 10 ** 30, "16.5", "1e3", "many",
          None, 1.5, float("nan"), [16], True)
KEYS = ("bogus", "proccessing", "Processing", "", "count ", "children2", "id", "ops", "1", "~")
TAGS = (
    '!!python/object/apply:builtins.open ["PWNED", "w"]', "!!python/object/apply:os.getpid []",
    "!!python/name:os.system", "!!binary aGVsbG8=", "!!set {a, b}", "!!timestamp 2001-12-14",
    "!!float nan", "!!float .inf", "!!int 0x7fffffffffffffffffff", "!custom x", "!!str",
    "!!map {}", "!!int x", "!<tag:yaml.org,2002:python/tuple> [1, 2]", "! 5",
)
TOPOLOGY = ("hypercube", "mesh", "torus", "ring", "bus", "crossbar", "fat-tree", "moebius", "",
            None, 5, ["mesh"])
SHAPES = ([0, 4], [-1], [2 ** 32, 2], [3, 5], [1], [], "4x4", [4.5, 2], [10 ** 6, 10 ** 6])


def _leaves(node, path=(), seen=None):
    """(container, key, path) of every scalar or range inside ``node``; a list or mapping met
    again (an alias made by an earlier mutation) is not entered twice."""
    seen = set() if seen is None else seen
    if id(node) in seen:
        return []
    seen.add(id(node))
    out = []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for k, v in items:
        p = path + (k,)
        is_range = isinstance(v, list) and len(v) == 2 and not any(isinstance(x, (dict, list)) for x in v)
        if isinstance(v, (dict, list)) and not is_range:
            out += _leaves(v, p, seen)
        else:
            out.append((node, k, p))
    return out


def _saus(node, seen=None):
    """Every SAU mapping (the root and every child, recursively, each once)."""
    seen = set() if seen is None else seen
    if not isinstance(node, dict) or id(node) in seen:
        return []
    seen.add(id(node))
    found = [node]
    children = node.get("children")
    for child in children if isinstance(children, list) else []:
        found += _saus(child, seen)
    return found


def _path(p) -> str:
    return ".".join(str(x) for x in p)


def _param_leaf(rng, data):
    """A leaf, mostly a machine parameter (not a name, source or comment-like text)."""
    leaves = _leaves(data)
    params = [x for x in leaves if x[1] not in ("name", "source", "role", "id")]
    return rng.choice(params if params and rng.random() < 0.85 else leaves)


def replace_value(rng, data, subst):
    container, key, p = _param_leaf(rng, data)
    new = copy.deepcopy(rng.choice(VALUES))
    container[key] = new
    return data, f"{_path(p)} = {str(new)[:30]!r}"


def delete_key(rng, data, subst):
    dicts = [(c, k, p) for c, k, p in _leaves(data) if isinstance(c, dict)]
    if rng.random() < 0.3:  # a whole section
        dicts = [(s, k, ("sag", k)) for s in _saus(data["sag"]) for k in list(s)] or dicts
    container, key, p = rng.choice(dicts)
    del container[key]
    return data, f"delete {_path(p)}"


def rename_key(rng, data, subst):
    container, key, p = rng.choice([x for x in _leaves(data) if isinstance(x[0], dict)])
    new = rng.choice(KEYS)
    container[new] = container.pop(key)
    return data, f"rename {_path(p)} -> {new!r}"


def confuse_type(rng, data, subst):
    sau = rng.choice(_saus(data["sag"]))
    key = rng.choice(("processing", "memory", "comm_sync", "io", "children", "id", "name"))
    new = copy.deepcopy(rng.choice(("compound", "void", "simple", [], {}, [1, 2], 7, None,
                                    [{"id": "X"}], {"id": "X"}, "SAU-0")))
    sau[key] = new
    return data, f"SAU {sau.get('id')!s:.20}.{key} = {str(new)[:20]!r}"


def count(rng, data, subst):
    sau = rng.choice(_saus(data["sag"]))
    sau["count"] = copy.deepcopy(rng.choice(COUNTS))
    return data, f"count of {sau.get('id')!s:.20} = {sau['count']!r}"


def network(rng, data, subst):
    sau = rng.choice([s for s in _saus(data["sag"]) if isinstance(s.get("comm_sync"), dict)]
                     or _saus(data["sag"]))
    cs = sau["comm_sync"] = sau.get("comm_sync") if isinstance(sau.get("comm_sync"), dict) else {}
    what = rng.choice(("topology", "shape", "routing", "static_buffers"))
    cs[what] = copy.deepcopy(rng.choice({"topology": TOPOLOGY, "shape": SHAPES,
                                         "routing": ("e-cube", "nonsense", "", 3),
                                         "static_buffers": COUNTS}[what]))
    return data, f"comm_sync.{what} = {str(cs[what])[:20]}"


def deep_nesting(rng, data, subst):
    """Written as flow-style text (PyYAML's dumper recurses once per level)."""
    depth = rng.choice((70, 200, 1000, 5000))
    marker = f"__DEEP{len(subst)}__"
    if rng.random() < 0.5:
        node = "{id: SAU-deep, processing: {clock: 1 MHz}}"
        for k in range(depth):
            node = f"{{id: SAU-d{k}, processing: compound, children: [{node}]}}"
        subst[marker] = node
        data["sag"]["children"] = list(data["sag"].get("children") or []) + [marker]
        return data, f"SAU chain {depth} deep"
    subst[marker] = "{a: " * depth + "1 us" + "}" * depth
    container, key, p = rng.choice(_leaves(data))
    container[key] = marker
    return data, f"{_path(p)} nested {depth} deep"


def many_saus(rng, data, subst):
    n = rng.choice((1000, 20000, 100000))
    marker = f"__MANY{len(subst)}__"
    subst[marker] = "[" + ",\n  ".join(
        f"{{id: SAU-w{k}, processing: {{clock: 1 MHz, ops: {{int_add: 1 clk}}}}}}" for k in range(n)) + "]"
    data["sag"]["children"] = marker
    data["sag"]["processing"] = "compound"
    return data, f"{n} child SAUs"


def self_alias(rng, data, subst):
    sau = rng.choice(_saus(data["sag"]))
    if rng.random() < 0.5:
        sau.setdefault("children", [])
        if not isinstance(sau["children"], list):
            sau["children"] = []
        sau["children"].append(sau)
        return data, f"SAU {sau.get('id')!s:.20} is its own child (alias)"
    lst = ["x"]
    lst.append(lst)
    container, key, p = rng.choice(_leaves(data))
    container[key] = lst
    return data, f"{_path(p)} = a list containing itself"


def billion_laughs(rng, data, subst):
    levels, width = rng.choice(((9, 10), (6, 10), (30, 2), (4, 50)))
    lol: object = ["lol"] * width
    for _ in range(levels):
        lol = [lol] * width
    container, key, p = rng.choice(_leaves(data))
    container[key] = lol
    return data, f"{_path(p)} = alias bomb {width}**{levels}"


TREE_OPS = ((40, replace_value), (8, delete_key), (5, rename_key), (6, confuse_type), (8, count),
            (6, network), (3, deep_nesting), (2, many_saus), (3, self_alias), (3, billion_laughs))


def tag(rng, text):
    lines = [i for i, ln in enumerate(text.split("\n")) if re.match(r"^\s*[\w-]+:\s+\S", ln)
             and not ln.strip().startswith("#")]
    t = rng.choice(TAGS)
    if not lines:
        return text + f"\nx: {t}\n", f"tag {t[:40]}"
    all_lines = text.split("\n")
    i = rng.choice(lines)
    all_lines[i] = re.sub(r"^(\s*[\w-]+:\s+).*$", lambda m: m.group(1) + t, all_lines[i])
    return "\n".join(all_lines), f"tag {t[:40]}"


def syntax(rng, text):
    what = rng.randrange(9)
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    if what == 0:
        lines[i] = "\t" + lines[i]
        return "\n".join(lines), "tab indentation"
    if what == 1:
        lines[i] = lines[i] + " [unclosed, {"
        return "\n".join(lines), "unclosed bracket"
    if what == 2:
        lines[i] = lines[i] + ' "unterminated'
        return "\n".join(lines), "unterminated quote"
    if what == 3:
        return rng.choice(("42\n", "[1, 2]\n", "just text\n", "null\n", "---\n...\n", "~\n")), "not a mapping"
    if what == 4:
        return text + "\n---\n" + text, "two documents"
    if what == 5:
        return "<<: *nothing\n" + text, "merge key with an unknown alias"
    if what == 6:
        return "? [a, b]\n: 1\n" + text, "a list as a key"
    if what == 7:
        return text + "\n" + "#" * 120 + "\n" + ("# padding\n" * 900000), "9 MB file"
    return textmut.truncate(rng, text)


TEXT_OPS = ((4, tag), (5, syntax), (2, textmut.delete_lines), (3, textmut.duplicate_lines))


def mutate(rng: random.Random, text: str) -> tuple[bytes, list[str]]:
    labels = []
    if rng.random() < 0.02:
        new, label = textmut.empty_variants(rng)
        return new.encode(), [label]
    if rng.random() < 0.75:
        data, subst = yaml.safe_load(text), {}
        for _ in range(rng.choices((1, 2, 3), (60, 30, 10))[0]):
            op = rng.choices([f for _, f in TREE_OPS], [w for w, _ in TREE_OPS])[0]
            data, label = op(rng, data, subst)
            labels.append(label)
        text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
        for marker, value in subst.items():  # flow-style text where a marker was dumped
            text = text.replace(marker, value, 1)
    if not labels or rng.random() < 0.2:
        op = rng.choices([f for _, f in TEXT_OPS], [w for w, _ in TEXT_OPS])[0]
        text, label = op(rng, text)
        labels.append(label)
    raw = text.encode("utf-8")
    if rng.random() < 0.04:
        raw, label = textmut.junk_bytes(rng, raw)
        labels.append(label)
    return raw, labels


RUN_PROGRAMS = ("trapezoid_mpi", "halo.c", "collectives.c", "nonblocking.c", "master.c")


def make_case(seed: int, index: int) -> Case:
    rng = case_rng("machine", seed, index)
    name, text = rng.choice(machine_seeds())
    data, labels = mutate(rng, text)
    files = {"machine.yaml": data}
    command = rng.choices(("check", "show", "run"), (55, 10, 35))[0]
    if command == "run":
        wanted = rng.choice(RUN_PROGRAMS)
        prog = next(s for s in c_seeds() if s.name == wanted)
        files.update((n, t.encode()) for n, t in prog.files)
        procs = "1" if name.startswith("hhpc") else str(rng.choice((1, 2, 4, 16)))
        argv = ["run", *(n for n, _ in prog.files), "--machine", "machine.yaml", "--procs", procs]
        for dname, value in prog.defines:
            argv += ["-D", f"{dname}={value}"]
        if rng.random() < 0.2:
            argv += ["--bound", rng.choice(("best", "worst", "min", "max"))]
    else:
        argv = ["machine", command, "machine.yaml"]
    return Case("machine", seed, index, argv, files, f"{name}: " + "; ".join(labels))
