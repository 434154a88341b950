"""The grading run's typed data: its options, one task, one grade, and their statuses.

Everything here crosses the pool's pipes as JSON (``to_dict`` / ``from_dict``), so the
parent and the grading processes agree on every field by construction.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from checker import manifest
from checker.compat import StrEnum
from checker.options import RunOptions
from checker.grading.names import report_name
from checker.text import one_line


class GradeStatus(StrEnum):
    """How the grading of one submission ended (its scores are separate)."""

    OK = "ok"              # everything ran
    ERROR = "error"        # a file could not be loaded, a worker crashed, or it could not be read
    TIMEOUT = "timeout"    # an exercise did not answer in time
    KIT_ERROR = "kit_error"  # the kit itself failed (setting up a worker): not the student's
    NO_FILES = "no_files"  # no exercise file anywhere in the submission (the reason says what is)
    AMBIGUOUS = "ambiguous"  # exercise files in two folders: which one is the work is unclear


class SandboxKind(StrEnum):
    BASIC = "basic"        # resource limits, and a user id per worker under root
    BWRAP = "bwrap"        # also run the fork server inside bubblewrap
    NONE = "none"          # none of Linux's layers: the portable engine (macOS), asked for


@dataclass(frozen=True)
class Options(RunOptions):
    """A grading run: the options of every check it runs, and grading's own."""

    all_or_nothing: bool = False        # a scoring rule: applied to each finished run
    jobs: int = 1
    pin: bool = True                    # as many jobs as CPUs: each on a CPU of its own (pool)
    sandbox: SandboxKind = SandboxKind.BASIC
    include_beyond: bool = False        # also grade the exercises beyond the lesson
    include_modern: bool = False        # also grade modern attention (the third part)
    exercise_ids: tuple[str, ...] = ()  # exactly these (a course file's), when given

    def exercises(self) -> tuple[manifest.Exercise, ...]:
        """What a grade is made of: the lesson's exercises, and the other parts if asked."""
        if self.exercise_ids:
            return tuple(e for e in manifest.load() if e.id in self.exercise_ids)
        return manifest.graded(self.include_beyond, self.include_modern)

    @property
    def deadline(self) -> float:
        """The most one submission may take before its grading process is stopped.

        Each exercise already gives up after two timeouts, so this only catches
        what should never happen; it leaves room for slow but correct code.
        """
        return max(120.0, 150 * self.timeout)

    def run_options(self) -> RunOptions:
        """What each submission's check is run with (a grade always builds its document)."""
        return RunOptions(**{**_run_fields(self), "json_report": True})

    @classmethod
    def from_dict(cls, data: dict) -> "Options":
        return cls(**{**data, **_run_fields(RunOptions.from_dict(data)),
                      "sandbox": SandboxKind(data.get("sandbox", SandboxKind.BASIC)),
                      "exercise_ids": tuple(data.get("exercise_ids", ()))})


def display_name(relpath: str) -> str:
    """The last part of an original path, without a ``.zip`` ending: the name as handed in."""
    last = relpath.rstrip("/").rsplit("/", 1)[-1]  # relative, with "/" (grade.relative)
    return one_line(last[:-4] if last.lower().endswith(".zip") else last, 200)


def _run_fields(options: RunOptions) -> dict:
    """The fields ``options`` has as a ``RunOptions``, by name."""
    return {f.name: getattr(options, f.name) for f in fields(RunOptions)}


@dataclass(frozen=True)
class Task:
    """One submission to grade: its report name, where it is, and how to grade it."""

    name: str
    path: str
    options: Options
    relpath: str = ""      # the original path, relative to the folder graded (the CSV's path)

    def to_dict(self) -> dict:
        return {"name": self.name, "path": self.path, "options": self.options.to_dict(),
                "relpath": self.relpath}

    @classmethod
    def from_dict(cls, data: dict) -> "Task":
        return cls(data["name"], data["path"], Options.from_dict(data["options"]),
                   data.get("relpath", ""))


@dataclass
class Graded:
    """One submission's grade, as the parent keeps it."""

    name: str
    origin: str
    status: GradeStatus
    reason: str                      # short, for the CSV and the summary table
    scores: dict[str, float]         # exercise id -> points earned
    seconds: float
    document: dict | None = None     # the check --json document (None if it could not be graded)
    relpath: str = ""                # the original path, relative to the folder graded
    max_points: float | None = None  # a course file's maximum (None: the kit's points)

    def __post_init__(self) -> None:
        # what reaches grades.csv, a report's file name and the terminal: one clean line
        self.name = report_name(self.name)
        self.relpath = one_line(self.relpath, 1000)
        self.reason = one_line(self.reason, 300)

    @property
    def key(self) -> str:
        """The student's key: the unique report name, found once (``names``), joined on
        everywhere (reports, every CSV's ``key`` column, roster, shards, merge, diff)."""
        return self.name

    @property
    def display(self) -> str:
        """The name as handed in (the folder or zip, ``.zip`` left out), for people to read;
        never joined on: two students may show the same one (``Kim`` and ``kim``)."""
        name = display_name(self.relpath)
        return name if name.strip(".") else self.name

    @property
    def ran(self) -> bool:
        """Whether any of its cases ran (an ambiguous, unreadable or empty submission's
        report has no test: ``document.not_graded``)."""
        return bool((self.document or {}).get("tests"))

    @property
    def has_score(self) -> bool:
        """Whether its score is a grade: its cases ran, and the kit did not fail (an
        ungraded submission's 0, or a kit error's, is not a score: exports leave its cell
        empty)."""
        return self.ran and self.status != GradeStatus.KIT_ERROR

    @property
    def score(self) -> float:
        return round(sum(self.scores.values()), 2)  # as RunResult.score adds them up

    @property
    def max_score(self) -> float:
        """The points of the exercises this grade is made of."""
        if self.max_points is not None:
            return self.max_points
        by_id = manifest.by_id()
        return sum(by_id[i].points for i in self.scores if i in by_id)

    def to_dict(self) -> dict:
        # shallow: the document is already plain JSON data (asdict would deep-copy it)
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict) -> "Graded":
        return cls(**{**data, "status": GradeStatus(data["status"])})

    @classmethod
    def lost(cls, task: Task, status: GradeStatus, reason: str) -> "Graded":
        """A submission whose grading did not finish: no points at all."""
        return cls(task.name, task.path, status, reason,
                   {e.id: 0.0 for e in task.options.exercises()}, 0.0, None, task.relpath)
