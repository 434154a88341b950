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
from checker.options import RunOptions


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


class Check(StrEnum):
    """What kind of check a case failed (the report shows the most telling one first)."""

    PROBLEM = "problem"        # nothing came back: not started, a timeout, a crash, ...
    RAISED = "raised"          # the learner's code raised an exception
    FORBIDDEN = "forbidden"    # a forbidden call
    TYPE = "type"              # not a tensor, not a tuple, a subclass, complex
    SHAPE = "shape"
    VALUES = "values"
    DTYPE = "dtype"
    DEVICE = "device"
    GRADIENT = "gradient"
    PROPERTY = "property"      # inputs unchanged, rows sum to 1, no peeking, ...


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
    likely: str = ""                   # a likely cause, or what to do
    error_type: str = ""               # the learner's exception type, when one was raised
    kind: Problem | None = None        # why nothing came back: timeout, syntax, missing_file...
    frames: list = field(default_factory=list)  # the learner's own traceback frames only
    cause: str = ""                    # the id of the likely cause (judge.causes), if any
    specific: bool = False             # the cause names a recognised mistake (not a general hint)
    check: Check = Check.VALUES        # what kind of check failed
    not_checked: bool = False          # a property that holds, waiting for the right values
    # ... or a property this system cannot measure (no /proc for exercise 13's memory):
    # the case counts neither way, and the exercise's status and score leave it out
    unmeasured: bool = False
    fix: str = ""                      # what to do (for a problem with a known remedy)
    matrices: tuple | None = None      # (expected, got) rows of a small weights-like result


@dataclass
class CaseResult:
    exercise: str
    name: str                          # the plain-language name the learner sees
    nodeid: str
    status: Status
    duration: float = 0.0
    failure: Failure | None = None
    output: str = ""                   # what the learner's code printed (truncated)
    function: str = ""                 # the learner's function the case called last
    output_chars: int = 0              # how much the code printed in all (output is the start)
    output_lines: int = 0
    property: bool = False             # a property case: counts only when the values are right
    rank: int = 0                      # the most dimensions of the case's inputs (simplest first)
    dtype: str = ""                    # the dtype of its last call's first float input
    # the case's calls (``Call``), kept only when the run asks (``RunOptions.replay``: a
    # learner's check, never a grade) and the case failed: what a replay file is made of
    calls: list = field(default_factory=list, repr=False)


def copied(value):
    """``value`` with every tensor in it (in tuples, lists and dicts) copied and detached:
    what a kept ``Call`` holds, and what a replay hands the reference."""
    import torch

    if isinstance(value, torch.Tensor):
        return value.detach().clone()
    if isinstance(value, (tuple, list)):
        return type(value)(copied(v) for v in value)
    if isinstance(value, dict):
        return {k: copied(v) for k, v in value.items()}
    return value


@dataclass
class Call:
    """One call a case made of the learner's function, as the checker sent it: copies of
    its arguments, and what came back (``returned``: False when the call raised or
    gave nothing; ``args_after``: the inputs as the worker had them after the call, when
    the case asked for them). Grading never keeps these; hidden inputs stay hidden."""

    function: str
    args: tuple
    kwargs: dict
    grad: dict | None = None
    returned: bool = False
    result: object = None
    args_after: object = None


@dataclass
class ExerciseResult:
    id: str
    seed_section: str
    file: str
    points: float
    cases: list[CaseResult] = field(default_factory=list)
    forbidden: list[str] = field(default_factory=list)  # static-scan findings, described

    @property
    def counted(self) -> list[CaseResult]:
        """The cases that count: all but those this system could not measure."""
        return [c for c in self.cases if not (c.failure is not None and c.failure.unmeasured)]

    @property
    def passed(self) -> int:
        return sum(c.status == Status.PASSED for c in self.cases)

    @property
    def total(self) -> int:
        return len(self.counted)

    @property
    def status(self) -> Status:
        statuses = {c.status for c in self.counted}
        if not statuses:
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

    def telling_case(self, function: str | None = None) -> CaseResult | None:
        """The failing case that best exposes the mistake, to show the learner (of the
        cases that call ``function`` last, when it is given).

        First the mistake to name: a timeout or an error first (the file cannot be
        used), then a forbidden call; then a failure whose cause names a recognised
        mistake before one that only differs, a wrong shape or type before wrong values,
        values before dtype, device, gradient and other properties; a property case
        waiting for the right values, and a case that is not started, last; of equals,
        the case with the fewest dimensions names it. Then, of the cases that show that
        very mistake (the same cause; with none, the same kind of check), the simplest
        (``_simplest``): a value case before a property case, float32 before float64
        before float16, plain shapes before batched ones. Ties keep the cases' order.
        """
        failing = [c for c in self.failing() if function is None or c.function == function]
        if not failing:
            return None
        named = min(failing, key=lambda c: (_rank(c), c.rank))  # the mistake to name
        showing = [c for c in failing
                   if _rank(c) == _rank(named) and _cause_of(c) == _cause_of(named)]
        return min(showing, key=_simplest)

    def failing(self) -> list[CaseResult]:
        """Every case that does not pass (of those that count), in the cases' order."""
        return [c for c in self.counted if c.status != Status.PASSED]

    def telling_cases(self) -> list[CaseResult]:
        """What the report shows of a failing exercise: the telling case (in detail), then
        one case for each other function that fails (its own telling case) and one for
        each other distinct cause (a cause named by another id; with no cause named, a
        kind of check, a status, no case shown has). Property cases
        waiting for the right values are not among them (the report lists those)."""
        first = self.telling_case()
        if first is None:
            return []
        shown = [first]
        waiting = self.not_checked()
        active = [c for c in self.failing() if c not in waiting]
        for function in dict.fromkeys(c.function for c in active):
            if function and all(c.function != function for c in shown):
                shown.append(self.telling_case(function))
        ordered = sorted(active, key=lambda c: (_rank(c), _simplest(c)))
        for c in ordered:
            cause, kind = _cause_of(c)
            if (cause and all(_cause_of(s)[0] != cause for s in shown)) or \
                    (not cause and all(_cause_of(s)[1] != kind for s in shown)):
                shown.append(c)
        return shown

    def not_checked(self) -> list[CaseResult]:
        """Property cases that hold but cannot count until the values are right."""
        return [c for c in self.counted if c.failure is not None and c.failure.not_checked]

    def unmeasured(self) -> list[CaseResult]:
        """Cases this system could not measure (they count neither way)."""
        return [c for c in self.cases if c.failure is not None and c.failure.unmeasured]

    def summary(self, all_or_nothing: bool = False) -> dict:
        # the title in English, a stable id like each case's `metadata.case`; the
        # screens take it from the manifest in the run's language
        title = manifest.by_id()[self.id].title["en"]
        return {"id": self.id, "title": title, "status": self.status,
                "passed": self.passed, "total": self.total,
                "score": self.score(all_or_nothing), "max_score": self.points}


_CHECK_ORDER = {Check.SHAPE: 0, Check.TYPE: 0, Check.RAISED: 1, Check.VALUES: 1,
                Check.PROBLEM: 1, Check.DTYPE: 2, Check.DEVICE: 2, Check.GRADIENT: 3,
                Check.PROPERTY: 4, Check.FORBIDDEN: 0}


def _cause_of(case: CaseResult) -> tuple[str, str]:
    """What a failing case shows: its cause's id ("" when none is named) and its kind (the
    status, or for a failed case the kind of check)."""
    f = case.failure
    if case.status != Status.FAILED or f is None:
        return "", str(case.status)
    return f.cause, str(f.check)


# float32 is the plain dtype of the cases; float64 next, then the half precisions
_DTYPE_ORDER = {"": 0, "float32": 0, "float64": 1}


def _simplest(case: CaseResult) -> tuple:
    """Of cases that show one mistake, the simplest first: a value case before a property
    case, float32 before float64 before float16, fewer dimensions (no batch) first."""
    return (case.property, _DTYPE_ORDER.get(case.dtype, 2), case.rank)


def _rank(case: CaseResult) -> tuple:
    f = case.failure
    if case.status in (Status.TIMEOUT, Status.ERROR):
        return (0,)
    if case.status == Status.NOT_STARTED:
        return (5,)
    if f is None:
        return (3,)
    if f.not_checked:
        return (4,)
    if f.check == Check.FORBIDDEN:
        return (1,)
    late = f.check in (Check.GRADIENT, Check.PROPERTY)
    # one cause the result proves, then several candidates, then no cause
    named = 0 if f.specific and "|" not in f.cause else 1 if f.specific else 2
    return (2, late, named, _CHECK_ORDER.get(f.check, 5))


@dataclass
class RunResult:
    exercises: list[ExerciseResult]
    seed: int
    versions: dict
    exercises_dir: str                 # where the exercises came from (folder or zip)
    all_or_nothing: bool = False       # an exercise scores its points only if every case passes
    # which layers confined the workers, when one was left out (the portable engine, a
    # kernel without Landlock...): {"engine": "portable" | "linux", "layers": {name:
    # {"on", "why"}}}; None when every layer was on (or no worker loaded a file)
    engine: dict | None = None

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



@dataclass
class Run:
    """One finished check: its typed results, the options it ran with and, when they
    asked for it, its JSON document (``judge.document``)."""

    result: RunResult
    options: RunOptions
    document: dict | None = None
