"""`python -m checker ARGS` for the tests, without paying `import torch` each time.

A test process starts one launcher (a new Python that imports torch and keeps nothing of
the kit but a clean fork server, below) the first time it runs a command; each command is
then a fork of the launcher that runs `python -m checker ARGS` as a new interpreter would:
in the test's folder, with the test's environment, its own standard streams and exit
status, its exit handlers run. The tests of the command line start about 150 commands;
each fresh Python spent 2 s importing torch before doing anything (half the suite's CPU,
measured).

A `grade` starts a clean fork server for its workers, a new Python (another 2 s of
torch, about forty times in the suite). Here it gets a branch of the launcher's own clean
server instead: a fresh server started once, exactly as `grade` starts one (nothing of the
kit's memory or the tests' environment in it), which has forked nothing but such branches;
the same clean server, warm, in milliseconds. `--sandbox bwrap` still starts its own.

What a fork cannot give, a command gets from a new Python (``cli(..., fresh=True)``, and
whenever the environment sets a ``PYTHON*`` variable, which Python reads only at start):
its own hash seed (tests of determinism across runs), an interpreter no earlier command
ran in (the tests of attacks on the grader).

    python tests/launcher.py        # the launcher itself (stdin: one request per line)
"""
from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


class Launcher:
    """The test process's end: starts the launcher and runs commands through it."""

    def __init__(self):
        self.proc = None

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc is not None and self.proc.poll() is None else None

    def _start(self) -> None:
        self.proc = subprocess.Popen([sys.executable, str(HERE / "launcher.py")],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     cwd=HERE, env=dict(os.environ))
        if self.proc.stdout.readline().strip() != b"ready":
            raise RuntimeError("the tests' launcher did not start")

    def run(self, args: list[str], cwd=None, env=None, timeout=120) -> subprocess.CompletedProcess:
        if self.pid is None:
            self._start()
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
            request = {"args": list(map(str, args)), "cwd": str(cwd or os.getcwd()),
                       "env": dict(os.environ if env is None else env),
                       "out": f"/proc/{os.getpid()}/fd/{out.fileno()}",
                       "err": f"/proc/{os.getpid()}/fd/{err.fileno()}"}
            self.proc.stdin.write(json.dumps(request).encode() + b"\n")
            self.proc.stdin.flush()
            pid = int(self.proc.stdout.readline())
            ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
            timed_out = not ready
            if timed_out:
                os.kill(pid, signal.SIGKILL)
            status = int(self.proc.stdout.readline())
            out.seek(0)
            err.seek(0)
            stdout = out.read().decode("utf-8", "replace")
            stderr = err.read().decode("utf-8", "replace")
        command = [sys.executable, "-m", "checker", *map(str, args)]
        if timed_out:
            raise subprocess.TimeoutExpired(command, timeout, stdout, stderr)
        return subprocess.CompletedProcess(command, status, stdout, stderr)

    def close(self) -> None:
        if self.pid is not None:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)


def needs_fresh(env) -> bool:
    """Whether ``env`` asks for what Python reads only as it starts (or the tests were
    asked to start every command afresh: ATTN_KIT_TESTS_FRESH=1)."""
    if os.environ.get("ATTN_KIT_TESTS_FRESH") == "1":
        return True
    env = os.environ if env is None else env
    ours = {k: v for k, v in os.environ.items() if k.startswith("PYTHON")}
    theirs = {k: v for k, v in env.items() if k.startswith("PYTHON")}
    return ours != theirs


# ----------------------------------------------------------------- the launcher
def _serve() -> None:
    import torch  # noqa: F401  (the 2 s every command would pay)

    global _clean
    _clean = _start_clean()

    control_in, control_out = os.fdopen(0, "rb", buffering=0), os.fdopen(1, "wb", buffering=0)
    control_out.write(b"ready\n")
    while True:
        line = control_in.readline()
        if not line:
            return
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            _command(request)  # never returns
        control_out.write(b"%d\n" % pid)
        _, status = os.waitpid(pid, 0)
        code = os.waitstatus_to_exitcode(status)
        control_out.write(b"%d\n" % code)


_clean = None  # the launcher's clean fork server (``_serve``)


def _start_clean():
    """A clean fork server, started as `grade` starts one (``grade.start_servers``); then
    the kit's modules are let go, so that each command imports the kit anew, as before."""
    from checker.engine import forkserver

    server = forkserver.ForkServer(None, fresh=True)
    for name in [n for n in sys.modules if n == "checker" or n.startswith("checker.")]:
        del sys.modules[name]
    return server


def _branch_servers() -> None:
    """In a command: a `grade` run's clean server is a branch of the launcher's (see the
    module's text), unless it runs inside bubblewrap or on the portable engine (the
    launcher's server runs on Linux's)."""
    from checker.engine import forkserver, host
    from checker.grading import grade

    start = grade.start_servers

    def start_servers(options):
        if grade.server_command(options) is not None or _clean is None or host.forced():
            return start(options)
        try:
            return forkserver.ForkServer.of_branch(_clean.branch())
        except Exception:  # the launcher's server is gone: a new one, as `grade` starts it
            return start(options)

    grade.start_servers = start_servers


def _command(request: dict) -> None:
    """In the fork: what `python -m checker ARGS` would do, then exit."""
    import atexit
    import io
    import runpy
    import threading

    code = 1
    try:
        if _clean is not None:  # the launcher's: its exit handler is not the command's
            atexit.unregister(_clean.close)
        null = os.open(os.devnull, os.O_RDONLY)
        out = os.open(request["out"], os.O_WRONLY)
        err = os.open(request["err"], os.O_WRONLY)
        for fd, target in ((null, 0), (out, 1), (err, 2)):
            os.dup2(fd, target)
            os.close(fd)
        sys.stdin = sys.__stdin__ = io.TextIOWrapper(io.FileIO(0, "r", closefd=False),
                                                     encoding="utf-8")
        sys.stdout = sys.__stdout__ = io.TextIOWrapper(io.FileIO(1, "w", closefd=False),
                                                       encoding="utf-8")
        sys.stderr = sys.__stderr__ = io.TextIOWrapper(
            io.FileIO(2, "w", closefd=False), encoding="utf-8", errors="backslashreplace",
            line_buffering=True)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        sys.path[0] = os.getcwd()  # as `python -m` has it
        sys.argv = ["-m", *request["args"]]
        try:
            if request["args"][:1] == ["grade"]:
                _branch_servers()
            runpy.run_module("checker", run_name="__main__", alter_sys=True)
            code = 0
        except SystemExit as exc:
            if exc.code is None:
                code = 0
            elif isinstance(exc.code, int):
                code = exc.code
            else:
                print(exc.code, file=sys.stderr)
                code = 1
        except BaseException:  # what the interpreter would print
            import traceback

            traceback.print_exc()
            code = 1
        threading._shutdown()  # as the interpreter waits for its threads at exit
        atexit._run_exitfuncs()
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                pass
    finally:
        os._exit(code & 0xFF)


if __name__ == "__main__":
    _serve()
