"""What a worker may touch on disk, enforced by the kernel (Landlock, Linux 5.13+).

The audit hook (``sandbox.audit_guard``) sees Python's own file access only: not a
read made by torch's C++, by a path relative to a descriptor, or by a call that
raises no audit event (``os.mknod``, ``os.mkfifo``). Landlock works underneath all
of them. After ``restrict``, this process and everything it starts may:

- read and map (for imports) the files under the ``allowed`` folders, except
  under the ``hidden`` ones: a hidden folder inside an allowed one is cut out
  by granting the allowed folder's other entries one by one;
- nothing else: no reading elsewhere (the kit's checkout and ``.git``, the
  submissions, the output folder), no writing, creating (files, folders,
  FIFOs, device nodes, sockets), removing, renaming or truncating anywhere;
- no TCP (ABI 4), and no signal or abstract socket to a process outside its
  own sandbox (ABI 6): the grader cannot be killed even by the grader's uid.

A kernel without Landlock (an old one, or a container that filters its system
calls) leaves the audit hook alone; ``restrict`` then says why. Off Linux (macOS, or
``ATTN_KIT_ENGINE=portable``: ``host``) no Landlock call is made at all: a system
call's number means another call there.
"""
from __future__ import annotations

import ctypes
import os

from checker.engine import host, process

_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446  # the same number on every arch
_RULE_PATH_BENEATH = 1
_CREATE_RULESET_VERSION = 1

EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
_FS_BITS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 4: (1 << 15) - 1,
                   5: (1 << 16) - 1}   # ABI 2 adds REFER, 3 TRUNCATE, 5 IOCTL_DEV
_NET_TCP = 0b11          # BIND_TCP | CONNECT_TCP, from ABI 4
_SCOPES = 0b11           # ABSTRACT_UNIX_SOCKET | SIGNAL, from ABI 6


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64),
                ("scoped", ctypes.c_uint64)]


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def _syscall():
    call = process.libc().syscall
    call.restype = ctypes.c_long
    return call


def abi() -> int:
    """The Landlock ABI version this kernel offers, 0 when it offers none."""
    if not host.linux():
        return 0
    try:
        version = _syscall()(_CREATE_RULESET, None, ctypes.c_size_t(0),
                             ctypes.c_uint32(_CREATE_RULESET_VERSION))
    except (OSError, AttributeError):
        return 0
    return max(int(version), 0)


def grants(allowed: list[str], hidden: list[str]) -> list[str]:
    """The paths to grant: each allowed folder, or, where hidden paths lie inside it,
    its entries one by one (recursively) without the hidden ones. Real paths."""
    hidden_real = {os.path.realpath(h) for h in hidden if h}
    found: list[str] = []

    def visit(path: str) -> None:
        if path in hidden_real or not os.path.exists(path):
            return
        inside = [h for h in hidden_real if h.startswith(path.rstrip(os.sep) + os.sep)]
        if not inside or not os.path.isdir(path):
            found.append(path)
            return
        try:
            entries = sorted(os.listdir(path))
        except OSError:
            return
        for name in entries:
            visit(os.path.realpath(os.path.join(path, name)))

    roots = sorted({os.path.realpath(p) for p in allowed if p}, key=len)
    for root in roots:
        if not any(root.startswith(r.rstrip(os.sep) + os.sep) for r in roots if r != root):
            visit(root)
    return list(dict.fromkeys(found))


def restrict(paths: list[str]) -> str:
    """Confine this process (and what it starts) to reading ``paths`` (see grants).

    Call it while the process has a single thread: Landlock binds the calling thread,
    and the threads it starts later. Returns '' once confined, else why not.
    """
    if not host.linux():
        return f"Landlock is Linux's ({host.why_not_linux()})"
    version = abi()
    if version < 1:
        return "the kernel offers no Landlock"
    syscall = _syscall()
    attr = _RulesetAttr(_FS_BITS_BY_ABI[min(version, 5)], _NET_TCP if version >= 4 else 0,
                        _SCOPES if version >= 6 else 0)
    size = ctypes.sizeof(_RulesetAttr) if version >= 6 else 16 if version >= 4 else 8
    ruleset = syscall(_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size),
                      ctypes.c_uint32(0))
    if ruleset < 0:
        return f"landlock_create_ruleset failed ({os.strerror(ctypes.get_errno())})"
    try:
        for path in paths:
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue
            try:
                rights = READ_FILE | EXECUTE | (READ_DIR if os.path.isdir(path) else 0)
                rule = _PathBeneath(rights, fd)
                if syscall(_ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(_RULE_PATH_BENEATH),
                           ctypes.byref(rule), ctypes.c_uint32(0)) != 0:
                    return f"landlock_add_rule failed ({os.strerror(ctypes.get_errno())})"
            finally:
                os.close(fd)
        process.no_new_privs()
        if syscall(_RESTRICT_SELF, ctypes.c_int(ruleset), ctypes.c_uint32(0)) != 0:
            return f"landlock_restrict_self failed ({os.strerror(ctypes.get_errno())})"
    finally:
        os.close(ruleset)
    return ""
