"""``--map map.yaml``: explicit placement of processes on SAUs (the mapping function mu, paper 3.3.1).

    processes:
      "0-15": SAU-0010      # ranks 0..15 on the iPSC/860 cube
      "16": SAU-020         # rank 16 on a workstation
      host: SAU-0012        # the host program, for host-node programs

Ranks not listed go to the machine's first compute SAU.
"""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from interp.errors import InputError


def load_map(path: str) -> dict:
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"{path}: no such map file") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f":{mark.line + 1}" if mark else ""
        raise InputError(f"{path}{where}: YAML syntax error in the map file") from None
    if not isinstance(data, dict) or not isinstance(data.get("processes"), dict):
        raise InputError(f"{path}: a map file is a mapping with 'processes: {{RANKS: SAU-ID, ...}}'")
    placement: dict = {}
    for key, sau in data["processes"].items():
        where = f"{path}: processes.{key}"
        if not isinstance(sau, str):
            raise InputError(f"{where}: expected an SAU id, got {sau!r}")
        if key == "host":
            placement["host"] = sau
            continue
        m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", str(key))
        if not m:
            raise InputError(f"{where}: ranks are 'N' or 'N-M' (or 'host'), got {key!r}")
        lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
        if hi < lo:
            raise InputError(f"{where}: empty range {key!r}")
        for r in range(lo, hi + 1):
            if r in placement:
                raise InputError(f"{where}: rank {r} is mapped twice")
            placement[r] = sau
    unknown = set(data) - {"processes"}
    if unknown:
        raise InputError(f"{path}: unknown key(s) {sorted(unknown)} (only 'processes')")
    return placement
