"""``interp scale``: the latency metric of seed 002 (docs/scalability.md)."""
from __future__ import annotations

import click

from interp.cli.options import budget_options, prediction_options
from interp.cli.reported import reported
from interp.errors import InputError


def _matrix_lines(matrix: dict, title: str, digits: int = 3) -> list[str]:
    ns = sorted({a for a, _ in matrix} | {b for _, b in matrix})
    table = [["N \\ N'"] + [str(n) for n in ns]]
    for a in ns:
        table.append([str(a)] + [format(matrix[(a, b)], f".{digits}g") if (a, b) in matrix else "" for b in ns])
    widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
    return [title] + ["  " + "  ".join(c.rjust(w) for c, w in zip(r, widths)).rstrip() for r in table]


@click.command("scale")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@prediction_options("Process counts N: a comma list (2,4,8,16).", "2,4,8,16", str)
@click.option("--size", "size_name", metavar="NAME", help="The input that sets the problem size W.")
@click.option("--efficiency", "target", type=float, default=0.5, show_default=True,
              help="The efficiency E kept constant (seed 002 Eq. 3.7).")
@click.option("--integral", "integral_points", type=click.IntRange(0, 12), default=0, show_default=True,
              help="Gauss-Legendre nodes for Scale(N, N') (Eq. 3.8); each is one more search per N.")
@click.option("--latencies", metavar="N:L,...",
              help="Print the scale matrix of these latencies instead of predicting (seed 002 Table XII).")
@budget_options
@reported
def scale_cmd(files, machine, procs, defines, bound, scale, param, include_dirs, size_name, target,
              integral_points, latencies, max_events, timeout):
    """For each N, the smallest size W reaching efficiency E; the latency L(W, N) (seed 002 Eq. 3.5),
    the scale matrix L(W, N)/L(W', N') (Eq. 3.7) and Theorem 2's (W/N)/(W'/N') beside it."""
    from interp.studies.scale import parse_latencies, run_scale, scale_matrix

    if latencies is not None:
        if files:
            raise InputError("--latencies prints the matrix of given latencies: give no program files with it")
        lat = parse_latencies(latencies)
        click.echo("\n".join(_matrix_lines(scale_matrix(lat), "scale(E, (N, N')) = L(N) / L(N') (seed 002 Eq. 3.7):")))
        return
    if not files:
        raise InputError("give the program FILES (or --latencies N:L,... for given latencies)")
    if not size_name:
        raise InputError("--size NAME: name the input that sets the problem size W")
    from interp.output.format import fmt_time
    from interp.pipeline import parse_defines
    from interp.studies.grid import parse_procs_list
    from interp.studies.sweep import Settings

    inputs = parse_defines(defines)
    inputs.pop(size_name, None)
    settings = Settings(tuple(files), machine, bound, tuple(scale), tuple(param), tuple(include_dirs),
                        max_events, timeout)
    report = run_scale(settings, inputs, size_name, parse_procs_list(procs), target, integral_points)
    out = [f"scale: {' '.join(files)} on {machine}, efficiency E = {target:g} (E = 1 - L/T_para), size input {size_name}",
           "", "  N         W(N)      L(W,N)      T_para       E  predictions"]
    for n, f in sorted(report.found.items()):
        out.append(f"{n:>3}  {f.size:>11.6g}  {fmt_time(f.latency):>10}  {fmt_time(f.total):>10}  {f.efficiency:.4f}"
                   f"  {f.predictions:>11}")
    out.append("")
    out += _matrix_lines(report.matrix, "scale(E, (N, N')) = L(W, N) / L(W', N') (Eq. 3.7):", 4)
    out.append("")
    out += _matrix_lines(report.theorem, "Theorem 2 (Eq. 3.13): (W/N) / (W'/N'):", 4)
    if report.integral:
        out.append("")
        nodes = ", ".join(f"{e:.3f}" for e, _ in report.nodes)
        out += _matrix_lines(report.integral, f"Scale(N, N') = integral of scale over E (Eq. 3.8), "
                             f"Gauss-Legendre at E = {nodes}:", 4)
    click.echo("\n".join(out))
