"""What confines a worker: resource limits, a user id of its own, and reaping.

``apply`` runs in the worker right after it is forked, before any learner code:

- memory: the address space may grow by ``memory_mb`` over what the worker
  already maps (torch), so a memory bomb fails with MemoryError in its worker;
- processes: RLIMIT_NPROC, which Linux counts per user id and does not enforce
  for root. That is one reason a root grader gives each worker a user id of
  its own (``UID_BASE`` + its pid, no groups). Such a worker cannot signal the
  grader or other students' workers, cannot write into folders the grader owns,
  and everything it starts can be killed at once by ``reap``;
- file size, open files, CPU seconds, no core dumps.

Run as an ordinary user, workers keep the grader's user id; the limits still
hold, and the threat model (docs/threat-model.md) says what that leaves open.
"""
from __future__ import annotations

import os
import re
import resource
import signal
from dataclasses import asdict, dataclass

UID_BASE = 2_000_000_000   # far above any real account; pids stay below 2**22


@dataclass(frozen=True)
class Limits:
    memory_mb: int = 2048
    processes: int = 16
    file_mb: int = 16
    open_files: int = 256
    cpu_seconds: int = 300
    own_uid: bool = True        # when running as root, each worker gets a user id of its own

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict | None) -> "Limits":
        return cls(**(data or {}))


def worker_uid(pid: int) -> int:
    return UID_BASE + pid


CAP_DAC_READ_SEARCH = 2
PR_SET_KEEPCAPS, PR_SET_NO_NEW_PRIVS = 8, 38
_CAP_VERSION_3 = 0x20080522


def _become(uid: int, keep_reading: bool = False) -> None:
    """Switch to ``uid`` with no groups and no privileges.

    ``keep_reading`` keeps one capability, CAP_DAC_READ_SEARCH (read any file,
    enter any folder): Python itself may live under a private home folder (here
    /root/.pyenv), and a worker must still import the standard library lazily.
    It grants no writing, no signalling and no debugging of other users'
    processes, and nothing can raise the privileges again (no_new_privs).
    """
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    if keep_reading and libc.prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_KEEPCAPS) failed")
    os.setgroups([])
    os.setgid(uid)
    os.setuid(uid)
    if keep_reading:
        header = (ctypes.c_uint32 * 2)(_CAP_VERSION_3, 0)
        mask = 1 << CAP_DAC_READ_SEARCH
        data = (ctypes.c_uint32 * 6)(mask, mask, 0, 0, 0, 0)  # effective, permitted, inheritable
        if libc.capset(header, data) != 0:
            raise OSError(ctypes.get_errno(), "capset failed")
    libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)


def probe_own_uid() -> str:
    """'' when workers can run under a user id of their own here, else why not.

    They can if we are root and a worker that changed its user id can still
    read torch, the standard library and the worker's own code.
    """
    if os.geteuid() != 0:
        return "the grader is not running as root"
    import torch

    needed = [torch.__file__, os.__file__, __file__]
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            _become(worker_uid(os.getpid()), keep_reading=True)
            for path in needed:
                with open(path, "rb"):
                    pass
                os.listdir(os.path.dirname(path))
            code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        return "a worker with its own user id could not read torch or the kit"
    return ""


def apply(limits: Limits, own_uid: bool) -> None:
    """Confine the current (worker) process. ``own_uid`` as the fork server found it."""
    mb = 1024 * 1024
    _limit(resource.RLIMIT_CORE, 0)
    _limit(resource.RLIMIT_FSIZE, limits.file_mb * mb)
    _limit(resource.RLIMIT_NOFILE, limits.open_files)
    _limit(resource.RLIMIT_CPU, limits.cpu_seconds, limits.cpu_seconds + 5)
    if own_uid and limits.own_uid:
        _become(worker_uid(os.getpid()), keep_reading=True)
        _limit(resource.RLIMIT_NPROC, limits.processes)
    elif os.geteuid() != 0:
        _limit(resource.RLIMIT_NPROC, _tasks_of(os.getuid()) + limits.processes)
    _limit(resource.RLIMIT_AS, _mapped_bytes() + limits.memory_mb * mb)


def _limit(which: int, soft: int, hard: int | None = None) -> None:
    hard = soft if hard is None else hard
    _, current_hard = resource.getrlimit(which)
    if current_hard != resource.RLIM_INFINITY:
        soft, hard = min(soft, current_hard), min(hard, current_hard)
    try:
        resource.setrlimit(which, (soft, hard))
    except (ValueError, OSError):
        pass


def _mapped_bytes() -> int:
    with open("/proc/self/status") as f:
        found = re.search(r"VmSize:\s+(\d+)\s+kB", f.read())
    return int(found.group(1)) * 1024 if found else 0


def _tasks_of(uid: int) -> int:
    """Threads that ``uid`` runs now (what RLIMIT_NPROC counts)."""
    count = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/status") as f:
                status = f.read()
        except OSError:
            continue
        uid_line = re.search(r"^Uid:\s+(\d+)", status, re.M)
        threads = re.search(r"^Threads:\s+(\d+)", status, re.M)
        if uid_line and int(uid_line.group(1)) == uid:
            count += int(threads.group(1)) if threads else 1
    return count


def reap(uid: int) -> None:
    """Kill every process running as ``uid`` (a worker's own uid): nothing outlives it."""
    pid = os.fork()
    if pid == 0:
        try:
            _become(uid)
            os.kill(-1, signal.SIGKILL)   # every process this uid may signal, but not us
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
