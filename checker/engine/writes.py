"""Which pages of the input region a worker wrote: a fact its kernel records.

The checker reads the region back after a call (``shared.py``), but what the region
holds then is something the worker decides: code of the learner's outside the
function (a wrapped ``codec.send``) can write an input's bytes back after an in-place
change and before the answer (the fourth red team's B2). What the kernel saw cannot
be undone that way: the region is registered with a ``userfaultfd`` in write-protect
mode, so the first write to each of its pages stops the writing thread and sends the
address to whoever holds the descriptor. The worker's set-up (the kit's code, before
any learner code runs) makes the descriptor, hands it to the checker and closes its
own copy; from then on only the checker has it, and learner code cannot make another
(seccomp refuses ``userfaultfd``). Before each call whose inputs are in the region the
checker protects the region again; while it waits for the answer it takes each write
down (the page it was on, and so the input) and lets the thread go on. A write outside
any judged call (between calls, or while the file loads) is no honest worker's: from then
on every input of that worker counts as written.

``UFFD_USER_MODE_ONLY``: the descriptor needs no privilege, and a write the kernel
would make into the region on the worker's behalf (``read`` into it, say) fails with
EFAULT instead of going past the watch. Unmapping, moving or discarding the region's
pages are events too, and count as writes to all of it.

Linux 5.19 or newer (write protection of shared memory); elsewhere ``watch`` says why
not, the report's ``sandbox.layers.write_watch`` is off with that reason, and "inputs
unchanged" rests on the region's contents alone.
"""
from __future__ import annotations

import ctypes
import os
import struct

from checker.engine import process

PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096

_SYS_USERFAULTFD = {"x86_64": 323, "aarch64": 282}
_UFFD_USER_MODE_ONLY = 1
_UFFD_API = 0xAA
_UFFDIO_API, _UFFDIO_REGISTER, _UFFDIO_WRITEPROTECT = 0xC018AA3F, 0xC020AA00, 0xC018AA06
_MODE_WP = 2                # UFFDIO_REGISTER_MODE_WP
_PROTECT = 1                # UFFDIO_WRITEPROTECT_MODE_WP
_F_EVENT_REMAP, _F_EVENT_REMOVE, _F_EVENT_UNMAP = 1 << 2, 1 << 3, 1 << 6
_F_WP_SHMEM = 1 << 12       # UFFD_FEATURE_WP_HUGETLBFS_SHMEM
FEATURES = _F_WP_SHMEM | _F_EVENT_REMAP | _F_EVENT_REMOVE | _F_EVENT_UNMAP
_EVENT_PAGEFAULT = 0x12
_MSG = 32                   # sizeof(struct uffd_msg)

_ARGS3, _ARGS4 = ctypes.c_uint64 * 3, ctypes.c_uint64 * 4  # the ioctls' arguments


def prepare() -> None:
    """In a fork server: the C functions ``watch`` calls, resolved once, so that each
    worker inherits them (making them in a worker cost 100 copied pages, 0.4 ms)."""
    libc = process.libc()
    libc.syscall.restype = ctypes.c_long
    libc.ioctl  # noqa: B018  (resolved and kept by the library object)


def _ioctl(fd: int, request: int, args) -> str:
    """'' or why the ioctl failed."""
    if process.libc().ioctl(fd, ctypes.c_ulong(request), args) < 0:
        return os.strerror(ctypes.get_errno())
    return ""


def _protect(fd: int, start: int, length: int, on: bool) -> str:
    return _ioctl(fd, _UFFDIO_WRITEPROTECT, _ARGS3(start, length, _PROTECT if on else 0))


def watch(region) -> tuple[int | None, int, str]:
    """The worker's side, before any learner code: register ``region`` (an mmap) and
    protect it. (descriptor, the region's address here, '') or (None, 0, why not)."""
    number = _SYS_USERFAULTFD.get(os.uname().machine)
    if number is None:
        return None, 0, f"no userfaultfd on {os.uname().machine}"
    syscall = process.libc().syscall
    syscall.restype = ctypes.c_long
    fd = syscall(number, os.O_CLOEXEC | os.O_NONBLOCK | _UFFD_USER_MODE_ONLY)
    if fd < 0:
        return None, 0, f"userfaultfd: {os.strerror(ctypes.get_errno())}"
    try:
        api = _ARGS3(_UFFD_API, FEATURES, 0)
        why = _ioctl(fd, _UFFDIO_API, api)
        if why or api[1] & FEATURES != FEATURES:
            raise OSError(why or "this kernel cannot write-protect shared memory")
        start = ctypes.addressof(ctypes.c_char.from_buffer(region))
        why = _ioctl(fd, _UFFDIO_REGISTER, _ARGS4(start, len(region), _MODE_WP, 0))
        why = why or _protect(fd, start, len(region), True)
        if why:
            raise OSError(why)
    except OSError as exc:
        os.close(fd)
        return None, 0, f"userfaultfd: {exc}"
    return fd, start, ""


class Watch:
    """The checker's side: the descriptor a worker handed over, and what it saw."""

    def __init__(self, fd: int, start: int, size: int):
        self.fd, self.start, self.size = fd, start, size
        self.pages: set[int] = set()   # offsets of the pages written since ``protect``
        self.everything = False        # the region was unmapped, moved or discarded
        self.armed = False             # between ``protect`` and ``disarm``: a judged call
        # a write (or event) outside any judged call: no honest worker touches the region
        # then (its tensors are the function's only during its call), so from then on
        # every input of this worker counts as written (the fifth red team's guard_region
        # wrote its pages at an earlier call to take them out of the watch)
        self.poisoned = False

    def protect(self) -> None:
        """Before a call: every page protected again, nothing seen yet."""
        self.service()  # a write still waiting belongs to no call
        self.pages.clear()
        self.everything = False
        self.armed = True
        if _protect(self.fd, self.start, self.size, True):
            self.everything = True  # the worker is gone, or the region with it

    def disarm(self) -> None:
        """After a judged call's answer (and its writes taken down)."""
        self.service()
        self.armed = False

    def service(self) -> None:
        """Take every write (and event) waiting down, and let its thread go on."""
        while True:
            try:
                data = os.read(self.fd, _MSG * 16)
            except BlockingIOError:
                return
            except OSError:
                self.everything = True
                return
            if not data:
                return
            for at in range(0, len(data) - _MSG + 1, _MSG):
                event = data[at]
                if not self.armed:
                    self.poisoned = True
                if event != _EVENT_PAGEFAULT:
                    self.everything = True
                    continue
                address = struct.unpack_from("<Q", data, at + 16)[0]
                page = (address - self.start) // PAGE * PAGE
                if 0 <= page < self.size:
                    self.pages.add(page)
                    _protect(self.fd, self.start + page, PAGE, False)  # and it goes on
                else:
                    self.everything = True

    def wrote(self, offset: int, size: int) -> bool:
        """Whether anything was written into ``size`` bytes at ``offset`` since ``protect``."""
        if self.everything or self.poisoned:
            return True
        first, last = offset // PAGE * PAGE, (offset + max(size, 1) - 1) // PAGE * PAGE
        return any(first <= p <= last for p in self.pages)

    def close(self) -> None:
        try:
            os.close(self.fd)
        except OSError:
            pass
