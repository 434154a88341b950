"""The results model: what a check run found, as small typed records.

The pytest plugin fills it from pytest's own reports; the report renderer, the
JSON document and the exit status read it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from checker import manifest
from checker.compat import StrEnum
from checker.engine.problems import Problem
from checker.i18n import N_


class Status(StrEnum):
    """A case's or an exercise's status (one vocabulary; the JSON carries the values)."""

    PASSED = "passed"
    FAILED = "failed"
    NOT_STARTED = "not_started"
    ERROR = "error"
    TIMEOUT = "timeout"

    @property
    def word(self) -> str:
        """What the status is called on screen (a message id: ``t(status.word)``)."""
        return STATUS_WORDS[self]


STATUS_WORDS = {Status.PASSED: N_("passed"), Status.FAILED: N_("failed"),
                Status.NOT_STARTED: N_("not started"), Status.ERROR: N_("error"),
                Status.TIMEOUT: N_("timeout")}


@dataclass
class Failure:
    """Why a case did not pass, in words a learner can act on."""

    summary: str                       # one line: what went wrong
    expected: str = ""                 # rendered expected value
    got: str = ""                      # rendered value that came back
    detail: str = ""                   # e.g. the first place they differ
    likely: str = ""                   # a likely cause
    error_type: str = ""               # the learner's exception type, when one was raised
    kind: Problem | None = None        # why nothing came back: timeout, syntax, missing_file...
    frames: list = field(default_factory=list)  # the learner's own traceback frames only


@dataclass
class CaseResult:
    exercise: str
    name: str                          # the plain-language name the learner sees
    nodeid: str
    status: Status
    duration: float = 0.0
    failure: Failure | None = None
    output: str = ""                   # what the learner's code printed (truncated)


@dataclass
class ExerciseResult:
    id: str
    seed_section: str
    file: str
    points: float
    cases: list[CaseResult] = field(default_factory=list)
    forbidden: list[str] = field(default_factory=list)  # static-scan findings, described

    @property
    def passed(self) -> int:
        return sum(c.status == Status.PASSED for c in self.cases)

    @property
    def total(self) -> int:
        return len(self.cases)

    @property
    def status(self) -> Status:
        statuses = {c.status for c in self.cases}
        if not self.cases:
            return Status.NOT_STARTED
        if statuses == {Status.PASSED}:
            return Status.PASSED
        if Status.TIMEOUT in statuses:
            return Status.TIMEOUT
        if Status.ERROR in statuses:
            return Status.ERROR
        if statuses == {Status.NOT_STARTED}:
            return Status.NOT_STARTED
        return Status.FAILED

    def score(self, all_or_nothing: bool = False) -> float:
        if not self.total:
            return 0.0
        if all_or_nothing:
            return self.points if self.status == Status.PASSED else 0.0
        return round(self.points * self.passed / self.total, 2)

    def first_problem(self) -> CaseResult | None:
        """The case to show the learner: the first that is not passed and not just 'not started'."""
        for case in self.cases:
            if case.status not in (Status.PASSED, Status.NOT_STARTED):
                return case
        return next((c for c in self.cases if c.status != Status.PASSED), None)

    def summary(self, all_or_nothing: bool = False) -> dict:
        # the title in English, a stable id like each case's `metadata.case`; the
        # screens take it from the manifest in the run's language
        title = manifest.by_id()[self.id].title["en"]
        return {"id": self.id, "title": title, "status": self.status,
                "passed": self.passed, "total": self.total,
                "score": self.score(all_or_nothing), "max_score": self.points}


@dataclass
class RunResult:
    exercises: list[ExerciseResult]
    seed: int
    versions: dict
    exercises_dir: str                 # where the exercises came from (folder or zip)
    all_or_nothing: bool = False       # an exercise scores its points only if every case passes

    @property
    def score(self) -> float:
        return round(sum(e.score(self.all_or_nothing) for e in self.exercises), 2)

    @property
    def max_score(self) -> float:
        return sum(e.points for e in self.exercises)

    @property
    def all_passed(self) -> bool:
        return all(e.status == Status.PASSED for e in self.exercises)

    def __repr__(self) -> str:  # short, for a notebook's last line
        done = sum(e.status == Status.PASSED for e in self.exercises)
        return (f"<RunResult: {done}/{len(self.exercises)} exercises passed, "
                f"{self.score:g}/{self.max_score:g} points>")

    def current(self) -> ExerciseResult | None:
        """The first unfinished exercise, in manifest order."""
        return next((e for e in self.exercises if e.status != Status.PASSED), None)

    def to_dict(self) -> dict:
        return {"exercises": [e.summary(self.all_or_nothing) for e in self.exercises],
                "score": self.score, "max_score": self.max_score,
                "all_or_nothing": self.all_or_nothing}

