"""One check of a learner's folder, as every learner-facing command runs it (``check``,
``watch``, the notebook, ``show``): the hidden cases through the judge, and what passes
noted in the progress file. Its own module so that another part (pictures) runs a check
the learner's way without importing a command module."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from checker import manifest
from checker.judge.results import Run, Status
from checker.learner.workspace import State
from checker.options import RunOptions


class CheckerBroken(Exception):
    """The checker itself could not run (a broken installation, not the learner's code)."""


def run_check(exercises_dir: Path, chosen: list[manifest.Exercise] | None = None,
              options: RunOptions | None = None) -> Run:
    """Run the hidden cases and note in the progress file what passes. A learner's own
    check (``RunOptions.learner_check``): never a grade."""
    from checker import engine, judge
    from checker.engine import startup

    engine.start()  # torch, then the fork server: before the runner imports pytest
    from checker.judge.runner import RunError

    try:
        with startup.quiet():
            done = judge.run(str(exercises_dir), chosen,
                             replace(options or RunOptions(), learner_check=True))
    except RunError as exc:
        raise CheckerBroken(str(exc)) from None
    run = done.result
    state = State(exercises_dir)
    failing = {}
    for e in run.exercises:
        case = e.telling_case()
        if case is not None and e.status not in (Status.PASSED, Status.NOT_STARTED):
            cause = case.failure.cause if case.failure is not None else ""
            failing[e.id] = (case.function, case.name, cause or "")
    if state.record({e.id: e.status for e in run.exercises}, failing):
        state.save()
    return done
