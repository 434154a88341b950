"""A pool of grading processes, forked from a warm parent, one submission at a time each.

The parent imports torch once and forks ``jobs`` children. Each child starts its
own fork server (so its workers inherit torch and nothing of pytest or the
reference solutions), then grades the submissions the parent hands it, one by
one, and sends back a plain JSON result. Learner code never runs in these
children, only in their workers.

The parent is the only place that writes reports. If a child dies or overruns
its deadline, that submission is recorded as an error or a timeout, the child
is replaced, and every other submission is graded as if nothing happened.
"""
from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import time
from multiprocessing.connection import Connection, wait
from typing import Callable

from checker.i18n import t
from checker.engine import process
from checker.grading.records import GradeStatus


class _Child:
    def __init__(self, work: Callable[[dict], dict], servers=None, cpu: int | None = None):
        ours, theirs = socket.socketpair()
        self.cpu = cpu  # the grading process, its server and its workers run on it (lanes)
        branch = None
        if servers is not None:  # a server of its own, forked from the run's clean one
            try:
                branch = servers.branch(cpu)
            except Exception:
                branch = None  # the child starts one itself (grade_task)
        pid = process.fork()
        if pid == 0:  # the grading process
            code = 0
            try:
                ours.close()
                signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
                process.die_with_parent()
                if cpu is not None:  # (a server it starts itself inherits it)
                    process.pin(cpu)
                _serve(Connection(theirs.detach()), work, branch)
            except BaseException:
                code = 70
            finally:
                os._exit(code)
        theirs.close()
        if branch is not None:
            branch.close()
        self.pid = pid
        self.conn = Connection(ours.detach())
        self.task: dict | None = None
        self.started = 0.0

    def give(self, task: dict) -> None:
        self.task, self.started = task, time.monotonic()
        self.nonce = secrets.token_hex(16)
        self.conn.send_bytes(json.dumps({**task, "nonce": self.nonce}).encode())

    def receive(self) -> dict:
        """The result of the current task; ValueError if it is not an answer to it."""
        reply = json.loads(self.conn.recv_bytes())
        if not isinstance(reply, dict) or reply.get("nonce") != self.nonce \
                or not isinstance(reply.get("result"), dict):
            raise ValueError("a reply that does not answer the task")
        return reply["result"]

    def kill(self) -> None:
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        self.conn.close()


def _serve(conn: Connection, work: Callable[[dict], dict], branch=None) -> None:
    # The parent's fork server (if it had one) is not ours: ours is the branch the run's
    # server forked for us, or one started on first use.
    from checker.engine import forkserver

    forkserver.forget()
    if branch is not None:
        forkserver.adopt(branch)
    # One thread each: grading processes run side by side, one per core, and torch's
    # OpenMP threads would only spin against each other (about 40% slower with two).
    import torch

    torch.set_num_threads(1)

    while True:
        try:
            task = json.loads(conn.recv_bytes())
        except (EOFError, OSError):
            return
        conn.send_bytes(json.dumps({"nonce": task.get("nonce"), "result": work(task)},
                                   default=str).encode())


def run(tasks: list[dict], work: Callable[[dict], dict], *, jobs: int, deadline: float,
        on_result: Callable[[dict, dict], None] | None = None,
        lost: Callable[[dict, GradeStatus, str], dict], servers=None,
        pin: bool = False) -> list[dict]:
    """Run ``work(task)`` for every task in ``jobs`` grading processes; results in task order.

    ``pin``: when there are as many grading processes as CPUs, each runs on a CPU of its
    own with its server and workers (``process.lanes``).

    ``servers``: the run's fork server (``forkserver.ForkServer``): each grading process
    gets a branch of it (``branch``) instead of starting a Python of its own.
    ``deadline`` is the most seconds one task may take. ``lost(task, status,
    reason)`` makes the result of a task whose process died or overran.
    ``on_result(task, result)`` is called in the parent as each task finishes.
    """
    results: list[dict | None] = [None] * len(tasks)
    pending = list(enumerate(tasks))
    pending.reverse()
    children: list[_Child] = []
    index_of: dict[int, int] = {}

    def finish(child: _Child, result: dict) -> None:
        i = index_of.pop(child.pid)
        results[i] = result
        child.task = None
        if on_result is not None:
            on_result(tasks[i], result)

    kept = {servers.pid} if servers is not None else set()  # the run's server stays
    process.become_subreaper()
    try:
        count = max(1, min(jobs, len(tasks)))
        for cpu in process.lanes(count) if pin else [None] * count:
            children.append(_Child(work, servers, cpu))
        while pending or any(c.task is not None for c in children):
            for child in children:
                if child.task is None and pending:
                    i, task = pending.pop()
                    index_of[child.pid] = i
                    child.give(task)
            busy = [c for c in children if c.task is not None]
            now = time.monotonic()
            wait_for = min(c.started + deadline - now for c in busy)
            ready = wait([c.conn for c in busy], timeout=max(0.0, wait_for))
            for child in list(busy):
                replace = None
                if child.conn in ready:
                    try:
                        finish(child, child.receive())
                        continue
                    except (EOFError, OSError, ValueError):
                        replace = (GradeStatus.ERROR,
                                   t("the grading process stopped on this submission"))
                elif time.monotonic() - child.started > deadline:
                    replace = (GradeStatus.TIMEOUT, t("grading took longer than {seconds} s",
                                            seconds=f"{deadline:g}"))
                if replace is not None:
                    task = child.task
                    child.kill()
                    finish(child, lost(task, *replace))
                    _kill_strays({c.pid for c in children if c is not child} | kept)
                    children[children.index(child)] = _Child(work, servers, child.cpu)
    finally:
        for child in children:
            child.kill()
        _kill_strays(set())
    return results  # type: ignore[return-value]


def _kill_strays(keep: set[int]) -> None:
    """Kill what a dead grading process left behind (the pool is a child subreaper,
    so orphans of its grading processes, fork servers and workers become ours)."""
    process.kill_children(keep, pause=0.05)
    process.reap_children(keep)  # the zombies among them
