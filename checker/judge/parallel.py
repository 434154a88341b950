"""A learner's check of several exercises in two checking processes, one per core.

What it buys, measured (``benchmarks/check_speed.py``, 2 cores, same sitting, 2026-12-05):
a check of the whole course 2.37 -> 2.11 s (1.60x -> 1.46x its floor). The checker waits
on its worker for most of a case and the worker on the checker, so one checking process
keeps about one core busy (the whole course's cases took 1.2 s in one). Two processes
forked from the warm parent (about 10 ms each: torch and pytest are imported already),
each with a branch of the run's fork server and pinned to a core of its own with it
(``process.lanes``), share the exercises: each takes the next one from a pipe as it needs
one (``Claims``), so the one that draws exercise 13's memory cases takes fewer of the
rest. Each runs the plain path (``runner.one_process``: pytest on the selected cases, the
same plugin and workers) and sends back the results of the exercises it ran.

Used only where it can help and nothing can go wrong that the plain path would not:
a learner's own check (never a grade, which has its pool, nor ``--json``), two or more
exercises, two or more CPUs, Linux's engine, and a process with no other thread (a
notebook's kernel or ``watch`` has threads: forking them is unsafe). Anything a checking
process did not send back (it died) is checked again here, the plain way.
``tests/test_parallel.py`` holds both paths to the same results.
"""
from __future__ import annotations

import os
import pickle
import signal
import socket
import threading
from multiprocessing.connection import Connection, wait

from checker import manifest
from checker.engine import forkserver, host, process
from checker.options import RunOptions

PROCESSES = 2


class Claims:
    """Which exercises this checking process runs, taken one at a time from a pipe that
    holds every selected exercise's index once, in order (a read of one byte is atomic:
    each index goes to one process). Both processes walk the cases in the same order,
    so a process holds the exercise it runs and the next one it took (its worker starts
    meanwhile): an exercise before the first one held is another process's."""

    def __init__(self, order: list[str], fd: int) -> None:
        self.order = order
        self.fd = fd
        self.held: list[int] = []   # indices taken, not finished, in order
        self.ran: set[str] = set()  # the exercises this process ran
        self._empty = False

    def _fill(self) -> None:
        while len(self.held) < 2 and not self._empty:
            taken = os.read(self.fd, 1)
            if taken:
                self.held.append(taken[0])
            else:
                self._empty = True

    def mine(self, exercise_id: str) -> bool:
        """Whether this process runs ``exercise_id`` (asked for each of its cases, in
        order): the exercises before it that this process held are finished."""
        index = self.order.index(exercise_id)
        self._fill()
        while self.held and self.held[0] < index:
            self.held.pop(0)
            self._fill()
        if self.held and self.held[0] == index:
            self.ran.add(exercise_id)
            return True
        return False

    def first(self) -> str | None:
        self._fill()
        return self.order[self.held[0]] if self.held else None

    def following(self, exercise_id: str) -> str | None:
        """The exercise this process runs after ``exercise_id`` (the one it holds next)."""
        self._fill()
        if len(self.held) > 1 and self.order[self.held[0]] == exercise_id:
            return self.order[self.held[1]]
        return None


def worth_it(selected: list[manifest.Exercise], options: RunOptions) -> bool:
    """Whether a check of ``selected`` runs in two processes (see the module's text)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = 1
    return (options.learner_check and not options.json_report and 2 <= len(selected) < 256
            and cpus >= PROCESSES and host.linux()
            and threading.active_count() == 1)


def run(target, selected: list[manifest.Exercise], options: RunOptions, one_process):
    """Check ``selected`` of ``target`` in two forked processes, each running
    ``one_process(target, selected, options, claims)``; the run, in ``selected``'s order
    (a ``results.Run``)."""
    from checker.judge.results import Run, RunResult

    # taken from the last: those cost the most (13's memory cases are a third of the
    # course's cases), and the process that draws one takes fewer of the small ones after
    taken = selected[::-1]
    order = [e.id for e in taken]
    read, write = os.pipe()
    os.write(write, bytes(range(len(order))))
    os.close(write)
    children: list[tuple[int, Connection]] = []
    try:
        server = forkserver.get()
        for cpu in process.lanes(PROCESSES):
            children.append(_fork(server, cpu, read, lambda claims: one_process(
                target, taken, options, claims), order))
    except (forkserver.ServerGone, OSError):
        pass  # the processes forked take every exercise; none: all of them, here, below
    finally:
        os.close(read)
    found: dict[str, object] = {}
    engine, error = None, None
    try:
        waiting = [conn for _, conn in children]
        while waiting:
            for conn in wait(waiting):
                waiting.remove(conn)
                try:
                    said = pickle.loads(conn.recv_bytes())
                except (EOFError, OSError, pickle.UnpicklingError):
                    continue  # it died: what it ran is checked again below
                error = error or said.get("error")
                found.update({e.id: e for e in said.get("exercises", [])})
                engine = engine or said.get("engine")
    finally:
        for pid, conn in children:
            conn.close()
            process.kill(pid)
            try:  # not waited for (its exit takes 12 ms): ``process.fork`` noted it, and
                os.waitpid(pid, os.WNOHANG)  # a later look at the children reaps it
            except ChildProcessError:
                pass
    if error is not None:
        from checker.judge.runner import RunError

        raise RunError(error)
    missing = [e for e in selected if e.id not in found]
    if missing:  # a checking process died: the plain way, here
        again = one_process(target, missing, options, None).result
        found.update({e.id: e for e in again.exercises})
        engine = engine or again.engine
    from checker.judge.runner import versions

    result = RunResult([found[e.id] for e in selected], options.seed, versions(),
                       target.origin, engine=engine)
    return Run(result, options, None)


def _fork(server, cpu, read: int, work, order: list[str]) -> tuple[int, Connection]:
    """A checking process: it adopts a branch of ``server``, runs ``work(claims)`` and
    sends back (pickled: the process is the kit's own, learner code never runs in it)
    the results of the exercises it ran."""
    ours, theirs = socket.socketpair()
    branch = server.branch(cpu)
    pid = process.fork()
    if pid == 0:
        code = 0
        try:
            ours.close()
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
            process.die_with_parent()
            if cpu is not None:
                process.pin(cpu)
            forkserver.forget()
            forkserver.adopt(branch)
            conn = Connection(theirs.detach())
            claims = Claims(order, read)
            from checker.judge.runner import RunError

            try:
                done = work(claims)
                said = {"exercises": [e for e in done.result.exercises if e.id in claims.ran],
                        "engine": done.result.engine}
            except RunError as exc:  # pytest could not run the cases
                said = {"error": str(exc)}
            conn.send_bytes(pickle.dumps(said))
        except BaseException:
            code = 70
        finally:
            os._exit(code)
    theirs.close()
    branch.close()
    return pid, Connection(ours.detach())
