"""Which layers confine a worker on this machine, each on or off with the reason.

``probe`` forks a child of the calling process that installs the kernel layers exactly
as a worker does (Landlock: ``landlock.restrict``; seccomp: ``seccomp.install``; both
say "off" without a call on the portable engine) and says what each answered; the user
id comes from the fork server (``probe_own_uid``), the audit hook is always on (Python's,
not the kernel's), bubblewrap from the run's options. A report lists them (``grade``'s
JSON ``sandbox.layers``; on the portable engine also the limits it leaves out:
``portable_limits``), and ``grade --require-sandbox`` refuses to run without the kernel
ones.
"""
from __future__ import annotations

import json
import os

KERNEL_LAYERS = ("landlock", "seccomp")
_probed: dict | None = None


def layer(on: bool, why: str = "") -> dict:
    return {"on": bool(on), "why": "" if on else (why or "off")}


def probe_kernel() -> dict:
    """{"landlock": layer, "seccomp": layer}, found once per process
    (a forked child)."""
    global _probed
    if _probed is not None:
        return _probed
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            os.close(read)
            from checker.engine import landlock, seccomp, worker

            hidden, allowed = worker.reach({})
            answers = {"landlock": landlock.restrict(landlock.grants(allowed, hidden)),
                       "seccomp": seccomp.install()}
            os.write(write, json.dumps(answers).encode())
        except BaseException as exc:  # what failed is the answer
            try:
                os.write(write, json.dumps({"error": f"{type(exc).__name__}: {exc}"}).encode())
            except BaseException:
                code = 1
        finally:
            os._exit(code)
    os.close(write)
    chunks = []
    while True:
        chunk = os.read(read, 65536)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(read)
    os.waitpid(pid, 0)
    try:
        answers = json.loads(b"".join(chunks) or b"{}")
    except ValueError:
        answers = {}
    failed = answers.get("error", "the probe gave no answer")
    _probed = {name: layer(answers.get(name) == "", answers.get(name) or failed)
               for name in KERNEL_LAYERS}
    return _probed


def portable_limits() -> dict:
    """On the portable engine (``grade --sandbox none``; ``host``), the limits it leaves
    out besides the kernel's layers: {"memory": layer, "processes": layer}. Nothing on
    Linux's engine, whose reports keep the layers they always had."""
    from checker.engine import host

    if not host.portable():
        return {}
    why = host.why_no_proc()
    return {"memory": layer(not why, why), "processes": layer(not why, why)}


def missing_kernel_layers() -> list[str]:
    """The kernel layers that are off here, as 'name (why)'."""
    return [f"{name} ({state['why']})" for name, state in probe_kernel().items()
            if not state["on"]]
