"""What this machine offers the engine: each Linux-only piece, found at run time.

The engine confines a worker with pieces only Linux has: ``prctl`` (die with the parent,
a child subreaper, no new privileges), ``/proc`` (a process's children, its mapped and
resident memory, its open descriptors), memfd, seccomp and Landlock. macOS has none of
them, and a Linux container may lack some. Every piece asks here whether it exists, at
the lowest level (the function that would make the call), and leaves itself out with a
reason when it does not: the rest of the engine has no branch of its own.

``ATTN_KIT_ENGINE=portable`` makes every answer here what macOS would give, on any
system: the documented switch for a system the kit misdetects, and how the kit's tests
run the learner's commands without Linux's layers. The choice is read from the
environment each time (no state here), and carried into every fork server and worker
(``environment``), whose environments are otherwise replaced.
"""
from __future__ import annotations

import os
import sys

VARIABLE = "ATTN_KIT_ENGINE"
CHOICES = ("auto", "portable")   # auto (or unset): Linux's engine on Linux, else portable


def choice() -> str:
    """The engine asked for (``ATTN_KIT_ENGINE``): ``auto`` when it is unset or empty."""
    return os.environ.get(VARIABLE, "").strip().lower() or "auto"


def choice_problem() -> str:
    """One line when ``ATTN_KIT_ENGINE`` holds a value the kit does not know; '' if fine."""
    from checker.i18n import t

    if choice() in CHOICES:
        return ""
    return t("{variable}={value} is not an engine the kit knows: use {choices}, or leave it "
             "unset", variable=VARIABLE, value=os.environ.get(VARIABLE, ""),
             choices=" or ".join(CHOICES))


def system() -> str:
    """The operating system as Python names it (``sys.platform``: linux, darwin, ...)."""
    return sys.platform


def forced() -> bool:
    """The portable engine was asked for (``ATTN_KIT_ENGINE=portable``)."""
    return choice() == "portable"


def linux() -> bool:
    """Linux's pieces may be tried: a Linux kernel, and the portable engine not forced."""
    return system().startswith("linux") and not forced()


def portable() -> bool:
    """Workers run on the portable engine (no Linux kernel here, or it was asked for)."""
    return not linux()


def why_not_linux() -> str:
    """Why Linux's pieces are left out here ('' when they may be tried)."""
    if forced():
        return f"the portable engine was asked for: {VARIABLE}=portable or grade --sandbox none"
    if not system().startswith("linux"):
        return f"not Linux ({system()})"
    return ""


def proc() -> bool:
    """``/proc`` can be read (Linux, with /proc mounted)."""
    return linux() and os.path.isdir("/proc/self")


def why_no_proc() -> str:
    return why_not_linux() or ("" if proc() else "no /proc here")


def prctl() -> bool:
    """The C library's ``prctl`` may be called (Linux only)."""
    return linux()


def memfd() -> bool:
    """``os.memfd_create`` exists (Linux 3.17+, Python on Linux)."""
    return linux() and hasattr(os, "memfd_create")


def packets() -> bool:
    """A socket pair can keep message boundaries (``SOCK_SEQPACKET``: Linux; macOS has
    none for local sockets, and a stream with a length before each message stands in)."""
    import socket

    return linux() and hasattr(socket, "SOCK_SEQPACKET")


def use_portable() -> None:
    """Run this process, and every process it starts, on the portable engine (``grade
    --sandbox none``): the same switch as ``ATTN_KIT_ENGINE=portable``."""
    os.environ[VARIABLE] = "portable"


def environment() -> dict[str, str]:
    """What a fork server's or a worker's own environment keeps of the engine's choice."""
    return {VARIABLE: "portable"} if forced() else {}
