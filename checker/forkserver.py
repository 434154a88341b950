"""A warm parent for workers: forked once, right after ``import torch``.

Starting a Python process that imports torch costs about 2 s; forking one that
already has costs about 10 ms. The fork server is forked from the checker
early, before the checker imports pytest, the hidden cases or the reference
solutions, so a worker inherits torch and the worker code and nothing else of
the grader's. The checker asks the server for a worker by sending one end of a
fresh socket pair; the server forks, and the child serves that socket.
"""
from __future__ import annotations

import atexit
import json
import os
import signal
import socket

from . import sandbox, worker


class ServerGone(Exception):
    """The fork server died (for example, learner code killed its parent process)."""


class ForkServer:
    def __init__(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        pid = os.fork()
        if pid == 0:  # the server
            ours.close()
            _serve(theirs)
            os._exit(0)
        theirs.close()
        self.pid = pid
        self.sock = ours
        atexit.register(self.close)
        hello = json.loads(ours.recv(4096) or b"{}")
        self.own_uid: bool = bool(hello.get("own_uid"))
        self.why_not_own_uid: str = hello.get("why_not", "")

    def spawn(self, config: dict) -> tuple[int, socket.socket]:
        """A new worker process for ``config``; returns its pid and our end of its socket."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            socket.send_fds(self.sock, [json.dumps(config).encode()], [theirs.fileno()])
            reply = self.sock.recv(64)
        except OSError:
            reply = b""
        finally:
            theirs.close()
        if not reply:
            ours.close()
            self.close()
            raise ServerGone("the fork server has stopped")
        return int(reply), ours

    def close(self) -> None:
        if self.sock.fileno() >= 0:
            self.sock.close()
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass


def _serve(sock: socket.socket) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is for the checker to handle
    worker._die_with_parent()
    why_not = sandbox.probe_own_uid()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # workers are reaped automatically
    sock.send(json.dumps({"own_uid": not why_not, "why_not": why_not}).encode())
    while True:
        try:
            data, fds, _, _ = socket.recv_fds(sock, 1 << 16, 1)
        except OSError:
            return
        if not data:
            return
        pid = os.fork()
        if pid == 0:
            sock.close()
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            config = json.loads(data)
            config["own_uid"] = not why_not
            worker.run(socket.socket(fileno=fds[0]), config)
        for fd in fds:
            os.close(fd)
        sock.send(str(pid).encode())


_server: ForkServer | None = None


def spawn(config: dict) -> tuple[int, socket.socket]:
    """A new worker from the process's fork server; a dead server is replaced once."""
    try:
        return get().spawn(config)
    except ServerGone:
        return get().spawn(config)


def get() -> ForkServer:
    """The process's fork server, started on first use (or after it died)."""
    global _server
    if _server is None or _server.sock.fileno() < 0:
        _server = ForkServer()
    return _server


def shutdown() -> None:
    """Stop the process's fork server, if one was started."""
    if _server is not None:
        _server.close()


def forget() -> None:
    """In a freshly forked process: let go of the parent's fork server without stopping it."""
    global _server
    if _server is not None:
        _server.sock.close()   # only this process's copy of the socket
        _server = None
