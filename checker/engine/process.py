"""Process plumbing shared by the fork server, the workers and the grading pool.

Linux calls through the C library (die with the parent, become a child subreaper),
listing a process's children from /proc, and killing them; the socket pairs that carry
the fork server's requests. Nothing here knows about exercises; it is the one place
where these system details live. Each Linux-only call asks ``host`` first and, where the
system has no such thing (macOS, ``ATTN_KIT_ENGINE=portable``), is left out and says so
(False), or does what the system allows: the children this process forked itself
(``fork``) stand in for /proc's list, a stream with lengths for ``SOCK_SEQPACKET``.
"""
from __future__ import annotations

import os
import signal
import socket
import struct
import time

from checker.engine import host

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


def die_with_parent() -> bool:
    """Ask the kernel to SIGKILL this process when its parent dies (False: no prctl here;
    a worker then ends when its socket does, or when its parent kills it)."""
    if not host.prctl():
        return False
    try:
        libc().prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        return False
    return True


def no_new_privs() -> bool:
    """This process and its children can never gain privileges (setuid files, file
    capabilities); what Landlock and seccomp filters require of an unprivileged caller.
    False where there is no prctl (then there is no Landlock or seccomp either)."""
    if not host.prctl():
        return False
    libc().prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
    return True


def become_subreaper() -> bool:
    """Orphans of this process's descendants become its children (so it can kill them).
    False where there is no prctl: an orphan then goes to the system's first process."""
    if not host.prctl():
        return False
    try:
        libc().prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except (OSError, AttributeError):
        return False
    return True


_forked: set[int] = set()  # the children this process forked with ``fork``, not yet reaped


def fork() -> int:
    """``os.fork``, the child's pid noted: where /proc cannot list a process's children,
    these are the ones ``children_of`` knows (a fork server's workers, a pool's grading
    processes)."""
    pid = os.fork()
    if pid == 0:
        _forked.clear()
    else:
        _forked.add(pid)
    return pid


def _forked_alive() -> list[int]:
    """The children noted by ``fork`` that have not ended (those that did are reaped and
    forgotten here, so a pid listed is still ours: never one the system gave again)."""
    alive = []
    for pid in sorted(_forked):
        try:
            ended = os.waitpid(pid, os.WNOHANG)[0] == pid
        except ChildProcessError:  # reaped already (SIGCHLD ignored, or by its owner)
            ended = True
        if ended:
            _forked.discard(pid)
        else:
            alive.append(pid)
    return alive


def children_of(parent: int) -> list[int]:
    """The pids whose parent is ``parent``, read from /proc; without /proc, this process's
    own children that ``fork`` noted (an orphan a worker left is not among them)."""
    if not host.proc():
        return _forked_alive() if parent == os.getpid() else []
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


# ------------------------------------------------------------- messages with descriptors
def message_pair() -> tuple[socket.socket, socket.socket]:
    """Two connected local sockets for messages that may carry descriptors: a
    ``SOCK_SEQPACKET`` pair where the system has one (each message whole), else a
    stream on which each message starts with its length (``send_message``)."""
    kind = socket.SOCK_SEQPACKET if host.packets() else socket.SOCK_STREAM
    return socket.socketpair(socket.AF_UNIX, kind)


def send_message(sock: socket.socket, data: bytes, fds: list[int] = ()) -> None:
    """Send one message (and ``fds``) on a socket of ``message_pair``."""
    if sock.type == socket.SOCK_SEQPACKET:
        if fds:
            socket.send_fds(sock, [data], list(fds))
        else:
            sock.send(data)
        return
    framed = struct.pack("<I", len(data)) + data
    sent = socket.send_fds(sock, [framed], list(fds)) if fds else 0
    if sent < len(framed):
        sock.sendall(framed[sent:])


def recv_message(sock: socket.socket, size: int, max_fds: int = 0) -> tuple[bytes, list[int]]:
    """One message of at most ``size`` bytes and the descriptors it carried, from a
    socket of ``message_pair``; b"" when the other end has closed."""
    if sock.type == socket.SOCK_SEQPACKET:
        if not max_fds:
            return sock.recv(size), []
        data, fds, _, _ = socket.recv_fds(sock, size, max_fds)
        return data, fds
    head, fds = b"", []
    while len(head) < 4:  # the descriptors come with the message's first bytes
        chunk, got, _, _ = socket.recv_fds(sock, 4 - len(head), max(max_fds, 1))
        fds += got
        if not chunk:
            return b"", fds
        head += chunk
    (length,) = struct.unpack("<I", head)
    if length > size:
        raise OSError(f"a message of {length} bytes, over {size}")
    data = b""
    while len(data) < length:
        chunk = sock.recv(length - len(data))
        if not chunk:
            return b"", fds
        data += chunk
    return data, fds
