"""Grading submissions: what one grading process does with one submission, and the class run.

``grade_one`` runs in a grading process (see ``gradepool``): it reads the
submission (folder or zip), runs every hidden case against it through workers,
and returns plain data: the JSON document (the same as ``check --json``) and a
one-word status with a short reason. ``grade_all`` hands the submissions to
the pool and collects the results in the parent, which alone writes reports.
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from checker import defaults, manifest
from checker.i18n import t
from checker.engine.sandbox import Limits

OK, ERROR, TIMEOUT = "ok", "error", "timeout"


@dataclass(frozen=True)
class Options:
    seed: int = defaults.SEED
    timeout: float = defaults.TIMEOUT
    all_or_nothing: bool = False
    limits: Limits = field(default_factory=Limits)
    jobs: int = 1
    sandbox: str = "basic"              # or "bwrap": the fork server runs inside bubblewrap
    hide: tuple[str, ...] = ()          # what workers may not read (submissions, output)

    @property
    def deadline(self) -> float:
        """The most one submission may take before its grading process is stopped.

        Each exercise already gives up after two timeouts, so this only catches
        what should never happen; it leaves room for slow but correct code.
        """
        return max(120.0, 150 * self.timeout)


@dataclass
class Graded:
    """One submission's grade, as the parent keeps it."""

    name: str
    origin: str
    status: str                      # ok | error | timeout
    reason: str                      # short, for the CSV and the summary table
    scores: dict[str, float]         # exercise id -> points earned
    seconds: float
    document: dict | None = None     # the check --json document (None if it could not be graded)

    @property
    def score(self) -> float:
        return round(sum(self.scores.values()), 2)  # as RunResult.score adds them up

    @property
    def max_score(self) -> float:
        return sum(e.points for e in manifest.load())

    @classmethod
    def from_dict(cls, data: dict) -> "Graded":
        return cls(**data)


def lost(task: dict, status: str, reason: str) -> dict:
    """The result of a submission whose grading did not finish: no points at all."""
    return Graded(task["name"], task["path"], status, reason,
                  {e.id: 0.0 for e in manifest.load()}, 0.0).__dict__


def grade_one(task: dict) -> dict:
    """Grade one submission (runs in a grading process). ``task``: name, path, options."""
    from checker.engine import forkserver, submission
    from checker.judge import runner

    started = time.monotonic()
    options = task["options"]
    if options.get("sandbox") == "bwrap":
        from checker.engine import sandbox

        forkserver.configure(sandbox.bwrap_command(list(options.get("hide", []))))
    try:
        forkserver.get()  # before anything else is imported into this process
    except forkserver.ServerGone as exc:
        return lost(task, ERROR, str(exc))
    try:
        sub = submission.load(task["path"], task["name"])
    except submission.SubmissionError as exc:
        return lost(task, ERROR, str(exc))
    try:
        result, document = runner.run(
            sub, seed=options["seed"], timeout=options["timeout"], json_report=True,
            limits=Limits.from_dict(options["limits"]),
            all_or_nothing=options["all_or_nothing"], hide=list(options.get("hide", [])))
    except runner.RunError as exc:
        return lost(task, ERROR, t("the checker could not run: {error}",
                                   error=str(exc).splitlines()[0]))
    document["submission"] = {"name": task["name"], "path": task["path"]}
    document["sandbox"] = sandbox_facts(options)
    status, reason = status_of(result)
    scores = {e.id: e.score(result.all_or_nothing) for e in result.exercises}
    return Graded(task["name"], task["path"], status, reason, scores,
                  round(time.monotonic() - started, 3), document).__dict__


def sandbox_facts(options: dict) -> dict:
    from checker.engine import forkserver

    server = forkserver.get()
    return {"own_uid": server.own_uid, "why_not_own_uid": server.why_not_own_uid,
            "reads_any_file": server.keep_reading,
            "limits": options["limits"], "timeout": options["timeout"],
            "sandbox": options.get("sandbox", "basic")}


def status_of(result) -> tuple[str, str]:
    """ok, or the first exercise that timed out or errored, with its reason in one line."""
    for status in (TIMEOUT, ERROR):
        for e in result.exercises:
            if e.status == status:
                case = e.first_problem()
                why = case.failure.summary if case and case.failure else status
                return status, _short(f"{e.id}: {why}")
    return OK, ""


def _short(text: str, limit: int = 160) -> str:
    from checker.engine.supervisor import clean

    text = " ".join(clean(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ---------------------------------------------------------------- the class
def names_for(paths: list[Path]) -> list[str]:
    """A file-safe, unique name per submission, from its folder or zip name."""
    names, seen = [], set()
    for path in paths:
        base = path.name[:-4] if path.suffix.lower() == ".zip" else path.name
        base = re.sub(r"[^\w.@+-]+", "_", base).strip("._") or "submission"
        name, n = base, 2
        while name.lower() in seen:
            name, n = f"{base}-{n}", n + 1
        seen.add(name.lower())
        names.append(name)
    return names


def grade_all(paths: list[Path], options: Options, on_result=None) -> list[Graded]:
    """Grade every submission in parallel; results in the order of ``paths``."""
    from checker.grading import pool

    opts = {"seed": options.seed, "timeout": options.timeout,
            "all_or_nothing": options.all_or_nothing, "limits": options.limits.to_dict(),
            "sandbox": options.sandbox, "hide": list(options.hide)}
    tasks = [{"name": name, "path": str(path.resolve() if not path.is_symlink() else path),
              "options": opts} for name, path in zip(names_for(paths), paths)]

    def done(task, result):
        if on_result is not None:
            on_result(Graded.from_dict(result))

    results = pool.run(tasks, grade_one, jobs=options.jobs, deadline=options.deadline,
                            on_result=done, lost=lost)
    return [Graded.from_dict(r) for r in results]
