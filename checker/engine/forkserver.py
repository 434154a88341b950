"""A warm parent for workers: forked once, as the checker starts.

Starting a Python process that imports torch costs about 2 s; forking one that
already has costs about 10 ms. The fork server is forked from the checker early, right
after it imports torch and before it imports pytest, the hidden cases or the reference
solutions (``startup.start``; the server then sets up what every worker needs, sympy
included, on the other core while the checker imports pytest), so a worker inherits
torch and the worker code and nothing else of the grader's. The checker asks the server
for a worker by sending one end of a fresh socket pair; the server forks, and the child
serves that socket.
"""
from __future__ import annotations

import atexit
import json
import os
import gc
import signal
import socket
import sys

# ``worker``, ``forbidden``, ``sandbox`` and ``i18n`` are imported by the server functions
# below, not here: the server imports them itself, beside the process that forked it.
from checker.engine import host, process


def server_environment() -> dict[str, str]:
    """All the environment a fork server started by exec gets: a PATH, the kit's import
    path, a UTF-8 locale and the engine asked for (``host.environment``); nothing of the
    grader's (its home, tokens, paths)."""
    return {"PATH": "/usr/bin:/bin", "PYTHONPATH": os.pathsep.join(p for p in sys.path if p),
            "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", **host.environment()}


class ServerGone(Exception):
    """The fork server died (for example, learner code killed its parent process)."""


class ForkServer:
    def __init__(self, command: list[str] | None = None, fresh: bool = False) -> None:
        """Fork the server from this process, or run it with ``command`` (a sandbox prefix).

        With a command, the server is a new Python that imports torch itself (about
        2 s, once) inside the sandbox, e.g. ``bwrap ... -- python -m checker.forkserver``.
        The constructor does not wait for the server: its hello is read at the first
        request, so the server's warm-up runs beside the checker's own start.
        ``fresh`` (what ``grade`` asks for): a new Python even without a command, so that
        nothing of the grader's memory (its environment strings, its heap) is in the
        server or the workers it forks.
        """
        ours, theirs = process.message_pair()
        if command or fresh:
            import subprocess

            env = server_environment()
            prefix = [*command, "--clearenv",
                      *[a for k, v in env.items() for a in ("--setenv", k, v)], "--"] \
                if command else []
            started = subprocess.Popen(
                [*prefix, sys.executable, "-m", "checker.engine.forkserver",
                 str(theirs.fileno())],
                pass_fds=[theirs.fileno()],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                env=env)
            self._process = started
            pid = started.pid
        else:
            pid = process.fork()
            if pid == 0:  # the server
                ours.close()
                _serve(theirs)
                os._exit(0)
        theirs.close()
        self.pid = pid
        self.sock = ours
        self.command = command
        self._hello: dict | None = None
        self._asked: list[Forked] = []  # spawn requests whose answer is not read yet
        atexit.register(self.close)

    def ready(self) -> dict:
        """The server's hello (read once, waiting for it the first time)."""
        if self._hello is None:
            try:
                hello_bytes = process.recv_message(self.sock, 4096)[0] \
                    if self.sock.fileno() >= 0 else b""
            except OSError:
                hello_bytes = b""
            if not hello_bytes:
                error = ""
                if self.command and getattr(self, "_process", None) is not None:
                    error = self._process.stderr.read().decode(errors="replace")[-500:]
                self.close()
                raise ServerGone("the fork server did not start: "
                                 f"{error.strip() or 'no reason given'}")
            self._hello = json.loads(hello_bytes)
        return self._hello

    @property
    def own_uid(self) -> bool:
        return bool(self.ready().get("own_uid"))

    @property
    def why_not_own_uid(self) -> str:
        return self.ready().get("why_not", "")

    @property
    def keep_reading(self) -> bool:  # CAP_DAC_READ_SEARCH kept
        return bool(self.ready().get("keep_reading"))

    def spawn(self, config: dict, shared: int | None = None) -> tuple["Forked", socket.socket]:
        """Ask for a new worker process for ``config``; returns the request (its ``pid``
        is read when first asked for) and our end of the worker's socket, which can be
        written to at once. ``shared``: the descriptor of the checker's input region (see
        shared.py). It waits neither for the server's hello nor for its answer: a check
        runs the previous exercise's cases, or collects them, meanwhile (see ``Forked``)."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        fds = [theirs.fileno()] + ([shared] if shared is not None else [])
        try:
            process.send_message(self.sock, json.dumps(config).encode(), fds)
        except OSError:
            ours.close()
            self.close()
            raise ServerGone("the fork server has stopped") from None
        finally:
            theirs.close()
        forked = Forked(self)
        self._asked.append(forked)
        return forked, ours

    def _answer(self) -> None:
        """Read the server's answer to the oldest request not answered yet (its worker's
        pid; the server answers in the order it was asked, after its hello)."""
        self.ready()
        forked = self._asked.pop(0)
        try:
            reply = process.recv_message(self.sock, 64)[0]
        except OSError:
            reply = b""
        if not reply:
            for waiting in (forked, *self._asked):
                waiting.gone = True
            self._asked.clear()
            self.close()
            raise ServerGone("the fork server has stopped")
        forked.answered = int(reply)

    def _settle(self) -> None:
        """Read every answer still owed (before a request with an answer of its own)."""
        while self._asked:
            self._answer()

    @classmethod
    def of_branch(cls, sock: socket.socket) -> "ForkServer":
        """The server at the other end of ``sock`` (from ``branch``), to use as one's own:
        it ends when its socket is closed (``close``)."""
        server = cls.__new__(cls)
        server.pid, server.sock, server.command, server._hello = 0, sock, None, None
        server._asked = []
        return server

    def branch(self, cpu: int | None = None) -> socket.socket:
        """A socket to a new server forked from this one (``_branch``), for another process
        to adopt (``adopt``): a grading process gets a clean, warm server in milliseconds
        instead of starting a Python of its own. It does not wait: the request is read once
        this server is ready, and the new server's hello comes on the returned socket.
        ``cpu``: the new server, and every worker it forks, run on that CPU only."""
        ours, theirs = process.message_pair()
        try:
            process.send_message(self.sock, json.dumps({"branch": True, "cpu": cpu}).encode(),
                                 [theirs.fileno()])
        except OSError:
            ours.close()
            raise ServerGone("the fork server has stopped") from None
        finally:
            theirs.close()
        return ours

    def reap_children(self) -> None:
        """Kill every process the server still has: workers, and what they left behind.

        The server is a child subreaper, so a process that a worker started and
        orphaned (a daemon, even one in a session of its own) becomes the server's
        child, and goes with the rest here.
        """
        try:
            self.ready()
            self._settle()
            process.send_message(self.sock, json.dumps({"reap": True}).encode())
            process.recv_message(self.sock, 64)
        except (OSError, ServerGone):
            pass

    def close(self, wait: bool = True) -> None:
        """Stop the server (and so its workers); ``wait``: for its exit too."""
        if self.sock.fileno() >= 0:
            if self.pid and self._hello is not None and not host.prctl():
                # its workers cannot die with it here (no prctl): it kills them first
                self.reap_children()
            self.sock.close()
            if not self.pid:  # a branch (adopt): it ends when its socket closes
                return
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0 if wait else os.WNOHANG)
            except (ProcessLookupError, ChildProcessError):
                pass
            if getattr(self, "_process", None) is not None:
                self._process.stderr.close()


class Forked:
    """A worker asked of a fork server (``ForkServer.spawn``): its ``pid``, read from the
    server's answer when first asked for, which may raise ServerGone.

    What it buys (benchmarks/check_speed.py, 2026-12-05): a check asks for the first
    exercise's worker before it collects the cases, and for the next one while it runs
    this one's cases; waiting for the answer there held it up until the server was ready
    (its start, 0.3 s for sympy) and a few ms at every exercise."""

    def __init__(self, server: ForkServer) -> None:
        self.server = server
        self.answered: int | None = None
        self.gone = False

    @property
    def pid(self) -> int:
        while self.answered is None:
            if self.gone:
                raise ServerGone("the fork server has stopped")
            self.server._answer()
        return self.answered


def _serve(sock: socket.socket) -> None:
    """Serve ``sock`` as a fork server."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is for the checker to handle
    process.die_with_parent()
    process.become_subreaper()
    from checker import i18n
    from checker.engine import sandbox

    why_not, keep_reading = sandbox.probe_own_uid()
    import torch

    from checker.engine import worker

    worker.one_thread(torch)  # before any operation: no OpenMP pool to fork (worker.one_thread)
    worker.fast_meta_kernels(torch)  # once here rather than in every worker
    worker.warm_up(torch)
    worker.warm_up_meta(torch)  # the stand-in torch._dynamo
    worker.meta_operations(torch)  # sympy: a confined worker could not import it itself
    for lang in i18n.LANGS:  # every worker inherits the catalogs, read once
        i18n.catalog(lang)
    # the collector kept off the objects every worker inherits: walking them would copy
    # their pages into each forked worker, a few ms each time (a gc.collect first would
    # cost 0.1 s to reclaim a few kilobytes)
    gc.freeze()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # workers are reaped automatically
    facts = {"own_uid": not why_not, "why_not": why_not, "keep_reading": keep_reading}
    process.send_message(sock, json.dumps({**facts, "pid": os.getpid(),
                                           "root": os.getpid()}).encode())
    try:
        _loop(sock, facts, why_not, keep_reading)
    finally:  # its workers go with it (where they cannot die with their parent: macOS)
        process.kill_children()


def _loop(sock: socket.socket, facts: dict, why_not: str, keep_reading: bool) -> None:
    """Serve ``sock``: a worker per request with a config and its sockets; ``reap`` kills
    every process the server has; ``branch`` (with one socket) forks a server of its own
    that serves that socket (see ``ForkServer.branch``)."""
    from checker.engine import forbidden, worker

    while True:
        try:
            data, fds = process.recv_message(sock, 1 << 16, 2)
        except OSError:
            return
        if not data:
            return
        if not fds:  # a request to the server itself
            process.kill_children()
            process.send_message(sock, b"0")
            continue
        config = json.loads(data)
        if config.get("branch"):
            _branch(sock, fds[0], facts, why_not, keep_reading, config.get("cpu"))
            continue
        try:  # worked out once here, inherited ready by every worker of this exercise
            forbidden.plan([str(n) for n in config.get("forbidden", [])])
        except Exception:
            pass  # the worker works it out itself
        worker.kit_modules()  # listed here, inherited ready (see worker.kit_modules)
        try:  # what every worker of the run shares, inherited ready
            worker.prepare(config)
        except Exception:
            pass  # the worker works it out itself
        pid = process.fork()
        if pid == 0:
            sock.close()
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            config["own_uid"], config["keep_reading"] = not why_not, keep_reading
            worker.run(socket.socket(fileno=fds[0]), config, fds[1] if len(fds) > 1 else None)
        for fd in fds:
            os.close(fd)
        process.send_message(sock, str(pid).encode())


def _branch(sock: socket.socket, fd: int, facts: dict, why_not: str, keep_reading: bool,
            cpu=None) -> None:
    """Fork a server of its own that serves ``fd``: it has what this one has (torch, the
    worker code, what it set up before its hello) and nothing else. It kills what it still
    has and ends when its socket closes (the grading process that used it is gone).
    ``cpu``: it and its workers run on that CPU only (``process.pin``)."""
    pid = process.fork()
    if pid != 0:
        os.close(fd)
        return
    sock.close()
    if type(cpu) is int:
        process.pin(cpu)
    process.become_subreaper()  # the orphans of its workers are its own to kill
    own = socket.socket(fileno=fd)
    try:
        process.send_message(own, json.dumps({**facts, "pid": os.getpid(),
                                              "root": os.getppid()}).encode())
        _loop(own, facts, why_not, keep_reading)
    finally:
        process.kill_children()
        os._exit(0)


_server: ForkServer | None = None
_command: list[str] | None = None
_fresh = False


def adopt(sock: socket.socket) -> None:
    """Use the server at the other end of ``sock`` (from ``ForkServer.branch``) as this
    process's fork server; if it is gone, ``get`` starts one as configured."""
    global _server
    _server = ForkServer.of_branch(sock)


def configure(command: list[str] | None, fresh: bool = False) -> None:
    """Start future fork servers with ``command`` (a sandbox prefix), or by forking (None);
    ``fresh``: by exec even without a command (see ForkServer)."""
    global _command, _fresh
    _command, _fresh = command, fresh


def spawn(config: dict, shared: int | None = None) -> tuple[Forked, socket.socket]:
    """A new worker from the process's fork server (``ForkServer.spawn``); a server found
    dead is replaced once."""
    try:
        return get().spawn(config, shared)
    except ServerGone:
        return get().spawn(config, shared)


def get() -> ForkServer:
    """The process's fork server, started on first use (or after it died); it does not
    wait for the server to be ready (see ForkServer.ready)."""
    global _server
    if _server is None or _server.sock.fileno() < 0:
        _server = ForkServer(_command, _fresh)
    return _server


def reap_children() -> None:
    """Kill whatever the running fork server still has (see ForkServer.reap_children)."""
    if _server is not None and _server.sock.fileno() >= 0:
        _server.reap_children()


def shutdown() -> None:
    """Stop the process's fork server, if one was started, as the command line exits: its
    exit is not waited for (a check of the whole course 2.32 -> 2.28 s: the system reaps
    it once this process is gone; its workers die with it)."""
    if _server is not None:
        _server.close(wait=False)


def forget() -> None:
    """In a freshly forked process: let go of the parent's fork server without stopping it."""
    global _server
    if _server is not None:
        _server.sock.close()   # only this process's copy of the socket
        _server = None


if __name__ == "__main__":  # the server started inside a sandbox (see ForkServer)
    import torch  # noqa: F401  (what every worker needs, imported once)

    _serve(socket.socket(fileno=int(sys.argv[1])))
