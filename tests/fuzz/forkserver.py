"""A fork server: interp imported once, each case run in a fresh forked process.

Starting Python and importing interp costs about half a second, as much as the rest of a typical
case; the in-suite run uses this server to stay within its time. The server is itself started as
``python -c SERVER`` with ``PYTHONPATH`` set to the checkout under test, imports ``interp.cli``
(and the frontends) once, and for every request forks a child that does what a fresh process
does: a new session, the same limits, working directory, environment and standard streams, then
``entry()`` and an exit with its code. The harness kills a hung child's session by its id, as
it would a subprocess's; the server reports every child's wait status.

Protocol (JSON lines): harness -> server ``{"id", "argv", "cwd", "env", "stdout", "stderr",
"memory", "fsize"}``; server -> harness ``{"ready": true}`` once, then ``{"id", "pid"}`` when a
child starts and ``{"id", "status"}`` (the raw wait status) when it ends.
"""
from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

SERVER = r'''
import importlib, json, os, resource, select, sys, traceback
from interp.cli import entry
for _m in ("frontends.load", "frontends.c", "frontends.fortran", "interp.pipeline", "sag"):
    try:
        importlib.import_module(_m)
    except Exception:
        pass

def reply(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()

def child(req):
    code = 1
    try:
        os.setsid()
        resource.setrlimit(resource.RLIMIT_AS, (req["memory"], req["memory"]))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        resource.setrlimit(resource.RLIMIT_FSIZE, (req["fsize"], req["fsize"]))
        os.chdir(req["cwd"])
        os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
        os.dup2(os.open(req["stdout"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 1)
        os.dup2(os.open(req["stderr"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 2)
        os.environ.clear()
        os.environ.update(req["env"])
        import faulthandler
        faulthandler.enable()
        import tempfile
        tempfile.tempdir = None
        sys.argv = ["-c"] + req["argv"]
        code = entry()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:
        traceback.print_exc()
        code = 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code if isinstance(code, int) else 1)

children = {}
reply({"ready": True})
buf = b""
while True:
    ready, _, _ = select.select([0], [], [], 0.01)
    if ready:
        data = os.read(0, 1 << 16)
        if not data:
            break
        buf += data
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            req = json.loads(line)
            pid = os.fork()
            if pid == 0:
                child(req)
            children[pid] = req["id"]
            reply({"id": req["id"], "pid": pid})
    for pid in list(children):
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            reply({"id": children.pop(pid), "status": status})
'''


class ForkServer:
    """The harness's side: start the server, spawn cases, collect their pids and exit codes."""

    def __init__(self, repo: Path, env: dict[str, str], cwd: Path):
        self.proc = subprocess.Popen([sys.executable, "-c", SERVER], cwd=cwd, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self._buf = b""
        self.pids: dict[str, int] = {}
        self.codes: dict[str, int] = {}
        self._wait_for(lambda: self._ready, 60.0)

    _ready = False

    def _pump(self, timeout: float = 0.0) -> None:
        fd = self.proc.stdout.fileno()
        ready, _, _ = select.select([fd], [], [], timeout)
        if not ready:
            return
        data = os.read(fd, 1 << 16)
        if not data:
            raise RuntimeError("the fork server exited")
        self._buf += data
        while b"\n" in self._buf:
            line, self._buf = self._buf.split(b"\n", 1)
            msg = json.loads(line)
            if msg.get("ready"):
                self._ready = True
            elif "pid" in msg:
                self.pids[msg["id"]] = msg["pid"]
            else:
                self.codes[msg["id"]] = os.waitstatus_to_exitcode(msg["status"])

    def _wait_for(self, cond, limit: float) -> None:
        end = time.monotonic() + limit
        while not cond():
            if time.monotonic() > end:
                raise RuntimeError("the fork server does not answer")
            self._pump(0.05)

    def spawn(self, req: dict) -> int:
        self.proc.stdin.write((json.dumps(req) + "\n").encode())
        self.proc.stdin.flush()
        self._wait_for(lambda: req["id"] in self.pids, 30.0)
        return self.pids[req["id"]]

    def returncode(self, job_id: str) -> int | None:
        self._pump()
        return self.codes.get(job_id)

    def wait(self, job_id: str, limit: float = 30.0) -> int | None:
        try:
            self._wait_for(lambda: job_id in self.codes, limit)
        except RuntimeError:
            return None
        return self.codes.get(job_id)

    def forget(self, job_id: str) -> None:
        self.pids.pop(job_id, None)
        self.codes.pop(job_id, None)

    def close(self) -> None:
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
