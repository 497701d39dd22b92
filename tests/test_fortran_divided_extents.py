"""Array syntax over arrays whose extents divide (frontends/fortran/bound_text.py): the loop nest
the rewrite writes takes the bound as Fortran text, and an integer division, MOD, MAX or MIN in it
is written as the Fortran that computes it. Before, ``allocate(u(n/np)); u = 0`` was refused:
"a bound (CDiv(n, np)) that is not simple arithmetic".

By hand, n = 1002 on 4 ranks (Fortran's integer division truncates toward zero):
- u(n/np): 250 per rank, 1,000 in all;
- v(mod(n, np) + n/np): 2 + 250 = 252 per rank, 1,008;
- w(max(n/np, 300)): 300 per rank, 1,200;
- r(n/(me+1)): 1002, 501, 334, 250 on ranks 0..3, 2,087;
- z(-((-n)/np)): (-1002)/4 = -250 (not floor's -251), so 250 per rank, 1,000;
- b(nloc/2) = a(1:nloc:2) + a(2:nloc:2) with nloc = 250: 125 per rank, 500.
"""
from __future__ import annotations

from interp.pipeline import predict

PROGRAM = """program extents
  use mpi
  implicit none
  integer :: ierr, n, np, me, nloc
  double precision, allocatable :: u(:), v(:), w(:), r(:), z(:), a(:), b(:)
  call MPI_Init(ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, me, ierr)
  n = 1002
  nloc = n / np
  allocate(u(n/np), v(mod(n, np) + n/np), w(max(n/np, 300)), r(n/(me+1)), z(-((-n)/np)))
  u = 0.0d0
  v = 1.0d0
  w = 2.0d0
  r = 3.0d0
  z = 4.0d0
  allocate(a(nloc), b(nloc/2))
  a = 5.0d0
  b = a(1:nloc:2) + a(2:nloc:2)
  call MPI_Finalize(ierr)
end program extents
"""


def test_divided_extents_give_their_loops(tmp_path):
    path = tmp_path / "extents.f90"
    path.write_text(PROGRAM)
    r = predict([str(path)], "ipsc860", 4, [], interactive=False).result
    per_line = {}
    per_rank = {}
    for (proc, _), s in r.aaus.items():
        if s.cls == "Seq":
            line = s.loc.rsplit(":", 1)[1]
            per_line[line] = per_line.get(line, 0) + s.executions
            per_rank[(proc, line)] = s.executions
    assert {k: per_line[k] for k in ("12", "13", "14", "15", "16", "19")} == {
        "12": 1000, "13": 1008, "14": 1200, "15": 2087, "16": 1000, "19": 500}
    assert [per_rank[(me, "15")] for me in range(4)] == [1002, 501, 334, 250]


def test_a_bound_fortran_cannot_write_names_itself_in_source_terms():
    import sympy
    from frontends.aag import symexpr as S
    from frontends.fortran.bound_text import fortran_text, written
    n, p = S.var("n"), S.var("np")
    assert fortran_text(S.CDiv(n, p) + 1) == "((n) / (np)) + 1"
    assert fortran_text(sympy.Max(S.CMod(n, p), 3)) == "max(3, mod(n, np))"
    element = S.Elem(S.Str("counts"), n)  # an element picked at run time: no Fortran bound here
    assert fortran_text(element) is None
    assert "CDiv" not in written(S.CDiv(n, p) + element)
