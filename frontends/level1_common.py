"""What the C and Fortran level-1 parses share: applying annotations, branch probabilities."""
from __future__ import annotations

from .aag import ExternalInput, Loc
from .errors import FrontendError


class AnnotatedParse:
    """Mixed into a level-1 parse that has ``file``, ``inputs``, ``regions``, ``_region`` (open
    regions), ``_pending`` (annotations waiting for their statement), ``granularity`` and
    ``problem(kind, message, where)``. ``DIRECTIVE`` is the language's spelling in messages."""

    DIRECTIVE = "#pragma interp"

    def apply_annotation(self, a, line: int) -> None:
        if a.kind == "input":
            inp = self.inputs.get(a.name)
            if inp is None:
                self.inputs[a.name] = ExternalInput(a.name, line, "annotation", a.value)
            else:
                inp.default = a.value
        elif a.kind == "region":
            self._region.append(a.name)
            self.regions[a.name] = Loc(self.file, line, line)
        elif a.kind == "end-region":
            if not self._region:
                raise FrontendError(f"'{self.DIRECTIVE} end region' without a matching region", self.file, line)
            name = self._region.pop()
            self.regions[name] = Loc(self.file, self.regions[name].first, line)
        elif a.kind == "granularity":
            self.granularity = a.value
        else:
            if a.kind in self._pending:
                raise FrontendError(f"two '{a.kind}' annotations for one statement", self.file, line)
            self._pending[a.kind] = a

    def _take(self, kind: str):
        return self._pending.pop(kind, None)

    def _branch_probs(self, branches, prob, where) -> None:
        """Algorithm 3 weights: prob() for conditions on data (or stated by the user), else 0.5."""
        dd = [b for b in branches if b.data_dependent]
        if prob is not None:
            if not dd:
                # The user states the probability: it replaces the conditions' values.
                dd = [b for b in branches if b.cond is not None]
                for b in dd:
                    b.data_dependent = True
            if len(prob.value) not in (1, len(dd)):
                raise FrontendError(f"prob() gives {len(prob.value)} values for {len(dd)} data-dependent "
                                    "conditions", self.file, prob.line)
            values = prob.value * len(dd) if len(prob.value) == 1 else prob.value
            for b, p in zip(dd, values):
                b.prob = p
        elif dd:
            for b in dd:
                b.prob = 0.5
            self.problem("assumption", "condition depends on data; taken with probability 0.5 "
                         f"(state it with '{self.DIRECTIVE} prob(P)')", where)
