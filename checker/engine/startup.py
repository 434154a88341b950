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
    """Import torch and start the fork server (once per process; later calls are free)."""
    with quiet():
        from checker.engine import forkserver

        forkserver.get()  # forked before torch is imported here: it imports it beside us
        import torch  # noqa: F401
