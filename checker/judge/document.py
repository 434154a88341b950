"""The JSON document of a run: built here, and only here.

A check's document is pytest-json-report's (one entry per case, each with the kit's
metadata) with the run's own keys added: the exercises' summaries and scores, the seed,
the versions. A grade adds who was graded, what confined the workers, what a human
should review and how the grading ended, and puts every key in one order
(``REPORT_KEYS``), whatever happened. A submission that could not be graded gets a
document of the same shape (``not_graded``). A scoring rule applied after the run
(all-or-nothing) rewrites the summaries with ``rescore``.
"""
from __future__ import annotations

import time

from checker import manifest
from checker.engine.problems import Problem

MAX_FRAMES, MAX_META_OUTPUT = 5, 1000  # what a failing case's metadata keeps of them

# Every per-submission JSON has these top-level keys, in this order, whatever happened
# (checker/grading/schemas/report.schema.json): pytest-json-report's, then the kit's.
REPORT_KEYS = ("created", "duration", "exitcode", "root", "environment", "summary", "tests",
               "warnings", "exercises", "score", "max_score", "all_or_nothing", "seed",
               "versions", "submission", "sandbox", "grade", "course", "review")


# ------------------------------------------------------------------ a check's
def case_metadata(case_, exercise: manifest.Exercise, label: str, count: int) -> dict:
    """One case's metadata: its exercise, name, share of the points, status and, when it
    did not pass, what went wrong (the learner's lines and output, cut short)."""
    meta = {"exercise": exercise.id, "case": label,
            "points": round(exercise.points / max(count, 1), 4), "status": case_.status}
    if case_.function:
        meta["function"] = case_.function
    f = case_.failure
    if f is None:
        return meta
    meta["message"] = f.summary
    detail = f.detail or _where(f)  # a report without the frames still shows the line
    meta["failure"] = {k: v[:1000] for k, v in (
        ("expected", f.expected), ("got", f.got), ("detail", detail),
        ("likely", f.likely), ("kind", f.kind), ("cause", f.cause), ("fix", f.fix),
        ("check", f.check)) if v}
    if f.not_checked:
        meta["not_checked"] = True
    if f.unmeasured:  # this system could not measure it: it counts neither way
        meta["unmeasured"] = True
    if f.frames:  # the learner's own lines (file line, function, code), for feedback
        meta["frames"] = [{"line": fr.get("line"),
                           "function": str(fr.get("function", ""))[:100],
                           "code": str(fr.get("code", ""))[:300]}
                          for fr in f.frames[-MAX_FRAMES:] if isinstance(fr, dict)]
    if case_.output:
        meta["output"] = case_.output[:MAX_META_OUTPUT]
    return meta


def _where(failure) -> str:
    """The line a file could not be loaded at (a syntax error), for the document."""
    from checker.i18n import t

    if failure.kind not in (Problem.SYNTAX, Problem.LOAD) or not failure.frames:
        return ""
    frame = failure.frames[-1]
    return t("line {line}: {code}", line=frame.get("line"), code=frame.get("code") or "")


def mark_changed(json_report: dict, changed: dict) -> None:
    """The cases that failed after they ran (``changed``: nodeid -> CaseResult): a
    property case that passed but waits for the exercise's values (not checked), a case
    struck by a forbidden call elsewhere in its exercise. They are failures in the
    document as in the results."""
    summary = json_report.get("summary") or {}
    for test in json_report.get("tests", []):
        case_ = changed.get(test.get("nodeid"))
        if case_ is None or not isinstance(test.get("metadata"), dict):
            continue
        meta, f = test["metadata"], case_.failure
        meta["status"], meta["message"] = case_.status, f.summary
        meta.pop("not_checked", None)
        if f.not_checked:
            meta["not_checked"] = True
        meta["failure"] = {k: v for k, v in (
            ("expected", f.expected), ("likely", f.likely), ("cause", f.cause),
            ("fix", f.fix), ("check", f.check)) if v}
        if test.get("outcome") == "passed":
            test["outcome"] = "failed"
            summary["passed"] = summary.get("passed", 1) - 1
            summary["failed"] = summary.get("failed", 0) + 1


def of_run(json_report: dict | None, result, seed: int) -> dict:
    """A check's document: pytest-json-report's, with the run's keys."""
    document = dict(json_report or {})
    rescore(document, result)
    document["seed"] = seed
    document["versions"] = result.versions
    if result.engine is not None:  # a layer was left out: which (``RunResult.engine``)
        document["engine"] = result.engine
    return document


def rescore(document: dict, result) -> None:
    """The summaries and the score of ``result`` (again after a scoring rule changed it)."""
    document.update(result.to_dict())


# ------------------------------------------------------------------ a grade's
def for_the_instructor(document: dict) -> None:
    """What to do, said to the one who reads a grade: the learner's remedies (``attn-kit
    reset 01`` puts the stub back) mean nothing to an instructor."""
    from checker.i18n import t

    files = {e.id: e.file for e in manifest.load()}
    for test in document.get("tests", []):
        meta = test.get("metadata") or {}
        failure = meta.get("failure") or {}
        file = files.get(meta.get("exercise", ""), "")
        if failure.get("kind") == Problem.MISSING_FILE:
            failure["fix"] = t("the submission has no {file}: the exercise counts as not "
                               "started", file=file)
        elif failure.get("kind") == Problem.NOT_IMPLEMENTED:
            failure["fix"] = t("{file} is still the stub: the function raises "
                               "NotImplementedError", file=file)


def graded(document: dict, *, submission: dict, sandbox: dict, review: list) -> dict:
    """A check's document as a grade keeps it: who, what confined the workers, what to
    review, and the instructor's remedies."""
    for_the_instructor(document)
    document.pop("engine", None)  # a grade's layers are its own probe's (``sandbox``), never
    # what a worker said of itself
    document["submission"] = submission
    document["sandbox"] = sandbox
    document["review"] = review
    return document


def not_graded(*, exercises, max_score: float, all_or_nothing: bool, seed: int,
               exercise_status: str, submission: dict, sandbox: dict) -> dict:
    """The document of a submission that was not graded (unreadable, no exercise file, two
    folders, its grading process lost): every key a graded one has, no test, no point,
    each exercise ``exercise_status``."""
    from checker.judge.runner import CASES_DIR, versions

    return {"created": time.time(), "duration": 0.0, "exitcode": None,
            "root": str(CASES_DIR), "environment": {},
            "summary": {"total": 0, "collected": 0}, "tests": [], "warnings": [],
            "exercises": [{"id": e.id, "title": e.title["en"], "status": exercise_status,
                           "passed": 0, "total": 0, "score": 0.0, "max_score": e.points}
                          for e in exercises],
            "score": 0.0, "max_score": max_score, "all_or_nothing": all_or_nothing,
            "seed": seed, "versions": versions(), "submission": submission,
            "sandbox": sandbox}


def in_order(document: dict, grade: dict) -> dict:
    """The per-submission file: the document with how the grading ended, every key of
    ``REPORT_KEYS`` present and in that order (a key added later keeps its place after)."""
    document = dict(document)
    document.setdefault("warnings", [])  # pytest-json-report writes it only when there are some
    document.setdefault("review", [])    # nothing flagged, or not read (an unreadable submission)
    document["grade"] = grade
    ordered = {key: document.pop(key, None) for key in REPORT_KEYS}
    return {**ordered, **document}
