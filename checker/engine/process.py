"""Process plumbing shared by the fork server, the workers and the grading pool.

Linux calls through the C library (die with the parent, become a child subreaper),
listing a process's children from /proc, and killing them. Nothing here knows
about exercises; it is the one place where these system details live.
"""
from __future__ import annotations

import os
import signal
import time

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
PR_SET_NO_NEW_PRIVS = 38
# the checker asks a worker that overran where it is (worker._answer_where) before killing it
WHERE_SIGNAL = signal.SIGUSR1

_LIBC = None


def libc():
    """The C library, loaded once (in the fork server, before workers are forked)."""
    global _LIBC
    if _LIBC is None:
        import ctypes

        _LIBC = ctypes.CDLL(None, use_errno=True)
    return _LIBC


def die_with_parent() -> None:
    """Ask the kernel to SIGKILL this process when its parent dies."""
    try:
        libc().prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


def no_new_privs() -> None:
    """This process and its children can never gain privileges (setuid files, file
    capabilities); what Landlock and seccomp filters require of an unprivileged caller."""
    libc().prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)


def become_subreaper() -> None:
    """Orphans of this process's descendants become its children (so it can kill them)."""
    try:
        libc().prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def children_of(parent: int) -> list[int]:
    """The pids whose parent is ``parent``, read from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                ppid = int(f.read().rsplit(b")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if ppid == parent:
            found.append(int(entry))
    return found


def pin(cpu: int) -> bool:
    """Run this process (and what it forks from now on) on ``cpu`` only; False where the
    system says no (a CPU this process may not use, no affinity on this platform)."""
    try:
        os.sched_setaffinity(0, {cpu})
    except (AttributeError, OSError, ValueError):
        return False
    return True


def lanes(jobs: int) -> list[int | None]:
    """The CPU of each of ``jobs`` grading processes: one CPU each when there are exactly
    as many as the CPUs this process may use (a grading process and its workers then wake
    each other on one CPU: measured here, a class of 40 graded 4 to 7 % faster), else
    None for each (fewer leave CPUs for the workers to overlap on; more must share)."""
    try:
        cpus = sorted(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return [None] * jobs
    return list(cpus) if 1 < jobs == len(cpus) else [None] * jobs


def kill(pid: int) -> None:
    """SIGKILL ``pid`` and its process group (a worker leads its own); gone is fine."""
    for send in (os.killpg, os.kill):
        try:
            send(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def kill_children(keep: set[int] = frozenset(), pause: float = 0.0) -> None:
    """SIGKILL every child of this process (and its process group) but ``keep``.

    Looked for three times, since a child may fork while we look; ``pause``
    between rounds gives the dead time to be reparented here (to a subreaper).
    """
    for _ in range(3):
        children = [pid for pid in children_of(os.getpid()) if pid not in keep]
        if not children:
            return
        for pid in children:
            kill(pid)
        if pause:
            time.sleep(pause)


def reap_children(keep: set[int] = frozenset()) -> None:
    """Collect the exit status of dead children (zombies) but ``keep``, without waiting."""
    for pid in children_of(os.getpid()):
        if pid not in keep:
            try:
                os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                pass
