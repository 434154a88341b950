"""Calling the learner's functions: in their worker process, never in this one.

``LearnerCalls`` wraps one exercise's ``ExerciseWorker`` (the same seam the checker uses):
it reads the learner's file as text, starts the fork server, and turns each call into
plain data or a ``LearnerProblem``. ``LearnerCalls.close()`` stops the worker and reaps
what it left behind.
"""
from __future__ import annotations

import contextlib
from pathlib import Path

from checker import defaults, engine, manifest, stubs
from checker.engine import forkserver, submission
from checker.engine.problems import Problem
from checker.engine.supervisor import ExerciseWorker, LearnerProblem
from checker.i18n import t
from checker.options import RunOptions
from checker.usage import UsageError

NOT_STARTED = (Problem.NOT_IMPLEMENTED, Problem.MISSING_FILE, Problem.MISSING)


def reference(exercise: manifest.Exercise):
    """The reference solution's module (trusted: it runs here, as in the checker)."""
    try:
        return stubs.reference_module(exercise)
    except (stubs.SourceError, OSError):
        raise UsageError(t("the reference solutions are not installed with this kit")) \
            from None


def not_started(problem: LearnerProblem) -> bool:
    return problem.kind in NOT_STARTED


class LearnerCalls:
    """The learner's functions of one exercise, each call run in the worker."""

    def __init__(self, exercise: manifest.Exercise, folder: Path,
                 timeout: float = defaults.TIMEOUT):
        engine.start()
        self.folder = folder   # where the other exercises are (13's table calls 08's)
        source = submission.from_folder(folder, allow_links=True).source(exercise)
        self.worker = ExerciseWorker(exercise.id, source, list(exercise.forbidden),
                                     RunOptions(timeout=timeout))

    def __call__(self, func: str, *args, **kwargs):
        """The result of ``func(*args, **kwargs)``, or raises LearnerProblem."""
        return self.worker.call(func, args, kwargs).result

    def close(self) -> None:
        self.worker.close()
        forkserver.reap_children()


@contextlib.contextmanager
def learner_for(exercise: manifest.Exercise, folder: Path | None):
    """A ``LearnerCalls`` for the exercise, or None when only the reference is wanted."""
    if folder is None:
        yield None
        return
    learner = LearnerCalls(exercise, folder)
    try:
        yield learner
    finally:
        learner.close()
