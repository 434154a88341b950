"""Grading submissions: what one grading process does with one submission, and the class run.

``grade_one`` runs in a grading process (see ``gradepool``): it reads the
submission (folder or zip), runs every hidden case against it through workers,
and returns plain data: the JSON document (the same as ``check --json``) and a
one-word status with a short reason. ``grade_all`` hands the submissions to
the pool and collects the results in the parent, which alone writes reports.
"""
from __future__ import annotations

import time
from pathlib import Path

from checker.grading.model import GradeStatus, Graded, Options, SandboxKind, Task
from checker.i18n import t
from checker.text import file_name, one_line


def lost(task: dict, status: GradeStatus, reason: str) -> dict:
    """What the pool records for a task whose grading process died or overran."""
    return Graded.lost(Task.from_dict(task), status, reason).to_dict()


def grade_one(data: dict) -> dict:
    """Grade one submission (runs in a grading process); ``data`` is a ``Task`` as a dict."""
    return grade_task(Task.from_dict(data)).to_dict()


def grade_task(task: Task) -> Graded:
    from checker.engine import forkserver, submission
    from checker.judge import runner

    started = time.monotonic()
    options = task.options
    if options.sandbox == SandboxKind.BWRAP:
        from checker.engine import sandbox

        forkserver.configure(sandbox.bwrap_command(list(options.hide)), fresh=True)
    else:  # a new Python with an environment of its own: nothing of the grader's memory
        forkserver.configure(None, fresh=True)
    try:
        # before anything else is imported into this process
        forkserver.get().ready()
    except forkserver.ServerGone as exc:
        return Graded.lost(task, GradeStatus.ERROR, str(exc))
    try:
        sub = submission.load(task.path, task.name)
    except submission.SubmissionError as exc:
        return Graded.lost(task, GradeStatus.ERROR, str(exc))
    try:
        result, document = runner.run(
            sub, list(options.exercises()), seed=options.seed, timeout=options.timeout,
            json_report=True,
            limits=options.limits, all_or_nothing=options.all_or_nothing,
            hide=list(options.hide))
    except runner.RunError as exc:
        return Graded.lost(task, GradeStatus.ERROR, t("the checker could not run: {error}",
                                                      error=str(exc).splitlines()[0]))
    document["submission"] = {"name": task.name, "path": task.path}
    document["sandbox"] = sandbox_facts(options)
    document["review"] = needs_review(sub, list(options.exercises()))
    status, reason = status_of(result)
    scores = {e.id: e.score(result.all_or_nothing) for e in result.exercises}
    return Graded(task.name, task.path, status, reason, scores,
                  round(time.monotonic() - started, 3), document)


def needs_review(sub, exercises) -> list[dict]:
    """What a human should read before trusting this grade: the idioms the grader's own
    scan of each file's text finds (``forbidden.review_source``; docs/threat-model.md). It
    changes no score."""
    from checker.engine.forbidden import review_source

    found = []
    for exercise in exercises:
        try:
            text = sub.source(exercise).text
        except Exception:
            text = None
        for v in review_source(text) if isinstance(text, str) else []:
            found.append({"exercise": exercise.id, "what": v.call[:120], "line": v.line,
                          "code": v.code})
    return found[:50]


def sandbox_facts(options: Options) -> dict:
    from checker.engine import forkserver

    from checker.engine import layers

    server = forkserver.get()
    bwrap = options.sandbox == SandboxKind.BWRAP
    return {"own_uid": server.own_uid, "why_not_own_uid": server.why_not_own_uid,
            "reads_any_file": server.keep_reading,
            "limits": options.limits.to_dict(), "timeout": options.timeout,
            "sandbox": options.sandbox,
            # each layer that confined the workers, on or off and why (docs/threat-model.md)
            "layers": {**layers.probe_kernel(),
                       "uid": layers.layer(server.own_uid, server.why_not_own_uid),
                       "audit_hook": layers.layer(True),
                       "bwrap": layers.layer(bwrap, "not asked for (--sandbox bwrap)")},
            "required": options.limits.require_kernel}


def status_of(result) -> tuple[GradeStatus, str]:
    """ok, or the first exercise that timed out or errored, with its reason in one line."""
    from checker.engine.problems import Problem
    from checker.judge.results import Status

    for e in result.exercises:
        for case in e.cases:
            if case.failure is not None and case.failure.kind == Problem.KIT:
                return GradeStatus.KIT_ERROR, _short(f"{e.id}: {case.failure.summary}")
    for status, graded in ((Status.TIMEOUT, GradeStatus.TIMEOUT), (Status.ERROR, GradeStatus.ERROR)):
        for e in result.exercises:
            if e.status == status:
                # the exercise's first case that did not pass for a reason of its own
                case = next((c for c in e.cases if c.status not in (
                    Status.PASSED, Status.NOT_STARTED)), None)
                why = case.failure.summary if case and case.failure else status
                return graded, _short(f"{e.id}: {why}")
    return GradeStatus.OK, ""


def _short(text: str, limit: int = 160) -> str:
    return one_line(text, limit)


# ---------------------------------------------------------------- the class
def names_for(paths: list[Path]) -> list[str]:
    """A file-safe, short, unique name per submission, from its folder or zip name.

    A name that needed no cleaning is given out first: a folder named ``clean a``
    (cleaned to ``clean_a``) can never take the name, the row and the report of a real
    ``clean_a``; it gets ``clean_a-2``."""
    stems = [path.name[:-4] if path.suffix.lower() == ".zip" else path.name for path in paths]
    bases = [file_name(stem) for stem in stems]
    names: list[str] = [""] * len(paths)
    seen: set[str] = set()
    exact_first = sorted(range(len(paths)), key=lambda i: bases[i] != stems[i])
    for i in exact_first:
        name, n = bases[i], 2
        while name.lower() in seen:
            name, n = f"{bases[i]}-{n}", n + 1
        seen.add(name.lower())
        names[i] = name
    return names


def grade_all(paths: list[Path], options: Options, on_result=None) -> list[Graded]:
    """Grade every submission in parallel; results in the order of ``paths``."""
    from checker import manifest
    from checker.engine import forbidden
    from checker.grading import pool

    for exercise in manifest.load():  # worked out once here; every fork server inherits it
        forbidden.plan(list(exercise.forbidden))
    tasks = [Task(name, str(path.resolve() if not path.is_symlink() else path), options).to_dict()
             for name, path in zip(names_for(paths), paths)]

    def done(task, result):
        if on_result is not None:
            on_result(Graded.from_dict(result))

    results = pool.run(tasks, grade_one, jobs=options.jobs, deadline=options.deadline,
                       on_result=done, lost=lost)
    return [Graded.from_dict(r) for r in results]
