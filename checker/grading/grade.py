"""Grading submissions: what one grading process does with one submission, and the class run.

``grade_one`` runs in a grading process (see ``pool``): it reads the
submission (folder or zip), runs every hidden case against it through workers,
and returns plain data: the JSON document (the same as ``check --json``) and a
one-word status with a short reason. ``grade_all`` hands the submissions to
the pool and collects the results in the parent, which alone writes reports.
"""
from __future__ import annotations

import os
import time
from pathlib import Path

from checker.grading.records import GradeStatus, Graded, Options, SandboxKind, Task
from checker.i18n import t
from checker.text import one_line


def lost(task: dict, status: GradeStatus, reason: str) -> dict:
    """What the pool records for a task whose grading process died or overran."""
    return Graded.lost(Task.from_dict(task), status, reason).to_dict()


def grade_one(data: dict) -> dict:
    """Grade one submission (runs in a grading process); ``data`` is a ``Task`` as a dict."""
    return grade_task(Task.from_dict(data)).to_dict()


def server_command(options: Options) -> list[str] | None:
    """The prefix a grading fork server is started with: bubblewrap with ``--sandbox
    bwrap``, else none (it is a new Python all the same: ``fresh``)."""
    if options.sandbox != SandboxKind.BWRAP:
        return None
    from checker.engine import sandbox

    return sandbox.bwrap_command(list(options.hide))


def start_servers(options: Options):
    """The run's fork server: a new Python with an environment of its own (inside
    bubblewrap with ``--sandbox bwrap``), so nothing of the grader's memory is in it, nor
    in the branches and workers forked from it. None if it cannot be started (each
    grading process then starts its own)."""
    from checker.engine import forkserver

    try:
        return forkserver.ForkServer(server_command(options), fresh=True)
    except OSError:
        return None


def warm_up() -> None:
    """Import, in the grader before it forks its grading processes, what each of them
    needs for its first submission: pytest, the JSON report plugin, the hidden cases, the
    reference solutions they compare with and what torch needs for meta tensors. Forked,
    they inherit it done (about 0.5 s each). Nothing of it reaches a worker: workers are
    forked from the run's own server, a fresh Python (``start_servers``)."""
    import importlib

    import pytest  # noqa: F401
    import pytest_jsonreport.plugin  # noqa: F401

    from checker import manifest, stubs
    from checker.judge import runner  # noqa: F401

    for exercise in manifest.load():  # the module names pytest gives them (see runner)
        importlib.import_module(f"checker.judge.cases.{exercise.case_module}")
        stubs.reference_module(exercise)  # as the plugin does
    # what torch imports the first time a case meets a meta tensor (sympy: 0.2 s)
    importlib.import_module("torch.fx.experimental.symbolic_shapes")


def grade_task(task: Task) -> Graded:
    """Grade one submission: read it, then check it with a run of its own (``judge.run``)."""
    from checker import judge
    from checker.engine import forkserver, submission
    from checker.judge import document
    from checker.judge.runner import RunError

    started = time.monotonic()
    options = task.options
    # a server of its own, if ever needed, is a new Python too: nothing of the grader's memory
    forkserver.configure(server_command(options), fresh=True)
    try:  # the branch this process adopted (pool), or a server of its own
        forkserver.get().ready()
    except forkserver.ServerGone:
        try:  # the branch is gone: one of our own, which says why if it cannot start
            forkserver.get().ready()
        except forkserver.ServerGone as exc:
            return Graded.lost(task, GradeStatus.ERROR, str(exc))
    try:
        sub = submission.load(task.path, task.name)
    except submission.Ambiguous as exc:
        return Graded.lost(task, GradeStatus.AMBIGUOUS, str(exc))
    except submission.SubmissionError as exc:
        return Graded.lost(task, GradeStatus.ERROR, str(exc))
    if not sub.sources:  # nothing to run: not a student who never started, say what is there
        return Graded.lost(task, GradeStatus.NO_FILES, sub.found)
    try:
        run = judge.run(sub, list(options.exercises()), options.run_options())
    except RunError as exc:
        return Graded.lost(task, GradeStatus.ERROR, t("the checker could not run: {error}",
                                                      error=str(exc).splitlines()[0]))
    result = run.result
    if options.all_or_nothing:  # a scoring rule, applied to the finished run
        result.all_or_nothing = True
        document.rescore(run.document, result)
    built = document.graded(
        run.document, submission=submission_facts(task, sub),
        sandbox=sandbox_facts(options), review=needs_review(sub, list(options.exercises())))
    status, reason = status_of(result)
    scores = {e.id: e.score(result.all_or_nothing) for e in result.exercises}
    return Graded(task.name, task.path, status, reason, scores,
                  round(time.monotonic() - started, 3), built, task.relpath)


def submission_facts(task: Task, sub) -> dict:
    """The report's ``submission``: name, path and original path; ``warnings`` when a file
    was taken under a near name (``submission._pick``); for a student of a Canvas or Moodle
    download, its ``layout`` and the ``files`` each exercise file was read from."""
    facts = {"name": task.name, "path": task.path, "original": task.relpath}
    if sub.notes:
        facts["warnings"] = list(sub.notes)
    if sub.layout:
        facts["layout"] = sub.layout
        facts["files"] = {file: source.display for file, source in sorted(sub.sources.items())}
    return facts


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
                       "bwrap": layers.layer(bwrap, "not asked for (--sandbox bwrap)"),
                       **layers.portable_limits()},
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
def names_for(paths: list[Path], base: Path | None = None):
    """Each submission's report name and original path (relative to ``base``), and the
    name collisions that renamed some of them (see ``names``)."""
    from checker.grading import names

    stems = [path.name[:-4] if path.suffix.lower() == ".zip" else path.name for path in paths]
    raw = [relative(path, base) for path in paths]  # all different: they set names apart
    unique, collisions = names.unique(stems, raw)
    # shown cleaned, as every name a student chose (no escapes, no bidirectional overrides)
    return unique, [one_line(r, 1000) for r in raw], collisions


def relative(path: Path, base: Path | None) -> str:
    """``path`` as the instructor knows it: relative to the folder graded, with ``/``."""
    if base is not None:
        try:
            return Path(os.path.relpath(os.path.abspath(path), os.path.abspath(base))).as_posix()
        except ValueError:
            pass
    return path.name


def grade_all(paths: list[Path], options: Options, on_result=None, *, base: Path | None = None,
              names: list[str] | None = None, servers=None) -> list[Graded]:
    """Grade every submission in parallel; results in the order of ``paths``.

    ``base``: the folder graded (the CSV's ``path`` column is relative to it);
    ``names``: each submission's key as the caller found it (``names_for``, or the whole
    class's for a share of it, ``--shard``); found here when not given;
    ``servers``: the run's fork server if the caller started it early (``start_servers``),
    closed here."""
    from checker import manifest
    from checker.engine import forbidden
    from checker.grading import pool

    for exercise in manifest.load():  # worked out once here; every fork server inherits it
        forbidden.plan(list(exercise.forbidden))
    unique, relpaths, _collisions = names_for(paths, base)
    if names is not None:
        unique = names
    tasks = [Task(name, str(path.resolve() if not path.is_symlink() else path), options,
                  relpath).to_dict()
             for name, path, relpath in zip(unique, paths, relpaths)]

    def done(task, result):
        if on_result is not None:
            on_result(Graded.from_dict(result))

    # One clean server for the run, started now (its 2 s of torch run beside the grading
    # processes' own start): each grading process gets a branch of it (pool, forkserver)
    servers = servers or start_servers(options)
    try:
        results = pool.run(tasks, grade_one, jobs=options.jobs, deadline=options.deadline,
                           on_result=done, lost=lost, servers=servers,
                           pin=options.pin)
    finally:
        if servers is not None:
            servers.close()
    graded = [Graded.from_dict(r) for r in results]
    for g in graded:
        if g.document is None:  # not graded: a report of the same shape all the same
            g.document = not_graded_document(g, options)
    return graded


def not_graded_document(graded: Graded, options: Options) -> dict:
    """The report of a submission that was not graded (see ``document.not_graded``):
    each exercise not started (no file), timed out or an error, with the run's seed."""
    from checker.judge import document

    return document.not_graded(
        exercises=options.exercises(), max_score=graded.max_score,
        all_or_nothing=options.all_or_nothing, seed=options.seed,
        exercise_status={GradeStatus.NO_FILES: "not_started",
                         GradeStatus.TIMEOUT: "timeout"}.get(graded.status, "error"),
        submission={"name": graded.name, "path": graded.origin, "original": graded.relpath},
        sandbox={"limits": options.limits.to_dict(), "timeout": options.timeout,
                 "sandbox": options.sandbox, "not_run": True})
