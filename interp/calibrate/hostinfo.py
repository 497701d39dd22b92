"""What the operating system says about this machine: cores, clock, caches, memory."""
from __future__ import annotations

import os
import platform
import re
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
