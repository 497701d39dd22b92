"""Loading and validating machine files into a SAG.

Validation collects every problem it can find (one line each, with the YAML path and line) rather
than stopping at the first, so a user fixes a file in one pass.
"""
from __future__ import annotations

import math
import numbers
import re
from pathlib import Path

import sympy
import yaml

from . import bounded, instances, schema, units, yamlsrc
from . import expr as expr_mod
from .errors import EvaluationError, ExprError, MachineError, MachineErrors, clip, quote
from .limits import MAX_COUNT_LIMIT, MAX_FILE_BYTES, MAX_QUOTE, MIN_CLOCK_HZ
from .model import COMPONENT_NAMES, COMPOUND, SAG, SAU, SIMPLE, VOID, Component
from .parameter import CLK, Bound, Parameter

TOP_KEYS = {"name", "source", "runtime", "sag", "description", instances.KEY}
SAU_KEYS = {"id", "name", "count", "role", "connects", "source", "kind", "children", *COMPONENT_NAMES}
ROLES = ("compute", "host", "link", "network", "storage", "part")
META_KEYS = {"source", "kind"}


class _Loader:
    def __init__(self, file: str | None, where: yamlsrc.Located):
        self.file = file
        self.where = where
        self.errors: list[MachineError] = []
        self.runtime: dict[str, float] = {}  # run-time parameters with a usable default
        self.runtime_names: set[str] = set()  # every declared name, so a bad default is one error
        self._clockless: set[str] = set()

    def err(self, path: str, message: str) -> None:
        self.errors.append(MachineError(path, message, self.file, self.where.line(path)))

    # -- top level ---------------------------------------------------------------------------
    def machine(self, data) -> SAG | None:
        if not isinstance(data, dict):
            self.err("", "a machine file must be a YAML mapping with 'name' and 'sag'")
            return None
        for key in data:
            if key not in TOP_KEYS:
                self.err(key, f"unknown top-level key {quote(key)} (expected one of: {', '.join(sorted(TOP_KEYS))})")
        name = data.get("name")
        if not isinstance(name, str) or not name.strip():
            self.err("name", "missing or empty 'name' (a human-readable machine name)")
            name = "?"
        self._runtime(data.get("runtime"))
        count_limit, problem = instances.read_limit(data.get(instances.KEY))
        if problem:
            self.err(instances.KEY, f"{problem}, got {quote(data.get(instances.KEY))}")
        if "sag" not in data:
            self.err("sag", "missing 'sag': the root SAU of the System Abstraction Graph")
            return None
        root = self.sau(data["sag"], "sag", 0, None, data.get("source"))
        if root is None:
            return None
        self._invariants(root)
        self._instances(root, count_limit, explicit=instances.KEY in data)
        return SAG(name=name, root=root, file=self.file, source=data.get("source"), runtime=dict(self.runtime))

    def _runtime(self, data) -> None:
        if data is None:
            return
        if not isinstance(data, dict):
            self.err("runtime", "'runtime' must map run-time parameter names to default values")
            return
        for key, value in data.items():
            if not key.isidentifier() or key in ("clk", "m", "h", "n"):
                self.err(f"runtime.{key}", f"{quote(key)} cannot be a run-time parameter name")
                continue
            self.runtime_names.add(key)
            if not isinstance(value, numbers.Real) or isinstance(value, bool):
                self.err(f"runtime.{key}", f"default of run-time parameter {quote(key)} must be a number")
            elif problem := bounded.float_problem(value):
                self.err(f"runtime.{key}", f"default of run-time parameter {quote(key)} is {problem}; "
                                           "give a finite number")
            else:
                self.runtime[key] = float(value)

    # -- SAUs --------------------------------------------------------------------------------
    def sau(self, data, path: str, level: int, clk_period: float | None, source) -> SAU | None:
        if not isinstance(data, dict):
            self.err(path, "an SAU must be a mapping with at least 'id' and its components")
            return None
        for key in data:
            if key not in SAU_KEYS:
                self.err(f"{path}.{key}", f"unknown SAU key {quote(key)} (components are processing, memory, comm_sync, io)")
        sau_id = data.get("id")
        if not isinstance(sau_id, str) or not sau_id:
            self.err(f"{path}.id", "every SAU needs an 'id' (for example SAU-0010)")
            sau_id = f"?{path}"
        source = data.get("source", source)
        count = data.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            self.err(f"{path}.count", f"count must be a positive integer, got {quote(count)}")
            count = 1
        elif count > MAX_COUNT_LIMIT:
            self.err(f"{path}.count", f"count {quote(count)} is more than any machine has "
                                      f"(at most {MAX_COUNT_LIMIT:,}); check the number")
            count = 1
        role = data.get("role")
        if role is not None and role not in ROLES:
            self.err(f"{path}.role", f"unknown role {quote(role)} (expected one of: {', '.join(ROLES)})")
        connects = data.get("connects", [])
        if not isinstance(connects, list) or not all(isinstance(c, str) for c in connects):
            self.err(f"{path}.connects", "'connects' must be a list of SAU ids")
            connects = []

        # The clock of this SAU (or the nearest ancestor's) converts clock counts to seconds.
        proc = data.get("processing")
        if isinstance(proc, dict) and "clock" in proc:
            clk_period = self._clock_period(proc["clock"], f"{path}.processing.clock")

        components = {}
        for cname in COMPONENT_NAMES:
            components[cname] = self.component(
                data.get(cname, "void"), f"{path}.{cname}", cname, clk_period, source)

        children = []
        raw_children = data.get("children", [])
        if not isinstance(raw_children, list):
            self.err(f"{path}.children", "'children' must be a list of SAUs")
            raw_children = []
        for i, child in enumerate(raw_children):
            c = self.sau(child, f"{path}.children[{i}]", level + 1, clk_period, source)
            if c is not None:
                children.append(c)

        sau = SAU(id=sau_id, name=str(data.get("name", sau_id)), components=components,
                  children=tuple(children), count=count, level=level, path=path, role=role,
                  connects=tuple(connects), source=source)
        declared = data.get("kind")
        if declared is not None and declared not in (SIMPLE, COMPOUND):
            self.err(f"{path}.kind", f"SAU kind must be simple or compound, got {quote(declared)}")
        elif declared is not None and declared != sau.kind:
            self.err(f"{path}.kind",
                     f"SAU {_id(sau_id)} is declared {declared} but is {sau.kind}: an SAU is compound "
                     "iff at least one of its components is compound")
        return sau

    def _clock_period(self, raw, path: str) -> float:
        """The period of an SAU's own clock.

        Problems with the value itself are reported when the component is read; a clock that is
        wrong gets a stand-in period (1 s) so that values given in clocks add no follow-on errors.
        """
        n_errors = len(self.errors)
        clock = self.parameter(raw, path, "clock", schema.FREQUENCY, frozenset(), None, None)
        del self.errors[n_errors:]
        if clock is None:
            return 1.0
        if clock.is_range or clock.lo.free_symbols or float(clock.lo) <= 0:
            self.err(path, "clock must be one positive constant frequency")
            return 1.0
        if float(clock.lo) < MIN_CLOCK_HZ:
            self.err(path, f"a clock below {MIN_CLOCK_HZ:g} Hz is not a real machine's (a unit "
                           "missing? e.g. '40 MHz')")
            return 1.0
        return 1.0 / float(clock.lo)

    # -- components --------------------------------------------------------------------------
    def component(self, data, path: str, cname: str, clk_period, source) -> Component:
        if data is None or data == VOID:
            return Component(VOID)
        if data == COMPOUND:
            return Component(COMPOUND, source=source)
        if isinstance(data, str):
            self.err(path, f"a component is 'void', 'compound' or a mapping of parameters, got {quote(data)}")
            return Component(VOID)
        if not isinstance(data, dict):
            self.err(path, "a component is 'void', 'compound' or a mapping of parameters")
            return Component(VOID)
        kind = data.get("kind", SIMPLE)
        if kind not in (SIMPLE, COMPOUND):
            self.err(f"{path}.kind", f"component kind must be simple or compound, got {quote(kind)}")
            kind = SIMPLE
        source = data.get("source", source)
        params: dict[str, Parameter] = {}
        settings: dict[str, object] = {}
        allowed = schema.OPERATION_ARGS[cname] | frozenset(self.runtime_names)
        n_errors = len(self.errors)
        self.group(data, schema.COMPONENTS[cname], path, "", params, settings, allowed, clk_period, source)
        if kind == SIMPLE and not params and not settings and len(self.errors) == n_errors:
            self.err(path, "a simple component must export at least one parameter (use 'void' otherwise)")
        return Component(kind, params, settings, source)

    def group(self, data: dict, spec: dict, path: str, prefix: str, params, settings, allowed, clk_period, source):
        for key, value in data.items():
            if key in META_KEYS:
                continue
            sub = f"{path}.{key}"
            dotted = f"{prefix}{key}"
            expected = spec.get(key, spec.get("*"))
            if expected is None:
                self.err(sub, f"unknown parameter {quote(key)} (expected one of: {', '.join(k for k in spec if k != '*')})")
                continue
            if isinstance(expected, dict):
                if not isinstance(value, dict):
                    self.err(sub, f"{quote(key)} is a group of parameters and must be a mapping")
                    continue
                self.group(value, expected, sub, f"{dotted}.", params, settings, allowed,
                           clk_period, value.get("source", source))
            elif isinstance(expected, schema.Enum):
                if value not in expected:
                    self.err(sub, f"unknown {key} {quote(value)} (expected one of: {', '.join(expected)})")
                else:
                    settings[dotted] = value
            elif isinstance(expected, schema.Text):
                if not isinstance(value, str):
                    self.err(sub, f"{quote(key)} must be a word or short text")
                else:
                    settings[dotted] = value
            elif expected == schema.INT_LIST:
                if not isinstance(value, list) or not value or not all(
                        isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value):
                    self.err(sub, f"{quote(key)} must be a list of positive integers, e.g. [4, 4]")
                elif math.prod(value) > MAX_COUNT_LIMIT:
                    self.err(sub, f"{quote(key)} {quote(value)} describes more than {MAX_COUNT_LIMIT:,} "
                                  "units; check the numbers")
                else:
                    settings[dotted] = tuple(value)
            else:
                p = self.parameter(value, sub, dotted, expected, allowed, clk_period, source)
                if p is not None:
                    params[dotted] = p

    def parameter(self, value, path, key, dimension, allowed, clk_period, source) -> Parameter | None:
        if isinstance(value, dict):
            extra = set(value) - {"min", "max", "value", "unit", "source"}
            if extra:
                self.err(path, f"unknown keys {sorted(extra)} in parameter (use value, or min and max, with unit and source)")
                return None
            source = value.get("source", source)
            unit = value.get("unit")
            if "value" in value and ("min" in value or "max" in value):
                self.err(path, "give either 'value' or 'min' and 'max', not both")
                return None
            if "value" in value:
                ends = [value["value"]]
            elif "min" in value and "max" in value:
                ends = [value["min"], value["max"]]
            else:
                self.err(path, "a parameter mapping needs 'value', or both 'min' and 'max'")
                return None
            if unit is not None:
                ends = [f"{e} {unit}" if not isinstance(e, str) or units.split_value(e)[1] is None else e
                        for e in ends]
        elif isinstance(value, list):
            if len(value) != 2:
                self.err(path, f"a range is [min, max] with two values, got {len(value)}")
                return None
            ends = value
        else:
            ends = [value]
        exprs = [self.value(e, path, dimension, allowed, clk_period) for e in ends]
        if any(e is None for e in exprs):
            return None
        lo, hi = exprs[0], exprs[-1]
        if clk_period is not None:
            nlo, nhi = (e.xreplace({CLK: sympy.Float(clk_period)}) for e in (lo, hi))
        else:
            nlo, nhi = lo, hi
        # Units and the clock period multiply a bounded expression: check the result again
        # ("1e299 GB" is 1e308 bytes; "1e300 clk" with a 1e-10 Hz clock overflows).
        base_unit = f" in {units.BASE_UNIT[dimension]}" if units.BASE_UNIT[dimension] else ""
        for end, e in zip(ends, (nlo, nhi)):
            problem = bounded.expr_problem(e)
            if problem:
                self.err(path, f"{quote(end)} is {problem}{base_unit}; give a finite value of a sensible size")
                return None
        if not nlo.free_symbols and not nhi.free_symbols:
            if float(nlo) > float(nhi):
                self.err(path, f"range minimum {quote(ends[0])} is larger than maximum {quote(ends[-1])}")
                return None
            if float(nlo) < 0:
                self.err(path, f"negative value {quote(ends[0])}")
                return None
            if dimension == schema.FRACTION and float(nhi) > 1:
                self.err(path, f"a fraction must lie in [0, 1], got {quote(ends[-1])}")
                return None
            if dimension == schema.COUNT and any(float(e) < 1 or float(e) != int(e) for e in (nlo, nhi)):
                self.err(path, f"a count must be a whole number of at least 1, got {quote(' .. '.join(map(str, ends)))}")
                return None
        p = Parameter(key=key, dimension=dimension, raw_lo=lo, raw_hi=hi, clk_period=clk_period,
                      text=" .. ".join(str(e) for e in ends), source=source, path=path,
                      line=self.where.line(path), file=self.file)
        return p if self._finite_at_defaults(p) else None

    def _finite_at_defaults(self, p: Parameter) -> bool:
        """An expression of run-time parameters only (``1/load us``) must have a value at their
        defaults; one of m, h or n is checked each time it is evaluated (``Parameter.value``)."""
        if not p.names or not p.names <= set(self.runtime):
            return True
        for bound in (Bound("min"), Bound("max")):
            try:
                p.value(bound, **{n: self.runtime[n] for n in p.names})
            except EvaluationError as exc:
                self.err(p.path, exc.reason)
                return False
        return True

    def value(self, raw, path, dimension, allowed, clk_period) -> sympy.Expr | None:
        """One end of a parameter: number, or "EXPR UNIT", to a sympy expression in base units."""
        if isinstance(raw, bool) or raw is None:
            self.err(path, f"expected a value with a unit, got {quote(raw)}")
            return None
        if isinstance(raw, numbers.Real):
            problem = bounded.float_problem(raw)  # YAML's .nan, .inf, 1.0e+400, a 400-digit integer
            if problem:
                self.err(path, f"{quote(raw)} is {problem}; give a finite number")
                return None
            if dimension in (schema.COUNT, schema.FRACTION):
                return sympy.Float(raw) if isinstance(raw, float) else sympy.Integer(raw)
            self.err(path, f"{quote(raw)} has no unit; a {dimension} needs one of: {', '.join(units.known_units(dimension))}")
            return None
        if not isinstance(raw, str):
            self.err(path, f"expected a value with a unit, got {type(raw).__name__}")
            return None
        text, unit_name = units.split_value(raw)
        try:
            e = expr_mod.parse(text, allowed)
        except ExprError as exc:
            self.err(path, str(exc))
            return None
        if unit_name is None:
            if dimension in (schema.COUNT, schema.FRACTION):
                return e
            self.err(path, f"{quote(raw)} has no unit; a {dimension} needs one of: {', '.join(units.known_units(dimension))}")
            return None
        unit = units.lookup(unit_name)
        if unit is None:
            self.err(path, f"unknown unit {quote(unit_name)} in {quote(raw)} (a {dimension} takes: {', '.join(units.known_units(dimension))})")
            return None
        if unit.dimension != dimension:
            self.err(path, f"{quote(raw)} is a {unit.dimension} but this parameter is a {dimension} "
                           f"(use one of: {', '.join(units.known_units(dimension))})")
            return None
        if unit.is_clock:
            if clk_period is None:
                self._no_clock(path, raw)
                return None
            return e * CLK
        if "clk" in expr_mod.free_names(e) and clk_period is None:
            self._no_clock(path, raw)
            return None
        return e * sympy.Float(unit.factor) if unit.factor != 1.0 else e

    def _no_clock(self, path: str, raw) -> None:
        """Report a missing clock once per component, not once per value given in clocks."""
        component = re.match(r"^(.*?\.(?:processing|memory|comm_sync|io))\b", path)
        key = component.group(1) if component else path
        if key in self._clockless:
            return
        self._clockless.add(key)
        self.err(path, f"{quote(raw)} is given in clocks but no enclosing processing component gives a "
                       "clock (add processing.clock, e.g. 'clock: 40 MHz', or use seconds)")

    def _instances(self, root: SAU, limit: int, explicit: bool) -> None:
        over = instances.first_over(root, limit)
        if over is None:
            return
        sau, total = over
        if explicit:
            self.err(f"{sau.path}.count", f"the machine describes at least {total:,} SAU instances here "
                                          f"(counts times their ancestors' counts), more than its "
                                          f"{instances.KEY} of {limit:,}; check the counts or raise {instances.KEY}")
        else:
            self.err(f"{sau.path}.count", f"the machine describes at least {total:,} SAU instances here "
                                          f"(counts times their ancestors' counts), more than {limit:,}; "
                                          f"check the counts, or if you mean it add '{instances.KEY}: N' "
                                          f"at the top of the file (N at most {MAX_COUNT_LIMIT:,})")

    # -- invariants (paper 3.2.1) ------------------------------------------------------------
    def _invariants(self, root: SAU) -> None:
        seen: dict[str, str] = {}
        for sau in root.walk():
            if sau.id in seen:
                self.err(f"{sau.path}.id", f"duplicate SAU id {quote(sau.id)} (first used at {clip(seen[sau.id], 2 * MAX_QUOTE)})")
            else:
                seen[sau.id] = sau.path
            if all(c.kind == VOID for c in sau.components.values()):
                self.err(sau.path, f"SAU {_id(sau.id)} has every component void; an SAU needs at least one non-void component")
            if not sau.children and sau.is_compound:
                comp = [n for n, c in sau.components.items() if c.kind == COMPOUND]
                self.err(sau.path, f"leaf SAU {_id(sau.id)} must be simple, but its {', '.join(comp)} "
                                   "component is compound (add children that refine it, or make it simple)")
            elif sau.children:
                for cname, comp in sau.components.items():
                    if comp.kind == COMPOUND and not any(
                            ch.component(cname).kind != VOID for ch in sau.children):
                        self.err(f"{sau.path}.{cname}",
                                 f"compound {cname} component of {_id(sau.id)} has no child SAU that refines it "
                                 f"(no child has a non-void {cname} component)")
        for sau in root.walk():
            for other in sau.connects:
                if other not in seen:
                    self.err(f"{sau.path}.connects", f"{_id(sau.id)} connects unknown SAU {quote(other)}")


def _id(sau_id) -> str:
    """An SAU id as messages show it unquoted (``leaf SAU N must be simple``), at most ~80 characters."""
    return clip(str(sau_id), MAX_QUOTE)


def loads(text: str, file: str | None = None) -> SAG:
    """Build a SAG from YAML text; raises MachineErrors listing every problem."""
    try:
        data, where = yamlsrc.load(text)
    except yamlsrc.Refused as exc:
        raise MachineErrors([MachineError(exc.path, exc.message, file, exc.line)]) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        context = getattr(exc, "context", None)
        if context and problem and context != problem:
            problem = f"{context}: {problem}"  # "found duplicate anchor 'a'...: second occurrence"
        raise MachineErrors([MachineError("", f"YAML syntax error: {clip(problem, 2 * MAX_QUOTE)}",
                                          file, line)]) from None
    loader = _Loader(file, where)
    try:
        sag = loader.machine(data)
    except RecursionError:
        # yamlsrc bounds the nesting so this cannot happen; if it still does, say so plainly.
        loader.err("", "the machine file nests too deeply to read")
    if loader.errors:
        raise MachineErrors(loader.errors)
    return sag


def load(path: str | Path) -> SAG:
    path = Path(path)
    try:
        with path.open("rb") as f:  # read a bounded amount: /dev/zero must not fill the memory
            raw = f.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise MachineErrors([MachineError(
                "", f"the machine file is larger than {MAX_FILE_BYTES // 1024} KiB; a machine "
                    "description is a few KB (is this the right file?)", str(path))])
        text = raw.decode("utf-8")
    except FileNotFoundError:
        raise MachineErrors([MachineError("", "no such machine file", str(path))]) from None
    except UnicodeDecodeError as exc:
        raise MachineErrors([MachineError("", f"cannot read machine file: not UTF-8 text (byte {exc.start})",
                                          str(path))]) from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the name
        reason = getattr(exc, "strerror", None) or str(exc)
        raise MachineErrors([MachineError("", f"cannot read machine file: {reason}", str(path))]) from None
    return loads(text, str(path))
