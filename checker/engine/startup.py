"""One start-up for every command that runs learner code.

``start()`` imports torch and starts the fork server, once per process: check, watch,
the notebook functions, show, model and grading all call it before their first run.
Warnings raised while the kit starts or runs (torch's, pytest's, a dependency's) are
the kit's business, not the learner's: ``quiet()`` silences them for the span of a kit
call only, and a notebook's own warnings filters are as they were afterwards.
"""
from __future__ import annotations

import contextlib
import warnings


@contextlib.contextmanager
def quiet():
    """Warnings silenced inside the block; the caller's filters restored after it."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def start() -> None:
    """Import torch, then fork the fork server from this process (once per process; later
    calls are free).

    The server is forked with torch imported, so it does not import torch itself: what it
    still does before its hello (sympy, the warm-up: 0.3 s) runs on a second core while
    this process imports pytest and the cases. Forking the server first, to import torch
    beside this process, used 1 s more CPU for the same start (two imports of torch) and
    was slower where the CPUs were busy: a check of the whole course 2.25 -> 2.17 s
    (benchmarks/check_speed.py, 2026-12-05). In a notebook, torch is usually imported
    already."""
    with quiet():
        import torch  # noqa: F401

        from checker.engine import forkserver

        forkserver.get()
