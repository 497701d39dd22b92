"""The System Abstraction Graph (paper 3.2.1, Definition 1).

A SAG is a rooted tree of SAUs; each SAU is the tuple <P, M, C/S, I/O> and each component is
compound, simple or void. The objects here are immutable: what-if scaling and run-time parameters
build a new SAG (``sag.whatif``) and never change a loaded one.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

from .parameter import Parameter

COMPONENT_NAMES = ("processing", "memory", "comm_sync", "io")
SIMPLE, COMPOUND, VOID = "simple", "compound", "void"
SHORT = {"processing": "P", "memory": "M", "comm_sync": "C/S", "io": "I/O"}


@dataclass(frozen=True)
class Component:
    kind: str  # simple | compound | void
    params: dict[str, Parameter] = field(default_factory=dict)  # dotted key -> parameter
    settings: dict[str, object] = field(default_factory=dict)  # topology, routing, ...
    source: str | None = None

    @property
    def is_void(self) -> bool:
        return self.kind == VOID


VOID_COMPONENT = Component(VOID)


@dataclass(frozen=True)
class SAU:
    id: str
    name: str
    components: dict[str, Component]
    children: tuple["SAU", ...] = ()
    count: int = 1
    level: int = 0
    path: str = "sag"
    role: str | None = None  # compute | host | link | network | storage | part (for the mapping)
    connects: tuple[str, ...] = ()  # for links: the SAU ids this unit joins
    source: str | None = None

    def component(self, name: str) -> Component:
        return self.components.get(name, VOID_COMPONENT)

    @property
    def is_compound(self) -> bool:
        return any(c.kind == COMPOUND for c in self.components.values())

    @property
    def kind(self) -> str:
        return COMPOUND if self.is_compound else SIMPLE

    def walk(self) -> Iterator["SAU"]:
        yield self
        for child in self.children:
            yield from child.walk()

    def effective(self, name: str) -> dict[str, Parameter]:
        """Parameters of one component, with a compound component's refinements merged in.

        Paper 3.2.2 describes the iPSC/860 memory as compound (hierarchy + main memory); the
        parameters live on the child SAUs that refine it, and a consumer (the engine) wants them
        as one set. The SAU's own values win over a child's.
        """
        comp = self.component(name)
        if comp.kind == VOID:
            return {}
        merged: dict[str, Parameter] = {}
        if comp.kind == COMPOUND:
            for child in self.children:
                if child.role in (None, "part"):
                    for k, v in child.effective(name).items():
                        merged.setdefault(k, v)
        merged.update(comp.params)
        return merged

    def setting(self, component: str, key: str, default=None):
        comp = self.component(component)
        if key in comp.settings:
            return comp.settings[key]
        if comp.kind == COMPOUND:
            for child in self.children:
                if child.role in (None, "part"):
                    value = child.setting(component, key)
                    if value is not None:
                        return value
        return default


@dataclass(frozen=True)
class SAG:
    name: str
    root: SAU
    file: str | None = None
    source: str | None = None
    runtime: dict[str, float] = field(default_factory=dict)  # run-time parameters and defaults
    scenario: tuple[str, ...] = ()  # what-if changes applied, for reports

    def walk(self) -> Iterator[SAU]:
        return self.root.walk()

    def find(self, sau_id: str) -> SAU | None:
        return next((s for s in self.walk() if s.id == sau_id), None)

    def parent_of(self, sau_id: str) -> SAU | None:
        for s in self.walk():
            if any(c.id == sau_id for c in s.children):
                return s
        return None

    def by_role(self, role: str) -> list[SAU]:
        return [s for s in self.walk() if s.role == role]

    def parameters(self) -> Iterator[tuple[SAU, str, Parameter]]:
        for sau in self.walk():
            for cname, comp in sau.components.items():
                for key, p in comp.params.items():
                    yield sau, f"{cname}.{key}", p
