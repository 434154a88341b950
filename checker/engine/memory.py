"""A worker's memory as the kernel counts it, read from outside: what one call added.

Exercise 13 (tiled attention) must not hold the n × n scores, and what a function
allocates cannot be told by anything the worker says: its Python is the learner's. So
the checker reads the kernel's own figures of the worker's process, from its side:
``/proc/<pid>/status`` (``VmRSS``, the resident memory now; ``VmHWM``, its high-water
mark) and, to start a window, ``/proc/<pid>/clear_refs`` (writing ``5`` resets the
high-water mark to the resident size now, Linux 4.0 and newer).

A measured call (``ExerciseWorker.call(..., measure=True)``) goes: the worker decodes
the request (the inputs are resident from then on) and says it is ready; the checker
resets the peak and reads the resident size (the baseline); it tells the worker to go;
the function runs and its answer is sent back; the checker reads the peak. What the
call added is ``peak - baseline``: the function's own allocations at their highest,
plus the encoding of its answer. The worker's only word in it is when it is ready, and
a worker that says it early or never can only make the window wider (higher) or leave
the case unmeasured, never lower the figure: the figures are the kernel's.

Where the peak cannot be reset (an older kernel, a /proc the checker may not write),
the window opens on the peak so far: a peak that rose during the call is still exact;
one that did not bounds the call from above only (``exact=False``), and a case that
needs more says that it could not measure here. Where there is no /proc at all (macOS,
``ATTN_KIT_ENGINE=portable``: ``host``) nothing is read and the call is not measured
(``close`` gives None): the case says so, and never fails a file for it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from checker.engine import host

_FIELD = re.compile(rb"^(VmRSS|VmHWM):\s+(\d+)\s+kB", re.M)


@dataclass(frozen=True)
class Used:
    """What one call added to its worker's resident memory, in bytes."""

    added: int          # the peak during the call above the resident size before it
    exact: bool         # False: the peak could not be reset, ``added`` is an upper bound
    baseline: int       # resident bytes when the call started (its inputs included)
    peak: int           # the high-water mark the kernel read after the answer

    def to_dict(self) -> dict:
        return {"added": self.added, "exact": self.exact, "baseline": self.baseline,
                "peak": self.peak}


def status(pid: int) -> dict[str, int] | None:
    """``{"VmRSS": bytes, "VmHWM": bytes}`` of process ``pid``, or None (gone, unreadable,
    no /proc here)."""
    if not host.proc():
        return None
    try:
        with open(f"/proc/{pid}/status", "rb") as f:
            found = {k.decode(): int(v) * 1024 for k, v in _FIELD.findall(f.read())}
    except (OSError, ValueError):
        return None
    return found if len(found) == 2 else None


def reset_peak(pid: int) -> bool:
    """Reset the kernel's high-water mark of ``pid`` to its resident size now."""
    if not host.proc():
        return False
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        return False
    return True


class Window:
    """Opened just before the call runs, closed once its answer is in (see above)."""

    def __init__(self, pid: int):
        self.pid = pid
        self.reset = reset_peak(pid)
        self.before = status(pid)

    def close(self) -> Used | None:
        after = status(self.pid)
        if self.before is None or after is None:
            return None
        baseline, peak = self.before["VmRSS"], after["VmHWM"]
        if self.reset or peak > self.before["VmHWM"]:
            return Used(max(0, peak - baseline), True, baseline, peak)
        return Used(max(0, self.before["VmHWM"] - baseline), False, baseline, peak)
