"""Machine axes of interp sweep (docs/sweeps.md): --machine a,b, --scale KEY=F1,F2, --param NAME=V1,V2
as dimensions of the grid, against ping-pong times derived by hand from Table 3 of paper 001."""
import csv
import io
import json

import pytest

from interp.pipeline import predict

PING = "samples/pingpong_mpi.c"


def _json(cli, *args):
    res = cli("sweep", PING, "--format", "json", *args)
    assert res.exit_code == 0, res.stderr
    return json.loads(res.stdout)


def test_per_byte_scales_give_the_hand_derived_pingpong_times(cli):
    doc = _json(cli, "-D", "m=32,64", "-D", "reps=10", "--procs", "2",
                "--scale", "comm_sync.per_byte=0.25,0.5,1")
    # Order: m slowest, then the scale axis in the order given, then procs.
    assert [(p["inputs"]["m"], p["machine_axes"]["scale:comm_sync.per_byte"]) for p in doc["points"]] == [
        (32, 0.25), (32, 0.5), (32, 1), (64, 0.25), (64, 0.5), (64, 1)]
    assert doc["machine_axes"] == {"scale:comm_sync.per_byte": [0.25, 0.5, 1]}
    # iPSC/860, Table 3: a static-buffer message of m <= 100 bytes costs 70 us + 0.42 us * m + 11 us
    # per hop. On rank 0's critical path lie 10 round trips (20 messages of m bytes) and the two
    # MPI_Bcast of one 4-byte int each (m, reps), so with per_byte scaled by s
    #   T(s, m) = C + s * 0.42 us * (20 m + 2 * 4)
    # where C (startups, hops, loop overhead, computation) does not depend on s or m.
    constants = []
    for p in doc["points"]:
        m, s = p["inputs"]["m"], p["machine_axes"]["scale:comm_sync.per_byte"]
        constants.append(p["predicted_seconds"] - s * 0.42e-6 * (20 * m + 8))
    assert max(constants) - min(constants) < 1e-15
    # C itself: 20 startups + 20 hops + the two Bcasts' startups and hops, etc.: the unscaled
    # prediction of m=32 minus its per-byte part, as interp run gives it.
    run = predict([PING], "ipsc860", 2, ["m=32", "reps=10"], interactive=False).result
    assert constants[0] == pytest.approx(run.total - 0.42e-6 * (20 * 32 + 8), rel=1e-12)
    # Each point equals interp run with the same --scale.
    scaled = predict([PING], "ipsc860", 2, ["m=64", "reps=10"], scale=("comm_sync.per_byte=0.25",),
                     interactive=False).result
    assert doc["points"][3]["predicted_seconds"] == pytest.approx(scaled.total, rel=1e-12)


def test_machines_and_params_are_axes_with_columns(cli):
    res = cli("sweep", PING, "-D", "m=64", "-D", "reps=2", "--procs", "2", "--machine", "ipsc860,paragon",
              "--scale", "comm_sync.startup=1,2", "--format", "csv")
    assert res.exit_code == 0, res.stderr
    rows = list(csv.DictReader(io.StringIO(res.stdout)))
    assert [(r["machine"], r["scale:comm_sync.startup"]) for r in rows] == [
        ("ipsc860", "1"), ("ipsc860", "2"), ("paragon", "1"), ("paragon", "2")]
    for r in rows:
        alone = predict([PING], r["machine"], 2, ["m=64", "reps=2"],
                        scale=(f"comm_sync.startup={r['scale:comm_sync.startup']}",), interactive=False).result
        assert float(r["predicted_seconds"]) == pytest.approx(alone.total, rel=1e-12)
    text = cli("sweep", PING, "-D", "m=64", "-D", "reps=2", "--procs", "2", "--machine", "ipsc860,paragon").stdout
    assert "machine in {ipsc860, paragon}" in text
    assert "Intel iPSC/860" in text and "Intel Paragon" in text
    # The run-time load of the iPSC/860 (its YAML declares load: 0) as an axis.
    doc = _json(cli, "-D", "m=64", "-D", "reps=2", "--procs", "2", "--param", "load=0,0.5")
    assert [p["machine_axes"] for p in doc["points"]] == [{"param:load": 0}, {"param:load": 0.5}]
    loaded = predict([PING], "ipsc860", 2, ["m=64", "reps=2"], params=("load=0.5",), interactive=False).result
    assert doc["points"][1]["predicted_seconds"] == pytest.approx(loaded.total, rel=1e-12)
    # (No formula of ipsc860.yaml reads load, so both points take the same time: the axis is applied
    # exactly as interp run --param applies it.)
    assert doc["points"][1]["predicted_seconds"] == doc["points"][0]["predicted_seconds"]


def test_a_single_scale_value_stays_a_fixed_what_if(cli):
    doc = _json(cli, "-D", "m=64", "-D", "reps=2", "--procs", "2", "--scale", "comm_sync.per_byte=0.5")
    assert doc["machine_axes"] == {} and doc["points"][0]["machine_axes"] == {}
    assert doc["scenario"] and "per_byte" in doc["scenario"][0]


@pytest.mark.parametrize("args,message", [
    (("--scale", "comm_sync.per_byte=1,,2"), "--scale 'comm_sync.per_byte=1,,2': empty value"),
    (("--scale", "comm_sync.per_byte=1,1"), "a value is repeated"),
    (("--scale", "comm_sync.per_byte=1,x"), "'x' is not a number"),
    (("--scale", "comm_sync.per_byte=1", "--scale", "comm_sync.per_byte=2"), "given twice"),
    (("--scale", "comm_sync.per_byte=1,0"), "the factor must be positive"),
    (("--machine", "ipsc860,ipsc860"), "a machine is repeated"),
    (("--machine", "ipsc860,nosuch.yaml"), "nosuch.yaml"),
    (("--param", "load=0,0.3", "--measured", "samples/README.md"), "--measured compare one machine"),
])
def test_bad_machine_axes_are_one_clear_error(cli, args, message):
    res = cli("sweep", PING, "-D", "m=64", "-D", "reps=2", "--procs", "2", *args)
    assert res.exit_code == 2, res.stdout
    assert message in res.stderr
    assert "Traceback" not in res.stderr


def test_shipped_programs_are_parsed_once_per_macro_value(cli, tmp_path):
    # An input also tested in #ifndef reaches the preprocessor (pipeline.macro_names): the sweep
    # parses the program once per value of it (studies/shipped.py), and each point is what
    # interp run gives: 3 or 7 global syncs per process, 2 processes.
    from interp.studies.shipped import prepare
    from interp.studies.sweep import Settings, grid

    src = tmp_path / "m.c"
    src.write_text('#include "nx.h"\n#ifndef STEPS\n#define STEPS 3\n#endif\nint main(void)\n{\n'
                   "    long i;\n    for (i = 0; i < STEPS; i++)\n        gsync();\n    return 0;\n}\n")
    points = grid([("STEPS", [3.0, 7.0])], [2])
    assert len(prepare(Settings((str(src),), "ipsc860"), points).programs) == 2
    doc = json.loads(cli("sweep", src, "-D", "STEPS=3,7", "--procs", "2", "--format", "json").stdout)
    for p in doc["points"]:
        alone = predict([str(src)], "ipsc860", 2, [f"STEPS={p['inputs']['STEPS']}"], interactive=False).result
        assert p["predicted_seconds"] == alone.total
    assert doc["points"][1]["predicted_seconds"] > doc["points"][0]["predicted_seconds"]
