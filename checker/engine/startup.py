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
    """Start the fork server, then import torch (once per process; later calls are free).

    The server is forked first, so that its own start (torch, sympy, the warm-up: about
    1.5 s) runs beside this process's import of torch on a second core; a check then
    waits for it about 0.1 s instead of 0.4 s (benchmarks/check_speed.py, 2026-12-05).
    In a notebook, torch is usually imported already, and the server is forked with it."""
    with quiet():
        from checker.engine import forkserver

        forkserver.get()  # forked before torch is imported here: it imports it beside us
        import torch  # noqa: F401
