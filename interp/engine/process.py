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
    # its key in the engine's queue: the chain's index, or for a non-blocking collective's progress
    # (engine/nonblocking.py) a number of its own, as the messages it sends are its process's
    qid: int = -1

    def __post_init__(self):
        if self.qid < 0:
            self.qid = self.chain.index

    @property
    def index(self) -> int:
        return self.chain.index

    @property
    def label(self) -> str:
        return self.chain.label
