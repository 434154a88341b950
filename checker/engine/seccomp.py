"""System calls a worker may not make, refused by the kernel (a seccomp filter).

The resource limits bound what a worker maps (``RLIMIT_AS``), writes (``RLIMIT_FSIZE``)
and opens (``RLIMIT_NOFILE``), and Landlock bounds where it reads and creates files.
Some calls slip between them: memory that is no mapping (``memfd_create``, System V
shared memory and message queues, kernel keys, ``userfaultfd``), file system objects
made without a path Landlock checks (``mknod`` is refused there too), new namespaces
(a private tmpfs is memory that no limit counts), mounts, other processes' memory
(``ptrace``, ``process_vm_*``, ``pidfd_getfd``), ``open_by_handle_at`` (which walks past
every path check), ``io_uring``, ``bpf``, ``perf_event_open`` and new sockets; new
processes (``fork``, ``vfork``, a ``clone`` without ``CLONE_THREAD``: a process a worker
started could outlive its kill, or spin). The filter answers each with EPERM; ``clone``
may make threads only and no namespaces, and ``clone3`` (whose flags a filter cannot read)
answers ENOSYS, so the C library falls back to ``clone``.

The numbers are the kernel's own, per architecture (x86-64 and arm64); on another
architecture ``install`` does nothing and says so. A call made through another ABI
of the same machine (i386 or x32 on x86-64) is refused whole. Off Linux (macOS, whose
arm64 numbers are other calls, or ``ATTN_KIT_ENGINE=portable``: ``host``) nothing is
made or installed, and ``install`` says why.
"""
from __future__ import annotations

import ctypes
import errno
import functools
import platform
import struct

from checker.engine import host, process

# name: (x86-64, arm64); None where the architecture has no such call
DENIED = {
    "memfd_create": (319, 279), "memfd_secret": (447, 447), "userfaultfd": (323, 282),
    "shmget": (29, 194), "msgget": (68, 186), "semget": (64, 190),
    "add_key": (248, 217), "request_key": (249, 218), "keyctl": (250, 219),
    "mknod": (133, None), "mknodat": (259, 33),
    "unshare": (272, 97), "setns": (308, 268), "mount": (165, 40), "umount2": (166, 39),
    "pivot_root": (155, 41), "open_tree": (428, 428), "move_mount": (429, 429),
    "fsopen": (430, 430), "fsconfig": (431, 431), "fsmount": (432, 432), "fspick": (433, 433),
    "mount_setattr": (442, 442),
    "ptrace": (101, 117), "process_vm_readv": (310, 270), "process_vm_writev": (311, 271),
    "pidfd_open": (434, 434), "pidfd_getfd": (438, 438), "pidfd_send_signal": (424, 424),
    "kcmp": (312, 272), "name_to_handle_at": (303, 264), "open_by_handle_at": (304, 265),
    "io_uring_setup": (425, 425), "io_uring_enter": (426, 426), "io_uring_register": (427, 427),
    "bpf": (321, 280), "perf_event_open": (298, 241),
    "socket": (41, 198), "socketpair": (53, 199),
    "fork": (57, None), "vfork": (58, None),  # arm64 has neither: clone below covers it
}
_CLONE, _CLONE3, _SECCOMP = (56, 220), (435, 435), (317, 277)

_ARCHES = {"x86_64": (0, 0xC000003E), "amd64": (0, 0xC000003E), "aarch64": (1, 0xC00000B7),
           "arm64": (1, 0xC00000B7)}
_CLONE_NEW = 0x7E020080          # CLONE_NEW{NS,CGROUP,UTS,IPC,USER,PID,NET,TIME}
_CLONE_THREAD = 0x00010000       # a thread of this process: the only clone a worker may make
_X32_BIT = 0x40000000

# classic BPF
_LD_W_ABS, _JEQ_K, _JGE_K, _JSET_K, _RET_K = 0x20, 0x15, 0x35, 0x45, 0x06
_ALLOW, _ERRNO = 0x7FFF0000, 0x00050000
_NR, _ARCH, _ARG0 = 0, 4, 16     # offsets in struct seccomp_data (arg0's low 32 bits)
_SET_MODE_FILTER, _FLAG_TSYNC = 1, 1


class _Filter(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def _program(column: int, audit_arch: int) -> bytes:
    def op(code, k=0, jt=0, jf=0):
        return struct.pack("HBBI", code, jt, jf, k)

    deny = _ERRNO | errno.EPERM
    numbers = sorted({n[column] for n in DENIED.values() if n[column] is not None})
    prog = [op(_LD_W_ABS, _ARCH), op(_JEQ_K, audit_arch, 1, 0), op(_RET_K, deny),
            op(_LD_W_ABS, _NR)]
    if column == 0:
        prog += [op(_JGE_K, _X32_BIT, 0, 1), op(_RET_K, deny)]
    prog += [op(_JEQ_K, _CLONE3[column], 0, 1), op(_RET_K, _ERRNO | errno.ENOSYS)]
    for number in numbers:
        prog += [op(_JEQ_K, number, 0, 1), op(_RET_K, deny)]
    # clone: no namespaces, and threads only (a new process, fork's clone, is refused)
    prog += [op(_JEQ_K, _CLONE[column], 0, 5), op(_LD_W_ABS, _ARG0),
             op(_JSET_K, _CLONE_NEW, 0, 1), op(_RET_K, deny),
             op(_JSET_K, _CLONE_THREAD, 1, 0), op(_RET_K, deny), op(_RET_K, _ALLOW)]
    return b"".join(prog)


@functools.lru_cache(maxsize=None)
def prepared():
    """This machine's filter as the kernel takes it (its buffer and ``sock_fprog``), the C
    function that installs it and that call's number; None on an architecture without a
    filter. Made once per process, and by a fork server before it forks
    (``worker.prepare``), so that its workers inherit it made. None off Linux."""
    if not host.linux():
        return None
    arch = _ARCHES.get(platform.machine().lower())
    if arch is None:
        return None
    column, audit_arch = arch
    code = _program(column, audit_arch)
    buffer = ctypes.create_string_buffer(code, len(code))
    syscall = process.libc().syscall
    syscall.restype = ctypes.c_long
    return (buffer, _Filter(len(code) // 8, ctypes.cast(buffer, ctypes.c_void_p)), syscall,
            _SECCOMP[column])


def install() -> str:
    """Add the filter to every thread of this process (and what it starts).
    Returns '' once installed, else why not."""
    if not host.linux():
        return f"seccomp is Linux's ({host.why_not_linux()})"
    made = prepared()
    if made is None:
        return f"no seccomp filter for the {platform.machine()} architecture"
    _, prog, syscall, number = made
    process.no_new_privs()
    if syscall(ctypes.c_long(number), ctypes.c_uint(_SET_MODE_FILTER),
               ctypes.c_uint(_FLAG_TSYNC), ctypes.byref(prog)) != 0:
        return f"seccomp failed ({errno.errorcode.get(ctypes.get_errno(), '?')})"
    return ""
