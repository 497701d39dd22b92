"""A process as the engine holds it: its chain (paper 3.4.1) and where it stands in Algorithm 2."""
from __future__ import annotations

from dataclasses import dataclass, field

from interp.engine.ops import Op


@dataclass(slots=True)
class Process:
    chain: object  # interp.engine.chain.Chain
    stack: list = field(default_factory=list)  # generators: the chain, then collective steps
    op: Op | None = None  # the operation it handed the engine and that is not complete yet
    op_time: float = 0.0  # when it handed it over (its clock then)
    blocked: object = None  # what it waits for, when blocked: a str, or an ops.Why (str() gives the words)
    done: bool = False
    started: bool = False
    events: int = 0  # operations of this process the engine has taken
    skipped: int = 0  # operations of this process in extrapolated steady-state iterations

    @property
    def index(self) -> int:
        return self.chain.index

    @property
    def label(self) -> str:
        return self.chain.label
