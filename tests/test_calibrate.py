"""interp calibrate: fitting and file writing on recorded benchmark outputs (no timing asserts)."""
import math
import pytest

from interp.calibrate import fit, hostinfo, levels
from interp.calibrate.writer import HostInfo, fmt_range, render
from sag import Bound, loads

# A recorded node_bench output (seconds per operation), as printed on a 3 GHz x86 core.
NODE_OUT = """loop 3.7e-10
int_add 3.3e-10
int_mul 1.0e-09
int_div 4.5e-09
real_add 7.0e-10
real_mul 1.5e-09
real_div 4.0e-09
double_add 7.0e-10
double_mul 1.5e-09
double_div 5.0e-09
conv_roundtrip 4.0e-09
lib_base 7.4e-10
lib_sqrt 7.0e-09
lib_exp 1.4e-08
lib_log 1.7e-08
lib_sin 1.8e-08
lib_cos 2.0e-08
lib_pow 3.6e-08
lib_fabs 5.0e-10
lib_rand 1.9e-08
timer_clock_gettime 2.0e-08
timer_gettimeofday 2.1e-08
timer_time 3.0e-09
timer_clock 3.2e-07
timer_res 1.0e-09
timer_step 2.0e-08
iter_per 4.0e-10
iter_per_step 5.0e-10
iter_inner1 1.0e-09
iter_inner1_step 1.2e-09
cond_never 1.1e-09
cond_always 1.6e-09
call0 7.0e-10
call1 1.7e-09
call4 2.0e-09
fetch_hit 2.0e-09
fetch_miss 1.8e-07
store_hit 2.0e-10
store_miss 1.4e-08
stream_bw 8.0e+09
chase_bytes 5.36870912e+08
"""


def _pingpong(startup, per_byte, dyn_startup, dyn_per_byte, switch):
    sizes = [0, 8, 64, 512, 1024, 4096, 8192, 16384, 65536, 262144, 1048576]
    return [(m, (startup + per_byte * m) if m <= switch else (dyn_startup + dyn_per_byte * m)) for m in sizes]


def _mpi_out(scale=1.0):
    lines = [f"pingpong {m} {t * scale:.6e}" for m, t in _pingpong(0.6e-6, 0.25e-9, 5e-6, 0.14e-9, 8192)]
    lines += ["barrier 0 1.0e-06", "bcast 8 4.0e-07", "bcast 4096 7.28e-07", "bcast 262144 2.1e-05",
              "allreduce 8 1.2e-06", "allreduce 4096 2.8e-06", "allreduce 262144 1.0e-04",
              f"wtime 0 {5.0e-08 * scale:.6e}", f"dclock 0 {5.2e-08 * scale:.6e}", "wtick 0 1.000000e-09"]
    return "\n".join(lines) + "\n"


def test_node_values_by_hand():
    v = fit.node_values(fit.parse_node(NODE_OUT))
    assert v["ops.int_add"] == pytest.approx(3.3e-10)
    assert v["ops.int_to_real"] == v["ops.real_to_int"] == pytest.approx(2.0e-9)   # round trip halved
    assert v["iter.fixed"] == pytest.approx(1.0e-9 - 2 * 4.0e-10)
    assert v["iter.fixed_step"] == pytest.approx(1.2e-9 - 2 * 5.0e-10)
    assert v["cond.per_condition"] == pytest.approx(1.1e-9 - 4.0e-10)
    assert v["cond.branch_taken"] == pytest.approx(0.5e-9)
    assert v["call.per_call"] == pytest.approx(1.0e-9)
    assert v["call.per_arg"] == pytest.approx(1.0e-10)
    # lib.X = measured - per_call - nargs * per_arg
    assert v["lib.sqrt"] == pytest.approx(7.0e-9 - 1.0e-9 - 1.0e-10)
    assert v["lib.pow"] == pytest.approx(3.6e-8 - 1.0e-9 - 2.0e-10)
    assert v["lib.rand"] == pytest.approx(1.9e-8 - 1.0e-9)
    assert v["lib.fabs"] == 0.0          # negative difference clamped
    # Timers (the empty loop already subtracted in node_bench): the same rule, 2 / 2 / 1 / 0 args.
    assert v["lib.clock_gettime"] == pytest.approx(2.0e-8 - 1.0e-9 - 2 * 1.0e-10)
    assert v["lib.gettimeofday"] == pytest.approx(2.1e-8 - 1.0e-9 - 2 * 1.0e-10)
    assert v["lib.time"] == pytest.approx(3.0e-9 - 1.0e-9 - 1.0e-10)
    assert v["lib.clock"] == pytest.approx(3.2e-7 - 1.0e-9)
    assert v["timer_res"] == 1.0e-9 and v["timer_step"] == 2.0e-8
    assert v["clock_measured"] == pytest.approx(1 / 3.3e-10)


def test_stat_over_runs():
    s = fit.Stat.of([3.0, 1.0, 2.0, 10.0])
    assert (s.lo, s.hi, s.median, s.runs) == (1.0, 10.0, 2.5, 4)


def test_linear_fit_exact():
    a, b = fit.linear_fit([(0, 1e-6), (1000, 2e-6), (4000, 5e-6)])
    assert a == pytest.approx(1e-6) and b == pytest.approx(1e-9)


def test_pingpong_switch_found():
    f = fit.fit_pingpong(_pingpong(0.6e-6, 0.25e-9, 5e-6, 0.14e-9, 8192))
    assert f.switch == 8192
    assert f.static[0] == pytest.approx(0.6e-6) and f.static[1] == pytest.approx(0.25e-9)
    assert f.dynamic[0] == pytest.approx(5e-6) and f.dynamic[1] == pytest.approx(0.14e-9)


def test_pingpong_no_switch_one_line():
    f = fit.fit_pingpong([(m, 1e-6 + 1e-10 * m) for m in (0, 8, 64, 512, 4096, 32768, 262144)])
    assert f.dynamic is None and f.switch is None
    assert f.static[0] == pytest.approx(1e-6) and f.static[1] == pytest.approx(1e-10)


def _info():
    return HostInfo("testhost", "2024-01-01", "gcc", "-O2", 2, "Test CPU", 2100.0,
                    {"L1d": {"size": 48 << 10, "block": 64, "assoc": 12},
                     "L1i": {"size": 32 << 10, "block": 64, "assoc": 8},
                     "L3": {"size": 32 << 20, "block": 64, "assoc": 16}},
                    24 << 30, 4096, "MPICH 4.0.2")


def _node_stats():
    runs = []
    for k in (1.0, 1.1, 1.3):
        text = "\n".join(f"{n} {float(v) * (k if n not in ('chase_bytes', 'timer_res') else 1)}"
                         for n, v in (ln.split() for ln in NODE_OUT.splitlines()))
        r = fit.parse_node(text)
        runs.append(fit.node_values(r) | {"chase_bytes": r["chase_bytes"]})
    return fit.over_runs(runs)


def test_written_file_loads_with_ranges():
    node = _node_stats()
    comm = fit.over_runs([fit.comm_values(fit.parse_mpi(_mpi_out(s))) for s in (1.0, 1.2)])
    text = render(_info(), node, comm)
    sag = loads(text, "host.yaml")
    assert "calibration run on testhost, 2024-01-01, gcc -O2" in text
    cu = sag.by_role("compute")[0]
    assert cu.count == 2
    proc = cu.effective("processing")
    add = proc["ops.int_add"]
    # [min, max] over the three runs (x1.0, x1.1, x1.3), 4 significant digits.
    assert add.value(Bound.parse("min")) == pytest.approx(3.3e-10)
    assert add.value(Bound.parse("max")) == pytest.approx(3.3e-10 * 1.3, rel=1e-3)
    assert "# median 0.363 ns, 3 runs" in text
    mem = cu.effective("memory")
    assert mem["fetch_miss"].value(Bound.parse("min")) == pytest.approx(1.8e-7)
    assert mem["cache.size"].value(Bound.parse("min")) == 32 << 20
    cs = cu.effective("comm_sync")
    assert cs["static.startup"].value(Bound.parse("min")) == pytest.approx(0.6e-6, rel=1e-3)
    assert cs["dynamic.startup"].value(Bound.parse("max")) == pytest.approx(6e-6, rel=1e-3)
    assert cs["static_buffer"].value(Bound.parse("min")) == 8192
    # bcast fitted at n = 2: a + b*m with a = 0.4 us, b = 0.08 ns/B (log2(2) = 1).
    bc = cs["collectives.bcast"].value(Bound.parse("min"), m=4096, n=2, h=0)
    assert bc == pytest.approx(0.4e-6 + 0.08e-9 * 4096, rel=0.05)
    assert sag.by_role("host") and sag.by_role("link")


def test_written_file_without_mpi_has_void_comm():
    text = render(_info(), _node_stats(), None)
    sag = loads(text, "host.yaml")
    cu = sag.by_role("compute")[0]
    assert cu.component("comm_sync").kind == "void"
    assert "not measured" in text


def test_written_file_passes_machine_check(cli, tmp_path):
    path = tmp_path / "host.yaml"
    path.write_text(render(_info(), _node_stats(), None))
    res = cli("machine", "check", path)
    assert res.exit_code == 0 and res.output.startswith("ok:")


def test_sysfs_caches_and_cpuinfo(tmp_path):
    for i, (level, kind, size) in enumerate([(1, "Data", "48K"), (1, "Instruction", "32K"), (3, "Unified", "300M")]):
        d = tmp_path / f"index{i}"
        d.mkdir()
        for name, value in (("level", level), ("type", kind), ("size", size), ("coherency_line_size", 64),
                            ("ways_of_associativity", 12)):
            (d / name).write_text(f"{value}\n")
    c = hostinfo.caches(tmp_path)
    assert c["L1d"] == {"size": 48 << 10, "block": 64, "assoc": 12}
    assert c["L3"]["size"] == 300 << 20
    assert hostinfo.cpuinfo("model name\t: Foo CPU\ncpu MHz\t\t: 2100.000\n") == ("Foo CPU", 2100.0)
    assert hostinfo.cpuinfo("processor : 0\n") [1] is None


GETCONF = """LEVEL1_ICACHE_SIZE                 32768
LEVEL1_ICACHE_ASSOC                
LEVEL1_ICACHE_LINESIZE             64
LEVEL1_DCACHE_SIZE                 49152
LEVEL1_DCACHE_ASSOC                12
LEVEL1_DCACHE_LINESIZE             64
LEVEL2_CACHE_SIZE                  2097152
LEVEL2_CACHE_ASSOC                 16
LEVEL2_CACHE_LINESIZE              64
LEVEL4_CACHE_SIZE                  
"""


def test_caches_from_getconf_and_sysctl():
    assert hostinfo.caches_getconf(GETCONF) == {
        "L1i": {"size": 32768, "block": 64}, "L1d": {"size": 49152, "assoc": 12, "block": 64},
        "L2": {"size": 2 << 20, "assoc": 16, "block": 64}}
    mac = "hw.l1dcachesize: 65536\nhw.l1icachesize: 131072\nhw.l2cachesize: 4194304\nhw.cachelinesize: 128\n"
    assert hostinfo.caches_sysctl(mac) == {"L1d": {"size": 65536, "block": 128}, "L1i": {"size": 131072, "block": 128},
                                           "L2": {"size": 4 << 20, "block": 128}}
    assert hostinfo.caches_getconf("") == {} and hostinfo.caches_sysctl("unknown oid 'hw.l3cachesize'") == {}


def _sweep_text(plateaus):
    """node_bench sweep lines: read bandwidth per plateau (up to its size), write half of it."""
    lines, size = [], 8192
    for top, bw in plateaus:
        while size <= top:
            lines += [f"bwr_{size} {bw:.6e}", f"bww_{size} {bw / 2:.6e}"]
            size = int(size * 2 ** 0.5)
    return "\n".join(lines) + "\n"


def test_cache_levels_counted_from_the_sweep():
    # 46 GB/s to 32 KiB, 29 GB/s to 1.5 MiB, 20 GB/s to 16 MiB, 9 GB/s beyond: three levels.
    sweep = levels.parse_sweep(fit.parse_lines(_sweep_text(
        [(32 << 10, 46e9), (1536 << 10, 29e9), (16 << 20, 20e9), (64 << 20, 9e9)])))
    assert levels.count_levels(sweep) == 3
    flat = levels.parse_sweep(fit.parse_lines(_sweep_text([(64 << 20, 9e9)])))
    assert levels.count_levels(flat) == 0


def test_measured_caches_without_the_operating_system(monkeypatch):
    from interp.calibrate import driver as cmd
    text = _sweep_text([(32 << 10, 46e9), (1536 << 10, 29e9), (64 << 20, 9e9)]) + NODE_OUT
    monkeypatch.setattr(cmd.tools, "run", lambda *a, **k: text)
    caches = cmd._measure_caches("node_bench", 1.0, None, 64)
    # The largest buffer of each plateau (sizes 8192 x sqrt(2)^k, rounded down at each step).
    assert caches == {"L1d": {"size": 32765, "block": 64}, "L2": {"size": 1482701, "block": 64}}
    assert list(cmd._measure_caches("node_bench", 1.0, 1, 64)) == ["L1d"]


def test_no_caches_from_the_os_needs_a_line_size(cli, tmp_path, monkeypatch):
    from interp.calibrate import driver as cmd
    monkeypatch.setattr(cmd.hostinfo, "os_caches", lambda: ({}, None))
    monkeypatch.setattr(cmd.tools, "compile_c", lambda *a, **k: tmp_path / "x")
    res = cli("calibrate", "--out", str(tmp_path / "h.yaml"), "--no-mpi")
    assert res.exit_code == 2 and "give --line-size" in res.output


def test_calibrate_bad_out_is_exit_2(cli, tmp_path):
    res = cli("calibrate", "--out", tmp_path)
    assert res.exit_code == 2


def test_unparseable_output_is_input_error():
    from interp.errors import InputError
    with pytest.raises(InputError):
        fit.parse_node("garbage\n")


def test_per_byte_goes_through_the_measured_points():
    # One-way times 1 us at 0 B, 1 us at 8 B, 2 us at 1008 B, 3 us at 3008 B; startup 1 us.
    pts = [(0, 1e-6), (8, 1e-6), (1008, 2e-6), (3008, 3e-6)]
    expr = fit.per_byte_expr(pts, 1e-6)
    # slopes 0, 1 ns/B, 0.5 ns/B: hinges at 8 (+1) and 1008 (-0.5)
    assert expr == "max(0,0*m+1*max(0,m-8)-0.5*max(0,m-1008))/max(m,1) ns"
    text = f'''
name: t
sag:
  id: A
  comm_sync: {{static: {{startup: 1 us, per_byte: "{expr}"}}}}
'''
    p = loads(text, "t.yaml").find("A").effective("comm_sync")["static.per_byte"]
    one_way = lambda m: 1e-6 + p.value(Bound.parse("mid"), m=m) * m  # noqa: E731
    assert one_way(8) == pytest.approx(1e-6)
    assert one_way(508) == pytest.approx(1.5e-6)      # halfway from 8 B to 1008 B
    assert one_way(2008) == pytest.approx(2.5e-6)     # halfway from 1008 B to 3008 B
    assert one_way(5008) == pytest.approx(4e-6)       # the last slope continued
    assert one_way(0) == pytest.approx(1e-6)


def test_written_comm_interpolates_per_size():
    comm = fit.over_runs([fit.comm_values(fit.parse_mpi(_mpi_out(s))) for s in (1.0, 1.2)])
    cs = loads(render(_info(), _node_stats(), comm), "host.yaml").by_role("compute")[0].effective("comm_sync")
    # The recorded ping-pong is linear within each class: at 4096 B the min-bound one-way time is
    # 0.6 us + 0.25 ns/B x 4096 (the x1.0 run), at 262144 B 5 us + 0.14 ns/B x 262144.
    lo = Bound.parse("min")
    for m, cls, expected in ((4096, "static", 0.6e-6 + 0.25e-9 * 4096),
                             (262144, "dynamic", 5e-6 + 0.14e-9 * 262144)):
        t = cs[f"{cls}.startup"].value(lo) + cs[f"{cls}.per_byte"].value(lo, m=m) * m
        assert t == pytest.approx(expected, rel=1e-4)


def test_written_timers():
    node = _node_stats()
    comm = fit.over_runs([fit.comm_values(fit.parse_mpi(_mpi_out(s))) for s in (1.0, 1.2)])
    text = render(_info(), node, comm)
    sag = loads(text, "host.yaml")
    lo, hi = Bound.parse("min"), Bound.parse("max")
    for role in ("compute", "host"):   # the host SAU has the same processing costs
        proc = sag.by_role(role)[0].effective("processing")
        # lib.clock_gettime over the runs x1.0, x1.1, x1.3: measured x k minus (per_call + 2 per_arg) x k.
        assert proc["lib.clock_gettime"].value(lo) == pytest.approx(2.0e-8 - 1.2e-9, rel=1e-3)
        assert proc["lib.clock_gettime"].value(hi) == pytest.approx((2.0e-8 - 1.2e-9) * 1.3, rel=1e-3)
        assert proc["lib.clock"].value(lo) == pytest.approx(3.2e-7 - 1.0e-9, rel=1e-3)
        # machine.* is the whole cost: the mpi_bench figures of the runs x1.0 and x1.2.
        assert proc["machine.MPI_Wtime"].value(lo) == pytest.approx(5.0e-8)
        assert proc["machine.MPI_Wtime"].value(hi) == pytest.approx(6.0e-8)
        assert proc["machine.dclock"].value(hi) == pytest.approx(5.2e-8 * 1.2)
    # Resolutions are comments: clock_getres 1 ns (not scaled), smallest step the x1.0 run's 20 ns.
    assert "resolution 1 ns (clock_getres), smallest step seen 20 ns" in text
    assert "; MPI_Wtick 1e-09 s" in text


def test_without_mpi_no_machine_calls_and_the_file_loads():
    text = render(_info(), _node_stats(), None)
    proc = loads(text, "host.yaml").by_role("compute")[0].effective("processing")
    assert "lib.clock_gettime" in proc
    assert not [k for k in proc if k.startswith("machine.")]


def test_node_output_without_timers_still_fits():
    """An output recorded before the timers were measured: no lib.<timer>, nothing written."""
    old = "\n".join(ln for ln in NODE_OUT.splitlines() if not ln.startswith("timer_"))
    v = fit.node_values(fit.parse_node(old))
    assert "lib.clock_gettime" not in v and "timer_res" not in v
    text = render(_info(), fit.over_runs([v | {"chase_bytes": 5.36870912e8}]), None)
    assert "clock_gettime" not in text
    loads(text, "host.yaml")


def test_chase_sizes_from_the_sweep():
    caches = {"L1d": {"size": 48 << 10}, "L1i": {"size": 32 << 10}, "L2": {"size": 2 << 20},
              "L3": {"size": 300 << 20}}
    # The sweep's plateaus end at 32 KiB, 2 MiB, 16 MiB (the VM's share of a 300 MiB L3): a quarter.
    found = {"levels.L1.size": 32768, "levels.L2.size": 2097152, "levels.L3.size": 16777216}
    assert levels.chase_sizes(found, caches, 512 << 20) == {"L1": 8192, "L2": 512 << 10, "L3": 4 << 20}
    # A plateau larger than /sys (the sweep's sizes are a factor sqrt(2) apart): /sys caps it.
    assert levels.chase_sizes({"levels.L1.size": 65536}, caches, 512 << 20)["L1"] == 12288
    # No sweep result: the /sys size, at most the sweep's top (a quarter of the 512 MiB chase
    # buffer: 128 MiB), a quarter of that.
    assert levels.chase_sizes({}, caches, 512 << 20) == {"L1": 12288, "L2": 512 << 10, "L3": 32 << 20}
    # A plateau found too small (a quarter below the level beneath): twice the level beneath.
    assert levels.chase_sizes({"levels.L3.size": 8 << 20}, caches, 512 << 20)["L3"] == 4 << 20


def test_level_latency_range_over_runs():
    caches = {"L1d": {"size": 48 << 10}, "L2": {"size": 2 << 20}, "L3": {"size": 300 << 20}}
    sizes = levels.chase_sizes({}, caches, 512 << 20)
    runs = []
    for l1, l2, l3 in ((1.9e-9, 8.7e-9, 7.9e-8), (2.0e-9, 1.06e-8, 6.7e-8), (1.9e-9, 1.03e-8, 5.2e-8)):
        chase = fit.parse_chase(f"chase_12288 {l1:e}\nchase_524288 {l2:e}\nchase_33554432 {l3:e}\n")
        v = fit.node_values(fit.parse_node(NODE_OUT)) | {"chase_bytes": 5.36870912e8}
        runs.append(v | levels.latencies(chase, sizes))
    node = fit.over_runs(runs)
    assert (node["levels.L2.latency"].lo, node["levels.L2.latency"].hi) == (8.7e-9, 1.06e-8)
    assert node["levels.L3.latency"].median == 6.7e-8
    text = render(HostInfo("h", "2026-01-01", "gcc", "-O2", 2, caches=caches), node, None)
    assert "pointer chase within 32 MiB, random 64 B lines" in text   # the same size in every run
    mem = loads(text, "host.yaml").find("SAU-000").effective("memory")
    assert mem["levels.L2.latency"].value(Bound.parse("min")) == pytest.approx(8.7e-9)
    assert mem["levels.L3.latency"].value(Bound.parse("max")) == pytest.approx(7.9e-8)
    # main.fetch: the latency beyond the last level, the fetch_miss chase.
    main = loads(text, "host.yaml").find("SAU-001").effective("memory")
    assert main["main.fetch"].value(Bound.parse("min")) == pytest.approx(1.8e-7)


def _coll_out(barrier, a, b):
    """A ``mpi_bench SCALE coll`` output with exact lines: bcast a + b*m, allreduce twice that."""
    lines = [f"barrier 0 {barrier:.6e}"]
    for m in (8, 4096, 262144):
        lines += [f"bcast {m} {a + b * m:.6e}", f"allreduce {m} {2 * (a + b * m):.6e}"]
    return "\n".join(lines) + "\n"


def test_collective_counts_up_to_the_cores():
    from interp.calibrate.collectives import counts
    assert counts(2) == [] and counts(1) == []
    assert counts(4) == [4] and counts(6) == [4, 6] and counts(16) == [4, 8, 16]


def test_collectives_through_the_measured_process_counts():
    from interp.calibrate import collectives
    runs = []
    for s in (1.0, 1.2):
        v = fit.comm_values(fit.parse_mpi(_mpi_out(s)))
        v |= collectives.values(fit.parse_mpi(_coll_out(2.5e-6, 0.9e-6, 0.16e-9), pingpong=False), 4)
        v |= collectives.values(fit.parse_mpi(_coll_out(4.5e-6, 1.5e-6, 0.25e-9), pingpong=False), 8)
        runs.append(v)
    text = render(_info(), _node_stats(), fit.over_runs(runs))
    assert "measured at n = 2, 4, 8: linear in log2(n) between them" in text
    coll = loads(text, "host.yaml").by_role("compute")[0].effective("comm_sync")
    barrier = coll["collectives.barrier"]
    # Barrier 1.0, 2.5, 4.5 us at n = 2, 4, 8: slopes per log2 step 1.0, 1.5, 2.0.
    at = lambda p, n, m=0: p.value(Bound.parse("min"), m=m, n=n, h=0)  # noqa: E731
    assert at(barrier, 1) == pytest.approx(0.0, abs=1e-15)
    assert at(barrier, 2) == pytest.approx(1.0e-6)
    assert at(barrier, 3) == pytest.approx((1.0 + 1.5 * math.log2(1.5)) * 1e-6)
    assert at(barrier, 8) == pytest.approx(4.5e-6)
    assert at(barrier, 16) == pytest.approx(6.5e-6)        # the last slope, 2.0 us, beyond n = 8
    bcast = coll["collectives.bcast"]
    assert at(bcast, 4, 4096) == pytest.approx(0.9e-6 + 0.16e-9 * 4096, rel=1e-3)
    assert at(bcast, 8, 4096) == pytest.approx(1.5e-6 + 0.25e-9 * 4096, rel=1e-3)
    # n = 16: a = 1.5 + (1.5 - 0.9) = 2.1 us, b = 0.25 + (0.25 - 0.16) = 0.34 ns/B
    assert at(bcast, 16, 1000) == pytest.approx(2.1e-6 + 0.34e-9 * 1000, rel=1e-3)
    assert at(coll["collectives.allreduce"], 8, 4096) == pytest.approx(2 * (1.5e-6 + 0.25e-9 * 4096), rel=1e-3)


def test_collectives_at_two_ranks_only_keep_the_assumed_tree():
    text = render(_info(), _node_stats(), fit.over_runs([fit.comm_values(fit.parse_mpi(_mpi_out()))]))
    assert "measured at n = 2 only (the cores available); log2(n) is an assumed tree" in text
    coll = loads(text, "host.yaml").by_role("compute")[0].effective("comm_sync")
    assert coll["collectives.barrier"].value(Bound.parse("min"), m=0, n=16, h=0) == pytest.approx(4.0e-6)


def test_a_collective_that_got_faster_is_held_beyond_the_last_count():
    from interp.calibrate.collectives import barrier_expression
    from sag import expr as E
    # barrier 2 us at n = 4, 1.5 us at n = 8 (noise): beyond n = 8 it stays at 1.5 us.
    text = barrier_expression({2: 1e-6, 4: 2e-6, 8: 1.5e-6})
    e = E.parse(text.removesuffix(" us"), frozenset({"n"}))
    value = E.compile_numeric(e, ("n",))
    assert value(8) == pytest.approx(1.5) and value(64) == pytest.approx(1.5) and value(4) == pytest.approx(2.0)


def _coll_at(text, n, m):
    from sag import expr as E
    value = E.compile_numeric(E.parse(text.removesuffix(" us"), frozenset({"n", "m"})), ("n", "m"))
    return value(n, m)


def test_a_collective_goes_through_each_measured_size():
    # The allreduce of mpi_bench on the Zen 3 VM (2026-12-02): 0.32, 0.37, 0.47, 3.73, 24.9,
    # 213, 1442 us at 8 B .. 2 MiB. One line through them put 8000 B at 10.3 us; between 4096 B
    # (3.73 us) and 32768 B (24.9 us) the interpolation gives 3.73 + 3904/28672 x 21.15 = 6.61 us.
    from interp.calibrate.collectives import expression
    us = {8: 0.32, 64: 0.37, 512: 0.47, 4096: 3.73, 32768: 24.9, 262144: 213.0, 2097152: 1442.0}
    text = expression({2: {m: t * 1e-6 for m, t in us.items()}})
    assert text.endswith("*log2(n) us")
    for m, t in us.items():
        assert _coll_at(text, 2, m) == pytest.approx(t, rel=1e-4)
    assert _coll_at(text, 2, 8000) == pytest.approx(3.73 + 3904 / 28672 * 21.17, rel=1e-3)
    assert _coll_at(text, 2, 0) == pytest.approx(0.32, rel=1e-4)         # below 8 B: the 8 B time
    # beyond 2 MiB the last slope, (1442 - 213) / 1835008 us/B
    assert _coll_at(text, 2, 4194304) == pytest.approx(1442 + 1229 / 1835008 * 2097152, rel=1e-4)
    assert _coll_at(text, 8, 4096) == pytest.approx(3 * 3.73, rel=1e-4)   # the assumed tree


def test_a_collective_faster_at_its_largest_size_is_held_flat_beyond_it():
    from interp.calibrate.collectives import expression
    text = expression({2: {8: 1e-6, 4096: 3e-6, 32768: 2.5e-6}})
    assert _coll_at(text, 2, 32768) == pytest.approx(2.5, rel=1e-4)
    assert _coll_at(text, 2, 1 << 20) == pytest.approx(2.5, rel=1e-4)
    assert _coll_at(text, 2, 18432) == pytest.approx(2.75, rel=1e-4)     # halfway down


def test_collective_sizes_and_counts_together():
    # n = 2: 1 us at 8 B, 5 us at 4096 B; n = 4: 2 us, 12 us. Between the counts linear in
    # log2(n): n = 3 at 4096 B is 5 + (12 - 5) x (log2(3) - 1); beyond n = 4 the last slope.
    from interp.calibrate.collectives import expression
    text = expression({2: {8: 1e-6, 4096: 5e-6}, 4: {8: 2e-6, 4096: 12e-6}})
    assert _coll_at(text, 2, 2052) == pytest.approx(3.0, rel=1e-4)
    assert _coll_at(text, 4, 2052) == pytest.approx(7.0, rel=1e-4)
    assert _coll_at(text, 3, 4096) == pytest.approx(5 + 7 * (math.log2(3) - 1), rel=1e-4)
    assert _coll_at(text, 8, 4096) == pytest.approx(19.0, rel=1e-4)
    assert _coll_at(text, 1, 4096) == pytest.approx(0.0, abs=1e-9)


def test_levels_split_on_scalar_reads_bandwidth_from_vector_streams():
    # Scalar reads step down at each capacity (46 GB/s to 32 KiB, 29 GB/s to 1.5 MiB, 9 GB/s
    # beyond); the vector streams (bvr_, bvw_) deliver 70 / 60 / 12 GB/s read and 52 / 50 / 11
    # GB/s write there. The plateaus come from the scalar reads, the bandwidths from the vector
    # streams: the medians over each plateau's sizes.
    lines, size = [], 8192
    for top, scalar, vread, vwrite in ((32 << 10, 46e9, 70e9, 52e9), (1536 << 10, 29e9, 60e9, 50e9),
                                       (64 << 20, 9e9, 12e9, 11e9)):
        while size <= top:
            lines += [f"bwr_{size} {scalar:.6e}", f"bvr_{size} {vread:.6e}", f"bvw_{size} {vwrite:.6e}"]
            size = int(size * 2 ** 0.5)
    r = fit.parse_lines("\n".join(lines) + "\n")
    found = levels.levels(levels.parse_sweep(r), ["L1", "L2"], levels.vector_reads(r))
    assert found["levels.L1.size"] == 32765 and found["levels.L2.size"] == 1482701
    assert (found["levels.L1.bandwidth"], found["levels.L1.write_bandwidth"]) == (70e9, 52e9)
    assert (found["levels.L2.bandwidth"], found["levels.L2.write_bandwidth"]) == (60e9, 50e9)
    assert found["main.write_bandwidth"] == 11e9


def test_a_gradual_last_level_keeps_the_buffers_above_the_halfway_rate():
    # 40 GB/s to 2 MiB (sizes 8192 x sqrt(2)^k up to 2 MiB: 17 points), then 30, 20, 14 GB/s
    # at the next three sizes, then 10 GB/s (main memory). The split puts the three falling
    # points wherever the squared log misfit is least; the capacity runs from the cache plateau
    # while the rate stays at least sqrt(40 x 10) = 20 GB/s (the medians: 40 and 10, whichever
    # side the falling points join): the 20 GB/s point, 2 MiB x 2 = 4 MiB (rounded down at each
    # sqrt(2) step: 4194304 -> 4194299 with the loop's int()).
    lines, size = [], 8192
    while size <= 2 << 20:
        lines.append(f"bwr_{size} 4e10")
        size = int(size * 2 ** 0.5)
    tail = []
    for bw in (30e9, 20e9, 14e9) + (10e9,) * 8:
        lines.append(f"bwr_{size} {bw:.6e}")
        tail.append(size)
        size = int(size * 2 ** 0.5)
    text = "\n".join(lines + [ln.replace("bwr_", "bww_") for ln in lines]) + "\n"
    found = levels.levels(levels.parse_sweep(fit.parse_lines(text)), ["L1"])
    assert found["levels.L1.size"] == tail[1]
    assert 4.0e6 < tail[1] < 4.2e6


def test_the_divider_spans_the_quotient_widths():
    # node_bench times x / 1 with a 30-bit quotient ("int_div") and a 1-bit one
    # ("int_div_narrow"); over three runs the parameter spans the narrow runs' minimum to the wide
    # runs' maximum, mid = the mean of the two medians, and the narrow keys are not parameters.
    runs = [{"ops.int_div": w, "ops.int_div_narrow": n, "throughput.int_div": w + 1e-10,
             "throughput.int_div_narrow": n + 1e-10}
            for w, n in ((8.3e-9, 4.2e-9), (8.7e-9, 4.1e-9), (8.5e-9, 4.4e-9))]
    s = fit.over_runs(runs)
    assert set(s) == {"ops.int_div", "throughput.int_div"}
    d = s["ops.int_div"]
    assert (d.lo, d.hi) == (pytest.approx(4.1e-9), pytest.approx(8.7e-9))
    assert d.median == pytest.approx((4.2e-9 + 8.5e-9) / 2)       # medians 4.2 and 8.5 ns
    assert d.ends == (pytest.approx(4.2e-9), pytest.approx(8.5e-9))
    assert s["throughput.int_div"].hi == pytest.approx(8.8e-9)
    line = fmt_range(d, lambda v: f"{v * 1e9:.4g} ns")
    assert line.startswith("[4.1 ns, 8.7 ns]    # 1-bit quotient: median 4.2 ns; 30-bit: median 8.5 ns")
    # processing.divider: the throughput ends' medians (4.3 and 8.6 ns), 1 and 30 bits
    # (interp/models/divider.py)
    from interp.calibrate.writer import _divider
    lines = _divider(s, "")
    assert lines[1].startswith("  narrow: 4.3 ns") and lines[2].startswith("  wide: 8.6 ns")
    assert lines[3:5] == ["  narrow_bits: 1", "  wide_bits: 30"]
    # and the chains' ends (ops.int_div's medians, 4.2 and 8.5 ns): a division waiting for the
    # one before it (interp/models/divider.py)
    assert lines[5].startswith("  latency_narrow: 4.2 ns") and lines[6].startswith("  latency_wide: 8.5 ns")
    assert len(lines) == 7


def test_an_older_output_without_the_narrow_divider_keeps_the_runs_range():
    s = fit.over_runs([{"ops.int_div": 8.3e-9}, {"ops.int_div": 8.5e-9}])
    assert (s["ops.int_div"].lo, s["ops.int_div"].hi, s["ops.int_div"].ends) == (8.3e-9, 8.5e-9, None)


def test_library_throughput_and_square_roots_are_read_when_present():
    """node_bench's lib_tput_* (independent calls, the loop with f(x) = x subtracted in node_bench)
    and tput_double_sqrt go to lib_throughput.* and throughput.double_sqrt as measured (a negative
    difference clamped to 0); an older output without them writes neither."""
    v = fit.node_values(fit.parse_node(NODE_OUT + "lib_tput_exp 4.1e-09\nlib_tput_sin -1.0e-10\n"
                                                  "tput_double_sqrt 2.4e-09\n"))
    assert v["lib_throughput.exp"] == pytest.approx(4.1e-9)
    assert v["lib_throughput.sin"] == 0.0
    assert v["throughput.double_sqrt"] == pytest.approx(2.4e-9)
    assert "lib_throughput.pow" not in v
    old = fit.node_values(fit.parse_node(NODE_OUT))
    assert not any(k.startswith("lib_throughput.") for k in old) and "throughput.double_sqrt" not in old


def test_stream_rates_give_main_memory_alone_and_shared():
    # one copy alone reads 14 GB/s and writes 8: main memory's rates; two at once 13 + 12 and
    # 7 + 6: each core's share is their mean, 12.5 and 6.5
    from interp.calibrate import levels
    alone = {"bvr_134217728": 14e9, "bvw_134217728": 8e9}
    copies = [{"bvr_134217728": 13e9, "bvw_134217728": 7e9}, {"bvr_134217728": 12e9, "bvw_134217728": 6e9}]
    got = levels.stream_rates(alone, copies)
    assert got == {"main.bandwidth": 14e9, "main.write_bandwidth": 8e9,
                   "main.shared_bandwidth": 12.5e9, "main.shared_write_bandwidth": 6.5e9}
    # copies faster than one alone (noise) get no more than it; one core: no shared figures
    faster = [{"bvr_1": 15e9, "bvw_1": 9e9}] * 2
    got = levels.stream_rates({"bvr_1": 14e9, "bvw_1": 8e9}, faster)
    assert got["main.shared_bandwidth"] == 14e9 and got["main.shared_write_bandwidth"] == 8e9
    assert levels.stream_rates({"bvr_1": 14e9}, []) == {"main.bandwidth": 14e9}
    # a copy that printed no read rate: no shared read figure rather than a mean of fewer
    assert "main.shared_bandwidth" not in levels.stream_rates(alone, [copies[0], {"bvw_1": 7e9}])
    assert levels.stream_rates({}, copies) == {}


def test_node_bench_stream_prints_its_rates(tmp_path):
    from shutil import which

    from interp.calibrate import tools
    if which("gcc") is None:
        pytest.skip("no gcc to build node_bench")
    exe = tools.compile_c("gcc", [tools.bench_source("node_bench.c")], tmp_path / "node_bench", ["-O2"])
    got = fit.parse_lines(tools.run([str(exe), "stream", "1048576", "0.02"], timeout=60))
    assert set(got) == {"bvr_1048576", "bvw_1048576"} and all(v > 1e8 for v in got.values())
