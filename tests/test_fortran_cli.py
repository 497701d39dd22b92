"""Fortran from the command line: -D names are case-insensitive, --form overrides the extension."""
import shutil

from interp.pipeline import predict


def test_fortran_host_node_matches_c_on_the_command_line(cli):
    f = cli("run", "samples/fortran/trapezoid_host.f", "samples/fortran/trapezoid_node.f", "-p", 4,
            "-D", "N=1000", "-D", "REPS=2", "--level", "aag")
    c = cli("run", "samples/trapezoid_host.c", "samples/trapezoid_node.c", "-p", 4,
            "-D", "n=1000", "-D", "reps=2", "--level", "aag")
    assert f.exit_code == 0 and c.exit_code == 0, f.output + c.output
    line = lambda out: next(l for l in out.splitlines() if l.startswith("predicted time"))  # noqa: E731
    assert line(f.stdout) == line(c.stdout)


def test_form_option_reads_fixed_form_from_any_extension(tmp_path, cli):
    for name in ("trapezoid_host", "trapezoid_node"):
        shutil.copy(f"samples/fortran/{name}.f", tmp_path / f"{name}.src")
    files = [str(tmp_path / "trapezoid_host.src"), str(tmp_path / "trapezoid_node.src")]
    by_form = predict(files, "ipsc860", 2, ["n=100", "reps=1"], interactive=False, form="fixed").result
    by_ext = predict(["samples/fortran/trapezoid_host.f", "samples/fortran/trapezoid_node.f"], "ipsc860", 2,
                     ["n=100", "reps=1"], interactive=False).result
    assert by_form.total == by_ext.total
    r = cli("run", *files, "-p", 2, "-D", "n=100", "-D", "reps=1", "--form", "fixed", "--level", "aag")
    assert r.exit_code == 0, r.output
