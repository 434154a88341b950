"""What confines a worker: resource limits, a user id of its own, an audit hook, bubblewrap.

``apply`` runs in the worker right after it is forked, before any learner code:

- memory: the address space may grow by ``memory_mb`` over what the worker
  already maps (torch), so a memory bomb fails with MemoryError in its worker;
- processes: RLIMIT_NPROC, which Linux counts per user id and does not enforce
  for root. That is one reason a root grader gives each worker a user id of
  its own (``UID_BASE`` + its pid, no groups). Such a worker cannot signal the
  grader or other students' workers, and cannot write into folders the grader owns;
- file size, open files, CPU seconds, no core dumps.

Run as an ordinary user, workers keep the grader's user id; the limits still
hold, and the threat model (docs/threat-model.md) says what that leaves open.

Where the system lacks a piece (``host``: no /proc to size the address space or count
a user's tasks, no prctl to change user ids; macOS, ``ATTN_KIT_ENGINE=portable``), that
limit is left out and ``apply`` says why; the others hold.
"""
from __future__ import annotations

import functools
import os
import re
import resource
import sys
from dataclasses import asdict, dataclass

from checker.engine import host, process
from checker.i18n import t

UID_BASE = 2_000_000_000   # far above any real account; pids stay below 2**22


@dataclass(frozen=True)
class Limits:
    memory_mb: int = 1024       # on top of what torch maps; tensors here are tiny
    processes: int = 16
    file_mb: int = 16
    open_files: int = 256
    cpu_seconds: int = 300
    own_uid: bool = True        # when running as root, each worker gets a user id of its own
    require_kernel: bool = False  # a worker without Landlock or seccomp refuses to start

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


def prepare() -> None:
    """In a fork server: what ``apply`` makes with ctypes (the capability sets' types, the C
    functions), made once, so that each worker inherits it made."""
    import ctypes

    if not host.prctl():
        return
    libc = process.libc()
    libc.prctl, libc.capset  # noqa: B018  (resolved and kept by the library object)
    ctypes.c_uint32 * 2, ctypes.c_uint32 * 6  # noqa: B018  (kept by ctypes' own cache)


def _become(uid: int, keep_reading: bool = False) -> None:
    """Switch to ``uid`` with no groups and no privileges.

    ``keep_reading`` keeps one capability, CAP_DAC_READ_SEARCH (read any file,
    enter any folder): Python itself may live under a private home folder (here
    /root/.pyenv), and a worker must still import the standard library lazily.
    It grants no writing, no signalling and no debugging of other users'
    processes, and nothing can raise the privileges again (no_new_privs).
    """
    import ctypes

    libc = process.libc()
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


def probe_own_uid() -> tuple[str, bool]:
    """How workers can run under a user id of their own here: (why not, keep_reading).

    They can if we are root and a worker that changed its user id can still
    read torch, the standard library and the worker's own code: with no
    privilege at all where those are readable by everyone, or else keeping the
    one capability to read files (Python under /root/.pyenv, for example).
    """
    if not host.prctl():
        return f"a user id per worker needs Linux ({host.why_not_linux()})", False
    if os.geteuid() != 0:
        return "the grader is not running as root", False
    import torch

    needed = [torch.__file__, os.__file__, __file__]

    def can_read(keep_reading: bool) -> bool:
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                _become(worker_uid(os.getpid()), keep_reading=keep_reading)
                for path in needed:
                    with open(path, "rb"):
                        pass
                    os.listdir(os.path.dirname(path))
                code = 0
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        return os.waitstatus_to_exitcode(status) == 0

    if can_read(False):
        return "", False
    if can_read(True):
        return "", True
    return "a worker with its own user id could not read torch or the kit", False


def apply(limits: Limits, own_uid: bool, keep_reading: bool = False) -> dict[str, str]:
    """Confine the current (worker) process; ``own_uid`` and ``keep_reading`` as the
    fork server found them (see probe_own_uid). Returns the limits that depend on what
    the system has, each '' when it holds or why it was left out: ``memory`` (the
    address space, sized from /proc) and ``processes`` (RLIMIT_NPROC, sized from /proc
    for an ordinary user)."""
    mb = 1024 * 1024
    _limit(resource.RLIMIT_CORE, 0)
    _limit(resource.RLIMIT_FSIZE, limits.file_mb * mb)
    _limit(resource.RLIMIT_NOFILE, limits.open_files)
    _limit(resource.RLIMIT_CPU, limits.cpu_seconds, limits.cpu_seconds + 5)
    why_no_proc = host.why_no_proc()
    held = {"memory": why_no_proc, "processes": why_no_proc}
    if own_uid and limits.own_uid:
        _become(worker_uid(os.getpid()), keep_reading=keep_reading)
        _limit(resource.RLIMIT_NPROC, limits.processes)
        held["processes"] = ""
    elif os.geteuid() != 0 and not why_no_proc:
        _limit(resource.RLIMIT_NPROC, _tasks_of(os.getuid()) + limits.processes)
    elif os.geteuid() == 0:
        held["processes"] = "not enforced for root"
    if not why_no_proc:
        _limit(resource.RLIMIT_AS, _mapped_bytes() + limits.memory_mb * mb)
    return held


def _limit(which: int, soft: int, hard: int | None = None) -> None:
    hard = soft if hard is None else hard
    _, current_hard = resource.getrlimit(which)
    if current_hard != resource.RLIM_INFINITY:
        soft, hard = min(soft, current_hard), min(hard, current_hard)
    try:
        resource.setrlimit(which, (soft, hard))
    except (ValueError, OSError):
        pass


_VMSIZE = re.compile(r"VmSize:\s+(\d+)\s+kB")  # compiled once, in the fork server


def _mapped_bytes() -> int:
    with open("/proc/self/status") as f:
        found = _VMSIZE.search(f.read())
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


# ------------------------------------------------------------ bubblewrap
def bwrap_path() -> str | None:
    import shutil

    return shutil.which("bwrap")


SYSTEM_PATHS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
                "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime",
                "/sys/devices/system/cpu")  # the last for torch's CPU detection
# the parts of the kit the fork server does not import (the cases, the grading, ...)
KIT_PARTS_NOT_NEEDED = ("judge", "grading", "learner", "stubs")


def bwrap_command(hide: list[str]) -> list[str]:
    """The bubblewrap prefix that starts a fork server in a stronger sandbox.

    Inside, the file system holds only what a worker needs, read-only: the system's
    programs and libraries, Python's prefixes and site-packages, and the kit's
    ``checker`` package without the hidden cases and the grading code (the fork
    server imports the rest at start; Landlock then keeps workers out of it). The
    kit's checkout (``.git``, ``solutions/``, ``tests/``), the submissions and the
    output folder are not there at all; where one lies inside a folder that is (the
    kit installed in site-packages), an empty folder or /dev/null covers it. No
    network, no shared IPC, a private /tmp. Workers forked inside inherit all of it,
    on top of the limits above.
    """
    import site

    import checker
    from checker import stubs

    command = [bwrap_path() or "bwrap", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp",
               "--unshare-net", "--unshare-ipc", "--unshare-uts", "--die-with-parent",
               "--chdir", "/"]
    for path in SYSTEM_PATHS:
        if os.path.islink(path):
            command += ["--symlink", os.readlink(path), path]
        elif os.path.exists(path):
            command += ["--ro-bind", path, path]
    package = os.path.dirname(os.path.realpath(checker.__file__))
    python = [sys.prefix, sys.base_prefix, *site.getsitepackages(),
              os.path.dirname(sys.executable)]
    shown: list[str] = []
    for path in [*python, package]:
        for form in dict.fromkeys((os.path.abspath(path), os.path.realpath(path))):
            if os.path.exists(form) and not form.startswith("/usr/") and form not in shown:
                shown.append(form)
    shown = [p for p in shown if not any(p.startswith(o.rstrip(os.sep) + os.sep) for o in shown)]
    for path in sorted(shown, key=len):
        command += ["--ro-bind", path, path]
    hidden = [os.path.realpath(stubs.solutions_dir()),  # in a wheel, inside the package
              *[os.path.join(package, part) for part in KIT_PARTS_NOT_NEEDED],
              *[os.path.realpath(p) for p in hide]]
    for path in dict.fromkeys(hidden):
        inside = any(path.startswith(s.rstrip(os.sep) + os.sep) for s in shown)
        if not inside or any(s == path or s.startswith(path + os.sep) for s in shown):
            continue  # not in the sandbox anyway, or it holds what the server runs on
        if os.path.isdir(path):
            command += ["--tmpfs", path]
        elif os.path.exists(path):
            command += ["--ro-bind", "/dev/null", path]
    return command


# ------------------------------------------------------------- audit hook
# Python-level events a worker may not cause (PEP 578 audit hooks; a hook cannot be
# removed once added). Learner code has no use for any of them: starting processes,
# reaching memory or the interpreter's internals, signalling, opening sockets,
# changing files.
BLOCKED_EVENTS = frozenset({
    "os.fork", "os.forkpty", "os.system", "os.exec", "os.posix_spawn", "os.spawn",
    "subprocess.Popen", "pty.spawn",
    "ctypes.dlopen", "ctypes.dlsym", "ctypes.dlsym/handle", "ctypes.cdata",
    "ctypes.cdata/buffer", "ctypes.string_at", "ctypes.wstring_at", "ctypes.addressof",
    "ctypes.call_function", "ctypes.create_string_buffer", "ctypes.create_unicode_buffer",
    "gc.get_objects", "gc.get_referrers", "gc.get_referents", "sys.addaudithook",
    "os.kill", "os.killpg", "signal.pthread_kill",
    "socket.__new__", "socket.connect", "socket.bind",
    "os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.symlink", "os.link", "os.chmod",
    "os.chown", "os.truncate", "os.utime", "shutil.rmtree", "os.chdir", "os.chroot",
    "mmap.__new__", "os.putenv", "os.unsetenv", "resource.setrlimit", "resource.prlimit",
    # frames lead to the worker's own objects (its session, what it sends back): every
    # way Python gives one out is closed (object.__getattr__ below covers tb_frame,
    # gi_frame, gi_code, cr_frame, ag_frame, f_code and a function's __code__)
    "sys._getframe", "sys._current_frames", "sys._current_exceptions", "sys.settrace",
    "sys.setprofile", "threading.settrace", "threading.setprofile",
    "threading.settrace_all_threads", "threading.setprofile_all_threads",
    "sys.monitoring.register_callback",
})
# object.__getattr__ is raised (CPython 3.11) for the attributes that hand out frames or
# code objects; object.__setattr__ for these names swaps a function's code
_CODE_ATTRIBUTES = frozenset({"__code__"})
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


class Refused(PermissionError):
    pass


class RefusedFrame(Refused, ValueError):
    """A frame refused: also a ValueError, which is what the standard library expects when
    no frame is there (namedtuple, Enum, typing and logging then carry on without one)."""


class RefusedImport(ImportError):
    """An import refused: an ImportError, which is what code that probes for an optional
    package expects when it is not there (sympy tries ``flint`` and ``gmpy2``
    the first time a worker runs an operation on the meta device)."""


class RefusedAttribute(AttributeError):
    """A frame or code attribute refused: an AttributeError, like a missing attribute
    (``getattr(tb, "tb_frame", None)`` then gives None)."""


# the events of BLOCKED_EVENTS that hand out frames
_FRAME_EVENTS = frozenset({"sys._getframe", "sys._current_frames", "sys._current_exceptions",
                           "sys.settrace", "sys.setprofile", "threading.settrace",
                           "threading.setprofile", "threading.settrace_all_threads",
                           "threading.setprofile_all_threads"})


# Functions that start processes, send signals or hand out frames without raising an
# audit event: a Python signal handler is called with the current frame, and torch's
# frame-evaluation hooks (PEP 523, for its compiler) with every frame that runs.
_UNAUDITED = (("_posixsubprocess", "fork_exec"), ("os", "pidfd_open"), ("posix", "pidfd_open"),
              ("signal", "pidfd_send_signal"),
              ("signal", "signal"), ("_signal", "signal"),  # installing a Python handler
              *[("torch._C._dynamo.eval_frame", a)
                for a in ("set_eval_frame", "set_bytecode_debugger_callback",
                          "set_guard_complete_hook", "set_guard_error_hook",
                          "set_code_exec_strategy", "_get_frame_value_stack_with_depth",
                          "register_breakpoint_code", "reset_code")])
# ... and which a fresh import (after ``del sys.modules[name]``) would bring back
_STRIPPED_MODULES = frozenset({"_posixsubprocess", "os", "posix", "signal", "_signal"})


def _remove_unaudited() -> None:
    import importlib

    for module_name, attr in _UNAUDITED:
        module = sys.modules.get(module_name)
        if module is None:
            try:
                module = importlib.import_module(module_name)
            except ImportError:
                continue
        if hasattr(module, attr):
            delattr(module, attr)


@functools.lru_cache(maxsize=8)
def path_rules(hidden: tuple, allowed: tuple) -> tuple:
    """The audit hook's folders, deepest first, each hidden (True) or allowed (False): made
    once per process (and by a fork server for its workers: ``worker.prepare``)."""
    return tuple(sorted({**{os.path.realpath(p): True for p in hidden if p},
                         **{os.path.realpath(p): False for p in allowed if p}}.items(),
                        key=lambda item: -len(item[0])))


_STDLIB = frozenset(sys.stdlib_module_names)


def audit_guard(hidden: list[str], allowed: list[str] = (), names: set[str] = frozenset(),
                refused_imports: frozenset = frozenset(), allowed_imports: frozenset | None = None,
                watched: tuple = (), first: tuple = ()) -> None:
    """Refuse, in this (worker) process from now on: the BLOCKED_EVENTS, opening any
    file for writing, opening a file named like an exercise file anywhere (``names``:
    a worker is sent its source, it never needs to open one), and reading or listing
    anything under ``hidden`` (the kit's source, the submissions, the output folder)
    or /proc/*/mem. Where a path is under both a hidden and an ``allowed`` folder (a
    virtual environment inside the kit's checkout), the deeper of the two decides.

    Fresh imports: a package in ``refused_imports`` (top level), or outside
    ``allowed_imports`` when given, is refused. ``watched`` is a tuple of (object,
    ((attribute, value), ...)): at every fresh import each object's ``__dict__`` must
    still hold exactly those values (the kit's import finders, still first in
    sys.meta_path, unchanged), or the import is refused; ``first``: the finders that must
    still open sys.meta_path, in that order.

    The hook reads no state learner code can rebind: every set, rule and function it
    uses is a frozen copy bound in its closure when it is made (``_sealed_hook``), and
    it runs with globals of its own that hold nothing, so rebinding this module's
    globals (``BLOCKED_EVENTS = frozenset()``) or a builtin changes nothing."""
    rules = path_rules(tuple(hidden), tuple(allowed))
    stems = tuple(n.removesuffix(".py") + "." for n in names)
    _remove_unaudited()
    hook = _sealed_hook(rules, frozenset(names), stems, frozenset(refused_imports),
                        None if allowed_imports is None else frozenset(allowed_imports),
                        tuple((obj, tuple(pairs)) for obj, pairs in watched), tuple(first))
    sys.addaudithook(hook)


def _sealed(fn):
    """``fn`` again, with globals that hold nothing (not even builtins): whatever it uses
    must be in its closure, and a module global rebound later cannot reach it."""
    import types

    return types.FunctionType(fn.__code__, {"__builtins__": {}}, fn.__name__, fn.__defaults__,
                              fn.__closure__)


def _sealed_hook(rules, names, stems, refused_imports, allowed_imports, watched, first, t=t):
    """The audit hook, with every value it reads bound now (see audit_guard; ``t`` too, as
    it was when this module loaded)."""
    blocked, frame_events, code_attributes = BLOCKED_EVENTS, _FRAME_EVENTS, _CODE_ATTRIBUTES
    stripped, write_flags = _STRIPPED_MODULES, _WRITE_FLAGS
    refused, refused_frame, refused_attribute = Refused, RefusedFrame, RefusedAttribute
    refused_import = RefusedImport
    shown = _shown
    fsdecode, isabs, realpath, basename = (os.fsdecode, os.path.isabs, os.path.realpath,
                                           os.path.basename)
    _isinstance, _str, _int, _len, _any, _tuple, _type = isinstance, str, int, len, any, tuple, type
    _list, _enumerate, _repr = list, enumerate, repr
    _dict_of = type.__dict__["__dict__"].__get__  # a class's own mapping (no lookup by name)
    _object_dict = object.__getattribute__
    stdlib = _STDLIB
    type_error, value_error, key_error, attribute_error = (TypeError, ValueError, KeyError,
                                                           AttributeError)

    def is_hidden(path) -> bool:
        try:
            text = fsdecode(path)
        except (type_error, value_error):
            return True  # a descriptor, or a path relative to one: no telling where it leads
        if not isabs(text):
            return True  # relative to a dir_fd the event does not show (the cwd is /)
        real = realpath(text)
        if real.startswith("/proc/") and real.endswith(("/mem", "/environ")):
            return True
        base = basename(real)
        if base in names or base.startswith(stems):
            return True
        for root, deny in rules:  # the deepest folder that holds the path decides
            if real == root or real.startswith(root.rstrip("/") + "/"):
                return deny
        return False

    def unchanged(meta_path) -> bool:
        if first and not (_isinstance(meta_path, _list) and _len(meta_path) >= _len(first)):
            return False
        for i, finder in _enumerate(first):
            if meta_path[i] is not finder:
                return False
        for obj, pairs in watched:
            try:
                own = _dict_of(obj) if _isinstance(obj, _type) else _object_dict(obj, "__dict__")
                for attr, value in pairs:
                    if own[attr] is not value:
                        return False
            except (key_error, type_error, attribute_error):
                return False
        return True

    def hook(event: str, args: tuple) -> None:
        if event in blocked:
            kind = refused_frame if event in frame_events else refused
            raise kind(t("{event} is not allowed in an exercise", event=event))
        if event == "object.__getattr__" or (event == "object.__setattr__" and _len(args) > 1
                                             and args[1] in code_attributes):
            raise refused_attribute(t(
                "reading {name} is not allowed in an exercise (frames and code "
                "objects belong to the grader)", name=_str(args[1])[:40]))
        if event == "import" and args:
            name = args[0] if _isinstance(args[0], _str) else ""
            top = name.split(".")[0]
            if name in stripped:
                raise refused_import(t("importing {name} again is not allowed in an exercise",
                                        name=name))
            if top in refused_imports or (allowed_imports is not None and top not in stdlib
                                          and top not in allowed_imports):
                raise refused_import(t(
                    "importing {name} is not allowed in an exercise file: each exercise "
                    "imports only torch, math and the standard library", name=_repr(name)))
            if (watched or first) and not unchanged(args[3] if _len(args) > 3 else None):
                raise refused_import(t("importing {name} is not allowed in an exercise "
                                        "once the kit's import checks were changed",
                                        name=_repr(name)))
        if event == "open":
            path, mode, flags = (_tuple(args) + (None, None, 0))[:3]
            writing = (_isinstance(mode, _str) and _any(c in mode for c in "wax+")) or \
                (_isinstance(flags, _int) and flags & write_flags)
            if writing:
                raise refused(t("writing files is not allowed in an exercise"))
            if is_hidden(path):
                raise refused(t("reading {path} is not allowed in an exercise",
                                        path=shown(path)))
        elif event in ("os.listdir", "os.scandir", "os.fwalk") and is_hidden(
                args[0] if args else "."):
            raise refused(t("listing {path} is not allowed in an exercise",
                                    path=shown(args[0] if args else ".")))

    is_hidden, unchanged = _sealed(is_hidden), _sealed(unchanged)
    return _sealed(hook)


def _shown(path) -> str:
    return str(path) if isinstance(path, int) else os.fsdecode(path)


def close_other_fds(keep: tuple[int, ...]) -> None:
    """Close every inherited file descriptor above stderr except those in ``keep``.

    A worker must not reach the sockets of its grading process, of the pool or
    of other students' grading (which a fork inherits otherwise).
    """
    if not host.proc():  # every descriptor number below the limit (macOS: no /proc)
        bounds = [2, *sorted(k for k in keep if k > 2), _highest_fd() + 1]
        for low, high in zip(bounds, bounds[1:]):
            os.closerange(low + 1, high)
        return
    try:
        fds = [int(fd) for fd in os.listdir("/proc/self/fd")]
    except OSError:
        fds = list(range(3, 1024))
    for fd in fds:
        if fd > 2 and fd not in keep:
            try:
                os.close(fd)
            except OSError:
                pass


def _highest_fd() -> int:
    """The highest descriptor number a process may hold here (bounded: the limit can be
    'unlimited')."""
    try:
        return min(max(os.sysconf("SC_OPEN_MAX"), 1024), 65536) - 1
    except (ValueError, OSError):
        return 1023


def bwrap_problem() -> str:
    """'' when bubblewrap is installed and can make a sandbox here, else why not."""
    import subprocess

    if bwrap_path() is None:
        return "bubblewrap is not installed (Debian/Ubuntu: apt-get install bubblewrap)"
    tried = subprocess.run([bwrap_path(), "--ro-bind", "/", "/", "--unshare-net", "true"],
                           capture_output=True, text=True)
    if tried.returncode != 0:
        why = (tried.stderr.strip().splitlines() or ["no reason given"])[-1]
        return f"bubblewrap cannot make a sandbox here ({why})"
    return ""
