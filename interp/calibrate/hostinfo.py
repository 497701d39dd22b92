"""What the operating system says about this machine: cores, clock, caches, memory."""
from __future__ import annotations

import os
import platform
import re
import subprocess
from pathlib import Path

CACHE_DIR = Path("/sys/devices/system/cpu/cpu0/cache")


def _read(path: Path) -> str | None:
    try:
        return path.read_text().strip()
    except OSError:
        return None


def parse_size(text: str) -> int | None:
    """sysfs sizes: "48K", "2048K", "300M"."""
    m = re.fullmatch(r"(\d+)\s*([KMG]?)", text or "")
    if not m:
        return None
    return int(m.group(1)) * {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}[m.group(2)]


def caches(root: Path = CACHE_DIR) -> dict[str, dict]:
    out = {}
    for idx in sorted(root.glob("index*")):
        level, kind = _read(idx / "level"), _read(idx / "type")
        size = parse_size(_read(idx / "size") or "")
        if not level or not size:
            continue
        name = f"L{level}" + {"Data": "d", "Instruction": "i"}.get(kind or "", "")
        entry = {"size": size}
        for key, fname in (("block", "coherency_line_size"), ("assoc", "ways_of_associativity")):
            v = _read(idx / fname)
            if v and v.isdigit() and int(v) > 0:
                entry[key] = int(v)
        out[name] = entry
    return out


def caches_getconf(text: str | None = None) -> dict[str, dict]:
    """The caches glibc reports (``getconf -a``: LEVEL1_DCACHE_SIZE, ..._ASSOC, ..._LINESIZE, from
    CPUID), for systems whose /sys lists none (some containers)."""
    text = _command(["getconf", "-a"]) if text is None else text
    out: dict[str, dict] = {}
    for level, kind, key, value in re.findall(r"^LEVEL(\d)_(DCACHE|ICACHE|CACHE)_(SIZE|ASSOC|LINESIZE)\s+(\d+)\s*$",
                                              text, re.M):
        name = f"L{level}" + {"DCACHE": "d", "ICACHE": "i", "CACHE": ""}[kind]
        if int(value) > 0:
            out.setdefault(name, {})[{"SIZE": "size", "ASSOC": "assoc", "LINESIZE": "block"}[key]] = int(value)
    return {k: v for k, v in out.items() if "size" in v}


def caches_sysctl(text: str | None = None) -> dict[str, dict]:
    """macOS and the BSDs: ``sysctl hw.l1dcachesize hw.l1icachesize hw.l2cachesize hw.l3cachesize
    hw.cachelinesize`` ("hw.l2cachesize: 4194304")."""
    if text is None:
        text = _command(["sysctl", "hw.l1dcachesize", "hw.l1icachesize", "hw.l2cachesize", "hw.l3cachesize",
                         "hw.cachelinesize"])
    values = {k: int(v) for k, v in re.findall(r"^hw\.(\w+)\s*[:=]\s*(\d+)\s*$", text, re.M)}
    line = values.get("cachelinesize")
    out = {}
    for key, name in (("l1dcachesize", "L1d"), ("l1icachesize", "L1i"), ("l2cachesize", "L2"),
                      ("l3cachesize", "L3")):
        if values.get(key):
            out[name] = {"size": values[key], **({"block": line} if line else {})}
    return out


def os_caches() -> tuple[dict[str, dict], str | None]:
    """The caches the operating system lists, and where from; ({}, None) when it lists none (the
    calibration then measures them, interp/calibrate/cmd.py)."""
    for source, read in ((str(CACHE_DIR), caches), ("getconf -a", caches_getconf), ("sysctl hw", caches_sysctl)):
        found = read()
        if any(not k.endswith("i") for k in found):
            return found, source
    return {}, None


def _command(cmd: list[str]) -> str:
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.TimeoutExpired):
        return ""


def cpuinfo(text: str | None = None) -> tuple[str, float | None]:
    """(model name, cpu MHz) from /proc/cpuinfo; MHz None when not given (e.g. some ARM)."""
    text = text if text is not None else (_read(Path("/proc/cpuinfo")) or "")
    model = re.search(r"^model name\s*:\s*(.+)$", text, re.M)
    mhz = re.search(r"^cpu MHz\s*:\s*([\d.]+)", text, re.M)
    return (model.group(1).strip() if model else platform.processor() or "CPU",
            float(mhz.group(1)) if mhz else None)


def mem_total() -> int | None:
    m = re.search(r"MemTotal:\s*(\d+)\s*kB", _read(Path("/proc/meminfo")) or "")
    return int(m.group(1)) * 1024 if m else None


def page_size() -> int | None:
    try:
        return os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def march(cc: str = "gcc", text: str | None = None) -> str | None:
    """The CPU the compiler takes this machine for: what ``-march=native`` resolves to (gcc:
    ``-Q --help=target`` lists ``-march= znver2``). llvm-mca's ``-mcpu`` uses the same names for
    x86 cores (znver2, skylake, icelake-server...); None when the compiler does not say."""
    if text is None:
        text = _command([cc, "-march=native", "-Q", "--help=target"])
    m = re.search(r"^\s*-march=\s+([\w.+-]+)\s*$", text, re.M)
    return m.group(1) if m and m.group(1) != "native" else None
