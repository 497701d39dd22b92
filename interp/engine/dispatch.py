"""A call through a function pointer (paper Table 4's Call, its callee known only at run time).

The C frontend writes a call through a pointer as a Condt marked ``dispatch`` (frontends/c/
dispatch.py): one branch per function the pointer may hold, taken when the pointer holds that
function's handle, each holding the function's Call. On each process the chain takes the branch of
the function the pointer holds there, as a branch on a followed value is decided, and charges
nothing for the choice: the call costs what the direct call of that function costs (the closed
forms do the same, interp/models/omega.py). A pointer whose value is not known on the process (it
comes from data) is an error naming the line and the annotation that states the call's time, and
one that holds none of the branches' functions (null, a function of another arity) is an error too.
"""
from __future__ import annotations

from frontends.aag import Condt

from interp.errors import InputError

CALLEE = "callee of the call through a pointer"


class Dispatch:
    """Mixin of chain.Chain: the branch of the function a pointer holds."""

    def dispatched(self, a: Condt):
        if self.sym_waits is not None and a.id in self.engine.symmetry.branches:  # on the rank: classes
            self.engine.symmetry.check_branch(self, a)
        chosen = next((b for b in a.branches if self.decide(self.need(b.cond, CALLEE), CALLEE)), None)
        if chosen is None:
            raise InputError(f"{a.loc}: the call through pointer {a.dispatch} on {self.label} reaches none of the "
                             f"program's functions it may call ({', '.join(b.body[0].callee + '()' for b in a.branches)}): "
                             "the pointer is null or holds a function of another number of arguments")
        s, start = self.stats(a), self.clock + self.offset
        self.stack.append(s)
        flow = yield from self.body(chosen.body)
        self.stack.pop()
        s.record(start, self.clock + self.offset - start)
        self.trace_compound(a, start)
        return flow
