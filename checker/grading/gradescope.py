"""Gradescope: its results.json from our JSON document, and the autograder bundle.

Gradescope runs an autograder zip once per submission on its own machines:
``setup.sh`` once when the image is built, then ``run_autograder`` for each
submission, which must read ``/autograder/submission`` and write
``/autograder/results/results.json``. Both scripts take the root folder from
``AUTOGRADER_ROOT`` (default ``/autograder``) so the bundle can be tried on
any machine, and ``run_autograder`` takes the Python from ``ATTN_KIT_PYTHON``.
"""
from __future__ import annotations

import importlib
import io
import shlex
import stat
import zipfile
from importlib import metadata
from pathlib import Path

from checker import files, manifest
from checker.text import one_line
from checker.i18n import get_lang, t
from checker.judge.results import Status

VISIBILITIES = ("hidden", "after_due_date", "after_published", "visible")
TEST_OUTPUT_LIMIT = 3000


def results_json(document: dict, *, visibility: str = "after_published",
                 execution_time: float = 0.0) -> dict:
    """Gradescope's results.json for one graded submission (our check --json document)."""
    exercises = {e["id"]: e for e in document.get("exercises", [])}
    all_or_nothing = bool(document.get("all_or_nothing"))  # for the summary line
    titles = {e.id: e.text("title", get_lang()) for e in manifest.load()}
    by_exercise: dict[str, list[dict]] = {}
    for test in document.get("tests", []):
        meta = test.get("metadata") or {}
        by_exercise.setdefault(meta.get("exercise", "?"), []).append(test)
    tests = []
    for eid, cases in by_exercise.items():
        summary = exercises.get(eid, {})
        share = float(summary.get("max_score", 0)) / max(1, len(cases))
        # the exercise's score (partial credit or all or nothing, already rounded) is
        # shared by its passing cases, so the tests add up to exactly the same total
        n_passed = sum((c.get("metadata") or {}).get("status") == Status.PASSED for c in cases)
        per_pass = float(summary.get("score", 0)) / n_passed if n_passed else 0.0
        for n, test in enumerate(cases, 1):
            meta = test.get("metadata") or {}
            passed = meta.get("status") == Status.PASSED
            earned = per_pass if passed else 0.0
            tests.append({
                "name": f"{eid} {titles.get(eid, '')}: "
                        f"{t(meta['case']) if meta.get('case') else test.get('nodeid')}",
                "number": f"{int(eid)}.{n}" if eid.isdigit() else str(n),
                "score": round(earned, 6), "max_score": round(share, 6),
                "status": Status.PASSED if passed else Status.FAILED,
                "output": _case_output(meta),
                "visibility": visibility,
            })
    score, max_score = f"{document.get('score', 0):g}", f"{document.get('max_score', 0):g}"
    lines = [t("attention-kit: {score} / {max_score} points (all or nothing per exercise)",
               score=score, max_score=max_score) if all_or_nothing else
             t("attention-kit: {score} / {max_score} points", score=score, max_score=max_score)]
    for e in document.get("exercises", []):
        lines.append(t("{id} {title}: {status}, {passed}/{total} cases, {score}/{max_score} "
                       "points", id=e["id"], title=titles.get(e["id"], e["title"]),
                       status=t(Status(e["status"]).word),
                       passed=e["passed"], total=e["total"], score=f"{e['score']:g}",
                       max_score=f"{e['max_score']:g}"))
    return {"score": document.get("score", 0), "execution_time": round(execution_time, 3),
            "output": "\n".join(lines), "output_format": "text",
            "visibility": "visible", "stdout_visibility": "hidden", "tests": tests}


def failed_results(reason: str, execution_time: float = 0.0) -> dict:
    """results.json for a submission that could not be graded at all."""
    return {"score": 0, "execution_time": round(execution_time, 3),
            "output": t("attention-kit could not grade this submission: {reason}",
                        reason=reason),
            "output_format": "text", "visibility": "visible", "tests": []}


def _case_output(meta: dict) -> str:
    if meta.get("status") == Status.PASSED:
        return ""
    failure = meta.get("failure") or {}
    # what may hold learner text (the message, where) is one line: it cannot fake a line
    # of the kit's own ("attention-kit: 100 / 100 points")
    parts = [one_line(str(meta.get("message", "")), TEST_OUTPUT_LIMIT)]
    for label, key in ((t("Expected"), "expected"), (t("Got"), "got"), (t("Where"), "detail"),
                       (t("Likely cause"), "likely")):
        if failure.get(key):
            value = str(failure[key])
            if key in ("detail", "likely"):
                value = one_line(value, TEST_OUTPUT_LIMIT)
            parts.append(t("{label}: ", label=label) + value)
    text = "\n".join(p for p in parts if p)
    return text if len(text) <= TEST_OUTPUT_LIMIT else text[:TEST_OUTPUT_LIMIT] + " ..."


# ------------------------------------------------------------------ bundle
TEMPLATES = Path(__file__).with_name("templates")  # setup.sh, run_autograder ("@OPTIONS@")


PACKAGES = ("checker", "solutions")


def requirements() -> str:
    """The kit's dependencies, pinned to the versions this grader runs with."""
    names = ["torch", "numpy", "pytest", "pytest-json-report", "pytest-metadata", "rich"]
    lines = []
    for name in names:
        try:
            version = metadata.version(name).split("+")[0]
            lines.append(f"{name}=={version}")
        except metadata.PackageNotFoundError:
            lines.append(name)
    return "\n".join(lines) + "\n"


def bundle(out: Path, options: list[str]) -> list[str]:
    """Write the autograder zip to ``out``; returns the names it holds."""
    run = (TEMPLATES / "run_autograder").read_text(encoding="utf-8").replace(
        "@OPTIONS@", " ".join(shlex.quote(o) for o in options))
    members: list[tuple[str, bytes, int]] = [
        ("setup.sh", (TEMPLATES / "setup.sh").read_bytes(), 0o755),
        ("run_autograder", run.encode(), 0o755),
        ("requirements.txt", requirements().encode(), 0o644),
    ]
    for package in PACKAGES:
        folder = Path(importlib.import_module(package).__file__).resolve().parent
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                rel = path.relative_to(folder.parent).as_posix()
                members.append((f"kit/{rel}", path.read_bytes(), 0o644))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data, mode in members:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = (stat.S_IFREG | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    files.write_atomic(out, buffer.getvalue())
    return [m[0] for m in members]
